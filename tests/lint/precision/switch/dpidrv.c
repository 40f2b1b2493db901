// SPDX-License-Identifier: MIT
/* The cases of one switch: a doorbell page mapped WC in one case and uncached in the
 * default case never coexist (must not flag; shape of
 * drivers/infiniband/hw/bnxt_re/qplib_res.c@6.12 l.730-747, bnxt_qplib_alloc_dpi(), here
 * kept in two members so that only the switch tells them apart). A case that falls through
 * into the next runs both: must flag (dpidrv_map_both()). */
#include <linux/io.h>

struct dpidrv { void __iomem *dbr, *wcdbr; };

static int dpidrv_map(struct dpidrv *d, unsigned long umaddr, int type)
{
	switch (type) {
	case 1:
		d->dbr = NULL;
		break;
	case 2:
		d->wcdbr = ioremap_wc(umaddr, PAGE_SIZE);
		if (!d->wcdbr)
			goto fail;
		break;
	default:
		d->dbr = ioremap(umaddr, PAGE_SIZE);
		if (!d->dbr)
			goto fail;
		break;
	}
	return 0;
fail:
	return -ENOMEM;
}

static int dpidrv_map_both(struct dpidrv *d, unsigned long umaddr2, int type)
{
	switch (type) {
	case 2:
		d->wcdbr = ioremap_wc(umaddr2, PAGE_SIZE);
		/* fall through */
	case 3:
		d->dbr = ioremap(umaddr2, PAGE_SIZE);
		break;
	}
	return 0;
}
