/* SPDX-License-Identifier: Apache-2.0 */
/*
 * scenario.c - the scenario file's top level: its name and requirements, the
 * system and workload it names or holds, then each part in the order the
 * later ones are checked against the earlier (parse.h lists the files).
 */
#include "scenario.h"

#include <inttypes.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "stimulus/storage.h"
#include "xalloc.h"

/* ---------------- name and requirements ---------------- */

/* "name", or the file name without ".json". */
static int parse_name(parse_ctx *p, const cJSON *root)
{
    tb_scenario *sc = p->sc;
    const cJSON *n = GET(root, "name");
    const char *s, *b;
    size_t l;
    if (n) {
        if (scn_str(p, n, &s))
            return -1;
        if (!s[0] || strlen(s) >= sizeof sc->name)
            return FAIL(n, "name: 1 to %zu characters", sizeof sc->name - 1);
        snprintf(sc->name, sizeof sc->name, "%s", s);
        return 0;
    }
    b = strrchr(sc->path, '/');
    snprintf(sc->name, sizeof sc->name, "%.127s", b ? b + 1 : sc->path);
    l = strlen(sc->name);
    if (l > 5 && strcmp(sc->name + l - 5, ".json") == 0)
        sc->name[l - 5] = 0;
    return 0;
}

static int parse_requirements(parse_ctx *p, const cJSON *n)
{
    tb_scenario *sc = p->sc;
    const cJSON *e;
    if (!cJSON_IsArray(n))
        return FAIL(n, "requirements: expected an array of requirement IDs");
    sc->req = xcalloc((size_t)cJSON_GetArraySize(n), sizeof *sc->req);
    cJSON_ArrayForEach(e, n)
    {
        const char *s;
        if (scn_str(p, e, &s))
            return -1;
        sc->req[sc->n_req++] = xstrdup(s);
    }
    return 0;
}

/* ---------------- system and workload ---------------- */

/* A name of configs/systems/ or configs/workloads/: [A-Za-z0-9_.-], 1..64
 * characters, not starting with '.'. */
int tb_config_name_valid(const char *s)
{
    size_t i;
    if (!s[0] || strlen(s) > 64)
        return 0;
    for (i = 0; s[i]; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_' || c == '.'))
            return 0;
    }
    return s[0] != '.';
}

int tb_config_path(char *path, size_t n, const char *dir, const char *kind, const char *name)
{
    FILE *f;
    snprintf(path, n, "%s/%s/%s.json", dir, kind, name);
    f = fopen(path, "rb");
    if (!f)
        return 0;
    fclose(f);
    return 1;
}

static int load_system_by_name(parse_ctx *p, const cJSON *at, const char *cfgdir, const char *name)
{
    char path[1024], e2[768];
    if (!tb_config_name_valid(name))
        return FAIL(at, "system: bad name \"%s\"", name);
    if (!tb_config_path(path, sizeof path, cfgdir, "systems", name))
        return FAIL(at, "unknown system \"%s\" (no systems/%s.json in the configs directory)", name,
                    name);
    if (cpumf_load_system(path, &p->sc->system, e2, sizeof e2))
        return FAIL(at, "system \"%s\": %s", name, e2);
    return 0;
}

/* An inline system object, read by the model from its place in the file. */
static int load_system_inline(parse_ctx *p, const cJSON *n, const char *cfgdir)
{
    jspan sp;
    if (jdoc_span(p->d, n, &sp))
        return FAIL(n, "system: internal: no position for the object");
    return cpumf_load_system_text(jdoc_text(p->d) + sp.start, sp.end - sp.start, jdoc_name(p->d),
                                  (unsigned)sp.line, (unsigned)sp.col, cfgdir, &p->sc->system,
                                  p->err, p->errlen);
}

/* "system" (required): a name or an object; --system replaces it, and the
 * rest of the scenario is checked against the replacement. */
