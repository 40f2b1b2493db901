attrs --kernel 4.8 --json
