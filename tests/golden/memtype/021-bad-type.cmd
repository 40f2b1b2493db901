memtype --mtrr XX --pat WC
