/* SPDX-License-Identifier: Apache-2.0 */
/*
 * expect.c - what a scenario expects: an instruction step's "expect", and at
 * the end of the run "expect_final" (per-CPU and global state),
 * "expect_interruptions" (the exact list), "expect_interruption_counts" and
 * "expect_dumps" (storage).
 */
#include "parse.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* An optional member o.key in [0, hi] that sets *has when present. */
static int opt_u64_has(parse_ctx *p, const cJSON *o, const char *key, uint64_t hi, uint64_t *out,
                       uint8_t *has)
{
    int r = scn_opt_u64(p, o, key, 0, hi, out);
    if (r > 0)
        *has = 1;
    return r < 0 ? -1 : 0;
}

/* ---------------- a step's "expect" ---------------- */

static int parse_exc_name(parse_ctx *p, const cJSON *n, uint8_t *out)
{
    static const struct {
        const char *s;
        uint8_t c;
    } t[] = {{"operation", CPUMF_EXC_OPERATION},
             {"privileged-operation", CPUMF_EXC_PRIVILEGED},
             {"special-operation", CPUMF_EXC_SPECIAL_OP},
             {"specification", CPUMF_EXC_SPECIFICATION},
             {"access", CPUMF_EXC_ACCESS}};
    const char *s;
    unsigned i;
    if (cJSON_IsNull(n)) {
        *out = CPUMF_EXC_NONE;
        return 0;
    }
    if (scn_str(p, n, &s))
        return -1;
    for (i = 0; i < sizeof t / sizeof t[0]; i++)
        if (strcmp(s, t[i].s) == 0) {
            *out = t[i].c;
            return 0;
        }
    return FAIL(n,
                "unknown exception \"%s\" (operation, privileged-operation, special-operation, "
                "specification, access, null)",
                s);
}

int scn_parse_insn_expect(parse_ctx *p, const cJSON *n, tb_step *st)
{
    static const char *const ek[] = {"cc", "exception", "r1", "issued", "done", NULL};
    static const struct {
        const char *key;
        uint8_t flag;
    } u64s[] = {{"r1", TB_EXP_R1}, {"issued", TB_EXP_ISSUED}, {"done", TB_EXP_DONE}};
    uint64_t *dst[] = {&st->exp_r1, &st->exp_issued, &st->exp_done};
    const cJSON *m;
    uint64_t v;
    unsigned i;
    if (scn_keys(p, n, ek))
        return -1;
    if ((m = GET(n, "cc"))) {
        if (scn_u64(p, m, 0, 3, &v))
            return -1;
        if (st->op == CPUMF_OP_LPP || st->op == CPUMF_OP_QCTRI || st->op == CPUMF_OP_QSI)
            return FAIL(m, "%s leaves the condition code unchanged: its result cc is null",
                        tb_op_name(st->op));
        st->exp_cc = (uint8_t)v;
        st->exp_flags |= TB_EXP_CC;
    }
    if ((m = GET(n, "exception"))) {
        if (parse_exc_name(p, m, &st->exp_exc))
            return -1;
        st->exp_flags |= TB_EXP_EXC;
    }
    for (i = 0; i < sizeof u64s / sizeof u64s[0]; i++) {
        int r = scn_opt_u64(p, n, u64s[i].key, 0, UINT64_MAX, dst[i]);
        if (r < 0)
            return -1;
        if (r)
            st->exp_flags |= u64s[i].flag;
    }
    return 0;
}

/* ---------------- "expect_final" ---------------- */

/* A key that is a decimal number 0..max (no leading zero). */
static int parse_ctr_key(parse_ctx *p, const cJSON *n, unsigned max, unsigned *out)
{
    const char *s = n->string;
    char *e;
    unsigned long v;
    if (!s[0] || s[0] < '0' || s[0] > '9' || (s[0] == '0' && s[1]))
        return FAIL(n, "key \"%s\": expected a decimal number", s);
    v = strtoul(s, &e, 10);
    if (*e || v > max)
        return FAIL(n, "key \"%s\": expected a decimal number 0..%u", s, max);
    *out = (unsigned)v;
    return 0;
}

