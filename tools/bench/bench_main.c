/* SPDX-License-Identifier: Apache-2.0 */
/* bench_main.c - build/cpumf-bench: one scenario run four ways in one
 * process (model alone, RTL alone, lockstep, lockstep with waves), printing
 * simulated cycles per second of each and their ratios to the model alone;
 * the modes take turns for seven rounds and each shows its fastest, with
 * how far its slowest round fell behind; the lockstep's overhead and the
 * model/RTL ratio are also taken round by round (the two modes of a round
 * run seconds apart, so the machine's drift moves them together).
 * Waves cover the whole run, written to a scratch FST that is removed.
 * Then the model and the RTL without their stimulus (the inputs of the
 * model-alone run recorded, replayed into a fresh model and a fresh RTL:
 * only their evaluation and clock edge timed; the model's replay must end in
 * the registers the run ended in), the stimulus's cost per cycle, and the
 * heap one system takes.  With --fast-forward first, only the model with
 * cpumf-sim's fast-forward over quiet spans is timed. */
#define _GNU_SOURCE /* clock_gettime, mallinfo2 */
#include <inttypes.h>
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "runner/cli.h"
#include "lockstep/cosim.h"
#include "lockstep/rtl.h"
#include "runner/runner.h"
#include "scenario/scenario.h"
#include "stimulus/storage.h"
#include "xalloc.h"

enum { MODE_MODEL, MODE_RTL, MODE_LOCKSTEP, MODE_WAVES, MODE_COUNT };
enum { ROUNDS = 7 }; /* rounds of each mode but the waves; the fastest counts */
static const char *const mode_name[MODE_COUNT] = {"model alone", "RTL alone", "lockstep",
                                                  "lockstep + FST waves"};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The model alone, recording the inputs of each cycle (installed CPUs) as
 * their changes: per cycle the three system-wide pulses, then per CPU the
 * number of bytes of its cpumf_cpu_in that differ from the cycle before and
 * that many (offset, value) pairs.  A few bytes change in a cycle (the TOD,
 * the address, the events), so the replay reads tens of bytes a cycle and
 * not the whole inputs (768 bytes for four CPUs), which streamed from
 * memory would cost about as much as drawing them. */
typedef struct recorder {
    cpumf_sys *sys;
    unsigned ncpu;
    cpumf_cpu_in last[CPUMF_MAX_CPUS]; /* the inputs of the cycle before */
    uint8_t *buf;
    size_t len, cap;
    uint64_t n;     /* cycles recorded */
    cpumf_obs *end; /* the model's registers after the run */
} recorder;

_Static_assert(sizeof(cpumf_cpu_in) <= 256, "an input byte's offset fits in a byte");

static void rec_byte(recorder *r, uint8_t b)
{
    if (r->len == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 65536;
        r->buf = xrealloc(r->buf, r->cap);
    }
    r->buf[r->len++] = b;
}

static int rec_eval(void *ctx, uint64_t cycle, const cpumf_sys_in *in, cpumf_sys_out *out)
{
    recorder *r = ctx;
    (void)cycle;
    rec_byte(r, in->sigp_mt_valid);
    rec_byte(r, in->sigp_mt_enable);
    rec_byte(r, in->cg_addr_change);
    for (unsigned c = 0; c < r->ncpu; c++) {
        const uint8_t *now_b = (const uint8_t *)&in->cpu[c];
        uint8_t *last_b = (uint8_t *)&r->last[c];
        size_t count_at;
        uint8_t count = 0;
        rec_byte(r, 0);
        count_at = r->len - 1;
        for (unsigned k = 0; k < sizeof in->cpu[c]; k++)
            if (now_b[k] != last_b[k]) {
                rec_byte(r, (uint8_t)k);
                rec_byte(r, now_b[k]);
                last_b[k] = now_b[k];
                count++;
            }
        r->buf[count_at] = count;
    }
    r->n++;
    cpumf_eval(r->sys, in, out);
    return 0;
}

static void rec_commit(void *ctx)
{
    cpumf_commit(((recorder *)ctx)->sys);
}

static void rec_observe(void *ctx, cpumf_obs *obs)
{
    cpumf_observe(((recorder *)ctx)->sys, obs);
}

static void rec_destroy(void *ctx)
{
    (void)ctx;
}

