/* SPDX-License-Identifier: Apache-2.0 */
/*
 * regress_kinds.c - the check kinds of a regression list (format: the top of
 * regress_list.c).  Each makes rows whose pass is judged by what the row
 * expects (exit status, output, files, the first mismatch report) rather
 * than by exit status 0 alone; some take several steps, run one after the
 * other into one log, and check the files the steps wrote at the end.
 */
#define _XOPEN_SOURCE 700
#include "regress.h"

#include <dirent.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_SHARDS  64
#define SMP_GLOB    "/*.SMP.cpu*"
#define REQ_SECTION "## Requirement coverage"

static const char *const ways[] = {"sim1", "sim2", "cosim1", "cosim2"};
#define NWAYS (sizeof ways / sizeof *ways)

typedef struct kind_ctx {
    const rg_config *cfg;
    rg_plan *plan;
    const rg_group *g;
} kind_ctx;

static void add_step(rg_run *r, char **argv)
{
    size_t n = 0;
    while (r->steps && r->steps[n])
        n++;
    char ***v = xcalloc(n + 2, sizeof *v);
    if (n)
        memcpy(v, r->steps, n * sizeof *v);
    v[n] = argv;
    free(r->steps);
    r->steps = v;
}

size_t rg_nsteps(const rg_run *r)
{
    size_t n = 1;
    while (r->steps && r->steps[n - 1])
        n++;
    return n;
}

/* Every step's command, joined with && (the reproducing line). */
static char *steps_cmdline(const rg_run *r)
{
    rg_buf b = {0};
    rg_cat(&b, "%s", "");
    for (size_t k = 0; k < rg_nsteps(r); k++) {
        char *c = rg_shell_join(k ? NULL : r->env, k ? r->steps[k - 1] : r->argv);
        /* cpumf-smp reads what the run wrote: the shell expands the glob */
        int smp = r->kind == RG_KIND_SMP && k == 1;
        rg_cat(&b, "%s%s%s", k ? " && " : "", c, smp ? SMP_GLOB : "");
        free(c);
    }
    return b.s;
}

static void add_run(rg_plan *plan, rg_run *r)
{
    r->judged = 1;
    r->cmdline = steps_cmdline(r);
    rg_plan_add(plan, r);
}

/* ---- bad: malformed scenarios ---- */

static int plan_bad(void *ctx, const char *file, char *why, size_t whylen)
{
    const kind_ctx *c = ctx;
    size_t len = strlen(file), json = len > 5 && !strcmp(file + len - 5, ".json") ? 5 : 0;
    char *errf = rg_fmt("%.*s.err", (int)(len - json), file);
    char *text = rg_read_file(errf);
    size_t n = text ? strcspn(text, "\r\n") : 0;
    if (!n) {
        snprintf(why, whylen, "%s needs the first line of its expected output in %s", file, errf);
        free(errf);
        free(text);
        return -1;
    }
    text[n] = '\0';
    char *stem = rg_stem(file);
    for (int m = 0; m < RG_NMODES; m++) {
        if (!c->g->modes[m])
            continue;
        rg_run *r = rg_new_run(c->cfg, c->plan, c->g, stem, (rg_mode)m, "", 0);
        r->scenario = xstrdup(file);
        char *bin = rg_mode_binary(c->cfg, (rg_mode)m);
        r->argv = rg_argv(2, bin, file);
        free(bin);
        r->expect.exit_status = 2;
        r->expect.output = rg_argv(1, text);
        add_run(c->plan, r);
    }
    free(stem);
    free(errf);
    free(text);
    return 0;
}

/* ---- mutants: every row of the registry, then the scenarios unmutated ---- */

