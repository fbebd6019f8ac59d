/* SPDX-License-Identifier: Apache-2.0 */
/*
 * scenario.h - the strict reader of scenario files.  The format (every key,
 * step kind, expectation, driver and random-generator option) is described
 * in docs/scenario-format.md.  A scenario is read and checked whole, with its
 * system and workload, before anything runs; every error is
 * "file:line:col: reason".  The reader's own files are listed in parse.h.
 */
#ifndef CPUMF_TB_SCENARIO_SCENARIO_H
#define CPUMF_TB_SCENARIO_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "cpumf/cpumf.h"
#include "drivers/driver.h"
#include "relations.h"
#include "shared/names.h"
#include "stimulus/events.h"
#include "stimulus/workload.h"

enum tb_step_kind {
    TB_STEP_INSN,
    TB_STEP_AUTHORIZE,
    TB_STEP_UNAUTHORIZE,
    TB_STEP_RESET,
    TB_STEP_STOP,
    TB_STEP_START,
    TB_STEP_EVENT,
    TB_STEP_CR0_58,
    TB_STEP_ACTIVITY,
    TB_STEP_STORE
};

enum tb_event {
    TB_EV_LOSS_CPU,
    TB_EV_LOSS_MT,
    TB_EV_LOSS_SAMPLE,
    TB_EV_CG_ADDR_CHANGE,
    TB_EV_SET_MT
};

/* expectation flags */
#define TB_EXP_CC     0x1u
#define TB_EXP_EXC    0x2u
#define TB_EXP_R1     0x4u
#define TB_EXP_ISSUED 0x8u
#define TB_EXP_DONE   0x10u

typedef struct tb_step {
    uint64_t at;
    uint8_t kind, cpu;
    uint8_t generated; /* made by "random": no failure if it never completes */
    int line, col;     /* position in the scenario file (0 if generated) */
    /* insn */
    uint8_t op, m3, problem, cr0_15;
    uint64_t r1, r2, addr;
    uint8_t exp_flags, exp_cc, exp_exc;
    uint64_t exp_r1, exp_issued, exp_done;
    /* authorize / unauthorize */
    uint8_t cf_mask, sf_mask;
    /* reset */
    uint8_t reset;
    /* event */
    uint8_t event, ev_set;
    uint64_t ev_param;
    /* cr0_58 */
    uint8_t cr0_58;
    /* activity: index into tb_scenario.acts */
    uint32_t act;
    /* store: index into tb_scenario.mem (an entry stored at `at`, not before cycle 0) */
    uint32_t mem;
} tb_step;

typedef struct tb_mem_init {
    uint64_t addr;
    size_t len;
    uint8_t *bytes;
    uint8_t at_step; /* stored by a "store" step in its cycle, not before cycle 0 */
} tb_mem_init;

typedef struct tb_dump {
    uint64_t addr;
    size_t len;
} tb_dump;

typedef struct tb_expect_dump {
    uint64_t addr;
    size_t len;
    uint8_t *bytes;
} tb_expect_dump;

/* expect_final samples: stored overflow collisions stopped (DUT) read lost (driver) */
#define SMP_NEXP 6
/* Their keys, in the order of tb_expect_cpu.samples, then NULL. */
extern const char *const smp_expect_keys[SMP_NEXP + 1];

/* expect_final, per CPU */
#define TB_NSETS 7 /* basic problem_state crypto extended mt cg (+ reserved slot unused) */
typedef struct tb_expect_cpu {
    uint8_t present;
    uint32_t n_ctr;
    uint16_t *ctr_num;
    uint64_t *ctr_val;
    uint8_t *ctr_absent; /* 1: the counter must not be readable (value null) */
    int8_t set_state[6]; /* basic, problem_state, crypto, extended, mt, cg: -1 = unchecked */
    /* per set of sampling controls (tb_drv_set: 0 LPAR, 1 VM; keys "sampling", "samples",
     * "tear", "dear" and the same with "_vm") */
    int8_t sf_state[TB_DRV_NSETS][2];
    uint8_t has_alert, has_pp, has_pp_vm;
    uint32_t alert;
    uint64_t pp, pp_vm; /* program parameters of the LPAR and the VM level */
    tb_range samples[TB_DRV_NSETS][SMP_NEXP];
    uint8_t has_tear[TB_DRV_NSETS], has_dear[TB_DRV_NSETS], has_interval;
    int8_t s, h; /* -1 = unchecked */
    uint64_t tear[TB_DRV_NSETS], dear[TB_DRV_NSETS], interval;
} tb_expect_cpu;

