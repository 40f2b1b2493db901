attrs --arch ppc --kernel 4.8 --arch riscv -j
