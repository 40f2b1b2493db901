order --arch all --model all --kernel 4.8 writel_relaxed spin_unlock
