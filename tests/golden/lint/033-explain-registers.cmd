lint --explain registers-under-wc-mtrr
