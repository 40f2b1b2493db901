litmus -j tests/golden/litmus/inputs/syntax-error.litmus
