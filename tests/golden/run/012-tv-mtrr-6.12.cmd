run --kernel 6.12 tests/golden/run/inputs/tv-mtrr-e0.scn
