attrs --arch x86 --kernel 6.12 -j
