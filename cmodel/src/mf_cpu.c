/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mf_cpu.c - unit mf_cpu: the wiring of one CPU's units (mf_insn, cf_state,
 * cf_counters, mf_alert, sf_ctrl, sf_interval, sf_update), the storage-port
 * arbiter between mf_insn and sf_update (docs/uarch.md section 18) and what
 * the CPU hands to the global unit.
 */
#include <string.h>
#include "cpumf_int.h"

void mf_cpu_power_on(const cpumf_system_cfg *cfg, unsigned index, mf_cpu_state *s)
{
    memset(s, 0, sizeof *s);
    cf_state_power_on(cfg, &s->st);
    sf_ctrl_power_on(cfg, &s->sf);
    sf_interval_power_on(cfg, index, ARCH_LVL_LPAR, &s->iv);
    sf_interval_power_on(cfg, index, ARCH_LVL_VM, &s->iv_vm);
}

/* Arbiter: the requester the port serves in this cycle (section 18). */
static unsigned arb_select(const mf_cpu_state *q)
{
    if (q->own != CPUMF_ARB_NONE)
        return q->own;
    if (q->upd.req.valid)
        return CPUMF_ARB_UPD;
    if (q->insn.req.valid)
        return CPUMF_ARB_INSN;
    return CPUMF_ARB_NONE;
}

/* Both sets' sf_interval edges into d->iv and d->iv_vm, with LSCTL's
 * effects fx (NULL: none); vo[set].  The LPAR set's first: its due sample
 * wins over the VM set's (section 22). */
static void interval(const mf_cpu_state *q, const mf_cpu_in *in, const mf_insn_out *fx,
                     sf_interval_out vo[ARCH_LVL_N], mf_cpu_state *d)
{
    sf_interval_in vi;
    unsigned l;
    vi.io = in->io;
    vi.cfg = in->cfg;
    vi.core_busy = (uint8_t)arch_core_busy(in->cfg, in->sys->cpu, in->index);
    vi.upd_idle = (uint8_t)(q->upd.state == CPUMF_US_IDLE);
    vi.lsctl_exec = fx ? fx->lsctl_exec : 0u;
    vi.load_interval = fx ? fx->lsctl_interval : 0u;
    vi.no_tick = in->no_tick;
    vi.fc = &d->fc;
    vi.due_lpar = 0u;
    for (l = 0; l < ARCH_LVL_N; l++) {
        sf_set_regs x = sf_set_get(&q->sf, l);
        vi.set = (uint8_t)l;
        vi.active_q = (uint8_t)(sf_set_active(&q->sf, l) != 0u);
        vi.interval_q = x.interval;
        vi.load = (uint8_t)(fx && fx->lsctl_valid && fx->lsctl_load && fx->lsctl_set == l);
        sf_interval_eval(mf_cpu_iv_q(q, l), &vi, &vo[l], mf_cpu_iv(d, l));
        vi.due_lpar = vo[ARCH_LVL_LPAR].due;
    }
}

/* The sampling units (section 20), when something of sampling can change:
 * fills so->raised and the update's port request; returns the next E mask. */
static unsigned sampling(const mf_cpu_state *q, const mf_cpu_in *in, const mf_insn_out *fx,
                         unsigned sel, sf_update_out *uo, uint32_t *raised, mf_cpu_state *d)
{
    const cpumf_cpu_in *io = in->io;
    sf_interval_out vo[ARCH_LVL_N];
    sf_update_in ui;
    sf_ctrl_in si;
    sf_ctrl_out so;
    unsigned l;

    interval(q, in, fx, vo, d);

    ui.io = io;
    ui.m = &in->cfg->model;
    ui.sc = &q->sf;
    ui.capture = (uint8_t)(vo[ARCH_LVL_LPAR].capture | vo[ARCH_LVL_VM].capture);
    ui.capture_lvl = (uint8_t)(vo[ARCH_LVL_LPAR].capture ? ARCH_LVL_LPAR : ARCH_LVL_VM);
    ui.req_ready = (uint8_t)(sel == CPUMF_ARB_UPD && (io->stor_req_ready & 1u));
    ui.rsp_valid = (uint8_t)(q->own == CPUMF_ARB_UPD && (io->stor_rsp_valid & 1u));
    ui.fc = &d->fc;
    sf_update_eval(&q->upd, &ui, uo, &d->upd);

    si.io = io;
    si.upd_lvl = uo->lvl;
    si.upd_tear_wr = uo->tear_wr;
    si.upd_dear_wr = uo->dear_wr;
    si.upd_clear_c = uo->clear_c;
    si.upd_alert = uo->raised;
    si.upd_tear = uo->tear;
    si.upd_dear = uo->dear;
    si.lsctl_valid = fx->lsctl_valid;
    si.lsctl_set = fx->lsctl_set;
    si.lsctl_e = fx->lsctl_e;
    si.lsctl_c = fx->lsctl_c;
    si.lsctl_load = fx->lsctl_load;
    si.lsctl_s = fx->lsctl_s;
    si.lsctl_h = fx->lsctl_h;
    si.lsctl_interval = fx->lsctl_interval;
    si.lsctl_tear = fx->lsctl_tear;
    si.lsctl_dear = fx->lsctl_dear;
    si.lpp_valid = fx->lpp_valid;
    si.lpp_vm = fx->lpp_vm;
    si.lpp_value = fx->lpp_value;
    si.fc = &d->fc;
    sf_ctrl_eval(&q->sf, &si, &so, &d->sf);
    /* step 7 per set: no function enabled in the set, its counts are zero */
    for (l = 0; l < ARCH_LVL_N; l++)
        if (!sf_set_get(&d->sf, l).e)
            sf_interval_disable(mf_cpu_iv(d, l));
    *raised |= so.raised | uo->raised;
    return sf_any_enabled(&d->sf);
}

