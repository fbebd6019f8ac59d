/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpumf_int.h - internal interface of the cycle model: the state, input and
 * output structs of every unit and their eval functions.
 *
 * Every unit follows one pattern:
 *     void x_eval(const x_state *q, const x_in *in, x_out *out, x_state *d);
 * q is the register values at the start of the cycle, in the unit's inputs
 * of the cycle (system inputs and other units' outputs, which are themselves
 * functions of q and the inputs), out the unit's outputs, d the next values.
 * eval reads only q and in; cpumf_commit() makes d the new q.
 */
#ifndef CPUMF_CMODEL_SRC_CPUMF_INT_H
#define CPUMF_CMODEL_SRC_CPUMF_INT_H

#include <stdint.h>
#include "cpumf/cpumf.h"
#include "arch/arch_rules.h"
#include "fcov.h"

/* A compile-time check; C++ spells it static_assert (the library is also
 * compiled as C++). */
#ifdef __cplusplus
#define STATIC_ASSERT static_assert
#else
#define STATIC_ASSERT _Static_assert
#endif

/* Index of the lowest set bit of x (x nonzero): the units visit the set bits
 * of their masks. */
static inline unsigned low_bit(uint64_t x)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(x);
#else
    unsigned b = 0u;
    while (!(x & 1u)) {
        x >>= 1;
        b++;
    }
    return b;
#endif
}

/* ------------------------------------------------------------------ cf_state */
/* Local counter-set-state control register (A/E/C per set, group A).  The
 * sampling controls and the program parameter are sf_ctrl's. */
typedef struct cf_state_state {
    uint8_t a, e, c; /* CPUMF_SET_* masks */
    uint8_t cg_a;    /* coprocessor-group authorization */
} cf_state_state;

typedef struct cf_state_in {
    const cpumf_cpu_in *io;
    const cpumf_model_cfg *m;
    /* effect of the instruction in EXEC */
    uint8_t lcctl_valid, lcctl_e, lcctl_c; /* full new E/C masks */
    /* SIGP set-multithreading (already gated by CSVN > 3) */
    uint8_t sigp_valid, sigp_enable;
    uint8_t mt;       /* multithreading enabled (the global register) */
    uint8_t mt_ended; /* a reset on some installed CPU ends it (MT-2) */
    uint8_t g_e, g_c; /* global E, C (current register) */
    fcov_hits *fc;    /* coverage events of the edge (fcov.h) */
} cf_state_in;

typedef struct cf_state_out {
    uint32_t raised; /* alert bits raised this cycle */
} cf_state_out;

void cf_state_eval(const cf_state_state *q, const cf_state_in *in, cf_state_out *out,
                   cf_state_state *d);
void cf_state_power_on(const cpumf_system_cfg *cfg, cf_state_state *s);

/* --------------------------------------------------------------- cf_counters */
/* The per-CPU counter slots.  eval does not compute next values: it notes
 * what the edge does to the slots (cf_counters_upd, part of the next state)
 * and commit applies that in place, visiting only the counters with events.
 * The same update applied `times` times is that many equal cycles
 * (cpumf_advance). */
/* The basic, problem-state and extended counters are summed lazily, in
 * byte lanes that take a cycle's increments without a branch: lanes[0]
 * byte k is slot BASIC+k, lanes[1] byte k slot PROBLEM+k, ext[0][w] byte b
 * extended counter 16w+2b and ext[1][w] byte b counter 16w+2b+1.  An
 * increment is at most 15, so CF_ACC_CYCLES cycles fit a byte; the lanes
 * are added into ctr then, before anything clears or writes a slot, and
 * when advancing.  A slot's value is ctr plus its lane (cf_counters_value,
 * cf_counters_add_pending). */
#define CF_ACC_CYCLES 17u
typedef struct cf_counters_state {
    uint64_t ctr[CPUMF_NSLOT];
    uint64_t lanes[2];
    uint64_t ext[2][CPUMF_EXT_WORDS];
    uint16_t ext_nz; /* bit w: ext[0][w] and ext[1][w] may hold events (the others are zero) */
    uint8_t acc_n;   /* cycles summed in the lanes */
} cf_counters_state;

