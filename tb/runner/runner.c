/* SPDX-License-Identifier: Apache-2.0 */
/*
 * runner.c - the per-cycle driver of a scenario: the inputs of each cycle
 * (steps due, workload, instruction presentation, drivers' instructions,
 * storage port), the backend's evaluation and clock edge, and what the
 * outputs say (acceptance, completion, interruptions); then the end-of-run
 * checks (checks.c) and the results (results.c).
 */
#define _POSIX_C_SOURCE 200809L
#include "runner.h"

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner_int.h"
#include "xalloc.h"

/* ---------------- driver I/O (sampler.h) ---------------- */

static void io_write(void *ctx, uint64_t addr, const uint8_t *buf, size_t len)
{
    run_ctx *r = ctx;
    tb_storage_write_bytes(r->stor, addr, buf, len);
    if (r->be->mem_write)
        r->be->mem_write(r->be->ctx, addr, buf, len);
}

static void io_queue(void *ctx, unsigned drv, unsigned cpu, unsigned tag, uint8_t op, uint64_t r2,
                     uint64_t addr)
{
    run_ctx *r = ctx;
    cpu_rt *q = &r->rt[cpu];
    drv_rec *d;
    if (r->n_drec == r->cap_drec) {
        r->cap_drec = r->cap_drec ? r->cap_drec * 2 : 32;
        r->drec = xrealloc(r->drec, r->cap_drec * sizeof *r->drec);
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
        q->dq = xrealloc(q->dq, q->dqcap * sizeof *q->dq);
    }
    q->dq[q->dqn++] = r->n_drec++;
}

static void io_fail(void *ctx, const char *msg)
{
    rn_failf((run_ctx *)ctx, "%s", msg);
}

/* ---------------- setup ---------------- */

/* Per-CPU instruction queues (scenario order); the other steps by cycle. */
static void setup(run_ctx *r, const tb_scenario *sc, const tb_options *opt, tb_backend *be,
                  tb_storage *stor)
{
    unsigned c;
    uint32_t i;
    memset(r, 0, sizeof *r);
    r->sc = sc;
    r->opt = opt;
    r->be = be;
    r->stor = stor;
    r->ncpu = sc->system.n_cpus > CPUMF_MAX_CPUS ? CPUMF_MAX_CPUS : sc->system.n_cpus;
    r->res = xcalloc(sc->n_steps, sizeof *r->res);
    r->in = xcalloc(1, sizeof *r->in);
    r->pulsed = 1;
    r->out = xcalloc(1, sizeof *r->out);
    r->obs = xcalloc(1, sizeof *r->obs);
    r->wl = xcalloc(1, sizeof *r->wl);
    r->rel_obs = xcalloc(1, sizeof *r->rel_obs);
    r->io.ctx = r;
    r->io.stor = stor;
    r->io.write = io_write;
    r->io.queue = io_queue;
    r->io.fail = io_fail;
    for (c = 0; c < r->ncpu; c++) {
        r->rt[c].q = xcalloc(sc->n_steps, sizeof *r->rt[c].q);
        r->rt[c].cr0_58 = 1;
        r->rt[c].drv[0] = r->rt[c].drv[1] = -1;
    }
    for (i = 0; i < sc->n_steps; i++) {
        const tb_step *st = &sc->steps[i];
        if (st->kind == TB_STEP_INSN)
            r->rt[st->cpu].q[r->rt[st->cpu].qn++] = i;
    }
    r->order = sc->order;
    r->n_order = sc->n_order;
}

/* --smp-dir, --results and --fcov, checked and opened before the first
 * cycle; -1 (message printed, none left open) when one cannot be. */
static int open_outputs(run_ctx *r)
{
    const tb_options *opt = r->opt;
    struct stat st;
    char err[1400];
    if (opt->smp_dir && (stat(opt->smp_dir, &st) != 0 || !S_ISDIR(st.st_mode) ||
                         access(opt->smp_dir, W_OK | X_OK) != 0)) {
        fprintf(stderr, "cpumf: --smp-dir %s: not a writable directory\n", opt->smp_dir);
        return -1;
    }
    if (opt->fcov && !r->be->model) {
        fprintf(stderr, "cpumf: --fcov: this backend does not expose its C model\n");
        return -1;
    }
    if ((opt->results && outfile_open(&r->results, opt->results, err, sizeof err) != 0) ||
        (opt->fcov && outfile_open(&r->fcov, opt->fcov, err, sizeof err) != 0)) {
        fprintf(stderr, "cpumf: %s\n", err);
        return -1;
    }
    return 0;
}

