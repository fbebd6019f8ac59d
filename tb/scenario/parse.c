/* SPDX-License-Identifier: Apache-2.0 */
/* parse.c - the scenario reader's growing arrays and typed values. */
#include "parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stimulus/storage.h"
#include "xalloc.h"

/* arr (n elements of size bytes, room for *cap) with room for one more:
 * the capacity doubles from `first`. */
static void *room_for_one(void *arr, uint32_t n, uint32_t *cap, size_t size, uint32_t first)
{
    if (n < *cap)
        return arr;
    *cap = *cap ? *cap * 2 : first;
    return xrealloc(arr, *cap * size);
}

tb_step *scn_new_step(parse_ctx *p)
{
    tb_scenario *sc = p->sc;
    sc->steps = room_for_one(sc->steps, sc->n_steps, &p->cap_steps, sizeof *sc->steps, 16);
    memset(&sc->steps[sc->n_steps], 0, sizeof *sc->steps);
    return &sc->steps[sc->n_steps++];
}

void scn_add_mem(parse_ctx *p, uint64_t addr, uint8_t *bytes, size_t len)
{
    tb_scenario *sc = p->sc;
    tb_mem_init *m;
    sc->mem = room_for_one(sc->mem, sc->n_mem, &p->cap_mem, sizeof *sc->mem, 16);
    m = &sc->mem[sc->n_mem++];
    m->addr = addr;
    m->len = len;
    m->bytes = bytes;
    m->at_step = 0;
}

tb_mem_init *scn_new_mem(parse_ctx *p, uint64_t addr, size_t len)
{
    scn_add_mem(p, addr, xmalloc(len), len);
    return &p->sc->mem[p->sc->n_mem - 1];
}

tb_activity *scn_new_act(parse_ctx *p, uint32_t *idx)
{
    tb_scenario *sc = p->sc;
    sc->acts = room_for_one(sc->acts, sc->n_acts, &p->cap_acts, sizeof *sc->acts, 8);
    *idx = sc->n_acts;
    memset(&sc->acts[sc->n_acts], 0, sizeof *sc->acts);
    return &sc->acts[sc->n_acts++];
}

int scn_qualify(parse_ctx *p, const cJSON *n)
{
    char tmp[1024];
    const char *sep;
    size_t head;
    if (!n || !n->string || !p->errlen)
        return -1;
    sep = strstr(p->err, ": ");
    if (!sep)
        return -1;
    head = (size_t)(sep - p->err) + 2;
    snprintf(tmp, sizeof tmp, "%.*s%s: %s", (int)head, p->err, n->string, p->err + head);
    snprintf(p->err, p->errlen, "%s", tmp);
    return -1;
}

int scn_u64(parse_ctx *p, const cJSON *n, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (jdoc_u64(p->d, n, lo, hi, out, p->err, p->errlen) != 0)
        return scn_qualify(p, n);
    return 0;
}

int scn_opt_u64(parse_ctx *p, const cJSON *o, const char *key, uint64_t lo, uint64_t hi,
                uint64_t *out)
{
    const cJSON *m = GET(o, key);
    if (!m)
        return 0;
    return scn_u64(p, m, lo, hi, out) ? -1 : 1;
}

int scn_cpu(parse_ctx *p, const cJSON *n, uint8_t *out)
{
    uint64_t v;
    if (scn_u64(p, n, 0, 255, &v))
        return -1;
    if (v >= p->sc->system.n_cpus)
        return FAIL(n, "cpu %llu out of range: system %s has %u CPUs", (unsigned long long)v,
                    p->sc->system.name, p->sc->system.n_cpus);
    *out = (uint8_t)v;
    return 0;
}

int scn_bool(parse_ctx *p, const cJSON *n, uint8_t *out)
{
    int b;
    if (jdoc_bool(p->d, n, &b, p->err, p->errlen) != 0)
        return scn_qualify(p, n);
    *out = (uint8_t)(b != 0);
    return 0;
}

int scn_str(parse_ctx *p, const cJSON *n, const char **out)
{
    if (jdoc_str(p->d, n, out, p->err, p->errlen) != 0)
        return scn_qualify(p, n);
    return 0;
}

int scn_keys(parse_ctx *p, const cJSON *o, const char *const *allowed)
{
    if (!cJSON_IsObject(o))
        return FAIL(o, "expected an object");
    return jdoc_check_keys(p->d, o, allowed, p->err, p->errlen);
}

int scn_each(parse_ctx *p, const cJSON *arr, const char *what,
             int (*parse)(parse_ctx *p, const cJSON *e))
{
    const cJSON *e;
    if (!cJSON_IsArray(arr))
        return FAIL(arr, "%s: expected an array", what);
    cJSON_ArrayForEach(e, arr) if (parse(p, e)) return -1;
    return 0;
}