typedef struct cf_counters_upd {
    uint8_t clear; /* CPUMF_SET_*: sets whose slots become zero */
    uint8_t count; /* CPUMF_SET_*: sets that add the increments below */
    uint8_t wr;    /* SCCTR: slot wr_slot takes wr_value (after the increments) */
    uint16_t wr_slot;
    uint64_t wr_value;
    uint64_t basic;                /* byte k: increment of counter k (problem state: the same) */
    uint8_t cr[4];                 /* crypto vectors: functions, busy, blocked fn, blocked cyc */
    uint16_t ext_nz;               /* bit w: ext[w] is non-zero (a cycle's events touch few) */
    uint64_t ext[CPUMF_EXT_WORDS]; /* events of the installed, defined extended counters */
} cf_counters_upd;

typedef struct cf_counters_in {
    const cpumf_cpu_in *io;
    const cpumf_model_cfg *m;
    const uint64_t *ext_mask; /* nibbles of the installed, defined extended counters */
    uint8_t e_q, active_q;    /* E and A&E&C masks of this cycle's registers */
    uint8_t e_d;              /* E mask of the next state */
    uint8_t scctr_valid;
    uint16_t scctr_slot;
    uint64_t scctr_value;
} cf_counters_in;

void cf_counters_eval(const cf_counters_in *in, cf_counters_upd *u);
/* q := the slots after `times` edges of u (1: the clock edge). */
void cf_counters_commit(cf_counters_state *q, const cf_counters_upd *u, uint64_t times,
                        const cpumf_model_cfg *m);
/* dst[slot] += the lazily summed events of each slot (dst: q->ctr or a copy). */
void cf_counters_add_pending(const cf_counters_state *q, uint64_t dst[CPUMF_NSLOT]);
/* The lanes into the counters (the values cf_counters_value reads stay). */
void cf_counters_settle(cf_counters_state *q);
/* The value of one slot. */
uint64_t cf_counters_value(const cf_counters_state *q, unsigned slot);
/* Per model: ext_mask[w] of cf_counters_in. */
void cf_counters_ext_mask(const cpumf_model_cfg *m, uint64_t mask[CPUMF_EXT_WORDS]);

/* ------------------------------------------------------------------ mf_alert */
typedef struct mf_alert_state {
    uint32_t pending;
} mf_alert_state;

typedef struct mf_alert_in {
    uint8_t cr0_58, taken, clear_mt, any_reset;
    uint8_t sf_enabled_d, cf_nonmt_enabled_d;
    uint32_t raised;
} mf_alert_in;

typedef struct mf_alert_out {
    uint8_t req;
    uint32_t param;
} mf_alert_out;

void mf_alert_eval(const mf_alert_state *q, const mf_alert_in *in, mf_alert_out *out,
                   mf_alert_state *d);

/* ----------------------------------------------------------------- cf_global */
/* Global counter-set-state register, group counters, MT counters per core and
 * the multithreading-enabled flag. */
/* The counters' edge (next state only): eval notes it, commit applies it in
 * place, `times` times for as many equal cycles (cpumf_advance). */
enum cf_mt_op { CF_MT_HOLD, CF_MT_CLEAR, CF_MT_BUMP0, CF_MT_BUMP1 };
typedef struct cf_global_upd {
    uint8_t cg_clear; /* the group counters become zero */
    uint8_t cg_count; /* they add cg_inc (some CPU of a group had crypto activity) */
    uint8_t n_wr;     /* SPCTR writes, after the increments, in ascending CPU order */
    uint64_t cg_inc[CPUMF_MAX_CGS][CPUMF_CG_NCTR];
    struct {
        uint8_t grp, ctr;
        uint64_t value;
    } wr[CPUMF_MAX_CPUS];
    uint8_t mt[CPUMF_MAX_CPUS]; /* enum cf_mt_op of each core */
} cf_global_upd;

