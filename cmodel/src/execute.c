/* SPDX-License-Identifier: Apache-2.0 */
/*
 * execute.c - architectural (untimed) execution: one instruction runs to
 * completion at once on the current state.  The decisions are the cycle
 * model's own (arch_decode_exception, arch_stcctm, arch_operand_access,
 * arch_exec), taken in the order mf_insn takes them (DECODE, FETCH/PROBE,
 * EXEC, STORE), and the effects are composed by the cycle units themselves
 * (mf_cpu_compose, cf_global_eval) for one edge with idle inputs.  So the
 * result is what the cycle model gives for the instruction presented to an
 * otherwise idle system, where every cycle but EXEC leaves the state as it is.
 */
#include <string.h>
#include "cpumf_int.h"

/* The EXEC edge: effects fx of the instruction on CPU cpu, idle inputs. */
static void apply_effects(cpumf_sys *s, unsigned cpu, const mf_insn_out *fx)
{
    cpumf_sys_in in;
    cf_global_in gin;
    mf_insn_out none;
    mf_cpu_in ci;
    unsigned i, n = s->cfg.n_cpus;

    sys_idle_inputs(&in);
    memset(&none, 0, sizeof none);
    memset(&gin, 0, sizeof gin);
    gin.cfg = &s->cfg;
    gin.sys = &in;
    sys_cpu_in(s, &in, 1u, &ci);
    gin.mt_ended = ci.mt_ended;
    for (i = 0; i < n; i++) {
        cpumf_cpu_out port; /* an untimed instruction drives no port */
        mf_cpu_out co = {&port, &gin.cpu[i], 0u};
        ci.io = &in.cpu[i];
        ci.index = i;
        mf_cpu_compose(&s->q[i], &ci, i == cpu ? fx : &none, &co, &s->d[i]);
        s->d[i].own = s->q[i].own; /* no cycle passes: the port keeps its owner */
        s->touched[i] = co.touched;
    }
    cf_global_eval(&s->gq, &gin, &s->gd);
    sys_commit_units(s);
    s->evaluated = 0u;
}

/* Write k of the store operand from the current registers (mf_insn's load_write). */
static uint64_t store_data(const cpumf_sys *s, unsigned cpu, unsigned op, uint64_t addr,
                           unsigned set, unsigned k, unsigned *be)
{
    const mf_cpu_state *c = &s->q[cpu];
    unsigned tpc = s->cfg.threads_per_core ? s->cfg.threads_per_core : 1u;
    if (op == CPUMF_OP_QCTRI || op == CPUMF_OP_QSI) {
        uint64_t blk[8];
        if (op == CPUMF_OP_QCTRI)
            arch_qctri_block(&s->cfg.model, c->st.a, c->st.e, c->st.c, c->st.cg_a, s->gq.e, s->gq.c,
                             s->gq.change, blk);
        else
            arch_qsi_block(&s->cfg.model, c->sf.a, c->sf.e, c->sf.c, c->sf.tear, c->sf.dear, blk);
        *be = arch_operand_be(addr, 64u, k);
        return arch_store_data(addr, 64u, k, blk);
    } else {
        unsigned slot = arch_stcctm_slot(set, k);
        *be = 0xFFu;
        return slot >= ARCH_SLOT_MT0 ? s->gq.mt_ctr[cpu / tpc][slot - ARCH_SLOT_MT0]
                                     : cf_counters_value(&c->ctr, slot);
    }
}

static void result(cpumf_insn_result *res, unsigned op, unsigned exc, unsigned cc, uint64_t r1)
{
    res->cc_valid = (uint8_t)arch_sets_cc(op, exc);
    res->cc = res->cc_valid ? (uint8_t)cc : 0u;
    res->exc = (uint8_t)exc;
    res->r1 = r1;
}

