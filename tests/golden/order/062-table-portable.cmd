order --table --arch x86 --model portable --kernel 6.12
