/* SPDX-License-Identifier: Apache-2.0 */
/*
 * config_system.c - system configurations (CFG-2, CFG-3): the model they
 * name, CPUs and their addresses, coprocessor groups, authorization, storage
 * and sampling; from a file, by name, or from text inside a larger file.
 */
#include "config_int.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* system                                                              */

static const char *const system_keys[] = {"name",          "description",        "model",
                                          "cpus",          "threads_per_core",   "multithreading",
                                          "cpu_addresses", "coprocessor_groups", "authorized",
                                          "storage",       "sampling",           NULL};
static const char *const group_keys[] = {"address", "cpus", NULL};
static const char *const auth_keys[] = {"counter_sets", "sampling", "cg", NULL};
static const char *const storage_keys[] = {"size", "holes", "latency", "backpressure", NULL};
static const char *const hole_keys[] = {"base", "size", NULL};
static const char *const sampling_sys_keys[] = {"interval_mode", "lfsr_seed", "dedicated", "level",
                                                NULL};

/* "counter_sets" of "authorized": cf holds the CG bit on entry and keeps it. */
static int parse_auth_sets(const jdoc *d, const cJSON *v, const cpumf_model_cfg *m, uint8_t *cf,
                           char *err, size_t errlen)
{
    static const struct {
        const char *name;
        uint8_t bit;
    } names[] = {{"basic", CPUMF_SET_BASIC},
                 {"problem_state", CPUMF_SET_PROBLEM},
                 {"crypto", CPUMF_SET_CRYPTO},
                 {"extended", CPUMF_SET_EXT},
                 {"mt", CPUMF_SET_MT}};
    const cJSON *c;
    if (!cJSON_IsArray(v))
        return jdoc_fail(d, v, err, errlen, "\"counter_sets\" must be an array of set names");
    for (c = v->child; c; c = c->next) {
        const char *n;
        uint8_t bit = 0;
        size_t i;
        if (jdoc_str(d, c, &n, err, errlen))
            return -1;
        for (i = 0; i < sizeof names / sizeof names[0]; i++)
            if (strcmp(n, names[i].name) == 0)
                bit = names[i].bit;
        if (!bit && strcmp(n, "reserved") == 0)
            return jdoc_fail(d, c, err, errlen,
                             "the reserved counter set is never installed and cannot be "
                             "authorized");
        if (!bit)
            return jdoc_fail(d, c, err, errlen,
                             "unknown counter set \"%s\" (basic, problem_state, crypto, "
                             "extended, mt)",
                             n);
        if (!m->fac_cf)
            return jdoc_fail(d, c, err, errlen, "model %s has no counter facility (bit 67)",
                             m->name);
        if (bit == CPUMF_SET_MT && m->csvn <= 3)
            return jdoc_fail(d, c, err, errlen,
                             "the MT-diagnostic set needs CSVN > 3 (model %s has %u)", m->name,
                             (unsigned)m->csvn);
        if (*cf & bit)
            return jdoc_fail(d, c, err, errlen, "counter set \"%s\" listed twice", n);
        *cf |= bit;
    }
    return 0;
}

/* "sampling" of "authorized": the sampling functions. */
static int parse_auth_sampling(const jdoc *d, const cJSON *v, const cpumf_model_cfg *m, uint8_t *sf,
                               char *err, size_t errlen)
{
    const cJSON *c;
    if (!cJSON_IsArray(v))
        return jdoc_fail(d, v, err, errlen,
                         "\"sampling\" must be an array of \"basic\"/\"diagnostic\"");
    *sf = 0;
    for (c = v->child; c; c = c->next) {
        const char *n;
        uint8_t bit;
        if (jdoc_str(d, c, &n, err, errlen))
            return -1;
        if (strcmp(n, "basic") == 0)
            bit = CPUMF_SF_BASIC;
        else if (strcmp(n, "diagnostic") == 0)
            bit = CPUMF_SF_DIAG;
        else
            return jdoc_fail(d, c, err, errlen,
                             "unknown sampling function \"%s\" (basic, diagnostic)", n);
        if (!m->fac_sf)
            return jdoc_fail(d, c, err, errlen, "model %s has no sampling facility (bit 68)",
                             m->name);
        if (*sf & bit)
            return jdoc_fail(d, c, err, errlen, "sampling function \"%s\" listed twice", n);
        *sf |= bit;
    }
    return 0;
}