static int plan_mutants(const kind_ctx *c, char *err, size_t errlen)
{
    const rg_group *g = c->g;
    const cJSON *v = jdoc_get(g->obj, "registry");
    const char *path = RG_MUTANT_REGISTRY;
    if (v && jdoc_str(g->doc, v, &path, err, errlen) != 0)
        return -1;
    rg_mutants reg;
    if (rg_mutants_load(path, &reg, err, errlen) != 0)
        return -1;
    char *bin = rg_mode_binary(c->cfg, RG_MUTANT);
    int *kept = xcalloc(reg.n + 1, sizeof *kept);
    for (size_t i = 0; i < reg.n; i++) {
        const rg_mutant *m = &reg.v[i];
        if (c->cfg->test && !rg_match(c->cfg->test, m->name))
            continue;
        kept[i] = 1;
        rg_run *r = rg_new_run(c->cfg, c->plan, g, m->name, RG_MUTANT, "", 0);
        char seed[32], *plus = rg_fmt("+MUTANT_%s", m->name);
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)m->seed);
        r->scenario = xstrdup(m->scenario);
        r->has_seed = 1;
        r->seed = m->seed;
        r->argv = rg_argv(7, bin, m->scenario, "--seed", seed, plus, "--run-on", RG_MUTANT_RUN_ON);
        free(plus);
        r->expect.exit_status = 1;
        r->expect.mismatch = 1;
        r->expect.mm_cycle = m->cycle;
        r->expect.mm_field = xstrdup(m->field);
        /* every assertion the run reports, before the difference and after it */
        r->expect.as_before = xstrdup(m->as_before);
        r->expect.as_after = xstrdup(m->as_after);
        add_run(c->plan, r);
    }
    /* The mutant build with no mutant selected must pass what the rows run. */
    for (size_t i = 0; i < reg.n; i++) {
        const rg_mutant *m = &reg.v[i];
        size_t k = 0;
        while (k < i &&
               !(kept[k] && !strcmp(reg.v[k].scenario, m->scenario) && reg.v[k].seed == m->seed))
            k++;
        if (!kept[i] || k < i)
            continue;
        char seed[32], *stem = rg_stem(m->scenario), *tag;
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)m->seed);
        tag = rg_fmt("-s%s", seed);
        rg_run *r = rg_new_run(c->cfg, c->plan, g, stem, RG_NO_MUTANT, tag, 0);
        free(stem);
        free(tag);
        r->scenario = xstrdup(m->scenario);
        r->has_seed = 1;
        r->seed = m->seed;
        r->argv = rg_argv(4, bin, m->scenario, "--seed", seed);
        r->cmdline = rg_shell_join(NULL, r->argv);
        rg_plan_add(c->plan, r);
    }
    free(kept);
    free(bin);
    rg_mutants_free(&reg);
    return 0;
}

/* ---- determinism: one seed four ways ---- */

static int plan_determinism(void *ctx, const char *file, char *why, size_t whylen)
{
    const kind_ctx *c = ctx;
    if (rg_plan_room(c->plan, rg_group_seed_count(c->cfg, c->g), why, whylen) != 0)
        return -1;
    char *stem = rg_stem(file);
    for (uint64_t i = 0; i < rg_group_seed_count(c->cfg, c->g); i++) {
        uint64_t seed = c->g->seed_from + i;
        char num[32], *tag = rg_fmt("-s%llu", (unsigned long long)seed);
        snprintf(num, sizeof num, "%llu", (unsigned long long)seed);
        rg_run *r = rg_new_run(c->cfg, c->plan, c->g, stem, RG_DETERMINISM, tag, 1);
        free(tag);
        r->scenario = xstrdup(file);
        r->has_seed = 1;
        r->seed = seed;
        for (size_t w = 0; w < NWAYS; w++) {
            char *dir = rg_fmt("%s/%s", r->dir, ways[w]), *res = rg_fmt("%s/results.json", dir);
            char *bin = rg_mode_binary(c->cfg, ways[w][0] == 's' ? RG_MODEL : RG_LOCKSTEP);
            char **argv = rg_argv(8, bin, file, "--seed", num, "--results", res, "--smp-dir", dir);
            if (w)
                add_step(r, argv);
            else
                r->argv = argv;
            if (!w)
                r->results = xstrdup(res);
            rg_argv_push(&r->mkdirs, dir);
            free(dir);
            free(res);
            free(bin);
        }
        add_run(c->plan, r);
    }
    free(stem);
    return 0;
}