typedef struct tb_expect_global {
    int8_t e, c, change, mt_enabled; /* -1 = unchecked */
    uint32_t n_cg;
    uint8_t *cg_group, *cg_index;
    uint64_t *cg_val;
} tb_expect_global;

typedef struct tb_expect_intr {
    uint8_t cpu, has_cycle;
    uint64_t cycle;
    uint32_t param;
} tb_expect_intr;

typedef struct tb_expect_icount {
    uint8_t cpu;
    uint32_t param;
    uint64_t lo, hi;
} tb_expect_icount;

/* Limits on what a scenario makes: steps (given and generated), and the
 * bytes of its "dump" areas (written twice over into the results). */
#define TB_MAX_STEPS      1000000u
#define TB_MAX_DUMP_BYTES (16u * 1024 * 1024)

typedef struct tb_scenario {
    char path[512];
    char name[128];
    uint32_t n_req;
    char **req;
    cpumf_system_cfg system;
    tb_workload_cfg workload;
    /* the system model's event model and relations (configs/events/MODEL.json) */
    uint8_t has_events;
    tb_events_cfg events;
    tb_relations rels;
    uint64_t exp_rel; /* expect_relations: bit i checks rels.r[i] */
    uint64_t seed;
    uint64_t cycles;
    uint32_t n_mem;
    tb_mem_init *mem;
    uint32_t n_steps;
    tb_step *steps;
    /* the steps but instructions (which queue per CPU, in scenario order) in
     * the order they apply: by cycle, in scenario order within one */
    uint32_t n_order;
    uint32_t *order;
    uint32_t n_acts;
    tb_activity *acts;
    uint32_t n_dump;
    tb_dump *dump;
    /* additions */
    uint8_t has_expect_final;
    tb_expect_cpu exp_cpu[CPUMF_MAX_CPUS];
    tb_expect_global exp_global;
    uint8_t has_expect_intr;
    uint32_t n_exp_intr;
    tb_expect_intr *exp_intr;
    uint32_t n_exp_dump;
    tb_expect_dump *exp_dump;
    uint32_t n_drivers;
    tb_driver *drivers;
    uint32_t n_exp_icount;
    tb_expect_icount *exp_icount;
} tb_scenario;

/* Load, check and expand (the "random" generator uses the effective seed:
 * seed_override when has_seed_override, else the scenario's "seed").
 * system_override (NULL: none) names a system in systems/ that replaces the
 * scenario's "system" (the regression runs one generator on many systems).
 * configs_dir: root holding systems/ and workloads/ (NULL:
 * cpumf_default_configs_dir()).
 * Returns NULL with "file:line:col: reason" in err. */
tb_scenario *tb_scenario_load(const char *path, const char *configs_dir, int has_seed_override,
                              uint64_t seed_override, const char *system_override, char *err,
                              size_t errlen);
void tb_scenario_free(tb_scenario *sc);

/* Whether s can name a file of a configs directory: [A-Za-z0-9_.-], 1 to 64
 * characters, not starting with '.' (no path reaches outside it). */
int tb_config_name_valid(const char *s);
/* dir/kind/name.json (kind: systems, workloads, events) into path; 1 when
 * that file can be opened, else 0. */
int tb_config_path(char *path, size_t n, const char *dir, const char *kind, const char *name);

#endif
