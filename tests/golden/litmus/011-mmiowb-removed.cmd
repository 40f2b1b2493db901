litmus --arch arm64 --kernel 5.2 tests/golden/litmus/inputs/mmiowb-era-a.litmus
