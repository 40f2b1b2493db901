/* SPDX-License-Identifier: MIT */
/* Mirrors drivers/video/savage/savagefb.h (S3 Savage fbdev) of Linux 3.x: where the
 * registers sit in BAR 0 per chip family, their size, and the fields savagefb_driver.c
 * fills in. Our words, reduced. The values (SAVAGE_NEWMMIO_REGBASE_S3 0x1000000,
 * SAVAGE_NEWMMIO_REGBASE_S4 0, SAVAGE_NEWMMIO_REGSIZE 0x80000) are the header's; the
 * stored asustor-xpenology tree has no copy of it, they were read in an excerpt of the same
 * header found by its text. Expected: nothing (no calls). */
#define SAVAGE_NEWMMIO_REGBASE_S3	0x1000000	/* 16 MiB */
#define SAVAGE_NEWMMIO_REGBASE_S4	0x0000000
#define SAVAGE_NEWMMIO_REGSIZE		0x0080000	/* 512 KiB */

#define S3_SAVAGE3D_SERIES(chip)	((chip >= S3_SAVAGE3D) && (chip <= S3_SAVAGE_MX))

struct savage_reg_area {
	unsigned long pbase;
	void __iomem *vbase;
	unsigned long len;
#ifdef CONFIG_MTRR
	int mtrr;
#endif
};

struct savagefb_par {
	struct pci_dev *pcidev;
	int chip;
	struct savage_reg_area video;
	struct savage_reg_area mmio;
	int cob_size;
};
