attrs --arch riscv --kernel 6.12 --mtrr-wc -j
