/* SPDX-License-Identifier: Apache-2.0 */
/*
 * regress_list.c - regression lists: parsed strictly with positions, every
 * name checked against the files it stands for, then expanded into runs.
 * Nothing runs until every list given is known to be good.
 *
 * A list (tests/regress/NAME.json, strict JSON):
 *
 *   {
 *     "description": "text",                  optional
 *     "timeout": 600,                         seconds per process (default 600)
 *     "triage_timeout": 300,                  seconds per triage step (300)
 *     "groups": [ GROUP, ... ]
 *   }
 *
 * Every group has "name" (letters digits _ . -, unique in the list; it names
 * the JUnit suite and the summary's row), optional "description", "timeout"
 * (overrides the list's) and "kind", which says what it checks and which
 * other keys it takes; a key of another kind is an error.
 *
 *   "scenarios" (the default): scenario runs that must pass.
 *     "scenarios": ["tests/random/random_z*.json", "lcctl_basic"]
 *                      globs; a bare name stands for tests/scenarios/NAME.json
 *     "exclude": ["sampler_*", "tests/long/x.json"]
 *                      globs on the scenario name, or on the path with a '/'
 *     "modes": ["model", "lockstep", "xrand", "sanitizer", "netlist"]   default lockstep
 *     "systems": ["z15-1cpu"]   each run once per system (--system);
 *                      default: the scenario's own
 *     "seeds": 40 | [FIRST, LAST]   --seed 1..40; default: the scenario's own
 *     "cycles": 5000   --cycles N for every run
 *     "coverage": false | N   with --coverage, its lockstep runs (false) or
 *                      those past the first N seeds use cpumf-cosim, not the
 *                      coverage build, which runs 2-6 times slower: for the
 *                      long runs and the many seeds of a random generator,
 *                      whose first seeds reach what the rest do; default true
 *   "unit" (the default of a group with "unit"): Check binaries, one row per
 *     test case.  "unit": ["test_*"]   globs in the build directory
 *   "bad": malformed scenarios: each run must exit 2 and print the first
 *     line of the .err file beside the scenario.  "scenarios", "exclude",
 *     "modes" (model, lockstep; default both)
 *   "mutants": every row of the mutant registry (tests/mutants/mutants.md,
 *     or "registry": PATH) on the mutant build: exit 1 with exactly its
 *     first report line "MISMATCH at cycle N: FIELD" (mode mutant); then the
 *     mutant build with no mutant selected passes each scenario and seed the
 *     rows use (mode no-mutant)
 *   "determinism": one seed four ways, the model twice and lockstep twice;
 *     the results JSON and .SMP files must be byte-identical.  "scenarios",
 *     "exclude", "seeds" (required)
 *   "smp": a run writes .SMP files (--smp-dir) and cpumf-smp reads them back.
 *     "scenarios", "exclude", "modes" (model, lockstep; default model)
 *   "shards": a list run whole, in N shards (--shard K/N) and merged
 *     (--merge) must give the same rows and requirement and coverage report.
 *     "list": "tests/regress/smoke.json", "shards": 3, "test": "PATTERN"
 *   "commands": one-off checks, one row each:
 *     "commands": [ {"name": "lint",         letters digits _ . -, unique
 *                    "argv": ["make", "-s", "lint"],
 *                    "env": {"NAME": "value"},         added to the environment
 *                    "exit": 0,                        wanted exit status (0)
 *                    "output": ["text"],               the output must hold each
 *                    "forbid": ["%Warning"],           and none of these
 *                    "files": ["{out}/x.png"],         globs: each must match a
 *                                                      non-empty file
 *                    "requirements": ["RUN-1"],        IDs the check names
 *                    "timeout": 60} ]
 *     In argv, env values and files, {build} is the build directory and
 *     {out} the run's own directory (OUT/runs/ID/, made empty first).
 *
 * Simulators: model = BUILD/cpumf-sim; lockstep = BUILD/cpumf-cosim (with
 * --mutant: cpumf-cosim-mut +MUTANT_NAME; with --coverage: cpumf-cosim-cov);
 * xrand = BUILD/cpumf-cosim-xrand +verilator+rand+reset+2
 * +verilator+seed+SEED (the seed is the RTL's random start, the scenario
 * keeps its own; 1 without "seeds"); sanitizer = BUILD/san/cpumf-sim; netlist =
 * BUILD/cpumf-cosim-ys (the lockstep of the netlist Yosys reads rtl/ as); unit =
 * the binary with CK_VERBOSITY=verbose CK_FORK=yes and Check's XML log.
 * Every scenario run writes --results and --fcov files under OUT/runs/.
 */
