memtype -j --mtrr WP --pat UC-
