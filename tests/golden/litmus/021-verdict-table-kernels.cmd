litmus --arch all --model all --kernel all -q litmus/mutation/MMIO-M11-wc-collapse-around-writel.litmus
