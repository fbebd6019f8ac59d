/* SPDX-License-Identifier: Apache-2.0 */
/*
 * regress_plan.c - the plan's building blocks, below the list reader (regress_list.c), the
 * kinds of group (regress_kinds.c) and the reports read back (regress_read.c,
 * regress_merge.c): a group's files, the runs and the plan they join.
 */
#define _XOPEN_SOURCE 700
#include "regress.h"

#include <glob.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const kind_names[RG_NKINDS] = {
    "scenarios", "unit", "bad", "mutants", "determinism", "smp", "shards", "commands",
};

const char *rg_kind_name(rg_kind k)
{
    return kind_names[k];
}

int rg_str_array(const jdoc *d, const cJSON *a, char *err, size_t errlen)
{
    if (!cJSON_IsArray(a) || !a->child)
        return jdoc_fail(d, a, err, errlen, "expected a non-empty array of strings");
    for (const cJSON *e = a->child; e; e = e->next) {
        const char *s;
        if (jdoc_str(d, e, &s, err, errlen) != 0)
            return -1;
        if (!*s)
            return jdoc_fail(d, e, err, errlen, "empty string");
    }
    return 0;
}

static int excluded(const rg_group *g, const char *path)
{
    if (!g->exclude)
        return 0;
    char *stem = rg_stem(path);
    int hit = 0;
    for (const cJSON *e = g->exclude->child; e && !hit; e = e->next) {
        const char *pat = e->valuestring;
        hit = strchr(pat, '/') ? rg_match(pat, path) : rg_match(pat, stem);
    }
    free(stem);
    return hit;
}

rg_run *rg_new_run(const rg_config *cfg, const rg_plan *plan, const rg_group *g, const char *test,
                   rg_mode mode, const char *tag, int dir)
{
    rg_run *r = xcalloc(1, sizeof *r);
    r->group = xstrdup(g->name);
    r->test = xstrdup(test);
    r->kind = g->kind;
    r->mode = mode;
    r->timeout = g->timeout;
    r->id = rg_fmt("%05zu-%s-%s%s", plan->n + 1, test, rg_mode_name(mode), tag);
    r->log = rg_fmt("%s/runs/%s.log", cfg->out, r->id);
    if (dir)
        r->dir = rg_fmt("%s/runs/%s", cfg->out, r->id);
    return r;
}

static void free_expect(rg_expect *x)
{
    for (size_t i = 0; x->contains && i <= rg_argv_len(x->files); i++)
        rg_argv_free(x->contains[i]);
    free(x->contains);
    rg_argv_free(x->output);
    rg_argv_free(x->forbid);
    rg_argv_free(x->files);
    free(x->mm_field);
    free(x->as_before);
    free(x->as_after);
}

void rg_run_free(rg_run *r)
{
    char *strs[] = {r->id,     r->group,      r->test,     r->scenario, r->system, r->cmdline,
                    r->log,    r->results,    r->fcov,     r->covdat,   r->xml,    r->dir,
                    r->reason, r->run_system, r->mm_field, r->tr_cmd,   r->tr_fst, r->tr_gtkw,
                    r->tr_png, r->tr_note,    r->ckpt};
    for (size_t i = 0; i < sizeof strs / sizeof *strs; i++)
        free(strs[i]);
    rg_argv_free(r->argv);
    for (size_t i = 0; r->steps && r->steps[i]; i++)
        rg_argv_free(r->steps[i]);
    free(r->steps);
    rg_argv_free(r->env);
    rg_argv_free(r->mkdirs);
    free_expect(&r->expect);
    for (size_t i = 0; i < r->nreqs; i++)
        free(r->reqs[i]);
    free(r->reqs);
    free(r);
}

char *rg_mode_binary(const rg_config *cfg, rg_mode m)
{
    const char *bin = m == RG_MODEL                         ? "cpumf-sim"
                      : m == RG_SANITIZER                   ? "san/cpumf-sim"
                      : m == RG_XRAND                       ? "cpumf-cosim-xrand"
                      : m == RG_NETLIST                     ? "cpumf-cosim-ys"
                      : m == RG_MUTANT || m == RG_NO_MUTANT ? "cpumf-cosim-mut"
                                                            : "cpumf-cosim";
    return rg_fmt("%s/%s", cfg->build, bin);
}

