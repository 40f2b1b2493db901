attrs --arch powerpc --kernel 6.8
