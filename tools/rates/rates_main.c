/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rates_main.c - cpumf-rates: what each workload's stream does, measured (usage: --help).
 *
 * Runs each workload (configs/workloads/WORKLOAD.json) on the system of
 * SCENARIO (its CPUs and its model's event model) for N cycles (10^7) at the
 * scenario's seed, and prints a Markdown table per workload: every rate
 * parameter beside the rate measured over the stream.  What the inputs show
 * is measured from the inputs (instructions, misses, penalties, unique
 * instructions, branches, level flips, crypto functions); what they cannot
 * show (a crypto-active cycle without a function, an event table's or a
 * process's draws) from the decisions' own counts.  Exit 1 when a rate is
 * more than 1 % off its parameter, or with --check when FILE is not exactly
 * what it prints (docs/rates.md is its output: make rates).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario/scenario.h"
#include "stimulus/workload.h"
#include "xalloc.h"

#define TOLERANCE 0.01

typedef struct out {
    char *s;
    size_t n, cap;
    int off; /* rows beyond the tolerance */
} out;

static void put(out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (o->n + (size_t)n + 1 > o->cap) {
        o->cap = (o->n + (size_t)n + 1) * 2;
        o->s = xrealloc(o->s, o->cap);
    }
    va_start(ap, fmt);
    vsnprintf(o->s + o->n, (size_t)n + 1, fmt, ap);
    va_end(ap);
    o->n += (size_t)n;
}

/* One row: events among eligible cycles (or a sum over events) against the
 * parameter. */
static void row(out *o, const char *what, const char *per, double num, double den, double param)
{
    double got = den > 0 ? num / den : 0, off = param > 0 ? got / param - 1 : got;
    int bad = off > TOLERANCE || off < -TOLERANCE;
    o->off += bad;
    put(o, "| %s | %s | %.0f | %.0f | %.6g | %.6g | %+.3f %%%s |\n", what, per, num, den, got,
        param, 100 * off, bad ? " **off**" : "");
}

/* What the inputs of every CPU show over the run. */
typedef struct tally {
    double cycles, running, insn_elig, insn_cyc, insns, l1_elig[2], l1_dw[2], l1_pen[2];
    double uniq, uniq_count, branch, flips[TB_WL_NLEVEL], cr_bits[4];
} tally;

static uint16_t level_of(const cpumf_cpu_in *in, unsigned k)
{
    switch (k) {
    case TB_WL_WAIT: return in->wait;
    case TB_WL_PROBLEM: return in->problem;
    case TB_WL_DAT: return in->dat;
    case TB_WL_AS: return in->as;
    case TB_WL_ASN: return in->asn;
    case TB_WL_SECURE_GUEST: return in->secure_guest;
    case TB_WL_PCF49: return in->pcf49;
    case TB_WL_ENTRY_INCONSISTENT: return in->entry_inconsistent;
    default: return in->sf_lower_enabled;
    }
}

static unsigned popcount8(unsigned v)
{
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

/* Cycle t of one CPU against its cycle before (prev). */
static void count(tally *t, const cpumf_cpu_in *in, const cpumf_cpu_in *prev, int first)
{
    unsigned k, j;
    const uint8_t cr[4] = {in->cr_fn, in->cr_busy, in->cr_bfn, in->cr_bcyc};
    t->cycles++;
    for (k = 0; !first && k < TB_WL_NLEVEL; k++)
        t->flips[k] += level_of(in, k) != level_of(prev, k);
    if (in->wait)
        return;
    t->running++;
    if (!in->l1i_pen && !in->l1d_pen) {
        t->insn_elig++;
        t->insn_cyc += in->insns != 0;
        t->insns += in->insns;
    }
    for (j = 0; j < 2; j++) {
        unsigned pen = j ? in->l1d_pen : in->l1i_pen;
        t->l1_pen[j] += pen;
        t->l1_elig[j] += !pen;
        t->l1_dw[j] += j ? in->l1d_dw : in->l1i_dw;
    }
    t->uniq += in->uniq;
    t->uniq_count += in->uniq ? in->uniq_count : 0;
    t->branch += !first && in->ia != prev->ia + 4u * prev->insns;
    for (j = 0; j < 4; j++)
        t->cr_bits[j] += popcount8(cr[j]);
}

/* The hits and eligible cycles of decision g summed over the CPUs. */
static void gap_sum(const tb_gap *g, size_t stride, unsigned ncpu, double *hits, double *elig)
{
    unsigned c;
    *hits = *elig = 0;
    for (c = 0; c < ncpu; c++, g = (const tb_gap *)(const void *)((const char *)g + stride)) {
        *hits += (double)g->hits;
        *elig += (double)(g->due - g->left + 1u);
    }
}

/* A threshold of 2^32 as a probability. */
static double prob(uint64_t t)
{
    return (double)t / 4294967296.0;
}

static void workload_rows(out *o, const tb_workload *w, const tally *t)
{
    static const char *const crn[4] = {"functions", "busy", "blocked_functions", "blocked_cycles"};
    const tb_workload_cfg *g = &w->cfg;
    double hits, elig;
    char name[64];
    unsigned k, j;
    if (g->insn_rate) {
        row(o, "insn_rate", "cycle without a penalty", t->insn_cyc, t->insn_elig,
            prob(g->insn_rate));
        row(o, "insn_burst: mean instructions", "cycle with some", t->insns, t->insn_cyc,
            (1.0 + g->insn_burst) / 2);
    }
    for (j = 0; j < 2; j++) {
        if (!g->l1_miss[j])
            continue;
        snprintf(name, sizeof name, "%s miss", j ? "l1d" : "l1i");
        row(o, name, "cycle without its penalty", t->l1_dw[j], t->l1_elig[j], prob(g->l1_miss[j]));
        snprintf(name, sizeof name, "%s penalty: mean cycles", j ? "l1d" : "l1i");
        row(o, name, "miss", t->l1_pen[j], t->l1_dw[j],
            (g->l1_pen_min[j] + g->l1_pen_max[j]) / 2.0);
    }
    if (g->uniq_rate) {
        row(o, "uniq", "running cycle", t->uniq, t->running, prob(g->uniq_rate));
        row(o, "uniq: mean count", "unique instruction", t->uniq_count, t->uniq, 7.5);
    }
    if (g->cr_active) {
        gap_sum(&w->cpu[0].gap[TB_WG_CRYPTO], sizeof w->cpu[0], w->ncpu, &hits, &elig);
        row(o, "crypto active", "running cycle", hits, elig, prob(g->cr_active));
        for (j = 0; j < 4; j++) {
            snprintf(name, sizeof name, "crypto %s", crn[j]);
            row(o, name, "engine in an active cycle", t->cr_bits[j],
                hits * popcount8(g->cr_engines), g->cr_thr[j] / 65536.0);
        }
    }
    if (g->branch_rate)
        row(o, "branch", "running cycle", t->branch, t->running, prob(g->branch_rate));
    for (k = 0; k < TB_WL_NLEVEL; k++) {
        /* the flips the workload makes on this system (no secure guest
         * outside the VM level) */
        if (!w->len[TB_WG_FLIP + k])
            continue;
        snprintf(name, sizeof name, "flip %s", tb_wl_level_name(k));
        row(o, name, "cycle", t->flips[k], t->cycles - w->ncpu, prob(g->flip[k]));
    }
}

static void events_rows(out *o, const tb_workload *w)
{
    static const char *const on[] = {"cycle", "instruction cycle", "L1I miss", "", "L1D miss"};
    const tb_events_cfg *e = w->ev;
    const size_t stride = sizeof w->cpu[0];
    double hits, elig;
    char name[64];
    unsigned i;
    for (i = 0; i < e->n_tab; i++) {
        snprintf(name, sizeof name, "ext table %u: an outcome that counts", i);
        gap_sum(&w->cpu[0].ev.tab[i], stride, w->ncpu, &hits, &elig);
        row(o, name, on[e->tab[i].on >> 1], hits, elig, (double)e->tab[i].total / e->tab[i].whole);
    }
    for (i = 0; i < e->n_proc; i++) {
        const tb_ev_proc *p = &e->proc[i];
        if (p->rate) {
            snprintf(name, sizeof name, "ext process %s: start", p->name);
            gap_sum(&w->cpu[0].ev.start[i], stride, w->ncpu, &hits, &elig);
            row(o, name, on[p->on >> 1], hits, elig, prob(p->rate));
        }
        if (p->end.n) {
            snprintf(name, sizeof name, "ext process %s: an end that counts", p->name);
            gap_sum(&w->cpu[0].ev.end[i], stride, w->ncpu, &hits, &elig);
            row(o, name, "end of a run", hits, elig, (double)p->end.total / p->end.whole);
        }
    }
}

/* Does file path hold exactly text? */
static int file_is(const char *path, const char *text)
{
    FILE *f = fopen(path, "rb");
    size_t n = strlen(text), got;
    char *buf;
    int same;
    if (!f)
        return 0;
    buf = xmalloc(n + 2);
    got = fread(buf, 1, n + 1, f);
    fclose(f);
    same = got == n && !memcmp(buf, text, n);
    free(buf);
    return same;
}

static int run_workload(out *o, const tb_scenario *sc, const char *name, uint64_t cycles)
{
    tb_workload *w;
    cpumf_sys_in *in;
    tb_workload_cfg cfg;
    tally t;
    char path[1024], err[1024];
    uint64_t cyc;
    unsigned c;
    if (!tb_config_name_valid(name) ||
        !tb_config_path(path, sizeof path, cpumf_default_configs_dir(), "workloads", name)) {
        fprintf(stderr, "cpumf-rates: unknown workload \"%s\" (no workloads/%s.json in %s)\n", name,
                name, cpumf_default_configs_dir());
        return -1;
    }
    if (tb_workload_load(path, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "cpumf-rates: %s\n", err);
        return -1;
    }
    w = xcalloc(1, sizeof *w);
    in = xcalloc(2, sizeof *in);
    tb_workload_init(w, &cfg, sc->has_events ? &sc->events : NULL, sc->seed, &sc->system);
    memset(&t, 0, sizeof t);
    for (cyc = 0; cyc < cycles; cyc++) {
        cpumf_sys_in *now = &in[cyc & 1u], *prev = &in[~cyc & 1u];
        tb_workload_cycle(w, cyc, now);
        for (c = 0; c < w->ncpu; c++)
            count(&t, &now->cpu[c], &prev->cpu[c], cyc == 0);
    }
    put(o, "\n## %s\n\n", name);
    put(o, "| parameter | per | events | eligible | measured | parameter | off |\n");
    put(o, "|---|---|---:|---:|---:|---:|---:|\n");
    workload_rows(o, w, &t);
    if (w->ev)
        events_rows(o, w);
    free(in);
    free(w);
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: cpumf-rates [--cycles N] [--check FILE] SCENARIO WORKLOAD...\n"
               "  runs each workload (configs/workloads/WORKLOAD.json) on SCENARIO's system for N\n"
               "  cycles (default 10^7) and prints every rate parameter beside the rate measured;\n"
               "  exit 1 when a rate is more than 1 %% off, or with --check when FILE (make rates\n"
               "  writes docs/rates.md) differs from what it prints\n");
}

int main(int argc, char **argv)
{
    const char *check = NULL, *scenario = NULL;
    uint64_t cycles = 10000000;
    char err[1024];
    out o = {0};
    int i, first = 0, rc = 0;
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        usage(stdout);
        return 0;
    }
    for (i = 1; i < argc && argv[i][0] == '-'; i += 2) {
        if (i + 1 >= argc)
            break;
        if (!strcmp(argv[i], "--cycles"))
            cycles = strtoull(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--check"))
            check = argv[i + 1];
        else
            break;
    }
    if (i + 2 > argc || argv[i][0] == '-' || !cycles) {
        usage(stderr);
        return 2;
    }
    scenario = argv[i];
    first = i + 1;
    tb_scenario *sc = tb_scenario_load(scenario, NULL, 0, 0, NULL, err, sizeof err);
    if (!sc) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    put(&o, "# Workload rates\n\nWritten by `make rates`:\n\n    cpumf-rates %s", scenario);
    for (i = first; i < argc; i++)
        put(&o, " %s", argv[i]);
    put(&o,
        "\n\nEach workload on system %s (%u CPUs, the event model of %s), seed %llu, for %llu\n"
        "cycles, the CPUs summed. Every rate is a stratified gap (`tb/stimulus/rng.h`): a count\n"
        "is its parameter within one event; the means are drawn. `make test` fails when a row\n"
        "is more than 1 %% off or this file is not what the command writes.\n",
        sc->system.name, sc->system.n_cpus, sc->system.model.name, (unsigned long long)sc->seed,
        (unsigned long long)cycles);
    for (i = first; i < argc && !rc; i++)
        rc = run_workload(&o, sc, argv[i], cycles) ? 2 : 0;
    tb_scenario_free(sc);
    if (!rc && o.off) {
        fprintf(stderr, "cpumf-rates: %d rates more than 1 %% off their parameter\n", o.off);
        rc = 1;
    }
    if (rc < 2 && check) {
        if (!file_is(check, o.s)) {
            fprintf(stderr, "cpumf-rates: %s is not what this command writes: run make rates\n",
                    check);
            rc = 1;
        }
    } else if (rc < 2) {
        fputs(o.s, stdout);
    }
    free(o.s);
    return rc;
}