typedef struct cf_global_state {
    uint8_t e, c, change, mt_enabled;
    uint64_t cg_ctr[CPUMF_MAX_CGS][CPUMF_CG_NCTR]; /* current state only */
    uint64_t mt_ctr[CPUMF_MAX_CPUS][2];            /* current state only */
    fcov_hits fc;                                  /* coverage events of the edge (LPCTL, resets) */
    cf_global_upd u;                               /* next state only */
} cf_global_state;

/* What one CPU contributes to the global unit in one cycle. */
typedef struct cf_global_cpu_req {
    uint8_t lpctl_valid, lpctl_e, lpctl_c;
    uint8_t spctr_valid, spctr_grp, spctr_ctr;
    uint64_t spctr_value;
    uint8_t mt_active_q;  /* MT set active in this cycle's registers */
    uint8_t mt_enabled_d; /* MT set enabled in the next state */
} cf_global_cpu_req;

typedef struct cf_global_in {
    const cpumf_system_cfg *cfg;
    const cpumf_sys_in *sys;
    cf_global_cpu_req cpu[CPUMF_MAX_CPUS];
    uint8_t mt_ended; /* a reset on some installed CPU ends multithreading (mf_cpu_in's) */
} cf_global_in;

void cf_global_eval(const cf_global_state *q, const cf_global_in *in, cf_global_state *d);
/* The registers, and the counter update `times` times (installed groups and cores). */
void cf_global_commit(cf_global_state *q, const cf_global_state *d, uint64_t times,
                      const cpumf_system_cfg *cfg);

/* ------------------------------------------------------------------- sf_ctrl */
/* Sampling controls of one CPU: function state (A, E, C), S, H, interval,
 * TEAR, DEAR and the program parameters of the LPAR and VM levels
 * (docs/uarch.md sections 15, 20). */
typedef struct sf_ctrl_state {
    uint8_t a, e, c; /* CPUMF_SF_* masks */
    uint8_t s, h;
    uint64_t interval, tear, dear;
    uint64_t pp;    /* program parameter (set at the LPAR level) */
    uint64_t pp_vm; /* program parameter set at the virtual-machine level */
    /* the VM level's set (docs/uarch.md section 22); H is the LPAR's alone */
    uint8_t e_vm, c_vm, s_vm;
    uint64_t interval_vm, tear_vm, dear_vm;
} sf_ctrl_state;

/* One level's set of sampling controls (section 22, ARCH_LVL_*): a copy of
 * its registers, so one piece of code serves both sets.  A and H are not in
 * it (A is shared, H is the LPAR set's alone). */
typedef struct sf_set_regs {
    uint8_t e, c, s;
    uint64_t interval, tear, dear;
} sf_set_regs;

static inline sf_set_regs sf_set_get(const sf_ctrl_state *q, unsigned set)
{
    sf_set_regs r;
    if (set == ARCH_LVL_VM) {
        r.e = q->e_vm;
        r.c = q->c_vm;
        r.s = q->s_vm;
        r.interval = q->interval_vm;
        r.tear = q->tear_vm;
        r.dear = q->dear_vm;
    } else {
        r.e = q->e;
        r.c = q->c;
        r.s = q->s;
        r.interval = q->interval;
        r.tear = q->tear;
        r.dear = q->dear;
    }
    return r;
}

static inline void sf_set_put(sf_ctrl_state *d, unsigned set, const sf_set_regs *r)
{
    if (set == ARCH_LVL_VM) {
        d->e_vm = r->e;
        d->c_vm = r->c;
        d->s_vm = r->s;
        d->interval_vm = r->interval;
        d->tear_vm = r->tear;
        d->dear_vm = r->dear;
    } else {
        d->e = r->e;
        d->c = r->c;
        d->s = r->s;
        d->interval = r->interval;
        d->tear = r->tear;
        d->dear = r->dear;
    }
}

