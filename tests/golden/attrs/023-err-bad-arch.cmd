attrs --arch mips
