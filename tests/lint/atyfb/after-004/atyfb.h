/* SPDX-License-Identifier: MIT */
/* atyfb's header as the seed commits' context shows it after seed 004 (3cc2dac5be3f): one
 * MTRR handle under CONFIG_MTRR. Reduced test input; GUI_RESERVE is one page in atyfb. */
#define GUI_RESERVE (1 * PAGE_SIZE)

struct atyfb_par {
	unsigned long res_start, res_size, aux_start;
	void __iomem *ati_regbase;
#ifdef CONFIG_MTRR
	int mtrr_aper;
#endif
};