/* The functions active in set (A & E & C). */
static inline unsigned sf_set_active(const sf_ctrl_state *q, unsigned set)
{
    return set == ARCH_LVL_VM ? q->a & q->e_vm & q->c_vm : q->a & q->e & q->c;
}

/* Some function enabled in either set. */
static inline unsigned sf_any_enabled(const sf_ctrl_state *q)
{
    return (q->e | q->e_vm) != 0u;
}

typedef struct sf_ctrl_in {
    const cpumf_cpu_in *io;
    /* (1) the update process, on set upd_lvl (ARCH_LVL_*) */
    uint8_t upd_lvl;
    uint8_t upd_tear_wr, upd_dear_wr, upd_clear_c;
    uint32_t upd_alert; /* alert bits of the update's end (why C clears) */
    uint64_t upd_tear, upd_dear;
    /* (2) LSCTL with cc 0 on its executing set lsctl_set */
    uint8_t lsctl_set;
    uint8_t lsctl_valid, lsctl_e, lsctl_c, lsctl_load, lsctl_s, lsctl_h;
    uint64_t lsctl_interval, lsctl_tear, lsctl_dear;
    /* (3) LPP (vm: to the VM level's register) */
    uint8_t lpp_valid, lpp_vm;
    uint64_t lpp_value;
    fcov_hits *fc;
} sf_ctrl_in;

typedef struct sf_ctrl_out {
    uint32_t raised; /* alert bits 8, 9 raised here */
} sf_ctrl_out;

void sf_ctrl_eval(const sf_ctrl_state *q, const sf_ctrl_in *in, sf_ctrl_out *out, sf_ctrl_state *d);
void sf_ctrl_power_on(const cpumf_system_cfg *cfg, sf_ctrl_state *s);

/* --------------------------------------------------------------- sf_interval */
/* Sample-interval machinery (section 16) of one set (section 22): primary
 * and secondary counts, the LFSR and the collision count. */
typedef struct sf_interval_state {
    uint64_t cnt;
    uint64_t collisions;
    uint32_t lfsr;
    uint8_t sec, sec_act;
} sf_interval_state;

typedef struct sf_interval_in {
    const cpumf_cpu_in *io;
    const cpumf_system_cfg *cfg;
    uint8_t set;         /* ARCH_LVL_*: the set this machinery serves */
    uint8_t due_lpar;    /* VM set: an LPAR sample is due in this cycle (it wins) */
    uint8_t active_q;    /* some function of the set active in this cycle's registers */
    uint8_t core_busy;   /* a sibling thread of the core is busy (arch_core_busy) */
    uint64_t interval_q; /* the set's interval register of the cycle */
    uint8_t upd_idle;    /* sf_update IDLE in this cycle */
    uint8_t lsctl_exec;  /* an LSCTL executes (decides) in this cycle */
    uint8_t load;        /* LSCTL of this set activates: load the count from load_interval */
    uint64_t load_interval;
    uint8_t no_tick; /* untimed execution: no cycle passes */
    fcov_hits *fc;
} sf_interval_in;

typedef struct sf_interval_out {
    uint8_t due;     /* a sample falls due */
    uint8_t capture; /* ... and is captured (not a collision) */
} sf_interval_out;

void sf_interval_eval(const sf_interval_state *q, const sf_interval_in *in, sf_interval_out *out,
                      sf_interval_state *d);
/* Step (7) of section 20: no function enabled in the next state. */
void sf_interval_disable(sf_interval_state *d);
void sf_interval_power_on(const cpumf_system_cfg *cfg, unsigned index, unsigned set,
                          sf_interval_state *s);

/* ----------------------------------------------------------------- sf_update */
/* ------------------------------------------------ storage request register */
/* The request registers of a storage-port requester (mf_insn, sf_update):
 * held while valid and not accepted (uarch.md section 4). */
