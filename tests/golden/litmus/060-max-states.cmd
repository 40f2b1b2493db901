litmus --max-states 50 tests/golden/litmus/inputs/three-cpus-wc.litmus
