run tests/golden/run/inputs/issue-after.scn tests/golden/run/inputs/issue-before.scn