/* The states of an object of names (allowed): out[i] for allowed[i]. */
static int parse_states(parse_ctx *p, const cJSON *o, const char *const *allowed, int8_t *out)
{
    static const char *const sn[] = {"unauthorized", "disabled", "inactive", "active"};
    const cJSON *n;
    const char *s;
    int i, k;
    if (scn_keys(p, o, allowed))
        return -1;
    for (i = 0; allowed[i]; i++) {
        if (!(n = GET(o, allowed[i])))
            continue;
        if (scn_str(p, n, &s))
            return -1;
        for (k = 0; k < 4 && strcmp(s, sn[k]) != 0; k++)
            ;
        if (k == 4)
            return FAIL(n, "unknown state \"%s\" (unauthorized, disabled, inactive, active)", s);
        out[i] = (int8_t)k;
    }
    return 0;
}

/* A counter of "counters": its number, or its perf event name on the model. */
static int parse_counter_key(parse_ctx *p, const cJSON *n, unsigned *out)
{
    int num;
    if (n->string[0] < 'A' || n->string[0] > 'Z')
        return parse_ctr_key(p, n, 0xffff, out);
    num = cpumf_counter_by_perf_name(&p->sc->system.model, n->string);
    if (num < 0)
        return jdoc_fail_key(p->d, n, p->err, p->errlen,
                             "key \"%s\" is not the perf name of a counter of model %s", n->string,
                             p->sc->system.model.name);
    *out = (unsigned)num;
    return 0;
}

/* "counters": {"number" or "PERF_NAME": value, or null when ECCTR must give cc 3}. */
static int parse_final_counters(parse_ctx *p, const cJSON *m, tb_expect_cpu *x)
{
    const cJSON *it;
    uint32_t i = 0;
    if (!cJSON_IsObject(m))
        return FAIL(m, "counters: expected an object {\"number\" or \"PERF_NAME\": value or "
                       "null}");
    x->n_ctr = (uint32_t)cJSON_GetArraySize(m);
    x->ctr_num = xcalloc(x->n_ctr, sizeof *x->ctr_num);
    x->ctr_val = xcalloc(x->n_ctr, sizeof *x->ctr_val);
    x->ctr_absent = xcalloc(x->n_ctr, sizeof *x->ctr_absent);
    cJSON_ArrayForEach(it, m)
    {
        unsigned num;
        if (parse_counter_key(p, it, &num))
            return -1;
        x->ctr_num[i] = (uint16_t)num;
        x->ctr_absent[i] = (uint8_t)cJSON_IsNull(it);
        if (!x->ctr_absent[i] && scn_u64(p, it, 0, UINT64_MAX, &x->ctr_val[i]))
            return -1;
        i++;
    }
    return 0;
}

/* "s", "h": 0 or 1. */
static int parse_bit(parse_ctx *p, const cJSON *o, const char *key, int8_t *out)
{
    uint64_t v;
    int r = scn_opt_u64(p, o, key, 0, 1, &v);
    if (r > 0)
        *out = (int8_t)v;
    return r < 0 ? -1 : 0;
}

const char *const smp_expect_keys[SMP_NEXP + 1] = {"stored", "overflow", "collisions", "stopped",
                                                   "read",   "lost",     NULL};

