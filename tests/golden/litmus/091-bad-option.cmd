litmus --arch x86 --model literal tests/golden/litmus/inputs/wc-two-writes.litmus
