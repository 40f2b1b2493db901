attrs --arch powerpc --kernel 4.8 -v
