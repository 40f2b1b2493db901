attrs --arch arm64 --kernel 6.12
