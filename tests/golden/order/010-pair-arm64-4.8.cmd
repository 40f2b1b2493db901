order --arch arm64 --kernel 4.8 'writel_relaxed@wc' 'spin_unlock'
