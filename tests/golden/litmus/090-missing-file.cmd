litmus tests/golden/litmus/inputs/no-such-file.litmus
