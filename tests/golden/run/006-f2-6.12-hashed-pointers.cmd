run --kernel 6.12 --pat off examples/atyfb/11-firmware-f2-new.scn
