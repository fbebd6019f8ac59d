/* runner.c - scenario runner: the cycle loop, checks and results. */
#include "runner.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/sampler.h"

typedef struct step_res {
    uint8_t presented, issued_ok, done_ok;
    uint8_t cc, exc, ok;
    uint64_t issued, done, r1;
} step_res;

typedef struct intr_rec {
    uint8_t cpu;
    uint64_t cycle;
    uint32_t param;
} intr_rec;

/* an instruction a driver presented (results "driver_steps") */
typedef struct drv_rec {
    uint16_t drv;
    uint8_t cpu, tag, op, issued_ok, done_ok, cc, exc;
    uint64_t queued, issued, done, r1, r2, addr;
} drv_rec;

typedef struct cpu_rt {
    uint32_t *q;           /* insn step indices of this CPU, scenario order */
    uint32_t qn, qpos;
    uint32_t *dq;          /* driver instructions (drv_rec indices), FIFO */
    uint32_t dqn, dqcap, dqpos;
    uint8_t cur_drv;       /* the instruction in flight is dq[dqpos] */
    uint8_t pend_done, pend_alert;   /* driver events of this cycle */
    uint32_t pend_param;
    int drv;               /* index of this CPU's driver, -1 none */
    uint8_t chk_prev;      /* interval check: active in the previous cycle */
    uint64_t chk_cnt, chk_due;
    uint8_t busy;          /* 0 none, 1 presenting, 2 accepted */
    uint64_t ready_at;     /* earliest cycle for the next presentation */
    uint8_t stopped, cr0_58, alert_seen;
    tb_activity act;
} cpu_rt;

typedef struct run_ctx {
    const tb_scenario *sc;
    const tb_options *opt;
    step_res *res;
    intr_rec *intr;
    size_t n_intr, cap_intr;
    char **fail;
    uint32_t n_fail, cap_fail;
    int apart;          /* RTL and model differed: later failures are its echoes */
    /* drivers */
    cpu_rt *rt;
    tb_storage *stor;
    tb_backend *be;
    uint64_t now;
    tb_sampler **smp;
    drv_rec *drec;
    uint32_t n_drec, cap_drec;
} run_ctx;

static void *xalloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p) {
        fprintf(stderr, "cpumf: out of memory\n");
        abort();
    }
    return p;
}

