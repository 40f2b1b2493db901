// SPDX-License-Identifier: MIT
/* Must not flag: each BAR is mapped WC or not by a table, in the two arms of one c ? a : b.
 * Shape of drivers/accel/habanalabs/common/pci/pci.c@6.12 l.44-48 (hl_pci_bars_map()). */
#include <linux/io.h>
#include <linux/pci.h>

struct accdrv { void __iomem *bar[6]; };

static int accdrv_bars_map(struct accdrv *a, struct pci_dev *pdev, const bool is_wc[3])
{
	int i, bar;

	for (i = 0; i < 3; i++) {
		bar = i * 2;
		a->bar[bar] = is_wc[i] ?
				pci_ioremap_wc_bar(pdev, bar) :
				pci_ioremap_bar(pdev, bar);
		if (!a->bar[bar])
			return -ENODEV;
	}
	return 0;
}

/* the same choice handed straight to a function, kept in no variable: only the arms of the
 * conditional expression tell the two calls apart */
static void accdrv_set_bar(struct accdrv *a, int bar, void __iomem *p);

static void accdrv_bar_map(struct accdrv *a, struct pci_dev *pdev2, bool wc)
{
	accdrv_set_bar(a, 4, wc ? pci_ioremap_wc_bar(pdev2, 4) : pci_ioremap_bar(pdev2, 4));
}
