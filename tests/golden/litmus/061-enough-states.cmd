litmus --arch x86 -q --max-states 100000 tests/golden/litmus/inputs/three-cpus-wc.litmus tests/golden/litmus/inputs/wc-two-writes.litmus
