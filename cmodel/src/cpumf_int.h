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
#ifndef CPUMF_INT_H
#define CPUMF_INT_H

#include <stdint.h>
#include "cpumf/cpumf.h"
#include "arch/arch_rules.h"

/* ------------------------------------------------------------------ cf_state */
/* Local counter-set-state control register (A/E/C per set, group A),
 * sampling authorization and the program-parameter register. */
typedef struct cf_state_state {
    uint8_t a, e, c;   /* CPUMF_SET_* masks */
    uint8_t cg_a;      /* coprocessor-group authorization */
    uint8_t sf_a;      /* sampling authorization (CPUMF_SF_*) */
    uint8_t sf_e;      /* sampling enable (always 0 in this slice) */
    uint64_t pp;       /* program parameter */
} cf_state_state;

typedef struct cf_state_in {
    const cpumf_cpu_in *io;
    const cpumf_model_cfg *m;
    /* effect of the instruction in EXEC */
    uint8_t lcctl_valid, lcctl_e, lcctl_c; /* full new E/C masks */
    uint8_t lpp_valid;
    uint64_t lpp_value;
    /* SIGP set-multithreading (already gated by CSVN > 3) */
    uint8_t sigp_valid, sigp_enable;
    uint8_t g_e;       /* global E (current register) */
} cf_state_in;

typedef struct cf_state_out {
    uint32_t raised;   /* alert bits raised this cycle */
} cf_state_out;

void cf_state_eval(const cf_state_state *q, const cf_state_in *in, cf_state_out *out,
                   cf_state_state *d);
void cf_state_power_on(const cpumf_system_cfg *cfg, cf_state_state *s);

/* --------------------------------------------------------------- cf_counters */
/* The per-CPU counter slots.  Only the slot ranges of the sets named in
 * out->touched are written into d; the others keep their value (commit copies
 * the touched ranges only). */
typedef struct cf_counters_state {
    uint64_t ctr[CPUMF_NSLOT];
} cf_counters_state;

typedef struct cf_counters_in {
    const cpumf_cpu_in *io;
    const cpumf_model_cfg *m;
    uint8_t e_q, active_q; /* E and A&E&C masks of this cycle's registers */
    uint8_t e_d;           /* E mask of the next state */
    uint8_t scctr_valid;
    uint16_t scctr_slot;
    uint64_t scctr_value;
} cf_counters_in;

typedef struct cf_counters_out {
    uint8_t touched;       /* CPUMF_SET_* whose slot ranges d holds */
} cf_counters_out;

void cf_counters_eval(const cf_counters_state *q, const cf_counters_in *in,
                      cf_counters_out *out, cf_counters_state *d);
void cf_counters_commit(cf_counters_state *q, const cf_counters_state *d, unsigned touched,
                        const cpumf_model_cfg *m);

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
typedef struct cf_global_state {
    uint8_t e, c, change, mt_enabled;
    uint64_t cg_ctr[CPUMF_MAX_CGS][CPUMF_CG_NCTR];
    uint64_t mt_ctr[CPUMF_MAX_CPUS][2];
} cf_global_state;

/* What one CPU contributes to the global unit in one cycle. */
typedef struct cf_global_cpu_req {
    uint8_t lpctl_valid, lpctl_e, lpctl_c;
    uint8_t spctr_valid, spctr_grp, spctr_ctr;
    uint64_t spctr_value;
    uint8_t mt_active_q;   /* MT set active in this cycle's registers */
    uint8_t mt_enabled_d;  /* MT set enabled in the next state */
} cf_global_cpu_req;

typedef struct cf_global_in {
    const cpumf_system_cfg *cfg;
    const cpumf_sys_in *sys;
    cf_global_cpu_req cpu[CPUMF_MAX_CPUS];
} cf_global_in;

void cf_global_eval(const cf_global_state *q, const cf_global_in *in, cf_global_state *d);
/* Copies the rows eval wrote (installed groups and cores). */
void cf_global_commit(cf_global_state *q, const cf_global_state *d, const cpumf_system_cfg *cfg);

/* ------------------------------------------------------------------- mf_insn */
typedef struct mf_insn_state {
    uint8_t state;             /* enum cpumf_insn_state */
    uint8_t op, m3, problem, cr0_15;
    uint64_t r1, r2, addr;     /* captured request */
    uint64_t operand;          /* fetched operand (LPP, LCCTL, LPCTL) */
    uint16_t k, ndw;           /* current doubleword, doublewords of the operand */
    uint16_t count;            /* STCCTM: counters to store */
    uint8_t stc_cc, stc_set;   /* STCCTM decision latched in DECODE */
    uint8_t cc, exc;           /* response */
    uint64_t r1_out;
    uint8_t req_valid, req_we, req_be;  /* storage request registers */
    uint64_t req_addr, req_wdata;
} mf_insn_state;

