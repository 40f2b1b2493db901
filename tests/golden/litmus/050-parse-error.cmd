litmus tests/golden/litmus/inputs/syntax-error.litmus
