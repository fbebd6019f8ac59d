/* SPDX-License-Identifier: Apache-2.0 */
/* it_run.c - the statements of a cpumf-insttime input, in order. */
#include "it_run.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "it_encode.h"
#include "it_stats.h"
#include "it_time.h"
#include "xalloc.h"

typedef struct run {
    it_timer t;
    it_stats st;
    int collecting, have_fit;
    it_fit fit;
    double table_pct;
    unsigned off_table;
    FILE *out, *json;
    it_rec *rec;
    unsigned nrec;
} run;

static double us(const run *r, double cycles)
{
    return r->t.speed ? cycles / r->t.speed : 0.0;
}

static void json_rec(run *r, const it_stmt *s, const it_result *res, const char *dump, int first)
{
    unsigned i;
    fprintf(r->json,
            "%s\n    {\"line\": %u, \"fmt\": \"%s\", \"inst\": \"%s\", \"type\": \"%s\", "
            "\"lengths\": [",
            first ? "" : ",", s->line, s->fmt, s->inst, s->type);
    for (i = 0; i < s->nlen; i++)
        fprintf(r->json, "%s%u", i ? ", " : "", s->len[i]);
    fprintf(r->json, "], \"dump\": \"%s\"", dump);
    fprintf(r->json,
            ", \"cycles\": %.6f, \"sd\": %.6f, \"microseconds\": %.9f, \"cc\": %u, "
            "\"exc\": %u, \"r1\": \"0x%016llx\", \"rounds\": [",
            res->cycles, res->sd, us(r, res->cycles), res->last.cc, res->last.exc,
            (unsigned long long)res->last.r1);
    for (i = 0; i < r->t.rounds; i++)
        fprintf(r->json, "%s%.6f", i ? ", " : "", res->round[i]);
    fprintf(r->json, "]}");
}

/* A program instruction's timing against the table that made it. */
static void check_table(run *r, const it_stmt *s, double cycles)
{
    const tb_timing_insn *ti = &r->t.timing->insn[s->pgm];
    double want = tb_timing_cycles(ti, s->len[0], s->len[1]);
    double pct = 100.0 * fabs(cycles - want) / want;
    int ok = pct <= r->table_pct;
    unsigned i;
    fprintf(r->out, "TABLE %s", s->inst);
    for (i = 0; i < s->nlen; i++)
        fprintf(r->out, " %u", s->len[i]);
    fprintf(r->out, ": %.4f cycles, table %.0f, %.4f%% off%s\n", cycles, want, pct,
            ok ? "" : " (OFF THE TABLE)");
    r->off_table += !ok;
}

static int insn(run *r, const it_stmt *s, char *err, size_t errlen)
{
    it_result res;
    it_rec *c;
    char l1[12] = "", l2[12] = "", dump[IT_DUMP];
    if (it_time_stmt(&r->t, s, &res, err, errlen))
        return -1;
    if (s->nlen > 0)
        snprintf(l1, sizeof l1, "%u", s->len[0]);
    if (s->nlen > 1)
        snprintf(l2, sizeof l2, "%u", s->len[1]);
    it_dump(&r->t, s, dump);
    fprintf(r->out, "%-5s %-7s %-5s %7s %7s %12.4f %12.6f  %-12s  %u  %016llx", s->fmt, s->inst,
            s->type, l1, l2, res.cycles, us(r, res.cycles), dump, res.last.cc,
            (unsigned long long)res.last.r1);
    if (res.last.exc)
        fprintf(r->out, "  EXCEPTION %02X", res.last.exc);
    fputc('\n', r->out);
    if (s->what == IT_PGM && r->table_pct > 0.0)
        check_table(r, s, res.cycles);
    if (r->collecting && it_stats_add(&r->st, us(r, res.cycles), s->len[0], s->len[1])) {
        snprintf(err, errlen, "line %u: more than %d timings collected", s->line, IT_STATS_MAX);
        return -1;
    }
    if (r->json)
        json_rec(r, s, &res, dump, r->nrec == 0);
    r->rec = xrealloc(r->rec, (r->nrec + 1u) * sizeof *r->rec);
    c = &r->rec[r->nrec++];
    memset(c, 0, sizeof *c);
    c->line = s->line;
    strcpy(c->inst, s->inst);
    strcpy(c->type, s->type);
    c->nlen = s->nlen;
    memcpy(c->len, s->len, sizeof c->len);
    c->cycles = res.cycles;
    c->sd = res.sd;
    return 0;
}

static void stats_print(run *r)
{
    double m, v, sd;
    it_stats_moments(&r->st, &m, &v, &sd);
    fprintf(r->out, "MEAN      = %.6f\nVARIANCE  = %.6f\nSTD. DEV. = %.6f\n", m, v, sd);
}

static void linreg(run *r, const it_stmt *s)
{
    static const char *const which[] = {"LL", "L1", "L2"};
    r->have_fit = it_stats_linreg(&r->st, s->arg == 2, &r->fit) == 0;
    if (!r->have_fit) {
        fprintf(r->out,
                "LINREG/%s: at least 3 timings of different lengths needed, %u "
                "collected\n",
                which[s->arg], r->st.n);
        return;
    }
    fprintf(r->out, "TIME = %.8f + (%.10f * LENGTH)\nCC   = %.6f\n", it_trunc(r->fit.a, 8),
            it_trunc(r->fit.b, 10), it_trunc(r->fit.cc, 6));
}

