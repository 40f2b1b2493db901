order --table --arch x86 --kernel 4.8 --model article