/* ---- smp: .SMP files written, then read by cpumf-smp ---- */

static int plan_smp(void *ctx, const char *file, char *why, size_t whylen)
{
    const kind_ctx *c = ctx;
    (void)why;
    (void)whylen;
    char *stem = rg_stem(file);
    for (int m = 0; m < RG_NMODES; m++) {
        if (!c->g->modes[m])
            continue;
        char *tag = rg_fmt("-%s", rg_mode_name((rg_mode)m));
        rg_run *r = rg_new_run(c->cfg, c->plan, c->g, stem, RG_SMP, tag, 1);
        free(tag);
        r->scenario = xstrdup(file);
        r->results = rg_fmt("%s/results.json", r->dir);
        char *dir = rg_fmt("%s/smp", r->dir), *bin = rg_mode_binary(c->cfg, (rg_mode)m);
        char *smp = rg_fmt("%s/cpumf-smp", c->cfg->build);
        r->argv = rg_argv(6, bin, file, "--smp-dir", dir, "--results", r->results);
        add_step(r, rg_argv(2, smp, dir));
        r->mkdirs = rg_argv(1, dir);
        r->expect.output = rg_argv(1, "samples");
        add_run(c->plan, r);
        free(dir);
        free(bin);
        free(smp);
    }
    free(stem);
    return 0;
}

/* ---- shards: one list whole, in shards, merged ---- */

static int plan_shards(const kind_ctx *c, char *err, size_t errlen)
{
    const rg_group *g = c->g;
    const jdoc *d = g->doc;
    const cJSON *lv = jdoc_get(g->obj, "list"), *nv = jdoc_get(g->obj, "shards");
    const cJSON *tv = jdoc_get(g->obj, "test");
    const char *list, *test = NULL;
    uint64_t n;
    if (!lv || !nv)
        return jdoc_fail(d, g->obj, err, errlen, "a shards group needs \"list\" and \"shards\"");
    if (jdoc_str(d, lv, &list, err, errlen) != 0)
        return -1;
    char a[PATH_MAX], b[PATH_MAX];
    if (!realpath(list, a))
        return jdoc_fail(d, lv, err, errlen, "no list %s", list);
    if (realpath(g->list, b) && !strcmp(a, b))
        return jdoc_fail(d, lv, err, errlen, "a list cannot shard itself");
    if (jdoc_u64(d, nv, 2, MAX_SHARDS, &n, err, errlen) != 0)
        return -1;
    if (tv && jdoc_str(d, tv, &test, err, errlen) != 0)
        return -1;
    char *stem = rg_stem(list);
    int keep = !c->cfg->test || rg_match(c->cfg->test, stem);
    rg_run *r = keep ? rg_new_run(c->cfg, c->plan, g, stem, RG_SHARDS, "", 1) : NULL;
    free(stem);
    if (!r)
        return 0;
    r->scenario = xstrdup(list);
    char *bin = rg_fmt("%s/cpumf-regress", c->cfg->build);
    char **merge = rg_argv(1, bin);
    for (uint64_t k = 0; k <= n; k++) {
        char *out = k ? rg_fmt("%s/%llu", r->dir, (unsigned long long)k) : rg_fmt("%s/all", r->dir);
        char **argv = rg_argv(6, bin, list, "--build", c->cfg->build, "--out", out);
        if (test) {
            rg_argv_push(&argv, "--test");
            rg_argv_push(&argv, test);
        }
        if (k) {
            char *shard = rg_fmt("%llu/%llu", (unsigned long long)k, (unsigned long long)n);
            rg_argv_push(&argv, "--shard");
            rg_argv_push(&argv, shard);
            rg_argv_push(&merge, "--merge");
            rg_argv_push(&merge, out);
            free(shard);
            add_step(r, argv);
        } else {
            r->argv = argv;
        }
        free(out);
    }
    char *out = rg_fmt("%s/merged", r->dir);
    rg_argv_push(&merge, "--out");
    rg_argv_push(&merge, out);
    free(out);
    add_step(r, merge);
    free(bin);
    add_run(c->plan, r);
    return 0;
}

