/* SPDX-License-Identifier: Apache-2.0 */
/*
 * config.c - model configurations (CFG-1, CFG-3), the installed counters, and
 * the helpers the system configurations (config_system.c, CFG-2) share.
 *
 * Strict JSON (json_strict.c); every field is type- and range-checked and
 * every refusal names file:line:col.  The schemas and defaults are documented
 * in configs/README.md.
 */
#include "config_int.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef CPUMF_CONFIGS_DEFAULT
#define CPUMF_CONFIGS_DEFAULT "configs"
#endif

/* ------------------------------------------------------------------ */
/* installed counters                                                  */

int cfg_ext_max(unsigned csvn)
{
    if (csvn == 1)
        return 32;
    if (csvn == 2)
        return 48;
    if (csvn >= 3 && csvn <= 5)
        return 128;
    if (csvn >= 6)
        return 160;
    return 0;
}

int cfg_counter_installed(const cpumf_model_cfg *m, unsigned n)
{
    if (!m)
        return 0;
    if (n <= 5)
        return 1;
    if (n >= 32 && n <= 37)
        return m->cfvn == 1 ? 1 : (n <= 33);
    if (n >= 64 && n <= 83)
        return n <= 79 || m->csvn >= 6;
    if (n >= 128 && n < 128u + m->n_ext)
        return 1;
    if (n == 448 || n == 449)
        return m->csvn > 3;
    return 0;
}

/* slot of the names array, -1 outside */
static int name_slot(unsigned n)
{
    if (n <= 5)
        return (int)(CPUMF_SLOT_BASIC + n);
    if (n >= 32 && n <= 37)
        return (int)(CPUMF_SLOT_PROBLEM + (n - 32));
    if (n >= 64 && n <= 83)
        return (int)(CPUMF_SLOT_CRYPTO + (n - 64));
    if (n >= 128 && n < 128 + CPUMF_MAX_EXT)
        return (int)(CPUMF_SLOT_EXT + (n - 128));
    if (n == 448 || n == 449)
        return (int)(CPUMF_NSLOT + (n - 448));
    return -1;
}

const char *cpumf_counter_name(const cpumf_model_cfg *m, unsigned number)
{
    int s;
    if (!m || !cfg_counter_installed(m, number))
        return "";
    s = name_slot(number);
    return s < 0 ? "" : m->names[s];
}

const char *cpumf_counter_perf_name(const cpumf_model_cfg *m, unsigned number)
{
    int s;
    if (!m || !cfg_counter_installed(m, number))
        return "";
    s = name_slot(number);
    return s < 0 ? "" : m->perf_names[s];
}

int cpumf_counter_by_perf_name(const cpumf_model_cfg *m, const char *perf_name)
{
    unsigned n;
    if (!m || !perf_name || !perf_name[0])
        return -1;
    for (n = 0; n < 496u; n++)
        if (cfg_counter_installed(m, n) && !strcmp(cpumf_counter_perf_name(m, n), perf_name))
            return (int)n;
    return -1;
}

const char *cfg_default_dir(void)
{
    const char *e = getenv("CPUMF_CONFIGS");
    if (e && *e)
        return e;
    return CPUMF_CONFIGS_DEFAULT[0] ? CPUMF_CONFIGS_DEFAULT : "configs";
}

const char *cpumf_default_configs_dir(void)
{
    return cfg_default_dir();
}

/* ------------------------------------------------------------------ */
/* small helpers                                                       */

int cfg_need(const jdoc *d, const cJSON *obj, const char *key, const cJSON **out, char *err,
             size_t errlen)
{
    const cJSON *v = jdoc_get(obj, key);
    *out = v;
    if (!v)
        return jdoc_fail(d, obj, err, errlen, "missing required key \"%s\"", key);
    return 0;
}