static void failf(run_ctx *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void failf(run_ctx *r, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    int n;
    if (r->apart)
        return;
    va_start(ap, fmt);
    n = snprintf(buf, sizeof buf, "scenario %s: ", r->sc->name);
    if (n < 0)
        n = 0;
    vsnprintf(buf + n, sizeof buf - (size_t)n, fmt, ap);
    va_end(ap);
    fprintf(stderr, "FAIL: %s\n", buf);
    if (r->n_fail == r->cap_fail) {
        r->cap_fail = r->cap_fail ? r->cap_fail * 2 : 16;
        r->fail = realloc(r->fail, r->cap_fail * sizeof *r->fail);
        if (!r->fail)
            abort();
    }
    r->fail[r->n_fail] = xalloc(strlen(buf) + 1);
    memcpy(r->fail[r->n_fail++], buf, strlen(buf) + 1);
}

/* ---- driver I/O (sampler.h) ---- */
static void io_write(void *ctx, uint64_t addr, const uint8_t *buf, size_t len)
{
    run_ctx *r = ctx;
    tb_storage_write_bytes(r->stor, addr, buf, len);
    if (r->be->mem_write)
        r->be->mem_write(r->be->ctx, addr, buf, len);
}

static void io_queue(void *ctx, unsigned drv, unsigned cpu, unsigned tag, uint8_t op, uint64_t r2, uint64_t addr)
{
    run_ctx *r = ctx;
    cpu_rt *q = &r->rt[cpu];
    drv_rec *d;
    if (r->n_drec == r->cap_drec) {
        r->cap_drec = r->cap_drec ? r->cap_drec * 2 : 32;
        r->drec = realloc(r->drec, r->cap_drec * sizeof *r->drec);
        if (!r->drec)
            abort();
    }
    d = &r->drec[r->n_drec];
    memset(d, 0, sizeof *d);
    d->drv = (uint16_t)drv;
    d->cpu = (uint8_t)cpu;
    d->tag = (uint8_t)tag;
    d->op = op;
    d->r2 = r2;
    d->addr = addr;
    d->queued = r->now;
    if (q->dqn == q->dqcap) {
        q->dqcap = q->dqcap ? q->dqcap * 2 : 16;
        q->dq = realloc(q->dq, q->dqcap * sizeof *q->dq);
        if (!q->dq)
            abort();
    }
    q->dq[q->dqn++] = r->n_drec++;
}

static void io_fail(void *ctx, const char *msg)
{
    failf((run_ctx *)ctx, "%s", msg);
}

static const char *exc_str(unsigned e)
{
    const char *s = tb_exc_name(e);
    return s ? s : "null";
}

static int cc_unchanged(unsigned op)
{
    return op == CPUMF_OP_LPP || op == CPUMF_OP_QCTRI || op == CPUMF_OP_QSI;
}

/* check one instruction response against its step's expect */
static void check_step(run_ctx *r, uint32_t idx)
{
    const tb_step *st = &r->sc->steps[idx];
    step_res *x = &r->res[idx];
    const char *op = tb_op_name(st->op);
    x->ok = 1;
    if (st->exp_flags & TB_EXP_EXC && x->exc != st->exp_exc) {
        x->ok = 0;
        failf(r, "step %u (%s, cpu %u) cycle %" PRIu64 ": exception expected %s, actual %s", idx, op,
              st->cpu, x->done, exc_str(st->exp_exc), exc_str(x->exc));
    }
    if (st->exp_flags & TB_EXP_CC) {
        if (x->exc != CPUMF_EXC_NONE) {
            x->ok = 0;
            failf(r, "step %u (%s, cpu %u) cycle %" PRIu64 ": cc expected %u, actual null (exception %s)",
                  idx, op, st->cpu, x->done, st->exp_cc, exc_str(x->exc));
        } else if (x->cc != st->exp_cc) {
            x->ok = 0;
            failf(r, "step %u (%s, cpu %u) cycle %" PRIu64 ": cc expected %u, actual %u", idx, op,
                  st->cpu, x->done, st->exp_cc, x->cc);
        }
    }
    if (st->exp_flags & TB_EXP_ISSUED && x->issued != st->exp_issued) {
        x->ok = 0;
        failf(r, "step %u (%s, cpu %u) cycle %" PRIu64 ": issued expected %" PRIu64 ", actual %" PRIu64, idx, op,
              st->cpu, x->done, st->exp_issued, x->issued);
    }
    if (st->exp_flags & TB_EXP_DONE && x->done != st->exp_done) {
        x->ok = 0;
        failf(r, "step %u (%s, cpu %u) cycle %" PRIu64 ": done expected %" PRIu64 ", actual %" PRIu64, idx, op,
              st->cpu, x->done, st->exp_done, x->done);
    }
    if (st->exp_flags & TB_EXP_R1 && x->r1 != st->exp_r1) {
        x->ok = 0;
        failf(r, "step %u (%s, cpu %u) cycle %" PRIu64 ": r1 expected 0x%016" PRIx64 ", actual 0x%016" PRIx64,
              idx, op, st->cpu, x->done, st->exp_r1, x->r1);
    }
}

static int cmp_at(const void *a, const void *b, const tb_scenario *sc)
{
    uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
    if (sc->steps[i].at != sc->steps[j].at)
        return sc->steps[i].at < sc->steps[j].at ? -1 : 1;
    return i < j ? -1 : (i > j);
}

/* insertion-free stable sort: merge sort on indices */
static void sort_steps(uint32_t *v, uint32_t *tmp, uint32_t n, const tb_scenario *sc)
{
    uint32_t w, i;
    for (w = 1; w < n; w *= 2) {
        for (i = 0; i < n; i += 2 * w) {
            uint32_t a = i, am = i + w < n ? i + w : n, b = am, bm = i + 2 * w < n ? i + 2 * w : n, k = i;
            while (a < am && b < bm)
                tmp[k++] = cmp_at(&v[b], &v[a], sc) < 0 ? v[b++] : v[a++];
            while (a < am)
                tmp[k++] = v[a++];
            while (b < bm)
                tmp[k++] = v[b++];
        }
        memcpy(v, tmp, n * sizeof *v);
    }
}

static void apply_step(const tb_scenario *sc, const tb_step *st, cpu_rt *rt, cpumf_sys_in *in)
{
    cpumf_cpu_in *c = &in->cpu[st->cpu];
    switch (st->kind) {
    case TB_STEP_AUTHORIZE:
        c->auth_set |= st->cf_mask;
        c->sf_auth_set |= st->sf_mask;
        break;
    case TB_STEP_UNAUTHORIZE:
        c->auth_clr |= st->cf_mask;
        c->sf_auth_clr |= st->sf_mask;
        break;
    case TB_STEP_RESET:
        if (st->reset > c->reset)
            c->reset = st->reset;
        break;
    case TB_STEP_STOP:
        rt[st->cpu].stopped = 1;
        break;
    case TB_STEP_START:
        rt[st->cpu].stopped = 0;
        break;
    case TB_STEP_EVENT:
        switch (st->event) {
        case TB_EV_LOSS_CPU: c->loss_cpu |= st->ev_set; break;
        case TB_EV_LOSS_MT: c->loss_mt = 1; break;
        case TB_EV_LOSS_SAMPLE: c->loss_sample = 1; break;
        case TB_EV_CG_ADDR_CHANGE: in->cg_addr_change = 1; break;
        case TB_EV_SET_MT:
            in->sigp_mt_valid = 1;
            in->sigp_mt_enable = st->ev_param != 0;
            break;
        default: break;
        }
        break;
    case TB_STEP_CR0_58:
        rt[st->cpu].cr0_58 = st->cr0_58;
        break;
    case TB_STEP_ACTIVITY:
        tb_activity_merge(&rt[st->cpu].act, &sc->acts[st->act]);
        break;
    default:
        break;
    }
}

/* ---------------- final state ---------------- */

static const char *state_name(int a, int e, int c)
{
    if (!a)
        return "unauthorized";
    if (!e)
        return "disabled";
    if (!c)
        return "inactive";
    return "active";
}

static int state_code(int a, int e, int c)
{
    return !a ? 0 : !e ? 1 : !c ? 2 : 3;
}

static const char *const state_names4[4] = { "unauthorized", "disabled", "inactive", "active" };

static uint8_t set_of_counter(unsigned n)
{
    if (n < 32)
        return CPUMF_SET_BASIC;
    if (n < 64)
        return CPUMF_SET_PROBLEM;
    if (n < 128)
        return CPUMF_SET_CRYPTO;
    if (n < 448)
        return CPUMF_SET_EXT;
    return CPUMF_SET_MT;
}

/* value ECCTR would read (cc 0): 1 and *v, or 0 */
static int readable(const cpumf_system_cfg *cfg, const cpumf_obs *o, unsigned cpu, unsigned n, uint64_t *v)
{
    const cpumf_cpu_obs *c = &o->cpu[cpu];
    int slot = cpumf_counter_slot(&cfg->model, n);
    if (slot == -2) {
        unsigned tpc = cfg->threads_per_core ? cfg->threads_per_core : 1u;
        if (!(c->cf_e & CPUMF_SET_MT) || (c->alert_pending & 0x00008000u))
            return 0;
        *v = o->mt_ctr[cpu / tpc][n - 448];
        return 1;
    }
    if (slot < 0 || slot >= CPUMF_NSLOT)
        return 0;
    if (!(c->cf_e & set_of_counter(n)))
        return 0;
    *v = c->ctr[slot];
    return 1;
}

static const struct { const char *name; uint8_t mask; } sets5[5] = {
    { "basic", CPUMF_SET_BASIC }, { "problem_state", CPUMF_SET_PROBLEM },
    { "crypto", CPUMF_SET_CRYPTO }, { "extended", CPUMF_SET_EXT }, { "mt", CPUMF_SET_MT }
};

static const char *const smp_keys[TB_SMP_NEXP] = { "stored", "overflow", "collisions", "read", "lost" };

static void sampler_counts(const run_ctx *r, unsigned cpu, uint64_t *read, uint64_t *lost)
{
    tb_sampler_stats st;
    *read = *lost = 0;
    if (r->rt[cpu].drv < 0)
        return;
    tb_sampler_get_stats(r->smp[r->rt[cpu].drv], &st);
    *read = st.samples_read;
    *lost = st.lost;
}

static void check_range(run_ctx *r, const tb_range *x, uint64_t v, uint64_t cyc, const char *what)
{
    if (!x->has || (v >= x->lo && v <= x->hi))
        return;
    if (x->lo == x->hi)
        failf(r, "step final cycle %" PRIu64 ": %s expected %" PRIu64 ", actual %" PRIu64, cyc, what, x->lo, v);
    else
        failf(r, "step final cycle %" PRIu64 ": %s expected %" PRIu64 "..%" PRIu64 ", actual %" PRIu64, cyc, what,
              x->lo, x->hi, v);
}

static void check_sf_final(run_ctx *r, const tb_expect_cpu *x, const cpumf_cpu_obs *c, unsigned i, uint64_t cyc)
{
    uint64_t v[TB_SMP_NEXP];
    char what[64];
    unsigned k;
    v[0] = c->n_stored;
    v[1] = c->n_overflow;
    v[2] = c->collisions;
    sampler_counts(r, i, &v[3], &v[4]);
    for (k = 0; k < TB_SMP_NEXP; k++) {
        snprintf(what, sizeof what, "cpu %u samples.%s", i, smp_keys[k]);
        check_range(r, &x->samples[k], v[k], cyc, what);
    }
    if (x->has_tear && x->tear != c->tear)
        failf(r, "step final cycle %" PRIu64 ": cpu %u tear expected 0x%016" PRIx64 ", actual 0x%016" PRIx64, cyc, i,
              x->tear, c->tear);
    if (x->has_dear && x->dear != c->dear)
        failf(r, "step final cycle %" PRIu64 ": cpu %u dear expected 0x%016" PRIx64 ", actual 0x%016" PRIx64, cyc, i,
              x->dear, c->dear);
    if (x->has_interval && x->interval != c->interval)
        failf(r, "step final cycle %" PRIu64 ": cpu %u interval expected 0x%016" PRIx64 ", actual 0x%016" PRIx64,
              cyc, i, x->interval, c->interval);
    if (x->s >= 0 && x->s != c->sf_s)
        failf(r, "step final cycle %" PRIu64 ": cpu %u s expected %d, actual %u", cyc, i, x->s, c->sf_s);
    if (x->h >= 0 && x->h != c->sf_h)
        failf(r, "step final cycle %" PRIu64 ": cpu %u h expected %d, actual %u", cyc, i, x->h, c->sf_h);
}

/* drivers' expectations, interval checks, interruption counts */
static void check_drivers(run_ctx *r, const cpumf_obs *o, uint64_t cyc)
{
    const tb_scenario *sc = r->sc;
    static const char *const dk[TB_DRV_NEXP] = { "samples_read", "overflow", "alerts", "blocks",
                                                  "invalid_entry", "incorrect_sdbt", "loss" };
    uint32_t i, k;
    for (i = 0; i < sc->n_drivers; i++) {
        const tb_driver *dv = &sc->drivers[i];
        const cpumf_cpu_obs *c = &o->cpu[dv->cpu];
        tb_sampler_stats st;
        uint64_t v[TB_DRV_NEXP];
        char what[96];
        tb_sampler_get_stats(r->smp[i], &st);
        v[0] = st.samples_read;
        v[1] = st.lost;
        v[2] = st.alerts[TB_AL_PROGRAM_REQUEST];
        v[3] = st.blocks;
        v[4] = st.alerts[TB_AL_INVALID_ENTRY];
        v[5] = st.alerts[TB_AL_INCORRECT_SDBT];
        v[6] = st.alerts[TB_AL_LOSS];
        for (k = 0; k < TB_DRV_NEXP; k++) {
            snprintf(what, sizeof what, "driver %u (sampler, cpu %u) %s", i, dv->cpu, dk[k]);
            check_range(r, &dv->expect[k], v[k], cyc, what);
        }
        if (dv->check_intervals) {
            uint64_t due = r->rt[dv->cpu].chk_due, got = c->n_stored + c->n_overflow + c->collisions;
            uint64_t slack = c->upd_state != CPUMF_US_IDLE;   /* one sample still being stored */
            if (!(got <= due && due - got <= slack))
                failf(r, "step final cycle %" PRIu64 ": driver %u (sampler, cpu %u) SF-INT-2: stored %" PRIu64
                         " + overflow %" PRIu64 " + collisions %" PRIu64 " = %" PRIu64 " expected %" PRIu64
                         " samples due (bench interval count%s)", cyc, i, dv->cpu, c->n_stored, c->n_overflow,
                      c->collisions, got, due, slack ? ", one may be in flight" : "");
            if (st.samples_read != c->n_stored)
                failf(r, "step final cycle %" PRIu64 ": driver %u (sampler, cpu %u) samples read expected %" PRIu64
                         " (stored), actual %" PRIu64, cyc, i, dv->cpu, c->n_stored, st.samples_read);
        }
    }
    for (i = 0; i < sc->n_exp_icount; i++) {
        const tb_expect_icount *x = &sc->exp_icount[i];
        uint64_t n = 0;
        size_t j;
        for (j = 0; j < r->n_intr; j++)
            if (r->intr[j].cpu == x->cpu && (r->intr[j].param & x->param) == x->param)
                n++;
        if (n < x->lo || n > x->hi)
            failf(r, "step final: expect_interruption_counts %u: interruptions on cpu %u with param bits 0x%08x "
                     "expected %" PRIu64 "..%" PRIu64 ", actual %" PRIu64, i, x->cpu, x->param, x->lo, x->hi, n);
    }
}

static void check_final(run_ctx *r, const cpumf_obs *o, uint64_t cyc)
{
    const tb_scenario *sc = r->sc;
    const cpumf_system_cfg *cfg = &sc->system;
    unsigned i, k;
    if (!sc->has_expect_final)
        return;
    for (i = 0; i < cfg->n_cpus; i++) {
        const tb_expect_cpu *x = &sc->exp_cpu[i];
        const cpumf_cpu_obs *c = &o->cpu[i];
        if (!x->present)
            continue;
        for (k = 0; k < x->n_ctr; k++) {
            uint64_t v = 0;
            int rd = readable(cfg, o, i, x->ctr_num[k], &v);
            if (x->ctr_absent[k] && rd)
                failf(r, "step final cycle %" PRIu64 ": cpu %u counter %u expected not readable, actual 0x%016" PRIx64,
                      cyc, i, x->ctr_num[k], v);
            else if (!x->ctr_absent[k] && !rd)
                failf(r, "step final cycle %" PRIu64 ": cpu %u counter %u expected 0x%016" PRIx64 ", actual not readable",
                      cyc, i, x->ctr_num[k], x->ctr_val[k]);
            else if (!x->ctr_absent[k] && v != x->ctr_val[k])
                failf(r, "step final cycle %" PRIu64 ": cpu %u counter %u expected 0x%016" PRIx64 ", actual 0x%016" PRIx64,
                      cyc, i, x->ctr_num[k], x->ctr_val[k], v);
        }
        for (k = 0; k < 6; k++) {
            int act;
            const char *nm;
            if (x->set_state[k] < 0)
                continue;
            if (k < 5) {
                uint8_t m = sets5[k].mask;
                act = state_code(c->cf_a & m, c->cf_e & m, c->cf_c & m);
                nm = sets5[k].name;
            } else {
                act = state_code(c->cg_a && cfg->model.has_cg, o->g_e, o->g_c);
                nm = "cg";
            }
            if (act != x->set_state[k])
                failf(r, "step final cycle %" PRIu64 ": cpu %u counter_sets.%s expected %s, actual %s", cyc, i, nm,
                      state_names4[(int)x->set_state[k]], state_names4[act]);
        }
        for (k = 0; k < 2; k++) {
            int act;
            if (x->sf_state[k] < 0)
                continue;
            act = state_code((c->sf_a >> k) & 1u, (c->sf_e >> k) & 1u, (c->sf_c >> k) & 1u);
            if (act != x->sf_state[k])
                failf(r, "step final cycle %" PRIu64 ": cpu %u sampling.%s expected %s, actual %s", cyc, i,
                      k ? "diagnostic" : "basic", state_names4[(int)x->sf_state[k]], state_names4[act]);
        }
        if (x->has_alert && x->alert != c->alert_pending)
            failf(r, "step final cycle %" PRIu64 ": cpu %u alert_pending expected 0x%08x, actual 0x%08x", cyc, i,
                  x->alert, c->alert_pending);
        if (x->has_pp && x->pp != c->pp)
            failf(r, "step final cycle %" PRIu64 ": cpu %u program_parameter expected 0x%016" PRIx64
                     ", actual 0x%016" PRIx64, cyc, i, x->pp, c->pp);
        check_sf_final(r, x, c, i, cyc);
    }
    {
        const tb_expect_global *g = &sc->exp_global;
        int acts[4];
        static const char *const gn[4] = { "e", "c", "change", "mt_enabled" };
        acts[0] = o->g_e;
        acts[1] = o->g_c;
        acts[2] = o->g_change;
        acts[3] = o->mt_enabled;
        for (k = 0; k < 4; k++) {
            int8_t want = k == 0 ? g->e : k == 1 ? g->c : k == 2 ? g->change : g->mt_enabled;
            if (want >= 0 && want != acts[k])
                failf(r, "step final cycle %" PRIu64 ": global.%s expected %d, actual %d", cyc, gn[k], want, acts[k]);
        }
        for (k = 0; k < g->n_cg; k++) {
            unsigned gi = g->cg_group[k], ci = g->cg_index[k];
            if (!cfg->model.has_cg || gi >= cfg->n_cg) {
                failf(r, "step final cycle %" PRIu64 ": global.cg_counters group %u expected 0x%016" PRIx64
                         ", actual not installed", cyc, gi, g->cg_val[k]);
                continue;
            }
            if (o->cg_ctr[gi][ci] != g->cg_val[k])
                failf(r, "step final cycle %" PRIu64 ": global.cg_counters[%u][%u] expected 0x%016" PRIx64
                         ", actual 0x%016" PRIx64, cyc, gi, ci, g->cg_val[k], o->cg_ctr[gi][ci]);
        }
    }
}

static void check_interruptions(run_ctx *r)
{
    const tb_scenario *sc = r->sc;
    uint32_t i;
    if (!sc->has_expect_intr)
        return;
    if (r->n_intr != sc->n_exp_intr)
        failf(r, "step final: interruptions expected %u, actual %zu", sc->n_exp_intr, r->n_intr);
    for (i = 0; i < sc->n_exp_intr && i < r->n_intr; i++) {
        const tb_expect_intr *x = &sc->exp_intr[i];
        const intr_rec *a = &r->intr[i];
        if (x->cpu != a->cpu || x->param != a->param || (x->has_cycle && x->cycle != a->cycle))
            failf(r, "step final: interruption %u expected cpu %u cycle %s%" PRIu64 " param 0x%08x, "
                     "actual cpu %u cycle %" PRIu64 " param 0x%08x", i, x->cpu, x->has_cycle ? "" : "any/",
                  x->cycle, x->param, a->cpu, a->cycle, a->param);
    }
}

static void hex_of(char *dst, const uint8_t *b, size_t n)
{
    static const char hx[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i < n; i++) {
        dst[2 * i] = hx[b[i] >> 4];
        dst[2 * i + 1] = hx[b[i] & 15];
    }
    dst[2 * n] = 0;
}

static void check_dumps(run_ctx *r, const tb_storage *stor)
{
    const tb_scenario *sc = r->sc;
    uint32_t i;
    for (i = 0; i < sc->n_exp_dump; i++) {
        const tb_expect_dump *x = &sc->exp_dump[i];
        uint8_t *b = xalloc(x->len);
        size_t j;
        tb_storage_read_bytes(stor, x->addr, b, x->len);
        for (j = 0; j < x->len && b[j] == x->bytes[j]; j++)
            ;
        if (j < x->len) {
            size_t n = x->len - j < 16 ? x->len - j : 16;
            char e[40], a[40];
            hex_of(e, x->bytes + j, n);
            hex_of(a, b + j, n);
            failf(r, "step final: storage at 0x%016" PRIx64 " (expect_dumps %u, byte %zu) expected %s, actual %s",
                  x->addr + j, i, j, e, a);
        }
        free(b);
    }
}

/* ---------------- results ---------------- */

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}

