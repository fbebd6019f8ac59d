/*
 * mf_cpu.c - unit mf_cpu: the wiring of one CPU's units (mf_insn, cf_state,
 * cf_counters, mf_alert) and what the CPU hands to the global unit.
 */
#include <string.h>
#include "cpumf_int.h"

void mf_cpu_power_on(const cpumf_system_cfg *cfg, mf_cpu_state *s)
{
    memset(s, 0, sizeof *s);
    cf_state_power_on(cfg, &s->st);
}

void mf_cpu_eval(const mf_cpu_state *q, const mf_cpu_in *in, mf_cpu_out *out,
                 mf_cpu_state *d)
{
    const cpumf_cpu_in *io = in->io;
    const cpumf_system_cfg *cfg = in->cfg;
    unsigned tpc = cfg->threads_per_core ? cfg->threads_per_core : 1u;
    mf_insn_in ii;
    mf_insn_out io_;

    /* instruction unit */
    ii.io = io;
    ii.cfg = cfg;
    ii.installed = 1u;
    ii.st = &q->st;
    ii.pending = q->al.pending;
    ii.ctr = &q->ctr;
    ii.g = in->g;
    ii.core = in->index / tpc;
    mf_insn_eval(&q->insn, &ii, &io_, &d->insn);
    mf_cpu_compose(q, in, &io_, out, d);
}

void mf_cpu_compose(const mf_cpu_state *q, const mf_cpu_in *in, const mf_insn_out *fx,
                    mf_cpu_out *out, mf_cpu_state *d)
{
    const cpumf_cpu_in *io = in->io;
    const cpumf_system_cfg *cfg = in->cfg;
    const cpumf_model_cfg *m = &cfg->model;
    cf_state_in si;
    cf_state_out so;
    cf_counters_in ci;
    cf_counters_out co;
    mf_alert_in ai;
    mf_alert_out ao;
    unsigned rs = io->reset;

    /* counter-set state */
    memset(&si, 0, sizeof si);
    si.io = io;
    si.m = m;
    si.lcctl_valid = fx->lcctl_valid;
    si.lcctl_e = fx->lcctl_e;
    si.lcctl_c = fx->lcctl_c;
    si.lpp_valid = fx->lpp_valid;
    si.lpp_value = fx->lpp_value;
    si.sigp_valid = (uint8_t)((in->sys->sigp_mt_valid & 1u) && m->csvn > 3u);
    si.sigp_enable = (uint8_t)(in->sys->sigp_mt_enable & 1u);
    si.g_e = in->g->e;
    cf_state_eval(&q->st, &si, &so, &d->st);

    /* counters */
    ci.io = io;
    ci.m = m;
    ci.e_q = q->st.e;
    ci.active_q = (uint8_t)(q->st.a & q->st.e & q->st.c);
    ci.e_d = d->st.e;
    ci.scctr_valid = fx->scctr_valid;
    ci.scctr_slot = fx->scctr_slot;
    ci.scctr_value = fx->scctr_value;
    cf_counters_eval(&q->ctr, &ci, &co, &d->ctr);

    /* alert */
    ai.cr0_58 = (uint8_t)(io->cr0_58 & 1u);
    ai.taken = (uint8_t)(io->alert_taken & 1u);
    ai.clear_mt = fx->clear_mt;
    ai.any_reset = (uint8_t)(rs >= CPUMF_RESET_CPU && rs <= CPUMF_RESET_POWER_ON);
    ai.sf_enabled_d = (uint8_t)(d->st.sf_e != 0u);
    ai.cf_nonmt_enabled_d = (uint8_t)((d->st.e & ARCH_SETS_NONMT) != 0u);
    ai.raised = so.raised;
    mf_alert_eval(&q->al, &ai, &ao, &d->al);

    /* ports */
    out->port.insn_ready = fx->insn_ready;
    out->port.insn_done = fx->insn_done;
    out->port.cc = fx->cc;
    out->port.exc = fx->exc;
    out->port.r1 = fx->r1;
    out->port.stor_req_valid = fx->stor_req_valid;
    out->port.stor_req_we = fx->stor_req_we;
    out->port.stor_req_be = fx->stor_req_be;
    out->port.stor_req_addr = fx->stor_req_addr;
    out->port.stor_req_wdata = fx->stor_req_wdata;
    out->port.alert_req = ao.req;
    out->port.alert_param = ao.param;

    /* to the global unit */
    out->greq.lpctl_valid = fx->lpctl_valid;
    out->greq.lpctl_e = fx->lpctl_e;
    out->greq.lpctl_c = fx->lpctl_c;
    out->greq.spctr_valid = fx->spctr_valid;
    out->greq.spctr_grp = fx->spctr_grp;
    out->greq.spctr_ctr = fx->spctr_ctr;
    out->greq.spctr_value = fx->spctr_value;
    out->greq.mt_active_q = (uint8_t)((q->st.a & q->st.e & q->st.c & CPUMF_SET_MT) != 0u);
    out->greq.mt_enabled_d = (uint8_t)((d->st.e & CPUMF_SET_MT) != 0u);
    out->touched = co.touched;
}

void mf_cpu_commit(mf_cpu_state *q, const mf_cpu_state *d, unsigned touched,
                   const cpumf_model_cfg *m)
{
    q->st = d->st;
    q->al = d->al;
    q->insn = d->insn;
    if (touched)
        cf_counters_commit(&q->ctr, &d->ctr, touched, m);
}
