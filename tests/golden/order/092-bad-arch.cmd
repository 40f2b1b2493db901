order --arch sparc writel spin_unlock