static int write_results(run_ctx *r, const tb_storage *stor, const cpumf_obs *o, uint64_t cycles,
                         int passed, const tb_run_summary *sum)
{
    const tb_scenario *sc = r->sc;
    const cpumf_system_cfg *cfg = &sc->system;
    FILE *f = fopen(r->opt->results, "w");
    uint32_t i, first = 1;
    unsigned c, k;
    tb_storage_stats ss;
    uint64_t issued = 0, done = 0, excs = 0;
    if (!f) {
        fprintf(stderr, "cpumf: cannot write results %s\n", r->opt->results);
        return -1;
    }
    fprintf(f, "{\n  \"scenario\": ");
    json_str(f, sc->name);
    fprintf(f, ", \"seed\": %" PRIu64 ", \"cycles\": %" PRIu64 ",\n  \"passed\": %s,\n", sc->seed, cycles,
            passed ? "true" : "false");
    fprintf(f, "  \"system\": ");
    json_str(f, cfg->name);
    fprintf(f, ", \"workload\": ");
    json_str(f, sc->workload.name);
    fprintf(f, ",\n  \"requirements\": [");
    for (i = 0; i < sc->n_req; i++) {
        fprintf(f, i ? ", " : "");
        json_str(f, sc->req[i]);
    }
    fprintf(f, "],\n  \"steps\": [");
    for (i = 0; i < sc->n_steps; i++) {
        const tb_step *st = &sc->steps[i];
        const step_res *x = &r->res[i];
        if (st->kind != TB_STEP_INSN)
            continue;
        fprintf(f, "%s\n    {\"index\": %u, \"cpu\": %u, \"insn\": \"%s\", ", first ? "" : ",", i, st->cpu,
                tb_op_name(st->op));
        first = 0;
        if (x->issued_ok) {
            issued++;
            fprintf(f, "\"issued\": %" PRIu64 ", ", x->issued);
        } else {
            fprintf(f, "\"issued\": null, ");
        }
        if (x->done_ok) {
            done++;
            fprintf(f, "\"done\": %" PRIu64 ", ", x->done);
            if (cc_unchanged(st->op) || x->exc)
                fprintf(f, "\"cc\": null, ");
            else
                fprintf(f, "\"cc\": %u, ", x->cc);
            if (x->exc) {
                excs++;
                fprintf(f, "\"exception\": \"%s\", ", exc_str(x->exc));
            } else {
                fprintf(f, "\"exception\": null, ");
            }
            fprintf(f, "\"r1\": \"0x%016" PRIx64 "\", ", x->r1);
        } else {
            fprintf(f, "\"done\": null, \"cc\": null, \"exception\": null, \"r1\": null, ");
        }
        fprintf(f, "\"ok\": %s}", x->ok ? "true" : "false");
    }
    fprintf(f, "%s],\n  \"driver_steps\": [", first ? "" : "\n  ");
    for (i = 0; i < r->n_drec; i++) {
        const drv_rec *d = &r->drec[i];
        fprintf(f, "%s\n    {\"driver\": %u, \"cpu\": %u, \"insn\": \"%s\", \"action\": \"%s\", \"addr\": \"0x%" PRIx64
                   "\", \"queued\": %" PRIu64 ", ", i ? "," : "", d->drv, d->cpu, tb_op_name(d->op),
                tb_sampler_tag_name(d->tag), d->addr, d->queued);
        if (d->issued_ok)
            fprintf(f, "\"issued\": %" PRIu64 ", ", d->issued);
        else
            fprintf(f, "\"issued\": null, ");
        if (d->done_ok) {
            fprintf(f, "\"done\": %" PRIu64 ", ", d->done);
            if (cc_unchanged(d->op) || d->exc)
                fprintf(f, "\"cc\": null, ");
            else
                fprintf(f, "\"cc\": %u, ", d->cc);
            if (d->exc)
                fprintf(f, "\"exception\": \"%s\"}", exc_str(d->exc));
            else
                fprintf(f, "\"exception\": null}");
        } else
            fprintf(f, "\"done\": null, \"cc\": null, \"exception\": null}");
    }
    fprintf(f, "%s],\n  \"drivers\": [", r->n_drec ? "\n  " : "");
    for (i = 0; i < sc->n_drivers; i++) {
        const tb_driver *dv = &sc->drivers[i];
        tb_sampler_stats st;
        tb_sampler_get_stats(r->smp[i], &st);
        fprintf(f, "%s\n    {\"index\": %u, \"cpu\": %u, \"kind\": \"sampler\", \"state\": \"%s\", "
                   "\"interval\": \"0x%" PRIx64 "\", \"qsi_min\": \"0x%" PRIx64 "\", \"qsi_max\": \"0x%" PRIx64 "\", "
                   "\"bsdes\": %u, \"dsdes\": %u, \"entry_size\": %u, \"sdbs\": %u, \"tables\": %u, "
                   "\"first_table\": \"0x%" PRIx64 "\", \"first_sdb\": \"0x%" PRIx64 "\", \"control\": \"0x%" PRIx64 "\",\n"
                   "     \"samples_read\": %" PRIu64 ", \"invalid\": %" PRIu64 ", \"lost\": %" PRIu64 ", \"blocks\": %" PRIu64
                   ", \"drained\": %" PRIu64 ", \"alerts\": {\"program_request\": %" PRIu64 ", \"invalid_entry\": %" PRIu64
                   ", \"incorrect_sdbt\": %" PRIu64 ", \"loss\": %" PRIu64 ", \"authorization\": %" PRIu64 "}, "
                   "\"saved_tear\": \"0x%" PRIx64 "\", \"saved_dear\": \"0x%" PRIx64 "\", \"smp\": ",
                i ? "," : "", i, dv->cpu, st.state, st.interval, st.min_interval, st.max_interval, st.bsdes, st.dsdes,
                st.entry_size, dv->sdbs, dv->n_tables, dv->table[0], dv->sdb[0], dv->ctl, st.samples_read, st.invalid,
                st.lost, st.blocks, st.drained, st.alerts[TB_AL_PROGRAM_REQUEST], st.alerts[TB_AL_INVALID_ENTRY],
                st.alerts[TB_AL_INCORRECT_SDBT], st.alerts[TB_AL_LOSS], st.alerts[TB_AL_AUTH], st.saved_tear,
                st.saved_dear);
        if (st.smp_path[0]) {
            /* the name within --smp-dir, so that results do not depend on where they were written */
            const char *base = strrchr(st.smp_path, '/');
            json_str(f, base ? base + 1 : st.smp_path);
        } else
            fprintf(f, "null");
        fprintf(f, "}");
    }
    fprintf(f, "%s],\n  \"interruptions\": [", sc->n_drivers ? "\n  " : "");
    for (i = 0; i < r->n_intr; i++)
        fprintf(f, "%s\n    {\"cpu\": %u, \"cycle\": %" PRIu64 ", \"code\": \"0x1407\", \"param\": \"0x%08x\"}",
                i ? "," : "", r->intr[i].cpu, r->intr[i].cycle, r->intr[i].param);
    fprintf(f, "%s],\n  \"final\": {\n    \"cpus\": [", r->n_intr ? "\n  " : "");
    for (c = 0; c < cfg->n_cpus; c++) {
        const cpumf_cpu_obs *co = &o->cpu[c];
        int firstc = 1;
        fprintf(f, "%s\n      {\"counter_sets\": {", c ? "," : "");
        for (k = 0; k < 5; k++) {
            uint8_t m = sets5[k].mask;
            fprintf(f, "\"%s\": \"%s\", ", sets5[k].name, state_name(co->cf_a & m, co->cf_e & m, co->cf_c & m));
        }
        fprintf(f, "\"cg\": \"%s\"},\n", state_name(co->cg_a && cfg->model.has_cg, o->g_e, o->g_c));
        fprintf(f, "       \"sampling\": {\"basic\": \"%s\", \"diagnostic\": \"%s\"},\n",
                state_name(co->sf_a & CPUMF_SF_BASIC, co->sf_e & CPUMF_SF_BASIC, co->sf_c & CPUMF_SF_BASIC),
                state_name(co->sf_a & CPUMF_SF_DIAG, co->sf_e & CPUMF_SF_DIAG, co->sf_c & CPUMF_SF_DIAG));
        fprintf(f, "       \"tear\": \"0x%016" PRIx64 "\", \"dear\": \"0x%016" PRIx64 "\", \"interval\": \"0x%016" PRIx64
                   "\", \"s\": %u, \"h\": %u,\n", co->tear, co->dear, co->interval, co->sf_s, co->sf_h);
        fprintf(f, "       \"program_parameter\": \"0x%016" PRIx64 "\", \"alert_pending\": \"0x%08x\",\n", co->pp,
                co->alert_pending);
        fprintf(f, "       \"counters\": {");
        for (k = 0; k < 288 + 2; k++) {
            unsigned n = k < 288 ? k : 448 + (k - 288);
            uint64_t v;
            if (!readable(cfg, o, c, n, &v))
                continue;
            fprintf(f, "%s\"%u\": \"0x%016" PRIx64 "\"", firstc ? "" : ", ", n, v);
            firstc = 0;
        }
        {
            uint64_t rd, lost;
            sampler_counts(r, c, &rd, &lost);
            fprintf(f, "},\n       \"samples\": {\"stored\": %" PRIu64 ", \"overflow\": %" PRIu64 ", \"collisions\": %" PRIu64
                       ", \"read\": %" PRIu64 ", \"lost\": %" PRIu64, co->n_stored, co->n_overflow, co->collisions, rd, lost);
            if (r->rt[c].drv >= 0 && sc->drivers[r->rt[c].drv].check_intervals)
                fprintf(f, ", \"due\": %" PRIu64, r->rt[c].chk_due);
            fprintf(f, "}}");
        }
    }
    fprintf(f, "\n    ],\n    \"global\": {\"e\": %u, \"c\": %u, \"change\": %u, \"mt_enabled\": %u, \"cg_counters\": {",
            o->g_e, o->g_c, o->g_change, o->mt_enabled);
    if (cfg->model.has_cg) {
        for (c = 0; c < cfg->n_cg && c < CPUMF_MAX_CGS; c++) {
            fprintf(f, "%s\"%u\": {", c ? ", " : "", c);
            for (k = 0; k < CPUMF_CG_NCTR; k++)
                fprintf(f, "%s\"%u\": \"0x%016" PRIx64 "\"", k ? ", " : "", k, o->cg_ctr[c][k]);
            fprintf(f, "}");
        }
    }
    fprintf(f, "}}\n  },\n  \"dumps\": [");
    for (i = 0; i < sc->n_dump; i++) {
        uint8_t *b = xalloc(sc->dump[i].len);
        char *h = xalloc(2 * sc->dump[i].len + 1);
        tb_storage_read_bytes(stor, sc->dump[i].addr, b, sc->dump[i].len);
        hex_of(h, b, sc->dump[i].len);
        fprintf(f, "%s\n    {\"addr\": \"0x%" PRIx64 "\", \"hex\": \"%s\"}", i ? "," : "", sc->dump[i].addr, h);
        free(b);
        free(h);
    }
    tb_storage_get_stats(stor, &ss);
    fprintf(f, "%s],\n  \"stats\": {\"insns_issued\": %" PRIu64 ", \"insns_done\": %" PRIu64
               ", \"exceptions\": %" PRIu64 ", \"interruptions\": %zu, \"storage_reads\": %" PRIu64
               ", \"storage_writes\": %" PRIu64 ", \"storage_errors\": %" PRIu64 "},\n",
            sc->n_dump ? "\n  " : "", issued, done, excs, r->n_intr, ss.reads, ss.writes, ss.errors);
    if (sum->mismatch)
        fprintf(f, "  \"mismatch\": {\"cycle\": %" PRIu64 "},\n", sum->mismatch_cycle);
    fprintf(f, "  \"failures\": [");
    for (i = 0; i < r->n_fail; i++) {
        fprintf(f, "%s\n    ", i ? "," : "");
        json_str(f, r->fail[i]);
    }
    fprintf(f, "%s]\n}\n", r->n_fail ? "\n  " : "");
    if (fclose(f) != 0) {
        fprintf(stderr, "cpumf: error writing results %s\n", r->opt->results);
        return -1;
    }
    return 0;
}