/* Misuse that the cycle model cannot express: -1 with the message set. */
static int check_call(cpumf_sys *s, unsigned cpu, const cpumf_insn *insn,
                      const cpumf_insn_result *res)
{
    if (!insn || !res) {
        sys_set_error(s, "execute: NULL argument");
        return -1;
    }
    if (cpu >= s->cfg.n_cpus) {
        sys_set_error(s, "execute: cpu %u is not installed (n_cpus %u)", cpu,
                      (unsigned)s->cfg.n_cpus);
        return -1;
    }
    if (insn->op > 15u || insn->m3 > 15u) {
        sys_set_error(s, "execute: opcode %u or m3 %u does not fit the 4-bit port",
                      (unsigned)insn->op, (unsigned)insn->m3);
        return -1;
    }
    return 0;
}

/* FETCH / PROBE: the operand doublewords in order; 1 on a read error (the
 * access exception), else 0 with the fetched operand or LSCTL block. */
static int fetch_operand(cpumf_sys *s, const cpumf_insn *insn, const arch_access *acc,
                         uint64_t *operand, uint64_t *blk)
{
    unsigned k;
    for (k = 0; k < acc->ndw; k++) {
        uint64_t data = 0u;
        if (s->stor_ops.read(s->stor_user, arch_operand_dw_addr(insn->addr, k), &data))
            return 1;
        if (acc->kind == ARCH_ACC_FETCH && insn->op == CPUMF_OP_LSCTL)
            arch_fetch_merge_block(insn->addr, 64u, k, data, blk, 4u);
        else if (acc->kind == ARCH_ACC_FETCH)
            *operand = arch_fetch_merge(insn->addr, 8u, k, data, *operand);
    }
    return 0;
}

/* EXEC: the decision from the current registers of the CPU. */
static arch_exec_result exec_decide(const cpumf_sys *s, unsigned cpu, const cpumf_insn *insn,
                                    uint64_t operand, const arch_stcctm_result *sr,
                                    const uint64_t *blk)
{
    const mf_cpu_state *c = &s->q[cpu];
    arch_exec_in x;
    x.op = insn->op;
    x.m3 = insn->m3;
    x.r1 = insn->r1;
    x.r2 = insn->r2;
    x.addr = insn->addr;
    x.operand = operand;
    x.stc_cc = sr->cc;
    x.stc_count = sr->count;
    x.a = c->st.a;
    x.e = c->st.e;
    x.c = c->st.c;
    x.cg_a = c->st.cg_a;
    x.sf_a = c->sf.a;
    x.sf_e = c->sf.e; /* level 0: the LPAR set executes (SF-LVL-1) */
    x.sf_c = c->sf.c;
    x.sf_e_lpar = c->sf.e;
    x.blk = blk;
    x.level = 0u; /* idle inputs */
    x.sf_lower = 0u;
    x.pending = c->al.pending;
    x.g_e = s->gq.e;
    return arch_exec(&s->cfg, &x);
}

/* R1 after the instruction: a counter read comes from the current registers. */
static uint64_t result_r1(const cpumf_sys *s, unsigned cpu, const arch_exec_result *r)
{
    unsigned tpc = s->cfg.threads_per_core ? s->cfg.threads_per_core : 1u;
    if (r->rd == ARCH_RD_CTR)
        return r->slot >= ARCH_SLOT_MT0 ? s->gq.mt_ctr[cpu / tpc][r->slot - ARCH_SLOT_MT0]
                                        : cf_counters_value(&s->q[cpu].ctr, r->slot);
    if (r->rd == ARCH_RD_CG)
        return s->gq.cg_ctr[r->grp][r->ctr];
    return r->r1;
}

