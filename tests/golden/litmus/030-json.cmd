litmus -j --arch x86 --kernel 6.12 tests/golden/litmus/inputs/wc-two-writes.litmus
