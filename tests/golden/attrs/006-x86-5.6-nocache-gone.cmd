attrs --arch x86 --kernel 5.6
