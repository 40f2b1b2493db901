run examples/atyfb/04-broken-regs-ioremap.scn