void rg_plan_add(rg_plan *plan, rg_run *r)
{
    if (plan->n == plan->cap) {
        size_t cap = plan->cap ? plan->cap * 2 : 256;
        rg_run **nr = xcalloc(cap, sizeof *nr);
        if (plan->n)
            memcpy(nr, plan->runs, plan->n * sizeof *nr);
        free(plan->runs);
        plan->runs = nr;
        plan->cap = cap;
    }
    plan->runs[plan->n++] = r;
}

int rg_plan_room(const rg_plan *plan, uint64_t more, char *why, size_t whylen)
{
    if (more <= RG_MAX_RUNS && plan->n + more <= RG_MAX_RUNS)
        return 0;
    snprintf(why, whylen, "the lists expand to more than %u runs (the limit)", RG_MAX_RUNS);
    return -1;
}

uint64_t rg_group_seed_count(const rg_config *cfg, const rg_group *g)
{
    return g->has_seeds ? (cfg->seeds > 0 ? (uint64_t)cfg->seeds : g->seed_count) : 1;
}

/* Globs of "scenarios" or "unit", each checked to match something. */
int rg_group_globs(const rg_config *cfg, const rg_group *g, const cJSON *list, int unit, void *ctx,
                   rg_file_fn fn, char *err, size_t errlen)
{
    const jdoc *d = g->doc;
    if (rg_str_array(d, list, err, errlen) != 0)
        return -1;
    for (const cJSON *e = list->child; e; e = e->next) {
        const char *s = e->valuestring;
        char *pat = unit ? rg_fmt("%s/%s", cfg->build, s) : rg_scenario_path(s);
        glob_t gl;
        int rc = glob(pat, 0, NULL, &gl);
        size_t found = 0;
        int bad = 0;
        char why[512] = "";
        for (size_t i = 0; rc == 0 && i < gl.gl_pathc && !bad; i++) {
            const char *f = gl.gl_pathv[i];
            if (unit ? !rg_is_exe(f) : access(f, R_OK) != 0)
                continue;
            found++;
            char *stem = rg_stem(f);
            if ((!cfg->test || rg_match(cfg->test, stem)) && !excluded(g, f))
                bad = fn(ctx, f, why, sizeof why) != 0;
            free(stem);
        }
        if (rc == 0)
            globfree(&gl);
        if (bad) {
            free(pat);
            return jdoc_fail(d, e, err, errlen, "%s", why);
        }
        if (!found) {
            jdoc_fail(d, e, err, errlen,
                      unit ? "no unit test binary matches %s (build them first: make unit)"
                           : "no scenario file matches %s",
                      pat);
            free(pat);
            return -1;
        }
        free(pat);
    }
    return 0;
}

int rg_group_scenarios(const rg_config *cfg, const rg_group *g, void *ctx, rg_file_fn fn, char *err,
                       size_t errlen)
{
    const cJSON *sc = jdoc_get(g->obj, "scenarios");
    if (!sc)
        return jdoc_fail(g->doc, g->obj, err, errlen, "a %s group needs \"scenarios\"",
                         rg_kind_name(g->kind));
    return rg_group_globs(cfg, g, sc, 0, ctx, fn, err, errlen);
}

size_t rg_plan_index(const rg_plan_info *p, const char *row_id)
{
    char *end;
    unsigned long long k = strtoull(row_id, &end, 10);
    if (end == row_id || *end != '-' || k < 1 || k > p->runs.n)
        return SIZE_MAX;
    const char *id = p->runs.runs[k - 1]->id;
    size_t n = strlen(id);
    /* a unit test case: its binary's id, then "-CASE" */
    return !strncmp(row_id, id, n) && (!row_id[n] || row_id[n] == '-') ? (size_t)k - 1 : SIZE_MAX;
}