static int parse_auth(const jdoc *d, const cJSON *a, cpumf_system_cfg *s, char *err, size_t errlen)
{
    const cpumf_model_cfg *m = &s->model;
    const cJSON *v;
    uint8_t cf = 0, sf = 0;
    int b;

    /* defaults: everything the model installs */
    if (m->fac_cf) {
        cf = CPUMF_SET_BASIC | CPUMF_SET_PROBLEM | CPUMF_SET_CRYPTO | CPUMF_SET_EXT;
        if (m->csvn > 3)
            cf |= CPUMF_SET_MT;
        if (m->has_cg)
            cf |= CPUMF_AUTH_CG;
    }
    if (m->fac_sf)
        sf = CPUMF_SF_BASIC | CPUMF_SF_DIAG;
    if (a && jdoc_check_keys(d, a, auth_keys, err, errlen))
        return -1;
    if ((v = jdoc_get(a, "counter_sets"))) {
        cf &= CPUMF_AUTH_CG;
        if (parse_auth_sets(d, v, m, &cf, err, errlen))
            return -1;
    }
    if ((v = jdoc_get(a, "cg"))) {
        if (jdoc_bool(d, v, &b, err, errlen))
            return -1;
        if (b && !m->has_cg)
            return jdoc_fail(d, v, err, errlen, "model %s has no coprocessor-group counter sets",
                             m->name);
        cf = (uint8_t)(b ? (cf | CPUMF_AUTH_CG) : (cf & ~CPUMF_AUTH_CG));
    }
    if ((v = jdoc_get(a, "sampling")) && parse_auth_sampling(d, v, m, &sf, err, errlen))
        return -1;
    s->auth_cf = cf;
    s->auth_sf = sf;
    return 0;
}

/* One hole: 4K-aligned, inside storage, overlapping no other. */
static int parse_hole(const jdoc *d, const cJSON *c, cpumf_system_cfg *s, char *err, size_t errlen)
{
    const cJSON *bn = NULL, *sn = NULL;
    uint64_t base, size;
    unsigned j;
    if (s->n_holes >= CPUMF_MAX_HOLES)
        return jdoc_fail(d, c, err, errlen, "more than %d holes", CPUMF_MAX_HOLES);
    if (jdoc_check_keys(d, c, hole_keys, err, errlen) || cfg_need(d, c, "base", &bn, err, errlen) ||
        cfg_need(d, c, "size", &sn, err, errlen) ||
        jdoc_u64(d, bn, 0, UINT64_MAX, &base, err, errlen) ||
        jdoc_u64(d, sn, 4096, UINT64_MAX, &size, err, errlen))
        return -1;
    if (base % 4096)
        return jdoc_fail(d, bn, err, errlen, "hole base must be 4K-aligned");
    if (size % 4096)
        return jdoc_fail(d, sn, err, errlen, "hole size must be a multiple of 4096");
    if (base >= s->storage_size || size > s->storage_size - base)
        return jdoc_fail(d, c, err, errlen, "hole lies outside storage (size 0x%llx)",
                         (unsigned long long)s->storage_size);
    for (j = 0; j < s->n_holes; j++) {
        const cpumf_hole *h = &s->holes[j];
        if (base < h->base + h->size && h->base < base + size)
            return jdoc_fail(d, c, err, errlen, "hole overlaps hole %u", j);
    }
    s->holes[s->n_holes].base = base;
    s->holes[s->n_holes].size = size;
    s->n_holes++;
    return 0;
}

