/* SPDX-License-Identifier: Apache-2.0 */
/*
 * events.h - the event model of a machine (configs/events/MODEL.json): from
 * the L1 directory writes, penalty cycles and instructions the workload makes
 * in a cycle, the extended-counter events of that machine's caches, TLBs and
 * units, drawn so that the relations between the counters hold
 * (docs/extended-counters.md describes the model and the file).
 *
 * Tables draw one outcome (a list of counter increments) per trigger; a
 * process is a miss or a unit that stays busy for some cycles, adding its
 * busy counters in each of them, and draws an outcome when it ends; an
 * "any" counter adds one in a cycle in which any of its conditions holds;
 * the thread counters split the cycles and instructions of a CPU by whether
 * the other thread of its core runs.  Probabilities and weights become
 * stratified gaps at load time (rng.h): a table draws only when one of
 * the outcomes that do something is due, a process starts when its rate's
 * gap is due, and a trigger without either costs no draw.
 */
#ifndef CPUMF_TB_STIMULUS_EVENTS_H
#define CPUMF_TB_STIMULUS_EVENTS_H

#include <stdint.h>

#include "cpumf/cpumf.h"
#include "json_strict.h"
#include "rng.h"

#define TB_EV_TABLES   8  /* tables per model */
#define TB_EV_OUTCOMES 32 /* outcomes per table */
#define TB_EV_BUMPS    6  /* counters one outcome or phase adds to */
#define TB_EV_PROCS    6  /* processes per model */
#define TB_EV_PHASES   2  /* phases per process */
#define TB_EV_SLOTS    4  /* runs of one process at a time */
#define TB_EV_ANY      4  /* "any" counters */

/* What draws a table or starts a process, as bits of a cycle's triggers. */
enum tb_ev_on { TB_EV_CYCLE = 1, TB_EV_INSN = 2, TB_EV_L1I = 4, TB_EV_L1D = 8 };

/* Counters 128+k[i] each add cnt[i]. */
typedef struct tb_ev_bumps {
    uint8_t n;
    uint8_t k[TB_EV_BUMPS], cnt[TB_EV_BUMPS];
} tb_ev_bumps;

typedef struct tb_ev_outcome {
    uint32_t upto; /* the weights up to this outcome's, summed */
    int8_t start;  /* the process this outcome starts, -1 none */
    tb_ev_bumps b;
} tb_ev_outcome;

/* After the load, a table holds only the outcomes that do something; len is
 * the gap (rng.h) between triggers that draw one of them. */
typedef struct tb_ev_table {
    uint8_t on, n;
    uint32_t total; /* the weights of the outcomes (all of them until the load is done) */
    uint32_t whole; /* all the weights, those of the outcomes that do nothing included */
    uint64_t len;
    tb_ev_outcome o[TB_EV_OUTCOMES];
    /* The first outcome a draw whose top 8 bits are i can pick: the search
     * then starts there (the outcome is the same, found in a step or two). */
    uint8_t first[256];
} tb_ev_table;

typedef struct tb_ev_phase {
    uint16_t min, max; /* cycles */
    tb_ev_bumps busy;  /* added in each of them, per run */
} tb_ev_phase;

typedef struct tb_ev_proc {
    char name[24];
    uint8_t slots, on, n_phase;
    uint64_t rate; /* threshold (of 2^32) that a trigger starts a run */
    uint64_t len;  /* its gap (rng.h) */
    tb_ev_phase ph[TB_EV_PHASES];
    tb_ev_table end; /* drawn when a run ends (n 0: nothing) */
} tb_ev_proc;

/* Condition bits of an "any" counter: penalty cycles, then process i. */
#define TB_EV_WHEN_L1I_PEN 1u
#define TB_EV_WHEN_L1D_PEN 2u
#define TB_EV_WHEN_PROC(i) (4u << (i))
typedef struct tb_ev_any {
    uint8_t k;
    uint32_t when;
} tb_ev_any;

typedef struct tb_events_cfg {
    char model[32];
    uint8_t n_tab, n_proc, n_any, has_threads;
    /* What triggers each table and each process's start, 0 nothing (no
     * outcome that counts, no start rate): a cycle reads these, side by side,
     * and a table or process only when its gap is due. */
    uint8_t tab_on[TB_EV_TABLES], start_on[TB_EV_PROCS];
    tb_ev_table tab[TB_EV_TABLES];
    tb_ev_proc proc[TB_EV_PROCS];
    tb_ev_any any[TB_EV_ANY];
    uint8_t thr_cyc[2], thr_ins[2]; /* [0] alone on the core, [1] with the other thread */
    /* The most counter 128+k may add in a cycle, as declared: 1 for a counter
     * of cycles, N for one that counts several things a cycle, 0 for other
     * event counters (the load checks the model against it). */
    uint8_t limit[CPUMF_MAX_EXT];
} tb_events_cfg;

/* One run of a process: the cycles left in its phase. */
typedef struct tb_ev_run {
    uint16_t left;
    uint8_t phase;
} tb_ev_run;

/* The event model's state of one CPU (its own random stream): the gaps of
 * its tables, of its processes' starts and of their end tables. */
typedef struct tb_events_cpu {
    uint64_t rng;
    tb_gap tab[TB_EV_TABLES], start[TB_EV_PROCS], end[TB_EV_PROCS];
    uint8_t n_run[TB_EV_PROCS];
    tb_ev_run run[TB_EV_PROCS][TB_EV_SLOTS];
} tb_events_cpu;

/* Strict read of an events file's root for model m and CPUs at configuration
 * level `level` (enum cpumf_level: outcomes marked "level": "vm" are left
 * out elsewhere; its "relations" are the scenario reader's); 0, or -1 with
 * "file:line:col: reason". */
int tb_events_from_json(const jdoc *d, const cJSON *root, const cpumf_model_cfg *m, unsigned level,
                        tb_events_cfg *out, char *err, size_t errlen);

/* The state of a CPU at cycle 0 under e (NULL: none), its stream seeded
 * from (seed, cpu). */
void tb_events_init(tb_events_cpu *c, const tb_events_cfg *e, uint64_t seed, unsigned cpu);
/* Add the events of a running cycle to in->ext, from the cycle's l1i_dw,
 * l1d_dw, l1i_pen, l1d_pen and insns. */
void tb_events_cycle(const tb_events_cfg *e, tb_events_cpu *c, cpumf_cpu_in *in);
/* Once every CPU's inputs of the cycle are final: the thread counters of
 * each running CPU whose bit in skip is zero.  With two threads per core
 * (tpc 2, multithreading enabled) a CPU runs alone when the other thread of
 * its core is stopped or waiting. */
void tb_events_threads(const tb_events_cfg *e, cpumf_sys_in *in, unsigned ncpu, unsigned tpc,
                       uint32_t skip);

#endif
