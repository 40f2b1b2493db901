order --arch powerpc --kernel 6.12 --outside-lock writel spin_unlock