/* "latency": cycles from acceptance to response, N or [min, max]. */
static int parse_latency(const jdoc *d, const cJSON *v, cpumf_system_cfg *s, char *err,
                         size_t errlen)
{
    uint64_t lo, hi;
    if (cJSON_IsArray(v)) {
        const cJSON *a0 = v->child, *a1 = a0 ? a0->next : NULL;
        if (!a0 || !a1 || a1->next)
            return jdoc_fail(d, v, err, errlen, "latency must be [min, max]");
        if (jdoc_u64(d, a0, 1, 64, &lo, err, errlen) || jdoc_u64(d, a1, 1, 64, &hi, err, errlen))
            return -1;
        if (lo > hi)
            return jdoc_fail(d, a1, err, errlen, "latency max below min");
    } else {
        if (jdoc_u64(d, v, 1, 64, &lo, err, errlen))
            return -1;
        hi = lo;
    }
    s->latency_min = (uint16_t)lo;
    s->latency_max = (uint16_t)hi;
    return 0;
}

/* "storage" (st may be NULL: the defaults). */
static int parse_storage(const jdoc *d, const cJSON *st, cpumf_system_cfg *s, char *err,
                         size_t errlen)
{
    const cJSON *v, *c;
    uint64_t u;
    s->storage_size = 0x1000000;
    s->n_holes = 0;
    s->latency_min = 2;
    s->latency_max = 4;
    if (st && jdoc_check_keys(d, st, storage_keys, err, errlen))
        return -1;
    if ((v = jdoc_get(st, "size"))) {
        if (jdoc_u64(d, v, 0x10000, UINT64_MAX, &u, err, errlen))
            return -1;
        if (u % 4096)
            return jdoc_fail(d, v, err, errlen, "storage size must be a multiple of 4096");
        s->storage_size = u;
    }
    if ((v = jdoc_get(st, "holes"))) {
        if (!cJSON_IsArray(v))
            return jdoc_fail(d, v, err, errlen, "\"holes\" must be an array");
        for (c = v->child; c; c = c->next)
            if (parse_hole(d, c, s, err, errlen))
                return -1;
    }
    if ((v = jdoc_get(st, "latency")) && parse_latency(d, v, s, err, errlen))
        return -1;
    if (cfg_get_u(d, st, "backpressure", 0, 0, 0, 90, &u, err, errlen))
        return -1;
    s->backpressure_pct = (uint8_t)u;
    return 0;
}

/* An optional obj.key naming one of names (NULL-terminated): *out is its
 * index, left as it is when absent; another name fails with msg. */
static int parse_choice(const jdoc *d, const cJSON *obj, const char *key, const char *const *names,
                        const char *msg, unsigned *out, char *err, size_t errlen)
{
    const cJSON *v = jdoc_get(obj, key);
    const char *str;
    unsigned i;
    if (!v)
        return 0;
    if (jdoc_str(d, v, &str, err, errlen))
        return -1;
    for (i = 0; names[i]; i++)
        if (strcmp(str, names[i]) == 0) {
            *out = i;
            return 0;
        }
    return jdoc_fail(d, v, err, errlen, "%s", msg);
}

/* "sampling" of the system (sp may be NULL: the defaults). */
static int parse_sampling_sys(const jdoc *d, const cJSON *sp, cpumf_system_cfg *s, char *err,
                              size_t errlen)
{
    static const char *const modes[] = {"exact", "random", "random-secondary", NULL};
    static const char *const levels[] = {"lpar", "vm", NULL}; /* levels 1 and 2 */
    unsigned mode = 0, level = 0;
    uint64_t u;
    int b;
    if (sp && jdoc_check_keys(d, sp, sampling_sys_keys, err, errlen))
        return -1;
    if (parse_choice(d, sp, "interval_mode", modes,
                     "interval_mode must be \"exact\", \"random\" or \"random-secondary\"", &mode,
                     err, errlen))
        return -1;
    s->interval_mode = (uint8_t)mode;
    if (cfg_get_u(d, sp, "lfsr_seed", 0, 0xACE1u, 1, 0xFFFFFFFFu, &u, err, errlen))
        return -1;
    s->lfsr_seed = (uint32_t)u;
    if (cfg_get_b(d, sp, "dedicated", 1, &b, err, errlen))
        return -1;
    s->dedicated = (uint8_t)b;
    if (parse_choice(d, sp, "level", levels, "level must be \"lpar\" or \"vm\"", &level, err,
                     errlen))
        return -1;
    s->level = (uint8_t)(level + 1u);
    return 0;
}