static const struct {
    int sig;
    const char *name;
} stop_sigs[] = {{SIGINT, "SIGINT"}, {SIGTERM, "SIGTERM"}, {SIGHUP, "SIGHUP"}};

void tb_hold_stop_signals(void)
{
    sigset_t set;
    size_t i;
    sigemptyset(&set);
    for (i = 0; i < sizeof stop_sigs / sizeof stop_sigs[0]; i++)
        sigaddset(&set, stop_sigs[i].sig);
    sigprocmask(SIG_BLOCK, &set, NULL);
}

/* The index in stop_sigs of a held signal that has arrived, or -1. */
static int stop_signal(void)
{
    sigset_t set;
    int i;
    if (sigpending(&set) != 0)
        return -1;
    for (i = 0; i < (int)(sizeof stop_sigs / sizeof stop_sigs[0]); i++)
        if (sigismember(&set, stop_sigs[i].sig) == 1)
            return i;
    return -1;
}

/* The drivers, their .SMP files named after the TOD at the earliest start;
 * -1 (message printed, none left) when one cannot start. */
static int start_drivers(run_ctx *r)
{
    const tb_scenario *sc = r->sc;
    uint64_t first = UINT64_MAX;
    char err[1400];
    uint32_t i;
    r->smp = xcalloc(sc->n_drivers, sizeof *r->smp);
    for (i = 0; i < sc->n_drivers; i++)
        if (sc->drivers[i].start < first)
            first = sc->drivers[i].start;
    for (i = 0; i < sc->n_drivers; i++) {
        const tb_driver *dv = &sc->drivers[i];
        r->smp[i] = tb_sampler_create(dv, i, &sc->system, sc->seed, r->opt->smp_dir,
                                      sc->workload.tod0 + first * sc->workload.tod_step,
                                      sc->workload.tod0 + dv->start * sc->workload.tod_step, err,
                                      sizeof err);
        if (!r->smp[i]) {
            fprintf(stderr, "%s: %s\n", sc->path, err);
            while (i > 0)
                tb_sampler_destroy(r->smp[--i]);
            return -1;
        }
        r->rt[dv->cpu].drv[tb_drv_set(dv)] = (int)i;
        r->any_chk |= dv->check_intervals;
    }
    if (r->any_chk) {
        r->chk = xcalloc(1, sizeof *r->chk);
        r->be->observe(r->be->ctx, r->chk);
    }
    return 0;
}

/* ---------------- one cycle ---------------- */

/* Strength of a reset code when several fall on one CPU in one cycle:
 * power-on over basic-machine clear over clear over initial-CPU over CPU. */
static unsigned reset_rank(unsigned code)
{
    switch (code) {
    case CPUMF_RESET_POWER_ON: return 5u;
    case CPUMF_RESET_BASIC_MACHINE_CLEAR: return 4u;
    default: return code; /* CPU 1, initial-CPU 2, clear 3, none 0 */
    }
}

static void apply_step(run_ctx *r, const tb_step *st)
{
    cpumf_cpu_in *c = &r->in->cpu[st->cpu];
    cpu_rt *q = &r->rt[st->cpu];
    r->pulsed = 1;
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
        if (reset_rank(st->reset) > reset_rank(c->reset))
            c->reset = st->reset;
        break;
    case TB_STEP_STOP:
    case TB_STEP_START: q->stopped = st->kind == TB_STEP_STOP; break;
    case TB_STEP_EVENT:
        switch (st->event) {
        case TB_EV_LOSS_CPU: c->loss_cpu |= st->ev_set; break;
        case TB_EV_LOSS_MT: c->loss_mt = 1; break;
        case TB_EV_LOSS_SAMPLE: c->loss_sample = 1; break;
        case TB_EV_CG_ADDR_CHANGE: r->in->cg_addr_change = 1; break;
        case TB_EV_SET_MT:
            r->in->sigp_mt_valid = 1;
            r->in->sigp_mt_enable = st->ev_param != 0;
            break;
        default: break;
        }
        break;
    case TB_STEP_CR0_58: q->cr0_58 = st->cr0_58; break;
    case TB_STEP_ACTIVITY: tb_activity_merge(&q->act, &r->sc->acts[st->act]); break;
    case TB_STEP_STORE: {
        const tb_mem_init *m = &r->sc->mem[st->mem];
        tb_storage_write_bytes(r->stor, m->addr, m->bytes, m->len);
        break;
    }
    default: break;
    }
}