/* ---- commands: one-off checks ---- */

/* s with {build} and {out} replaced: a new string. */
static char *subst(const char *s, const char *build, const char *out)
{
    rg_buf b = {0};
    rg_cat(&b, "%s", "");
    while (*s) {
        if (!strncmp(s, "{build}", 7)) {
            rg_cat(&b, "%s", build);
            s += 7;
        } else if (!strncmp(s, "{out}", 5)) {
            rg_cat(&b, "%s", out);
            s += 5;
        } else {
            rg_cat(&b, "%c", *s++);
        }
    }
    return b.s;
}

/* An array of strings, substituted. */
static int texts(const jdoc *d, const cJSON *v, const rg_run *r, const rg_config *cfg, char ***out,
                 char *err, size_t errlen)
{
    if (rg_str_array(d, v, err, errlen) != 0)
        return -1;
    for (const cJSON *e = v->child; e; e = e->next) {
        char *t = subst(e->valuestring, cfg->build, r->dir);
        rg_argv_push(out, t);
        free(t);
    }
    return 0;
}

/* "files": globs, or {"glob": GLOB, "contains": [TEXT, ...]}. */
static int files(const jdoc *d, const cJSON *v, const rg_run *r, const rg_config *cfg, rg_expect *x,
                 char *err, size_t errlen)
{
    static const char *const keys[] = {"glob", "contains", NULL};
    if (!cJSON_IsArray(v) || !v->child)
        return jdoc_fail(d, v, err, errlen, "files: expected a non-empty array");
    size_t n = (size_t)cJSON_GetArraySize(v), i = 0;
    x->contains = xcalloc(n + 1, sizeof *x->contains);
    for (const cJSON *e = v->child; e; e = e->next, i++) {
        const cJSON *g = e, *c = NULL;
        if (cJSON_IsObject(e)) {
            if (jdoc_check_keys(d, e, keys, err, errlen) != 0)
                return -1;
            if (!(g = jdoc_get(e, "glob")))
                return jdoc_fail(d, e, err, errlen, "files: an object needs \"glob\"");
            c = jdoc_get(e, "contains");
        }
        const char *s;
        if (jdoc_str(d, g, &s, err, errlen) != 0)
            return -1;
        char *t = subst(s, cfg->build, r->dir);
        rg_argv_push(&x->files, t);
        free(t);
        if (c && texts(d, c, r, cfg, &x->contains[i], err, errlen) != 0)
            return -1;
    }
    return 0;
}

static int command_env(const jdoc *d, const cJSON *v, const rg_run *r, const rg_config *cfg,
                       char ***env, char *err, size_t errlen)
{
    if (!cJSON_IsObject(v))
        return jdoc_fail(d, v, err, errlen, "env: expected an object of strings");
    for (const cJSON *e = v->child; e; e = e->next) {
        const char *s;
        if (jdoc_str(d, e, &s, err, errlen) != 0)
            return -1;
        if (!*e->string || strchr(e->string, '='))
            return jdoc_fail_key(d, e, err, errlen, "env: a variable name without '='");
        char *val = subst(s, cfg->build, r->dir), *kv = rg_fmt("%s=%s", e->string, val);
        rg_argv_push(env, kv);
        free(val);
        free(kv);
    }
    return 0;
}

