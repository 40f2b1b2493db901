run tests/golden/run/inputs/bad-type.scn
