run tests/golden/run/inputs/ram-and-lookup.scn
