/* SPDX-License-Identifier: Apache-2.0 */
/*
 * advance.c - fast-forward over quiet cycles (cpumf_cycles_to_next_event,
 * cpumf_advance; docs/uarch.md section 21).  A cycle is quiet when its edge,
 * evaluated from the current state and the inputs, changes nothing but
 * counting: the CPU counters, the group and MT counters, the interval count
 * (no sample falls due) and coverage bins of plain hits.  The next cycle,
 * with the same inputs, then evaluates the same way: nothing it reads has
 * changed but the interval count, which only matters when it runs out.  So
 * k quiet cycles are one edge applied k times.
 */
#include <string.h>
#include "cpumf_int.h"

/* One CPU's quiet cycle: the edge its evaluation gives, and how many such
 * cycles follow one another (UINT64_MAX: until the inputs change). */
typedef struct quiet_cpu {
    mf_cpu_state d;
    cpumf_cpu_out port;
    cf_global_cpu_req greq;
    uint8_t touched; /* MF_TOUCH_* */
    uint8_t tick;    /* bit l: the interval of set l (ARCH_LVL_*) counts in each of them */
} quiet_cpu;

static uint64_t min_u64(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

/* The quiet ticks of an interval machinery before a sample falls due (0:
 * one falls due at the next tick). */
static uint64_t iv_quiet_ticks(const sf_interval_state *v)
{
    uint64_t n;
    if (v->cnt <= 1u || (v->sec_act && v->sec <= 1u))
        return 0u;
    n = v->cnt - 1u;
    if (v->sec_act)
        n = min_u64(n, v->sec - 1u);
    return n;
}

/* k ticks of an interval machinery that none of them runs out. */
static void iv_advance(sf_interval_state *v, uint64_t k)
{
    v->cnt -= k;
    if (v->sec_act)
        v->sec = (uint8_t)(v->sec - k);
}

/* Coverage events of an edge that are all plain bins (counted k times). */
static int only_bins(const fcov_hits *h)
{
    unsigned i;
    for (i = 0; i < h->n; i++)
        if ((h->ev[i] >> 56) != FCOV_EV_BIN)
            return 0;
    return 1;
}

/* Evaluates CPU i in a cycle with inputs in; the quiet cycles from there
 * (0: this one is not quiet). */
static uint64_t quiet_cpu_eval(const cpumf_sys *s, unsigned i, const cpumf_sys_in *in, quiet_cpu *x)
{
    const mf_cpu_state *q = &s->q[i];
    const cpumf_cpu_in *io = &in->cpu[i];
    cpumf_cpu_in tmp;
    mf_cpu_in ci;
    unsigned l, busy;
    uint64_t n = UINT64_MAX;

    /* an access in flight: its response is an event */
    if (q->own != CPUMF_ARB_NONE || q->insn.req.valid || q->upd.req.valid ||
        q->upd.state != CPUMF_US_IDLE || (s->stor_ops_p && s->port[i].rsp_valid))
        return 0u;
    /* a sampling event of the inputs */
    if ((io->loss_sample & 1u) || io->sf_auth_set || io->sf_auth_clr || arch_reset_any(io->reset))
        return 0u;
    if (s->stor_ops_p) {
        tmp = *io;
        tmp.stor_req_ready = 1u;
        tmp.stor_rsp_valid = 0u;
        io = &tmp;
    }
    /* each set's interval (section 22; the VM set's reads level, held over
     * the span like every input a quiet cycle reads): the span ends before
     * the first tick at which either set's count runs out */
    busy = arch_core_busy(&s->cfg, in->cpu, i);
    x->tick = 0u;
    for (l = 0; l < ARCH_LVL_N; l++) {
        if (!arch_sf_set_tick(l, sf_set_active(&q->sf, l) != 0u, io, s->cfg.dedicated, busy))
            continue;
        x->tick |= (uint8_t)(1u << l);
        n = min_u64(n, iv_quiet_ticks(mf_cpu_iv_q(q, l)));
        if (n == 0u)
            return 0u;
    }
    mf_cpu_out co = {&x->port, &x->greq, 0u};
    sys_cpu_in(s, in, 0u, &ci);
    ci.io = io;
    ci.index = i;
    mf_cpu_eval(q, &ci, &co, &x->d);
    x->touched = co.touched;
    if ((x->touched & MF_TOUCH_INSN) || x->port.stor_req_valid || x->port.insn_done ||
        x->d.st.a != q->st.a || x->d.st.e != q->st.e || x->d.st.c != q->st.c ||
        x->d.st.cg_a != q->st.cg_a || x->d.al.pending != q->al.pending || x->d.own != q->own ||
        x->d.cu.wr || !only_bins(&x->d.fc))
        return 0u;
    return n;
}

/* The global unit in a quiet cycle: its registers hold, no SPCTR. */
static int quiet_global(const cpumf_sys *s, const cpumf_sys_in *in, const quiet_cpu *x,
                        cf_global_state *gd)
{
    cf_global_in gin;
    unsigned i;
    gin.cfg = &s->cfg;
    gin.sys = in;
    gin.mt_ended = (uint8_t)arch_resets_end_mt(&s->cfg, in->cpu);
    for (i = 0; i < s->cfg.n_cpus; i++)
        gin.cpu[i] = x[i].greq;
    cf_global_eval(&s->gq, &gin, gd);
    return gd->e == s->gq.e && gd->c == s->gq.c && gd->change == s->gq.change &&
           gd->mt_enabled == s->gq.mt_enabled && gd->fc.n == 0u && gd->u.n_wr == 0u;
}

/* The quiet cycles from now with inputs in, their edges in x and gd. */
static uint64_t quiet_span(const cpumf_sys *s, const cpumf_sys_in *in, quiet_cpu *x,
                           cf_global_state *gd)
{
    uint64_t n = UINT64_MAX;
    unsigned i;
    for (i = 0; i < s->cfg.n_cpus && n > 0u; i++)
        n = min_u64(n, quiet_cpu_eval(s, i, in, &x[i]));
    if (n > 0u && !quiet_global(s, in, x, gd))
        n = 0u;
    return n;
}

uint64_t cpumf_cycles_to_next_event(const cpumf_sys *s, const cpumf_sys_in *in, cpumf_sys_out *out)
{
    quiet_cpu x[CPUMF_MAX_CPUS];
    cf_global_state gd;
    uint64_t n = quiet_span(s, in, x, &gd);
    unsigned i;
    if (out) {
        memset(out, 0, sizeof *out);
        for (i = 0; n > 0u && i < s->cfg.n_cpus; i++)
            out->cpu[i] = x[i].port;
    }
    return n;
}

int cpumf_advance(cpumf_sys *s, const cpumf_sys_in *in, uint64_t k, cpumf_sys_out *out)
{
    quiet_cpu x[CPUMF_MAX_CPUS];
    cf_global_state gd;
    unsigned i, j, l;
    if (k == 0u)
        return 0;
    if (quiet_span(s, in, x, &gd) < k) {
        sys_set_error(s, "advance: %llu cycles, more than the quiet ones before the next event",
                      (unsigned long long)k);
        return -1;
    }
    for (i = 0; i < s->cfg.n_cpus; i++) {
        mf_cpu_state *q = &s->q[i];
        if (x[i].touched & MF_TOUCH_CTR)
            cf_counters_commit(&q->ctr, &x[i].d.cu, k, &s->cfg.model);
        for (l = 0; l < ARCH_LVL_N; l++)
            if (x[i].tick & (1u << l))
                iv_advance(mf_cpu_iv(q, l), k);
        for (j = 0; j < x[i].d.fc.n; j++)
            if (x[i].d.fc.ev[j] < FCOV_NBINS)
                s->fcov[x[i].d.fc.ev[j]] += k;
        if (out)
            out->cpu[i] = x[i].port;
        s->port[i].acc_valid = 0u; /* an uncommitted cpumf_eval's request is discarded */
    }
    if (out)
        for (; i < CPUMF_MAX_CPUS; i++)
            memset(&out->cpu[i], 0, sizeof out->cpu[i]);
    cf_global_commit(&s->gq, &gd, k, &s->cfg);
    s->cycle += k;
    s->evaluated = 0u;
    s->last_err[0] = '\0';
    return 0;
}