#define _XOPEN_SOURCE 700
#include "regress.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_SEEDS  1000000u
#define NAME_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-"

/* The keys of each kind besides name, description, kind and timeout. */
static const char *const kind_keys[RG_NKINDS][7] = {
    [RG_KIND_SCENARIOS] = {"scenarios", "exclude", "modes", "systems", "seeds", "cycles",
                           "coverage"},
    [RG_KIND_UNIT] = {"unit"},
    [RG_KIND_BAD] = {"scenarios", "exclude", "modes"},
    [RG_KIND_MUTANTS] = {"registry"},
    [RG_KIND_DETERMINISM] = {"scenarios", "exclude", "seeds"},
    [RG_KIND_SMP] = {"scenarios", "exclude", "modes"},
    [RG_KIND_SHARDS] = {"list", "shards", "test"},
    [RG_KIND_COMMANDS] = {"commands"},
};
/* The modes a kind takes, and its default. */
static const struct {
    rg_mode allowed[5];
    size_t n;
    rg_mode deflt[2];
    size_t ndeflt;
} kind_modes[RG_NKINDS] = {
    [RG_KIND_SCENARIOS] = {{RG_MODEL, RG_LOCKSTEP, RG_XRAND, RG_SANITIZER, RG_NETLIST},
                           5,
                           {RG_LOCKSTEP},
                           1},
    [RG_KIND_BAD] = {{RG_MODEL, RG_LOCKSTEP}, 2, {RG_MODEL, RG_LOCKSTEP}, 2},
    [RG_KIND_SMP] = {{RG_MODEL, RG_LOCKSTEP}, 2, {RG_MODEL}, 1},
};

static void push_u64(char ***argv, const char *opt, uint64_t v)
{
    char num[32];
    snprintf(num, sizeof num, "%llu", (unsigned long long)v);
    rg_argv_push(argv, opt);
    rg_argv_push(argv, num);
}

