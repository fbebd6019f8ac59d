/* SPDX-License-Identifier: Apache-2.0 */
/*
 * regress_read.c - a report read back (results.json of a regression, of a
 * shard or of a merge; --merge and --resume): as strictly as a list, every
 * member of every row with its type, and the plan the report belongs to
 * (docs/scenario-format.md section 12).  A mistake is "file:line:col:
 * reason", before anything is written.
 */
#define _XOPEN_SOURCE 700
#include "regress.h"
#include "json_strict.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Member k of o, which `what` needs ("a run", "the plan"): NULL after the
 * message when it is absent. */
static const cJSON *need(const jdoc *d, const cJSON *o, const char *k, const char *what, char *err,
                         size_t errlen)
{
    const cJSON *v = jdoc_get(o, k);
    if (!v)
        jdoc_fail(d, o, err, errlen, "%s needs \"%s\"", what, k);
    return v;
}

/* Member k of run o: a string, or null when nullable (*out NULL then). */
static int load_str(const jdoc *d, const cJSON *o, const char *k, int nullable, char **out,
                    char *err, size_t errlen)
{
    const cJSON *v = need(d, o, k, "a run", err, errlen);
    const char *t;
    *out = NULL;
    if (!v)
        return -1;
    if (nullable && cJSON_IsNull(v))
        return 0;
    if (jdoc_str(d, v, &t, err, errlen) != 0)
        return -1;
    *out = xstrdup(t);
    return 0;
}

/* Member k: an integer from min to max, or null (*has 0) when has is given. */
static int load_u64(const jdoc *d, const cJSON *o, const char *k, uint64_t min, uint64_t max,
                    int *has, uint64_t *out, char *err, size_t errlen)
{
    const cJSON *v = jdoc_get(o, k);
    if (!v)
        return jdoc_fail(d, o, err, errlen, "needs \"%s\"", k);
    if (has)
        *has = !cJSON_IsNull(v);
    if (has && !*has)
        return 0;
    return jdoc_u64(d, v, min, max, out, err, errlen);
}

static int load_reqs(const jdoc *d, const cJSON *o, rg_run *r, char *err, size_t errlen)
{
    const cJSON *req = jdoc_get(o, "requirements");
    if (!cJSON_IsArray(req))
        return jdoc_fail(d, req ? req : o, err, errlen,
                         "\"requirements\": expected an array of strings");
    for (const cJSON *e = req->child; e; e = e->next)
        if (jdoc_str(d, e, NULL, err, errlen) != 0)
            return -1;
    rg_read_reqs(r, req);
    return 0;
}

/* "mismatch" and "triage", each optional. */
static int load_mismatch(const jdoc *d, const cJSON *o, rg_run *r, char *err, size_t errlen)
{
    static const char *const mk[] = {"cycle", "field", NULL};
    static const char *const tk[] = {"command", "fst", "gtkw", "png", "note", NULL};
    const cJSON *mm = jdoc_get(o, "mismatch"), *tr = jdoc_get(o, "triage");
    if (mm && (jdoc_check_keys(d, mm, mk, err, errlen) != 0 ||
               load_u64(d, mm, "cycle", 0, UINT64_MAX, NULL, &r->mm_cycle, err, errlen) != 0 ||
               load_str(d, mm, "field", 1, &r->mm_field, err, errlen) != 0))
        return -1;
    r->mismatch = mm != NULL;
    if (tr && (jdoc_check_keys(d, tr, tk, err, errlen) != 0 ||
               load_str(d, tr, "command", 1, &r->tr_cmd, err, errlen) != 0 ||
               load_str(d, tr, "fst", 1, &r->tr_fst, err, errlen) != 0 ||
               load_str(d, tr, "gtkw", 1, &r->tr_gtkw, err, errlen) != 0 ||
               load_str(d, tr, "png", 1, &r->tr_png, err, errlen) != 0 ||
               load_str(d, tr, "note", 1, &r->tr_note, err, errlen) != 0))
        return -1;
    return 0;
}

