/* SPDX-License-Identifier: Apache-2.0 */
/*
 * workload.h - seeded generator of the per-cycle CPU activity inputs
 * (configs/workloads/NAME.json), and per-step activity overrides.
 *
 * Each installed CPU has its own xorshift64* stream seeded from (seed, cpu),
 * so the activity of a CPU is a pure function of (workload, seed, cpu, cycle)
 * whatever the DUT does.  Each rate is a stratified gap (rng.h): a cycle
 * without a hit draws nothing, and over any N eligible cycles the hits are
 * N times the rate within one; a rate of 0 costs nothing.
 */
#ifndef CPUMF_TB_STIMULUS_WORKLOAD_H
#define CPUMF_TB_STIMULUS_WORKLOAD_H

#include <stdint.h>

#include "cpumf/cpumf.h"
#include "events.h"
#include "json_strict.h"
#include "program.h"
#include "rng.h"

/* Levels that the workload holds and may flip. */
enum tb_wl_level {
    TB_WL_WAIT,
    TB_WL_PROBLEM,
    TB_WL_DAT,
    TB_WL_AS,
    TB_WL_ASN,
    TB_WL_SECURE_GUEST,
    TB_WL_PCF49,
    TB_WL_ENTRY_INCONSISTENT,
    TB_WL_SF_LOWER,
    TB_WL_NLEVEL
};

typedef struct tb_workload_cfg {
    char name[48];
    uint16_t level0[TB_WL_NLEVEL];         /* value at cycle 0 */
    uint64_t flip[TB_WL_NLEVEL];           /* per-cycle toggle threshold (of 2^32) */
    uint64_t insn_rate;                    /* threshold: a cycle completes instructions */
    uint8_t insn_burst;                    /* then 1..insn_burst instructions (1..7) */
    uint64_t l1_miss[2];                   /* [0] I, [1] D: directory-write threshold */
    uint16_t l1_pen_min[2], l1_pen_max[2]; /* penalty cycles after a miss */
    uint64_t uniq_rate;
    uint64_t cr_active; /* threshold: a cycle has crypto activity */
    uint8_t cr_engines; /* engine mask (bit e = engine e) */
    uint32_t cr_thr[4]; /* 16-bit thresholds (of 65536): fn, busy, bfn, bcyc */
    uint8_t ext;        /* extended events from the model's event model */
    uint64_t ia0, branch_rate;
    uint64_t tod0, tod_step;
    tb_program_cfg prog; /* "program": a loop of instructions (prog.n > 0) */
} tb_workload_cfg;

/* The name of level k in a workload file. */
const char *tb_wl_level_name(unsigned k);

/* The decisions of a workload that are rates, and the cycles eligible for
 * each: a running CPU's cycle (uniq, crypto, branch), one without a penalty
 * (insn), one without a penalty of that L1 (l1i, l1d), any cycle (flips). */
enum tb_wl_gap {
    TB_WG_INSN,
    TB_WG_L1I,
    TB_WG_L1D,
    TB_WG_UNIQ,
    TB_WG_CRYPTO,
    TB_WG_BRANCH,
    TB_WG_FLIP, /* then one per level, in level order */
    TB_WG_N = TB_WG_FLIP + TB_WL_NLEVEL
};

typedef struct tb_workload_cpu {
    uint64_t rng;
    tb_gap gap[TB_WG_N];
    /* The flips are eligible in every cycle: the CPU counts down to its
     * earliest one (flip_wait, from flip_span at the last flip), and only then
     * steps each flip's gap by the cycles passed (their left is stale between). */
    uint64_t flip_wait, flip_span;
    uint16_t lvl[TB_WL_NLEVEL];
    uint16_t pen_left[2];
    uint64_t ia;
    tb_events_cpu ev; /* the event model's state, its own stream */
    tb_program_cpu prog;
} tb_workload_cpu;

