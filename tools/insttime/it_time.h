/* SPDX-License-Identifier: Apache-2.0 */
/*
 * it_time.h - the method of cpumf-insttime: a timing is the cycles between
 * two reads of counter 0 (ECCTR) around SPIN executions of a body and a BCT,
 * less the BCT time timed once on its own (TIME-1); a body that changes its
 * own state is its instruction and the restoring one, whose own loop is
 * timed and subtracted (TIME-2).  Each timing is repeated `rounds` times.
 */
#ifndef CPUMF_TOOLS_INSTTIME_IT_TIME_H
#define CPUMF_TOOLS_INSTTIME_IT_TIME_H

#include "it_input.h"
#include "it_machine.h"

#define IT_MAX_ROUNDS 64

typedef struct it_timer {
    it_machine m;
    const tb_timing *timing; /* NULL: none */
    tb_timing_insn bct;      /* the loop's branch */
    unsigned rounds;
    uint64_t overhead;   /* cycles between two clock reads back to back */
    double bct_cycles;   /* per BCT */
    uint64_t next_block; /* the update timing's first unused SDB */
    uint64_t upd_e;      /* its entry number at the start of the round */
    cpumf_obs *obs;
    uint32_t speed; /* cycles per microsecond (QSI) */
} it_timer;

typedef struct it_result {
    double cycles, sd; /* mean and sample standard deviation over the rounds */
    double round[IT_MAX_ROUNDS];
    it_last last; /* of the tested instruction in the last execution */
} it_result;

/* The machine is ready (counters active); times the BCT with `bcts`. */
int it_timer_init(it_timer *t, uint64_t bcts, char *err, size_t errlen);
int it_time_bct(it_timer *t, uint64_t bcts, char *err, size_t errlen);
int it_time_stmt(it_timer *t, const it_stmt *s, it_result *r, char *err, size_t errlen);
/* The tested facility instruction and, for those that change their own
 * state, the restoring one (restore->op = CPUMF_OP_COUNT: none). */
void it_fac_insn(const it_timer *t, const it_stmt *s, cpumf_insn *x, cpumf_insn *restore);
/* Sample entries one SDB holds on cfg's model: basic or combined. */
unsigned it_entries_per_sdb(const cpumf_system_cfg *cfg, int combined);

#endif