/* The instruction port of CPU c: a driver's instruction first, then the
 * CPU's next "insn" step once due; held while presented, cleared after. */
static void present_insn(run_ctx *r, unsigned c, uint64_t t, cpumf_cpu_in *ci)
{
    cpu_rt *q = &r->rt[c];
    if (q->busy == 0 && q->dqpos < q->dqn && t >= q->ready_at) {
        const drv_rec *d = &r->drec[q->dq[q->dqpos]];
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
    } else if (q->busy == 0 && q->qpos < q->qn && t >= q->ready_at &&
               r->sc->steps[q->q[q->qpos]].at <= t) {
        const tb_step *st = &r->sc->steps[q->q[q->qpos]];
        q->busy = 1;
        r->res[q->q[q->qpos]].presented = 1;
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

/* A driver's instruction executes at the driver's configuration level: from
 * the cycle it is presented to the cycle it completes, the CPU's level is the
 * driver's, and a secure guest is not (it runs only at level 2). */
static void force_driver_level(const run_ctx *r, const cpu_rt *q, cpumf_cpu_in *ci)
{
    const tb_driver *dv;
    if (!q->cur_drv)
        return;
    dv = &r->sc->drivers[r->drec[q->dq[q->dqpos]].drv];
    ci->level = dv->level;
    if (dv->level != CPUMF_LEVEL_VM)
        ci->secure_guest = 0;
}

/* The inputs of cycle t, but for the storage port. */
static void build_inputs(run_ctx *r, uint64_t t)
{
    cpumf_sys_in *in = r->in;
    uint32_t forced = 0; /* CPUs whose extended events an activity override sets */
    unsigned c;
    /* pulses of the previous cycle end (only steps set them) */
    if (r->pulsed) {
        r->pulsed = 0;
        in->sigp_mt_valid = in->sigp_mt_enable = in->cg_addr_change = 0;
        for (c = 0; c < r->ncpu; c++) {
            cpumf_cpu_in *ci = &in->cpu[c];
            ci->auth_set = ci->auth_clr = ci->sf_auth_set = ci->sf_auth_clr = 0;
            ci->reset = 0;
            ci->loss_cpu = ci->loss_mt = ci->loss_sample = 0;
        }
    }
    while (r->op < r->n_order && r->sc->steps[r->order[r->op]].at <= t)
        apply_step(r, &r->sc->steps[r->order[r->op++]]);
    tb_workload_cycle(r->wl, t, in);
    for (c = 0; c < r->ncpu; c++) {
        cpumf_cpu_in *ci = &in->cpu[c];
        cpu_rt *q = &r->rt[c];
        if (q->act.set)
            tb_activity_apply(&q->act, ci);
        if (q->act.set & (1u << TB_ACT_EXT))
            forced |= 1u << c;
        ci->stopped = q->stopped;
        ci->cr0_58 = q->cr0_58;
        ci->alert_taken = (uint8_t)(q->alert_seen && q->cr0_58);
        present_insn(r, c, t, ci);
        force_driver_level(r, q, ci);
        /* the scenario's load refused what could break this: a bench bug (the
         * workload flips a secure guest only at the VM level: an override or a
         * driver's level alone could) */
        if ((q->act.set || q->cur_drv) && !cpumf_cpu_in_possible(ci))
            rn_failf(r, "cycle %" PRIu64 ": cpu%u: level %u with secure_guest %u cannot occur", t,
                     c, ci->level, ci->secure_guest);
    }
    tb_workload_cores(r->wl, in, forced);
}

/* Whether a sibling thread of CPU c's core (CPUs grouped by threads per
 * core) is neither stopped nor waiting in this cycle's inputs. */
static int sibling_busy(const run_ctx *r, unsigned c)
{
    unsigned tpc = r->sc->system.threads_per_core ? r->sc->system.threads_per_core : 1u;
    unsigned j;
    for (j = c - c % tpc; j < c - c % tpc + tpc && j < r->ncpu; j++)
        if (j != c && !r->in->cpu[j].stopped && !r->in->cpu[j].wait)
            return 1;
    return 0;
}

/* The bench-side interval count of the drivers that check intervals
 * (SF-INT-2, exact mode): ticks from the registers of this cycle and its
 * inputs (docs/uarch.md 16: a shared CPU counts its waiting cycles only
 * while a sibling thread works, SF-INT-1), each driver by its own level's
 * set (section 22: the VM set ticks only in cycles at level 2). */
static void count_intervals(run_ctx *r)
{
    uint32_t i;
    for (i = 0; i < r->sc->n_drivers; i++) {
        const tb_driver *dv = &r->sc->drivers[i];
        const cpumf_cpu_obs *co = &r->chk->cpu[dv->cpu];
        const cpumf_cpu_in *ci = &r->in->cpu[dv->cpu];
        cpu_rt *q = &r->rt[dv->cpu];
        unsigned k = tb_drv_set(dv);
        tb_obs_set x = tb_obs_set_of(co, k);
        uint8_t active = (co->sf_ctrl.a_q & x.e & x.c) != 0;
        if (!dv->check_intervals)
            continue;
        if (active && !q->chk_prev[k])
            q->chk_cnt[k] = x.interval;
        q->chk_prev[k] = active;
        if (!active || ci->stopped || (k && ci->level != CPUMF_LEVEL_VM) ||
            (!r->sc->system.dedicated && ci->wait && !sibling_busy(r, dv->cpu)))
            continue;
        if (q->chk_cnt[k] <= 1) {
            q->chk_due[k]++;
            q->chk_cnt[k] = x.interval;
        } else {
            q->chk_cnt[k]--;
        }
    }
}

/* Acceptance and completion on CPU c's instruction port in cycle t. */
static void record_insn(run_ctx *r, unsigned c, uint64_t t, const cpumf_cpu_out *co,
                        tb_run_summary *sum)
{
    cpu_rt *q = &r->rt[c];
    if (q->busy == 1 && co->insn_ready && q->cur_drv) {
        q->busy = 2;
        r->drec[q->dq[q->dqpos]].issued_ok = 1;
        r->drec[q->dq[q->dqpos]].issued = t;
    } else if (q->busy == 1 && co->insn_ready) {
        q->busy = 2;
        r->res[q->q[q->qpos]].issued_ok = 1;
        r->res[q->q[q->qpos]].issued = t;
    }
    if (!co->insn_done)
        return;
    if (q->busy == 2 && q->cur_drv) {
        drv_rec *d = &r->drec[q->dq[q->dqpos]];
        d->done_ok = 1;
        d->done = t;
        d->cc = co->cc;
        d->exc = co->exc;
        d->r1 = co->r1;
        q->pend_done = 1;
        q->cur_drv = 0;
    } else if (q->busy == 2) {
        uint32_t idx = q->q[q->qpos];
        step_res *x = &r->res[idx];
        x->done_ok = 1;
        x->done = t;
        x->cc = co->cc;
        x->exc = co->exc;
        x->r1 = co->r1;
        rn_check_step(r, idx);
        /* a counter read: the relations must hold at this cycle too */
        r->rel_due |= r->sc->exp_rel && (r->sc->steps[idx].op == CPUMF_OP_ECCTR ||
                                         r->sc->steps[idx].op == CPUMF_OP_STCCTM);
        q->qpos++;
        sum->insns_done++;
    } else {
        rn_failf(r,
                 "step - (cpu %u) cycle %" PRIu64 ": insn_done expected 0 (no instruction "
                 "accepted), actual 1",
                 c, t);
        return;
    }
    q->busy = 0;
    q->ready_at = t + 1;
}

/* An interruption taken on CPU c in cycle t (its parameter is stored and its
 * driver reacts after the edge). */
static void record_alert(run_ctx *r, unsigned c, uint64_t t, const cpumf_cpu_out *co)
{
    cpu_rt *q = &r->rt[c];
    if (r->in->cpu[c].alert_taken && co->alert_req) {
        if (r->n_intr == r->cap_intr) {
            r->cap_intr = r->cap_intr ? r->cap_intr * 2 : 64;
            r->intr = xrealloc(r->intr, r->cap_intr * sizeof *r->intr);
        }
        r->intr[r->n_intr].cpu = (uint8_t)c;
        r->intr[r->n_intr].cycle = t;
        r->intr[r->n_intr].param = co->alert_param;
        r->n_intr++;
        q->pend_alert = 1;
        q->pend_param = co->alert_param;
    }
    q->alert_seen = co->alert_req;
}

/* The interruption's parameter, stored as the CPU stores it: big-endian at
 * real locations 128-131, in the CPU's own prefix area (docs/uarch.md 12). */
static void store_alert_param(run_ctx *r, unsigned c, uint32_t param)
{
    uint8_t b[4];
    b[0] = (uint8_t)(param >> 24);
    b[1] = (uint8_t)(param >> 16);
    b[2] = (uint8_t)(param >> 8);
    b[3] = (uint8_t)param;
    io_write(r, tb_prefix_area(&r->sc->system, c) + TB_PREFIX_ALERT_PARAM, b, sizeof b);
}

/* The drivers react between this edge and the next cycle's inputs. */
static void drivers_react(run_ctx *r, uint64_t t)
{
    unsigned c, k;
    for (c = 0; c < r->ncpu; c++) {
        cpu_rt *q = &r->rt[c];
        if (q->pend_done) {
            const drv_rec *d = &r->drec[q->dq[q->dqpos]];
            q->pend_done = 0;
            q->dqpos++;
            tb_sampler_done(r->smp[d->drv], t, d->tag, d->cc, d->exc, &r->io);
        }
        if (q->pend_alert) {
            q->pend_alert = 0;
            store_alert_param(r, c, q->pend_param);
            /* one alert register per CPU: every driver of the CPU scans its own blocks */
            for (k = 0; k < TB_DRV_NSETS; k++)
                if (q->drv[k] >= 0)
                    tb_sampler_alert(r->smp[q->drv[k]], t, &r->io);
        }
    }
}

/* Cycle t once its inputs are built; 1 when the run ends with it: at the
 * first lockstep difference, or with waves at the end of their window, so
 * that they show the cycles after the difference too, or --run-on cycles
 * after it, so that RTL assertions that fail only then are reported. */
static int eval_cycle(run_ctx *r, uint64_t t, tb_run_summary *sum)
{
    tb_backend *be = r->be;
    unsigned c;
    if (be->eval(be->ctx, t, r->in, r->out) != 0) {
        sum->mismatch = 1;
        sum->mismatch_cycle = t;
        rn_failf(r, "step - cycle %" PRIu64 ": RTL and model differ (see the report above)", t);
        r->apart = 1;
    }
    if (sum->mismatch && !(r->opt->waves && t < r->opt->wave_to) &&
        t - sum->mismatch_cycle >= r->opt->run_on)
        return 1;
    for (c = 0; c < r->ncpu; c++) {
        record_insn(r, c, t, &r->out->cpu[c], sum);
        record_alert(r, c, t, &r->out->cpu[c]);
    }
    tb_storage_clock(r->stor, t, r->out);
    be->commit(be->ctx);
    if (r->rel_due) {
        r->rel_due = 0;
        be->observe(be->ctx, r->rel_obs);
        rn_check_relations(r, r->rel_obs, t, 0);
    }
    drivers_react(r, t);
    if (r->any_chk)
        be->observe(be->ctx, r->chk);
    return 0;
}

/* Cycle t, as eval_cycle. */
static int run_cycle(run_ctx *r, uint64_t t, tb_run_summary *sum)
{
    uint32_t i;
    r->now = t;
    for (i = 0; i < r->sc->n_drivers; i++)
        tb_sampler_tick(r->smp[i], t, &r->io);
    build_inputs(r, t);
    tb_storage_inputs(r->stor, t, r->in);
    if (r->any_chk)
        count_intervals(r);
    return eval_cycle(r, t, sum);
}

/* ---------------- fast-forward (cpumf-sim) ---------------- */

static uint64_t min_u64(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

/* Cycles from t before `at` (none when at is t, no bound when it is past). */
static uint64_t until(uint64_t at, uint64_t t)
{
    return at >= t ? at - t : UINT64_MAX;
}

/* Cycles from t on whose stimulus is that of cycle t: no step, instruction
 * or driver action due, no storage response in flight, every CPU's workload
 * constant (but for ia and tod, which only an event reads). */
static uint64_t stimulus_holds(const run_ctx *r, uint64_t t, uint64_t end)
{
    const tb_scenario *sc = r->sc;
    uint64_t n = end - t;
    uint32_t i;
    unsigned c;
    for (c = 0; c < r->ncpu; c++)
        if (!tb_workload_constant(r->wl, c))
            return 0u;
    if (r->any_chk || !tb_storage_idle(r->stor))
        return 0u;
    if (r->op < r->n_order)
        n = min_u64(n, until(sc->steps[r->order[r->op]].at, t));
    for (i = 0; i < sc->n_drivers; i++) {
        const tb_driver *dv = &sc->drivers[i];
        n = min_u64(n, until(dv->start, t));
        if (dv->has_stop)
            n = min_u64(n, until(dv->stop, t));
        if (dv->has_resume)
            n = min_u64(n, until(dv->resume, t));
        n = min_u64(n, until(tb_sampler_next_due(r->smp[i]), t));
    }
    for (c = 0; c < r->ncpu; c++) {
        const cpu_rt *q = &r->rt[c];
        if (q->busy || q->dqpos < q->dqn || q->pend_done || q->pend_alert)
            return 0u;
        if (q->qpos < q->qn) {
            uint64_t at = sc->steps[q->q[q->qpos]].at;
            n = min_u64(n, until(at > q->ready_at ? at : q->ready_at, t));
        }
    }
    return n;
}

/* From cycle t: the quiet cycles t, t+1, ... in one step of the model when
 * the stimulus holds and the model only counts (docs/uarch.md section 21),
 * else cycle t alone; the cycles run, *ended as run_cycle's result. */
static uint64_t run_span(run_ctx *r, uint64_t t, uint64_t end, tb_run_summary *sum, int *ended)
{
    tb_backend *be = r->be;
    uint64_t n = stimulus_holds(r, t, end);
    unsigned c;
    *ended = 0;
    if (n < 2u) {
        *ended = run_cycle(r, t, sum);
        return 1u;
    }
    r->now = t;
    build_inputs(r, t);
    tb_storage_inputs(r->stor, t, r->in);
    n = min_u64(n, be->quiet_cycles(be->ctx, r->in, r->out));
    /* an alert request seen anew changes the next cycle's alert_taken */
    for (c = 0; c < r->ncpu; c++)
        if (r->out->cpu[c].alert_req != r->rt[c].alert_seen)
            n = 0u;
    if (n < 2u) {
        *ended = eval_cycle(r, t, sum);
        return 1u;
    }
    if (be->advance(be->ctx, r->in, n, r->out) != 0) {
        rn_failf(r, "fast-forward at cycle %" PRIu64 ": %s", t, cpumf_last_error(be->model));
        *ended = 1;
        return 1u;
    }
    for (c = 0; c < r->ncpu; c++)
        tb_workload_skip(r->wl, c, n - 1u);
    r->now = t + n - 1u;
    return n;
}

/* ---------------- the end ---------------- */

/* Instructions that never completed: failures unless generated. */
static void check_unfinished(run_ctx *r, uint64_t t, const tb_run_summary *sum)
{
    uint32_t i;
    for (i = 0; i < r->sc->n_steps; i++) {
        const tb_step *st = &r->sc->steps[i];
        step_res *x = &r->res[i];
        if (st->kind != TB_STEP_INSN || x->done_ok)
            continue;
        x->ok = (uint8_t)(st->generated != 0);
        if (!st->generated && !sum->mismatch)
            rn_failf(r,
                     "step %u (%s, cpu %u) cycle %" PRIu64 ": done expected by the end of the "
                     "run, actual %s",
                     i, tb_op_name(st->op), st->cpu, t,
                     x->issued_ok ? "accepted but not completed" : "never accepted");
    }
}

/* Half a run has no results: its files go (the .SMP ones with the drivers). */
static void discard_outputs(run_ctx *r)
{
    outfile_discard(&r->results);
    outfile_discard(&r->fcov);
    if (r->opt->extra_out)
        outfile_discard(r->opt->extra_out->file);
}

/* Every output of the run: results, coverage, the .SMP files and the
 * program's own (opt->extra_out), written, then committed together, so that
 * a run that cannot write one leaves none (docs/scenario-format.md section
 * 1, Outputs); rc, or 2 when they could not be written. */
static int commit_outputs(run_ctx *r, uint64_t t, const tb_run_summary *sum, int rc)
{
    const tb_options *opt = r->opt;
    const tb_extra_output *x = opt->extra_out;
    uint32_t n = 0, i;
    outfile **v = xcalloc(r->sc->n_drivers + 3u, sizeof *v);
    char err[1400];
    if (opt->results)
        rn_write_results(r, r->results.f, t, sum);
    if (opt->fcov)
        rn_write_fcov(r->fcov.f, r->be->model);
    if (rc != 2 && x && x->write(x->ctx, outfile_tmp_name(x->file), err, sizeof err) != 0) {
        fprintf(stderr, "cpumf: %s\n", err);
        rc = 2;
    }
    v[n++] = &r->results;
    v[n++] = &r->fcov;
    if (x)
        v[n++] = x->file;
    for (i = 0; i < r->sc->n_drivers; i++)
        v[n++] = tb_sampler_file(r->smp[i]);
    if (rc == 2) {
        for (i = 0; i < n; i++)
            outfile_discard(v[i]);
    } else if (outfile_commit_all(v, n, err, sizeof err) != 0) {
        fprintf(stderr, "cpumf: %s\n", err);
        rc = 2;
    }
    free(v);
    return rc;
}

/* The run's end at cycle t (stopped by stop_sigs[stop] unless stop is -1):
 * checks, results, coverage; the exit status. */
static int finish(run_ctx *r, uint64_t t, int stop, tb_run_summary *sum)
{
    uint32_t i;
    int rc = 0;
    sum->cycles_run = t;
    sum->interruptions = r->n_intr;
    if (stop >= 0) {
        discard_outputs(r);
        sum->signal = stop_sigs[stop].sig;
        fprintf(stderr, "%s: interrupted by %s at cycle %" PRIu64 ": no results written\n",
                r->sc->name, stop_sigs[stop].name, t);
        return 128 + sum->signal;
    }
    check_unfinished(r, t, sum);
    r->be->observe(r->be->ctx, r->obs);
    for (i = 0; i < r->sc->n_drivers; i++) {
        char err[1400];
        if (tb_sampler_finish(r->smp[i], &r->obs->cpu[r->sc->drivers[i].cpu], &r->io, err,
                              sizeof err) != 0) {
            fprintf(stderr, "cpumf: %s\n", err);
            rc = 2;
        }
    }
    if (!sum->mismatch)
        rn_check_end(r, t);
    if (r->be->failed && r->be->failed(r->be->ctx))
        rn_failf(r, "assertion - an RTL assertion failed (see the ASSERTION lines above)");
    sum->failures = r->n_fail;
    if (r->n_fail && rc == 0)
        rc = 1;
    rc = commit_outputs(r, t, sum, rc);
    if (!r->opt->quiet)
        fprintf(stderr,
                "%s: %s, %" PRIu64 " cycles, %" PRIu64 " instructions, %zu interruptions, "
                "%u failures\n",
                r->sc->name,
                rc == 2     ? "FAILED (its outputs could not be written: none kept)"
                : r->n_fail ? "FAILED"
                            : "passed",
                t, sum->insns_done, r->n_intr, r->n_fail);
    return rc;
}

static void teardown(run_ctx *r)
{
    uint32_t i;
    unsigned c;
    free(r->smp);
    free(r->drec);
    free(r->chk);
    for (c = 0; c < r->ncpu; c++) {
        free(r->rt[c].q);
        free(r->rt[c].dq);
    }
    for (i = 0; i < r->n_fail; i++)
        free(r->fail[i]);
    free(r->fail);
    free(r->intr);
    free(r->res);
    free(r->in);
    free(r->out);
    free(r->obs);
    free(r->wl);
    free(r->rel_obs);
}

/* A run that cannot write the checkpoint it was asked for keeps nothing:
 * it could not restart where it was asked to. */
static int no_checkpoint(run_ctx *r, uint64_t t)
{
    discard_outputs(r);
    fprintf(stderr, "%s: FAILED at cycle %" PRIu64 " (no checkpoint: none of its outputs kept)\n",
            r->sc->name, t);
    return 2;
}

/* The cycles from t on: up to the end, a lockstep difference, a stop signal
 * (its index in *stop) or a checkpoint that could not be written (-1); a
 * checkpoint at the first cycle at or after each multiple of
 * --checkpoint-every, and one where a signal stops the run.  The cycle it
 * ended at. */
static uint64_t run_cycles(run_ctx *r, uint64_t t, uint64_t cycles, tb_run_summary *sum, int *stop,
                           int *ckpt_rc)
{
    const tb_options *opt = r->opt;
    uint64_t n, poll_at = t, every = opt->checkpoint_every;
    uint64_t ckpt_at = every ? (t / every + 1u) * every : UINT64_MAX;
    *stop = -1;
    *ckpt_rc = 0;
    for (; t < cycles; t += n) {
        int ended;
        if (t >= poll_at) {
            poll_at = t + TB_SIGNAL_POLL;
            if ((*stop = stop_signal()) >= 0)
                break;
        }
        if (t >= ckpt_at) {
            ckpt_at = (t / every + 1u) * every;
            if ((*ckpt_rc = rn_checkpoint_save(r, t, sum)) != 0)
                return t;
        }
        if (opt->fast_forward && r->be->advance) {
            n = run_span(r, t, cycles, sum, &ended);
        } else {
            n = 1u;
            ended = run_cycle(r, t, sum);
        }
        if (ended)
            return t + n;
    }
    /* stopped: what ran is kept for a restart */
    if (*stop >= 0 && opt->checkpoint)
        *ckpt_rc = rn_checkpoint_save(r, t, sum);
    return t;
}

int tb_run(const tb_scenario *sc, const tb_options *opt, tb_backend *be, tb_storage *stor,
           tb_run_summary *sum_out)
{
    uint64_t cycles = opt->has_cycles ? opt->cycles : sc->cycles, t = 0;
    tb_run_summary sum;
    run_ctx r;
    uint32_t i;
    int rc, stop, ckpt_rc;

    setup(&r, sc, opt, be, stor);
    memset(&sum, 0, sizeof sum);
    /* memory, then the backend sees the initial storage */
    for (i = 0; i < sc->n_mem; i++)
        if (!sc->mem[i].at_step)
            tb_storage_write_bytes(stor, sc->mem[i].addr, sc->mem[i].bytes, sc->mem[i].len);
    if (be->attach_storage)
        be->attach_storage(be->ctx, stor);
    if (open_outputs(&r) || start_drivers(&r)) {
        discard_outputs(&r);
        teardown(&r);
        return 2;
    }
    tb_workload_init(r.wl, &sc->workload, sc->has_events ? &sc->events : NULL, sc->seed,
                     &sc->system);
    if (opt->restore && rn_checkpoint_restore(&r, &t, &sum) != 0) {
        discard_outputs(&r);
        fprintf(stderr, "%s: FAILED (not restored: nothing run, no outputs written)\n", sc->name);
        rc = 2;
    } else {
        t = run_cycles(&r, t, cycles, &sum, &stop, &ckpt_rc);
        rc = ckpt_rc && stop < 0 ? no_checkpoint(&r, t) : finish(&r, t, stop, &sum);
    }
    if (sum_out)
        *sum_out = sum;
    for (i = 0; i < sc->n_drivers; i++)
        tb_sampler_destroy(r.smp[i]);
    teardown(&r);
    return rc;
}