/* The CPU's ports: the instruction response, the storage request of the
 * port's owner (mf_insn or sf_update, none: all zero), the alert. */
static void drive_ports(const mf_insn_out *fx, const sf_update_out *uo, unsigned sel,
                        const mf_alert_out *ao, cpumf_cpu_out *port)
{
    static const mf_stor_req none = {0u, 0u, 0u, 0u, 0u, 0u};
    const mf_stor_req *req = sel == CPUMF_ARB_INSN  ? &fx->stor
                             : sel == CPUMF_ARB_UPD ? &uo->stor
                                                    : &none;

    port->insn_ready = fx->insn_ready;
    port->insn_done = fx->insn_done;
    port->cc = fx->cc;
    port->exc = fx->exc;
    port->r1 = fx->r1;
    port->stor_req_valid = req->valid;
    port->stor_req_we = req->we;
    port->stor_req_op = req->op;
    port->stor_req_be = req->be;
    port->stor_req_addr = req->addr;
    port->stor_req_wdata = req->wdata;
    port->alert_req = ao->req;
    port->alert_param = ao->param;
}

/* What this CPU tells the global unit: LPCTL and SPCTR effects (fx NULL:
 * none), MT state. */
static void to_global(const mf_cpu_state *q, const mf_cpu_state *d, const mf_insn_out *fx,
                      cf_global_cpu_req *greq)
{
    memset(greq, 0, sizeof *greq);
    if (fx) {
        greq->lpctl_valid = fx->lpctl_valid;
        greq->lpctl_e = fx->lpctl_e;
        greq->lpctl_c = fx->lpctl_c;
        greq->spctr_valid = fx->spctr_valid;
        greq->spctr_grp = fx->spctr_grp;
        greq->spctr_ctr = fx->spctr_ctr;
        greq->spctr_value = fx->spctr_value;
    }
    greq->mt_active_q = (uint8_t)((q->st.a & q->st.e & q->st.c & CPUMF_SET_MT) != 0u);
    greq->mt_enabled_d = (uint8_t)((d->st.e & CPUMF_SET_MT) != 0u);
}

/* An input that can move cf_state: SIGP, a loss, an authorization, a reset
 * of this CPU or one that ends multithreading. */
static int counter_state_event(const mf_cpu_in *in)
{
    const cpumf_cpu_in *io = in->io;
    return (in->sys->sigp_mt_valid & 1u) || in->mt_ended ||
           (io->loss_cpu | io->loss_mt | io->auth_set | io->auth_clr | io->reset);
}

/* cf_state's next registers; the alert bits raised.  Without EXEC or an
 * event that can move them they hold. */
static uint32_t counter_state(const mf_cpu_state *q, const mf_cpu_in *in, const mf_insn_out *fx,
                              mf_cpu_state *d)
{
    const cpumf_cpu_in *io = in->io;
    const cpumf_model_cfg *m = &in->cfg->model;
    cf_state_in si;
    cf_state_out so;

    memset(&si, 0, sizeof si);
    si.sigp_valid = (uint8_t)((in->sys->sigp_mt_valid & 1u) && m->csvn > 3u);
    if (!fx->lcctl_valid && !counter_state_event(in)) {
        d->st = q->st;
        return 0u;
    }
    si.io = io;
    si.m = m;
    si.lcctl_valid = fx->lcctl_valid;
    si.lcctl_e = fx->lcctl_e;
    si.lcctl_c = fx->lcctl_c;
    si.sigp_enable = (uint8_t)(in->sys->sigp_mt_enable & 1u);
    si.mt = in->g->mt_enabled;
    si.mt_ended = in->mt_ended;
    si.g_e = in->g->e;
    si.g_c = in->g->c;
    si.fc = &d->fc;
    cf_state_eval(&q->st, &si, &so, &d->st);
    return so.raised;
}