static int load_system(parse_ctx *p, const cJSON *root, const char *cfgdir, const char *over)
{
    const cJSON *n = GET(root, "system");
    tb_scenario *sc = p->sc;
    if (!n)
        return FAIL(root, "scenario needs \"system\" (a name from systems/ or an object)");
    if (over) {
        if (load_system_by_name(p, n, cfgdir, over))
            return -1;
    } else if (cJSON_IsString(n)) {
        if (load_system_by_name(p, n, cfgdir, n->valuestring))
            return -1;
    } else if (cJSON_IsObject(n)) {
        if (load_system_inline(p, n, cfgdir))
            return -1;
    } else {
        return FAIL(n, "system: expected a name or an object");
    }
    if (sc->system.n_cpus < 1 || sc->system.n_cpus > CPUMF_MAX_CPUS)
        return FAIL(n, "system: %u CPUs (1..%u)", sc->system.n_cpus, CPUMF_MAX_CPUS);
    if (!tb_prefix_areas_fit(&sc->system))
        return FAIL(n,
                    "system %s: the CPUs' prefix areas (%u x 8 KiB at the top of storage of "
                    "size 0x%llx) do not fit or meet a hole",
                    sc->system.name, sc->system.n_cpus,
                    (unsigned long long)sc->system.storage_size);
    return 0;
}

/* The event model and relations of the system's model, when its
 * events/MODEL.json exists (a model without one has no extended events). */
static int load_events(parse_ctx *p, const cJSON *root, const char *cfgdir)
{
    tb_scenario *sc = p->sc;
    const cJSON *at = GET(root, "system");
    char path[1024], e2[768];
    jdoc *d;
    int rc;
    if (!tb_config_path(path, sizeof path, cfgdir, "events", sc->system.model.name))
        return 0;
    if (!(d = jdoc_parse_file(path, e2, sizeof e2)))
        return FAIL(at, "events of model %s: %s", sc->system.model.name, e2);
    rc = tb_events_from_json(d, jdoc_root(d), &sc->system.model, sc->system.level, &sc->events, e2,
                             sizeof e2) ||
         tb_relations_from_json(d, jdoc_root(d), &sc->system.model, &sc->rels, e2, sizeof e2);
    jdoc_free(d);
    if (rc)
        return FAIL(at, "events of model %s: %s", sc->system.model.name, e2);
    sc->has_events = 1;
    return 0;
}

/* "workload": a name (default "idle") or an object. */
static int load_workload(parse_ctx *p, const cJSON *root, const char *cfgdir)
{
    const cJSON *n = GET(root, "workload");
    const char *wn = n ? n->valuestring : "idle";
    char path[1024], e2[768];
    if (n && cJSON_IsObject(n))
        return tb_workload_from_json(p->d, n, &p->sc->workload, p->err, p->errlen);
    if (n && !cJSON_IsString(n))
        return FAIL(n, "workload: expected a name or an object");
    if (!tb_config_name_valid(wn))
        return FAIL(n, "workload: bad name \"%s\"", wn);
    if (!tb_config_path(path, sizeof path, cfgdir, "workloads", wn))
        return FAIL(n ? n : root,
                    "unknown workload \"%s\" (no workloads/%s.json in the configs directory)", wn,
                    wn);
    if (tb_workload_load(path, &p->sc->workload, e2, sizeof e2)) {
        if (!n)
            return FAIL(root, "default workload: %s", e2);
        return FAIL(n, "workload \"%s\": %s", wn, e2);
    }
    return 0;
}

/* ---------------- the whole file ---------------- */

/* "seed" (1; --seed wins) and "cycles" (10000). */
static int parse_run_length(parse_ctx *p, const cJSON *root, int has_seed, uint64_t seed)
{
    tb_scenario *sc = p->sc;
    const cJSON *n;
    sc->seed = 1;
    if ((n = GET(root, "seed")) && scn_u64(p, n, 0, UINT64_MAX, &sc->seed))
        return -1;
    if (has_seed)
        sc->seed = seed;
    sc->cycles = 10000;
    if ((n = GET(root, "cycles")) && scn_u64(p, n, 1, (uint64_t)1 << 40, &sc->cycles))
        return -1;
    return 0;
}

static int parse_steps(parse_ctx *p, const cJSON *n)
{
    if (cJSON_GetArraySize(n) > (int)TB_MAX_STEPS)
        return FAIL(n, "steps: more than %u (the limit)", TB_MAX_STEPS);
    return scn_each(p, n, "steps", scn_parse_step);
}