/* "model": the name of configs_dir/models/NAME.json, loaded into m. */
static int load_model_ref(const jdoc *d, const cJSON *v, const char *configs_dir,
                          cpumf_model_cfg *m, char *err, size_t errlen)
{
    char path[CFG_PATH_MAX];
    const char *str;
    FILE *f;
    if (jdoc_str(d, v, &str, err, errlen))
        return -1;
    if (!cfg_plain_name(str))
        return jdoc_fail(d, v, err, errlen, "bad model name \"%s\"", str);
    if (cfg_path_join3(path, sizeof path, configs_dir, "models", str, ".json"))
        return jdoc_fail(d, v, err, errlen, "model path too long");
    f = fopen(path, "rb");
    if (!f)
        return jdoc_fail(d, v, err, errlen, "model \"%s\" not found (%s)", str, path);
    fclose(f);
    return cpumf_load_model(path, m, err, errlen);
}

/* "cpus", "threads_per_core", "multithreading". */
static int parse_cpus(const jdoc *d, const cJSON *obj, cpumf_system_cfg *s, char *err,
                      size_t errlen)
{
    const cpumf_model_cfg *m = &s->model;
    const cJSON *v = NULL;
    uint64_t u;
    int b;
    if (cfg_need(d, obj, "cpus", &v, err, errlen) ||
        jdoc_u64(d, v, 1, CPUMF_MAX_CPUS, &u, err, errlen))
        return -1;
    s->n_cpus = (uint8_t)u;
    v = jdoc_get(obj, "threads_per_core");
    if (cfg_get_u(d, obj, "threads_per_core", 0, 1, 1, 2, &u, err, errlen))
        return -1;
    s->threads_per_core = (uint8_t)u;
    if (s->threads_per_core == 2 && m->csvn <= 3)
        return jdoc_fail(d, v, err, errlen,
                         "two threads per core need multithreading (model %s has CSVN %u, "
                         "needs > 3)",
                         m->name, (unsigned)m->csvn);
    if (s->n_cpus % s->threads_per_core)
        return jdoc_fail(d, v ? v : jdoc_get(obj, "cpus"), err, errlen,
                         "cpus (%u) must be a multiple of threads_per_core (%u)",
                         (unsigned)s->n_cpus, (unsigned)s->threads_per_core);
    v = jdoc_get(obj, "multithreading");
    if (cfg_get_b(d, obj, "multithreading", s->threads_per_core == 2, &b, err, errlen))
        return -1;
    if (b && m->csvn <= 3)
        return jdoc_fail(d, v, err, errlen,
                         "multithreading needs the MT-diagnostic facility (CSVN > 3; model %s "
                         "has %u)",
                         m->name, (unsigned)m->csvn);
    s->mt_enabled = (uint8_t)b;
    return 0;
}

/* An address in [0, max] not among used[0..n-1], stored as used[n]. */
static int parse_address(const jdoc *d, const cJSON *c, uint64_t max, uint16_t *used, unsigned n,
                         const char *what, char *err, size_t errlen)
{
    uint64_t u;
    unsigned j;
    if (jdoc_u64(d, c, 0, max, &u, err, errlen))
        return -1;
    for (j = 0; j < n; j++)
        if (used[j] == u)
            return jdoc_fail(d, c, err, errlen, "%s 0x%04llx used twice", what,
                             (unsigned long long)u);
    used[n] = (uint16_t)u;
    return 0;
}

