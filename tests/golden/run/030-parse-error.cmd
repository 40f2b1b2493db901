run tests/golden/run/inputs/bad-syntax.scn