int cfg_get_u(const jdoc *d, const cJSON *obj, const char *key, int required, uint64_t dflt,
              uint64_t min, uint64_t max, uint64_t *out, char *err, size_t errlen)
{
    const cJSON *v = jdoc_get(obj, key);
    if (!v) {
        if (required)
            return jdoc_fail(d, obj, err, errlen, "missing required key \"%s\"", key);
        *out = dflt;
        return 0;
    }
    return jdoc_u64(d, v, min, max, out, err, errlen);
}

int cfg_get_b(const jdoc *d, const cJSON *obj, const char *key, int dflt, int *out, char *err,
              size_t errlen)
{
    const cJSON *v = jdoc_get(obj, key);
    if (!v) {
        *out = dflt;
        return 0;
    }
    return jdoc_bool(d, v, out, err, errlen);
}

/* A name: 1..maxlen characters of [A-Za-z0-9_.-], not starting with '.'. */
static int check_ident(const jdoc *d, const cJSON *v, size_t maxlen, const char **out, char *err,
                       size_t errlen)
{
    const char *s;
    size_t i, n;
    if (jdoc_str(d, v, &s, err, errlen))
        return -1;
    n = strlen(s);
    if (n == 0 || n > maxlen)
        return jdoc_fail(d, v, err, errlen, "name must have 1 to %u characters", (unsigned)maxlen);
    if (s[0] == '.')
        return jdoc_fail(d, v, err, errlen, "name must not start with '.'");
    for (i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-' || c == '.'))
            return jdoc_fail(d, v, err, errlen,
                             "name \"%s\" may hold only letters, digits, '_', '-' and '.'", s);
    }
    *out = s;
    return 0;
}

/* A config object's keys (all in `keys`), its "name" (into name, n bytes)
 * and its "description". */
int cfg_parse_head(const jdoc *d, const cJSON *obj, const char *const *keys, char *name, size_t n,
                   char *err, size_t errlen)
{
    const cJSON *v = NULL;
    const char *s = "";
    if (jdoc_check_keys(d, obj, keys, err, errlen) || cfg_need(d, obj, "name", &v, err, errlen) ||
        check_ident(d, v, n - 1, &s, err, errlen))
        return -1;
    snprintf(name, n, "%s", s);
    if ((v = jdoc_get(obj, "description")) && jdoc_str(d, v, NULL, err, errlen))
        return -1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* model                                                               */

static const char *const model_keys[] = {"name",
                                         "description",
                                         "cfvn",
                                         "csvn",
                                         "facilities",
                                         "unified_l1",
                                         "coprocessor_groups",
                                         "max_cpu_address",
                                         "max_group_address",
                                         "counters",
                                         "sampling",
                                         NULL};
static const char *const counter_set_keys[] = {"basic", "problem_state", "crypto", "extended", "mt",
                                               NULL};
static const char *const sampling_model_keys[] = {
    "bsdes", "dsdes", "dsde_format", "min_interval", "max_interval", "cpu_speed", NULL};

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && strcmp(s + n - t, tail) == 0;
}

/* A counter's name (what: "counter name" or "perf name"): 1 to len-1
 * characters, a letter then letters, digits and '_'; lower case, or upper
 * case when upper. */
static int check_name(const jdoc *d, const cJSON *v, int upper, size_t len, const char *what,
                      const char **out, char *err, size_t errlen)
{
    const char first = upper ? 'A' : 'a';
    const char *s, *c;
    size_t n;
    if (jdoc_str(d, v, &s, err, errlen))
        return -1;
    n = strlen(s);
    if (n == 0 || n >= len)
        return jdoc_fail(d, v, err, errlen, "%s must have 1 to %zu characters", what, len - 1);
    for (c = s; *c; c++)
        if (!((*c >= first && *c <= first + 25) ||
              (c > s && ((*c >= '0' && *c <= '9') || *c == '_'))))
            return jdoc_fail(d, v, err, errlen,
                             "%s \"%s\" must be %c-%c followed by %c-%c, 0-9 and '_'", what, s,
                             first, first + 25, first, first + 25);
    *out = s;
    return 0;
}

/* Short name, lower case; names ending in "_undef" belong to the undefined
 * counters the loader names. */
