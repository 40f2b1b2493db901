audit --root tests/captures/this-vm-root/root tests/captures/this-vm/mtrr.txt
