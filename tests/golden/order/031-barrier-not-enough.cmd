order --arch arm64 --kernel 6.12 writel_relaxed:dev0 smp_mb writel_relaxed:dev1
