memtype --mtrr WC --pat UC-
