/*
 * regress_list.c - regression lists (format: the comment at the top of
 * tb/regress.c): parsed strictly with positions, every name checked against
 * the files it stands for, then expanded into runs.  Nothing runs until
 * every list given is known to be good.
 */
#define _XOPEN_SOURCE 700
#include "regress.h"
#include "json_strict.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_SEEDS 1000000u

typedef struct group {
    const char *name;
    double timeout;
    int has_cycles;
    uint64_t cycles;
    int has_seeds;
    uint64_t seed_from, seed_count;
    int modes[3];           /* RG_MODEL, RG_LOCKSTEP, RG_XRAND selected */
    const cJSON *systems;   /* array or NULL */
    const cJSON *exclude;   /* array or NULL */
} group;

static int str_array(const jdoc *d, const cJSON *a, char *err, size_t errlen)
{
    if (!cJSON_IsArray(a) || !a->child)
        return jdoc_fail(d, a, err, errlen, "expected a non-empty array of strings");
    for (const cJSON *e = a->child; e; e = e->next) {
        const char *s;
        if (jdoc_str(d, e, &s, err, errlen) != 0) return -1;
        if (!*s) return jdoc_fail(d, e, err, errlen, "empty string");
    }
    return 0;
}

static int excluded(const group *g, const char *path)
{
    if (!g->exclude) return 0;
    char *stem = rg_stem(path);
    int hit = 0;
    for (const cJSON *e = g->exclude->child; e && !hit; e = e->next) {
        const char *pat = e->valuestring;
        hit = strchr(pat, '/') ? rg_match(pat, path) : rg_match(pat, stem);
    }
    free(stem);
    return hit;
}

static void add_run(const rg_config *cfg, rg_plan *plan, const group *g, const char *file,
                    rg_mode mode, const char *system, int has_seed, uint64_t seed)
{
    rg_run *r = rg_alloc(sizeof *r);
    r->group = rg_strdup(g->name);
    r->test = rg_stem(file);
    r->scenario = rg_strdup(file);
    r->mode = mode;
    r->system = system ? rg_strdup(system) : NULL;
    r->has_seed = has_seed;
    r->seed = seed;
    r->has_cycles = g->has_cycles;
    r->cycles = g->cycles;
    r->timeout = g->timeout;
    char *sys = system ? rg_fmt("-%s", system) : rg_strdup("");
    char *sd = has_seed ? rg_fmt("-s%llu", (unsigned long long)seed) : rg_strdup("");
    r->id = rg_fmt("%05zu-%s-%s%s%s", plan->n + 1, r->test, rg_mode_name(mode), sys, sd);
    free(sys);
    free(sd);
    r->log = rg_fmt("%s/runs/%s.log", cfg->out, r->id);
    if (mode == RG_UNIT) {
        r->unit_parent = 1;
        r->xml = rg_fmt("%s/runs/%s.xml", cfg->out, r->id);
        r->argv = rg_argv(1, file);
        r->env = rg_argv(3, "CK_VERBOSITY=verbose", "CK_FORK=yes", "");
        free(r->env[2]);
        r->env[2] = rg_fmt("CK_XML_LOG_FILE_NAME=%s", r->xml);
    } else {
        r->results = rg_fmt("%s/runs/%s.json", cfg->out, r->id);
        r->fcov = rg_fmt("%s/runs/%s.fcov.json", cfg->out, r->id);
        const char *bin = mode == RG_MODEL ? "cpumf-sim"
                        : mode == RG_XRAND ? "cpumf-cosim-xrand"
                        : cfg->mutant ? "cpumf-cosim-mut"
                        : cfg->coverage && !cfg->coverage_missing ? "cpumf-cosim-cov" : "cpumf-cosim";
        char *path = rg_fmt("%s/%s", cfg->build, bin);
        r->argv = rg_argv(2, path, file);
        free(path);
        char num[32];
        /* xrand: the seed is the RTL's random start; the scenario keeps its own. */
        if (has_seed && mode != RG_XRAND) {
            snprintf(num, sizeof num, "%llu", (unsigned long long)seed);
            rg_argv_push(&r->argv, "--seed");
            rg_argv_push(&r->argv, num);
        }
        if (system) {
            rg_argv_push(&r->argv, "--system");
            rg_argv_push(&r->argv, system);
        }
        if (g->has_cycles) {
            snprintf(num, sizeof num, "%llu", (unsigned long long)g->cycles);
            rg_argv_push(&r->argv, "--cycles");
            rg_argv_push(&r->argv, num);
        }
        rg_argv_push(&r->argv, "--results");
        rg_argv_push(&r->argv, r->results);
        rg_argv_push(&r->argv, "--fcov");
        rg_argv_push(&r->argv, r->fcov);
        if (mode == RG_LOCKSTEP && cfg->mutant) {
            char *plus = rg_fmt("+MUTANT_%s", cfg->mutant);
            rg_argv_push(&r->argv, plus);
            free(plus);
        } else if (mode == RG_LOCKSTEP && cfg->coverage && !cfg->coverage_missing) {
            r->covdat = rg_fmt("%s/coverage/runs/%s.dat", cfg->out, r->id);
            rg_argv_push(&r->argv, "--coverage");
            rg_argv_push(&r->argv, r->covdat);
        }
        if (mode == RG_XRAND) {
            snprintf(num, sizeof num, "+verilator+seed+%llu", (unsigned long long)seed);
            rg_argv_push(&r->argv, "+verilator+rand+reset+2");
            rg_argv_push(&r->argv, num);
        }
    }
    r->cmdline = rg_shell_join(r->env, r->argv);
    rg_plan_add(plan, r);
}

