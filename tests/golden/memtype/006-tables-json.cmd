memtype --table -j
