memtype --mtrr WC --pte 0x98 --kernel 4.8
