/* SPDX-License-Identifier: MIT */
/* atyfb's header as the seed commits' context shows it after seed 001 (7d89a3cb159a): the WC
 * cookie, no ifdef. Reduced test input; GUI_RESERVE is one page in atyfb. */
#define GUI_RESERVE (1 * PAGE_SIZE)

struct atyfb_par {
	unsigned long res_start, res_size, aux_start;
	void __iomem *ati_regbase;
	int wc_cookie;
};
