run tests/golden/run/inputs/tv-mtrr-e0.scn
