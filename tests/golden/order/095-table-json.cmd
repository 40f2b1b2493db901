order --table -j --arch x86