static int stmt(run *r, const it_stmt *s, char *err, size_t errlen)
{
    switch (s->kind) {
    case IT_SPIN: fprintf(r->out, "SPIN=%07llu\n", (unsigned long long)s->value); return 0;
    case IT_BCTS:
        if (it_time_bct(&r->t, s->value, err, errlen))
            return -1;
        fprintf(r->out, "BCTS=%07llu  BCT %12.4f cycles %12.6f microseconds\n",
                (unsigned long long)s->value, r->t.bct_cycles, us(r, r->t.bct_cycles));
        if (r->collecting && it_stats_add(&r->st, us(r, r->t.bct_cycles), 0, 0)) {
            snprintf(err, errlen, "line %u: more than %d timings collected", s->line, IT_STATS_MAX);
            return -1;
        }
        return 0;
    case IT_STATS_ON:
        r->collecting = 1;
        fprintf(r->out, "STATS ON\n");
        return 0;
    case IT_STATS_OFF:
        r->collecting = 0;
        it_stats_reset(&r->st);
        fprintf(r->out, "STATS OFF\n");
        return 0;
    case IT_STATS_PRINT: stats_print(r); return 0;
    case IT_LINREG: linreg(r, s); return 0;
    case IT_PREDICT:
        if (r->have_fit)
            fprintf(r->out, "PREDICT %llu: TIME = %.8f\n", (unsigned long long)s->value,
                    it_trunc(it_fit_predict(&r->fit, (double)s->value), 8));
        else
            fprintf(r->out, "PREDICT %llu: no LINREG to predict with\n",
                    (unsigned long long)s->value);
        return 0;
    default: return insn(r, s, err, errlen);
    }
}

int it_run(const it_run_opts *o, const cpumf_system_cfg *cfg, const tb_timing *timing,
           const it_input *in, const it_baseline *base, FILE *out, FILE *json)
{
    run *r = xcalloc(1, sizeof *r);
    char err[1024];
    unsigned i;
    int rc = IT_RUN_OK;
    uint64_t bcts = 5000000; /* the document's default */
    r->out = out;
    r->json = json;
    r->table_pct = o->table_pct;
    r->t.timing = timing;
    r->t.rounds = o->rounds;
    r->t.obs = xcalloc(1, sizeof *r->t.obs);
    for (i = 0; i < in->n; i++)
        if (in->s[i].kind == IT_BCTS) {
            bcts = in->s[i].value; /* the first BCTS= times the first BCT */
            break;
        }
    if (it_machine_init(&r->t.m, cfg, o->seed, o->be, err, sizeof err) ||
        it_timer_init(&r->t, bcts, err, sizeof err)) {
        fprintf(stderr, "cpumf-insttime: %s\n", err);
        rc = IT_RUN_FAILED;
        goto done;
    }
    fprintf(out, "INSTTIME  cpumf-insttime  %s\n", in->path);
    fprintf(out, "SYSTEM    %s  MODEL %s  %s  CPU SPEED %u CYCLES/MICROSECOND (QSI)  ROUNDS %u\n",
            cfg->name, cfg->model.name, o->cosim ? "LOCKSTEP" : "MODEL", r->t.speed, o->rounds);
    fprintf(out, "BCT       %.4f cycles (BCTS=%07llu)\n", r->t.bct_cycles,
            (unsigned long long)bcts);
    fprintf(out, "%-5s %-7s %-5s %7s %7s %12s %12s  %-12s  CC R1\n", "FMT", "INST", "TYPE", "L1",
            "L2", "CYCLES", "MICROSECS", "INSTRUCTION");
    if (json)
        fprintf(json,
                "{\"system\": \"%s\", \"model\": \"%s\", \"mode\": \"%s\", "
                "\"cpu_speed\": %u, \"rounds\": %u, \"bct\": %.6f, \"timings\": [",
                cfg->name, cfg->model.name, o->cosim ? "lockstep" : "model", r->t.speed, o->rounds,
                r->t.bct_cycles);
    for (i = 0; i < in->n; i++) {
        if (stmt(r, &in->s[i], err, sizeof err)) {
            fprintf(stderr, "cpumf-insttime: %s\n", err);
            rc = IT_RUN_FAILED;
            goto done;
        }
    }
    if (json)
        fprintf(json, "\n  ]}\n");
    if (base && base->r && it_baseline_compare(base, r->rec, r->nrec, out))
        rc = IT_RUN_MOVED;
    if (r->table_pct > 0.0) {
        fprintf(out, "TABLE: %u off by more than %g%%\n", r->off_table, r->table_pct);
        if (r->off_table)
            rc = IT_RUN_MOVED;
    }
done:
    it_machine_free(&r->t.m);
    free(r->t.obs);
    free(r->rec);
    free(r);
    return rc;
}