int scn_hex(parse_ctx *p, const cJSON *n, uint8_t **out, size_t *len)
{
    const char *s;
    size_t l, i;
    if (scn_str(p, n, &s))
        return -1;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
    l = strlen(s);
    if (l == 0 || l % 2)
        return FAIL(n, "expected a nonempty hex string of whole bytes");
    if (l / 2 > (1u << 24))
        return FAIL(n, "hex string longer than 16 MiB");
    *out = xmalloc(l / 2);
    for (i = 0; i < l / 2; i++) {
        int a = jdoc_hexdigit(s[2 * i]), b = jdoc_hexdigit(s[2 * i + 1]);
        if (a < 0 || b < 0) {
            free(*out);
            *out = NULL;
            return FAIL(n, "bad hex digit at character %zu", 2 * i + (a < 0 ? 0 : 1));
        }
        (*out)[i] = (uint8_t)(a << 4 | b);
    }
    *len = l / 2;
    return 0;
}

/* One name of a set list: its mask bit, or -1 (message written). */
static int set_bit(parse_ctx *p, const cJSON *e, int sampling, uint8_t *bit)
{
    static const struct {
        const char *name;
        uint8_t mask;
    } sets[] = {{"basic", CPUMF_SET_BASIC},
                {"problem_state", CPUMF_SET_PROBLEM},
                {"crypto", CPUMF_SET_CRYPTO},
                {"extended", CPUMF_SET_EXT},
                {"mt", CPUMF_SET_MT}};
    static const struct {
        const char *name;
        uint8_t mask;
    } fns[] = {{"basic", CPUMF_SF_BASIC}, {"diagnostic", CPUMF_SF_DIAG}};
    const char *s;
    unsigned i;
    *bit = 0;
    if (scn_str(p, e, &s))
        return -1;
    if (sampling) {
        for (i = 0; i < sizeof fns / sizeof fns[0]; i++)
            if (strcmp(s, fns[i].name) == 0)
                *bit = fns[i].mask;
        if (!*bit)
            return FAIL(e, "unknown sampling function \"%s\" (basic, diagnostic)", s);
        return 0;
    }
    for (i = 0; i < sizeof sets / sizeof sets[0]; i++)
        if (strcmp(s, sets[i].name) == 0)
            *bit = sets[i].mask;
    if (!*bit)
        return FAIL(e, "unknown counter set \"%s\" (basic, problem_state, crypto, extended, mt)",
                    s);
    return 0;
}

int scn_set_list(parse_ctx *p, const cJSON *n, int sampling, uint8_t *mask)
{
    const cJSON *e;
    /* a single name is allowed for an event's "set" */
    if (!cJSON_IsArray(n) && !(cJSON_IsString(n) && !sampling))
        return FAIL(n, "expected an array of names");
    *mask = 0;
    for (e = cJSON_IsArray(n) ? n->child : n; e; e = cJSON_IsArray(n) ? e->next : NULL) {
        uint8_t bit;
        if (set_bit(p, e, sampling, &bit))
            return -1;
        *mask |= bit;
    }
    return 0;
}

int scn_range(parse_ctx *p, const cJSON *n, tb_range *r)
{
    static const char *const rk[] = {"min", "max", NULL};
    const cJSON *m;
    r->has = 1;
    r->lo = 0;
    r->hi = UINT64_MAX;
    if (!cJSON_IsObject(n)) {
        if (scn_u64(p, n, 0, UINT64_MAX, &r->lo))
            return -1;
        r->hi = r->lo;
        return 0;
    }
    if (scn_keys(p, n, rk))
        return scn_qualify(p, n);
    if ((m = GET(n, "min")) && scn_u64(p, m, 0, UINT64_MAX, &r->lo))
        return -1;
    if ((m = GET(n, "max")) && scn_u64(p, m, 0, UINT64_MAX, &r->hi))
        return -1;
    if (r->lo > r->hi)
        return FAIL(n, "%s: min is above max", n->string ? n->string : "range");
    return 0;
}

int scn_op_index(const char *name)
{
    unsigned i;
    for (i = 0; i < CPUMF_OP_COUNT; i++)
        if (strcmp(name, tb_op_name(i)) == 0)
            return (int)i;
    return -1;
}

int scn_range_available(const cpumf_system_cfg *cfg, uint64_t addr, size_t len)
{
    uint64_t off;
    if (!len)
        return 1;
    if (tb_prefix_overlap(cfg, addr, len) >= 0)
        return 0; /* the bench writes there */
    for (off = 0; off < len; off = (off | 7u) + 1u)
        if (!tb_storage_cfg_available(cfg, addr + off))
            return 0;
    return tb_storage_cfg_available(cfg, addr + len - 1);
}
