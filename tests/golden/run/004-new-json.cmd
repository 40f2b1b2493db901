run -j examples/atyfb/02-new.scn