/* A scenario run: the simulator of its mode and the options of the group. */
static void add_scenario_run(const rg_config *cfg, rg_plan *plan, const rg_group *g,
                             const char *file, rg_mode mode, const char *system, int has_seed,
                             uint64_t seed)
{
    char *stem = rg_stem(file);
    char *sys = system ? rg_fmt("-%s", system) : xstrdup("");
    char *tag = has_seed ? rg_fmt("%s-s%llu", sys, (unsigned long long)seed) : xstrdup(sys);
    rg_run *r = rg_new_run(cfg, plan, g, stem, mode, tag, 0);
    free(stem);
    free(sys);
    free(tag);
    r->scenario = xstrdup(file);
    r->system = system ? xstrdup(system) : NULL;
    r->has_seed = has_seed;
    r->seed = seed;
    r->has_cycles = g->has_cycles;
    r->cycles = g->cycles;
    r->results = rg_fmt("%s/runs/%s.json", cfg->out, r->id);
    r->fcov = rg_fmt("%s/runs/%s.fcov.json", cfg->out, r->id);
    int mutant = mode == RG_LOCKSTEP && cfg->mutant;
    int cov = mode == RG_LOCKSTEP && !mutant && cfg->coverage && !cfg->coverage_missing &&
              (has_seed && g->has_seeds ? seed - g->seed_from < g->cov_seeds : g->cov_seeds > 0);
    char *path = mutant ? rg_mode_binary(cfg, RG_MUTANT)
                 : cov  ? rg_fmt("%s/cpumf-cosim-cov", cfg->build)
                        : rg_mode_binary(cfg, mode);
    r->argv = rg_argv(2, path, file);
    free(path);
    /* xrand: the seed is the RTL's random start; the scenario keeps its own. */
    if (has_seed && mode != RG_XRAND)
        push_u64(&r->argv, "--seed", seed);
    if (system) {
        rg_argv_push(&r->argv, "--system");
        rg_argv_push(&r->argv, system);
    }
    if (g->has_cycles)
        push_u64(&r->argv, "--cycles", g->cycles);
    rg_argv_push(&r->argv, "--results");
    rg_argv_push(&r->argv, r->results);
    rg_argv_push(&r->argv, "--fcov");
    rg_argv_push(&r->argv, r->fcov);
    if (mode == RG_MODEL && cfg->checkpoint_every) { /* cpumf-sim restarts (a resume) */
        r->ckpt = rg_fmt("%s/%s.ck", cfg->ckpt_dir, r->id);
        rg_argv_push(&r->argv, "--checkpoint");
        rg_argv_push(&r->argv, r->ckpt);
        push_u64(&r->argv, "--checkpoint-every", cfg->checkpoint_every);
    }
    if (mutant) {
        char *plus = rg_fmt("+MUTANT_%s", cfg->mutant);
        rg_argv_push(&r->argv, plus);
        free(plus);
    } else if (cov) {
        r->covdat = rg_fmt("%s/coverage/runs/%s.dat", cfg->out, r->id);
        rg_argv_push(&r->argv, "--coverage");
        rg_argv_push(&r->argv, r->covdat);
    }
    if (mode == RG_XRAND) {
        char *plus = rg_fmt("+verilator+seed+%llu", (unsigned long long)seed);
        rg_argv_push(&r->argv, "+verilator+rand+reset+2");
        rg_argv_push(&r->argv, plus);
        free(plus);
    }
    r->cmdline = rg_shell_join(r->env, r->argv);
    rg_plan_add(plan, r);
}

static void add_unit_run(const rg_config *cfg, rg_plan *plan, const rg_group *g, const char *file)
{
    char *stem = rg_stem(file);
    rg_run *r = rg_new_run(cfg, plan, g, stem, RG_UNIT, "", 0);
    free(stem);
    r->scenario = xstrdup(file);
    r->unit_parent = 1;
    r->xml = rg_fmt("%s/runs/%s.xml", cfg->out, r->id);
    r->argv = rg_argv(1, file);
    r->env = rg_argv(2, "CK_VERBOSITY=verbose", "CK_FORK=yes");
    char *xml = rg_fmt("CK_XML_LOG_FILE_NAME=%s", r->xml);
    rg_argv_push(&r->env, xml);
    free(xml);
    r->cmdline = rg_shell_join(r->env, r->argv);
    rg_plan_add(plan, r);
}

typedef struct scenario_ctx {
    const rg_config *cfg;
    rg_plan *plan;
    const rg_group *g;
} scenario_ctx;

/* The runs of one scenario file: every mode, system and seed. */
static int expand_scenario(void *ctx, const char *file, char *why, size_t whylen)
{
    const scenario_ctx *c = ctx;
    const rg_group *g = c->g;
    uint64_t count = rg_group_seed_count(c->cfg, g), runs = 0;
    for (int m = 0; m < RG_NMODES; m++)
        runs +=
            g->modes[m] ? count * (g->systems ? (uint64_t)cJSON_GetArraySize(g->systems) : 1) : 0;
    if (rg_plan_room(c->plan, runs, why, whylen) != 0)
        return -1;
    for (int m = 0; m < RG_NMODES; m++) {
        if (!g->modes[m])
            continue;
        const cJSON *sys = g->systems ? g->systems->child : NULL;
        do {
            for (uint64_t i = 0; i < count; i++) {
                /* xrand without seeds still needs an RTL start seed: 1. */
                int has_seed = g->has_seeds || m == RG_XRAND;
                add_scenario_run(c->cfg, c->plan, g, file, (rg_mode)m,
                                 sys ? sys->valuestring : NULL, has_seed,
                                 g->has_seeds ? g->seed_from + i : 1);
            }
            sys = sys ? sys->next : NULL;
        } while (sys);
    }
    return 0;
}