typedef struct mf_stor_req {
    uint8_t valid, we, op, be; /* op: enum cpumf_stor_op */
    uint64_t addr, wdata;
} mf_stor_req;

static inline void mf_stor_req_load(mf_stor_req *d, unsigned we, unsigned op, unsigned be,
                                    uint64_t addr, uint64_t wdata)
{
    d->valid = 1u;
    d->we = (uint8_t)we;
    d->op = (uint8_t)op;
    d->be = (uint8_t)be;
    d->addr = addr;
    d->wdata = wdata;
}

/* Present q on the port (all zero when not valid); a request the port accepts
 * in this cycle leaves the register at the edge. */
static inline void mf_stor_req_present(const mf_stor_req *q, unsigned ready, mf_stor_req *out,
                                       mf_stor_req *d)
{
    static const mf_stor_req none = {0u, 0u, 0u, 0u, 0u, 0u};
    *out = q->valid ? *q : none;
    if (q->valid && ready)
        *d = none;
}

/* Sample-data-block update process (section 19). */
typedef struct sf_update_state {
    uint8_t state;     /* enum cpumf_upd_state */
    uint8_t k;         /* doubleword of the entry / timestamp being written */
    uint8_t nent;      /* doublewords of the captured entry */
    uint8_t t;         /* trailer T of the block being closed (STCKE) */
    uint8_t prog_req;  /* F was set in a block whose A was one */
    uint8_t a_read;    /* A of the trailer read of the block being closed (coverage only) */
    uint8_t act;       /* functions active at capture */
    uint16_t ebytes;   /* E */
    uint64_t trl;      /* trailer address of the current block (Check) */
    uint64_t ent_addr; /* entry address latched by Check (uarch.md 19) */
    uint64_t tod;      /* TOD of the sample */
    uint64_t n_stored, n_overflow, n_stopped;
    uint8_t lvl; /* set of the update: 0 LPAR, 1 VM (section 22) */
    uint64_t n_stored_vm, n_overflow_vm, n_stopped_vm;
    mf_stor_req req;                 /* storage request registers */
    uint64_t ent[ARCH_ENTRY_MAX_DW]; /* the captured entry */
} sf_update_state;

typedef struct sf_update_in {
    const cpumf_cpu_in *io;
    const cpumf_model_cfg *m;
    const sf_ctrl_state *sc; /* this cycle's sampling registers */
    uint8_t capture;
    uint8_t capture_lvl;          /* the set of the sample captured (ARCH_LVL_*) */
    uint8_t req_ready, rsp_valid; /* port, after the arbiter */
    fcov_hits *fc;
} sf_update_in;

typedef struct sf_update_out {
    mf_stor_req stor; /* the request presented this cycle */
    uint8_t lvl;      /* the set the writes and clear_c go to (the update's) */
    uint8_t tear_wr, dear_wr, clear_c;
    uint64_t tear, dear;
    uint32_t raised; /* alert bits 0, 1, 2 at the end of the update */
} sf_update_out;

void sf_update_eval(const sf_update_state *q, const sf_update_in *in, sf_update_out *out,
                    sf_update_state *d);

/* ------------------------------------------------------------------- mf_insn */
typedef struct mf_insn_state {
    uint8_t state; /* enum cpumf_insn_state */
    uint8_t op, m3, problem, cr0_15;
    uint64_t r1, r2, addr;   /* captured request */
    uint64_t operand;        /* fetched operand (LPP, LCCTL, LPCTL) */
    uint64_t blk[4];         /* LSCTL: operand doublewords 0-3 */
    uint16_t k, ndw;         /* current doubleword, doublewords of the operand */
    uint16_t count;          /* STCCTM: counters to store */
    uint8_t stc_cc, stc_set; /* STCCTM decision latched in DECODE */
    uint8_t exec_set;        /* set of the EXEC cycle (section 22), kept for QSI's stores */
    uint8_t cc, exc;         /* response */
    uint64_t r1_out;
    mf_stor_req req; /* storage request registers */
} mf_insn_state;

