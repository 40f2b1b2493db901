audit -j tests/captures/snippet-lkml-2022-xen-nopat-bare-metal/lkml-2022-xen-nopat-bare-metal.txt
