lint --explain mtrr-add-in-driver