static int check_counter_name(const jdoc *d, const cJSON *v, const char **out, char *err,
                              size_t errlen)
{
    if (check_name(d, v, 0, CPUMF_NAME_LEN, "counter name", out, err, errlen))
        return -1;
    if (ends_with(*out, "_undef"))
        return jdoc_fail(d, v, err, errlen,
                         "counter name \"%s\": names ending in _undef are reserved (an "
                         "undefined counter is null)",
                         *out);
    return 0;
}

/* Linux perf event name, upper case. */
static int check_perf_name(const jdoc *d, const cJSON *v, const char **out, char *err,
                           size_t errlen)
{
    return check_name(d, v, 1, CPUMF_PERF_NAME_LEN, "perf name", out, err, errlen);
}

/* Counter number key: decimal digits without a leading zero. */
static int key_number(const jdoc *d, const cJSON *c, unsigned *out, char *err, size_t errlen)
{
    const char *k = c->string;
    size_t i, n = strlen(k);
    unsigned v = 0;
    if (n == 0 || n > 3 || (n > 1 && k[0] == '0'))
        return jdoc_fail_key(d, c, err, errlen,
                             "counter key \"%s\" must be a decimal counter number", k);
    for (i = 0; i < n; i++) {
        if (k[i] < '0' || k[i] > '9')
            return jdoc_fail_key(d, c, err, errlen,
                                 "counter key \"%s\" must be a decimal counter number", k);
        v = v * 10u + (unsigned)(k[i] - '0');
    }
    *out = v;
    return 0;
}

typedef struct set_desc {
    const char *key;
    const char *what;
    unsigned lo, hi; /* numbers belonging to the set */
} set_desc;

static const set_desc sets[] = {
    {"basic", "basic", 0, 31},
    {"problem_state", "problem-state", 32, 63},
    {"crypto", "crypto-activity", 64, 127},
    {"extended", "extended", 128, 287},
    {"mt", "MT-diagnostic", 448, 495},
};

/* Slot of a name already given in the model (names or perf_names), -1 if none. */
static int name_used(const cpumf_model_cfg *m, int perf, const char *name)
{
    int a;
    for (a = 0; a < CPUMF_NSLOT + 2; a++)
        if (!strcmp(perf ? m->perf_names[a] : m->names[a], name))
            return a;
    return -1;
}

/* A counter's value: its short name, {"name", "perf"}, or null (extended
 * counters only: the machine leaves it undefined, it never counts). */
static int parse_counter_value(const jdoc *d, const cJSON *c, unsigned n, int is_ext, int s,
                               cpumf_model_cfg *m, char *err, size_t errlen)
{
    static const char *const keys[] = {"name", "perf", NULL};
    const cJSON *nv = c, *pv = NULL;
    const char *name = NULL, *perf = NULL;
    if (cJSON_IsNull(c)) {
        if (!is_ext)
            return jdoc_fail(d, c, err, errlen,
                             "counter %u: only an extended counter can be undefined (null)", n);
        m->ext_undef[(n - 128u) / 64u] |= (uint64_t)1 << ((n - 128u) % 64u);
        snprintf(m->names[s], sizeof m->names[s], "ext_%u_undef", n);
        return 0;
    }
    if (cJSON_IsObject(c)) {
        if (jdoc_check_keys(d, c, keys, err, errlen) || cfg_need(d, c, "name", &nv, err, errlen))
            return -1;
        pv = jdoc_get(c, "perf");
    } else if (!cJSON_IsString(c)) {
        return jdoc_fail(d, c, err, errlen,
                         "counter %u: expected a name, {\"name\", \"perf\"} or null", n);
    }
    if (check_counter_name(d, nv, &name, err, errlen) ||
        (pv && check_perf_name(d, pv, &perf, err, errlen)))
        return -1;
    if (name_used(m, 0, name) >= 0)
        return jdoc_fail(d, nv, err, errlen, "counter name \"%s\" used twice", name);
    if (perf && name_used(m, 1, perf) >= 0)
        return jdoc_fail(d, pv, err, errlen, "perf name \"%s\" used twice", perf);
    snprintf(m->names[s], sizeof m->names[s], "%s", name);
    snprintf(m->perf_names[s], sizeof m->perf_names[s], "%s", perf ? perf : "");
    return 0;
}

