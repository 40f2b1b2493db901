order --table --arch all --kernel 4.8 -j
