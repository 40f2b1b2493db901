attrs --arch arm64 --kernel 5.13
