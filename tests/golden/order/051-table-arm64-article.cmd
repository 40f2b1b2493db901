order --table --arch arm64 --kernel 4.8 --model article
