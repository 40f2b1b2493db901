attrs --arch riscv --kernel 4.14