/* Functional coverage of the model (--fcov): every bin, in the library's order. */
static int write_fcov(const char *path, const cpumf_sys *sys)
{
    FILE *f = fopen(path, "w");
    unsigned i, n = cpumf_fcov_count();
    if (!f) {
        fprintf(stderr, "cpumf: cannot write functional coverage %s\n", path);
        return -1;
    }
    fprintf(f, "{\n  \"format\": 1,\n  \"bins\": {");
    for (i = 0; i < n; i++) {
        fprintf(f, "%s\n    ", i ? "," : "");
        json_str(f, cpumf_fcov_name(i));
        fprintf(f, ": %" PRIu64, cpumf_fcov_hits(sys, i));
    }
    fprintf(f, "\n  }\n}\n");
    if (fclose(f) != 0) {
        fprintf(stderr, "cpumf: error writing functional coverage %s\n", path);
        return -1;
    }
    return 0;
}

/* ---------------- the plain-model backend (tb/backend.h) ---------------- */
static int model_eval(void *ctx, uint64_t cycle, const cpumf_sys_in *in, cpumf_sys_out *out)
{
    (void)cycle;
    cpumf_eval((cpumf_sys *)ctx, in, out);
    return 0;
}

static void model_commit(void *ctx)
{
    cpumf_commit((cpumf_sys *)ctx);
}

