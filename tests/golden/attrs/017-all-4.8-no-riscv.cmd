attrs --arch all --kernel 4.8
