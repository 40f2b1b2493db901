run --pat both examples/atyfb/01-old.scn
