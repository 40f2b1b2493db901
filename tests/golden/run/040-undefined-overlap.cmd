run tests/golden/run/inputs/undefined-overlap.scn
