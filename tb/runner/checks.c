/* SPDX-License-Identifier: Apache-2.0 */
/*
 * checks.c - the runner's judgement: each instruction step's response
 * against its "expect" as it completes, then at the end of the run the final
 * state, the drivers, the interruptions and storage against the scenario's
 * expectations.  Every failure is one message "scenario NAME: step ...".
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner_int.h"
#include "xalloc.h"

void rn_failf(run_ctx *r, const char *fmt, ...)
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
        r->fail = xrealloc(r->fail, r->cap_fail * sizeof *r->fail);
    }
    r->fail[r->n_fail++] = xstrdup(buf);
}

const char *rn_exc_str(unsigned exc)
{
    const char *s = tb_exc_name(exc);
    return s ? s : "null";
}

int rn_cc_unchanged(unsigned op)
{
    return op == CPUMF_OP_LPP || op == CPUMF_OP_QCTRI || op == CPUMF_OP_QSI;
}

void rn_check_step(run_ctx *r, uint32_t idx)
{
    const tb_step *st = &r->sc->steps[idx];
    step_res *x = &r->res[idx];
    char at[96];
    snprintf(at, sizeof at, "step %u (%s, cpu %u) cycle %" PRIu64, idx, tb_op_name(st->op), st->cpu,
             x->done);
    x->ok = 1;
    if (st->exp_flags & TB_EXP_EXC && x->exc != st->exp_exc) {
        x->ok = 0;
        rn_failf(r, "%s: exception expected %s, actual %s", at, rn_exc_str(st->exp_exc),
                 rn_exc_str(x->exc));
    }
    if (st->exp_flags & TB_EXP_CC && x->exc != CPUMF_EXC_NONE) {
        x->ok = 0;
        rn_failf(r, "%s: cc expected %u, actual null (exception %s)", at, st->exp_cc,
                 rn_exc_str(x->exc));
    } else if (st->exp_flags & TB_EXP_CC && x->cc != st->exp_cc) {
        x->ok = 0;
        rn_failf(r, "%s: cc expected %u, actual %u", at, st->exp_cc, x->cc);
    }
    if (st->exp_flags & TB_EXP_ISSUED && x->issued != st->exp_issued) {
        x->ok = 0;
        rn_failf(r, "%s: issued expected %" PRIu64 ", actual %" PRIu64, at, st->exp_issued,
                 x->issued);
    }
    if (st->exp_flags & TB_EXP_DONE && x->done != st->exp_done) {
        x->ok = 0;
        rn_failf(r, "%s: done expected %" PRIu64 ", actual %" PRIu64, at, st->exp_done, x->done);
    }
    if (st->exp_flags & TB_EXP_R1 && x->r1 != st->exp_r1) {
        x->ok = 0;
        rn_failf(r, "%s: r1 expected 0x%016" PRIx64 ", actual 0x%016" PRIx64, at, st->exp_r1,
                 x->r1);
    }
}

/* ---------------- the final state ---------------- */

int rn_state_code(int a, int e, int c)
{
    return !a ? 0 : !e ? 1 : !c ? 2 : 3;
}

const char *const rn_state_names[4] = {"unauthorized", "disabled", "inactive", "active"};

const rn_set rn_sets[5] = {{"basic", CPUMF_SET_BASIC},
                           {"problem_state", CPUMF_SET_PROBLEM},
                           {"crypto", CPUMF_SET_CRYPTO},
                           {"extended", CPUMF_SET_EXT},
                           {"mt", CPUMF_SET_MT}};

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

int rn_readable(const cpumf_system_cfg *cfg, const cpumf_obs *o, unsigned cpu, unsigned n,
                uint64_t *v)
{
    const cpumf_cpu_obs *c = &o->cpu[cpu];
    int slot = cpumf_counter_slot(&cfg->model, n);
    if (slot == -2) {
        unsigned tpc = cfg->threads_per_core ? cfg->threads_per_core : 1u;
        if (!(c->cf_state.e_q & CPUMF_SET_MT) || (c->mf_alert.pend_q & CPUMF_AL_LOSS_MT))
            return 0;
        *v = o->cf_global.mt_ctr_q[cpu / tpc][n - 448];
        return 1;
    }
    if (slot < 0 || slot >= CPUMF_NSLOT)
        return 0;
    if (!(c->cf_state.e_q & set_of_counter(n)))
        return 0;
    *v = c->cf_counters.ctr_q[slot];
    return 1;
}