void rg_plan_add(rg_plan *plan, rg_run *r)
{
    if (plan->n == plan->cap) {
        size_t cap = plan->cap ? plan->cap * 2 : 256;
        rg_run **nr = rg_alloc(cap * sizeof *nr);
        if (plan->n) memcpy(nr, plan->runs, plan->n * sizeof *nr);
        free(plan->runs);
        plan->runs = nr;
        plan->cap = cap;
    }
    plan->runs[plan->n++] = r;
}

/* Expand one file of a group into its runs. */
static void expand(const rg_config *cfg, rg_plan *plan, const group *g, const char *file, int unit)
{
    char *stem = rg_stem(file);
    int keep = !cfg->test || rg_match(cfg->test, stem);
    free(stem);
    if (!keep || excluded(g, file)) return;
    if (unit) {
        add_run(cfg, plan, g, file, RG_UNIT, NULL, 0, 0);
        return;
    }
    uint64_t count = g->has_seeds ? (cfg->seeds > 0 ? (uint64_t)cfg->seeds : g->seed_count) : 1;
    for (int m = 0; m < 3; m++) {
        if (!g->modes[m]) continue;
        const cJSON *sys = g->systems ? g->systems->child : NULL;
        do {
            for (uint64_t i = 0; i < count; i++) {
                /* xrand without seeds still needs an RTL start seed: 1. */
                int has_seed = g->has_seeds || m == RG_XRAND;
                add_run(cfg, plan, g, file, (rg_mode)m, sys ? sys->valuestring : NULL, has_seed,
                        g->has_seeds ? g->seed_from + i : 1);
            }
            sys = sys ? sys->next : NULL;
        } while (sys);
    }
}

/* Globs of one group entry, each checked to match something. */
static int expand_files(const rg_config *cfg, rg_plan *plan, const jdoc *d, const group *g,
                        const cJSON *list, int unit, char *err, size_t errlen)
{
    if (str_array(d, list, err, errlen) != 0) return -1;
    for (const cJSON *e = list->child; e; e = e->next) {
        const char *s = e->valuestring;
        char *pat = unit ? rg_fmt("%s/%s", cfg->build, s)
                  : (strchr(s, '/') || strstr(s, ".json")) ? rg_strdup(s)
                  : rg_fmt("tests/scenarios/%s.json", s);
        glob_t gl;
        int rc = glob(pat, 0, NULL, &gl);
        size_t found = 0;
        for (size_t i = 0; rc == 0 && i < gl.gl_pathc; i++) {
            const char *f = gl.gl_pathv[i];
            if (unit ? !rg_is_exe(f) : access(f, R_OK) != 0) continue;
            found++;
            expand(cfg, plan, g, f, unit);
        }
        if (rc == 0) globfree(&gl);
        if (!found) {
            jdoc_fail(d, e, err, errlen, unit ? "no unit test binary matches %s (build them first: make unit)"
                                              : "no scenario file matches %s", pat);
            free(pat);
            return -1;
        }
        free(pat);
    }
    return 0;
}

