litmus --arch arm64 --kernel 6.12 -q --dot /dev/stdout litmus/mutation/MMIO-M10-wc-collapse-uc-write.litmus
