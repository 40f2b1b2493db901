litmus --max-steps 3 tests/golden/litmus/inputs/three-cpus-wc.litmus
