/*
 * config.c - model and system configurations (CFG-1, CFG-2, CFG-3).
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

#define CFG_PATH_MAX 1024

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

static int need(const jdoc *d, const cJSON *obj, const char *key, const cJSON **out, char *err,
                size_t errlen)
{
    const cJSON *v = jdoc_get(obj, key);
    *out = v;
    if (!v)
        return jdoc_fail(d, obj, err, errlen, "missing required key \"%s\"", key);
    return 0;
}

static int get_u(const jdoc *d, const cJSON *obj, const char *key, int required, uint64_t dflt,
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

static int get_b(const jdoc *d, const cJSON *obj, const char *key, int dflt, int *out, char *err,
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
static int check_ident(const jdoc *d, const cJSON *v, size_t maxlen, const char **out,
                       char *err, size_t errlen)
{
    const char *s;
    size_t i, n;
    if (jdoc_str(d, v, &s, err, errlen))
        return -1;
    n = strlen(s);
    if (n == 0 || n > maxlen)
        return jdoc_fail(d, v, err, errlen, "name must have 1 to %u characters",
                         (unsigned)maxlen);
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
static int parse_head(const jdoc *d, const cJSON *obj, const char *const *keys, char *name,
                      size_t n, char *err, size_t errlen)
{
    const cJSON *v = NULL;
    const char *s = "";
    if (jdoc_check_keys(d, obj, keys, err, errlen) || need(d, obj, "name", &v, err, errlen) ||
        check_ident(d, v, n - 1, &s, err, errlen))
        return -1;
    snprintf(name, n, "%s", s);
    if ((v = jdoc_get(obj, "description")) && jdoc_str(d, v, NULL, err, errlen))
        return -1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* model                                                               */

static const char *const model_keys[] = {"name", "description", "cfvn", "csvn", "facilities",
                                         "unified_l1", "coprocessor_groups", "max_cpu_address",
                                         "max_group_address", "counters", "sampling", NULL};
static const char *const counter_set_keys[] = {"basic", "problem_state", "crypto", "extended",
                                               "mt", NULL};
static const char *const sampling_model_keys[] = {"bsdes", "dsdes", "dsde_format",
                                                  "min_interval", "max_interval", "cpu_speed",
                                                  NULL};

/* Counter name: 1..23 characters of [a-z0-9_], starting with a letter. */
static int check_counter_name(const jdoc *d, const cJSON *v, char *err, size_t errlen)
{
    const char *s;
    size_t i, n;
    if (jdoc_str(d, v, &s, err, errlen))
        return -1;
    n = strlen(s);
    if (n == 0 || n > 23)
        return jdoc_fail(d, v, err, errlen, "counter name must have 1 to 23 characters");
    if (!(s[0] >= 'a' && s[0] <= 'z'))
        return jdoc_fail(d, v, err, errlen, "counter name \"%s\" must start with a-z", s);
    for (i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
            return jdoc_fail(d, v, err, errlen,
                             "counter name \"%s\" may hold only a-z, 0-9 and '_'", s);
    }
    return 0;
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

/* One counter of a set: its number belongs to the set and is installed. */
static int parse_counter(const jdoc *d, const cJSON *c, const set_desc *sd, int is_ext,
                         cpumf_model_cfg *m, char *err, size_t errlen)
{
    unsigned n;
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
        return jdoc_fail_key(d, c, err, errlen,
                             "counter %u is not installed for CFVN %u / CSVN %u", n,
                             (unsigned)m->cfvn, (unsigned)m->csvn);
    }
    if (check_counter_name(d, c, err, errlen))
        return -1;
    s = name_slot(n);
    if (s < 0)
        return jdoc_fail_key(d, c, err, errlen, "counter %u has no slot", n);
    snprintf(m->names[s], sizeof m->names[s], "%s", c->valuestring);
    return 0;
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
                                 "%u is missing", 128u + n);
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

