/* SPDX-License-Identifier: Apache-2.0 */
/*
 * runner_int.h - inside the scenario runner (runner.h is its outside): the
 * run's state, which runner.c (the per-cycle driver) fills, checks.c (the
 * expectations) judges and results.c (the results JSON) writes.
 */
#ifndef CPUMF_TB_RUNNER_RUNNER_INT_H
#define CPUMF_TB_RUNNER_RUNNER_INT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "drivers/sampler.h"
#include "outfile.h"
#include "runner.h"

/* What became of an instruction step. */
typedef struct step_res {
    uint8_t presented, issued_ok, done_ok;
    uint8_t cc, exc, ok;
    uint64_t issued, done, r1;
} step_res;

/* An interruption taken. */
typedef struct intr_rec {
    uint8_t cpu;
    uint64_t cycle;
    uint32_t param;
} intr_rec;

/* An instruction a driver presented (results "driver_steps"). */
typedef struct drv_rec {
    uint16_t drv;
    uint8_t cpu, tag, op, issued_ok, done_ok, cc, exc;
    uint64_t queued, issued, done, r1, r2, addr;
} drv_rec;

/* Per CPU. */
typedef struct cpu_rt {
    uint32_t *q; /* insn step indices of this CPU, scenario order */
    uint32_t qn, qpos;
    uint32_t *dq; /* driver instructions (drv_rec indices), FIFO */
    uint32_t dqn, dqcap, dqpos;
    uint8_t cur_drv;               /* the instruction in flight is dq[dqpos] */
    uint8_t pend_done, pend_alert; /* events of this cycle, handled after its edge */
    uint32_t pend_param;
    int drv[TB_DRV_NSETS]; /* this CPU's driver at each level (tb_drv_set), -1 none */
    /* interval check, per set: active in the previous cycle, the count, samples due */
    uint8_t chk_prev[TB_DRV_NSETS];
    uint64_t chk_cnt[TB_DRV_NSETS], chk_due[TB_DRV_NSETS];
    uint8_t busy;      /* 0 none, 1 presenting, 2 accepted */
    uint64_t ready_at; /* earliest cycle for the next presentation */
    uint8_t stopped, cr0_58, alert_seen;
    tb_activity act;
} cpu_rt;

typedef struct run_ctx {
    const tb_scenario *sc;
    const tb_options *opt;
    tb_backend *be;
    tb_storage *stor;
    unsigned ncpu;
    step_res *res; /* per step */
    intr_rec *intr;
    size_t n_intr, cap_intr;
    char **fail; /* failure messages, in order */
    uint32_t n_fail, cap_fail;
    int apart; /* RTL and model differed: later failures are its echoes */
    cpu_rt rt[CPUMF_MAX_CPUS];
    const uint32_t *order; /* steps other than insn, by cycle (the scenario's) */
    uint32_t n_order, op;  /* how many; the next one due */
    /* drivers */
    uint64_t now;
    tb_drv_io io;
    tb_sampler **smp;
    drv_rec *drec;
    uint32_t n_drec, cap_drec;
    int any_chk; /* a driver checks intervals: chk holds this cycle's registers */
    cpumf_obs *chk;
    /* one cycle's inputs and outputs, the workload, the final state */
    cpumf_sys_in *in;
    cpumf_sys_out *out;
    uint8_t pulsed; /* in may hold pulses (a step's, or a restored checkpoint's) */
    tb_workload *wl;
    cpumf_obs *obs;
    /* --results and --fcov, open from before the first cycle */
    outfile results, fcov;
    /* expect_relations: checked again after a counter read (rel_due) */
    uint8_t rel_due;
    cpumf_obs *rel_obs;
} run_ctx;

/* ---- checks.c ---- */

/* A failure "scenario NAME: ..." on stderr and in the results (none once the
 * two sides are apart). */
void rn_failf(run_ctx *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* An instruction step's response against its "expect". */
void rn_check_step(run_ctx *r, uint32_t idx);
/* The end of the run: expect_final, the drivers' expectations and interval
 * checks, interruption counts, expect_interruptions, expect_dumps. */
void rn_check_end(run_ctx *r, uint64_t cyc);

/* The expected relations of the model on every CPU of o at cycle cyc that
 * can read their counters; at the end (final) a relation no CPU can read is
 * a failure. */
void rn_check_relations(run_ctx *r, const cpumf_obs *o, uint64_t cyc, int final);

/* Shared with results.c. */
const char *rn_exc_str(unsigned exc); /* "null" for none */
int rn_cc_unchanged(unsigned op);     /* LPP, QCTRI, QSI: result cc null */
/* 0 unauthorized, 1 disabled, 2 inactive, 3 active. */
int rn_state_code(int a, int e, int c);
extern const char *const rn_state_names[4];
/* The counter sets of the LCCTL operand, in results order. */
typedef struct rn_set {
    const char *name;
    uint8_t mask;
} rn_set;
extern const rn_set rn_sets[5];
/* What ECCTR would read (cc 0): 1 and *v, or 0. */
int rn_readable(const cpumf_system_cfg *cfg, const cpumf_obs *o, unsigned cpu, unsigned n,
                uint64_t *v);
/* Samples the CPU's driver of set `set` (tb_drv_set) read and lost (0 without one). */
void rn_sampler_counts(const run_ctx *r, unsigned cpu, unsigned set, uint64_t *read,
                       uint64_t *lost);
/* The update's counts of set `set` (docs/uarch.md section 22) of CPU c: stored, overflow,
 * collisions, stopped, in the order of smp_expect_keys. */
void rn_set_counts(const cpumf_cpu_obs *c, unsigned set, uint64_t v[4]);
/* rn_readable as a relation reads a counter: ctx is a rn_rel_ctx. */
typedef struct rn_rel_ctx {
    const cpumf_system_cfg *cfg;
    const cpumf_obs *o;
    unsigned cpu;
} rn_rel_ctx;
int rn_rel_get(void *ctx, unsigned num, uint64_t *v);
/* n bytes as 2n hex digits and a NUL. */
void rn_hex_of(char *dst, const uint8_t *b, size_t n);

/* ---- checkpoint.c ---- */

/* The run's state between cycles t - 1 and t into opt->checkpoint ({cycle}
 * replaced by t), whole or not at all; 0, or -1 after a message. */
int rn_checkpoint_save(run_ctx *r, uint64_t t, const tb_run_summary *sum);
/* The state of opt->restore, once the run is set up (drivers started, the
 * workload initialized): the cycle to go on from in *t; 0, or -1 after a
 * message (the run must not go on). */
int rn_checkpoint_restore(run_ctx *r, uint64_t *t, tb_run_summary *sum);

/* ---- results.c ---- */

/* The results JSON (--results) into f. */
void rn_write_results(const run_ctx *r, FILE *f, uint64_t cycles, const tb_run_summary *sum);
/* The model's functional coverage (--fcov) into f. */
void rn_write_fcov(FILE *f, const cpumf_sys *sys);

#endif
