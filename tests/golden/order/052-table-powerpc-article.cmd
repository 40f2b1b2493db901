order --table --arch powerpc --kernel 4.8 --model article
