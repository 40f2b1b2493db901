litmus -j --arch arm64 --kernel all litmus/mutation/MMIO-M11-wc-collapse-around-writel.litmus
