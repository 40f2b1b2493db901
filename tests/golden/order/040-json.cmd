order -j --arch powerpc --kernel 6.12 --model all writel spin_unlock
