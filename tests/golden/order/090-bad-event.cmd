order --arch x86 frobl spin_unlock
