litmus --arch riscv --kernel 6.12 -q --dot /dev/stdout litmus/mutation/MMIO-M15-writel-lock-relaxed.litmus
