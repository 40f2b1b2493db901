attrs x86