typedef struct mf_insn_in {
    const cpumf_cpu_in *io;
    const cpumf_system_cfg *cfg;
    uint8_t installed;
    const cf_state_state *st;          /* this cycle's registers */
    uint32_t pending;
    const cf_counters_state *ctr;
    const cf_global_state *g;
    unsigned core;
} mf_insn_in;

typedef struct mf_insn_out {
    uint8_t insn_ready, insn_done, cc, exc;
    uint64_t r1;
    uint8_t stor_req_valid, stor_req_we, stor_req_be;
    uint64_t stor_req_addr, stor_req_wdata;
    /* effects of EXEC, applied at this edge */
    uint8_t lcctl_valid, lcctl_e, lcctl_c;
    uint8_t lpp_valid;
    uint64_t lpp_value;
    uint8_t lpctl_valid, lpctl_e, lpctl_c;
    uint8_t scctr_valid;
    uint16_t scctr_slot;
    uint64_t scctr_value;
    uint8_t spctr_valid, spctr_grp, spctr_ctr;
    uint64_t spctr_value;
    uint8_t clear_mt;
} mf_insn_out;

void mf_insn_eval(const mf_insn_state *q, const mf_insn_in *in, mf_insn_out *out,
                  mf_insn_state *d);

/* -------------------------------------------------------------------- mf_cpu */
typedef struct mf_cpu_state {
    cf_state_state st;
    mf_alert_state al;
    mf_insn_state insn;
    cf_counters_state ctr;     /* keep last: committed by touched ranges */
} mf_cpu_state;

typedef struct mf_cpu_in {
    const cpumf_cpu_in *io;
    const cpumf_sys_in *sys;
    const cpumf_system_cfg *cfg;
    const cf_global_state *g;
    unsigned index;
} mf_cpu_in;

typedef struct mf_cpu_out {
    cpumf_cpu_out port;
    cf_global_cpu_req greq;
    uint8_t touched;           /* counter ranges written into d */
} mf_cpu_out;

void mf_cpu_eval(const mf_cpu_state *q, const mf_cpu_in *in, mf_cpu_out *out,
                 mf_cpu_state *d);
/* The part of mf_cpu_eval after the instruction unit: composes the next state
 * of cf_state, cf_counters and mf_alert from the inputs and the instruction
 * unit's outputs fx (effects of EXEC, response, storage request), and fills
 * out.  d->insn is left as it is.  The untimed execution (execute.c) calls it
 * with the effects of one instruction and idle inputs. */
void mf_cpu_compose(const mf_cpu_state *q, const mf_cpu_in *in, const mf_insn_out *fx,
                    mf_cpu_out *out, mf_cpu_state *d);
void mf_cpu_commit(mf_cpu_state *q, const mf_cpu_state *d, unsigned touched,
                   const cpumf_model_cfg *m);
void mf_cpu_power_on(const cpumf_system_cfg *cfg, mf_cpu_state *s);

/* ----------------------------------------------------------------- mf_system */
/* Attached-storage port emulation of one CPU: the request accepted at the
 * last eval, and the one response in flight (one outstanding at a time). */
typedef struct port_emu {
    uint8_t acc_valid, acc_we, acc_be;   /* request seen (and accepted) at eval */
    uint64_t acc_addr, acc_wdata;
    uint8_t rsp_shown;                   /* response presented at eval */
    uint8_t rsp_valid, rsp_err;          /* response in flight */
    uint64_t rsp_due, rsp_data;          /* cycle it is presented in, data */
} port_emu;

#define SYS_ERR_LEN 256
#define REG_NAME_LEN 32

struct cpumf_sys {
    cpumf_system_cfg cfg;
    /* API state (not part of the cycle model proper) */
    char last_err[SYS_ERR_LEN];
    const cpumf_storage_ops *stor_ops_p; /* NULL: no storage attached */
    cpumf_storage_ops stor_ops;
    void *stor_user;
    unsigned stor_latency;
    uint64_t cycle;                      /* commits since creation */
    port_emu port[CPUMF_MAX_CPUS];
    char (*reg_names)[REG_NAME_LEN];     /* owned; see regs.c */
    unsigned n_reg_names;
    cf_global_state gq, gd;
    uint8_t touched[CPUMF_MAX_CPUS];
    uint8_t evaluated;
    mf_cpu_state q[CPUMF_MAX_CPUS];
    mf_cpu_state d[CPUMF_MAX_CPUS];
};

/* -------------------------------------------------- API helpers (api.c, regs.c) */
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

#endif