/* One side's clock, for the replay: the model or the RTL. */
typedef struct replay_side {
    cpumf_sys *sys;
    tb_rtl *rtl;
} replay_side;

static void side_step(replay_side *r, uint64_t cycle, const cpumf_sys_in *in, cpumf_sys_out *out)
{
    if (r->sys) {
        cpumf_eval(r->sys, in, out);
        cpumf_commit(r->sys);
    } else {
        tb_rtl_eval(r->rtl, cycle, in, out);
        tb_rtl_commit(r->rtl);
    }
}

/* The recorded inputs into a fresh model (rtl 0) or RTL (rtl 1): cycles per
 * second of that side alone, without the stimulus; negative on failure.
 * Both sides make the same storage requests, so the recorded storage answers
 * serve the RTL as they served the model. */
static double replay(const tb_scenario *sc, const recorder *r, int rtl)
{
    cpumf_sys_in *in;
    cpumf_sys_out out;
    char err[512];
    tb_rtl_opts ro = {NULL, 0, UINT64_MAX, 0, NULL};
    replay_side side = {NULL, NULL};
    const uint8_t *p;
    uint64_t t;
    double t0;
    int same = 1; /* the model's replay ended where the run did */
    if (rtl ? !(side.rtl = tb_rtl_create(&sc->system, &ro, err, sizeof err))
            : !(side.sys = cpumf_create(&sc->system, err, sizeof err))) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    in = xcalloc(1, sizeof *in);
    t0 = now();
    for (t = 0, p = r->buf; t < r->n; t++) {
        in->sigp_mt_valid = p[0];
        in->sigp_mt_enable = p[1];
        in->cg_addr_change = p[2];
        p += 3;
        for (unsigned c = 0; c < r->ncpu; c++) {
            uint8_t *b = (uint8_t *)&in->cpu[c];
            for (unsigned k = *p++; k; k--, p += 2)
                b[p[0]] = p[1];
        }
        side_step(&side, t, in, &out);
    }
    t0 = now() - t0;
    free(in);
    if (side.sys) {
        /* the replay stands for the run only if it ends where the run did */
        cpumf_obs *obs = xcalloc(1, sizeof *obs);
        cpumf_observe(side.sys, obs);
        same = memcmp(obs, r->end, sizeof *obs) == 0;
        if (!same)
            fprintf(stderr, "model without stimulus: the replay ends elsewhere than the run\n");
        free(obs);
        cpumf_destroy(side.sys);
    }
    tb_rtl_destroy(side.rtl);
    return same ? (double)r->n / t0 : -1.0;
}

/* Heap bytes cpumf_create takes for this system. */
static size_t system_bytes(const tb_scenario *sc)
{
    char err[512];
    struct mallinfo2 a = mallinfo2(), b;
    cpumf_sys *sys = cpumf_create(&sc->system, err, sizeof err);
    b = mallinfo2();
    cpumf_destroy(sys);
    return sys ? b.uordblks - a.uordblks : 0;
}

/* The model alone with the fast-forward (cpumf-sim's default). */
static int bench_fast_forward(const tb_scenario *sc, tb_options *opt)
{
    char err[512];
    cpumf_sys *sys = cpumf_create(&sc->system, err, sizeof err);
    tb_storage *stor;
    tb_backend be;
    tb_run_summary sum;
    double t0;
    int rc;
    if (!sys) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    be = tb_model_backend(sys);
    stor = tb_storage_create(&sc->system, sc->seed);
    opt->fast_forward = 1;
    t0 = now();
    rc = tb_run(sc, opt, &be, stor, &sum);
    t0 = now() - t0;
    be.destroy(be.ctx);
    tb_storage_destroy(stor);
    cpumf_destroy(sys);
    if (rc != 0) {
        fprintf(stderr, "model fast-forward: run failed (exit %d)\n", rc);
        return 1;
    }
    printf("%-22s %12" PRIu64 " %14.0f   (%.3f s)\n", "model fast-forward", sum.cycles_run,
           (double)sum.cycles_run / t0, t0);
    return 0;
}

/* One run; returns simulated cycles per second, or a negative value on
 * failure.  rec: record the inputs of the model alone (NULL: not). */
