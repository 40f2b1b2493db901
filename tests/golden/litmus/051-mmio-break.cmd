litmus tests/golden/litmus/inputs/mmio-break.litmus
