/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mf_insn.c - unit mf_insn: the instruction unit of one CPU.  Accepts one
 * request at a time, checks it (DECODE), reads the operand or probes the
 * store operand (FETCH/PROBE), executes it (EXEC), stores results (STORE) and
 * responds (RESP); it owns the CPU's storage request registers.  The FSM
 * and its cycle timing are docs/uarch.md sections 4 and 5.
 */
#include <string.h>
#include "cpumf_int.h"

static void load_req(mf_insn_state *d, unsigned we, unsigned be, uint64_t addr, uint64_t wdata)
{
    mf_stor_req_load(&d->req, we, CPUMF_STOR_OP_PLAIN, be, addr, wdata);
}

/* Request k of a read of len bytes at the captured address. */
static void load_read(mf_insn_state *d, uint64_t addr, unsigned k)
{
    load_req(d, 0u, 0xFFu, arch_operand_dw_addr(addr, k), 0u);
}

/* The executing set: the level of the EXEC cycle, and after it the one kept
 * for the QSI doublewords stored later (section 22), whatever the level then. */
static unsigned insn_set(const mf_insn_state *q, const mf_insn_in *in)
{
    return q->state == CPUMF_IS_EXEC ? arch_sf_exec_set(in->io->level) : q->exec_set;
}

/* QSI's block from this cycle's registers of the executing set (SF-LVL-1). */
static void qsi_block(const mf_insn_state *q, const mf_insn_in *in, uint64_t blk[8])
{
    sf_set_regs x = sf_set_get(in->sf, insn_set(q, in));
    arch_qsi_block(&in->cfg->model, in->sf->a, x.e, x.c, x.tear, x.dear, blk);
}

/* Write k of the store operand, with data formed from this cycle's registers. */
static void load_write(const mf_insn_state *q, const mf_insn_in *in, mf_insn_state *d, unsigned k)
{
    const cf_state_state *st = in->st;
    uint64_t addr = q->addr;
    if (q->op == CPUMF_OP_QCTRI || q->op == CPUMF_OP_QSI) {
        uint64_t blk[8];
        if (q->op == CPUMF_OP_QCTRI)
            arch_qctri_block(&in->cfg->model, st->a, st->e, st->c, st->cg_a, in->g->e, in->g->c,
                             in->g->change, blk);
        else
            qsi_block(q, in, blk);
        load_req(d, 1u, arch_operand_be(addr, 64u, k), arch_operand_dw_addr(addr, k),
                 arch_store_data(addr, 64u, k, blk));
    } else {
        unsigned slot = arch_stcctm_slot(q->stc_set, k);
        uint64_t v = slot >= ARCH_SLOT_MT0 ? in->g->mt_ctr[in->core][slot - ARCH_SLOT_MT0]
                                           : cf_counters_value(in->ctr, slot);
        load_req(d, 1u, 0xFFu, arch_operand_dw_addr(addr, k), v);
    }
}

static void to_resp_exc(const mf_insn_state *q, mf_insn_state *d, unsigned exc)
{
    d->state = CPUMF_IS_RESP;
    d->exc = (uint8_t)exc;
    d->cc = 0u;
    d->r1_out = q->r1;
}

/* EXEC: the decision is arch_exec(); here only its wiring to the registers
 * (counter values read into R1) and to the effect outputs. */