/* The instruction unit's effect outputs for the decision r. */
static void effects_of(const arch_exec_result *r, unsigned op, mf_insn_out *fx)
{
    memset(fx, 0, sizeof *fx);
    switch (r->fx) {
    case ARCH_FX_LPP:
        fx->lpp_valid = 1u;
        fx->lpp_vm = (uint8_t)r->vm;
        fx->lpp_value = r->value;
        break;
    case ARCH_FX_LCCTL:
        fx->lcctl_valid = 1u;
        fx->lcctl_e = (uint8_t)r->e;
        fx->lcctl_c = (uint8_t)r->c;
        break;
    case ARCH_FX_LPCTL:
        fx->lpctl_valid = 1u;
        fx->lpctl_e = (uint8_t)r->e;
        fx->lpctl_c = (uint8_t)r->c;
        break;
    case ARCH_FX_SCCTR:
        fx->scctr_valid = 1u;
        fx->scctr_slot = (uint16_t)r->slot;
        fx->scctr_value = r->value;
        break;
    case ARCH_FX_SPCTR:
        fx->spctr_valid = 1u;
        fx->spctr_grp = (uint8_t)r->grp;
        fx->spctr_ctr = (uint8_t)r->ctr;
        fx->spctr_value = r->value;
        break;
    case ARCH_FX_LSCTL:
        fx->lsctl_valid = 1u;
        fx->lsctl_set = (uint8_t)r->set;
        fx->lsctl_e = (uint8_t)r->e;
        fx->lsctl_c = (uint8_t)r->c;
        fx->lsctl_load = (uint8_t)r->sf_load;
        fx->lsctl_s = (uint8_t)r->s;
        fx->lsctl_h = (uint8_t)r->h;
        fx->lsctl_interval = r->interval;
        fx->lsctl_tear = r->tear;
        fx->lsctl_dear = r->dear;
        break;
    default: break;
    }
    fx->clear_mt = (uint8_t)r->clear_mt;
    fx->lsctl_exec = (uint8_t)(op == CPUMF_OP_LSCTL);
    fx->lsctl_unauth_bad_interval = (uint8_t)r->unauth_bad_interval;
}

int cpumf_execute(cpumf_sys *s, unsigned cpu, const cpumf_insn *insn, cpumf_insn_result *res)
{
    arch_stcctm_result sr = {0u, 0u, 0u};
    arch_access acc;
    arch_exec_result r;
    mf_insn_out fx;
    uint64_t operand = 0u, r1, wdata0 = 0u;
    uint64_t blk[4] = {0u, 0u, 0u, 0u};
    unsigned op, exc, k, be, be0 = 0u;

    if (!s)
        return -1;
    if (check_call(s, cpu, insn, res))
        return -1;
    op = insn->op;

    /* DECODE */
    exc = arch_decode_exception(&s->cfg.model, op, insn->m3, insn->problem & 1u, insn->cr0_15 & 1u,
                                insn->r1, insn->r2, insn->addr);
    if (exc) {
        result(res, op, exc, 0u, insn->r1);
        s->last_err[0] = '\0';
        return 0;
    }
    if (op == CPUMF_OP_STCCTM)
        sr = arch_stcctm(&s->cfg.model, insn->m3, insn->r1, s->q[cpu].st.e, s->q[cpu].al.pending);
    if (op == CPUMF_OP_LSCTL && s->q[cpu].upd.state != CPUMF_US_IDLE) {
        /* the cycle model's LSCTL waits for the update, which needs cycles */
        sys_set_error(s,
                      "execute: LSCTL while the sample update of cpu %u is in progress "
                      "(step the clock until cpu%u.sf_update.state is 0)",
                      cpu, cpu);
        return -1;
    }
    acc = arch_operand_access(op, insn->addr, sr.count);
    if (acc.kind != ARCH_ACC_NONE && !s->stor_ops_p) {
        sys_set_error(s,
                      "execute: opcode %u needs a storage operand and no storage is "
                      "attached (cpumf_attach_storage)",
                      op);
        return -1;
    }

    /* FETCH / PROBE: an error response is the access exception, nothing changes */
    if (fetch_operand(s, insn, &acc, &operand, blk)) {
        result(res, op, CPUMF_EXC_ACCESS, 0u, insn->r1);
        s->last_err[0] = '\0';
        return 0;
    }

    /* EXEC: decision from this cycle's registers, effects at its edge */
    r = exec_decide(s, cpu, insn, operand, &sr, blk);
    r1 = result_r1(s, cpu, &r);
    if (r.store) /* the first write's data is formed in the EXEC cycle */
        wdata0 = store_data(s, cpu, op, insn->addr, sr.set, 0u, &be0);
    effects_of(&r, op, &fx);
    apply_effects(s, cpu, &fx);

    /* STORE: write errors are ignored, as in the cycle model */
    for (k = 0; r.store && k < acc.ndw; k++) {
        uint64_t data = k == 0u ? wdata0 : store_data(s, cpu, op, insn->addr, sr.set, k, &be);
        (void)s->stor_ops.write(s->stor_user, arch_operand_dw_addr(insn->addr, k), data,
                                (uint8_t)(k == 0u ? be0 : be));
    }
    result(res, op, r.exc, r.cc, r1);
    s->last_err[0] = '\0';
    return 0;
}

