memtype --mtrr WC --pte 0x008