static int expand_unit(void *ctx, const char *file, char *why, size_t whylen)
{
    const scenario_ctx *c = ctx;
    (void)why;
    (void)whylen;
    add_unit_run(c->cfg, c->plan, c->g, file);
    return 0;
}

static int parse_seeds(const jdoc *d, const cJSON *v, rg_group *g, char *err, size_t errlen)
{
    g->has_seeds = 1;
    if (cJSON_IsArray(v)) {
        const cJSON *a = v->child, *b = a ? a->next : NULL;
        uint64_t from, to;
        if (!a || !b || b->next)
            return jdoc_fail(d, v, err, errlen, "seeds: expected N or [FIRST, LAST]");
        if (jdoc_u64(d, a, 0, UINT64_MAX, &from, err, errlen) != 0)
            return -1;
        if (jdoc_u64(d, b, from, UINT64_MAX, &to, err, errlen) != 0)
            return -1;
        if (to - from >= MAX_SEEDS)
            return jdoc_fail(d, v, err, errlen, "more than %u seeds", MAX_SEEDS);
        g->seed_from = from;
        g->seed_count = to - from + 1;
        return 0;
    }
    g->seed_from = 1;
    return jdoc_u64(d, v, 1, MAX_SEEDS, &g->seed_count, err, errlen);
}

static int parse_modes(const jdoc *d, const cJSON *v, rg_group *g, char *err, size_t errlen)
{
    const size_t n = kind_modes[g->kind].n;
    if (rg_str_array(d, v, err, errlen) != 0)
        return -1;
    for (const cJSON *e = v->child; e; e = e->next) {
        const char *s = e->valuestring;
        size_t k = 0;
        while (k < n && strcmp(s, rg_mode_name(kind_modes[g->kind].allowed[k])))
            k++;
        if (k == n) {
            rg_buf names = {0};
            for (k = 0; k < n; k++)
                rg_cat(&names, "%s%s", k ? ", " : "", rg_mode_name(kind_modes[g->kind].allowed[k]));
            jdoc_fail(d, e, err, errlen, "unknown mode '%s' of a %s group (%s)", s,
                      rg_kind_name(g->kind), names.s);
            free(names.s);
            return -1;
        }
        rg_mode m = kind_modes[g->kind].allowed[k];
        if (g->modes[m])
            return jdoc_fail(d, e, err, errlen, "mode '%s' given twice", s);
        g->modes[m] = 1;
    }
    return 0;
}

static int parse_systems(const jdoc *d, const cJSON *v, rg_group *g, char *err, size_t errlen)
{
    if (rg_str_array(d, v, err, errlen) != 0)
        return -1;
    for (const cJSON *e = v->child; e; e = e->next) {
        char *p = rg_fmt("configs/systems/%s.json", e->valuestring);
        int ok = access(p, R_OK) == 0;
        free(p);
        if (!ok || strchr(e->valuestring, '/'))
            return jdoc_fail(d, e, err, errlen, "unknown system '%s' (no configs/systems/%s.json)",
                             e->valuestring, e->valuestring);
    }
    g->systems = v;
    return 0;
}

