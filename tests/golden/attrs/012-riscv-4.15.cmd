attrs --arch riscv --kernel 4.15
