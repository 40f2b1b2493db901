order --arch x86 writel@xx spin_unlock
