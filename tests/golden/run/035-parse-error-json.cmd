run -j tests/golden/run/inputs/bad-syntax.scn
