lint --explain dma-write-then-relaxed-doorbell