/* "kind", then every key checked to belong to it. */
static int parse_kind(const jdoc *d, const cJSON *o, rg_group *g, char *err, size_t errlen)
{
    const cJSON *v = jdoc_get(o, "kind");
    g->kind = jdoc_get(o, "unit") ? RG_KIND_UNIT : RG_KIND_SCENARIOS;
    if (v) {
        const char *s;
        if (jdoc_str(d, v, &s, err, errlen) != 0)
            return -1;
        int k = 0;
        while (k < RG_NKINDS && strcmp(s, rg_kind_name((rg_kind)k)))
            k++;
        if (k == RG_NKINDS)
            return jdoc_fail(d, v, err, errlen,
                             "unknown kind '%s' (scenarios, unit, bad, mutants, "
                             "determinism, smp, shards, commands)",
                             s);
        g->kind = (rg_kind)k;
    }
    static const char *const common[] = {"name", "description", "kind", "timeout"};
    for (const cJSON *c = o->child; c; c = c->next) {
        int ok = 0, other = 0;
        for (size_t i = 0; i < sizeof common / sizeof *common; i++)
            ok |= !strcmp(c->string, common[i]);
        for (int k = 0; k < RG_NKINDS; k++)
            for (size_t i = 0; i < 7 && kind_keys[k][i]; i++)
                if (!strcmp(c->string, kind_keys[k][i])) {
                    ok |= k == (int)g->kind;
                    other = 1;
                }
        if (!ok)
            return other ? jdoc_fail_key(d, c, err, errlen, "\"%s\" does not apply to a %s group",
                                         c->string, rg_kind_name(g->kind))
                         : jdoc_fail_key(d, c, err, errlen, "unknown key \"%s\"", c->string);
    }
    return 0;
}

/* The keys every scenario-taking kind shares. */
static int parse_scenario_keys(const jdoc *d, const cJSON *o, rg_group *g, char *err, size_t errlen)
{
    const cJSON *v;
    if ((v = jdoc_get(o, "cycles"))) {
        g->has_cycles = 1;
        if (jdoc_u64(d, v, 1, (uint64_t)1 << 53, &g->cycles, err, errlen) != 0)
            return -1;
    }
    if ((v = jdoc_get(o, "seeds")) && parse_seeds(d, v, g, err, errlen) != 0)
        return -1;
    if ((v = jdoc_get(o, "exclude"))) {
        if (rg_str_array(d, v, err, errlen) != 0)
            return -1;
        g->exclude = v;
    }
    if ((v = jdoc_get(o, "systems")) && parse_systems(d, v, g, err, errlen) != 0)
        return -1;
    if ((v = jdoc_get(o, "modes")))
        return parse_modes(d, v, g, err, errlen);
    for (size_t k = 0; k < kind_modes[g->kind].ndeflt; k++)
        g->modes[kind_modes[g->kind].deflt[k]] = 1;
    return 0;
}

static int parse_group(const rg_config *cfg, rg_plan *plan, const jdoc *d, const char *list,
                       const cJSON *o, double timeout, char *err, size_t errlen)
{
    if (!cJSON_IsObject(o))
        return jdoc_fail(d, o, err, errlen, "a group must be an object");
    rg_group g = {.doc = d, .obj = o, .list = list, .timeout = timeout, .cov_seeds = UINT64_MAX};
    if (parse_kind(d, o, &g, err, errlen) != 0)
        return -1;
    const cJSON *v = jdoc_get(o, "name");
    if (!v)
        return jdoc_fail(d, o, err, errlen, "group without \"name\"");
    if (jdoc_str(d, v, &g.name, err, errlen) != 0)
        return -1;
    if (!*g.name || strspn(g.name, NAME_CHARS) != strlen(g.name))
        return jdoc_fail(d, v, err, errlen, "group name: letters, digits, '_', '.', '-' only");
    for (const cJSON *p = o->prev; p && p->next; p = p->prev) {
        const cJSON *n = jdoc_get(p, "name");
        if (cJSON_IsString(n) && !strcmp(n->valuestring, g.name))
            return jdoc_fail(d, v, err, errlen, "group \"%s\" defined twice", g.name);
    }
    if ((v = jdoc_get(o, "description")) && !cJSON_IsString(v))
        return jdoc_fail(d, v, err, errlen, "expected a string");
    if ((v = jdoc_get(o, "timeout")) && jdoc_f64(d, v, 1, 604800, &g.timeout, err, errlen) != 0)
        return -1;
    if ((v = jdoc_get(o, "coverage"))) {
        if (cJSON_IsBool(v))
            g.cov_seeds = cJSON_IsTrue(v) ? UINT64_MAX : 0;
        else if (!cJSON_IsNumber(v))
            return jdoc_fail(d, v, err, errlen, "expected true, false or a number of seeds");
        else if (jdoc_u64(d, v, 1, MAX_SEEDS, &g.cov_seeds, err, errlen) != 0)
            return -1;
    }
    if (parse_scenario_keys(d, o, &g, err, errlen) != 0)
        return -1;
    if (g.kind == RG_KIND_DETERMINISM && !g.has_seeds)
        return jdoc_fail(d, o, err, errlen, "a determinism group needs \"seeds\"");

    if (g.kind == RG_KIND_UNIT && !jdoc_get(o, "unit"))
        return jdoc_fail(d, o, err, errlen, "a unit group needs \"unit\"");
    size_t before = plan->n;
    scenario_ctx c = {cfg, plan, &g};
    int rc = g.kind == RG_KIND_SCENARIOS
                 ? rg_group_scenarios(cfg, &g, &c, expand_scenario, err, errlen)
             : g.kind == RG_KIND_UNIT
                 ? rg_group_globs(cfg, &g, jdoc_get(o, "unit"), 1, &c, expand_unit, err, errlen)
                 : rg_kind_plan(cfg, plan, &g, err, errlen);
    if (rc != 0)
        return -1;
    /* A group that the filter leaves empty is fine; one that is empty by
     * itself (everything excluded) is a mistake in the list. */
    if (plan->n == before && !cfg->test)
        return jdoc_fail(d, o, err, errlen, "group \"%s\" selects no run", g.name);
    return 0;
}

