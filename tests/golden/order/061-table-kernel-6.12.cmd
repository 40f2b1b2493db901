order --table --arch all --kernel 6.12