static double run_mode(const tb_scenario *sc, const tb_options *opt, int mode, uint64_t *cycles,
                       recorder *rec)
{
    char err[512];
    const char *fst = "build/bench-waves.fst";
    tb_rtl_opts ro = {mode == MODE_WAVES ? fst : NULL, 0, UINT64_MAX, 0, NULL};
    tb_rtl *rtl = NULL;
    cpumf_sys *sys = NULL;
    tb_backend be;
    tb_run_summary sum;
    if (mode != MODE_MODEL && !(rtl = tb_rtl_create(&sc->system, &ro, err, sizeof err))) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    if (mode != MODE_RTL && !(sys = cpumf_create(&sc->system, err, sizeof err))) {
        fprintf(stderr, "%s\n", err);
        tb_rtl_destroy(rtl);
        return -1;
    }
    tb_cosim_info info = {.program = "build/cpumf-cosim",
                          .scenario_path = opt->scenario,
                          .seed = sc->seed,
                          .plusargs = "",
                          .report = stderr};
    be = mode == MODE_MODEL ? tb_model_backend(sys)
         : mode == MODE_RTL ? tb_rtl_backend(rtl)
                            : tb_cosim_backend(sys, rtl, &info);
    if (rec) {
        rec->sys = sys;
        rec->ncpu = sc->system.n_cpus;
        be.ctx = rec;
        be.eval = rec_eval;
        be.commit = rec_commit;
        be.observe = rec_observe;
        be.destroy = rec_destroy;
    }
    tb_storage *stor = tb_storage_create(&sc->system, sc->seed);
    double t0 = now();
    int rc = tb_run(sc, opt, &be, stor, &sum);
    double dt = now() - t0;
    if (rec) {
        rec->end = xcalloc(1, sizeof *rec->end);
        cpumf_observe(sys, rec->end);
    }
    be.destroy(be.ctx);
    tb_storage_destroy(stor);
    if (sys)
        cpumf_destroy(sys);
    tb_rtl_destroy(rtl);
    if (mode == MODE_WAVES)
        remove(fst);
    *cycles = sum.cycles_run;
    if (rc != 0) {
        fprintf(stderr, "%s: run failed (exit %d)\n", mode_name[mode], rc);
        return -1;
    }
    return (double)sum.cycles_run / dt;
}

/* The rounds of one figure: the fastest is the figure. */
typedef struct rounds {
    double v[ROUNDS];
    int n;
} rounds;

static void add_round(rounds *x, double v)
{
    if (x->n < ROUNDS)
        x->v[x->n++] = v;
}

static double fastest(const rounds *x)
{
    double m = 0.0;
    for (int i = 0; i < x->n; i++)
        m = fmax(m, x->v[i]);
    return m;
}

