/* SPDX-License-Identifier: MIT */
/* iomodel -- scenarios: placeholder, filled in by the x86 memory-type work. */
#ifndef IOMODEL_SCENARIO_H
#define IOMODEL_SCENARIO_H
struct iom_embedded {
	const char *name;   /* path of the shipped file, e.g. examples/atyfb/new-pat.scn */
	const char *text;
};
extern const struct iom_embedded iom_embedded_scenarios[];
#endif