/* Names are unique across the model; the error points at the second use. */
static int check_unique_names(const jdoc *d, const cJSON *ctr, const cpumf_model_cfg *m,
                              char *err, size_t errlen)
{
    int a, b;
    for (a = 0; a < CPUMF_NSLOT + 2; a++) {
        if (!m->names[a][0])
            continue;
        for (b = a + 1; b < CPUMF_NSLOT + 2; b++) {
            const cJSON *set, *cc;
            if (strcmp(m->names[a], m->names[b]) != 0)
                continue;
            for (set = ctr->child; set; set = set->next)
                for (cc = set->child; cc; cc = cc->next) {
                    unsigned num = 0;
                    if (cJSON_IsString(cc) && strcmp(cc->valuestring, m->names[b]) == 0 &&
                        key_number(d, cc, &num, err, errlen) == 0 && name_slot(num) == b)
                        return jdoc_fail(d, cc, err, errlen, "counter name \"%s\" used twice",
                                         m->names[b]);
                }
            return jdoc_fail(d, ctr, err, errlen, "counter name \"%s\" used twice", m->names[b]);
        }
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
    return check_unique_names(d, ctr, m, err, errlen);
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
            return jdoc_fail(d, c, err, errlen,
                             "facility bit %llu is not one of 40, 67, 68, 142",
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
    if (get_u(d, v, "bsdes", 0, 32, 32, 32, &u, err, errlen))
        return -1;
    m->bsdes = (uint16_t)u;
    if (get_u(d, v, "dsdes", 0, 64, 0, 4096 - 64 - 32, &u, err, errlen))
        return -1;
    if (u % 8)
        return jdoc_fail(d, jdoc_get(v, "dsdes"), err, errlen, "dsdes must be a multiple of 8");
    m->dsdes = (uint16_t)u;
    if (get_u(d, v, "dsde_format", 0, 0x8001, 0x8001, 0x80FF, &u, err, errlen))
        return -1;
    m->dsde_format = (uint16_t)u;
    if (get_u(d, v, "min_interval", 0, 256, 1, UINT64_MAX, &u, err, errlen))
        return -1;
    m->min_interval = u;
    mn = jdoc_get(v, "max_interval");
    if (get_u(d, v, "max_interval", 0, 0xFFFFFFFFu, 1, UINT64_MAX, &u, err, errlen))
        return -1;
    if (u < m->min_interval)
        return jdoc_fail(d, mn ? mn : v, err, errlen, "max_interval is below min_interval");
    m->max_interval = u;
    if (get_u(d, v, "cpu_speed", 0, 1000, 1, 0xFFFFFFFFu, &u, err, errlen))
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
    if (parse_head(d, obj, model_keys, m.name, sizeof m.name, err, errlen))
        return -1;

    if (need(d, obj, "cfvn", &v, err, errlen) || jdoc_u64(d, v, 1, 3, &u, err, errlen))
        return -1;
    if (u != 1 && u != 3)
        return jdoc_fail(d, v, err, errlen, "CFVN must be 1 or 3 (the defined versions)");
    m.cfvn = (uint16_t)u;
    if (need(d, obj, "csvn", &v, err, errlen) || jdoc_u64(d, v, 1, 8, &u, err, errlen))
        return -1;
    m.csvn = (uint16_t)u;
    if (need(d, obj, "facilities", &v, err, errlen) || parse_facilities(d, v, &m, err, errlen))
        return -1;

    if (get_b(d, obj, "unified_l1", 0, &b, err, errlen))
        return -1;
    m.unified_l1 = (uint8_t)b;
    if (get_b(d, obj, "coprocessor_groups", 0, &b, err, errlen))
        return -1;
    m.has_cg = (uint8_t)b;
    if (get_u(d, obj, "max_cpu_address", 0, 15, 0, 0xFFFF, &u, err, errlen))
        return -1;
    m.max_cpu_addr = (uint16_t)u;
    if (get_u(d, obj, "max_group_address", 0, 0, 0, 0xFFFF, &u, err, errlen))
        return -1;
    m.max_cg_addr = (uint16_t)u;
    if (!m.has_cg && m.max_cg_addr != 0)
        return jdoc_fail(d, jdoc_get(obj, "max_group_address"), err, errlen,
                         "max_group_address must be 0 without coprocessor groups");

    if (need(d, obj, "counters", &v, err, errlen) || parse_counters(d, v, &m, err, errlen) ||
        parse_sampling_model(d, jdoc_get(obj, "sampling"), &m, err, errlen))
        return -1;
    *out = m;
    return 0;
}

/* ------------------------------------------------------------------ */
/* files                                                               */

static int path_join3(char *buf, size_t n, const char *dir, const char *sub, const char *name,
                      const char *ext)
{
    int r = snprintf(buf, n, "%s/%s/%s%s", dir, sub, name, ext);
    return (r < 0 || (size_t)r >= n) ? -1 : 0;
}

static int plain_name(const char *name)
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

int cfg_model_by_name(const char *configs_dir, const char *name, cpumf_model_cfg *out,
                      char *err, size_t errlen)
{
    char path[CFG_PATH_MAX];
    if (!plain_name(name)) {
        if (err && errlen)
            snprintf(err, errlen, "<model>:1:1: bad model name \"%s\"", name ? name : "");
        return -1;
    }
    if (path_join3(path, sizeof path, configs_dir ? configs_dir : cfg_default_dir(), "models",
                   name, ".json")) {
        if (err && errlen)
            snprintf(err, errlen, "<model>:1:1: path too long");
        return -1;
    }
    return cpumf_load_model(path, out, err, errlen);
}

/* ------------------------------------------------------------------ */
/* system                                                              */

static const char *const system_keys[] = {"name", "description", "model", "cpus",
                                          "threads_per_core", "multithreading", "cpu_addresses",
                                          "coprocessor_groups", "authorized", "storage",
                                          "sampling", NULL};
static const char *const group_keys[] = {"address", "cpus", NULL};
static const char *const auth_keys[] = {"counter_sets", "sampling", "cg", NULL};
static const char *const storage_keys[] = {"size", "holes", "latency", "backpressure", NULL};
static const char *const hole_keys[] = {"base", "size", NULL};
static const char *const sampling_sys_keys[] = {"interval_mode", "lfsr_seed", "dedicated",
                                                "level", NULL};

/* "counter_sets" of "authorized": cf holds the CG bit on entry and keeps it. */
static int parse_auth_sets(const jdoc *d, const cJSON *v, const cpumf_model_cfg *m, uint8_t *cf,
                           char *err, size_t errlen)
{
    static const struct { const char *name; uint8_t bit; } names[] = {
        {"basic", CPUMF_SET_BASIC}, {"problem_state", CPUMF_SET_PROBLEM},
        {"crypto", CPUMF_SET_CRYPTO}, {"extended", CPUMF_SET_EXT}, {"mt", CPUMF_SET_MT}
    };
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
                             "extended, mt)", n);
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
static int parse_auth_sampling(const jdoc *d, const cJSON *v, const cpumf_model_cfg *m,
                               uint8_t *sf, char *err, size_t errlen)
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

static int parse_auth(const jdoc *d, const cJSON *a, cpumf_system_cfg *s, char *err,
                      size_t errlen)
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

static int parse_storage(const jdoc *d, const cJSON *st, cpumf_system_cfg *s, char *err,
                         size_t errlen)
{
    const cJSON *v, *c;
    uint64_t u, lo, hi;
    s->storage_size = 0x1000000;
    s->n_holes = 0;
    s->latency_min = 2;
    s->latency_max = 4;
    s->backpressure_pct = 0;
    if (!st)
        return 0;
    if (jdoc_check_keys(d, st, storage_keys, err, errlen))
        return -1;
    if ((v = jdoc_get(st, "size"))) {
        if (jdoc_u64(d, v, 0x10000, UINT64_MAX, &u, err, errlen))
            return -1;
        if (u % 4096)
            return jdoc_fail(d, v, err, errlen, "storage size must be a multiple of 4096");
        s->storage_size = u;
    }
    if ((v = jdoc_get(st, "holes"))) {
        unsigned j;
        if (!cJSON_IsArray(v))
            return jdoc_fail(d, v, err, errlen, "\"holes\" must be an array");
        for (c = v->child; c; c = c->next) {
            const cJSON *bn = NULL, *sn = NULL;
            uint64_t base, size;
            if (s->n_holes >= CPUMF_MAX_HOLES)
                return jdoc_fail(d, c, err, errlen, "more than %d holes", CPUMF_MAX_HOLES);
            if (jdoc_check_keys(d, c, hole_keys, err, errlen) ||
                need(d, c, "base", &bn, err, errlen) || need(d, c, "size", &sn, err, errlen) ||
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
        }
    }
    if ((v = jdoc_get(st, "latency"))) {
        if (cJSON_IsArray(v)) {
            const cJSON *a0 = v->child, *a1 = a0 ? a0->next : NULL;
            if (!a0 || !a1 || a1->next)
                return jdoc_fail(d, v, err, errlen, "latency must be [min, max]");
            if (jdoc_u64(d, a0, 1, 64, &lo, err, errlen) ||
                jdoc_u64(d, a1, 1, 64, &hi, err, errlen))
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
    }
    if (get_u(d, st, "backpressure", 0, 0, 0, 90, &u, err, errlen))
        return -1;
    s->backpressure_pct = (uint8_t)u;
    return 0;
}

static int parse_sampling_sys(const jdoc *d, const cJSON *sp, cpumf_system_cfg *s, char *err,
                              size_t errlen)
{
    const cJSON *v;
    const char *str;
    uint64_t u;
    int b;
    s->interval_mode = 0;
    s->lfsr_seed = 0xACE1u;
    s->dedicated = 1;
    s->level = 1;
    if (!sp)
        return 0;
    if (jdoc_check_keys(d, sp, sampling_sys_keys, err, errlen))
        return -1;
    if ((v = jdoc_get(sp, "interval_mode"))) {
        if (jdoc_str(d, v, &str, err, errlen))
            return -1;
        if (strcmp(str, "exact") == 0)
            s->interval_mode = 0;
        else if (strcmp(str, "random") == 0)
            s->interval_mode = 1;
        else if (strcmp(str, "random-secondary") == 0)
            s->interval_mode = 2;
        else
            return jdoc_fail(d, v, err, errlen,
                             "interval_mode must be \"exact\", \"random\" or \"random-secondary\"");
    }
    if (get_u(d, sp, "lfsr_seed", 0, 0xACE1u, 1, 0xFFFFFFFFu, &u, err, errlen))
        return -1;
    s->lfsr_seed = (uint32_t)u;
    if (get_b(d, sp, "dedicated", 1, &b, err, errlen))
        return -1;
    s->dedicated = (uint8_t)b;
    if ((v = jdoc_get(sp, "level"))) {
        if (jdoc_str(d, v, &str, err, errlen))
            return -1;
        if (strcmp(str, "lpar") == 0)
            s->level = 1;
        else if (strcmp(str, "vm") == 0)
            s->level = 2;
        else
            return jdoc_fail(d, v, err, errlen, "level must be \"lpar\" or \"vm\"");
    }
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
    if (!plain_name(str))
        return jdoc_fail(d, v, err, errlen, "bad model name \"%s\"", str);
    if (path_join3(path, sizeof path, configs_dir, "models", str, ".json"))
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
    if (need(d, obj, "cpus", &v, err, errlen) || jdoc_u64(d, v, 1, CPUMF_MAX_CPUS, &u, err, errlen))
        return -1;
    s->n_cpus = (uint8_t)u;
    v = jdoc_get(obj, "threads_per_core");
    if (get_u(d, obj, "threads_per_core", 0, 1, 1, 2, &u, err, errlen))
        return -1;
    s->threads_per_core = (uint8_t)u;
    if (s->threads_per_core == 2 && m->csvn <= 3)
        return jdoc_fail(d, v, err, errlen,
                         "two threads per core need multithreading (model %s has CSVN %u, needs > 3)",
                         m->name, (unsigned)m->csvn);
    if (s->n_cpus % s->threads_per_core)
        return jdoc_fail(d, v ? v : jdoc_get(obj, "cpus"), err, errlen,
                         "cpus (%u) must be a multiple of threads_per_core (%u)",
                         (unsigned)s->n_cpus, (unsigned)s->threads_per_core);
    v = jdoc_get(obj, "multithreading");
    if (get_b(d, obj, "multithreading", s->threads_per_core == 2, &b, err, errlen))
        return -1;
    if (b && m->csvn <= 3)
        return jdoc_fail(d, v, err, errlen,
                         "multithreading needs the MT-diagnostic facility (CSVN > 3; model %s has %u)",
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
                             "default CPU addresses 0..%u exceed the model's maximum CPU address %u",
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
        return jdoc_fail(d, v, err, errlen, "%u CPU addresses for %u cpus", i,
                         (unsigned)s->n_cpus);
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
        need(d, c, "address", &an, err, errlen) ||
        parse_address(d, an, s->model.max_cg_addr, s->cg_addr, g, "group address", err, errlen))
        return -1;
    if (need(d, c, "cpus", &cn, err, errlen))
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
            return jdoc_fail(d, v, err, errlen,
                             "model %s has no coprocessor-group counter sets", m->name);
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
    if (parse_head(d, obj, system_keys, s.name, sizeof s.name, err, errlen))
        return -1;
    if (need(d, obj, "model", &v, err, errlen) ||
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

int cpumf_load_system(const char *path, cpumf_system_cfg *out, char *err, size_t errlen)
{
    char dir[CFG_PATH_MAX];
    jdoc *d;
    int r;
    if (!path) {
        if (err && errlen)
            snprintf(err, errlen, "<system>:1:1: no file name");
        return -1;
    }
    d = jdoc_parse_file(path, err, errlen);
    if (!d)
        return -1;
    configs_dir_of(path, dir, sizeof dir);
    r = cfg_system_from_json(d, jdoc_root(d), dir, out, err, errlen);
    jdoc_free(d);
    return r;
}

int cpumf_load_system_text(const char *text, size_t len, const char *source_name, unsigned line,
                           unsigned col, const char *configs_dir, cpumf_system_cfg *out,
                           char *err, size_t errlen)
{
    jdoc *d = jdoc_parse_slice(source_name ? source_name : "<json>", text, len,
                               line > INT_MAX ? INT_MAX : (int)line,
                               col > INT_MAX ? INT_MAX : (int)col, err, errlen);
    int r;
    if (!d)
        return -1;
    r = cfg_system_from_json(d, jdoc_root(d), configs_dir, out, err, errlen);
    jdoc_free(d);
    return r;
}

int cfg_system_by_name(const char *configs_dir, const char *name, cpumf_system_cfg *out,
                       char *err, size_t errlen)
{
    char path[CFG_PATH_MAX];
    jdoc *d;
    int r;
    if (!configs_dir)
        configs_dir = cfg_default_dir();
    if (!plain_name(name)) {
        if (err && errlen)
            snprintf(err, errlen, "<system>:1:1: bad system name \"%s\"", name ? name : "");
        return -1;
    }
    if (path_join3(path, sizeof path, configs_dir, "systems", name, ".json")) {
        if (err && errlen)
            snprintf(err, errlen, "<system>:1:1: path too long");
        return -1;
    }
    d = jdoc_parse_file(path, err, errlen);
    if (!d)
        return -1;
    r = cfg_system_from_json(d, jdoc_root(d), configs_dir, out, err, errlen);
    jdoc_free(d);
    return r;
}