static int name_index(const jdoc *d, const cJSON *o, const char *k, const char *(*fn)(int), int n,
                      int *out, char *err, size_t errlen)
{
    const cJSON *v = need(d, o, k, "a run", err, errlen);
    const char *t;
    if (!v || jdoc_str(d, v, &t, err, errlen) != 0)
        return -1;
    for (*out = 0; *out < n; (*out)++)
        if (!strcmp(t, fn(*out)))
            return 0;
    return jdoc_fail(d, v, err, errlen, "unknown %s \"%s\"", k, t);
}

static const char *mode_at(int i)
{
    return rg_mode_name((rg_mode)i);
}
static const char *result_at(int i)
{
    return rg_result_name((rg_result)i);
}

/* What the plan's runs and the rows both have: who the run is. */
static int load_who(const jdoc *d, const cJSON *o, rg_run *r, char *err, size_t errlen)
{
    int m;
    if (name_index(d, o, "mode", mode_at, RG_NMODES, &m, err, errlen) != 0 ||
        load_str(d, o, "id", 0, &r->id, err, errlen) != 0 ||
        load_str(d, o, "group", 0, &r->group, err, errlen) != 0 ||
        load_str(d, o, "test", 0, &r->test, err, errlen) != 0 ||
        load_str(d, o, "scenario", 1, &r->scenario, err, errlen) != 0 ||
        load_u64(d, o, "seed", 0, UINT64_MAX, &r->has_seed, &r->seed, err, errlen) != 0 ||
        load_str(d, o, "system", 1, &r->run_system, err, errlen) != 0 ||
        load_str(d, o, "command", 0, &r->cmdline, err, errlen) != 0)
        return -1;
    r->mode = (rg_mode)m;
    return 0;
}

/* One row of a report's "runs", every member checked (the writer's keys). */
static int load_run(const jdoc *d, const cJSON *o, rg_run *r, char *err, size_t errlen)
{
    static const char *const keys[] = {
        "id",           "test",        "group",    "scenario", "seed",   "system",  "mode",
        "command",      "exit_status", "result",   "reason",   "cycles", "seconds", "log",
        "requirements", "fcov",        "coverage", "mismatch", "triage", NULL};
    int res;
    uint64_t status;
    if (jdoc_check_keys(d, o, keys, err, errlen) != 0 || load_who(d, o, r, err, errlen) != 0 ||
        name_index(d, o, "result", result_at, RG_NRESULTS, &res, err, errlen) != 0 ||
        load_str(d, o, "reason", 1, &r->reason, err, errlen) != 0 ||
        load_u64(d, o, "cycles", 0, UINT64_MAX, &r->has_run_cycles, &r->run_cycles, err, errlen) ||
        load_str(d, o, "log", 1, &r->log, err, errlen) != 0 ||
        load_str(d, o, "fcov", 1, &r->fcov, err, errlen) != 0 ||
        load_str(d, o, "coverage", 1, &r->covdat, err, errlen) != 0 ||
        load_reqs(d, o, r, err, errlen) != 0 || load_mismatch(d, o, r, err, errlen) != 0)
        return -1;
    /* -1: ended by a signal */
    const cJSON *es = jdoc_get(o, "exit_status");
    if (cJSON_IsNumber(es) && es->valuedouble == -1)
        r->exit_status = -1;
    else if (load_u64(d, o, "exit_status", 0, 255, NULL, &status, err, errlen) != 0)
        return -1;
    else
        r->exit_status = (int)status;
    const cJSON *sec = need(d, o, "seconds", "a run", err, errlen);
    if (!sec || jdoc_f64(d, sec, 0, 1e9, &r->seconds, err, errlen) != 0)
        return -1;
    r->result = (rg_result)res;
    return 0;
}

/* A string or null (*out NULL). */
static int opt_str(const jdoc *d, const cJSON *v, char **out, char *err, size_t errlen)
{
    const char *t;
    if (cJSON_IsNull(v))
        return 0;
    if (jdoc_str(d, v, &t, err, errlen) != 0)
        return -1;
    *out = xstrdup(t);
    return 0;
}