/* mf_alert's next parameter and its request; nothing pending and nothing
 * raised stays so. */
static void alert(const mf_cpu_state *q, const mf_cpu_in *in, const mf_insn_out *fx,
                  uint32_t raised, unsigned sf_e_next, mf_cpu_state *d, mf_alert_out *ao)
{
    const cpumf_cpu_in *io = in->io;
    mf_alert_in ai;

    if (!q->al.pending && !raised) {
        d->al.pending = 0u;
        ao->req = 0u;
        ao->param = 0u;
        return;
    }
    ai.cr0_58 = (uint8_t)(io->cr0_58 & 1u);
    ai.taken = (uint8_t)(io->alert_taken & 1u);
    ai.clear_mt = fx->clear_mt;
    ai.any_reset = (uint8_t)arch_reset_any(io->reset);
    ai.sf_enabled_d = (uint8_t)(sf_e_next != 0u);
    ai.cf_nonmt_enabled_d = (uint8_t)((d->st.e & CPUMF_SETS_NON_MT) != 0u);
    ai.raised = raised;
    mf_alert_eval(&q->al, &ai, ao, &d->al);
    /* alert coverage: only when a bit is raised or dropped (fcov.c) */
    if (raised || d->al.pending != q->al.pending)
        fcov_alert(&d->fc, q->al.pending, ao->req && ai.taken, ai.clear_mt, raised, ai.sf_enabled_d,
                   ai.cf_nonmt_enabled_d, ai.any_reset);
}

/* The counters' edge, from cf_state's next E (d->st) and SCCTR (fx NULL: none). */
static void counters(const mf_cpu_state *q, const mf_cpu_in *in, const mf_insn_out *fx,
                     mf_cpu_state *d)
{
    cf_counters_in ci;
    ci.io = in->io;
    ci.m = &in->cfg->model;
    ci.ext_mask = in->ext_mask;
    ci.e_q = q->st.e;
    ci.active_q = (uint8_t)(q->st.a & q->st.e & q->st.c);
    ci.e_d = d->st.e;
    ci.scctr_valid = fx ? fx->scctr_valid : 0u;
    ci.scctr_slot = fx ? fx->scctr_slot : 0u;
    ci.scctr_value = fx ? fx->scctr_value : 0u;
    cf_counters_eval(&ci, &d->cu);
}

void mf_cpu_compose(const mf_cpu_state *q, const mf_cpu_in *in, const mf_insn_out *fx,
                    mf_cpu_out *out, mf_cpu_state *d)
{
    const cpumf_cpu_in *io = in->io;
    mf_alert_out ao;
    sf_update_out uo;
    unsigned sel = arb_select(q);
    unsigned sf_e_next = sf_any_enabled(&q->sf), sf_touched = 0u;
    uint32_t raised;

    d->fc.n = 0u;
    raised = counter_state(q, in, fx, d);
    if (fx->lsctl_unauth_bad_interval)
        fcov_hit(&d->fc, FCOV_RULE_LSCTL_UNAUTH_BAD_INTERVAL);
    if (fx->lsctl_waits)
        fcov_hit(&d->fc, FCOV_RULE_LSCTL_WAITS_FOR_UPDATE);

    counters(q, in, fx, d);

    /* sampling: only when a function is enabled, an update is busy or an
     * event of this cycle can change the sampling registers */
    memset(&uo, 0, sizeof uo);
    if (sf_any_enabled(&q->sf) || q->upd.state != CPUMF_US_IDLE || fx->lsctl_exec ||
        fx->lpp_valid || (io->loss_sample & 1u) || io->sf_auth_set || io->sf_auth_clr ||
        arch_reset_any(io->reset)) {
        sf_e_next = sampling(q, in, fx, sel, &uo, &raised, d);
        sf_touched = MF_TOUCH_SF;
    }

    /* storage-port arbiter: the next owner */
    d->own = (uint8_t)((io->stor_rsp_valid & 1u) ? (unsigned)CPUMF_ARB_NONE : sel);

    alert(q, in, fx, raised, sf_e_next, d, &ao);
    drive_ports(fx, &uo, sel, &ao, out->port);
    to_global(q, d, fx, out->greq);
    out->touched =
        (uint8_t)((d->cu.clear | d->cu.count | d->cu.wr ? MF_TOUCH_CTR : 0u) | sf_touched);
}

