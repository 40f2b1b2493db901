memtype --table