static int plan_command(const kind_ctx *c, const cJSON *o, char *err, size_t errlen)
{
    static const char *const keys[] = {"name",   "argv",  "env",     "exit",         "output",
                                       "forbid", "files", "timeout", "requirements", NULL};
    const jdoc *d = c->g->doc;
    const cJSON *v;
    const char *name;
    if (jdoc_check_keys(d, o, keys, err, errlen) != 0)
        return -1;
    if (!(v = jdoc_get(o, "name")))
        return jdoc_fail(d, o, err, errlen, "a command needs \"name\"");
    if (jdoc_str(d, v, &name, err, errlen) != 0)
        return -1;
    if (!*name ||
        strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") !=
            strlen(name))
        return jdoc_fail(d, v, err, errlen, "command name: letters, digits, '_', '.', '-' only");
    for (const cJSON *p = o->prev; p && p->next; p = p->prev) {
        const cJSON *n = jdoc_get(p, "name");
        if (cJSON_IsString(n) && !strcmp(n->valuestring, name))
            return jdoc_fail(d, v, err, errlen, "command \"%s\" given twice", name);
    }
    if (c->cfg->test && !rg_match(c->cfg->test, name))
        return 0;
    rg_run *r = rg_new_run(c->cfg, c->plan, c->g, name, RG_COMMAND, "", 1);
    rg_expect *x = &r->expect;
    uint64_t status = 0;
    int rc = (v = jdoc_get(o, "argv")) ? texts(d, v, r, c->cfg, &r->argv, err, errlen)
                                       : jdoc_fail(d, o, err, errlen, "a command needs \"argv\"");
    if (!rc && (v = jdoc_get(o, "env")))
        rc = command_env(d, v, r, c->cfg, &r->env, err, errlen);
    if (!rc && (v = jdoc_get(o, "exit")))
        rc = jdoc_u64(d, v, 0, 255, &status, err, errlen);
    if (!rc && (v = jdoc_get(o, "timeout")))
        rc = jdoc_f64(d, v, 1, 604800, &r->timeout, err, errlen);
    if (!rc && (v = jdoc_get(o, "output")))
        rc = texts(d, v, r, c->cfg, &x->output, err, errlen);
    if (!rc && (v = jdoc_get(o, "forbid")))
        rc = texts(d, v, r, c->cfg, &x->forbid, err, errlen);
    if (!rc && (v = jdoc_get(o, "files")))
        rc = files(d, v, r, c->cfg, x, err, errlen);
    if (!rc && (v = jdoc_get(o, "requirements")) && !(rc = rg_str_array(d, v, err, errlen)))
        rg_read_reqs(r, v);
    if (rc) {
        rg_run_free(r);
        return rc; /* a bad list: nothing runs */
    }
    x->exit_status = (int)status;
    add_run(c->plan, r);
    return 0;
}

int rg_kind_plan(const rg_config *cfg, rg_plan *plan, const rg_group *g, char *err, size_t errlen)
{
    kind_ctx c = {cfg, plan, g};
    const cJSON *v;
    switch (g->kind) {
    case RG_KIND_BAD: return rg_group_scenarios(cfg, g, &c, plan_bad, err, errlen);
    case RG_KIND_MUTANTS: return plan_mutants(&c, err, errlen);
    case RG_KIND_DETERMINISM: return rg_group_scenarios(cfg, g, &c, plan_determinism, err, errlen);
    case RG_KIND_SMP: return rg_group_scenarios(cfg, g, &c, plan_smp, err, errlen);
    case RG_KIND_SHARDS: return plan_shards(&c, err, errlen);
    case RG_KIND_COMMANDS:
        v = jdoc_get(g->obj, "commands");
        if (!cJSON_IsArray(v) || !v->child)
            return jdoc_fail(g->doc, v ? v : g->obj, err, errlen,
                             "\"commands\": expected a non-empty array");
        for (const cJSON *o = v->child; o; o = o->next)
            if (plan_command(&c, o, err, errlen) != 0)
                return -1;
        return 0;
    default: return jdoc_fail(g->doc, g->obj, err, errlen, "not a check kind");
    }
}

/* ---- running ---- */

char **rg_step_argv(const rg_run *r, size_t k)
{
    if (k >= rg_nsteps(r))
        return NULL;
    char **argv = rg_argv_copy(k ? r->steps[k - 1] : r->argv);
    if (r->kind == RG_KIND_SMP && k == 1) { /* the files the first step wrote */
        char *pat = rg_fmt("%s" SMP_GLOB, argv[1]);
        glob_t gl;
        free(argv[1]);
        argv[1] = pat; /* none: cpumf-smp says it cannot open the pattern */
        if (glob(pat, 0, NULL, &gl) == 0) {
            free(argv[1]);
            argv[1] = NULL;
            for (size_t i = 0; i < gl.gl_pathc; i++)
                rg_argv_push(&argv, gl.gl_pathv[i]);
            globfree(&gl);
        }
    }
    return argv;
}

