/* SPDX-License-Identifier: Apache-2.0 */
/*
 * regress_merge.c - the plan a report belongs to, and what follows from it:
 * a merge knows which runs it must hold and says which it lacks, a resume
 * knows which runs are left (docs/scenario-format.md section 12).
 *
 * Every report (results.json) records its plan: the lists and the options
 * that expanded them, every run of the expanded plan, a digest of them, and
 * the runs it was given (shard K of N, of the whole plan or of a subset of
 * it).  The plan is made a second time with the output directory written
 * {out}, so that the shards of one plan, each writing into a directory of
 * its own, record the same runs and the same digest.
 */
#define _XOPEN_SOURCE 700
#include "regress.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PLAN_OUT         "{out}"
#define PLAN_CHECKPOINTS "{checkpoints}"

/* FNV-1a over a string and its terminating NUL (NULL hashes as a byte of
 * its own): the digest tells plans apart that differ by accident (edited
 * lists, other options), it is not meant to resist a forger. */
static uint64_t fnv(uint64_t h, const char *s)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "\x01");
    do
        h = (h ^ *p) * 0x100000001b3ull;
    while (*p++);
    return h;
}

static uint64_t fnv_num(uint64_t h, double v)
{
    char num[40];
    snprintf(num, sizeof num, "%.17g", v);
    return fnv(h, num);
}

static uint64_t fnv_argv(uint64_t h, char *const *v)
{
    for (size_t i = 0; v && v[i]; i++)
        h = fnv(h, v[i]);
    return fnv(h, NULL);
}

/* Everything that decides what the runs do and what passes. */
static uint64_t digest(const rg_plan_info *p, double triage_timeout)
{
    uint64_t h = 0xcbf29ce484222325ull;
    h = fnv_argv(h, p->lists);
    h = fnv(fnv(fnv(h, p->build), p->test), p->mutant);
    h = fnv_num(fnv_num(fnv_num(h, p->seeds), p->coverage), p->triage);
    h = fnv_num(h, (double)p->checkpoint_every);
    h = fnv_num(h, triage_timeout);
    for (size_t i = 0; i < p->runs.n; i++) {
        const rg_run *r = p->runs.runs[i];
        const rg_expect *x = &r->expect;
        h = fnv(fnv(fnv(h, r->id), r->group), rg_mode_name(r->mode));
        h = fnv_num(fnv_num(h, r->timeout), r->kind);
        h = fnv(h, r->cmdline);
        h = fnv_num(fnv_num(h, r->judged), x->exit_status);
        h = fnv_num(fnv_num(h, x->mismatch), (double)x->mm_cycle);
        h = fnv(fnv(fnv(h, x->mm_field), x->as_before), x->as_after);
        h = fnv_argv(fnv_argv(fnv_argv(h, x->output), x->forbid), x->files);
        for (size_t k = 0; x->contains && k < rg_argv_len(x->files); k++)
            h = fnv_argv(h, x->contains[k]);
    }
    return h;
}

int rg_plan_info_make(const rg_config *cfg, char *const *lists, size_t nlists, rg_plan_info *p,
                      char *err, size_t errlen)
{
    rg_config canon = *cfg;
    canon.out = PLAN_OUT;
    canon.ckpt_dir = PLAN_CHECKPOINTS;
    memset(p, 0, sizeof *p);
    if (rg_plan_lists(&canon, lists, nlists, &p->runs, err, errlen) != 0)
        return 2;
    for (size_t i = 0; i < nlists; i++)
        rg_argv_push(&p->lists, lists[i]);
    p->build = xstrdup(cfg->build);
    p->test = cfg->test ? xstrdup(cfg->test) : NULL;
    p->mutant = cfg->mutant ? xstrdup(cfg->mutant) : NULL;
    p->seeds = cfg->seeds;
    p->coverage = cfg->coverage;
    p->triage = cfg->triage;
    p->checkpoint_every = cfg->checkpoint_every;
    p->shard_k = p->shard_n = 1;
    p->digest = digest(p, p->runs.triage_timeout);
    return 0;
}

