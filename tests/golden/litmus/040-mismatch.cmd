litmus --arch x86 tests/golden/litmus/inputs/wrong-expect.litmus