static int parse_final_cpu(parse_ctx *p, const cJSON *c, tb_expect_cpu *x)
{
    static const char *const ck[] = {"counters",
                                     "counter_sets",
                                     "sampling",
                                     "alert_pending",
                                     "program_parameter",
                                     "program_parameter_vm",
                                     "samples",
                                     "tear",
                                     "dear",
                                     "sampling_vm",
                                     "samples_vm",
                                     "tear_vm",
                                     "dear_vm",
                                     "interval",
                                     "s",
                                     "h",
                                     NULL};
    static const char *const sets6[] = {"basic", "problem_state", "crypto", "extended", "mt", "cg",
                                        NULL};
    static const char *const sf2[] = {"basic", "diagnostic", NULL};
    /* the keys of each set's registers and counts (docs/uarch.md section 22) */
    static const char *const setk[TB_DRV_NSETS][4] = {
        {"sampling", "samples", "tear", "dear"},
        {"sampling_vm", "samples_vm", "tear_vm", "dear_vm"}};
    const cJSON *m, *it;
    uint64_t v = 0;
    unsigned k;
    int i;
    if (scn_keys(p, c, ck))
        return -1;
    x->present = 1;
    if ((m = GET(c, "counters")) && parse_final_counters(p, m, x))
        return -1;
    if ((m = GET(c, "counter_sets")) && parse_states(p, m, sets6, x->set_state))
        return -1;
    if (opt_u64_has(p, c, "alert_pending", 0xffffffffu, &v, &x->has_alert))
        return -1;
    x->alert = (uint32_t)v;
    if (opt_u64_has(p, c, "program_parameter", UINT64_MAX, &x->pp, &x->has_pp) ||
        opt_u64_has(p, c, "program_parameter_vm", UINT64_MAX, &x->pp_vm, &x->has_pp_vm))
        return -1;
    for (k = 0; k < TB_DRV_NSETS; k++) {
        if ((m = GET(c, setk[k][0])) && parse_states(p, m, sf2, x->sf_state[k]))
            return -1;
        if ((m = GET(c, setk[k][1]))) {
            if (scn_keys(p, m, smp_expect_keys))
                return -1;
            for (i = 0; i < SMP_NEXP; i++)
                if ((it = GET(m, smp_expect_keys[i])) && scn_range(p, it, &x->samples[k][i]))
                    return -1;
        }
        if (opt_u64_has(p, c, setk[k][2], UINT64_MAX, &x->tear[k], &x->has_tear[k]) ||
            opt_u64_has(p, c, setk[k][3], UINT64_MAX, &x->dear[k], &x->has_dear[k]))
            return -1;
    }
    if (opt_u64_has(p, c, "interval", UINT64_MAX, &x->interval, &x->has_interval) ||
        parse_bit(p, c, "s", &x->s) || parse_bit(p, c, "h", &x->h))
        return -1;
    return 0;
}

static int parse_final_cpus(parse_ctx *p, const cJSON *n)
{
    tb_scenario *sc = p->sc;
    const cJSON *c;
    unsigned ci = 0;
    if (!cJSON_IsArray(n))
        return FAIL(n, "cpus: expected an array (index = CPU; null or {} skips a CPU)");
    if (cJSON_GetArraySize(n) > sc->system.n_cpus)
        return FAIL(n, "cpus: %d entries, system %s has %u CPUs", cJSON_GetArraySize(n),
                    sc->system.name, sc->system.n_cpus);
    cJSON_ArrayForEach(c, n)
    {
        tb_expect_cpu *x = &sc->exp_cpu[ci++];
        if (!cJSON_IsNull(c) && parse_final_cpu(p, c, x))
            return -1;
    }
    return 0;
}

/* The counters of group gi: {"counter 0-7": value}; *cap is the room in
 * the expectation arrays. */