static void exec(const mf_insn_state *q, const mf_insn_in *in, mf_insn_out *out, mf_insn_state *d)
{
    const cf_state_state *st = in->st;
    const sf_set_regs xs = sf_set_get(in->sf, arch_sf_exec_set(in->io->level));
    arch_exec_in x;
    arch_exec_result r;

    /* LSCTL waits in EXEC while the update process is busy */
    if (q->op == CPUMF_OP_LSCTL) {
        if (!in->upd_idle) {
            out->lsctl_waits = 1u;
            return;
        }
        out->lsctl_exec = 1u;
    }
    x.op = q->op;
    x.m3 = q->m3;
    x.r1 = q->r1;
    x.r2 = q->r2;
    x.addr = q->addr;
    x.operand = q->operand;
    x.stc_cc = q->stc_cc;
    x.stc_count = q->count;
    x.a = st->a;
    x.e = st->e;
    x.c = st->c;
    x.cg_a = st->cg_a;
    x.sf_a = in->sf->a;
    x.sf_e = xs.e; /* the executing set's (SF-LVL-1) */
    x.sf_c = xs.c;
    x.sf_e_lpar = in->sf->e;
    x.blk = q->blk;
    x.level = in->io->level;
    x.sf_lower = in->io->sf_lower_enabled;
    x.pending = in->pending;
    x.g_e = in->g->e;
    r = arch_exec(in->cfg, &x);

    d->state = CPUMF_IS_RESP;
    d->cc = (uint8_t)r.cc;
    d->exc = (uint8_t)r.exc;
    d->r1_out = r.r1;
    if (r.rd == ARCH_RD_CTR)
        d->r1_out = r.slot >= ARCH_SLOT_MT0 ? in->g->mt_ctr[in->core][r.slot - ARCH_SLOT_MT0]
                                            : cf_counters_value(in->ctr, r.slot);
    else if (r.rd == ARCH_RD_CG)
        d->r1_out = in->g->cg_ctr[r.grp][r.ctr];
    switch (r.fx) {
    case ARCH_FX_LPP:
        out->lpp_valid = 1u;
        out->lpp_vm = (uint8_t)r.vm;
        out->lpp_value = r.value;
        break;
    case ARCH_FX_LCCTL:
        out->lcctl_valid = 1u;
        out->lcctl_e = (uint8_t)r.e;
        out->lcctl_c = (uint8_t)r.c;
        break;
    case ARCH_FX_LPCTL:
        out->lpctl_valid = 1u;
        out->lpctl_e = (uint8_t)r.e;
        out->lpctl_c = (uint8_t)r.c;
        break;
    case ARCH_FX_SCCTR:
        out->scctr_valid = 1u;
        out->scctr_slot = (uint16_t)r.slot;
        out->scctr_value = r.value;
        break;
    case ARCH_FX_SPCTR:
        out->spctr_valid = 1u;
        out->spctr_grp = (uint8_t)r.grp;
        out->spctr_ctr = (uint8_t)r.ctr;
        out->spctr_value = r.value;
        break;
    case ARCH_FX_LSCTL:
        out->lsctl_valid = 1u;
        out->lsctl_set = (uint8_t)r.set;
        out->lsctl_e = (uint8_t)r.e;
        out->lsctl_c = (uint8_t)r.c;
        out->lsctl_load = (uint8_t)r.sf_load;
        out->lsctl_s = (uint8_t)r.s;
        out->lsctl_h = (uint8_t)r.h;
        out->lsctl_interval = r.interval;
        out->lsctl_tear = r.tear;
        out->lsctl_dear = r.dear;
        break;
    default: break;
    }
    out->clear_mt = (uint8_t)r.clear_mt;
    out->lsctl_unauth_bad_interval = (uint8_t)r.unauth_bad_interval;
    if (r.store) {
        d->state = CPUMF_IS_STORE;
        d->k = 0u;
        d->ndw = (uint16_t)arch_operand_access(q->op, q->addr, q->count).ndw;
        load_write(q, in, d, 0u);
    }
}