static int parse_seeds(const jdoc *d, const cJSON *v, group *g, char *err, size_t errlen)
{
    g->has_seeds = 1;
    if (cJSON_IsArray(v)) {
        const cJSON *a = v->child, *b = a ? a->next : NULL;
        uint64_t from, to;
        if (!a || !b || b->next) return jdoc_fail(d, v, err, errlen, "seeds: expected N or [FIRST, LAST]");
        if (jdoc_u64(d, a, 0, UINT64_MAX, &from, err, errlen) != 0) return -1;
        if (jdoc_u64(d, b, from, UINT64_MAX, &to, err, errlen) != 0) return -1;
        if (to - from >= MAX_SEEDS) return jdoc_fail(d, v, err, errlen, "more than %u seeds", MAX_SEEDS);
        g->seed_from = from;
        g->seed_count = to - from + 1;
        return 0;
    }
    g->seed_from = 1;
    return jdoc_u64(d, v, 1, MAX_SEEDS, &g->seed_count, err, errlen);
}

static int parse_modes(const jdoc *d, const cJSON *v, group *g, char *err, size_t errlen)
{
    if (str_array(d, v, err, errlen) != 0) return -1;
    for (const cJSON *e = v->child; e; e = e->next) {
        const char *s = e->valuestring;
        int m = !strcmp(s, "model") ? RG_MODEL : !strcmp(s, "lockstep") ? RG_LOCKSTEP
              : !strcmp(s, "xrand") ? RG_XRAND : -1;
        if (m < 0) return jdoc_fail(d, e, err, errlen, "unknown mode '%s' (model, lockstep, xrand)", s);
        if (g->modes[m]) return jdoc_fail(d, e, err, errlen, "mode '%s' given twice", s);
        g->modes[m] = 1;
    }
    return 0;
}