static double slowest(const rounds *x)
{
    double m = x->n ? x->v[0] : 0.0;
    for (int i = 1; i < x->n; i++)
        m = fmin(m, x->v[i]);
    return m;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Round by round a[k] / b[k] + add: "median M (LO to HI)", each scaled. */
static void print_per_round(const char *what, const rounds *a, const rounds *b, double add,
                            double scale, const char *unit)
{
    double q[ROUNDS];
    int n = a->n < b->n ? a->n : b->n;
    for (int i = 0; i < n; i++)
        q[i] = scale * (a->v[i] / b->v[i] + add);
    qsort(q, (size_t)n, sizeof q[0], cmp_double);
    printf("  round by round, %s: median %.1f%s (%.1f%s to %.1f%s)\n", what, q[n / 2], unit, q[0],
           unit, q[n - 1], unit);
}

/* A row: cycles/s of the fastest round, its ratio to the model alone's, and
 * how much slower the slowest round ran (a single round: no spread). */
static void print_row(const char *name, uint64_t cycles, const rounds *x, double model)
{
    double best = fastest(x);
    printf("%-22s %12" PRIu64 " %14.0f %15.1fx", name, cycles, best, model / best);
    if (x->n > 1)
        printf(" %13.1f%%", 100.0 * (1.0 - slowest(x) / best));
    printf("\n");
}

int main(int argc, char **argv)
{
    tb_options opt;
    char err[1024];
    int ff = argc > 1 && strcmp(argv[1], "--fast-forward") == 0;
    recorder rec;
    if (ff) {
        argv[1] = argv[0];
        argv++;
        argc--;
    }
    int rc = tb_cli_parse(argc, argv, 0, &opt, err, sizeof err);
    if (rc != 0) {
        if (rc != 1)
            fprintf(stderr, "cpumf-bench: %s\n", err);
        fprintf(rc == 1 ? stdout : stderr,
                "usage: cpumf-bench [--fast-forward] SCENARIO.json [--seed N] [--system NAME]\n"
                "       [--cycles N] [--configs DIR]\n");
        return rc == 1 ? 0 : 2;
    }
    opt.quiet = 1;
    opt.results = NULL;
    tb_scenario *sc = tb_scenario_load(opt.scenario, opt.configs_dir, opt.has_seed, opt.seed,
                                       opt.system, err, sizeof err);
    if (!sc) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    rounds rate[MODE_COUNT], bare, bare_rtl;
    uint64_t cycles[MODE_COUNT];
    printf("bench: %s, system %s, %u CPUs\n", opt.scenario, sc->system.name, sc->system.n_cpus);
    if (ff) {
        rc = bench_fast_forward(sc, &opt);
        tb_scenario_free(sc);
        return rc;
    }
    int failed = 0;
    memset(&rec, 0, sizeof rec);
    /* the model's inputs, recorded in a run of their own, to replay */
    failed |= run_mode(sc, &opt, MODE_MODEL, &cycles[MODE_MODEL], &rec) <= 0;
    /* ROUNDS rounds, the modes taking turns, each mode's fastest round: a
     * shared or virtual machine's speed drifts from one second to the next */
    memset(rate, 0, sizeof rate);
    memset(&bare, 0, sizeof bare);
    memset(&bare_rtl, 0, sizeof bare_rtl);
    for (int round = 0; round < ROUNDS && !failed; round++) {
        for (int m = 0; m < MODE_COUNT; m++) {
            double r;
            if (m == MODE_WAVES && round > 0)
                continue; /* the slowest by far: once */
            r = run_mode(sc, &opt, m, &cycles[m], NULL);
            failed |= r <= 0;
            add_round(&rate[m], r);
        }
        add_round(&bare, replay(sc, &rec, 0));
        add_round(&bare_rtl, replay(sc, &rec, 1));
        failed |= bare.v[round] <= 0 || bare_rtl.v[round] <= 0;
    }
    free(rec.buf);
    free(rec.end);
    if (!failed) {
        double model = fastest(&rate[MODE_MODEL]);
        printf("%-22s %12s %14s %16s %14s\n", "mode", "cycles", "cycles/s", "vs model alone",
               "slowest round");
        for (int m = 0; m < MODE_COUNT; m++)
            print_row(mode_name[m], cycles[m], &rate[m], model);
        printf("lockstep overhead over the RTL alone: %.1f%%\n",
               100.0 * (fastest(&rate[MODE_RTL]) / fastest(&rate[MODE_LOCKSTEP]) - 1.0));
        print_per_round("lockstep over the RTL alone", &rate[MODE_RTL], &rate[MODE_LOCKSTEP], -1.0,
                        100.0, "%");
        printf("lockstep + FST waves: %.1fx the time of the lockstep\n",
               fastest(&rate[MODE_LOCKSTEP]) / fastest(&rate[MODE_WAVES]));
        print_row("model without stimulus", rec.n, &bare, model);
        print_row("RTL without stimulus", rec.n, &bare_rtl, model);
        printf("stimulus and runner: %.0f ns per cycle\n", 1e9 / model - 1e9 / fastest(&bare));
        printf("  (the replay reads %.0f bytes of recorded input changes a cycle)\n",
               (double)rec.len / (double)rec.n);
        printf("model alone / RTL alone: %.1fx; model without stimulus / RTL without stimulus: "
               "%.1fx\n",
               model / fastest(&rate[MODE_RTL]), fastest(&bare) / fastest(&bare_rtl));
        print_per_round("model alone / RTL alone", &rate[MODE_MODEL], &rate[MODE_RTL], 0.0, 1.0,
                        "x");
        print_per_round("without stimulus", &bare, &bare_rtl, 0.0, 1.0, "x");
        printf("one system: %zu bytes allocated by cpumf_create\n", system_bytes(sc));
    }
    tb_scenario_free(sc);
    return failed ? 1 : 0;
}