void rn_sampler_counts(const run_ctx *r, unsigned cpu, unsigned set, uint64_t *read, uint64_t *lost)
{
    tb_sampler_stats st;
    *read = *lost = 0;
    if (r->rt[cpu].drv[set] < 0)
        return;
    tb_sampler_get_stats(r->smp[r->rt[cpu].drv[set]], &st);
    *read = st.samples_read;
    *lost = st.lost;
}

void rn_set_counts(const cpumf_cpu_obs *c, unsigned set, uint64_t v[4])
{
    v[0] = set ? c->sf_update.n_stored_vm_q : c->sf_update.n_stored_q;
    v[1] = set ? c->sf_update.n_overflow_vm_q : c->sf_update.n_overflow_q;
    v[2] = set ? c->sf_interval.coll_vm_q : c->sf_interval.coll_q;
    v[3] = set ? c->sf_update.n_stopped_vm_q : c->sf_update.n_stopped_q;
}

static void check_range(run_ctx *r, const tb_range *x, uint64_t v, uint64_t cyc, const char *what)
{
    if (!x->has || (v >= x->lo && v <= x->hi))
        return;
    if (x->lo == x->hi)
        rn_failf(r, "step final cycle %" PRIu64 ": %s expected %" PRIu64 ", actual %" PRIu64, cyc,
                 what, x->lo, v);
    else
        rn_failf(r,
                 "step final cycle %" PRIu64 ": %s expected %" PRIu64 "..%" PRIu64
                 ", actual %" PRIu64,
                 cyc, what, x->lo, x->hi, v);
}

/* A 64-bit register of CPU i against its expected value. */
static void check_reg(run_ctx *r, uint64_t cyc, unsigned i, const char *name, uint64_t want,
                      uint64_t got)
{
    if (want != got)
        rn_failf(r,
                 "step final cycle %" PRIu64 ": cpu %u %s expected 0x%016" PRIx64
                 ", actual 0x%016" PRIx64,
                 cyc, i, name, want, got);
}

/* The suffix of a set's keys: "" for the LPAR set, "_vm" for the VM set. */
static const char *set_sfx(unsigned set)
{
    return set ? "_vm" : "";
}

static void check_sf_final(run_ctx *r, const tb_expect_cpu *x, const cpumf_cpu_obs *c, unsigned i,
                           uint64_t cyc)
{
    uint64_t v[SMP_NEXP];
    char what[64];
    unsigned k, set;
    for (set = 0; set < TB_DRV_NSETS; set++) {
        tb_obs_set xs = tb_obs_set_of(c, set);
        rn_set_counts(c, set, v);
        rn_sampler_counts(r, i, set, &v[4], &v[5]);
        for (k = 0; k < SMP_NEXP; k++) {
            snprintf(what, sizeof what, "cpu %u samples%s.%s", i, set_sfx(set), smp_expect_keys[k]);
            check_range(r, &x->samples[set][k], v[k], cyc, what);
        }
        snprintf(what, sizeof what, "tear%s", set_sfx(set));
        if (x->has_tear[set])
            check_reg(r, cyc, i, what, x->tear[set], xs.tear);
        snprintf(what, sizeof what, "dear%s", set_sfx(set));
        if (x->has_dear[set])
            check_reg(r, cyc, i, what, x->dear[set], xs.dear);
    }
    if (x->has_interval)
        check_reg(r, cyc, i, "interval", x->interval, c->sf_ctrl.interval_q);
    if (x->s >= 0 && x->s != c->sf_ctrl.s_q)
        rn_failf(r, "step final cycle %" PRIu64 ": cpu %u s expected %d, actual %u", cyc, i, x->s,
                 c->sf_ctrl.s_q);
    if (x->h >= 0 && x->h != c->sf_ctrl.h_q)
        rn_failf(r, "step final cycle %" PRIu64 ": cpu %u h expected %d, actual %u", cyc, i, x->h,
                 c->sf_ctrl.h_q);
}

/* "NUMBER (short name, PERF_NAME)" of counter n, or "NUMBER" when not installed. */
static const char *counter_label(const cpumf_model_cfg *m, unsigned n, char *buf, size_t len)
{
    const char *name = cpumf_counter_name(m, n), *perf = cpumf_counter_perf_name(m, n);
    if (!name[0])
        snprintf(buf, len, "%u", n);
    else
        snprintf(buf, len, "%u (%s%s%s)", n, name, perf[0] ? ", " : "", perf);
    return buf;
}