int rg_plan_member(const rg_plan_info *p, size_t i)
{
    size_t lo = 0, hi = p->nsubset;
    if (!p->subset)
        return i % p->shard_n == p->shard_k - 1;
    while (lo < hi) { /* i's place in the subset */
        size_t mid = lo + (hi - lo) / 2;
        if (p->subset[mid] < i)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < p->nsubset && p->subset[lo] == i && lo % p->shard_n == p->shard_k - 1;
}

/* Per run of the report's plan: 0 no row, 1 every row of it finished, 2 a
 * row of it did not run to its end. */
static unsigned char *row_states(const rg_report *rep)
{
    unsigned char *st = xcalloc(rep->plan.runs.n + 1, 1);
    for (size_t k = 0; k < rep->rows.n; k++) {
        size_t i = rg_plan_index(&rep->plan, rep->rows.runs[k]->id);
        if (st[i] != 2)
            st[i] = rg_finished(rep->rows.runs[k]) ? 1 : 2;
    }
    return st;
}

size_t *rg_unfinished(const rg_report *rep, size_t *n)
{
    unsigned char *st = row_states(rep);
    size_t *v = xcalloc(rep->plan.runs.n + 1, sizeof *v);
    *n = 0;
    for (size_t i = 0; i < rep->plan.runs.n; i++)
        if (rg_plan_member(&rep->plan, i) && st[i] != 1)
            v[(*n)++] = i;
    free(st);
    return v;
}

static int loaded(const rg_report *rep)
{
    return rep->plan.runs.n > 0;
}

/* "shard K/N", "shard K/N of the resumed runs". */
static char *shard_name(const rg_plan_info *p)
{
    return rg_fmt("shard %u/%u%s", p->shard_k, p->shard_n, p->subset ? " of the resumed runs" : "");
}

/* Do a and b share N and the runs they are shards of? */
static int same_family(const rg_plan_info *a, const rg_plan_info *b)
{
    return a->shard_n == b->shard_n && a->nsubset == b->nsubset &&
           (!a->nsubset || !memcmp(a->subset, b->subset, a->nsubset * sizeof *a->subset));
}

static void problem(rg_merged *m, char *text)
{
    rg_argv_push(&m->problems, text);
    free(text);
}

/* Reports of another plan and second copies of a shard are not used; an
 * interrupted one is a problem, but for the report being completed. */
static void choose_reports(rg_merged *m, size_t ref, int base)
{
    const rg_plan_info *p = m->plan;
    for (size_t i = 0; i < m->nreports; i++) {
        rg_report *r = &m->reports[i];
        r->used =
            loaded(r) && (i == ref || (r->plan.digest == p->digest && r->plan.runs.n == p->runs.n));
        if (loaded(r) && !r->used)
            problem(m, rg_fmt("%s: a report of another plan (digest %016llx, lists %s; the "
                              "merge's: %016llx)",
                              r->dir, (unsigned long long)r->plan.digest, r->plan.lists[0],
                              (unsigned long long)p->digest));
        for (size_t k = 0; r->used && k < i; k++) {
            const rg_report *q = &m->reports[k];
            if (q->used && q->plan.shard_k == r->plan.shard_k && same_family(&q->plan, &r->plan)) {
                char *s = shard_name(&r->plan);
                problem(m, rg_fmt("%s: %s again (%s has it): not used", r->dir, s, q->dir));
                free(s);
                r->used = 0;
            }
        }
        if (r->used && r->interrupted && (int)i != base) {
            char *s = shard_name(&r->plan);
            problem(m, rg_fmt("%s: %s was interrupted by %s", r->dir, s, r->interrupted));
            free(s);
        }
    }
}

/* The shards of each family of the used reports that none of them is:
 * a plan of K/N each (rows only), appended to *missing.  The family of the
 * report being completed (base) lacks nothing: the merge holds its runs. */
static void missing_shards(rg_merged *m, int base, rg_plan_info *missing, size_t *nmissing)
{
    for (size_t i = 0; i < m->nreports; i++) {
        const rg_report *r = &m->reports[i];
        size_t first = 0;
        while (first < i &&
               !(m->reports[first].used && same_family(&m->reports[first].plan, &r->plan)))
            first++;
        if (!r->used || first < i || (base >= 0 && same_family(&m->reports[base].plan, &r->plan)))
            continue; /* one pass per family */
        for (unsigned k = 1; k <= r->plan.shard_n; k++) {
            size_t j = i;
            while (j < m->nreports && !(m->reports[j].used && m->reports[j].plan.shard_k == k &&
                                        same_family(&m->reports[j].plan, &r->plan)))
                j++;
            if (j < m->nreports)
                continue;
            rg_plan_info *g = &missing[(*nmissing)++];
            *g = r->plan; /* shares the subset: only read */
            g->shard_k = k;
            char *s = shard_name(g);
            problem(m, rg_fmt("%s did not report", s));
            free(s);
        }
    }
}

/* A row for run i that no used report finished: the unfinished rows of the
 * last report that has any (the newest news of it), or one made from the
 * plan that says which shard did not report it. */
static void lost_run(rg_merged *m, size_t i, const rg_plan_info *missing, size_t nmissing)
{
    for (size_t k = m->nreports; k-- > 0;) {
        const rg_report *rep = &m->reports[k];
        int found = 0;
        for (size_t j = 0; rep->used && j < rep->rows.n; j++) {
            rg_run *r = rep->rows.runs[j];
            if (rg_finished(r) || rg_plan_index(&rep->plan, r->id) != i)
                continue;
            if (!r->reason)
                r->reason = rg_fmt("not started: %s was interrupted by %s", rep->dir,
                                   rep->interrupted ? rep->interrupted : "a signal");
            rg_plan_add(&m->rows, r);
            found = 1;
        }
        if (found)
            return;
    }
    const rg_run *p = m->plan->runs.runs[i];
    rg_run *r = xcalloc(1, sizeof *r);
    r->id = xstrdup(p->id);
    r->group = xstrdup(p->group);
    r->test = xstrdup(p->test);
    r->scenario = p->scenario ? xstrdup(p->scenario) : NULL;
    r->has_seed = p->has_seed;
    r->seed = p->seed;
    r->run_system = p->run_system ? xstrdup(p->run_system) : NULL;
    r->mode = p->mode;
    r->cmdline = xstrdup(p->cmdline);
    r->result = RG_PENDING;
    size_t k = 0;
    while (k < nmissing && !rg_plan_member(&missing[k], i))
        k++;
    char *s = k < nmissing ? shard_name(&missing[k]) : NULL;
    r->reason = s ? rg_fmt("not run: %s did not report", s) : xstrdup("not run: in no report");
    free(s);
    rg_plan_add(&m->rows, r);
}

static int by_id(const void *a, const void *b)
{
    return strcmp((*(rg_run *const *)a)->id, (*(rg_run *const *)b)->id);
}

/* The rows of each run of the scope (the report being completed, base, or
 * the whole plan): those of the first used report that finished it, else
 * what says that it did not run. */
static void merge_rows(rg_merged *m, int base)
{
    const rg_report *scope = base >= 0 ? &m->reports[base] : NULL;
    unsigned char **st = xcalloc(m->nreports, sizeof *st);
    size_t nmissing = 0, overlap = 0, cap = 0;
    for (size_t k = 0; k < m->nreports; k++)
        cap += m->reports[k].used ? m->reports[k].plan.shard_n : 0;
    rg_plan_info *missing = xcalloc(cap + 1, sizeof *missing);
    missing_shards(m, base, missing, &nmissing);
    for (size_t k = 0; k < m->nreports; k++)
        st[k] = m->reports[k].used ? row_states(&m->reports[k]) : NULL;
    for (size_t i = 0; i < m->plan->runs.n; i++) {
        if (scope && !rg_plan_member(&scope->plan, i))
            continue;
        size_t from = 0;
        while (from < m->nreports && !(st[from] && st[from][i] == 1))
            from++;
        if (from == m->nreports) {
            lost_run(m, i, missing, nmissing);
            continue;
        }
        for (size_t k = from + 1; k < m->nreports; k++)
            overlap += st[k] && st[k][i] == 1;
        const rg_report *rep = &m->reports[from];
        for (size_t j = 0; j < rep->rows.n; j++)
            if (rg_plan_index(&rep->plan, rep->rows.runs[j]->id) == i)
                rg_plan_add(&m->rows, rep->rows.runs[j]);
    }
    if (overlap)
        problem(m, rg_fmt("%zu runs are in more than one report (the rows of the first are kept)",
                          overlap));
    if (m->rows.n)
        qsort(m->rows.runs, m->rows.n, sizeof *m->rows.runs, by_id);
    for (size_t k = 0; k < m->nreports; k++)
        free(st[k]);
    free(st);
    free(missing);
}

int rg_merge(char *const *dirs, size_t ndirs, int base, rg_merged *m, char *err, size_t errlen)
{
    size_t ref = ndirs;
    memset(m, 0, sizeof *m);
    m->reports = xcalloc(ndirs + 1, sizeof *m->reports);
    m->nreports = ndirs;
    for (size_t i = 0; i < ndirs; i++) {
        rg_report *r = &m->reports[i];
        char *res = rg_fmt("%s/results.json", dirs[i]);
        r->dir = xstrdup(dirs[i]);
        if (access(res, F_OK) != 0 && errno == ENOENT) {
            problem(m, rg_fmt("%s: no results.json (its shard did not end)", dirs[i]));
        } else if (rg_report_load(res, r, err, errlen) != 0) {
            free(res);
            return 2;
        } else if (ref == ndirs || (int)i == base) {
            ref = i;
        }
        free(res);
    }
    if (ref == ndirs)
        return 1;
    m->plan = &m->reports[ref].plan;
    if (base >= 0 && (size_t)base != ref)
        base = -1; /* it holds no report to complete */
    choose_reports(m, ref, base);
    for (size_t i = 0; i < ndirs; i++)
        if (m->reports[i].used && m->reports[i].wall > m->wall)
            m->wall = m->reports[i].wall;
    merge_rows(m, base);
    return 0;
}