typedef struct mf_insn_in {
    const cpumf_cpu_in *io;
    const cpumf_system_cfg *cfg;
    uint8_t installed;
    const cf_state_state *st; /* this cycle's registers */
    const sf_ctrl_state *sf;
    uint8_t upd_idle;             /* sf_update IDLE (LSCTL may execute) */
    uint8_t req_ready, rsp_valid; /* storage port, after the arbiter */
    uint32_t pending;
    const cf_counters_state *ctr;
    const cf_global_state *g;
    unsigned core;
} mf_insn_in;

typedef struct mf_insn_out {
    uint8_t insn_ready, insn_done, cc, exc;
    uint64_t r1;
    mf_stor_req stor; /* the request presented this cycle */
    /* effects of EXEC, applied at this edge */
    uint8_t lcctl_valid, lcctl_e, lcctl_c;
    uint8_t lpp_valid, lpp_vm;
    uint64_t lpp_value;
    uint8_t lpctl_valid, lpctl_e, lpctl_c;
    uint8_t scctr_valid;
    uint16_t scctr_slot;
    uint64_t scctr_value;
    uint8_t spctr_valid, spctr_grp, spctr_ctr;
    uint64_t spctr_value;
    uint8_t clear_mt;
    uint8_t lsctl_exec;                /* LSCTL decides in this cycle (collision window) */
    uint8_t lsctl_unauth_bad_interval; /* arch_lsctl_result.unauth_bad_interval */
    uint8_t lsctl_waits;               /* LSCTL held in EXEC by a busy update */
    uint8_t lsctl_valid, lsctl_set, lsctl_e, lsctl_c, lsctl_load, lsctl_s, lsctl_h;
    uint64_t lsctl_interval, lsctl_tear, lsctl_dear;
} mf_insn_out;

void mf_insn_eval(const mf_insn_state *q, const mf_insn_in *in, mf_insn_out *out, mf_insn_state *d);

/* -------------------------------------------------------------------- mf_cpu */
typedef struct mf_cpu_state {
    cf_state_state st;
    mf_alert_state al;
    mf_insn_state insn;
    uint8_t own;      /* storage-port owner (enum cpumf_arb) */
    sf_ctrl_state sf; /* sampling: committed only when touched (MF_TOUCH_SF) */
    sf_interval_state iv;
    sf_interval_state iv_vm; /* the VM level's interval (section 22) */
    sf_update_state upd;
    fcov_hits fc;          /* coverage events of the edge (fcov.h) */
    cf_counters_upd cu;    /* the counters' edge (next state only, MF_TOUCH_CTR) */
    cf_counters_state ctr; /* current state only: the edge updates it in place */
} mf_cpu_state;

/* The interval machinery of a set (section 22). */
static inline const sf_interval_state *mf_cpu_iv_q(const mf_cpu_state *q, unsigned set)
{
    return set == ARCH_LVL_VM ? &q->iv_vm : &q->iv;
}

static inline sf_interval_state *mf_cpu_iv(mf_cpu_state *d, unsigned set)
{
    return set == ARCH_LVL_VM ? &d->iv_vm : &d->iv;
}

/* What an edge changes beyond cf_state, mf_alert and the port owner: the
 * counters, the instruction unit, the sampling units.  The commit copies or
 * applies only these. */
#define MF_TOUCH_CTR  0x01u
#define MF_TOUCH_INSN 0x02u
#define MF_TOUCH_SF   0x04u
#define MF_TOUCH_IV   0x08u /* the interval count alone (MF_TOUCH_SF: all of sampling) */

typedef struct mf_cpu_in {
    const cpumf_cpu_in *io;
    const uint64_t *ext_mask; /* cpumf_sys.ext_mask */
    const cpumf_sys_in *sys;
    const cpumf_system_cfg *cfg;
    const cf_global_state *g;
    unsigned index;
    uint8_t no_tick;  /* untimed execution: the interval does not run */
    uint8_t mt_ended; /* a reset on some installed CPU ends multithreading */
} mf_cpu_in;