static void check_counters(run_ctx *r, const tb_expect_cpu *x, const cpumf_obs *o, unsigned i,
                           uint64_t cyc)
{
    const cpumf_system_cfg *cfg = &r->sc->system;
    char lb[96];
    unsigned k;
    for (k = 0; k < x->n_ctr; k++) {
        uint64_t v = 0;
        int rd = rn_readable(cfg, o, i, x->ctr_num[k], &v);
        counter_label(&cfg->model, x->ctr_num[k], lb, sizeof lb);
        if (x->ctr_absent[k] && rd)
            rn_failf(r,
                     "step final cycle %" PRIu64 ": cpu %u counter %s expected not readable, "
                     "actual 0x%016" PRIx64,
                     cyc, i, lb, v);
        else if (!x->ctr_absent[k] && !rd)
            rn_failf(r,
                     "step final cycle %" PRIu64 ": cpu %u counter %s expected 0x%016" PRIx64
                     ", actual not readable",
                     cyc, i, lb, x->ctr_val[k]);
        else if (!x->ctr_absent[k] && v != x->ctr_val[k])
            rn_failf(r,
                     "step final cycle %" PRIu64 ": cpu %u counter %s expected 0x%016" PRIx64
                     ", actual 0x%016" PRIx64,
                     cyc, i, lb, x->ctr_val[k], v);
    }
}

/* The states of the counter sets and sampling functions of CPU i. */
static void check_states(run_ctx *r, const tb_expect_cpu *x, const cpumf_obs *o, unsigned i,
                         uint64_t cyc)
{
    const cpumf_cpu_obs *c = &o->cpu[i];
    unsigned k;
    for (k = 0; k < 6; k++) {
        int act;
        const char *nm;
        if (x->set_state[k] < 0)
            continue;
        if (k < 5) {
            uint8_t m = rn_sets[k].mask;
            act = rn_state_code(c->cf_state.a_q & m, c->cf_state.e_q & m, c->cf_state.c_q & m);
            nm = rn_sets[k].name;
        } else {
            act = rn_state_code(c->cf_state.cg_a_q && r->sc->system.model.has_cg,
                                o->cf_global.g_e_q, o->cf_global.g_c_q);
            nm = "cg";
        }
        if (act != x->set_state[k])
            rn_failf(r,
                     "step final cycle %" PRIu64 ": cpu %u counter_sets.%s expected %s, "
                     "actual %s",
                     cyc, i, nm, rn_state_names[(int)x->set_state[k]], rn_state_names[act]);
    }
    for (k = 0; k < 2 * TB_DRV_NSETS; k++) {
        unsigned set = k / 2, f = k % 2;
        int8_t want = x->sf_state[set][f];
        tb_obs_set xs = tb_obs_set_of(c, set);
        int act;
        if (want < 0)
            continue;
        act = rn_state_code((c->sf_ctrl.a_q >> f) & 1u, ((unsigned)xs.e >> f) & 1u,
                            ((unsigned)xs.c >> f) & 1u);
        if (act != want)
            rn_failf(r, "step final cycle %" PRIu64 ": cpu %u sampling%s.%s expected %s, actual %s",
                     cyc, i, set_sfx(set), f ? "diagnostic" : "basic", rn_state_names[(int)want],
                     rn_state_names[act]);
    }
}

static void check_global(run_ctx *r, const cpumf_obs *o, uint64_t cyc)
{
    static const char *const gn[4] = {"e", "c", "change", "mt_enabled"};
    const cpumf_system_cfg *cfg = &r->sc->system;
    const tb_expect_global *g = &r->sc->exp_global;
    const int8_t want[4] = {g->e, g->c, g->change, g->mt_enabled};
    const int acts[4] = {o->cf_global.g_e_q, o->cf_global.g_c_q, o->cf_global.change_q,
                         o->cf_global.mt_en_q};
    unsigned k;
    for (k = 0; k < 4; k++)
        if (want[k] >= 0 && want[k] != acts[k])
            rn_failf(r, "step final cycle %" PRIu64 ": global.%s expected %d, actual %d", cyc,
                     gn[k], want[k], acts[k]);
    for (k = 0; k < g->n_cg; k++) {
        unsigned gi = g->cg_group[k], ci = g->cg_index[k];
        if (!cfg->model.has_cg || gi >= cfg->n_cg) {
            rn_failf(r,
                     "step final cycle %" PRIu64 ": global.cg_counters group %u expected "
                     "0x%016" PRIx64 ", actual not installed",
                     cyc, gi, g->cg_val[k]);
            continue;
        }
        if (o->cf_global.cg_ctr_q[gi][ci] != g->cg_val[k])
            rn_failf(r,
                     "step final cycle %" PRIu64 ": global.cg_counters[%u][%u] expected "
                     "0x%016" PRIx64 ", actual 0x%016" PRIx64,
                     cyc, gi, ci, g->cg_val[k], o->cf_global.cg_ctr_q[gi][ci]);
    }
}

