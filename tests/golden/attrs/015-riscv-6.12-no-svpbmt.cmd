attrs --arch riscv --kernel 6.12 --no-svpbmt