/* "runs" of the plan: who each run is, numbered from 1 in order. */
static int load_plan_runs(const jdoc *d, const cJSON *v, rg_plan_info *p, char *err, size_t errlen)
{
    static const char *const keys[] = {"id",     "group", "test",    "scenario", "seed",
                                       "system", "mode",  "command", NULL};
    if (!cJSON_IsArray(v) || !v->child)
        return jdoc_fail(d, v, err, errlen, "\"runs\": expected a non-empty array of runs");
    for (const cJSON *o = v->child; o; o = o->next) {
        if (!cJSON_IsObject(o))
            return jdoc_fail(d, o, err, errlen, "a run must be an object");
        rg_run *r = xcalloc(1, sizeof *r);
        rg_plan_add(&p->runs, r); /* freed with the plan, whole or not */
        if (jdoc_check_keys(d, o, keys, err, errlen) != 0 || load_who(d, o, r, err, errlen) != 0)
            return -1;
        char *end;
        unsigned long long k = strtoull(r->id, &end, 10);
        if (k != p->runs.n || *end != '-')
            return jdoc_fail(d, jdoc_get(o, "id"), err, errlen,
                             "run %zu of the plan has the id \"%s\"", p->runs.n, r->id);
        r->result = RG_PENDING;
    }
    return 0;
}

/* "shard": [K, N]; "subset": null or increasing run numbers of the plan. */
static int load_shard(const jdoc *d, const cJSON *sh, const cJSON *sub, rg_plan_info *p, char *err,
                      size_t errlen)
{
    uint64_t k, n;
    if (!cJSON_IsArray(sh) || cJSON_GetArraySize(sh) != 2)
        return jdoc_fail(d, sh, err, errlen, "\"shard\": expected [K, N]");
    if (jdoc_u64(d, sh->child, 1, RG_MAX_RUNS, &k, err, errlen) != 0 ||
        jdoc_u64(d, sh->child->next, k, RG_MAX_RUNS, &n, err, errlen) != 0)
        return -1;
    p->shard_k = (unsigned)k;
    p->shard_n = (unsigned)n;
    if (cJSON_IsNull(sub))
        return 0;
    if (!cJSON_IsArray(sub))
        return jdoc_fail(d, sub, err, errlen, "\"subset\": expected null or run numbers");
    p->subset = xcalloc((size_t)cJSON_GetArraySize(sub) + 1, sizeof *p->subset);
    for (const cJSON *e = sub->child; e; e = e->next) {
        uint64_t i, from = p->nsubset ? p->subset[p->nsubset - 1] + 2 : 1;
        if (jdoc_u64(d, e, from, p->runs.n, &i, err, errlen) != 0)
            return -1;
        p->subset[p->nsubset++] = (size_t)i - 1;
    }
    return p->nsubset ? 0 : jdoc_fail(d, sub, err, errlen, "\"subset\": no run");
}

/* The report's "plan" (after its "runs", which it numbers). */
static int load_plan(const jdoc *d, const cJSON *o, rg_plan_info *p, char *err, size_t errlen)
{
    static const char *const keys[] = {
        "lists",  "build", "seeds",  "test", "mutant",           "coverage", "triage",
        "digest", "shard", "subset", "runs", "checkpoint_every", NULL};
    const cJSON *v[12];
    const char *t;
    uint64_t seeds;
    if (!cJSON_IsObject(o))
        return jdoc_fail(d, o, err, errlen, "\"plan\": expected an object");
    if (jdoc_check_keys(d, o, keys, err, errlen) != 0)
        return -1;
    for (int i = 0; i < 12; i++)
        if (!(v[i] = need(d, o, keys[i], "the plan", err, errlen)))
            return -1;
    if (rg_str_array(d, v[0], err, errlen) != 0)
        return -1;
    for (const cJSON *e = v[0]->child; e; e = e->next)
        rg_argv_push(&p->lists, e->valuestring);
    if (jdoc_str(d, v[1], &t, err, errlen) != 0)
        return -1;
    p->build = xstrdup(t);
    if (!cJSON_IsNull(v[2]) && jdoc_u64(d, v[2], 1, 1000000, &seeds, err, errlen) != 0)
        return -1;
    p->seeds = cJSON_IsNull(v[2]) ? 0 : (int)seeds;
    if (opt_str(d, v[3], &p->test, err, errlen) != 0 ||
        opt_str(d, v[4], &p->mutant, err, errlen) != 0 ||
        jdoc_bool(d, v[5], &p->coverage, err, errlen) != 0 ||
        jdoc_bool(d, v[6], &p->triage, err, errlen) != 0 || jdoc_str(d, v[7], &t, err, errlen))
        return -1;
    if (!cJSON_IsNull(v[11]) &&
        jdoc_u64(d, v[11], 1, UINT64_MAX, &p->checkpoint_every, err, errlen) != 0)
        return -1;
    char *end;
    p->digest = strtoull(t, &end, 16);
    if (strlen(t) != 16 || *end)
        return jdoc_fail(d, v[7], err, errlen, "\"digest\": expected 16 hex digits");
    if (load_plan_runs(d, v[10], p, err, errlen) != 0)
        return -1;
    return load_shard(d, v[8], v[9], p, err, errlen);
}

