litmus tests/golden/litmus/inputs/cond-reg-region.litmus