/* "cpu_addresses": one distinct address per CPU, by default 0..cpus-1. */
static int parse_cpu_addresses(const jdoc *d, const cJSON *obj, cpumf_system_cfg *s, char *err,
                               size_t errlen)
{
    const cpumf_model_cfg *m = &s->model;
    const cJSON *v = jdoc_get(obj, "cpu_addresses"), *c;
    unsigned i = 0;
    if (!v) {
        if ((unsigned)s->n_cpus - 1u > m->max_cpu_addr)
            return jdoc_fail(d, jdoc_get(obj, "cpus"), err, errlen,
                             "default CPU addresses 0..%u exceed the model's maximum CPU "
                             "address %u",
                             (unsigned)s->n_cpus - 1u, (unsigned)m->max_cpu_addr);
        for (i = 0; i < s->n_cpus; i++)
            s->cpu_addr[i] = (uint16_t)i;
        return 0;
    }
    if (!cJSON_IsArray(v))
        return jdoc_fail(d, v, err, errlen, "\"cpu_addresses\" must be an array");
    for (c = v->child; c; c = c->next, i++) {
        if (i >= s->n_cpus)
            return jdoc_fail(d, c, err, errlen, "more CPU addresses than cpus (%u)",
                             (unsigned)s->n_cpus);
        if (parse_address(d, c, m->max_cpu_addr, s->cpu_addr, i, "CPU address", err, errlen))
            return -1;
    }
    if (i != s->n_cpus)
        return jdoc_fail(d, v, err, errlen, "%u CPU addresses for %u cpus", i, (unsigned)s->n_cpus);
    return 0;
}

/* One entry of "coprocessor_groups": group g's address and its CPUs. */
static int parse_group(const jdoc *d, const cJSON *c, unsigned g, uint8_t *seen,
                       cpumf_system_cfg *s, char *err, size_t errlen)
{
    const cJSON *an = NULL, *cn = NULL, *x;
    uint64_t u;
    if (g >= CPUMF_MAX_CGS)
        return jdoc_fail(d, c, err, errlen, "more than %d coprocessor groups", CPUMF_MAX_CGS);
    if (jdoc_check_keys(d, c, group_keys, err, errlen) ||
        cfg_need(d, c, "address", &an, err, errlen) ||
        parse_address(d, an, s->model.max_cg_addr, s->cg_addr, g, "group address", err, errlen))
        return -1;
    if (cfg_need(d, c, "cpus", &cn, err, errlen))
        return -1;
    if (!cJSON_IsArray(cn))
        return jdoc_fail(d, cn, err, errlen, "\"cpus\" must be an array of CPU indices");
    for (x = cn->child; x; x = x->next) {
        if (jdoc_u64(d, x, 0, (uint64_t)s->n_cpus - 1u, &u, err, errlen))
            return -1;
        if (seen[u])
            return jdoc_fail(d, x, err, errlen, "CPU %llu is attached to group %u already",
                             (unsigned long long)u, (unsigned)s->cpu_cg[u]);
        seen[u] = 1;
        s->cpu_cg[u] = (uint8_t)g;
    }
    return 0;
}

/* "coprocessor_groups": every CPU in exactly one group (one group 0 at
 * address 0 by default on models with groups; none on others). */
static int parse_groups(const jdoc *d, const cJSON *obj, cpumf_system_cfg *s, char *err,
                        size_t errlen)
{
    const cpumf_model_cfg *m = &s->model;
    const cJSON *v = jdoc_get(obj, "coprocessor_groups"), *c;
    uint8_t seen[CPUMF_MAX_CPUS];
    unsigned g = 0, i;
    if (!m->has_cg) {
        if (v && !(cJSON_IsArray(v) && !v->child))
            return jdoc_fail(d, v, err, errlen, "model %s has no coprocessor-group counter sets",
                             m->name);
        s->n_cg = 0;
        return 0;
    }
    if (!v) {
        s->n_cg = 1;
        s->cg_addr[0] = 0;
        for (i = 0; i < s->n_cpus; i++)
            s->cpu_cg[i] = 0;
        return 0;
    }
    memset(seen, 0, sizeof seen);
    if (!cJSON_IsArray(v))
        return jdoc_fail(d, v, err, errlen, "\"coprocessor_groups\" must be an array");
    for (c = v->child; c; c = c->next, g++)
        if (parse_group(d, c, g, seen, s, err, errlen))
            return -1;
    if (g == 0)
        return jdoc_fail(d, v, err, errlen,
                         "model %s has coprocessor groups: at least one is needed", m->name);
    for (i = 0; i < s->n_cpus; i++)
        if (!seen[i])
            return jdoc_fail(d, v, err, errlen, "CPU %u is attached to no coprocessor group", i);
    s->n_cg = (uint8_t)g;
    return 0;
}