/* One counter of a set: its number belongs to the set and is installed. */
static int parse_counter(const jdoc *d, const cJSON *c, const set_desc *sd, int is_ext,
                         cpumf_model_cfg *m, char *err, size_t errlen)
{
    unsigned n = 0;
    int s;
    if (key_number(d, c, &n, err, errlen))
        return -1;
    if (n < sd->lo || n > sd->hi)
        return jdoc_fail_key(d, c, err, errlen, "counter %u does not belong to the %s set (%u-%u)",
                             n, sd->what, sd->lo, sd->hi);
    if (is_ext) {
        int mx = cfg_ext_max(m->csvn);
        if (n >= 128u + (unsigned)mx)
            return jdoc_fail_key(d, c, err, errlen,
                                 "extended counter %u above the CSVN %u maximum %u", n,
                                 (unsigned)m->csvn, 128u + (unsigned)mx - 1u);
    } else if (!cfg_counter_installed(m, n)) {
        /* installed by CFVN/CSVN; n_ext is irrelevant here */
        return jdoc_fail_key(d, c, err, errlen, "counter %u is not installed for CFVN %u / CSVN %u",
                             n, (unsigned)m->cfvn, (unsigned)m->csvn);
    }
    s = name_slot(n);
    if (s < 0)
        return jdoc_fail_key(d, c, err, errlen, "counter %u has no slot", n);
    return parse_counter_value(d, c, n, is_ext, s, m, err, errlen);
}

/* One set of "counters": every counter named, none missing. */
static int parse_counter_set(const jdoc *d, const cJSON *ctr, size_t si, cpumf_model_cfg *m,
                             char *err, size_t errlen)
{
    const set_desc *sd = &sets[si];
    const cJSON *set = jdoc_get(ctr, sd->key), *c;
    int is_ext = si == 3, is_mt = si == 4;
    unsigned count = 0, n;
    if (is_mt && m->csvn <= 3) {
        if (set)
            return jdoc_fail_key(d, set, err, errlen,
                                 "the MT-diagnostic set is not installed for CSVN %u (needs > 3)",
                                 (unsigned)m->csvn);
        return 0;
    }
    if (!set)
        return jdoc_fail(d, ctr, err, errlen, "missing counter set \"%s\"", sd->key);
    if (!cJSON_IsObject(set))
        return jdoc_fail(d, set, err, errlen, "counter set \"%s\" must be an object", sd->key);
    for (c = set->child; c; c = c->next, count++)
        if (parse_counter(d, c, sd, is_ext, m, err, errlen))
            return -1;
    if (is_ext) {
        /* contiguous from 128: every number 128..128+count-1 present */
        for (n = 0; n < count; n++)
            if (m->names[CPUMF_SLOT_EXT + n][0] == '\0')
                return jdoc_fail(d, set, err, errlen,
                                 "extended counters must be numbered contiguously from 128: "
                                 "%u is missing",
                                 128u + n);
        m->n_ext = (uint16_t)count;
        return 0;
    }
    /* every installed number present */
    for (n = sd->lo; n <= sd->hi; n++)
        if (cfg_counter_installed(m, n)) {
            int s = name_slot(n);
            if (s < 0 || m->names[s][0] == '\0')
                return jdoc_fail(d, set, err, errlen,
                                 "counter %u (installed for CFVN %u / CSVN %u) has no name", n,
                                 (unsigned)m->cfvn, (unsigned)m->csvn);
        }
    return 0;
}

