run --kernel 6.12 examples/atyfb/01-old.scn