static int parse_group(const rg_config *cfg, rg_plan *plan, const jdoc *d, const cJSON *o,
                       double timeout, char *err, size_t errlen)
{
    static const char *const keys[] = { "name", "description", "scenarios", "unit", "exclude", "systems",
                                        "seeds", "modes", "timeout", "cycles", NULL };
    if (!cJSON_IsObject(o)) return jdoc_fail(d, o, err, errlen, "a group must be an object");
    if (jdoc_check_keys(d, o, keys, err, errlen) != 0) return -1;
    group g = { .timeout = timeout };
    const cJSON *v = jdoc_get(o, "name");
    if (!v) return jdoc_fail(d, o, err, errlen, "group without \"name\"");
    if (jdoc_str(d, v, &g.name, err, errlen) != 0) return -1;
    if (!*g.name || strspn(g.name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") != strlen(g.name))
        return jdoc_fail(d, v, err, errlen, "group name: letters, digits, '_', '.', '-' only");
    for (const cJSON *p = o->prev; p && p->next; p = p->prev) {
        const cJSON *n = jdoc_get(p, "name");
        if (cJSON_IsString(n) && !strcmp(n->valuestring, g.name))
            return jdoc_fail(d, v, err, errlen, "group \"%s\" defined twice", g.name);
    }
    if ((v = jdoc_get(o, "description")) && !cJSON_IsString(v))
        return jdoc_fail(d, v, err, errlen, "expected a string");
    if ((v = jdoc_get(o, "timeout")) && jdoc_f64(d, v, 1, 604800, &g.timeout, err, errlen) != 0) return -1;
    if ((v = jdoc_get(o, "cycles"))) {
        g.has_cycles = 1;
        if (jdoc_u64(d, v, 1, (uint64_t)1 << 53, &g.cycles, err, errlen) != 0) return -1;
    }
    if ((v = jdoc_get(o, "seeds")) && parse_seeds(d, v, &g, err, errlen) != 0) return -1;
    if ((v = jdoc_get(o, "exclude"))) {
        if (str_array(d, v, err, errlen) != 0) return -1;
        g.exclude = v;
    }
    const cJSON *sc = jdoc_get(o, "scenarios"), *un = jdoc_get(o, "unit");
    if (!sc == !un)
        return jdoc_fail(d, sc ? un : o, err, errlen, "a group has either \"scenarios\" or \"unit\"");
    if (un) {
        static const char *const scenario_only[] = { "modes", "systems", "seeds", "cycles" };
        for (size_t i = 0; i < sizeof scenario_only / sizeof *scenario_only; i++)
            if ((v = jdoc_get(o, scenario_only[i])))
                return jdoc_fail_key(d, v, err, errlen, "\"%s\" does not apply to unit tests", scenario_only[i]);
        return expand_files(cfg, plan, d, &g, un, 1, err, errlen);
    }
    if ((v = jdoc_get(o, "modes"))) {
        if (parse_modes(d, v, &g, err, errlen) != 0) return -1;
    } else {
        g.modes[RG_LOCKSTEP] = 1;
    }
    if ((v = jdoc_get(o, "systems"))) {
        if (str_array(d, v, err, errlen) != 0) return -1;
        for (const cJSON *e = v->child; e; e = e->next) {
            char *p = rg_fmt("configs/systems/%s.json", e->valuestring);
            int ok = access(p, R_OK) == 0;
            free(p);
            if (!ok || strchr(e->valuestring, '/'))
                return jdoc_fail(d, e, err, errlen, "unknown system '%s' (no configs/systems/%s.json)",
                                 e->valuestring, e->valuestring);
        }
        g.systems = v;
    }
    size_t before = plan->n;
    if (expand_files(cfg, plan, d, &g, sc, 0, err, errlen) != 0) return -1;
    /* A group that the filter leaves empty is fine; one that is empty by
     * itself (everything excluded) is a mistake in the list. */
    if (plan->n == before && !cfg->test)
        return jdoc_fail(d, o, err, errlen, "group \"%s\" selects no run", g.name);
    return 0;
}

int rg_plan_lists(const rg_config *cfg, char *const *lists, size_t nlists, rg_plan *plan, char *err,
                  size_t errlen)
{
    static const char *const keys[] = { "description", "timeout", "triage_timeout", "groups", NULL };
    plan->triage_timeout = 300;
    for (size_t li = 0; li < nlists; li++) {
        jdoc *d = jdoc_parse_file(lists[li], err, errlen);
        if (!d) return 2;
        const cJSON *root = jdoc_root(d), *v;
        int rc = 0;
        double timeout = 600;
        if (!cJSON_IsObject(root)) rc = jdoc_fail(d, root, err, errlen, "a regression list must be an object");
        if (!rc) rc = jdoc_check_keys(d, root, keys, err, errlen);
        if (!rc && (v = jdoc_get(root, "description")) && !cJSON_IsString(v))
            rc = jdoc_fail(d, v, err, errlen, "expected a string");
        if (!rc && (v = jdoc_get(root, "timeout"))) rc = jdoc_f64(d, v, 1, 604800, &timeout, err, errlen);
        if (!rc && (v = jdoc_get(root, "triage_timeout")))
            rc = jdoc_f64(d, v, 1, 604800, &plan->triage_timeout, err, errlen);
        const cJSON *groups = rc ? NULL : jdoc_get(root, "groups");
        if (!rc && (!cJSON_IsArray(groups) || !groups->child))
            rc = jdoc_fail(d, groups ? groups : root, err, errlen, "\"groups\": expected a non-empty array");
        for (const cJSON *o = rc ? NULL : groups->child; o && !rc; o = o->next)
            rc = parse_group(cfg, plan, d, o, timeout, err, errlen);
        jdoc_free(d);
        if (rc) return 2;
    }
    return 0;
}