typedef struct tb_workload {
    tb_workload_cfg cfg;
    const tb_events_cfg *ev; /* NULL: no extended events */
    uint8_t level;           /* configuration level from the system */
    uint8_t any_event;
    uint8_t n_flip, flip_k[TB_WL_NLEVEL]; /* the levels that flip, in level order */
    uint8_t insn_always;   /* a running CPU completes one instruction every cycle, no draw */
    uint8_t tpc;           /* threads per core running together: 2 with multithreading, else 1 */
    uint64_t len[TB_WG_N]; /* each decision's stratum (rng.h), 0: never decided */
    unsigned ncpu;
    tb_workload_cpu cpu[CPUMF_MAX_CPUS];
} tb_workload;

/* Strict parse of a workload object; 0 or -1 with "file:line:col: reason". */
int tb_workload_from_json(const jdoc *d, const cJSON *obj, tb_workload_cfg *out, char *err,
                          size_t errlen);
int tb_workload_load(const char *path, tb_workload_cfg *out, char *err, size_t errlen);

/* ev: the event model of the system's model (NULL: none); the workload uses
 * it when its "ext" is true.  ev must outlive w. */
void tb_workload_init(tb_workload *w, const tb_workload_cfg *cfg, const tb_events_cfg *ev,
                      uint64_t seed, const cpumf_system_cfg *sys);
/* Fill the activity fields of every installed CPU's inputs in `in` for cycle
 * `cycle`.  Cycles must be generated in order, once each. */
void tb_workload_cycle(tb_workload *w, uint64_t cycle, cpumf_sys_in *in);
/* The cycles after the last one generated in which CPU cpu's activity stays
 * as it was, but for ia and tod (which move at their rates): UINT64_MAX when
 * the workload draws nothing and holds its levels (idle, steady,
 * steady-problem), else 0.  tb_workload_skip(w, cpu, k) then stands for the
 * next k cycles of tb_workload_cycle (the fast-forward of cpumf-sim). */
uint64_t tb_workload_constant(const tb_workload *w, unsigned cpu);
void tb_workload_skip(tb_workload *w, unsigned cpu, uint64_t k);
/* Then, once the inputs of every CPU are final: the events that depend on
 * the other thread of the core (tb_events_threads), for the CPUs whose bit in
 * skip is zero. */
void tb_workload_cores(const tb_workload *w, cpumf_sys_in *in, uint32_t skip);

/* Activity overrides (scenario step "activity"). */
enum tb_act_field {
    TB_ACT_WAIT,
    TB_ACT_PROBLEM,
    TB_ACT_DAT,
    TB_ACT_AS,
    TB_ACT_ASN,
    TB_ACT_IA,
    TB_ACT_INSNS,
    TB_ACT_UNIQ,
    TB_ACT_UNIQ_COUNT,
    TB_ACT_L1I_DW,
    TB_ACT_L1I_PEN,
    TB_ACT_L1D_DW,
    TB_ACT_L1D_PEN,
    TB_ACT_CR_FN,
    TB_ACT_CR_BUSY,
    TB_ACT_CR_BFN,
    TB_ACT_CR_BCYC,
    TB_ACT_EXT,
    TB_ACT_LEVEL,
    TB_ACT_SECURE_GUEST,
    TB_ACT_PCF49,
    TB_ACT_ENTRY_INCONSISTENT,
    TB_ACT_SF_LOWER_ENABLED,
    TB_ACT_TOD,
    TB_ACT_DIAG,
    TB_ACT_N
};

typedef struct tb_activity {
    uint32_t set;     /* fields forced from now on */
    uint32_t release; /* fields given back to the workload (value null) */
    cpumf_cpu_in val; /* forced values */
} tb_activity;

/* One event (count 1) for each counter 128+k whose bit k is set, none for the others. */
void tb_ext_from_bits(cpumf_cpu_in *in, const uint64_t bits[3]);

int tb_activity_parse(const jdoc *d, const cJSON *obj, tb_activity *out, char *err, size_t errlen);
/* cur := cur updated by step (set fields forced, released fields freed). */
void tb_activity_merge(tb_activity *cur, const tb_activity *step);
/* Copy the forced fields of a into in. */
void tb_activity_apply(const tb_activity *a, cpumf_cpu_in *in);

#endif
