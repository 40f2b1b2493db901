run tests/golden/run/inputs/removed-api.scn