static void check_final(run_ctx *r, const cpumf_obs *o, uint64_t cyc)
{
    const tb_scenario *sc = r->sc;
    unsigned i;
    if (!sc->has_expect_final)
        return;
    for (i = 0; i < sc->system.n_cpus; i++) {
        const tb_expect_cpu *x = &sc->exp_cpu[i];
        const cpumf_cpu_obs *c = &o->cpu[i];
        if (!x->present)
            continue;
        check_counters(r, x, o, i, cyc);
        check_states(r, x, o, i, cyc);
        if (x->has_alert && x->alert != c->mf_alert.pend_q)
            rn_failf(r,
                     "step final cycle %" PRIu64 ": cpu %u alert_pending expected 0x%08x, "
                     "actual 0x%08x",
                     cyc, i, x->alert, c->mf_alert.pend_q);
        if (x->has_pp)
            check_reg(r, cyc, i, "program_parameter", x->pp, c->sf_ctrl.pp_q);
        if (x->has_pp_vm)
            check_reg(r, cyc, i, "program_parameter_vm", x->pp_vm, c->sf_ctrl.pp_vm_q);
        check_sf_final(r, x, c, i, cyc);
    }
    check_global(r, o, cyc);
}

/* ---------------- drivers, interruptions, storage ---------------- */

/* Why the driver's samples cannot be checked exactly against the machine's
 * counts of its level (cnt, rn_set_counts) at the end (NULL: they can):
 * docs/scenario-format.md section 7. */
static const char *samples_unchecked(const run_ctx *r, const tb_driver *dv,
                                     const tb_sampler_stats *st, const cpumf_cpu_obs *c,
                                     const uint64_t cnt[4])
{
    uint32_t k;
    if (!strcmp(st->state, "failed"))
        return "the driver failed";
    if (c->sf_update.state_q != CPUMF_US_IDLE && c->sf_update.lvl_q == tb_drv_set(dv))
        return "an update of its level is in flight";
    if (cnt[3])
        return "an update of its level was stopped short";
    for (k = 0; k < r->sc->n_steps; k++) {
        const tb_step *x = &r->sc->steps[k];
        if (x->kind == TB_STEP_INSN && x->cpu == dv->cpu && x->op == CPUMF_OP_LSCTL)
            return "the CPU's steps have LSCTL";
    }
    return NULL;
}

/* SF-UPD-11: every sample the machine took at the driver's level (cnt) is in
 * what the driver read or in an overflow count it added, exactly once. */
static void check_samples_accounted(run_ctx *r, uint32_t i, const tb_sampler_stats *st,
                                    const cpumf_cpu_obs *c, const uint64_t cnt[4], uint64_t cyc)
{
    const tb_driver *dv = &r->sc->drivers[i];
    uint64_t got = st->samples_read + st->lost;
    uint64_t want = cnt[0] + cnt[1];
    if (samples_unchecked(r, dv, st, c, cnt) || got == want)
        return;
    rn_failf(r,
             "step final cycle %" PRIu64 ": driver %u (sampler, cpu %u) SF-UPD-11: samples read "
             "%" PRIu64 " + lost %" PRIu64 " = %" PRIu64 " expected stored%s %" PRIu64
             " + overflow%s %" PRIu64 " = %" PRIu64 " (a sample %s)",
             cyc, i, dv->cpu, st->samples_read, st->lost, got, set_sfx(tb_drv_set(dv)), cnt[0],
             set_sfx(tb_drv_set(dv)), cnt[1], want, got > want ? "counted twice" : "lost");
}

/* Driver i's expectations, the samples it accounted for and, with
 * "check_intervals", the samples due. */