/* Do two files hold the same bytes? */
static int same_file(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    int same = fa && fb;
    while (same) {
        char ba[65536], bb[65536];
        size_t na = fread(ba, 1, sizeof ba, fa), nb = fread(bb, 1, sizeof bb, fb);
        same = na == nb && !memcmp(ba, bb, na);
        if (na < sizeof ba)
            break;
    }
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

static int not_dot(const struct dirent *e)
{
    return e->d_name[0] != '.';
}

/* Why directories a and b differ (names or bytes of their files); NULL if they do not. */
static char *dirs_differ(const char *a, const char *b)
{
    struct dirent **la = NULL, **lb = NULL;
    int na = scandir(a, &la, not_dot, by_name), nb = scandir(b, &lb, not_dot, by_name);
    char *why = na < 0 || nb < 0 ? rg_fmt("cannot list %s", na < 0 ? a : b)
                : na != nb       ? rg_fmt("%s has %d files, %s %d", a, na, b, nb)
                                 : NULL;
    for (int i = 0; !why && i < na; i++) {
        char *fa = rg_fmt("%s/%s", a, la[i]->d_name), *fb = rg_fmt("%s/%s", b, lb[i]->d_name);
        if (strcmp(la[i]->d_name, lb[i]->d_name))
            why = rg_fmt("%s and %s: other names", fa, fb);
        else if (!same_file(fa, fb))
            why = rg_fmt("%s and %s differ", fa, fb);
        free(fa);
        free(fb);
    }
    for (int i = 0; i < na; i++)
        free(la[i]);
    for (int i = 0; i < nb; i++)
        free(lb[i]);
    free(la);
    free(lb);
    return why;
}

static size_t count(const char *text, const char *what)
{
    size_t n = 0;
    for (const char *s = text ? strstr(text, what) : NULL; s; s = strstr(s + 1, what))
        n++;
    return n;
}

/* One list whole and its shards merged: the same test cases and the same
 * requirement, functional and Verilator coverage reports. */
static char *shards_differ(const rg_run *r)
{
    char *p[4] = {rg_fmt("%s/all/junit.xml", r->dir), rg_fmt("%s/merged/junit.xml", r->dir),
                  rg_fmt("%s/all/summary.md", r->dir), rg_fmt("%s/merged/summary.md", r->dir)};
    char *t[4], *why = NULL;
    for (int i = 0; i < 4; i++)
        t[i] = rg_read_file(p[i]);
    const char *ra = t[2] ? strstr(t[2], REQ_SECTION) : NULL,
               *rb = t[3] ? strstr(t[3], REQ_SECTION) : NULL;
    for (int i = 0; i < 4 && !why; i++)
        if (!t[i])
            why = rg_fmt("no %s", p[i]);
    if (!why && count(t[0], "<testcase") != count(t[1], "<testcase"))
        why = rg_fmt("%zu test cases whole, %zu merged", count(t[0], "<testcase"),
                     count(t[1], "<testcase"));
    if (!why && (!ra || !rb || strcmp(ra, rb)))
        why =
            rg_fmt("the reports from \"%s\" on differ between %s and %s", REQ_SECTION, p[2], p[3]);
    for (int i = 0; i < 4; i++) {
        free(p[i]);
        free(t[i]);
    }
    return why;
}

/* The kind's own check of what the steps wrote. */
static char *kind_differs(const rg_run *r)
{
    if (r->kind == RG_KIND_SHARDS)
        return shards_differ(r);
    if (r->kind != RG_KIND_DETERMINISM)
        return NULL;
    char *first = rg_fmt("%s/%s", r->dir, ways[0]), *why = NULL;
    for (size_t w = 1; w < NWAYS && !why; w++) {
        char *other = rg_fmt("%s/%s", r->dir, ways[w]);
        why = dirs_differ(first, other);
        free(other);
    }
    free(first);
    return why;
}

/* A non-empty regular file holding every text (texts may be NULL). */
static int file_holds(const char *path, char *const *texts)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0)
        return 0;
    char *t = texts ? rg_read_file(path) : NULL;
    int ok = !texts || t;
    for (size_t i = 0; ok && texts && texts[i]; i++)
        ok = strstr(t, texts[i]) != NULL;
    free(t);
    return ok;
}

