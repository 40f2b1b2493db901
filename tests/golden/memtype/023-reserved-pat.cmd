memtype --mtrr WC --pte 0x8 --pat-msr 0x0000000000000002