static int parse_counters(const jdoc *d, const cJSON *ctr, cpumf_model_cfg *m, char *err,
                          size_t errlen)
{
    size_t si;
    if (jdoc_check_keys(d, ctr, counter_set_keys, err, errlen))
        return -1;
    for (si = 0; si < sizeof sets / sizeof sets[0]; si++)
        if (parse_counter_set(d, ctr, si, m, err, errlen))
            return -1;
    return 0;
}

/* "facilities": an array of facility bits, each once, with their prerequisites. */
static int parse_facilities(const jdoc *d, const cJSON *v, cpumf_model_cfg *m, char *err,
                            size_t errlen)
{
    const cJSON *c;
    uint64_t u;
    if (!cJSON_IsArray(v))
        return jdoc_fail(d, v, err, errlen, "\"facilities\" must be an array of facility bits");
    for (c = v->child; c; c = c->next) {
        uint8_t *f;
        if (jdoc_u64(d, c, 0, 255, &u, err, errlen))
            return -1;
        switch (u) {
        case 40: f = &m->fac_lpp; break;
        case 67: f = &m->fac_cf; break;
        case 68: f = &m->fac_sf; break;
        case 142: f = &m->fac_stcctm; break;
        default:
            return jdoc_fail(d, c, err, errlen, "facility bit %llu is not one of 40, 67, 68, 142",
                             (unsigned long long)u);
        }
        if (*f)
            return jdoc_fail(d, c, err, errlen, "facility bit %llu listed twice",
                             (unsigned long long)u);
        *f = 1;
    }
    if (m->fac_sf && !m->fac_lpp)
        return jdoc_fail(d, v, err, errlen,
                         "the sampling facility (68) needs the load-program-parameter "
                         "facility (40)");
    if (m->fac_stcctm && !m->fac_cf)
        return jdoc_fail(d, v, err, errlen,
                         "the store-CPU-counter-multiple facility (142) needs the counter "
                         "facility (67)");
    return 0;
}

/* The model's "sampling" object (v may be NULL: the defaults). */
static int parse_sampling_model(const jdoc *d, const cJSON *v, cpumf_model_cfg *m, char *err,
                                size_t errlen)
{
    const cJSON *mn;
    uint64_t u;
    m->bsdes = 32;
    m->dsdes = 64;
    m->dsde_format = 0x8001;
    m->min_interval = 256;
    m->max_interval = 0xFFFFFFFFu;
    m->cpu_speed = 1000;
    if (!v)
        return 0;
    if (jdoc_check_keys(d, v, sampling_model_keys, err, errlen))
        return -1;
    if (cfg_get_u(d, v, "bsdes", 0, 32, 32, 32, &u, err, errlen))
        return -1;
    m->bsdes = (uint16_t)u;
    /* at least the header doubleword; at most what the entry buffer and the
     * RTL's update process hold (ARCH_ENTRY_MAX_DW, docs/uarch.md section 14) */
    if (cfg_get_u(d, v, "dsdes", 0, 64, 8, 128, &u, err, errlen))
        return -1;
    if (u % 8)
        return jdoc_fail(d, jdoc_get(v, "dsdes"), err, errlen, "dsdes must be a multiple of 8");
    m->dsdes = (uint16_t)u;
    if (cfg_get_u(d, v, "dsde_format", 0, 0x8001, 0x8001, 0x80FF, &u, err, errlen))
        return -1;
    m->dsde_format = (uint16_t)u;
    if (cfg_get_u(d, v, "min_interval", 0, 256, 1, UINT64_MAX, &u, err, errlen))
        return -1;
    m->min_interval = u;
    mn = jdoc_get(v, "max_interval");
    if (cfg_get_u(d, v, "max_interval", 0, 0xFFFFFFFFu, 1, UINT64_MAX, &u, err, errlen))
        return -1;
    if (u < m->min_interval)
        return jdoc_fail(d, mn ? mn : v, err, errlen, "max_interval is below min_interval");
    m->max_interval = u;
    if (cfg_get_u(d, v, "cpu_speed", 0, 1000, 1, 0xFFFFFFFFu, &u, err, errlen))
        return -1;
    m->cpu_speed = (uint32_t)u;
    return 0;
}

