order --arch riscv --kernel 6.12 WRITE_ONCE dma_wmb writel_relaxed
