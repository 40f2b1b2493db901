run tests/golden/run/inputs/expect-fails.scn