/* The parts after the system, workload and run length, each optional. */
static int parse_parts(parse_ctx *p, const cJSON *root)
{
    static const struct {
        const char *key;
        int (*parse)(parse_ctx *p, const cJSON *n);
    } parts[] = {{"memory", scn_parse_memory},
                 {"steps", parse_steps},
                 {"dump", scn_parse_dumps},
                 {"drivers", scn_parse_drivers},
                 {"expect_interruption_counts", scn_parse_icounts},
                 {"expect_final", scn_parse_expect_final},
                 {"expect_interruptions", scn_parse_expect_intr},
                 {"expect_dumps", scn_parse_expect_dumps},
                 {"expect_relations", scn_parse_expect_relations},
                 {"random", scn_random}};
    const cJSON *n;
    size_t i;
    for (i = 0; i < sizeof parts / sizeof parts[0]; i++)
        if ((n = GET(root, parts[i].key)) && parts[i].parse(p, n))
            return -1;
    if (p->sc->n_drivers && scn_layout_drivers(p, GET(root, "drivers")))
        return -1;
    return 0;
}

static int cmp_at(const tb_scenario *sc, uint32_t i, uint32_t j)
{
    if (sc->steps[i].at != sc->steps[j].at)
        return sc->steps[i].at < sc->steps[j].at ? -1 : 1;
    return i < j ? -1 : (i > j);
}

/* sc->order: the steps but instructions (which queue per CPU, in scenario
 * order) in the order they apply, by cycle, in scenario order within one. */
static void step_order(tb_scenario *sc)
{
    uint32_t n = 0, i, w;
    uint32_t *order = xcalloc(sc->n_steps ? sc->n_steps : 1, sizeof *order), *tmp;
    for (i = 0; i < sc->n_steps; i++)
        if (sc->steps[i].kind != TB_STEP_INSN)
            order[n++] = i;
    /* stable merge sort by cycle */
    tmp = xcalloc(n ? n : 1, sizeof *tmp);
    for (w = 1; w < n; w *= 2) {
        for (i = 0; i < n; i += 2 * w) {
            uint32_t a = i, am = i + w < n ? i + w : n, b = am, bm = i + 2 * w < n ? i + 2 * w : n;
            uint32_t k = i;
            while (a < am && b < bm)
                tmp[k++] = cmp_at(sc, order[b], order[a]) < 0 ? order[b++] : order[a++];
            while (a < am)
                tmp[k++] = order[a++];
            while (b < bm)
                tmp[k++] = order[b++];
        }
        memcpy(order, tmp, n * sizeof *order);
    }
    free(tmp);
    sc->order = order;
    sc->n_order = n;
}

/* SF-BSDE-5: no cycle's inputs may put a secure guest outside the VM level.
 * A CPU's level is its activity override's or the system's; its secure_guest
 * the override's, or the workload's, which only a VM-level system lets be 1
 * (it never flips secure_guest at another level). */
static int check_levels(parse_ctx *p, const cJSON *root)
{
    const tb_scenario *sc = p->sc;
    const tb_workload_cfg *w = &sc->workload;
    unsigned vm = sc->system.level == CPUMF_LEVEL_VM;
    unsigned wl_sg = vm && (w->level0[TB_WL_SECURE_GUEST] || w->flip[TB_WL_SECURE_GUEST]);
    tb_activity cur[CPUMF_MAX_CPUS];
    uint32_t i;
    int rc = 0;
    if (!vm && w->level0[TB_WL_SECURE_GUEST])
        return FAIL(GET(root, "workload") ? GET(root, "workload") : root,
                    "workload: secure_guest 1 at the %s level: a secure guest runs at the "
                    "virtual-machine level (SF-BSDE-5)",
                    sc->system.level == CPUMF_LEVEL_LPAR ? "logical-partition" : "basic-machine");
    memset(cur, 0, sizeof cur);
    for (i = 0; i < sc->n_order && !rc; i++) {
        const tb_step *st = &sc->steps[sc->order[i]];
        const tb_activity *c = &cur[st->cpu];
        unsigned level, sg;
        if (st->kind != TB_STEP_ACTIVITY)
            continue;
        tb_activity_merge(&cur[st->cpu], &sc->acts[st->act]);
        level = c->set & (1u << TB_ACT_LEVEL) ? c->val.level : sc->system.level;
        sg = c->set & (1u << TB_ACT_SECURE_GUEST) ? c->val.secure_guest : wl_sg;
        if (sg && level != CPUMF_LEVEL_VM) {
            snprintf(p->err, p->errlen,
                     "%s:%d:%d: activity at cycle %" PRIu64
                     " on cpu %u: a secure guest at level %u; "
                     "a secure guest runs at the virtual-machine level, 2 (SF-BSDE-5)",
                     jdoc_name(p->d), st->line, st->col, st->at, st->cpu, level);
            rc = -1;
        }
    }
    return rc;
}

