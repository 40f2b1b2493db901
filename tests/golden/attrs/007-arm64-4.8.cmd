attrs --arch arm64 --kernel 4.8
