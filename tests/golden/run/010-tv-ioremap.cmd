run tests/golden/run/inputs/tv-ioremap-e0.scn
