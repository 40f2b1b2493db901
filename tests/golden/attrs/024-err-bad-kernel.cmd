attrs --kernel 6