static int x_run(cpumf_sys *s, unsigned cpu, unsigned op, unsigned m3, uint64_t r1, uint64_t r2,
                 uint64_t addr, int problem, int cr0_15, cpumf_insn_result *res)
{
    cpumf_insn insn;
    memset(&insn, 0, sizeof insn);
    insn.op = (uint8_t)op;
    insn.m3 = (uint8_t)(m3 > 15u ? 16u : m3);
    insn.problem = (uint8_t)(problem != 0);
    insn.cr0_15 = (uint8_t)(cr0_15 != 0);
    insn.r1 = r1;
    insn.r2 = r2;
    insn.addr = addr;
    return cpumf_execute(s, cpu, &insn, res);
}

int cpumf_x_lpp(cpumf_sys *s, unsigned cpu, uint64_t addr, int problem, cpumf_insn_result *res)
{
    return x_run(s, cpu, CPUMF_OP_LPP, 0u, 0u, 0u, addr, problem, 0, res);
}

int cpumf_x_lcctl(cpumf_sys *s, unsigned cpu, uint64_t addr, int problem, cpumf_insn_result *res)
{
    return x_run(s, cpu, CPUMF_OP_LCCTL, 0u, 0u, 0u, addr, problem, 0, res);
}

int cpumf_x_lpctl(cpumf_sys *s, unsigned cpu, uint64_t addr, int problem, cpumf_insn_result *res)
{
    return x_run(s, cpu, CPUMF_OP_LPCTL, 0u, 0u, 0u, addr, problem, 0, res);
}

int cpumf_x_qctri(cpumf_sys *s, unsigned cpu, uint64_t addr, int problem, cpumf_insn_result *res)
{
    return x_run(s, cpu, CPUMF_OP_QCTRI, 0u, 0u, 0u, addr, problem, 0, res);
}

int cpumf_x_ecctr(cpumf_sys *s, unsigned cpu, uint64_t r1, uint64_t r2, int problem, int cr0_15,
                  cpumf_insn_result *res)
{
    return x_run(s, cpu, CPUMF_OP_ECCTR, 0u, r1, r2, 0u, problem, cr0_15, res);
}

int cpumf_x_epctr(cpumf_sys *s, unsigned cpu, uint64_t r1, uint64_t r2, int problem,
                  cpumf_insn_result *res)
{
    return x_run(s, cpu, CPUMF_OP_EPCTR, 0u, r1, r2, 0u, problem, 0, res);
}

int cpumf_x_scctr(cpumf_sys *s, unsigned cpu, uint64_t r1, uint64_t r2, int problem,
                  cpumf_insn_result *res)
{
    return x_run(s, cpu, CPUMF_OP_SCCTR, 0u, r1, r2, 0u, problem, 0, res);
}

int cpumf_x_spctr(cpumf_sys *s, unsigned cpu, uint64_t r1, uint64_t r2, int problem,
                  cpumf_insn_result *res)
{
    return x_run(s, cpu, CPUMF_OP_SPCTR, 0u, r1, r2, 0u, problem, 0, res);
}

int cpumf_x_ecpga(cpumf_sys *s, unsigned cpu, uint64_t r1, uint64_t r2, int problem,
                  cpumf_insn_result *res)
{
    return x_run(s, cpu, CPUMF_OP_ECPGA, 0u, r1, r2, 0u, problem, 0, res);
}

int cpumf_x_stcctm(cpumf_sys *s, unsigned cpu, uint64_t r1, unsigned m3, uint64_t addr, int problem,
                   int cr0_15, cpumf_insn_result *res)
{
    return x_run(s, cpu, CPUMF_OP_STCCTM, m3, r1, 0u, addr, problem, cr0_15, res);
}
