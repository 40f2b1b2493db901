/* SPDX-License-Identifier: MIT */
/* The lines of drivers/video/fbdev/aty/atyfb.h that seed 001 (7d89a3cb159a) changes, as
 * after it: a WC cookie. Reduced test input. */
struct atyfb_par {
	unsigned long res_start, res_size;
	void __iomem *ati_regbase;
	int wc_cookie;
};
