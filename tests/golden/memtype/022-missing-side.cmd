memtype --mtrr WC