static void check_driver(run_ctx *r, uint32_t i, const cpumf_obs *o, uint64_t cyc)
{
    const char *const *dk = tb_drv_expect_keys;
    const tb_driver *dv = &r->sc->drivers[i];
    const cpumf_cpu_obs *c = &o->cpu[dv->cpu];
    tb_sampler_stats st;
    uint64_t v[TB_DRV_NEXP], cnt[4], due, got, slack;
    unsigned set = tb_drv_set(dv);
    char what[96];
    uint32_t k;
    tb_sampler_get_stats(r->smp[i], &st);
    rn_set_counts(c, set, cnt);
    v[0] = st.samples_read;
    v[1] = st.lost;
    v[2] = st.alerts[TB_AL_PROGRAM_REQUEST];
    v[3] = st.blocks;
    v[4] = st.alerts[TB_AL_INVALID_ENTRY];
    v[5] = st.alerts[TB_AL_INCORRECT_SDBT];
    v[6] = st.alerts[TB_AL_LOSS];
    v[7] = st.alerts[TB_AL_AUTH];
    v[8] = st.cas_retries;
    for (k = 0; k < TB_DRV_NEXP; k++) {
        snprintf(what, sizeof what, "driver %u (sampler, cpu %u) %s", i, dv->cpu, dk[k]);
        check_range(r, &dv->expect[k], v[k], cyc, what);
    }
    check_samples_accounted(r, i, &st, c, cnt, cyc);
    if (!dv->check_intervals)
        return;
    due = r->rt[dv->cpu].chk_due[set];
    got = cnt[0] + cnt[1] + cnt[2] + cnt[3];
    /* one sample of its level still being stored */
    slack = c->sf_update.state_q != CPUMF_US_IDLE && c->sf_update.lvl_q == set;
    if (!(got <= due && due - got <= slack))
        rn_failf(r,
                 "step final cycle %" PRIu64 ": driver %u (sampler, cpu %u) SF-INT-2: stored%s "
                 "%" PRIu64 " + overflow %" PRIu64 " + collisions %" PRIu64 " + stopped %" PRIu64
                 " = %" PRIu64 " expected %" PRIu64 " samples due (bench interval count%s)",
                 cyc, i, dv->cpu, set_sfx(set), cnt[0], cnt[1], cnt[2], cnt[3], got, due,
                 slack ? ", one may be in flight" : "");
    if (st.samples_read != cnt[0])
        rn_failf(r,
                 "step final cycle %" PRIu64 ": driver %u (sampler, cpu %u) samples read "
                 "expected %" PRIu64 " (stored%s), actual %" PRIu64,
                 cyc, i, dv->cpu, cnt[0], set_sfx(set), st.samples_read);
}

static void check_icounts(run_ctx *r)
{
    const tb_scenario *sc = r->sc;
    uint32_t i;
    for (i = 0; i < sc->n_exp_icount; i++) {
        const tb_expect_icount *x = &sc->exp_icount[i];
        uint64_t n = 0;
        size_t j;
        for (j = 0; j < r->n_intr; j++)
            if (r->intr[j].cpu == x->cpu && (r->intr[j].param & x->param) == x->param)
                n++;
        if (n < x->lo || n > x->hi)
            rn_failf(r,
                     "step final: expect_interruption_counts %u: interruptions on cpu %u with "
                     "param bits 0x%08x expected %" PRIu64 "..%" PRIu64 ", actual %" PRIu64,
                     i, x->cpu, x->param, x->lo, x->hi, n);
    }
}

static void check_interruptions(run_ctx *r)
{
    const tb_scenario *sc = r->sc;
    uint32_t i;
    if (!sc->has_expect_intr)
        return;
    if (r->n_intr != sc->n_exp_intr)
        rn_failf(r, "step final: interruptions expected %u, actual %zu", sc->n_exp_intr, r->n_intr);
    for (i = 0; i < sc->n_exp_intr && i < r->n_intr; i++) {
        const tb_expect_intr *x = &sc->exp_intr[i];
        const intr_rec *a = &r->intr[i];
        if (x->cpu != a->cpu || x->param != a->param || (x->has_cycle && x->cycle != a->cycle))
            rn_failf(r,
                     "step final: interruption %u expected cpu %u cycle %s%" PRIu64 " param "
                     "0x%08x, actual cpu %u cycle %" PRIu64 " param 0x%08x",
                     i, x->cpu, x->has_cycle ? "" : "any/", x->cycle, x->param, a->cpu, a->cycle,
                     a->param);
    }
}

void rn_hex_of(char *dst, const uint8_t *b, size_t n)
{
    static const char hx[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i < n; i++) {
        dst[2 * i] = hx[b[i] >> 4];
        dst[2 * i + 1] = hx[b[i] & 15];
    }
    dst[2 * n] = 0;
}