/* One list's document into plan (d is freed): 0, or 2 with err set. */
static int plan_list(const rg_config *cfg, jdoc *d, const char *list, rg_plan *plan, char *err,
                     size_t errlen)
{
    static const char *const keys[] = {"description", "timeout", "triage_timeout", "groups", NULL};
    const cJSON *root = jdoc_root(d), *v;
    int rc = 0;
    double timeout = 600;
    if (!cJSON_IsObject(root))
        rc = jdoc_fail(d, root, err, errlen, "a regression list must be an object");
    if (!rc)
        rc = jdoc_check_keys(d, root, keys, err, errlen);
    if (!rc && (v = jdoc_get(root, "description")) && !cJSON_IsString(v))
        rc = jdoc_fail(d, v, err, errlen, "expected a string");
    if (!rc && (v = jdoc_get(root, "timeout")))
        rc = jdoc_f64(d, v, 1, 604800, &timeout, err, errlen);
    if (!rc && (v = jdoc_get(root, "triage_timeout")))
        rc = jdoc_f64(d, v, 1, 604800, &plan->triage_timeout, err, errlen);
    const cJSON *groups = rc ? NULL : jdoc_get(root, "groups");
    if (!rc && (!cJSON_IsArray(groups) || !groups->child))
        rc = jdoc_fail(d, groups ? groups : root, err, errlen,
                       "\"groups\": expected a non-empty array");
    for (const cJSON *o = rc ? NULL : groups->child; o && !rc; o = o->next)
        rc = parse_group(cfg, plan, d, list, o, timeout, err, errlen);
    jdoc_free(d);
    return rc ? 2 : 0;
}

int rg_plan_list_text(const rg_config *cfg, const char *name, const char *text, rg_plan *plan,
                      char *err, size_t errlen)
{
    jdoc *d = jdoc_parse_text(name, text, err, errlen);
    return d ? plan_list(cfg, d, name, plan, err, errlen) : 2;
}

int rg_plan_lists(const rg_config *cfg, char *const *lists, size_t nlists, rg_plan *plan, char *err,
                  size_t errlen)
{
    plan->triage_timeout = 300;
    for (size_t li = 0; li < nlists; li++) {
        jdoc *d = jdoc_parse_file(lists[li], err, errlen);
        if (!d || plan_list(cfg, d, lists[li], plan, err, errlen) != 0)
            return 2;
    }
    return 0;
}