/* Nothing but counting and the interval can happen in this cycle (the
 * common one): the instruction unit idle and nothing presented, the
 * sample-data update idle, the port free, no alert pending, no event on the
 * inputs. */
static int counting_only(const mf_cpu_state *q, const mf_cpu_in *in)
{
    const cpumf_cpu_in *io = in->io;
    return q->insn.state == CPUMF_IS_IDLE && !q->insn.req.valid && q->upd.state == CPUMF_US_IDLE &&
           !q->upd.req.valid && q->own == CPUMF_ARB_NONE && !q->al.pending &&
           !counter_state_event(in) &&
           !(io->insn_valid | io->loss_sample | io->sf_auth_set | io->sf_auth_clr);
}

/* Such a cycle, unless a sample falls due (0: evaluate it all): the
 * registers hold, the counters count, the interval moves, the port is idle. */
static int count_only(const mf_cpu_state *q, const mf_cpu_in *in, mf_cpu_out *out, mf_cpu_state *d)
{
    sf_interval_out vo[ARCH_LVL_N];
    unsigned sf_e = sf_any_enabled(&q->sf);
    d->fc.n = 0u;
    if (sf_e) {
        interval(q, in, NULL, vo, d);
        if (vo[ARCH_LVL_LPAR].due || vo[ARCH_LVL_VM].due)
            return 0;
    }
    d->st = q->st;
    d->al.pending = 0u;
    d->own = CPUMF_ARB_NONE;
    counters(q, in, NULL, d);
    memset(out->port, 0, sizeof *out->port);
    out->port->insn_ready = (uint8_t) !(in->io->stopped & 1u);
    to_global(q, d, NULL, out->greq);
    out->touched = (uint8_t)((d->cu.clear | d->cu.count | d->cu.wr ? MF_TOUCH_CTR : 0u) |
                             (sf_e ? MF_TOUCH_IV : 0u));
    return 1;
}

void mf_cpu_eval(const mf_cpu_state *q, const mf_cpu_in *in, mf_cpu_out *out, mf_cpu_state *d)
{
    const cpumf_cpu_in *io = in->io;
    const cpumf_system_cfg *cfg = in->cfg;
    unsigned tpc = cfg->threads_per_core ? cfg->threads_per_core : 1u;
    unsigned sel = arb_select(q);
    mf_insn_in ii;
    mf_insn_out io_;

    if (counting_only(q, in) && count_only(q, in, out, d))
        return;
    /* the instruction unit idle, nothing to send or accept: it holds its
     * registers and only tells whether it is ready */
    if (q->insn.state == CPUMF_IS_IDLE && !q->insn.req.valid && !(io->insn_valid & 1u)) {
        memset(&io_, 0, sizeof io_);
        io_.insn_ready = (uint8_t) !(io->stopped & 1u);
        mf_cpu_compose(q, in, &io_, out, d);
        return;
    }
    /* instruction unit */
    ii.io = io;
    ii.cfg = cfg;
    ii.installed = 1u;
    ii.st = &q->st;
    ii.sf = &q->sf;
    ii.upd_idle = (uint8_t)(q->upd.state == CPUMF_US_IDLE);
    ii.req_ready = (uint8_t)(sel == CPUMF_ARB_INSN && (io->stor_req_ready & 1u));
    ii.rsp_valid = (uint8_t)(q->own == CPUMF_ARB_INSN && (io->stor_rsp_valid & 1u));
    ii.pending = q->al.pending;
    ii.ctr = &q->ctr;
    ii.g = in->g;
    ii.core = in->index / tpc;
    mf_insn_eval(&q->insn, &ii, &io_, &d->insn);
    mf_cpu_compose(q, in, &io_, out, d);
    out->touched |= MF_TOUCH_INSN;
}

void mf_cpu_commit(mf_cpu_state *q, const mf_cpu_state *d, unsigned touched,
                   const cpumf_model_cfg *m)
{
    q->st = d->st;
    q->al = d->al;
    q->own = d->own;
    if (touched & MF_TOUCH_INSN)
        q->insn = d->insn;
    if (touched & MF_TOUCH_SF) {
        q->sf = d->sf;
        q->upd = d->upd;
    }
    if (touched & (MF_TOUCH_SF | MF_TOUCH_IV)) {
        q->iv = d->iv;
        q->iv_vm = d->iv_vm;
    }
    if (touched & MF_TOUCH_CTR)
        cf_counters_commit(&q->ctr, &d->cu, 1u, m);
}
