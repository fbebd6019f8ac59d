/* SPDX-License-Identifier: Apache-2.0 */
/* cosim.h - the lockstep backend: the Verilated RTL and the C model run on
 * the same inputs (the runner's storage answers both while they agree);
 * every output port and every observed register is compared in every cycle
 * (docs/uarch.md). */
#ifndef CPUMF_TB_LOCKSTEP_COSIM_H
#define CPUMF_TB_LOCKSTEP_COSIM_H

#include <stdio.h>

#include "runner/backend.h"
#include "rtl.h"

typedef struct tb_cosim_info {
    const char *program; /* the running binary, for the reproduce line */
    const char *scenario_path;
    uint64_t seed;
    const char *plusargs; /* e.g. "+MUTANT_X", added to the reproduce line */
    FILE *report;         /* where a mismatch is reported (stderr) */
    /* Options that change the run, repeated on the reproduce line when given. */
    const char *system;      /* --system; NULL: not given */
    const char *configs_dir; /* --configs; NULL: not given */
    uint64_t cycles;         /* --cycles; 0: not given */
    unsigned history;        /* cycles in the report's table; 0: TB_COSIM_HISTORY */
} tb_cosim_info;

#define TB_COSIM_HISTORY 16

/* The backend owns neither the model nor the RTL; destroy() frees its own
 * state only.  The runner's storage (attach_storage) must outlive it: it
 * serves the RTL, and the model too up to the first difference. */
tb_backend tb_cosim_backend(cpumf_sys *model, tb_rtl *rtl, const tb_cosim_info *info);

/* The RTL alone, no comparison (the bench's RTL figure). */
tb_backend tb_rtl_backend(tb_rtl *rtl);

#endif
