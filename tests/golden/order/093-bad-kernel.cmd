order --kernel five writel spin_unlock
