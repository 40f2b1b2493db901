litmus --arch arm64 --kernel 4.8 tests/golden/litmus/inputs/mmiowb-era-a.litmus
