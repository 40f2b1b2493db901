attrs --arch riscv --kernel 5.18
