attrs --arch riscv --kernel 6.12