static int parse_root(parse_ctx *p, const char *cfgdir, int has_seed, uint64_t seed_override,
                      const char *system_override)
{
    static const char *const rootk[] = {"name",
                                        "description",
                                        "requirements",
                                        "system",
                                        "workload",
                                        "seed",
                                        "cycles",
                                        "memory",
                                        "steps",
                                        "dump",
                                        "drivers",
                                        "expect_final",
                                        "expect_interruptions",
                                        "expect_dumps",
                                        "random",
                                        "expect_interruption_counts",
                                        "expect_relations",
                                        NULL};
    const cJSON *root = jdoc_root(p->d), *n;
    const char *s;

    if (!cJSON_IsObject(root))
        return FAIL(root, "a scenario is a JSON object");
    if (jdoc_check_keys(p->d, root, rootk, p->err, p->errlen) || parse_name(p, root))
        return -1;
    if ((n = GET(root, "description")) && scn_str(p, n, &s))
        return -1;
    if ((n = GET(root, "requirements")) && parse_requirements(p, n))
        return -1;
    /* the system first: everything else is checked against it */
    if (load_system(p, root, cfgdir, system_override) || load_events(p, root, cfgdir) ||
        load_workload(p, root, cfgdir) || parse_run_length(p, root, has_seed, seed_override))
        return -1;
    if (parse_parts(p, root))
        return -1;
    step_order(p->sc);
    return check_levels(p, root);
}

tb_scenario *tb_scenario_load(const char *path, const char *configs_dir, int has_seed_override,
                              uint64_t seed_override, const char *system_override, char *err,
                              size_t errlen)
{
    parse_ctx p;
    tb_scenario *sc;
    jdoc *d = jdoc_parse_file(path, err, errlen);
    if (!d)
        return NULL;
    sc = xcalloc(1, sizeof *sc);
    snprintf(sc->path, sizeof sc->path, "%s", path);
    memset(&p, 0, sizeof p);
    p.d = d;
    p.sc = sc;
    p.err = err;
    p.errlen = errlen;
    if (parse_root(&p, configs_dir ? configs_dir : cpumf_default_configs_dir(), has_seed_override,
                   seed_override, system_override) != 0) {
        jdoc_free(d);
        tb_scenario_free(sc);
        return NULL;
    }
    jdoc_free(d);
    return sc;
}

void tb_scenario_free(tb_scenario *sc)
{
    uint32_t i;
    if (!sc)
        return;
    for (i = 0; i < sc->n_req; i++)
        free(sc->req[i]);
    free(sc->req);
    for (i = 0; i < sc->n_mem; i++)
        free(sc->mem[i].bytes);
    free(sc->mem);
    free(sc->steps);
    free(sc->order);
    free(sc->acts);
    free(sc->dump);
    for (i = 0; i < CPUMF_MAX_CPUS; i++) {
        free(sc->exp_cpu[i].ctr_num);
        free(sc->exp_cpu[i].ctr_val);
        free(sc->exp_cpu[i].ctr_absent);
    }
    free(sc->exp_global.cg_group);
    free(sc->exp_global.cg_index);
    free(sc->exp_global.cg_val);
    free(sc->exp_intr);
    for (i = 0; i < sc->n_exp_dump; i++)
        free(sc->exp_dump[i].bytes);
    free(sc->exp_dump);
    for (i = 0; i < sc->n_drivers; i++) {
        free(sc->drivers[i].table);
        free(sc->drivers[i].sdb);
        free(sc->drivers[i].disp);
    }
    free(sc->drivers);
    free(sc->exp_icount);
    free(sc);
}