static char *first_line_with(const char *text, const char *what)
{
    const char *s = strstr(text, what);
    while (s > text && s[-1] != '\n')
        s--;
    return rg_fmt("%.*s", (int)strcspn(s, "\n"), s);
}

/* What the last step's output and files lack; NULL if nothing. */
static char *expect_differs(const rg_run *r, const rg_proc *p, const char *log)
{
    const rg_expect *x = &r->expect;
    if (p->exit_status != x->exit_status)
        return rg_fmt("exit status %d, wanted %d%s%s", p->exit_status, x->exit_status,
                      r->reason ? ": " : "", r->reason ? r->reason : "");
    if (x->mismatch && !r->mismatch)
        return rg_fmt("no MISMATCH report, wanted MISMATCH at cycle %llu: %s",
                      (unsigned long long)x->mm_cycle, x->mm_field);
    if (x->mismatch && (r->mm_cycle != x->mm_cycle || strcmp(r->mm_field, x->mm_field)))
        return rg_fmt("MISMATCH at cycle %llu: %s, wanted MISMATCH at cycle %llu: %s",
                      (unsigned long long)r->mm_cycle, r->mm_field, (unsigned long long)x->mm_cycle,
                      x->mm_field);
    if (x->as_before) {
        char *before, *after, *why = NULL;
        rg_log_assertions(log, &before, &after);
        if (strcmp(before, x->as_before) || strcmp(after, x->as_after))
            why = rg_fmt("assertions %s before the difference and %s after it, wanted %s and %s",
                         before, after, x->as_before, x->as_after);
        free(before);
        free(after);
        if (why)
            return why;
    }
    for (size_t i = 0; x->output && x->output[i]; i++)
        if (!strstr(log, x->output[i]))
            return rg_fmt("the output lacks \"%s\"", x->output[i]);
    for (size_t i = 0; x->forbid && x->forbid[i]; i++)
        if (strstr(log, x->forbid[i])) {
            char *l = first_line_with(log, x->forbid[i]), *why = rg_fmt("the output has: %s", l);
            free(l);
            return why;
        }
    for (size_t i = 0; x->files && x->files[i]; i++) {
        glob_t gl;
        int found = 0;
        if (glob(x->files[i], 0, NULL, &gl) == 0) {
            for (size_t k = 0; k < gl.gl_pathc && !found; k++)
                found = file_holds(gl.gl_pathv[k], x->contains[i]);
            globfree(&gl);
        }
        if (!found) {
            char *texts = x->contains[i] ? rg_shell_join(NULL, x->contains[i]) : NULL, *why;
            why = rg_fmt("no non-empty file matches %s%s%s", x->files[i], texts ? " holding " : "",
                         texts ? texts : "");
            free(texts);
            return why;
        }
    }
    return NULL;
}

void rg_judge(rg_run *r, const rg_proc *p)
{
    /* a crash, a time limit or an interrupt stays what the outcome says */
    if (p->spawn_failed || p->interrupted || p->timed_out || p->exit_status < 0)
        return;
    char *log = rg_read_file(r->log), *why;
    size_t n = rg_nsteps(r);
    if (r->step + 1 < n)
        why = r->reason ? rg_fmt("step %zu of %zu: %s", r->step + 1, n, r->reason)
                        : rg_fmt("step %zu of %zu: exit status %d", r->step + 1, n, p->exit_status);
    else if (!(why = expect_differs(r, p, log ? log : "")))
        why = kind_differs(r);
    free(log);
    free(r->reason);
    r->reason = why;
    r->result = why ? RG_FAIL : RG_PASS;
}