static int parse_cg_group(parse_ctx *p, const cJSON *grp, unsigned gi, uint32_t *cap)
{
    tb_expect_global *g = &p->sc->exp_global;
    const cJSON *it;
    if (!cJSON_IsObject(grp))
        return FAIL(grp, "expected an object {\"counter\": value}");
    cJSON_ArrayForEach(it, grp)
    {
        unsigned k;
        if (parse_ctr_key(p, it, CPUMF_CG_NCTR - 1, &k))
            return -1;
        if (g->n_cg == *cap) {
            *cap = *cap ? *cap * 2 : 8;
            g->cg_group = xrealloc(g->cg_group, *cap);
            g->cg_index = xrealloc(g->cg_index, *cap);
            g->cg_val = xrealloc(g->cg_val, *cap * sizeof *g->cg_val);
        }
        g->cg_group[g->n_cg] = (uint8_t)gi;
        g->cg_index[g->n_cg] = (uint8_t)k;
        if (scn_u64(p, it, 0, UINT64_MAX, &g->cg_val[g->n_cg]))
            return -1;
        g->n_cg++;
    }
    return 0;
}

/* "cg_counters": {"group index": {"counter 0-7": value}}. */
static int parse_cg_counters(parse_ctx *p, const cJSON *m)
{
    const cJSON *grp;
    uint32_t cap = 0;
    if (!cJSON_IsObject(m))
        return FAIL(m, "cg_counters: expected {\"group index\": {\"counter\": value}}");
    cJSON_ArrayForEach(grp, m)
    {
        unsigned gi;
        if (parse_ctr_key(p, grp, CPUMF_MAX_CGS - 1, &gi) || parse_cg_group(p, grp, gi, &cap))
            return -1;
    }
    return 0;
}

static int parse_final_global(parse_ctx *p, const cJSON *n)
{
    static const char *const gk[] = {"e", "c", "change", "mt_enabled", "cg_counters", NULL};
    tb_expect_global *g = &p->sc->exp_global;
    int8_t *dst[4] = {&g->e, &g->c, &g->change, &g->mt_enabled};
    const cJSON *m;
    int i;
    if (scn_keys(p, n, gk))
        return -1;
    for (i = 0; i < 4; i++)
        if (parse_bit(p, n, gk[i], dst[i]))
            return -1;
    if ((m = GET(n, "cg_counters")) && parse_cg_counters(p, m))
        return -1;
    return 0;
}

int scn_parse_expect_final(parse_ctx *p, const cJSON *o)
{
    static const char *const fk[] = {"cpus", "global", NULL};
    tb_scenario *sc = p->sc;
    const cJSON *n;
    unsigned ci;

    if (scn_keys(p, o, fk))
        return -1;
    sc->has_expect_final = 1;
    /* -1: not checked */
    for (ci = 0; ci < CPUMF_MAX_CPUS; ci++) {
        memset(sc->exp_cpu[ci].set_state, -1, sizeof sc->exp_cpu[ci].set_state);
        memset(sc->exp_cpu[ci].sf_state, -1, sizeof sc->exp_cpu[ci].sf_state);
        sc->exp_cpu[ci].s = sc->exp_cpu[ci].h = -1;
    }
    sc->exp_global.e = sc->exp_global.c = sc->exp_global.change = sc->exp_global.mt_enabled = -1;
    if ((n = GET(o, "cpus")) && parse_final_cpus(p, n))
        return -1;
    if ((n = GET(o, "global")) && parse_final_global(p, n))
        return -1;
    return 0;
}

/* ---------------- interruptions, storage ---------------- */

/* "param" (required), the interruption parameter bits. */
static int parse_param(parse_ctx *p, const cJSON *e, const char *what, uint32_t *out)
{
    const cJSON *n = GET(e, "param");
    uint64_t v;
    if (!n)
        return FAIL(e, "%s needs \"param\"", what);
    if (scn_u64(p, n, 0, 0xffffffffu, &v))
        return -1;
    *out = (uint32_t)v;
    return 0;
}

