/* SPDX-License-Identifier: MIT */
/* The lines of drivers/video/fbdev/aty/atyfb.h that seed 001 (7d89a3cb159a) changes, as
 * before it: the MTRR index field exists only with CONFIG_MTRR. Reduced test input. */
struct atyfb_par {
	unsigned long res_start, res_size;
	void __iomem *ati_regbase;
#ifdef CONFIG_MTRR
	int mtrr_aper;
#endif
};
