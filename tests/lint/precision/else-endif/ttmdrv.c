// SPDX-License-Identifier: MIT
/* Must not flag: an if / else-if / else whose first arms are x86-only: the #endif between
 * the last else and its statement does not make that statement run after the others.
 * Shape of drivers/gpu/drm/amd/amdgpu/amdgpu_ttm.c@6.12 l.1919-1931 (amdgpu_ttm_init()),
 * here kept in two members so that only the arms tell them apart. */
#include <linux/io.h>

struct ttmdrv { void __iomem *kaddr, *kaddr_wc; phys_addr_t aper_base; unsigned long size;
		bool connected_to_cpu, app_apu; };

static void ttmdrv_map(struct ttmdrv *t)
{
#ifdef CONFIG_64BIT
#ifdef CONFIG_X86
	if (t->connected_to_cpu)
		t->kaddr = ioremap(t->aper_base, t->size);
	else if (t->app_apu)
		pr_debug("no ioremap\n");
	else
#endif
		t->kaddr_wc = ioremap_wc(t->aper_base, t->size);
#endif
}
