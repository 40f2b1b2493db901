attrs --arch x86 --kernel 4.8 --nopat
