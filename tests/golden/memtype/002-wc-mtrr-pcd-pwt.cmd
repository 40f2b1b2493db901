memtype --mtrr WC --no-pat --pcd 1 --pwt 1