int cfg_system_from_json(const jdoc *d, const cJSON *obj, const char *configs_dir,
                         cpumf_system_cfg *out, char *err, size_t errlen)
{
    cpumf_system_cfg s;
    const cJSON *v = NULL;

    memset(&s, 0, sizeof s);
    if (!configs_dir)
        configs_dir = cfg_default_dir();
    if (cfg_parse_head(d, obj, system_keys, s.name, sizeof s.name, err, errlen))
        return -1;
    if (cfg_need(d, obj, "model", &v, err, errlen) ||
        load_model_ref(d, v, configs_dir, &s.model, err, errlen))
        return -1;
    if (parse_cpus(d, obj, &s, err, errlen) || parse_cpu_addresses(d, obj, &s, err, errlen) ||
        parse_groups(d, obj, &s, err, errlen) ||
        parse_auth(d, jdoc_get(obj, "authorized"), &s, err, errlen) ||
        parse_storage(d, jdoc_get(obj, "storage"), &s, err, errlen) ||
        parse_sampling_sys(d, jdoc_get(obj, "sampling"), &s, err, errlen))
        return -1;
    *out = s;
    return 0;
}

/* configs_dir of a system file: the parent of the directory holding it. */
static void configs_dir_of(const char *path, char *buf, size_t n)
{
    char tmp[CFG_PATH_MAX];
    char *sl;
    snprintf(tmp, sizeof tmp, "%s", path);
    sl = strrchr(tmp, '/');
    if (!sl) {
        snprintf(buf, n, "..");
        return;
    }
    if (sl == tmp) { /* "/x.json": parent of "/" is "/" */
        snprintf(buf, n, "/");
        return;
    }
    *sl = '\0';
    sl = strrchr(tmp, '/');
    if (!sl) {
        snprintf(buf, n, strcmp(tmp, ".") == 0 ? ".." : ".");
        return;
    }
    if (sl == tmp) {
        snprintf(buf, n, "/");
        return;
    }
    *sl = '\0';
    snprintf(buf, n, "%s", tmp);
}

/* The system of a parsed document (NULL: the parse failed, err is set),
 * which it frees. */
static int system_from_doc(jdoc *d, const char *configs_dir, cpumf_system_cfg *out, char *err,
                           size_t errlen)
{
    int r;
    if (!d)
        return -1;
    r = cfg_system_from_json(d, jdoc_root(d), configs_dir, out, err, errlen);
    jdoc_free(d);
    return r;
}

int cpumf_load_system(const char *path, cpumf_system_cfg *out, char *err, size_t errlen)
{
    char dir[CFG_PATH_MAX];
    if (!path) {
        if (err && errlen)
            snprintf(err, errlen, "<system>:1:1: no file name");
        return -1;
    }
    configs_dir_of(path, dir, sizeof dir);
    return system_from_doc(jdoc_parse_file(path, err, errlen), dir, out, err, errlen);
}

int cpumf_load_system_text(const char *text, size_t len, const char *source_name, unsigned line,
                           unsigned col, const char *configs_dir, cpumf_system_cfg *out, char *err,
                           size_t errlen)
{
    return system_from_doc(jdoc_parse_slice(source_name ? source_name : "<json>", text, len,
                                            line > INT_MAX ? INT_MAX : (int)line,
                                            col > INT_MAX ? INT_MAX : (int)col, err, errlen),
                           configs_dir, out, err, errlen);
}

int cfg_system_by_name(const char *configs_dir, const char *name, cpumf_system_cfg *out, char *err,
                       size_t errlen)
{
    char path[CFG_PATH_MAX];
    if (!configs_dir)
        configs_dir = cfg_default_dir();
    if (!cfg_plain_name(name)) {
        if (err && errlen)
            snprintf(err, errlen, "<system>:1:1: bad system name \"%s\"", name ? name : "");
        return -1;
    }
    if (cfg_path_join3(path, sizeof path, configs_dir, "systems", name, ".json")) {
        if (err && errlen)
            snprintf(err, errlen, "<system>:1:1: path too long");
        return -1;
    }
    return system_from_doc(jdoc_parse_file(path, err, errlen), configs_dir, out, err, errlen);
}