static int parse_icount(parse_ctx *p, const cJSON *e)
{
    static const char *const ik[] = {"cpu", "param", "min", "max", NULL};
    tb_expect_icount *x = &p->sc->exp_icount[p->sc->n_exp_icount++];
    const cJSON *n;
    if (scn_keys(p, e, ik))
        return -1;
    if ((n = GET(e, "cpu")) && scn_cpu(p, n, &x->cpu))
        return -1;
    if (parse_param(p, e, "interruption count", &x->param))
        return -1;
    x->lo = 1;
    x->hi = UINT64_MAX;
    if (scn_opt_u64(p, e, "min", 0, UINT64_MAX, &x->lo) < 0 ||
        scn_opt_u64(p, e, "max", 0, UINT64_MAX, &x->hi) < 0)
        return -1;
    if (x->lo > x->hi)
        return FAIL(e, "min is above max");
    return 0;
}

int scn_parse_icounts(parse_ctx *p, const cJSON *arr)
{
    p->sc->exp_icount = xcalloc((size_t)cJSON_GetArraySize(arr), sizeof *p->sc->exp_icount);
    return scn_each(p, arr, "expect_interruption_counts", parse_icount);
}

static int parse_intr(parse_ctx *p, const cJSON *e)
{
    static const char *const ik[] = {"cpu", "cycle", "param", "code", NULL};
    tb_expect_intr *x = &p->sc->exp_intr[p->sc->n_exp_intr++];
    const cJSON *n;
    uint64_t v;
    if (scn_keys(p, e, ik))
        return -1;
    if ((n = GET(e, "cpu")) && scn_cpu(p, n, &x->cpu))
        return -1;
    if (opt_u64_has(p, e, "cycle", UINT64_MAX, &x->cycle, &x->has_cycle) ||
        parse_param(p, e, "interruption", &x->param))
        return -1;
    /* "code": only the measurement alert's */
    if ((n = GET(e, "code")) && scn_u64(p, n, 0x1407, 0x1407, &v))
        return -1;
    return 0;
}

int scn_parse_expect_intr(parse_ctx *p, const cJSON *arr)
{
    p->sc->has_expect_intr = 1;
    p->sc->exp_intr = xcalloc((size_t)cJSON_GetArraySize(arr), sizeof *p->sc->exp_intr);
    return scn_each(p, arr, "expect_interruptions", parse_intr);
}

static int parse_expect_dump(parse_ctx *p, const cJSON *e)
{
    static const char *const ek[] = {"addr", "hex", NULL};
    tb_expect_dump *x = &p->sc->exp_dump[p->sc->n_exp_dump++];
    const cJSON *n;
    if (scn_dump_addr(p, e, ek, &x->addr))
        return -1;
    if (!(n = GET(e, "hex")))
        return FAIL(e, "needs \"hex\"");
    return scn_hex(p, n, &x->bytes, &x->len);
}

int scn_parse_expect_dumps(parse_ctx *p, const cJSON *arr)
{
    p->sc->exp_dump = xcalloc((size_t)cJSON_GetArraySize(arr), sizeof *p->sc->exp_dump);
    return scn_each(p, arr, "expect_dumps", parse_expect_dump);
}

/* ---------------- relations ---------------- */

int scn_parse_expect_relations(parse_ctx *p, const cJSON *n)
{
    tb_scenario *sc = p->sc;
    const cJSON *it;
    if (!sc->has_events)
        return FAIL(n, "expect_relations: model %s has no relations (no events/%s.json)",
                    sc->system.model.name, sc->system.model.name);
    if (cJSON_IsBool(n)) {
        sc->exp_rel = cJSON_IsTrue(n) ? ~0ull >> (64u - sc->rels.n) : 0u;
        return 0;
    }
    if (!cJSON_IsArray(n))
        return FAIL(n, "expect_relations: expected true, false or an array of relation names");
    cJSON_ArrayForEach(it, n)
    {
        const char *s;
        int i;
        if (scn_str(p, it, &s))
            return -1;
        if ((i = tb_relation_index(&sc->rels, s)) < 0)
            return FAIL(it, "expect_relations: model %s has no relation \"%s\"",
                        sc->system.model.name, s);
        sc->exp_rel |= 1ull << i;
    }
    return 0;
}