static void check_dumps(run_ctx *r)
{
    const tb_scenario *sc = r->sc;
    uint32_t i;
    for (i = 0; i < sc->n_exp_dump; i++) {
        const tb_expect_dump *x = &sc->exp_dump[i];
        uint8_t *b = xmalloc(x->len);
        size_t j;
        tb_storage_read_bytes(r->stor, x->addr, b, x->len);
        for (j = 0; j < x->len && b[j] == x->bytes[j]; j++)
            ;
        if (j < x->len) {
            size_t n = x->len - j < 16 ? x->len - j : 16;
            char e[40], a[40];
            rn_hex_of(e, x->bytes + j, n);
            rn_hex_of(a, b + j, n);
            rn_failf(r,
                     "step final: storage at 0x%016" PRIx64 " (expect_dumps %u, byte %zu) "
                     "expected %s, actual %s",
                     x->addr + j, i, j, e, a);
        }
        free(b);
    }
}

/* ---------------- relations ---------------- */

int rn_rel_get(void *ctx, unsigned num, uint64_t *v)
{
    const rn_rel_ctx *x = ctx;
    return rn_readable(x->cfg, x->o, x->cpu, num, v);
}

/* "c2=5 c128=3 ..." of the relation's counters. */
static void rel_values(const tb_relation *rel, const rn_rel_ctx *x, char *buf, size_t len)
{
    size_t at = 0;
    unsigned i;
    buf[0] = '\0';
    for (i = 0; i < rel->n && at < len; i++) {
        uint64_t v = 0;
        rn_rel_get((void *)(uintptr_t)x, rel->t[i].num, &v);
        at +=
            (size_t)snprintf(buf + at, len - at, "%sc%u=%" PRIu64, i ? " " : "", rel->t[i].num, v);
    }
}

/* Relation rel on CPU x->cpu at cycle cyc; 0 when a counter of it cannot be
 * read there (*num is that counter), else 1. */
static int check_relation(run_ctx *r, const tb_relation *rel, const rn_rel_ctx *x, uint64_t cyc,
                          int final, unsigned *num)
{
    const cpumf_model_cfg *m = &r->sc->system.model;
    const char *where = final ? "final" : "-";
    uint64_t left, right;
    char vals[600], lb[96];
    int ok = tb_relation_eval(rel, m, rn_rel_get, (void *)(uintptr_t)x, &left, &right, num);
    if (ok != 0)
        return ok > 0;
    if (rel->op == TB_REL_UNDEFINED) {
        rn_failf(r,
                 "step %s cycle %" PRIu64 ": cpu %u relation undefined: counter %s expected 0, "
                 "actual %" PRIu64,
                 where, cyc, x->cpu, counter_label(m, *num, lb, sizeof lb), left);
        return 1;
    }
    rel_values(rel, x, vals, sizeof vals);
    rn_failf(r,
             "step %s cycle %" PRIu64 ": cpu %u relation %s (%s) expected to hold, actual "
             "%" PRIu64 " %s %" PRIu64 " is false (%s)",
             where, cyc, x->cpu, rel->name, rel->text, left, tb_relation_op_name(rel->op), right,
             vals);
    return 1;
}

void rn_check_relations(run_ctx *r, const cpumf_obs *o, uint64_t cyc, int final)
{
    const tb_scenario *sc = r->sc;
    uint32_t i;
    unsigned c;
    for (i = 0; i < sc->rels.n; i++) {
        unsigned checked = 0, num = 0;
        char lb[96];
        if (!((sc->exp_rel >> i) & 1u))
            continue;
        for (c = 0; c < r->ncpu; c++) {
            rn_rel_ctx x = {&sc->system, o, c};
            checked += (unsigned)check_relation(r, &sc->rels.r[i], &x, cyc, final, &num);
        }
        if (final && !checked)
            rn_failf(r,
                     "step final cycle %" PRIu64 ": relation %s: counter %s expected readable "
                     "on some CPU, actual on none",
                     cyc, sc->rels.r[i].name, counter_label(&sc->system.model, num, lb, sizeof lb));
    }
}

void rn_check_end(run_ctx *r, uint64_t cyc)
{
    uint32_t i;
    check_final(r, r->obs, cyc);
    if (r->sc->exp_rel)
        rn_check_relations(r, r->obs, cyc, 1);
    for (i = 0; i < r->sc->n_drivers; i++)
        check_driver(r, i, r->obs, cyc);
    check_icounts(r);
    check_interruptions(r);
    check_dumps(r);
}