/* The report of document d into rep (d is freed). */
static int report_doc(jdoc *d, rg_report *rep, char *err, size_t errlen)
{
    static const char *const keys[] = {
        "format",      "lists", "wall_seconds", "passed", "failed", "not_run",
        "interrupted", "runs",  "problems",     "plan",   NULL};
    const cJSON *root = jdoc_root(d), *runs = jdoc_get(root, "runs");
    const cJSON *fmt = jdoc_get(root, "format"), *w = jdoc_get(root, "wall_seconds");
    const cJSON *intr = jdoc_get(root, "interrupted"), *plan = jdoc_get(root, "plan");
    int rc = 0;
    if (!cJSON_IsObject(root) || !cJSON_IsNumber(fmt) || fmt->valuedouble != 2 ||
        !cJSON_IsArray(runs))
        rc = jdoc_fail(d, root, err, errlen,
                       "not a cpumf-regress results.json (format 2 with \"runs\")");
    if (!rc)
        rc = jdoc_check_keys(d, root, keys, err, errlen);
    if (!rc && w)
        rc = jdoc_f64(d, w, 0, 1e9, &rep->wall, err, errlen);
    if (!rc && intr)
        rc = opt_str(d, intr, &rep->interrupted, err, errlen);
    for (const cJSON *o = rc ? NULL : runs->child; o && !rc; o = o->next) {
        rg_run *r = xcalloc(1, sizeof *r);
        rc = cJSON_IsObject(o) ? load_run(d, o, r, err, errlen)
                               : jdoc_fail(d, o, err, errlen, "a run must be an object");
        rg_plan_add(&rep->rows, r); /* freed with the report, whole or not */
    }
    if (!rc && !plan)
        rc = jdoc_fail(d, root, err, errlen, "no \"plan\": not a report of this cpumf-regress");
    if (!rc)
        rc = load_plan(d, plan, &rep->plan, err, errlen);
    for (size_t i = 0; !rc && i < rep->rows.n; i++)
        if (rg_plan_index(&rep->plan, rep->rows.runs[i]->id) == SIZE_MAX)
            rc = jdoc_fail(d, root, err, errlen, "run %s is not a run of the report's plan",
                           rep->rows.runs[i]->id);
    jdoc_free(d);
    return rc ? 2 : 0;
}

int rg_report_load(const char *path, rg_report *rep, char *err, size_t errlen)
{
    jdoc *d = jdoc_parse_file(path, err, errlen);
    return d ? report_doc(d, rep, err, errlen) : 2;
}

int rg_report_load_text(const char *name, const char *text, rg_report *rep, char *err,
                        size_t errlen)
{
    jdoc *d = jdoc_parse_text(name, text, err, errlen);
    return d ? report_doc(d, rep, err, errlen) : 2;
}

static void free_rows(rg_plan *p)
{
    for (size_t i = 0; i < p->n; i++)
        rg_run_free(p->runs[i]);
    free(p->runs);
    memset(p, 0, sizeof *p);
}

void rg_plan_info_free(rg_plan_info *p)
{
    rg_argv_free(p->lists);
    free(p->build);
    free(p->test);
    free(p->mutant);
    free(p->subset);
    free_rows(&p->runs);
    memset(p, 0, sizeof *p);
}

void rg_report_free(rg_report *rep)
{
    free(rep->dir);
    free(rep->interrupted);
    free_rows(&rep->rows);
    rg_plan_info_free(&rep->plan);
    memset(rep, 0, sizeof *rep);
}
