run tests/golden/run/no-such-file.scn
