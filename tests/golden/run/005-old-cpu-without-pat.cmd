run --pat absent examples/atyfb/01-old.scn