void mf_insn_eval(const mf_insn_state *q, const mf_insn_in *in, mf_insn_out *out, mf_insn_state *d)
{
    const cpumf_cpu_in *io = in->io;
    arch_stcctm_result sr;
    arch_access acc;
    unsigned exc;

    memset(out, 0, sizeof *out);
    *d = *q;
    d->exec_set = (uint8_t)insn_set(q, in);

    /* outputs: functions of the registers (ready also of stopped) */
    out->insn_ready = (uint8_t)(in->installed && q->state == CPUMF_IS_IDLE && !(io->stopped & 1u));
    if (q->state == CPUMF_IS_RESP) {
        out->insn_done = 1u;
        out->cc = q->cc;
        out->exc = q->exc;
        out->r1 = q->r1_out;
    }
    mf_stor_req_present(&q->req, in->req_ready, &out->stor, &d->req);

    switch (q->state) {
    case CPUMF_IS_IDLE:
        if (out->insn_ready && (io->insn_valid & 1u)) {
            d->state = CPUMF_IS_DECODE;
            d->op = (uint8_t)(io->op & 0xFu);
            d->m3 = (uint8_t)(io->m3 & 0xFu);
            d->problem = (uint8_t)(io->insn_problem & 1u);
            d->cr0_15 = (uint8_t)(io->cr0_15 & 1u);
            d->r1 = io->r1;
            d->r2 = io->r2;
            d->addr = io->addr;
            d->operand = 0u;
            memset(d->blk, 0, sizeof d->blk);
            d->k = 0u;
            d->ndw = 0u;
            d->count = 0u;
            d->stc_cc = 0u;
            d->stc_set = 0u;
            d->cc = 0u;
            d->exc = 0u;
            d->r1_out = io->r1;
        }
        break;
    case CPUMF_IS_DECODE:
        exc = arch_decode_exception(&in->cfg->model, q->op, q->m3, q->problem, q->cr0_15, q->r1,
                                    q->r2, q->addr);
        if (exc) {
            to_resp_exc(q, d, exc);
            break;
        }
        d->k = 0u;
        if (q->op == CPUMF_OP_STCCTM) {
            sr = arch_stcctm(&in->cfg->model, q->m3, q->r1, in->st->e, in->pending);
            d->stc_cc = (uint8_t)sr.cc;
            d->stc_set = (uint8_t)sr.set;
            d->count = (uint16_t)sr.count;
        }
        acc = arch_operand_access(q->op, q->addr, d->count);
        if (acc.kind == ARCH_ACC_NONE) {
            d->state = CPUMF_IS_EXEC;
        } else {
            d->state = acc.kind == ARCH_ACC_FETCH ? CPUMF_IS_FETCH : CPUMF_IS_PROBE;
            d->ndw = (uint16_t)acc.ndw;
            load_read(d, q->addr, 0u);
        }
        break;
    case CPUMF_IS_FETCH:
    case CPUMF_IS_PROBE:
        if (in->rsp_valid) {
            if (io->stor_rsp_err & 1u) {
                to_resp_exc(q, d, CPUMF_EXC_ACCESS);
                break;
            }
            if (q->state == CPUMF_IS_FETCH && q->op == CPUMF_OP_LSCTL)
                arch_fetch_merge_block(q->addr, 64u, q->k, io->stor_rsp_data, d->blk, 4u);
            else if (q->state == CPUMF_IS_FETCH)
                d->operand = arch_fetch_merge(q->addr, 8u, q->k, io->stor_rsp_data, q->operand);
            if ((unsigned)q->k + 1u < q->ndw) {
                d->k = (uint16_t)(q->k + 1u);
                load_read(d, q->addr, d->k);
            } else {
                d->state = CPUMF_IS_EXEC;
            }
        }
        break;
    case CPUMF_IS_EXEC: exec(q, in, out, d); break;
    case CPUMF_IS_STORE:
        if (in->rsp_valid) {
            if ((unsigned)q->k + 1u < q->ndw) {
                d->k = (uint16_t)(q->k + 1u);
                load_write(q, in, d, d->k);
            } else {
                d->state = CPUMF_IS_RESP;
            }
        }
        break;
    case CPUMF_IS_RESP:
    default:
        d->state = CPUMF_IS_IDLE;
        d->cc = 0u;
        d->exc = 0u;
        break;
    }
}