/* The ports and the global unit's request are written where the caller
 * keeps them (no copy of a struct just written piecewise). */
typedef struct mf_cpu_out {
    cpumf_cpu_out *port;
    cf_global_cpu_req *greq;
    uint8_t touched; /* MF_TOUCH_* */
} mf_cpu_out;

void mf_cpu_eval(const mf_cpu_state *q, const mf_cpu_in *in, mf_cpu_out *out, mf_cpu_state *d);
/* The part of mf_cpu_eval after the instruction unit: composes the next state
 * of cf_state, cf_counters and mf_alert from the inputs and the instruction
 * unit's outputs fx (effects of EXEC, response, storage request), and fills
 * out.  d->insn is left as it is.  The untimed execution (execute.c) calls it
 * with the effects of one instruction and idle inputs. */
void mf_cpu_compose(const mf_cpu_state *q, const mf_cpu_in *in, const mf_insn_out *fx,
                    mf_cpu_out *out, mf_cpu_state *d);
void mf_cpu_commit(mf_cpu_state *q, const mf_cpu_state *d, unsigned touched,
                   const cpumf_model_cfg *m);
void mf_cpu_power_on(const cpumf_system_cfg *cfg, unsigned index, mf_cpu_state *s);

/* ----------------------------------------------------------------- mf_system */
/* Attached-storage port emulation of one CPU: the request accepted at the
 * last eval, and the one response in flight (one outstanding at a time). */
typedef struct port_emu {
    uint8_t acc_valid, acc_we, acc_op, acc_be; /* request seen (and accepted) at eval */
    uint64_t acc_addr, acc_wdata;
    uint8_t rsp_shown;          /* response presented at eval */
    uint8_t rsp_valid, rsp_err; /* response in flight */
    uint64_t rsp_due, rsp_data; /* cycle it is presented in, data */
} port_emu;

#define SYS_ERR_LEN  256
#define REG_NAME_LEN 32

struct cpumf_sys {
    cpumf_system_cfg cfg;
    /* API state (not part of the cycle model proper) */
    char last_err[SYS_ERR_LEN];
    const cpumf_storage_ops *stor_ops_p; /* NULL: no storage attached */
    cpumf_storage_ops stor_ops;
    void *stor_user;
    unsigned stor_latency;
    uint64_t cycle; /* commits since creation */
    port_emu port[CPUMF_MAX_CPUS];
    uint64_t ext_mask[CPUMF_EXT_WORDS]; /* cf_counters_ext_mask of the model */
    char (*reg_names)[REG_NAME_LEN];    /* owned; see regs.c */
    unsigned n_reg_names;
    cf_global_state gq, gd;
    uint8_t touched[CPUMF_MAX_CPUS];
    uint8_t evaluated;
    mf_cpu_state q[CPUMF_MAX_CPUS];
    mf_cpu_state d[CPUMF_MAX_CPUS];
    uint64_t fcov[FCOV_NBINS]; /* coverage counts, all CPUs (fcov.c) */
};

/* -------------------------------------------------- API helpers (sys_error.c, regs.c) */
void sys_set_error(const cpumf_sys *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Build / free the register-name table of s (0, or -1 out of memory). */
int regs_build(cpumf_sys *s);
void regs_free(cpumf_sys *s);
/* Idle inputs: everything zero, every CPU operating in the wait state. */
void sys_idle_inputs(cpumf_sys_in *in);
/* Clock edge of the units (installed CPUs, global unit) and of the coverage
 * events of the edge; cpumf_commit and the untimed execution. */
void sys_commit_units(cpumf_sys *s);
/* The inputs of the CPU units that are the same for every CPU; the caller
 * sets io and index. */
void sys_cpu_in(const cpumf_sys *s, const cpumf_sys_in *in, unsigned no_tick, mf_cpu_in *ci);

#endif
