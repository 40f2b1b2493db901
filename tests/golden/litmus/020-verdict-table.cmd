litmus --arch all --model all tests/golden/litmus/inputs/wc-two-writes.litmus
