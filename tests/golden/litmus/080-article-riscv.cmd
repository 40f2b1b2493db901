litmus --arch riscv --model article tests/golden/litmus/inputs/wc-two-writes.litmus
