/* SPDX-License-Identifier: Apache-2.0 */
/*
 * triage.h - what the regression makes of a lockstep mismatch: a GTKWave
 * save file for the waves window around the first difference (only the
 * groups of the failing unit and of its CPU's instruction and storage
 * ports, zoomed to the window, primary marker on the failing cycle) and
 * the command that renders it to a PNG without a display.
 */
#ifndef CPUMF_TOOLS_REGRESS_TRIAGE_H
#define CPUMF_TOOLS_REGRESS_TRIAGE_H

#include <stddef.h>
#include <stdint.h>

/* Cycles traced before and after the failing one. */
#define TRIAGE_BEFORE 30u
#define TRIAGE_AFTER  5u

typedef struct triage_window {
    const char *title; /* first line of the save file's comment */
    const char *field; /* "cpu1.cf_counters.ctr_q[0]" or "cf_global.change_q" */
    uint64_t cycle, from, to;
    const char *fst; /* the dump the save file points to */
} triage_window;

/* Write gtkw from the template save file (waves/cpumf.gtkw); 0, or -1 with
 * a reason in err. */
int triage_write_gtkw(const char *template_path, const char *gtkw, const triage_window *w,
                      char *err, size_t errlen);
/* Write the Tcl script that zooms to the window, grabs png and quits; 0 or -1. */
int triage_write_tcl(const char *tcl, const char *png, const triage_window *w);
/* argv (NULL-terminated, allocated) rendering gtkw through tcl under Xvfb. */
char **triage_png_argv(const char *tcl, const char *gtkw);

#endif