static void model_observe(void *ctx, cpumf_obs *obs)
{
    cpumf_observe((const cpumf_sys *)ctx, obs);
}

static void model_destroy(void *ctx)
{
    (void)ctx;
}

tb_backend tb_model_backend(cpumf_sys *sys)
{
    tb_backend be;
    be.ctx = sys;
    be.eval = model_eval;
    be.commit = model_commit;
    be.observe = model_observe;
    be.attach_storage = 0;
    be.destroy = model_destroy;
    be.mem_write = 0;
    be.model = sys;
    return be;
}

/* ---------------- the loop ---------------- */

int tb_run(const tb_scenario *sc, const tb_options *opt, tb_backend *be, tb_storage *stor,
           tb_run_summary *sum_out)
{
    const cpumf_system_cfg *cfg = &sc->system;
    unsigned ncpu = cfg->n_cpus > CPUMF_MAX_CPUS ? CPUMF_MAX_CPUS : cfg->n_cpus;
    uint64_t cycles = opt->has_cycles ? opt->cycles : sc->cycles, t;
    cpumf_sys_in *in = xalloc(sizeof *in);
    cpumf_sys_out *out = xalloc(sizeof *out);
    cpumf_obs *obs = xalloc(sizeof *obs);
    tb_workload *wl = xalloc(sizeof *wl);
    cpu_rt rt[CPUMF_MAX_CPUS];
    uint32_t *order, *tmp, n_order = 0, op = 0, i;
    run_ctx r;
    tb_run_summary sum;
    int rc = 0, any_chk = 0;
    unsigned c;
    tb_drv_io io;
    cpumf_obs *chk = NULL;

    memset(&r, 0, sizeof r);
    memset(&sum, 0, sizeof sum);
    memset(rt, 0, sizeof rt);
    r.sc = sc;
    r.opt = opt;
    r.res = xalloc(sc->n_steps * sizeof *r.res);
    r.rt = rt;
    r.stor = stor;
    r.be = be;
    io.ctx = &r;
    io.stor = stor;
    io.write = io_write;
    io.queue = io_queue;
    io.fail = io_fail;

    /* per-CPU instruction queues; other steps sorted by cycle (stable) */
    order = xalloc(sc->n_steps * sizeof *order);
    tmp = xalloc(sc->n_steps * sizeof *tmp);
    for (c = 0; c < ncpu; c++) {
        rt[c].q = xalloc(sc->n_steps * sizeof *rt[c].q);
        rt[c].cr0_58 = 1;
        rt[c].drv = -1;
    }
    for (i = 0; i < sc->n_steps; i++) {
        const tb_step *st = &sc->steps[i];
        if (st->kind == TB_STEP_INSN)
            rt[st->cpu].q[rt[st->cpu].qn++] = i;
        else
            order[n_order++] = i;
    }
    sort_steps(order, tmp, n_order, sc);
    free(tmp);

    /* memory, then the backend sees the initial storage */
    for (i = 0; i < sc->n_mem; i++)
        tb_storage_write_bytes(stor, sc->mem[i].addr, sc->mem[i].bytes, sc->mem[i].len);
    if (be->attach_storage)
        be->attach_storage(be->ctx, stor);

    /* drivers: .SMP files named after the TOD at the earliest start */
    r.smp = xalloc(sc->n_drivers * sizeof *r.smp);
    if (sc->n_drivers) {
        uint64_t first = UINT64_MAX;
        char err[1400];
        for (i = 0; i < sc->n_drivers; i++)
            if (sc->drivers[i].start < first)
                first = sc->drivers[i].start;
        for (i = 0; i < sc->n_drivers; i++) {
            const tb_driver *dv = &sc->drivers[i];
            r.smp[i] = tb_sampler_create(sc, i, opt->smp_dir, sc->workload.tod0 + first * sc->workload.tod_step,
                                         sc->workload.tod0 + dv->start * sc->workload.tod_step, err, sizeof err);
            if (!r.smp[i]) {
                fprintf(stderr, "%s: %s\n", sc->path, err);
                while (i > 0)
                    tb_sampler_destroy(r.smp[--i]);
                rc = 2;
                goto out;
            }
            rt[dv->cpu].drv = (int)i;
            if (dv->check_intervals)
                any_chk = 1;
        }
    }
    if (any_chk) {
        chk = xalloc(sizeof *chk);
        be->observe(be->ctx, chk);
    }

    tb_workload_init(wl, &sc->workload, sc->seed, ncpu, cfg->level);

    for (t = 0; t < cycles; t++) {
        r.now = t;
        for (i = 0; i < sc->n_drivers; i++)
            tb_sampler_tick(r.smp[i], t, &io);
        /* pulses of the previous cycle end */
        in->sigp_mt_valid = in->sigp_mt_enable = in->cg_addr_change = 0;
        for (c = 0; c < ncpu; c++) {
            cpumf_cpu_in *ci = &in->cpu[c];
            ci->auth_set = ci->auth_clr = ci->sf_auth_set = ci->sf_auth_clr = 0;
            ci->reset = 0;
            ci->loss_cpu = ci->loss_mt = ci->loss_sample = 0;
        }
        while (op < n_order && sc->steps[order[op]].at <= t)
            apply_step(sc, &sc->steps[order[op++]], rt, in);
        for (c = 0; c < ncpu; c++) {
            cpumf_cpu_in *ci = &in->cpu[c];
            cpu_rt *q = &rt[c];
            tb_workload_step(wl, c, t, ci);
            if (q->act.set)
                tb_activity_apply(&q->act, ci);
            ci->stopped = q->stopped;
            ci->cr0_58 = q->cr0_58;
            ci->alert_taken = (uint8_t)(q->alert_seen && q->cr0_58);
            if (q->busy == 0 && q->dqpos < q->dqn && t >= q->ready_at) {
                const drv_rec *d = &r.drec[q->dq[q->dqpos]];
                q->busy = 1;
                q->cur_drv = 1;
                ci->insn_valid = 1;
                ci->op = d->op;
                ci->m3 = 0;
                ci->insn_problem = 0;
                ci->cr0_15 = 0;
                ci->r1 = 0;
                ci->r2 = d->r2;
                ci->addr = d->addr;
            } else if (q->busy == 0 && q->qpos < q->qn && t >= q->ready_at && sc->steps[q->q[q->qpos]].at <= t) {
                const tb_step *st = &sc->steps[q->q[q->qpos]];
                q->busy = 1;
                r.res[q->q[q->qpos]].presented = 1;
                ci->insn_valid = 1;
                ci->op = st->op;
                ci->m3 = st->m3;
                ci->insn_problem = st->problem;
                ci->cr0_15 = st->cr0_15;
                ci->r1 = st->r1;
                ci->r2 = st->r2;
                ci->addr = st->addr;
            } else if (q->busy != 1 && ci->insn_valid) {
                ci->insn_valid = ci->op = ci->m3 = ci->insn_problem = ci->cr0_15 = 0;
                ci->r1 = ci->r2 = ci->addr = 0;
            }
        }
        tb_storage_inputs(stor, t, in);
        if (any_chk) {
            /* bench-side interval count (SF-INT-2, exact mode): ticks from the
             * registers of this cycle and its inputs (docs/uarch.md 16) */
            for (i = 0; i < sc->n_drivers; i++) {
                const tb_driver *dv = &sc->drivers[i];
                const cpumf_cpu_obs *co = &chk->cpu[dv->cpu];
                cpu_rt *q = &rt[dv->cpu];
                uint8_t active = (co->sf_a & co->sf_e & co->sf_c) != 0;
                if (!dv->check_intervals)
                    continue;
                if (active && !q->chk_prev)
                    q->chk_cnt = co->interval;
                q->chk_prev = active;
                if (active && !in->cpu[dv->cpu].stopped && (cfg->dedicated || !in->cpu[dv->cpu].wait)) {
                    if (q->chk_cnt <= 1) {
                        q->chk_due++;
                        q->chk_cnt = co->interval;
                    } else {
                        q->chk_cnt--;
                    }
                }
            }
        }
        if (be->eval(be->ctx, t, in, out) != 0) {
            sum.mismatch = 1;
            sum.mismatch_cycle = t;
            failf(&r, "step - cycle %" PRIu64 ": RTL and model differ (see the report above)", t);
            r.apart = 1;
        }
        /* Stop at the first difference, or with waves at the end of their
         * window, so that they show the cycles after it too. */
        if (sum.mismatch && !(opt->waves && t < opt->wave_to)) {
            t++;
            break;
        }
        for (c = 0; c < ncpu; c++) {
            const cpumf_cpu_out *co = &out->cpu[c];
            cpu_rt *q = &rt[c];
            if (q->busy == 1 && co->insn_ready && q->cur_drv) {
                drv_rec *d = &r.drec[q->dq[q->dqpos]];
                q->busy = 2;
                d->issued_ok = 1;
                d->issued = t;
            } else if (q->busy == 1 && co->insn_ready) {
                step_res *x = &r.res[q->q[q->qpos]];
                q->busy = 2;
                x->issued_ok = 1;
                x->issued = t;
            }
            if (co->insn_done) {
                if (q->busy == 2 && q->cur_drv) {
                    drv_rec *d = &r.drec[q->dq[q->dqpos]];
                    d->done_ok = 1;
                    d->done = t;
                    d->cc = co->cc;
                    d->exc = co->exc;
                    d->r1 = co->r1;
                    q->pend_done = 1;
                    q->busy = 0;
                    q->cur_drv = 0;
                    q->ready_at = t + 1;
                } else if (q->busy == 2) {
                    uint32_t idx = q->q[q->qpos];
                    step_res *x = &r.res[idx];
                    x->done_ok = 1;
                    x->done = t;
                    x->cc = co->cc;
                    x->exc = co->exc;
                    x->r1 = co->r1;
                    check_step(&r, idx);
                    q->busy = 0;
                    q->ready_at = t + 1;
                    q->qpos++;
                    sum.insns_done++;
                } else {
                    failf(&r, "step - (cpu %u) cycle %" PRIu64 ": insn_done expected 0 (no instruction accepted), actual 1",
                          c, t);
                }
            }
            if (in->cpu[c].alert_taken && co->alert_req) {
                if (r.n_intr == r.cap_intr) {
                    r.cap_intr = r.cap_intr ? r.cap_intr * 2 : 64;
                    r.intr = realloc(r.intr, r.cap_intr * sizeof *r.intr);
                    if (!r.intr)
                        abort();
                }
                r.intr[r.n_intr].cpu = (uint8_t)c;
                r.intr[r.n_intr].cycle = t;
                r.intr[r.n_intr].param = co->alert_param;
                r.n_intr++;
                if (q->drv >= 0) {
                    q->pend_alert = 1;
                    q->pend_param = co->alert_param;
                }
            }
            q->alert_seen = co->alert_req;
        }
        tb_storage_clock(stor, t, out);
        be->commit(be->ctx);
        /* drivers react between this edge and the next cycle's inputs */
        for (c = 0; c < ncpu; c++) {
            cpu_rt *q = &rt[c];
            if (q->pend_done) {
                const drv_rec *d = &r.drec[q->dq[q->dqpos]];
                q->pend_done = 0;
                q->dqpos++;
                tb_sampler_done(r.smp[d->drv], t, d->tag, d->cc, d->exc, &io);
            }
            if (q->pend_alert) {
                q->pend_alert = 0;
                tb_sampler_alert(r.smp[q->drv], t, q->pend_param, &io);
            }
        }
        if (any_chk)
            be->observe(be->ctx, chk);
    }
    sum.cycles_run = t;
    sum.interruptions = r.n_intr;

    /* instructions that never completed */
    for (i = 0; i < sc->n_steps; i++) {
        const tb_step *st = &sc->steps[i];
        step_res *x = &r.res[i];
        if (st->kind != TB_STEP_INSN || x->done_ok)
            continue;
        x->ok = (uint8_t)(st->generated != 0);
        if (!st->generated && !sum.mismatch)
            failf(&r, "step %u (%s, cpu %u) cycle %" PRIu64 ": done expected by the end of the run, actual %s",
                  i, tb_op_name(st->op), st->cpu, t,
                  x->issued_ok ? "accepted but not completed" : "never accepted");
    }
    be->observe(be->ctx, obs);
    for (i = 0; i < sc->n_drivers; i++) {
        char err[1400];
        if (tb_sampler_finish(r.smp[i], &obs->cpu[sc->drivers[i].cpu], &io, err, sizeof err) != 0) {
            fprintf(stderr, "cpumf: %s\n", err);
            rc = 2;
        }
    }
    if (!sum.mismatch) {
        check_final(&r, obs, t);
        check_drivers(&r, obs, t);
        check_interruptions(&r);
        check_dumps(&r, stor);
    }
    sum.failures = r.n_fail;
    if (r.n_fail && rc == 0)
        rc = 1;
    if (opt->results && write_results(&r, stor, obs, t, r.n_fail == 0, &sum) != 0)
        rc = 2;
    if (opt->fcov) {
        const cpumf_sys *model = be->model;
        if (!model) {
            fprintf(stderr, "cpumf: --fcov: this backend does not expose its C model\n");
            rc = 2;
        } else if (write_fcov(opt->fcov, model) != 0) {
            rc = 2;
        }
    }
    if (!opt->quiet)
        fprintf(stderr, "%s: %s, %" PRIu64 " cycles, %" PRIu64 " instructions, %zu interruptions, %u failures\n",
                sc->name, r.n_fail ? "FAILED" : "passed", t, sum.insns_done, r.n_intr, r.n_fail);
    if (sum_out)
        *sum_out = sum;
    for (i = 0; i < sc->n_drivers; i++)
        tb_sampler_destroy(r.smp[i]);
out:
    free(r.smp);
    free(r.drec);
    free(chk);
    for (c = 0; c < ncpu; c++) {
        free(rt[c].q);
        free(rt[c].dq);
    }
    for (i = 0; i < r.n_fail; i++)
        free(r.fail[i]);
    free(r.fail);
    free(r.intr);
    free(r.res);
    free(order);
    free(in);
    free(out);
    free(obs);
    free(wl);
    return rc;
}