int cfg_model_from_json(const jdoc *d, const cJSON *obj, cpumf_model_cfg *out, char *err,
                        size_t errlen)
{
    cpumf_model_cfg m;
    const cJSON *v = NULL;
    uint64_t u;
    int b;

    memset(&m, 0, sizeof m);
    if (cfg_parse_head(d, obj, model_keys, m.name, sizeof m.name, err, errlen))
        return -1;

    if (cfg_need(d, obj, "cfvn", &v, err, errlen) || jdoc_u64(d, v, 1, 3, &u, err, errlen))
        return -1;
    if (u != 1 && u != 3)
        return jdoc_fail(d, v, err, errlen, "CFVN must be 1 or 3 (the defined versions)");
    m.cfvn = (uint16_t)u;
    if (cfg_need(d, obj, "csvn", &v, err, errlen) || jdoc_u64(d, v, 1, 8, &u, err, errlen))
        return -1;
    m.csvn = (uint16_t)u;
    if (cfg_need(d, obj, "facilities", &v, err, errlen) || parse_facilities(d, v, &m, err, errlen))
        return -1;

    if (cfg_get_b(d, obj, "unified_l1", 0, &b, err, errlen))
        return -1;
    m.unified_l1 = (uint8_t)b;
    if (cfg_get_b(d, obj, "coprocessor_groups", 0, &b, err, errlen))
        return -1;
    m.has_cg = (uint8_t)b;
    if (cfg_get_u(d, obj, "max_cpu_address", 0, 15, 0, 0xFFFF, &u, err, errlen))
        return -1;
    m.max_cpu_addr = (uint16_t)u;
    if (cfg_get_u(d, obj, "max_group_address", 0, 0, 0, 0xFFFF, &u, err, errlen))
        return -1;
    m.max_cg_addr = (uint16_t)u;
    if (!m.has_cg && m.max_cg_addr != 0)
        return jdoc_fail(d, jdoc_get(obj, "max_group_address"), err, errlen,
                         "max_group_address must be 0 without coprocessor groups");

    if (cfg_need(d, obj, "counters", &v, err, errlen) || parse_counters(d, v, &m, err, errlen) ||
        parse_sampling_model(d, jdoc_get(obj, "sampling"), &m, err, errlen))
        return -1;
    *out = m;
    return 0;
}

/* ------------------------------------------------------------------ */
/* files                                                               */

int cfg_path_join3(char *buf, size_t n, const char *dir, const char *sub, const char *name,
                   const char *ext)
{
    int r = snprintf(buf, n, "%s/%s/%s%s", dir, sub, name, ext);
    return (r < 0 || (size_t)r >= n) ? -1 : 0;
}

int cfg_plain_name(const char *name)
{
    size_t i;
    if (!name || !name[0] || name[0] == '.')
        return 0;
    for (i = 0; name[i]; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-' || c == '.'))
            return 0;
    }
    return 1;
}

int cpumf_load_model(const char *path, cpumf_model_cfg *out, char *err, size_t errlen)
{
    jdoc *d = jdoc_parse_file(path, err, errlen);
    int r;
    if (!d)
        return -1;
    r = cfg_model_from_json(d, jdoc_root(d), out, err, errlen);
    jdoc_free(d);
    return r;
}

int cfg_model_by_name(const char *configs_dir, const char *name, cpumf_model_cfg *out, char *err,
                      size_t errlen)
{
    char path[CFG_PATH_MAX];
    if (!cfg_plain_name(name)) {
        if (err && errlen)
            snprintf(err, errlen, "<model>:1:1: bad model name \"%s\"", name ? name : "");
        return -1;
    }
    if (cfg_path_join3(path, sizeof path, configs_dir ? configs_dir : cfg_default_dir(), "models",
                       name, ".json")) {
        if (err && errlen)
            snprintf(err, errlen, "<model>:1:1: path too long");
        return -1;
    }
    return cpumf_load_model(path, out, err, errlen);
}
