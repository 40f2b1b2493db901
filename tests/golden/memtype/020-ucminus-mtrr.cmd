memtype --mtrr UC- --pat WC
