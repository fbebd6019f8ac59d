/* SPDX-License-Identifier: Apache-2.0 */
/*
 * driver.h - a built-in control program's configuration as the scenario gives it ("drivers",
 * docs/scenario-format.md section 7): what the scenario reader fills and the drivers run from.
 */
#ifndef CPUMF_TB_DRIVERS_DRIVER_H
#define CPUMF_TB_DRIVERS_DRIVER_H

#include <stdint.h>

#include "cpumf/cpumf.h"

/* An expected count: lo..hi when `has` (the scenario's expectations use it too). */
typedef struct tb_range {
    uint8_t has;
    uint64_t lo, hi;
} tb_range;

/* A service delay in cycles ("latency", "harvest"): lo when lo == hi, else
 * drawn in lo..hi per harvest, or with `sweep` lo + k mod (hi - lo + 1) for
 * the k-th harvest (docs/scenario-format.md section 7). */
typedef struct tb_delay {
    uint8_t sweep;
    uint64_t lo, hi;
} tb_delay;
#define TB_DELAY_MAX 1000000u

/* "drivers": the sampler (tb/drivers/sampler.h) */
#define TB_DRV_SAMPLER 1
/* driver expectations, by their keys (the parser and the final check) */
#define TB_DRV_NEXP 9
static const char *const tb_drv_expect_keys[TB_DRV_NEXP + 1] = {
    "samples_read",   "overflow", "alerts",        "blocks",      "invalid_entry",
    "incorrect_sdbt", "loss",     "authorization", "cas_retries", NULL};
/* A z/OS-style driver's dispatch: from cycle `at` the CPU runs the work
 * unit whose guest program parameter is pp (common/smp.h). */
typedef struct tb_dispatch {
    uint64_t at, pp;
} tb_dispatch;

typedef struct tb_driver {
    int line, col;
    uint8_t kind, cpu;
    uint8_t functions; /* CPUMF_SF_* */
    uint8_t big;       /* "buffer": "1m" (S = 1) */
    uint8_t alert_bit, check_intervals;
    uint8_t has_stop, has_resume;
    uint8_t zos; /* "control_program": "zos" (H = 0, guest parameter) */
    /* "level": the configuration level its control program runs at (CPUMF_LEVEL_*, default the
     * system's); its instructions execute there and it owns that level's set of controls */
    uint8_t level;
    uint32_t sdbs, per_table, sequence;
    uint32_t n_disp;
    tb_dispatch *disp; /* "dispatch", by increasing `at` */
    uint64_t interval, start, stop, resume, pp;
    tb_delay latency, harvest; /* service delays of a program-request alert */
    tb_range expect[TB_DRV_NEXP];
    /* storage layout (chosen by the loader) */
    uint64_t ctl; /* 4 KiB control page */
    uint32_t n_tables;
    uint64_t *table; /* n_tables 4 KiB pages */
    uint64_t *sdb;   /* sdbs blocks of 4 KiB or 1 MiB */
} tb_driver;

/* The set of sampling controls a driver at that level uses (docs/uarch.md section 22):
 * 0 the partition's (levels 0 and 1), 1 the virtual machine's (level 2). */
#define TB_DRV_NSETS 2
static inline unsigned tb_drv_set(const tb_driver *dv)
{
    return dv->level == CPUMF_LEVEL_VM;
}

/* The registers of one set of sampling controls as an observation shows them. */
typedef struct tb_obs_set {
    uint8_t e, c;
    uint64_t interval, tear, dear;
} tb_obs_set;

static inline tb_obs_set tb_obs_set_of(const cpumf_cpu_obs *o, unsigned set)
{
    const cpumf_sf_ctrl_obs *s = &o->sf_ctrl;
    tb_obs_set x;
    x.e = set ? s->e_vm_q : s->e_q;
    x.c = set ? s->c_vm_q : s->c_q;
    x.interval = set ? s->interval_vm_q : s->interval_q;
    x.tear = set ? s->tear_vm_q : s->tear_q;
    x.dear = set ? s->dear_vm_q : s->dear_q;
    return x;
}

#endif
