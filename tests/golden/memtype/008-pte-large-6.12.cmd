memtype --mtrr WB --pte 0x1008 --large --kernel 6.12
