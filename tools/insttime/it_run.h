/* SPDX-License-Identifier: Apache-2.0 */
/* it_run.h - one cpumf-insttime run: the statements in order, the report. */
#ifndef CPUMF_TOOLS_INSTTIME_IT_RUN_H
#define CPUMF_TOOLS_INSTTIME_IT_RUN_H

#include <stdio.h>

#include "it_baseline.h"
#include "it_input.h"
#include "runner/backend.h"

typedef struct it_run_opts {
    uint64_t seed;
    unsigned rounds;
    int cosim;        /* be is the lockstep pair */
    tb_backend be;    /* the machine timed on, destroyed by it_run */
    double table_pct; /* > 0: each program instruction within this % of its table */
} it_run_opts;

/* MOVED: a timing moved from the baseline or off its table. */
enum { IT_RUN_OK = 0, IT_RUN_MOVED = 1, IT_RUN_FAILED = 3 };

/* Writes the INSTTIME.OUT layout on out and, when json is not NULL, the
 * records; compares with base when it holds timings. */
int it_run(const it_run_opts *o, const cpumf_system_cfg *cfg, const tb_timing *timing,
           const it_input *in, const it_baseline *base, FILE *out, FILE *json);

#endif
