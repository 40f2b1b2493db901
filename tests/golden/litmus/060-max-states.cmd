litmus --max-states 5 tests/golden/litmus/inputs/three-cpus-wc.litmus
