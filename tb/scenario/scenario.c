/* scenario.c - strict scenario parser and constrained-random step generator. */
#include "scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config_int.h"
#include "json_strict.h"
#include "drivers/sampler.h"
#include "stimulus/storage.h"

static const char *const op_names[CPUMF_OP_COUNT] = {
    "LPP", "LCCTL", "LPCTL", "LSCTL", "QCTRI", "QSI", "ECCTR", "EPCTR", "SCCTR", "SPCTR",
    "ECPGA", "STCCTM"
};

const char *tb_op_name(unsigned op)
{
    return op < CPUMF_OP_COUNT ? op_names[op] : "?";
}

const char *tb_exc_name(unsigned exc)
{
    switch (exc) {
    case CPUMF_EXC_NONE: return NULL;
    case CPUMF_EXC_OPERATION: return "operation";
    case CPUMF_EXC_PRIVILEGED: return "privileged-operation";
    case CPUMF_EXC_SPECIAL_OP: return "special-operation";
    case CPUMF_EXC_SPECIFICATION: return "specification";
    case CPUMF_EXC_ACCESS: return "access";
    default: return "unknown";
    }
}

static const struct { const char *name; uint8_t mask; } set_names[] = {
    { "basic", CPUMF_SET_BASIC }, { "problem_state", CPUMF_SET_PROBLEM },
    { "crypto", CPUMF_SET_CRYPTO }, { "extended", CPUMF_SET_EXT }, { "mt", CPUMF_SET_MT }
};

/* growing arrays */
typedef struct parse_ctx {
    const jdoc *d;
    tb_scenario *sc;
    char *err;
    size_t errlen;
    uint32_t cap_steps, cap_mem, cap_acts;
} parse_ctx;

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fprintf(stderr, "cpumf: out of memory\n");
        abort();
    }
    return q;
}

static tb_step *new_step(parse_ctx *p)
{
    tb_scenario *sc = p->sc;
    if (sc->n_steps == p->cap_steps) {
        p->cap_steps = p->cap_steps ? p->cap_steps * 2 : 16;
        sc->steps = xrealloc(sc->steps, p->cap_steps * sizeof *sc->steps);
    }
    memset(&sc->steps[sc->n_steps], 0, sizeof *sc->steps);
    return &sc->steps[sc->n_steps++];
}

static tb_mem_init *new_mem(parse_ctx *p, uint64_t addr, size_t len)
{
    tb_scenario *sc = p->sc;
    tb_mem_init *m;
    if (sc->n_mem == p->cap_mem) {
        p->cap_mem = p->cap_mem ? p->cap_mem * 2 : 16;
        sc->mem = xrealloc(sc->mem, p->cap_mem * sizeof *sc->mem);
    }
    m = &sc->mem[sc->n_mem++];
    m->addr = addr;
    m->len = len;
    m->bytes = xrealloc(NULL, len);
    return m;
}

#define FAIL(node, ...) jdoc_fail(p->d, (node), p->err, p->errlen, __VA_ARGS__)
#define GET(obj, key) cJSON_GetObjectItemCaseSensitive((obj), (key))

/* "file:l:c: reason" -> "file:l:c: key: reason" for an object member */
static int qualify(parse_ctx *p, const cJSON *n)
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

static int get_u64(parse_ctx *p, const cJSON *n, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (jdoc_u64(p->d, n, lo, hi, out, p->err, p->errlen) != 0)
        return qualify(p, n);
    return 0;
}

/* A "cpu" value: an index of the scenario's system. */
static int get_cpu(parse_ctx *p, const cJSON *n, uint8_t *out)
{
    uint64_t v;
    if (get_u64(p, n, 0, 255, &v))
        return -1;
    if (v >= p->sc->system.n_cpus)
        return FAIL(n, "cpu %llu out of range: system %s has %u CPUs", (unsigned long long)v,
                    p->sc->system.name, p->sc->system.n_cpus);
    *out = (uint8_t)v;
    return 0;
}

static int get_bool(parse_ctx *p, const cJSON *n, uint8_t *out)
{
    int b;
    if (jdoc_bool(p->d, n, &b, p->err, p->errlen) != 0)
        return qualify(p, n);
    *out = (uint8_t)(b != 0);
    return 0;
}

static int get_str(parse_ctx *p, const cJSON *n, const char **out)
{
    if (jdoc_str(p->d, n, out, p->err, p->errlen) != 0)
        return qualify(p, n);
    return 0;
}

static int keys(parse_ctx *p, const cJSON *o, const char *const *allowed)
{
    if (!cJSON_IsObject(o))
        return FAIL(o, "expected an object");
    return jdoc_check_keys(p->d, o, allowed, p->err, p->errlen);
}

/* hex string (even length, optional 0x) -> bytes */
static int get_hex(parse_ctx *p, const cJSON *n, uint8_t **out, size_t *len)
{
    const char *s;
    size_t l, i;
    if (get_str(p, n, &s))
        return -1;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
    l = strlen(s);
    if (l == 0 || l % 2)
        return FAIL(n, "expected a nonempty hex string of whole bytes");
    if (l / 2 > (1u << 24))
        return FAIL(n, "hex string longer than 16 MiB");
    *out = xrealloc(NULL, l / 2);
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

static int range_available(const cpumf_system_cfg *cfg, uint64_t addr, size_t len)
{
    uint64_t off;
    if (!len)
        return 1;
    for (off = 0; off < len; off = (off | 7u) + 1u)
        if (!tb_storage_cfg_available(cfg, addr + off))
            return 0;
    return tb_storage_cfg_available(cfg, addr + len - 1);
}

static int parse_memory(parse_ctx *p, const cJSON *arr)
{
    static const char *const mk[] = { "addr", "u64", "hex", "comment", NULL };
    const cJSON *e;
    if (!cJSON_IsArray(arr))
        return FAIL(arr, "memory: expected an array");
    cJSON_ArrayForEach(e, arr) {
        const cJSON *a, *u, *h;
        uint64_t addr;
        if (keys(p, e, mk))
            return -1;
        a = GET(e, "addr");
        u = GET(e, "u64");
        h = GET(e, "hex");
        if (!a)
            return FAIL(e, "memory entry needs \"addr\"");
        if (get_u64(p, a, 0, UINT64_MAX, &addr))
            return -1;
        if (!!u == !!h)
            return FAIL(e, "memory entry needs exactly one of \"u64\" and \"hex\"");
        if (u) {
            const cJSON *v;
            int n = cJSON_IsArray(u) ? cJSON_GetArraySize(u) : -1, i = 0;
            tb_mem_init *m;
            if (n <= 0)
                return FAIL(u, "u64: expected a nonempty array of doublewords");
            m = new_mem(p, addr, (size_t)n * 8u);
            cJSON_ArrayForEach(v, u) {
                uint64_t x;
                int b;
                if (get_u64(p, v, 0, UINT64_MAX, &x))
                    return -1;
                for (b = 0; b < 8; b++)
                    m->bytes[i * 8 + b] = (uint8_t)(x >> (56 - 8 * b));
                i++;
            }
            if (!range_available(&p->sc->system, addr, m->len))
                return FAIL(a, "memory at 0x%llx (%zu bytes) is not available in system %s",
                            (unsigned long long)addr, m->len, p->sc->system.name);
        } else {
            uint8_t *bytes;
            size_t len;
            tb_mem_init *m;
            if (get_hex(p, h, &bytes, &len))
                return -1;
            m = new_mem(p, addr, 0);
            free(m->bytes);
            m->bytes = bytes;
            m->len = len;
            if (!range_available(&p->sc->system, addr, len))
                return FAIL(a, "memory at 0x%llx (%zu bytes) is not available in system %s",
                            (unsigned long long)addr, len, p->sc->system.name);
        }
    }
    return 0;
}

static int parse_set_list(parse_ctx *p, const cJSON *n, int sampling, uint8_t *mask)
{
    const cJSON *e;
    if (cJSON_IsString(n) && !sampling) {
        /* single name allowed for event "set" */
    } else if (!cJSON_IsArray(n)) {
        return FAIL(n, "expected an array of names");
    }
    *mask = 0;
    for (e = cJSON_IsArray(n) ? n->child : n; e; e = cJSON_IsArray(n) ? e->next : NULL) {
        const char *s;
        unsigned i;
        int found = 0;
        if (get_str(p, e, &s))
            return -1;
        if (sampling) {
            if (strcmp(s, "basic") == 0) {
                *mask |= CPUMF_SF_BASIC;
                found = 1;
            } else if (strcmp(s, "diagnostic") == 0) {
                *mask |= CPUMF_SF_DIAG;
                found = 1;
            }
            if (!found)
                return FAIL(e, "unknown sampling function \"%s\" (basic, diagnostic)", s);
        } else {
            for (i = 0; i < sizeof set_names / sizeof set_names[0]; i++)
                if (strcmp(s, set_names[i].name) == 0) {
                    *mask |= set_names[i].mask;
                    found = 1;
                }
            if (!found)
                return FAIL(e, "unknown counter set \"%s\" (basic, problem_state, crypto, extended, mt)", s);
        }
    }
    return 0;
}

static int parse_auth(parse_ctx *p, const cJSON *o, tb_step *st)
{
    static const char *const ak[] = { "counter_sets", "sampling", "cg", NULL };
    const cJSON *n;
    if (keys(p, o, ak))
        return -1;
    if ((n = GET(o, "counter_sets")) && parse_set_list(p, n, 0, &st->cf_mask))
        return -1;
    if ((n = GET(o, "sampling")) && parse_set_list(p, n, 1, &st->sf_mask))
        return -1;
    if ((n = GET(o, "cg"))) {
        uint8_t b = 0;
        if (get_bool(p, n, &b))
            return -1;
        if (!b)
            return FAIL(n, "cg: only true is meaningful (omit the key to leave the groups unchanged)");
        st->cf_mask |= CPUMF_AUTH_CG;
    }
    return 0;
}

static int parse_exc_name(parse_ctx *p, const cJSON *n, uint8_t *out)
{
    static const struct { const char *s; uint8_t c; } t[] = {
        { "operation", CPUMF_EXC_OPERATION }, { "privileged-operation", CPUMF_EXC_PRIVILEGED },
        { "special-operation", CPUMF_EXC_SPECIAL_OP }, { "specification", CPUMF_EXC_SPECIFICATION },
        { "access", CPUMF_EXC_ACCESS }
    };
    const char *s;
    unsigned i;
    if (cJSON_IsNull(n)) {
        *out = CPUMF_EXC_NONE;
        return 0;
    }
    if (get_str(p, n, &s))
        return -1;
    for (i = 0; i < sizeof t / sizeof t[0]; i++)
        if (strcmp(s, t[i].s) == 0) {
            *out = t[i].c;
            return 0;
        }
    return FAIL(n, "unknown exception \"%s\" (operation, privileged-operation, special-operation, "
                   "specification, access, null)", s);
}

static int parse_step(parse_ctx *p, const cJSON *o)
{
    static const char *const kinds[] = { "insn", "authorize", "unauthorize", "reset", "stop",
                                         "start", "event", "cr0_58", "activity" };
    static const char *const all_keys[] = { "at", "cpu", "comment", "insn", "authorize",
                                            "unauthorize", "reset", "stop", "start", "event",
                                            "cr0_58", "activity", "r1", "r2", "m3", "addr",
                                            "problem", "cr0_15", "expect", "set", "param", NULL };
    const cJSON *n, *kind_node = NULL, *it;
    tb_step *st;
    int kind = -1;
    unsigned i;
    uint64_t v;

    if (!cJSON_IsObject(o))
        return FAIL(o, "a step is an object");
    cJSON_ArrayForEach(it, o) {
        const char *const *a;
        for (a = all_keys; *a && strcmp(*a, it->string) != 0; a++)
            ;
        if (!*a)
            return jdoc_fail_key(p->d, it, p->err, p->errlen,
                                 "unknown key \"%s\" in a step (kinds: insn, authorize, unauthorize, "
                                 "reset, stop, start, event, cr0_58, activity)", it->string);
    }
    for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if ((n = GET(o, kinds[i]))) {
            if (kind >= 0)
                return FAIL(n, "a step has one kind: \"%s\" and \"%s\" given", kinds[kind], kinds[i]);
            kind = (int)i;
            kind_node = n;
        }
    }
    if (kind < 0)
        return FAIL(o, "step without a kind (insn, authorize, unauthorize, reset, stop, start, "
                       "event, cr0_58, activity)");
    /* operand keys only with their kind */
    cJSON_ArrayForEach(it, o) {
        const char *k = it->string;
        int insn_key = !strcmp(k, "r1") || !strcmp(k, "r2") || !strcmp(k, "m3") ||
                       !strcmp(k, "addr") || !strcmp(k, "problem") || !strcmp(k, "cr0_15") ||
                       !strcmp(k, "expect");
        int ev_key = !strcmp(k, "set") || !strcmp(k, "param");
        if ((insn_key && kind != TB_STEP_INSN) || (ev_key && kind != TB_STEP_EVENT))
            return FAIL(it, "key \"%s\" not allowed in a%s \"%s\" step", k,
                        kind == TB_STEP_INSN || kind == TB_STEP_AUTHORIZE || kind == TB_STEP_UNAUTHORIZE ||
                        kind == TB_STEP_EVENT || kind == TB_STEP_ACTIVITY ? "n" : "", kinds[kind]);
    }
    st = new_step(p);
    st->kind = (uint8_t)kind;
    jdoc_pos(p->d, o, &st->line, &st->col);
    st->cr0_58 = 1;
    if (!(n = GET(o, "at")))
        return FAIL(o, "step needs \"at\" (the cycle)");
    if (get_u64(p, n, 0, (uint64_t)1 << 48, &st->at))
        return -1;
    if ((n = GET(o, "cpu")) && get_cpu(p, n, &st->cpu))
        return -1;
    if ((n = GET(o, "comment"))) {
        const char *s;
        if (get_str(p, n, &s))
            return -1;
    }
    switch (kind) {
    case TB_STEP_INSN: {
        const char *s;
        int found = -1;
        if (get_str(p, kind_node, &s))
            return -1;
        for (i = 0; i < CPUMF_OP_COUNT; i++)
            if (strcmp(s, op_names[i]) == 0)
                found = (int)i;
        if (found < 0)
            return FAIL(kind_node, "unknown instruction \"%s\" (LPP LCCTL LPCTL LSCTL QCTRI QSI ECCTR "
                                   "EPCTR SCCTR SPCTR ECPGA STCCTM)", s);
        st->op = (uint8_t)found;
        if ((n = GET(o, "r1")) && get_u64(p, n, 0, UINT64_MAX, &st->r1))
            return -1;
        if ((n = GET(o, "r2")) && get_u64(p, n, 0, UINT64_MAX, &st->r2))
            return -1;
        if ((n = GET(o, "addr")) && get_u64(p, n, 0, UINT64_MAX, &st->addr))
            return -1;
        if ((n = GET(o, "m3"))) {
            if (get_u64(p, n, 0, 15, &v))
                return -1;
            st->m3 = (uint8_t)v;
        }
        if ((n = GET(o, "problem")) && get_bool(p, n, &st->problem))
            return -1;
        if ((n = GET(o, "cr0_15")) && get_bool(p, n, &st->cr0_15))
            return -1;
        if ((n = GET(o, "expect"))) {
            static const char *const ek[] = { "cc", "exception", "r1", "issued", "done", NULL };
            const cJSON *m;
            if (keys(p, n, ek))
                return -1;
            if ((m = GET(n, "cc"))) {
                if (get_u64(p, m, 0, 3, &v))
                    return -1;
                if (st->op == CPUMF_OP_LPP || st->op == CPUMF_OP_QCTRI || st->op == CPUMF_OP_QSI)
                    return FAIL(m, "%s leaves the condition code unchanged: its result cc is null",
                                op_names[st->op]);
                st->exp_cc = (uint8_t)v;
                st->exp_flags |= TB_EXP_CC;
            }
            if ((m = GET(n, "exception"))) {
                if (parse_exc_name(p, m, &st->exp_exc))
                    return -1;
                st->exp_flags |= TB_EXP_EXC;
            }
            if ((m = GET(n, "r1"))) {
                if (get_u64(p, m, 0, UINT64_MAX, &st->exp_r1))
                    return -1;
                st->exp_flags |= TB_EXP_R1;
            }
            if ((m = GET(n, "issued"))) {
                if (get_u64(p, m, 0, UINT64_MAX, &st->exp_issued))
                    return -1;
                st->exp_flags |= TB_EXP_ISSUED;
            }
            if ((m = GET(n, "done"))) {
                if (get_u64(p, m, 0, UINT64_MAX, &st->exp_done))
                    return -1;
                st->exp_flags |= TB_EXP_DONE;
            }
        }
        break;
    }
    case TB_STEP_AUTHORIZE:
    case TB_STEP_UNAUTHORIZE:
        return parse_auth(p, kind_node, st);
    case TB_STEP_RESET: {
        static const char *const rn[] = { "", "cpu", "initial-cpu", "clear", "power-on" };
        const char *s;
        if (get_str(p, kind_node, &s))
            return -1;
        for (i = 1; i < 5; i++)
            if (strcmp(s, rn[i]) == 0)
                st->reset = (uint8_t)i;
        if (!st->reset)
            return FAIL(kind_node, "unknown reset \"%s\" (power-on, clear, initial-cpu, cpu)", s);
        break;
    }
    case TB_STEP_STOP:
    case TB_STEP_START: {
        uint8_t b = 0;
        if (get_bool(p, kind_node, &b))
            return -1;
        if (!b)
            return FAIL(kind_node, "%s: only true is allowed", kinds[kind]);
        break;
    }
    case TB_STEP_EVENT: {
        static const char *const en[] = { "loss_cpu_counter_data", "loss_mt_counter_data",
                                          "loss_sample_data", "cg_address_change", "set_multithreading" };
        const char *s;
        int found = -1;
        const cJSON *sn = GET(o, "set"), *pn = GET(o, "param");
        if (get_str(p, kind_node, &s))
            return -1;
        for (i = 0; i < 5; i++)
            if (strcmp(s, en[i]) == 0)
                found = (int)i;
        if (found < 0)
            return FAIL(kind_node, "unknown event \"%s\" (loss_cpu_counter_data, loss_mt_counter_data, "
                                   "loss_sample_data, cg_address_change, set_multithreading)", s);
        st->event = (uint8_t)found;
        if (found == TB_EV_LOSS_CPU) {
            if (!sn)
                return FAIL(o, "loss_cpu_counter_data needs \"set\"");
            if (parse_set_list(p, sn, 0, &st->ev_set))
                return -1;
        } else if (sn) {
            return FAIL(sn, "\"set\" only goes with loss_cpu_counter_data");
        }
        if (found == TB_EV_SET_MT) {
            if (!pn)
                return FAIL(o, "set_multithreading needs \"param\"");
            if (get_u64(p, pn, 0, UINT64_MAX, &st->ev_param))
                return -1;
        } else if (pn) {
            return FAIL(pn, "\"param\" only goes with set_multithreading");
        }
        break;
    }
    case TB_STEP_CR0_58:
        return get_bool(p, kind_node, &st->cr0_58);
    case TB_STEP_ACTIVITY: {
        tb_scenario *sc = p->sc;
        uint32_t idx = sc->n_acts;
        if (sc->n_acts == p->cap_acts) {
            p->cap_acts = p->cap_acts ? p->cap_acts * 2 : 8;
            sc->acts = xrealloc(sc->acts, p->cap_acts * sizeof *sc->acts);
        }
        sc->n_acts++;
        st->act = idx;
        return tb_activity_parse(p->d, kind_node, &sc->acts[idx], p->err, p->errlen);
    }
    default:
        break;
    }
    return 0;
}

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

static int parse_state(parse_ctx *p, const cJSON *n, int8_t *out)
{
    static const char *const sn[] = { "unauthorized", "disabled", "inactive", "active" };
    const char *s;
    int i;
    if (get_str(p, n, &s))
        return -1;
    for (i = 0; i < 4; i++)
        if (strcmp(s, sn[i]) == 0) {
            *out = (int8_t)i;
            return 0;
        }
    return FAIL(n, "unknown state \"%s\" (unauthorized, disabled, inactive, active)", s);
}

/* N or {"min": N, "max": N} */
static int parse_range(parse_ctx *p, const cJSON *n, tb_range *r)
{
    static const char *const rk[] = { "min", "max", NULL };
    const cJSON *m;
    r->has = 1;
    r->lo = 0;
    r->hi = UINT64_MAX;
    if (!cJSON_IsObject(n)) {
        if (get_u64(p, n, 0, UINT64_MAX, &r->lo))
            return -1;
        r->hi = r->lo;
        return 0;
    }
    if (keys(p, n, rk))
        return qualify(p, n);
    if ((m = GET(n, "min")) && get_u64(p, m, 0, UINT64_MAX, &r->lo))
        return -1;
    if ((m = GET(n, "max")) && get_u64(p, m, 0, UINT64_MAX, &r->hi))
        return -1;
    if (r->lo > r->hi)
        return FAIL(n, "%s: min is above max", n->string ? n->string : "range");
    return 0;
}

static int parse_driver(parse_ctx *p, const cJSON *o, tb_driver *dv)
{
    static const char *const dk[] = { "cpu", "kind", "sdbs", "sdbs_per_table", "interval", "functions",
                                       "start", "stop", "resume", "buffer", "alert_bit",
                                       "program_parameter", "sequence", "check_intervals", "expect",
                                       "comment", NULL };
    static const char *const ek[] = { "samples_read", "overflow", "alerts", "blocks", "invalid_entry",
                                       "incorrect_sdbt", "loss", NULL };
    const tb_scenario *sc = p->sc;
    const cJSON *n;
    const char *s;
    uint64_t v;
    unsigned i;

    memset(dv, 0, sizeof *dv);
    jdoc_pos(p->d, o, &dv->line, &dv->col);
    if (keys(p, o, dk))
        return -1;
    if (!(n = GET(o, "kind")))
        return FAIL(o, "driver needs \"kind\" (sampler)");
    if (get_str(p, n, &s))
        return -1;
    if (strcmp(s, "sampler") != 0)
        return FAIL(n, "kind: unknown driver \"%s\" (sampler)", s);
    dv->kind = TB_DRV_SAMPLER;
    if ((n = GET(o, "cpu")) && get_cpu(p, n, &dv->cpu))
        return -1;
    if (!(n = GET(o, "sdbs")))
        return FAIL(o, "sampler needs \"sdbs\" (number of sample-data blocks)");
    if (get_u64(p, n, 1, 65536, &v))
        return -1;
    dv->sdbs = (uint32_t)v;
    dv->per_table = 511;
    if ((n = GET(o, "sdbs_per_table"))) {
        if (get_u64(p, n, 1, 511, &v))
            return -1;
        dv->per_table = (uint32_t)v;
    }
    if (!(n = GET(o, "interval")))
        return FAIL(o, "sampler needs \"interval\" (cycles; clamped into the QSI range)");
    if (get_u64(p, n, 0, UINT64_MAX, &dv->interval))
        return -1;
    dv->functions = CPUMF_SF_BASIC;
    if ((n = GET(o, "functions"))) {
        if (parse_set_list(p, n, 1, &dv->functions))
            return -1;
        if (!(dv->functions & CPUMF_SF_BASIC))
            return FAIL(n, "functions: \"basic\" is required (diagnostic sampling comes with basic)");
    }
    if ((n = GET(o, "start")) && get_u64(p, n, 0, UINT64_MAX - 1, &dv->start))
        return -1;
    if ((n = GET(o, "stop"))) {
        if (get_u64(p, n, 0, UINT64_MAX - 1, &dv->stop))
            return -1;
        if (dv->stop <= dv->start)
            return FAIL(n, "stop: must be after start (%llu)", (unsigned long long)dv->start);
        dv->has_stop = 1;
    }
    if ((n = GET(o, "resume"))) {
        if (!dv->has_stop)
            return FAIL(n, "resume: needs \"stop\"");
        if (get_u64(p, n, 0, UINT64_MAX - 1, &dv->resume))
            return -1;
        if (dv->resume <= dv->stop)
            return FAIL(n, "resume: must be after stop (%llu)", (unsigned long long)dv->stop);
        dv->has_resume = 1;
    }
    if ((n = GET(o, "buffer"))) {
        if (get_str(p, n, &s))
            return -1;
        if (strcmp(s, "1m") == 0)
            dv->big = 1;
        else if (strcmp(s, "4k") != 0)
            return FAIL(n, "buffer: \"4k\" or \"1m\", not \"%s\"", s);
    }
    dv->alert_bit = 1;
    if ((n = GET(o, "alert_bit")) && get_bool(p, n, &dv->alert_bit))
        return -1;
    dv->pp = 0x5346000000000000ull | dv->cpu;
    if ((n = GET(o, "program_parameter")) && get_u64(p, n, 0, UINT64_MAX, &dv->pp))
        return -1;
    if ((n = GET(o, "sequence"))) {
        if (get_u64(p, n, 0, 999, &v))
            return -1;
        dv->sequence = (uint32_t)v;
    }
    if ((n = GET(o, "check_intervals"))) {
        if (get_bool(p, n, &dv->check_intervals))
            return -1;
        if (dv->check_intervals && sc->system.interval_mode != 0)
            return FAIL(n, "check_intervals: only in the exact interval mode (system %s is not)",
                        sc->system.name);
    }
    if ((n = GET(o, "comment")) && get_str(p, n, &s))
        return -1;
    if ((n = GET(o, "expect"))) {
        const cJSON *m;
        if (keys(p, n, ek))
            return -1;
        for (i = 0; i < TB_DRV_NEXP; i++)
            if ((m = GET(n, ek[i])) && parse_range(p, m, &dv->expect[i]))
                return -1;
    }
    return 0;
}

static int region_free(const cpumf_system_cfg *cfg, uint64_t a, uint64_t size, uint64_t *next)
{
    unsigned h;
    if (a + size < a || a + size > cfg->storage_size)
        return -1;
    for (h = 0; h < cfg->n_holes; h++) {
        const cpumf_hole *x = &cfg->holes[h];
        if (a < x->base + x->size && x->base < a + size) {
            *next = x->base + x->size;
            return 0;
        }
    }
    return 1;
}

/* bump allocation of size bytes aligned to size (size is a power of 2) */
static int drv_alloc(const cpumf_system_cfg *cfg, uint64_t *bump, uint64_t size, uint64_t *out)
{
    for (;;) {
        uint64_t a = (*bump + size - 1) & ~(size - 1), nx = 0;
        int r;
        if (a < *bump)
            return -1;
        r = region_free(cfg, a, size, &nx);
        if (r < 0)
            return -1;
        if (r == 1) {
            *out = a;
            *bump = a + size;
            return 0;
        }
        *bump = nx;
    }
}

static int layout_drivers(parse_ctx *p, const cJSON *arr)
{
    tb_scenario *sc = p->sc;
    uint64_t bump = 0x100000;
    uint32_t i, k;
    const cJSON *e = arr->child;
    for (i = 0; i < sc->n_mem; i++)
        if (sc->mem[i].addr + sc->mem[i].len > bump)
            bump = sc->mem[i].addr + sc->mem[i].len;
    for (i = 0; i < sc->n_drivers; i++, e = e->next) {
        tb_driver *dv = &sc->drivers[i];
        uint64_t bsz = dv->big ? 0x100000u : 0x1000u;
        dv->n_tables = (dv->sdbs + dv->per_table - 1) / dv->per_table;
        dv->table = xrealloc(NULL, dv->n_tables * sizeof *dv->table);
        dv->sdb = xrealloc(NULL, dv->sdbs * sizeof *dv->sdb);
        if (drv_alloc(&sc->system, &bump, 0x1000, &dv->ctl))
            goto full;
        for (k = 0; k < dv->n_tables; k++)
            if (drv_alloc(&sc->system, &bump, 0x1000, &dv->table[k]))
                goto full;
        for (k = 0; k < dv->sdbs; k++)
            if (drv_alloc(&sc->system, &bump, bsz, &dv->sdb[k]))
                goto full;
        continue;
full:
        return FAIL(e, "drivers: no room for the sampler's %u tables and %u SDBs of %s above the "
                       "scenario's memory in system %s (storage 0x%llx)", dv->n_tables, dv->sdbs,
                    dv->big ? "1 MiB" : "4 KiB", sc->system.name, (unsigned long long)sc->system.storage_size);
    }
    return 0;
}

static int parse_icounts(parse_ctx *p, const cJSON *a)
{
    static const char *const ik[] = { "cpu", "param", "min", "max", NULL };
    tb_scenario *sc = p->sc;
    const cJSON *e, *n;
    uint64_t v;
    uint32_t i = 0;
    if (!cJSON_IsArray(a))
        return FAIL(a, "expect_interruption_counts: expected an array");
    sc->n_exp_icount = (uint32_t)cJSON_GetArraySize(a);
    sc->exp_icount = xrealloc(NULL, sc->n_exp_icount * sizeof *sc->exp_icount);
    memset(sc->exp_icount, 0, sc->n_exp_icount * sizeof *sc->exp_icount);
    cJSON_ArrayForEach(e, a) {
        tb_expect_icount *x = &sc->exp_icount[i++];
        if (keys(p, e, ik))
            return -1;
        if ((n = GET(e, "cpu")) && get_cpu(p, n, &x->cpu))
            return -1;
        if (!(n = GET(e, "param")))
            return FAIL(e, "interruption count needs \"param\"");
        if (get_u64(p, n, 0, 0xffffffffu, &v))
            return -1;
        x->param = (uint32_t)v;
        x->lo = 1;
        x->hi = UINT64_MAX;
        if ((n = GET(e, "min")) && get_u64(p, n, 0, UINT64_MAX, &x->lo))
            return -1;
        if ((n = GET(e, "max")) && get_u64(p, n, 0, UINT64_MAX, &x->hi))
            return -1;
        if (x->lo > x->hi)
            return FAIL(e, "min is above max");
    }
    return 0;
}

static int parse_expect_final(parse_ctx *p, const cJSON *o)
{
    static const char *const fk[] = { "cpus", "global", NULL };
    static const char *const ck[] = { "counters", "counter_sets", "sampling", "alert_pending",
                                      "program_parameter", "samples", "tear", "dear", "interval",
                                      "s", "h", NULL };
    static const char *const smk[] = { "stored", "overflow", "collisions", "read", "lost", NULL };
    static const char *const sets6[] = { "basic", "problem_state", "crypto", "extended", "mt", "cg", NULL };
    static const char *const sf2[] = { "basic", "diagnostic", NULL };
    static const char *const gk[] = { "e", "c", "change", "mt_enabled", "cg_counters", NULL };
    tb_scenario *sc = p->sc;
    const cJSON *n, *c, *it;
    unsigned ci = 0;
    uint64_t v;
    int i;

    if (keys(p, o, fk))
        return -1;
    sc->has_expect_final = 1;
    for (ci = 0; ci < CPUMF_MAX_CPUS; ci++) {
        memset(sc->exp_cpu[ci].set_state, -1, sizeof sc->exp_cpu[ci].set_state);
        memset(sc->exp_cpu[ci].sf_state, -1, sizeof sc->exp_cpu[ci].sf_state);
        sc->exp_cpu[ci].s = sc->exp_cpu[ci].h = -1;
    }
    sc->exp_global.e = sc->exp_global.c = sc->exp_global.change = sc->exp_global.mt_enabled = -1;
    if ((n = GET(o, "cpus"))) {
        if (!cJSON_IsArray(n))
            return FAIL(n, "cpus: expected an array (index = CPU; null or {} skips a CPU)");
        if (cJSON_GetArraySize(n) > sc->system.n_cpus)
            return FAIL(n, "cpus: %d entries, system %s has %u CPUs", cJSON_GetArraySize(n),
                        sc->system.name, sc->system.n_cpus);
        ci = 0;
        cJSON_ArrayForEach(c, n) {
            tb_expect_cpu *x = &sc->exp_cpu[ci++];
            const cJSON *m;
            if (cJSON_IsNull(c))
                continue;
            if (keys(p, c, ck))
                return -1;
            x->present = 1;
            if ((m = GET(c, "counters"))) {
                if (!cJSON_IsObject(m))
                    return FAIL(m, "counters: expected an object {\"number\": value or null}");
                x->n_ctr = (uint32_t)cJSON_GetArraySize(m);
                x->ctr_num = xrealloc(NULL, x->n_ctr * sizeof *x->ctr_num);
                x->ctr_val = xrealloc(NULL, x->n_ctr * sizeof *x->ctr_val);
                x->ctr_absent = xrealloc(NULL, x->n_ctr * sizeof *x->ctr_absent);
                i = 0;
                cJSON_ArrayForEach(it, m) {
                    unsigned num;
                    if (parse_ctr_key(p, it, 0xffff, &num))
                        return -1;
                    x->ctr_num[i] = (uint16_t)num;
                    x->ctr_absent[i] = (uint8_t)cJSON_IsNull(it);
                    x->ctr_val[i] = 0;
                    if (!x->ctr_absent[i] && get_u64(p, it, 0, UINT64_MAX, &x->ctr_val[i]))
                        return -1;
                    i++;
                }
            }
            if ((m = GET(c, "counter_sets"))) {
                if (keys(p, m, sets6))
                    return -1;
                for (i = 0; i < 6; i++)
                    if ((it = GET(m, sets6[i])) && parse_state(p, it, &x->set_state[i]))
                        return -1;
            }
            if ((m = GET(c, "sampling"))) {
                if (keys(p, m, sf2))
                    return -1;
                for (i = 0; i < 2; i++)
                    if ((it = GET(m, sf2[i])) && parse_state(p, it, &x->sf_state[i]))
                        return -1;
            }
            if ((m = GET(c, "alert_pending"))) {
                if (get_u64(p, m, 0, 0xffffffffu, &v))
                    return -1;
                x->alert = (uint32_t)v;
                x->has_alert = 1;
            }
            if ((m = GET(c, "program_parameter"))) {
                if (get_u64(p, m, 0, UINT64_MAX, &x->pp))
                    return -1;
                x->has_pp = 1;
            }
            if ((m = GET(c, "samples"))) {
                if (keys(p, m, smk))
                    return -1;
                for (i = 0; i < TB_SMP_NEXP; i++)
                    if ((it = GET(m, smk[i])) && parse_range(p, it, &x->samples[i]))
                        return -1;
            }
            if ((m = GET(c, "tear"))) {
                if (get_u64(p, m, 0, UINT64_MAX, &x->tear))
                    return -1;
                x->has_tear = 1;
            }
            if ((m = GET(c, "dear"))) {
                if (get_u64(p, m, 0, UINT64_MAX, &x->dear))
                    return -1;
                x->has_dear = 1;
            }
            if ((m = GET(c, "interval"))) {
                if (get_u64(p, m, 0, UINT64_MAX, &x->interval))
                    return -1;
                x->has_interval = 1;
            }
            if ((m = GET(c, "s"))) {
                if (get_u64(p, m, 0, 1, &v))
                    return -1;
                x->s = (int8_t)v;
            }
            if ((m = GET(c, "h"))) {
                if (get_u64(p, m, 0, 1, &v))
                    return -1;
                x->h = (int8_t)v;
            }
        }
    }
    if ((n = GET(o, "global"))) {
        const cJSON *m;
        int8_t *dst[4] = { &sc->exp_global.e, &sc->exp_global.c, &sc->exp_global.change,
                           &sc->exp_global.mt_enabled };
        if (keys(p, n, gk))
            return -1;
        for (i = 0; i < 4; i++) {
            if ((m = GET(n, gk[i]))) {
                if (get_u64(p, m, 0, 1, &v))
                    return -1;
                *dst[i] = (int8_t)v;
            }
        }
        if ((m = GET(n, "cg_counters"))) {
            tb_expect_global *g = &sc->exp_global;
            const cJSON *grp;
            uint32_t cap = 0;
            if (!cJSON_IsObject(m))
                return FAIL(m, "cg_counters: expected {\"group index\": {\"counter\": value}}");
            cJSON_ArrayForEach(grp, m) {
                unsigned gi;
                if (parse_ctr_key(p, grp, CPUMF_MAX_CGS - 1, &gi))
                    return -1;
                if (!cJSON_IsObject(grp))
                    return FAIL(grp, "expected an object {\"counter\": value}");
                cJSON_ArrayForEach(it, grp) {
                    unsigned k;
                    if (parse_ctr_key(p, it, CPUMF_CG_NCTR - 1, &k))
                        return -1;
                    if (g->n_cg == cap) {
                        cap = cap ? cap * 2 : 8;
                        g->cg_group = xrealloc(g->cg_group, cap);
                        g->cg_index = xrealloc(g->cg_index, cap);
                        g->cg_val = xrealloc(g->cg_val, cap * sizeof *g->cg_val);
                    }
                    g->cg_group[g->n_cg] = (uint8_t)gi;
                    g->cg_index[g->n_cg] = (uint8_t)k;
                    if (get_u64(p, it, 0, UINT64_MAX, &g->cg_val[g->n_cg]))
                        return -1;
                    g->n_cg++;
                }
            }
        }
    }
    return 0;
}

static int parse_expect_intr(parse_ctx *p, const cJSON *a)
{
    static const char *const ik[] = { "cpu", "cycle", "param", "code", NULL };
    tb_scenario *sc = p->sc;
    const cJSON *e, *n;
    uint64_t v;
    uint32_t i = 0;
    if (!cJSON_IsArray(a))
        return FAIL(a, "expect_interruptions: expected an array");
    sc->has_expect_intr = 1;
    sc->n_exp_intr = (uint32_t)cJSON_GetArraySize(a);
    sc->exp_intr = xrealloc(NULL, sc->n_exp_intr * sizeof *sc->exp_intr);
    memset(sc->exp_intr, 0, sc->n_exp_intr * sizeof *sc->exp_intr);
    cJSON_ArrayForEach(e, a) {
        tb_expect_intr *x = &sc->exp_intr[i++];
        if (keys(p, e, ik))
            return -1;
        if ((n = GET(e, "cpu")) && get_cpu(p, n, &x->cpu))
            return -1;
        if ((n = GET(e, "cycle"))) {
            if (get_u64(p, n, 0, UINT64_MAX, &x->cycle))
                return -1;
            x->has_cycle = 1;
        }
        if (!(n = GET(e, "param")))
            return FAIL(e, "interruption needs \"param\"");
        if (get_u64(p, n, 0, 0xffffffffu, &v))
            return -1;
        x->param = (uint32_t)v;
        if ((n = GET(e, "code"))) {
            if (get_u64(p, n, 0x1407, 0x1407, &v))
                return -1;
        }
    }
    return 0;
}

static int parse_dumps(parse_ctx *p, const cJSON *a, int expect)
{
    static const char *const dk[] = { "addr", "len", NULL };
    static const char *const ek[] = { "addr", "hex", NULL };
    tb_scenario *sc = p->sc;
    const cJSON *e, *n;
    uint32_t i = 0, cnt;
    if (!cJSON_IsArray(a))
        return FAIL(a, "%s: expected an array", expect ? "expect_dumps" : "dump");
    cnt = (uint32_t)cJSON_GetArraySize(a);
    if (expect) {
        sc->n_exp_dump = cnt;
        sc->exp_dump = xrealloc(NULL, cnt * sizeof *sc->exp_dump);
        memset(sc->exp_dump, 0, cnt * sizeof *sc->exp_dump);
    } else {
        sc->n_dump = cnt;
        sc->dump = xrealloc(NULL, cnt * sizeof *sc->dump);
    }
    cJSON_ArrayForEach(e, a) {
        uint64_t addr, len = 0;
        if (keys(p, e, expect ? ek : dk))
            return -1;
        if (!(n = GET(e, "addr")))
            return FAIL(e, "needs \"addr\"");
        if (get_u64(p, n, 0, UINT64_MAX, &addr))
            return -1;
        if (expect) {
            if (!(n = GET(e, "hex")))
                return FAIL(e, "needs \"hex\"");
            if (get_hex(p, n, &sc->exp_dump[i].bytes, &sc->exp_dump[i].len))
                return -1;
            sc->exp_dump[i].addr = addr;
        } else {
            if (!(n = GET(e, "len")))
                return FAIL(e, "needs \"len\"");
            if (get_u64(p, n, 1, 1u << 20, &len))
                return -1;
            sc->dump[i].addr = addr;
            sc->dump[i].len = (size_t)len;
        }
        i++;
    }
    return 0;
}

/* ---------------- constrained-random step generation ---------------- */

typedef struct rgen {
    uint64_t s;
} rgen;

static uint64_t rg_next(rgen *g)
{
    uint64_t z = (g->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static unsigned rg_below(rgen *g, unsigned n)
{
    return n ? (unsigned)(rg_next(g) % n) : 0u;
}

static int rg_pct(rgen *g, unsigned pct)
{
    return rg_below(g, 100) < pct;
}

typedef struct sampling_opts {
    uint8_t on, buffers;                /* buffers: bit 0 "4k", bit 1 "1m" */
    uint32_t topologies, malformed_pm, share;
    uint64_t imin, imax;
} sampling_opts;

typedef struct random_opts {
    uint64_t insns, start, gap_min, gap_max;
    uint16_t ops_mask;
    uint8_t events;
    sampling_opts sf;
} random_opts;

static uint64_t find_region(const cpumf_system_cfg *cfg, uint64_t size, uint64_t from)
{
    uint64_t base;
    for (base = from; base + size <= cfg->storage_size && base >= from; base += 0x10000) {
        if (range_available(cfg, base, (size_t)size))
            return base;
    }
    return 0;
}

/* an address that is not available: beyond the end, in a hole, or wrapping */
static uint64_t bad_addr(rgen *g, const cpumf_system_cfg *cfg)
{
    unsigned k = rg_below(g, 3);
    if (k == 0 && cfg->n_holes) {
        const cpumf_hole *h = &cfg->holes[rg_below(g, cfg->n_holes)];
        return h->base + (h->size ? rg_next(g) % h->size : 0);
    }
    if (k == 1)
        return 0xfffffffffffffff8ull + rg_below(g, 8);
    return cfg->storage_size + (rg_next(g) & 0xffff);
}

static void put_be64(uint8_t *b, uint64_t v)
{
    int i;
    for (i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (56 - 8 * i));
}

static uint8_t installed_sets(const cpumf_model_cfg *m)
{
    uint8_t s = CPUMF_SET_BASIC | CPUMF_SET_PROBLEM | CPUMF_SET_CRYPTO;
    if (m->n_ext)
        s |= CPUMF_SET_EXT;
    if (m->csvn > 3)
        s |= CPUMF_SET_MT;
    return s;
}

static uint64_t rand_counter(rgen *g, const cpumf_model_cfg *m)
{
    switch (rg_below(g, 8)) {
    case 0: return rg_below(g, 8);
    case 1: return 32 + rg_below(g, 8);
    case 2: return 64 + rg_below(g, 22);
    case 3: return 128 + rg_below(g, (unsigned)m->n_ext + 4u);
    case 4: return 448 + rg_below(g, 3);
    case 5: return rg_next(g) & 0xffff;
    default: return rg_below(g, 6);
    }
}

static void gen_insn(parse_ctx *p, rgen *g, tb_step *st, uint64_t fetch_base, uint64_t *fetch_off,
                     uint64_t store_base)
{
    const cpumf_system_cfg *cfg = &p->sc->system;
    const cpumf_model_cfg *m = &cfg->model;
    uint8_t inst = installed_sets(m) & (uint8_t)~CPUMF_SET_MT;
    uint64_t operand = 0;
    int fetch = 0;

    st->r1 = rg_pct(g, 50) ? rg_next(g) : rg_below(g, 64);
    st->problem = (uint8_t)rg_pct(g, 12);
    st->cr0_15 = (uint8_t)rg_pct(g, 50);
    switch (st->op) {
    case CPUMF_OP_LPP:
        operand = rg_next(g);
        fetch = 1;
        break;
    case CPUMF_OP_LCCTL: {
        uint8_t e = (uint8_t)(rg_next(g) & inst), c = (uint8_t)(rg_next(g) & e);
        if (rg_pct(g, 15))
            c = (uint8_t)(rg_next(g) & 0x3f);
        if (rg_pct(g, 10))
            e |= CPUMF_SET_MT, c |= CPUMF_SET_MT;
        operand = (uint64_t)e << 16 | c;
        if (rg_pct(g, 8))
            operand |= 1ull << rg_below(g, 64);
        fetch = 1;
        break;
    }
    case CPUMF_OP_LPCTL:
        operand = rg_below(g, 4);
        if (rg_pct(g, 8))
            operand |= 1ull << rg_below(g, 64);
        fetch = 1;
        break;
    case CPUMF_OP_ECCTR:
    case CPUMF_OP_SCCTR:
        st->r2 = rand_counter(g, m);
        break;
    case CPUMF_OP_EPCTR:
    case CPUMF_OP_SPCTR: {
        uint64_t ga = cfg->n_cg && rg_pct(g, 80) ? cfg->cg_addr[rg_below(g, cfg->n_cg)] : rg_below(g, 4);
        st->r2 = (ga & 0xffff) << 8 | rg_below(g, 10);
        break;
    }
    case CPUMF_OP_ECPGA:
        st->r2 = rg_pct(g, 80) ? cfg->cpu_addr[rg_below(g, cfg->n_cpus)] : (rg_next(g) & 0xffff);
        break;
    case CPUMF_OP_STCCTM: {
        static const uint8_t m3s[] = { 0, 1, 2, 3, 5, 9 };
        st->m3 = rg_pct(g, 90) ? m3s[rg_below(g, 6)] : (uint8_t)rg_below(g, 16);
        st->r1 = rg_pct(g, 70) ? rg_below(g, 24) : (rg_pct(g, 50) ? rg_below(g, 200) : rg_next(g));
        if (rg_pct(g, 35)) {
            /* exactly the number of installed counters of the set: cc 0 */
            switch (st->m3) {
            case 0: st->r1 = m->n_ext; break;
            case 1: st->r1 = 6; break;
            case 2: st->r1 = m->cfvn == 1 ? 6u : 2u; break;
            case 3: st->r1 = m->csvn >= 6 ? 20u : 16u; break;
            default: st->r1 = 2; break;
            }
        }
        st->addr = store_base + (uint64_t)rg_below(g, 0x4000) * 8u;
        if (rg_pct(g, 5))
            st->addr += 1u + rg_below(g, 7);
        if (rg_pct(g, 5))
            st->addr = bad_addr(g, cfg) & ~7ull;
        break;
    }
    case CPUMF_OP_QCTRI:
    case CPUMF_OP_QSI:
    case CPUMF_OP_LSCTL:
        st->addr = store_base + (uint64_t)rg_below(g, 0x800) * 8u;
        if (rg_pct(g, 10))
            st->addr += rg_below(g, 8);
        if (rg_pct(g, 8))
            st->addr = bad_addr(g, cfg);
        break;
    default:
        break;
    }
    if ((st->op == CPUMF_OP_ECCTR || st->op == CPUMF_OP_SCCTR || st->op == CPUMF_OP_ECPGA) && rg_pct(g, 5))
        st->r2 |= rg_next(g) << 16;
    if ((st->op == CPUMF_OP_EPCTR || st->op == CPUMF_OP_SPCTR) && rg_pct(g, 5))
        st->r2 |= rg_next(g) << 24;
    if (fetch) {
        int where = (int)rg_below(g, 100);
        if (where < 88) {
            uint64_t a = fetch_base + *fetch_off + (rg_pct(g, 25) ? rg_below(g, 8) : 0);
            tb_mem_init *mi = new_mem(p, a, 8);
            put_be64(mi->bytes, operand);
            *fetch_off = (*fetch_off + 16u) % 0xfff0u;
            st->addr = a;
        } else {
            st->addr = bad_addr(g, cfg);
        }
    }
}

/* ---- "sampling": SDB-table topologies and sampling control steps ---- */

#define SFG_MAX_TABLES 4
#define SFG_MAX_LINKS 6
#define SFG_MAX_BLOCKS (SFG_MAX_TABLES * SFG_MAX_LINKS)
#define SFG_MAX_SLOTS 64            /* 1 MiB slots used for S = 1 blocks */
#define SFG_MAX_TOPOS 64
#define SFG_CTL_SLOTS 16384
#define SFG_MAX_END 16         /* 64-byte LSCTL blocks / LPP operands */

/* malformed variants of a topology (SF-UPD-5, SF-UPD-6) */
enum { SFG_OK, SFG_TL2TL, SFG_FILL, SFG_LOW, SFG_BADSTOR, SFG_NKINDS };

typedef struct sfg_topo {
    uint8_t big, n_tables, bad;
    uint64_t hot;                    /* TEAR whose next entry is the interesting one */
    uint64_t table[SFG_MAX_TABLES];
    uint32_t n_ent[SFG_MAX_TABLES];  /* entries written, table link included */
    uint32_t n_blocks;
    uint64_t block[SFG_MAX_BLOCKS];
} sfg_topo;

typedef struct sfg {
    const cpumf_system_cfg *cfg;
    uint64_t imin, imax;             /* valid interval range used (model range clamped) */
    uint64_t lo, hi, next;           /* 4 KiB area [lo, hi), next free page */
    uint64_t ctl, qsi;               /* control slots, QSI page */
    uint32_t n_end;
    uint64_t end_used[SFG_MAX_END];  /* pages ending at 1 MiB taken by S = 1 tables */
    uint32_t ctl_used;
    uint32_t n_slots;
    uint64_t slot[SFG_MAX_SLOTS];
    uint8_t slot_init[SFG_MAX_SLOTS];
    uint32_t n_topo;
    sfg_topo topo[SFG_MAX_TOPOS];
    uint64_t prot_until[CPUMF_MAX_CPUS];   /* no sampling-disruptive step before */
    uint8_t fns[CPUMF_MAX_CPUS];           /* functions last requested enabled (approx.) */
} sfg;

static int sfg_page_ok(const sfg *s, uint64_t a)
{
    return range_available(s->cfg, a, 0x1000) && ((a + 0x1000) & 0xfffffu) != 0;
}

/* next free 4 KiB page of the area (pages ending at a 1 MiB boundary are
 * kept for the S = 1 "table ends at 1 MiB" variant); 0: full */
static uint64_t sfg_page(sfg *s)
{
    while (s->next < s->hi) {
        uint64_t a = s->next;
        s->next += 0x1000;
        if (sfg_page_ok(s, a))
            return a;
    }
    return 0;
}

/* a page of the area that ends at a 1 MiB boundary, not used yet; 0: none */
static uint64_t sfg_page_1m_end(sfg *s)
{
    uint64_t a;
    for (a = ((s->lo + 0xfffffu) & ~0xfffffull) - 0x1000u; a + 0x1000u <= s->hi; a += 0x100000u) {
        unsigned i;
        int used = 0;
        if (a < s->lo || !range_available(s->cfg, a, 0x1000))
            continue;
        for (i = 0; i < s->n_end; i++)
            used |= s->end_used[i] == a;
        if (!used && s->n_end < SFG_MAX_END) {
            s->end_used[s->n_end++] = a;
            return a;
        }
    }
    return 0;
}

static void sfg_put(parse_ctx *p, uint64_t addr, const uint64_t *dw, size_t n)
{
    tb_mem_init *m = new_mem(p, addr, n * 8u);
    size_t i;
    for (i = 0; i < n; i++)
        put_be64(m->bytes + 8 * i, dw[i]);
}

/* an address designating no usable storage: a hole or beyond the size */
static uint64_t sfg_bad_storage(rgen *g, const cpumf_system_cfg *cfg, uint64_t align)
{
    if (cfg->n_holes && rg_pct(g, 50)) {
        const cpumf_hole *h = &cfg->holes[rg_below(g, cfg->n_holes)];
        return (h->base + (h->size ? rg_next(g) % h->size : 0)) & ~(align - 1);
    }
    if (rg_pct(g, 15))
        return (0xfffffffffffff000ull + rg_below(g, 0x1000)) & ~(align - 1);
    return (cfg->storage_size + (rg_next(g) & 0xffffffull)) & ~(align - 1);
}

/* the SDB trailer of a new block: random A and T, some blocks full (F = 1),
 * reserved bits and stale fields that the update must keep or replace */
static void sfg_trailer(parse_ctx *p, rgen *g, uint64_t trl)
{
    uint64_t t[8] = { 0 };
    int full = rg_pct(g, 18);
    if (full)
        t[0] |= TB_TRL_F;
    if (rg_pct(g, 60))
        t[0] |= TB_TRL_A;
    if (rg_pct(g, 40))
        t[0] |= TB_TRL_T;
    if (rg_pct(g, 20))
        t[0] |= rg_next(g) & 0x1f00000000000000ull;   /* reserved bits of byte 0 */
    if (rg_pct(g, 20))
        t[0] |= rg_next(g) & 0x00ffffffffffffffull;   /* bytes 1-7: 4-7 are rewritten */
    if (full || rg_pct(g, 20))
        t[1] = rg_pct(g, 30) ? UINT64_MAX - rg_below(g, 3) : rg_below(g, 1000);   /* overflow count */
    if (rg_pct(g, 20)) {
        t[2] = rg_next(g);
        t[3] = rg_next(g);
    }
    sfg_put(p, trl, t, 8);
}

static uint64_t sfg_new_block(sfg *s, parse_ctx *p, rgen *g, int big)
{
    uint64_t b;
    if (!big) {
        b = sfg_page(s);
        if (b)
            sfg_trailer(p, g, b + 0x1000 - 64);
        return b;
    }
    {
        unsigned k = rg_below(g, s->n_slots);
        b = s->slot[k];
        if (!s->slot_init[k]) {
            s->slot_init[k] = 1;
            sfg_trailer(p, g, b + 0x100000 - 64);
        }
    }
    return b;
}

/* block link to b (bit 0 zero; the low bits below B are ignored) */
static uint64_t sfg_blink(rgen *g, uint64_t b, uint64_t bsz)
{
    return rg_pct(g, 20) ? b | (rg_next(g) & (bsz - 1) & ~1ull) : b;
}

static uint64_t sfg_tlink(rgen *g, uint64_t t)
{
    return (rg_pct(g, 20) ? t | (rg_next(g) & 0xeu) : t) | 1u;
}

static int sfg_build_topo(sfg *s, parse_ctx *p, rgen *g, uint32_t malformed_pm, int big)
{
    sfg_topo *t = &s->topo[s->n_topo];
    uint64_t bsz = big ? 0x100000u : 0x1000u;
    uint32_t nb[SFG_MAX_TABLES], k, j, fill_k = 0, bad_k, bad_j;
    int fill_valid = 0;
    memset(t, 0, sizeof *t);
    t->big = (uint8_t)big;
    t->n_tables = (uint8_t)(1u + rg_below(g, SFG_MAX_TABLES));
    if (rg_below(g, 1000) < malformed_pm)
        t->bad = (uint8_t)(1u + rg_below(g, SFG_NKINDS - 1));
    for (k = 0; k < t->n_tables; k++) {
        nb[k] = 1u + rg_below(g, SFG_MAX_LINKS);
        t->table[k] = 0;
    }
    if (t->bad == SFG_FILL) {
        fill_k = rg_below(g, t->n_tables);
        if (big)
            t->table[fill_k] = sfg_page_1m_end(s);
    } else if (t->bad == SFG_OK && rg_pct(g, 15)) {
        fill_valid = 1;               /* a full page: the table link is the last entry */
        fill_k = rg_below(g, t->n_tables);
    }
    for (k = 0; k < t->n_tables; k++)
        if (!t->table[k] && !(t->table[k] = sfg_page(s)))
            return -1;
    for (k = 0; k < t->n_tables; k++)
        for (j = 0; j < nb[k]; j++) {
            uint64_t b = sfg_new_block(s, p, g, big);
            if (!b)
                return -1;
            t->block[t->n_blocks++] = b;
        }
    bad_k = rg_below(g, t->n_tables);
    bad_j = rg_below(g, nb[bad_k] + 1u);
    t->hot = t->table[bad_k] + 8u * nb[bad_k] - 8u;       /* a table link */
    if (t->bad == SFG_FILL || fill_valid)
        t->hot = t->table[fill_k] + 8u * 510u;            /* the last entry of the page */
    for (k = 0; k < t->n_tables; k++) {
        uint64_t e[512];
        uint32_t n = nb[k], first = 0, i;
        uint64_t nx = t->table[(k + 1) % t->n_tables];
        for (i = 0; i < k; i++)
            first += nb[i];
        for (j = 0; j < n; j++)
            e[j] = sfg_blink(g, t->block[first + j], bsz);
        e[n] = sfg_tlink(g, nx);
        if (t->bad == SFG_TL2TL && k == bad_k)
            e[n] = sfg_tlink(g, nx + 8u * nb[(k + 1) % t->n_tables]);   /* designates a table link */
        if ((t->bad == SFG_FILL || fill_valid) && k == fill_k) {
            for (j = n; j < 512; j++)
                e[j] = sfg_blink(g, t->block[first + j % nb[k]], bsz);
            n = 511;
            if (fill_valid)
                e[511] = sfg_tlink(g, nx);
        }
        if (t->bad == SFG_LOW && k == bad_k) {
            if (bad_j < nb[k] || rg_pct(g, 50)) {
                bad_j = bad_j < nb[k] ? bad_j : 0u;
                e[bad_j] = rg_below(g, 2) * 0x1000u;
            } else {
                e[nb[k]] = sfg_tlink(g, rg_below(g, 0x2000) & ~0xfu);
            }
            t->hot = t->table[k] + 8u * bad_j - 8u;
        }
        if (t->bad == SFG_BADSTOR && k == bad_k) {
            if (bad_j < nb[k])
                e[bad_j] = sfg_bad_storage(g, s->cfg, bsz);
            else
                e[nb[k]] = sfg_tlink(g, sfg_bad_storage(g, s->cfg, 0x1000));
            t->hot = t->table[k] + 8u * bad_j - 8u;
        }
        t->n_ent[k] = n + 1u;
        sfg_put(p, t->table[k], e, n + 1u);
    }
    s->n_topo++;
    return 0;
}

static uint64_t sfg_interval(sfg *s, rgen *g)
{
    uint64_t span = s->imax - s->imin, d;
    unsigned k = rg_below(g, 20);
    if (k < 15)
        d = rg_next(g) % ((s->imin >> 3) + 1u);          /* near the minimum */
    else if (k < 19)
        d = rg_next(g) % (s->imin + 1u);
    else
        d = rg_next(g);
    return s->imin + (span == UINT64_MAX ? d : d % (span + 1u));
}

/* a TEAR and DEAR into topology t for entries of e bytes */
static void sfg_origins(sfg *s, rgen *g, const sfg_topo *t, uint32_t e, uint32_t malformed_pm,
                        uint64_t *tear, uint64_t *dear)
{
    uint64_t bsz = t->big ? 0x100000u : 0x1000u, b, trl;
    unsigned k = rg_below(g, t->n_tables), j;
    uint32_t n = t->n_ent[k];
    /* the update reads TEAR + 8 next: from entry 0 up to the last one written */
    if (n > 8 && rg_pct(g, 60))
        j = n - 1u - rg_below(g, 4);
    else
        j = rg_below(g, n);
    *tear = t->table[k] + 8u * j - 8u;
    if (rg_pct(g, t->bad ? 60 : 25)) {
        /* the first sample fills the block and the update reads the entry of interest */
        *tear = t->hot;
        b = t->block[rg_below(g, t->n_blocks)];
        trl = b + bsz - 64;
        *dear = rg_pct(g, 70) ? trl : trl - 8u * rg_below(g, e / 8u);
        return;
    }
    if (rg_pct(g, 3))
        *tear = rg_next(g);
    b = t->block[rg_below(g, t->n_blocks)];
    trl = b + bsz - 64;
    if (rg_below(g, 1000) < malformed_pm) {
        switch (rg_below(g, 3)) {
        case 0: *dear = trl + 8u * (1u + rg_below(g, 7)); break;     /* inside the trailer */
        case 1: *dear = rg_below(g, 1024) * 8u; break;               /* below 8192 */
        default: *dear = sfg_bad_storage(g, s->cfg, 8); break;
        }
        return;
    }
    switch (rg_below(g, 10)) {
    case 0: case 1: case 2: case 3:
        *dear = trl - (uint64_t)e * rg_below(g, 4);            /* 0: exactly full */
        break;
    case 4:
        *dear = trl - 8u * rg_below(g, e / 8u);               /* the entry does not fit */
        break;
    case 5:
        *dear = trl - (uint64_t)e * (4u + rg_below(g, 12));
        break;
    case 6:
        *dear = b;
        break;
    default:
        *dear = b + 8u * (rg_next(g) % ((bsz - 64) / 8u));
        break;
    }
}

static uint64_t sfg_ctl_slot(sfg *s, rgen *g)
{
    if (s->ctl_used < SFG_CTL_SLOTS && s->ctl + 64u * (s->ctl_used + 1u) <= s->qsi)
        return s->ctl + 64u * s->ctl_used++;
    (void)g;
    return 0;
}

static void sfg_activity(parse_ctx *p, rgen *g, tb_step *st)
{
    tb_scenario *sc = p->sc;
    tb_activity *a;
    unsigned n = 0;
    if (sc->n_acts == p->cap_acts) {
        p->cap_acts = p->cap_acts ? p->cap_acts * 2 : 8;
        sc->acts = xrealloc(sc->acts, p->cap_acts * sizeof *sc->acts);
    }
    st->kind = TB_STEP_ACTIVITY;
    st->act = sc->n_acts;
    a = &sc->acts[sc->n_acts++];
    memset(a, 0, sizeof *a);
    while (!n) {
#define SFG_FIELD(F, pct, expr)                                     \
        if (rg_pct(g, pct)) {                                       \
            n++;                                                    \
            if (rg_pct(g, 15)) {                                    \
                a->release |= 1u << (F);                            \
            } else {                                                \
                a->set |= 1u << (F);                                \
                expr;                                               \
            }                                                       \
        }
        SFG_FIELD(TB_ACT_LEVEL, 35, a->val.level = (uint8_t)(1u + rg_below(g, 2)))
        SFG_FIELD(TB_ACT_SECURE_GUEST, 30, a->val.secure_guest = (uint8_t)rg_below(g, 2))
        SFG_FIELD(TB_ACT_PCF49, 30, a->val.pcf49 = (uint8_t)rg_below(g, 2))
        SFG_FIELD(TB_ACT_UNIQ, 30, a->val.uniq = (uint8_t)rg_below(g, 2))
        SFG_FIELD(TB_ACT_UNIQ_COUNT, 30, a->val.uniq_count = (uint8_t)rg_below(g, 16))
        SFG_FIELD(TB_ACT_ENTRY_INCONSISTENT, 30, a->val.entry_inconsistent = (uint8_t)rg_below(g, 2))
        SFG_FIELD(TB_ACT_DIAG, 35, a->val.diag = rg_next(g))
        SFG_FIELD(TB_ACT_DAT, 15, a->val.dat = (uint8_t)rg_below(g, 2))
        SFG_FIELD(TB_ACT_AS, 15, a->val.as = (uint8_t)rg_below(g, 4))
        SFG_FIELD(TB_ACT_ASN, 15, a->val.asn = (uint16_t)rg_next(g))
        SFG_FIELD(TB_ACT_IA, 15, a->val.ia = rg_next(g))
        SFG_FIELD(TB_ACT_PROBLEM, 10, a->val.problem = (uint8_t)rg_below(g, 2))
        SFG_FIELD(TB_ACT_WAIT, 6, a->val.wait = (uint8_t)rg_below(g, 2))
        SFG_FIELD(TB_ACT_TOD, 5, a->val.tod = rg_next(g))
#undef SFG_FIELD
    }
}

/* a step that may end sampling on its CPU */
static int sfg_disruptive(const tb_step *st)
{
    switch (st->kind) {
    case TB_STEP_INSN: return st->op == CPUMF_OP_LSCTL;
    case TB_STEP_RESET: return 1;
    case TB_STEP_UNAUTHORIZE: return st->sf_mask != 0;
    case TB_STEP_EVENT: return st->event == TB_EV_LOSS_SAMPLE;
    default: return 0;
    }
}

/* One sampling step (st is new, at and cpu set).  Returns 1 when it is an
 * instruction. */
static int sfg_step(sfg *s, parse_ctx *p, rgen *g, tb_step *st, uint8_t *stopped, uint32_t malformed_pm)
{
    const cpumf_model_cfg *m = &s->cfg->model;
    unsigned cpu = st->cpu, k = rg_below(g, 100);
    int quiet = st->at < s->prot_until[cpu];
    if (quiet && k < 55)
        k = 55 + rg_below(g, 45);     /* keep the interval running: no LSCTL, reset, loss */
    if (k < 45) {
        /* LSCTL */
        uint64_t slot = sfg_ctl_slot(s, g), x, iv, tear = 0, dear = 0;
        uint8_t b[64];
        const sfg_topo *t = &s->topo[rg_below(g, s->n_topo)];
        uint8_t e, c, fns;
        unsigned h = (unsigned)rg_below(g, 2), big = t->big, v = rg_below(g, 100);
        uint32_t esz;
        tb_mem_init *mi;
        if (!slot)
            goto qsi;
        if (stopped[cpu]) {
            /* an LSCTL would wait for the start: start first */
            st->kind = TB_STEP_START;
            stopped[cpu] = 0;
            return 0;
        }
        fns = (uint8_t)(v < 50 ? CPUMF_SF_BASIC : v < 85 ? CPUMF_SF_BASIC | CPUMF_SF_DIAG : CPUMF_SF_DIAG);
        esz = (fns & CPUMF_SF_BASIC ? 32u : 0u) + (fns & CPUMF_SF_DIAG ? m->dsdes : 0u);
        iv = sfg_interval(s, g);
        sfg_origins(s, g, t, esz, malformed_pm, &tear, &dear);
        if (rg_pct(g, 5))
            big ^= 1u;
        e = fns;
        c = fns;
        v = rg_below(g, 100);
        if (v < 55) {
            /* activate; most activations are left alone for a few intervals */
            if (rg_pct(g, 75) && iv - s->imin <= s->imin * 2u + 1024u) {
                unsigned r = rg_below(g, 10);
                uint64_t hold = (iv + 600u) * (r < 5 ? 1u : r < 8 ? 2u : 4u) + 400u;
                if (hold > iv + 1000u && hold > 12000u)
                    hold = iv + 1000u > 12000u ? iv + 1000u : 12000u;
                s->prot_until[cpu] = st->at + hold;
            }
            if (fns == (CPUMF_SF_BASIC | CPUMF_SF_DIAG) && rg_pct(g, 15))
                c = (uint8_t)(1u + rg_below(g, 2));   /* one active, one inactive */
        } else if (v < 65) {
            c = 0;                                    /* enable only */
        } else if (v < 75) {
            e = s->fns[cpu] ? s->fns[cpu] : fns;      /* deactivate */
            c = 0;
        } else if (v < 82) {
            e = c = 0;                                /* disable */
        } else if (v < 91) {
            /* interval out of range: specification when something is requested active */
            if (s->imin && (rg_pct(g, 50) || s->imax == UINT64_MAX))
                iv = rg_next(g) % s->imin;
            else if (s->imax < UINT64_MAX)
                iv = s->imax + 1u + (rg_next(g) % 1000u);
            if (rg_pct(g, 25))
                c = 0;
        } else if (v < 97) {
            /* invalid transition (e = 0, c = 1): cc 3 */
            e = (uint8_t)(fns & rg_next(g));
            c = (uint8_t)(e ^ fns) ? (uint8_t)(e ^ fns) : fns;
            e = (uint8_t)(e & ~c);
        }
        x = tb_lsctl_x(big, h, e, c);
        if (v >= 97)
            x |= 1ull << (2u + rg_below(g, 6)) | (rg_pct(g, 50) ? 1ull << (10u + rg_below(g, 52)) : 0);
        if (v < 97 && !(e == 0 && c))
            s->fns[cpu] = e;
        tb_lsctl_block(b, x, iv, tear, dear);
        mi = new_mem(p, slot, 64);
        memcpy(mi->bytes, b, 64);
        st->kind = TB_STEP_INSN;
        st->op = CPUMF_OP_LSCTL;
        st->addr = slot;
        st->problem = (uint8_t)rg_pct(g, 2);
        return 1;
    }
    if (k < 50) {
        st->kind = TB_STEP_EVENT;
        st->event = TB_EV_LOSS_SAMPLE;
        return 0;
    }
    if (k < 53) {
        st->kind = TB_STEP_UNAUTHORIZE;
        st->sf_mask = (uint8_t)(1u + rg_below(g, 3));
        return 0;
    }
    if (k < 55) {
        st->kind = TB_STEP_RESET;
        st->reset = (uint8_t)(rg_pct(g, 50) ? CPUMF_RESET_CPU : 1u + rg_below(g, 4));
        return 0;
    }
    if (k < 68) {
qsi:
        st->kind = TB_STEP_INSN;
        st->op = CPUMF_OP_QSI;
        st->addr = s->qsi + 64u * rg_below(g, 64);
        if (rg_pct(g, 4))
            st->addr += 1u + rg_below(g, 7);
        st->problem = (uint8_t)rg_pct(g, 3);
        return 1;
    }
    if (k < 76) {
        uint64_t slot = sfg_ctl_slot(s, g);
        tb_mem_init *mi;
        if (!slot)
            goto qsi;
        mi = new_mem(p, slot, 8);
        put_be64(mi->bytes, rg_pct(g, 30) ? rg_below(g, 16) : rg_next(g));
        st->kind = TB_STEP_INSN;
        st->op = CPUMF_OP_LPP;
        st->addr = slot;
        st->problem = (uint8_t)rg_pct(g, 5);
        return 1;
    }
    if (k < 82) {
        st->kind = TB_STEP_AUTHORIZE;
        st->sf_mask = (uint8_t)(1u + rg_below(g, 3));
        return 0;
    }
    if (k < 86 && (stopped[cpu] || !quiet)) {
        st->kind = stopped[cpu] ? TB_STEP_START : TB_STEP_STOP;
        stopped[cpu] ^= 1u;
        return 0;
    }
    sfg_activity(p, g, st);
    return 0;
}

static int sfg_init(sfg *s, parse_ctx *p, rgen *g, const sampling_opts *so, uint64_t above, uint64_t insns)
{
    const cpumf_system_cfg *cfg = &p->sc->system;
    const cpumf_model_cfg *m = &cfg->model;
    uint64_t need, a, ctl_bytes;
    uint32_t i;
    memset(s, 0, sizeof *s);
    s->cfg = cfg;
    s->imin = so->imin > m->min_interval ? so->imin : m->min_interval;
    s->imax = so->imax < m->max_interval ? so->imax : m->max_interval;
    if (s->imin > s->imax) {
        s->imin = m->min_interval;
        s->imax = m->max_interval;
    }
    ctl_bytes = (insns < SFG_CTL_SLOTS ? insns : SFG_CTL_SLOTS) * 64u;
    ctl_bytes = (ctl_bytes + 0xfffu) & ~0xfffull;
    need = ctl_bytes + 0x1000u + (uint64_t)so->topologies * (SFG_MAX_TABLES + SFG_MAX_BLOCKS + 1u) * 0x1000u;
    s->lo = (above + 0xfffffu) & ~0xfffffull;
    if (s->lo < 0x100000u)
        s->lo = 0x100000u;
    /* find a stretch of available pages: holes are skipped page by page */
    s->hi = ((s->lo + need + need / 4u) + 0xfffffu) & ~0xfffffull;
    if (s->hi > cfg->storage_size)
        return -1;
    s->next = s->lo;
    /* the control slots and the QSI page must be contiguous */
    for (a = s->lo; a + ctl_bytes + 0x1000u <= s->hi; a += 0x1000u)
        if (range_available(cfg, a, (size_t)(ctl_bytes + 0x1000u)))
            break;
    if (a + ctl_bytes + 0x1000u > s->hi)
        return -1;
    s->ctl = a;
    s->qsi = a + ctl_bytes;
    s->next = s->qsi + 0x1000u;
    for (a = s->hi; a + 0x100000u <= cfg->storage_size && s->n_slots < SFG_MAX_SLOTS; a += 0x100000u)
        if (range_available(cfg, a + 0x100000u - 64u, 64))
            s->slot[s->n_slots++] = a;
    for (i = 0; i < so->topologies && i < SFG_MAX_TOPOS; i++) {
        int big = so->buffers == 2 ? 1 : so->buffers == 1 ? 0 : (int)rg_below(g, 2);
        if (!s->n_slots)
            big = 0;
        if (sfg_build_topo(s, p, g, so->malformed_pm, big))
            return -1;
    }
    return 0;
}

static int generate_random(parse_ctx *p, const random_opts *ro, uint64_t seed)
{
    tb_scenario *sc = p->sc;
    const cpumf_system_cfg *cfg = &sc->system;
    rgen g;
    uint64_t at = ro->start, made = 0, fetch_off = 0;
    uint64_t fetch_base = find_region(cfg, 0x10000, 0x10000);
    uint64_t store_base = find_region(cfg, 0x10000, fetch_base + 0x10000);
    uint8_t stopped[CPUMF_MAX_CPUS] = { 0 }, cr58[CPUMF_MAX_CPUS];
    unsigned ops[CPUMF_OP_COUNT * 4], nops = 0, i;
    sfg *sg = NULL;

    g.s = seed ^ 0x52414e444f4d5354ull;
    memset(cr58, 1, sizeof cr58);
    if (ro->sf.on) {
        uint64_t above = store_base + 0x10000u;
        rgen g2;
        g2.s = seed ^ 0x53414d504c494e47ull;
        for (i = 0; i < sc->n_mem; i++)
            if (sc->mem[i].addr + sc->mem[i].len > above)
                above = sc->mem[i].addr + sc->mem[i].len;
        sg = xrealloc(NULL, sizeof *sg);
        if (sfg_init(sg, p, &g2, &ro->sf, above, ro->insns)) {
            free(sg);
            return FAIL(jdoc_root(p->d), "random: sampling: no room for %u topologies in system %s "
                                          "(storage 0x%llx)", ro->sf.topologies, cfg->name,
                        (unsigned long long)cfg->storage_size);
        }
    }
    /* weights: the counter-set and extraction instructions dominate */
    for (i = 0; i < CPUMF_OP_COUNT; i++) {
        static const uint8_t weight[CPUMF_OP_COUNT] = {
            /* LPP LCCTL LPCTL LSCTL QCTRI QSI ECCTR EPCTR SCCTR SPCTR ECPGA STCCTM */
            1, 3, 2, 1, 1, 1, 4, 1, 2, 1, 1, 3
        };
        unsigned w;
        if (ro->ops_mask & (1u << i))
            for (w = 0; w < weight[i]; w++)
                ops[nops++] = i;
    }
    while (made < ro->insns) {
        unsigned cpu = rg_below(&g, cfg->n_cpus), k = rg_below(&g, 100);
        tb_step *st;
        at += ro->gap_min + (ro->gap_max > ro->gap_min ? rg_next(&g) % (ro->gap_max - ro->gap_min + 1) : 0);
        st = new_step(p);
        st->at = at;
        st->cpu = (uint8_t)cpu;
        st->generated = 1;
        st->cr0_58 = 1;
        if (sg && rg_below(&g, 100) < ro->sf.share) {
            made += (uint64_t)sfg_step(sg, p, &g, st, stopped, ro->sf.malformed_pm);
            continue;
        }
        if (!ro->events || k < 72) {
            /* LSCTL / QSI are rare: they are operation exceptions in this slice */
            do
                st->op = (uint8_t)ops[rg_below(&g, nops)];
            while ((st->op == CPUMF_OP_LSCTL || st->op == CPUMF_OP_QSI) && nops > 2 && rg_pct(&g, 80));
            st->kind = TB_STEP_INSN;
            gen_insn(p, &g, st, fetch_base, &fetch_off, store_base);
            made++;
        } else if (k < 78) {
            uint8_t sets = CPUMF_SET_BASIC | CPUMF_SET_PROBLEM | CPUMF_SET_CRYPTO | CPUMF_SET_EXT | CPUMF_SET_MT;
            if (rg_pct(&g, 60)) {
                st->kind = TB_STEP_AUTHORIZE;
                st->cf_mask = (uint8_t)(rg_pct(&g, 50) ? (sets | CPUMF_AUTH_CG)
                                                       : rg_next(&g) & (sets | CPUMF_AUTH_CG));
                st->sf_mask = (uint8_t)(rg_next(&g) & 3u);
            } else {
                /* one thing at a time, so that sets stay usable */
                static const uint8_t one[7] = { CPUMF_SET_EXT, CPUMF_SET_BASIC, CPUMF_SET_PROBLEM,
                                                CPUMF_SET_CRYPTO, CPUMF_SET_MT, CPUMF_AUTH_CG, 0 };
                st->kind = TB_STEP_UNAUTHORIZE;
                st->cf_mask = one[rg_below(&g, 7)];
                if (!st->cf_mask)
                    st->sf_mask = (uint8_t)(1u + rg_below(&g, 3));
            }
        } else if (k < 81) {
            st->kind = TB_STEP_RESET;
            st->reset = (uint8_t)(rg_pct(&g, 10) ? CPUMF_RESET_POWER_ON : 1u + rg_below(&g, 3));
        } else if (k < 85) {
            st->kind = stopped[cpu] ? TB_STEP_START : TB_STEP_STOP;
            stopped[cpu] ^= 1u;
        } else if (k < 93) {
            st->kind = TB_STEP_EVENT;
            st->event = (uint8_t)rg_below(&g, 5);
            if (st->event == TB_EV_LOSS_CPU)
                st->ev_set = (uint8_t)(1u << rg_below(&g, 6));
            if (st->event == TB_EV_SET_MT)
                st->ev_param = rg_pct(&g, 60) ? 1u + rg_below(&g, 3) : 0u;
        } else {
            st->kind = TB_STEP_CR0_58;
            cr58[cpu] = (uint8_t)(cr58[cpu] ? rg_pct(&g, 30) : 1);
            st->cr0_58 = cr58[cpu];
        }
        if (sg && st->at < sg->prot_until[cpu] && (sfg_disruptive(st) || st->kind == TB_STEP_STOP)) {
            /* an activation is being left alone for a few intervals */
            made -= (uint64_t)(st->kind == TB_STEP_INSN);
            if (st->kind == TB_STEP_STOP)
                stopped[cpu] = 0;
            sc->n_steps--;
        }
    }
    free(sg);
    /* leave every CPU started and enabled for interruptions at the end */
    for (i = 0; i < cfg->n_cpus; i++) {
        tb_step *st;
        if (stopped[i]) {
            st = new_step(p);
            st->at = at + 1;
            st->cpu = (uint8_t)i;
            st->generated = 1;
            st->kind = TB_STEP_START;
        }
        if (!cr58[i]) {
            st = new_step(p);
            st->at = at + 1;
            st->cpu = (uint8_t)i;
            st->generated = 1;
            st->kind = TB_STEP_CR0_58;
            st->cr0_58 = 1;
        }
    }
    return 0;
}

static int parse_sampling(parse_ctx *p, const cJSON *o, sampling_opts *so)
{
    static const char *const sk[] = { "topologies", "malformed", "buffer", "interval", "share", NULL };
    const cJSON *n, *e;
    uint64_t v;
    double d;
    so->on = 1;
    so->topologies = 4;
    so->malformed_pm = 300;
    so->buffers = 3;
    so->share = 40;
    so->imin = 0;
    so->imax = UINT64_MAX;
    if (!cJSON_IsObject(o))
        return FAIL(o, "sampling: expected an object");
    if (keys(p, o, sk))
        return -1;
    if (!p->sc->system.model.fac_sf)
        return FAIL(o, "sampling: model %s has no sampling facility", p->sc->system.model.name);
    if ((n = GET(o, "topologies"))) {
        if (get_u64(p, n, 1, SFG_MAX_TOPOS, &v))
            return -1;
        so->topologies = (uint32_t)v;
    }
    if ((n = GET(o, "malformed"))) {
        if (jdoc_f64(p->d, n, 0.0, 1.0, &d, p->err, p->errlen))
            return qualify(p, n);
        so->malformed_pm = (uint32_t)(d * 1000.0 + 0.5);
    }
    if ((n = GET(o, "share"))) {
        if (get_u64(p, n, 1, 100, &v))
            return -1;
        so->share = (uint32_t)v;
    }
    if ((n = GET(o, "buffer"))) {
        so->buffers = 0;
        if (!cJSON_IsArray(n) && !cJSON_IsString(n))
            return FAIL(n, "buffer: expected \"4k\", \"1m\" or a nonempty array of them");
        if (cJSON_IsArray(n) && !cJSON_GetArraySize(n))
            return FAIL(n, "buffer: expected \"4k\", \"1m\" or a nonempty array of them");
        for (e = cJSON_IsArray(n) ? n->child : n; e; e = cJSON_IsArray(n) ? e->next : NULL) {
            const char *s;
            if (get_str(p, e, &s))
                return -1;
            if (strcmp(s, "4k") == 0)
                so->buffers |= 1u;
            else if (strcmp(s, "1m") == 0)
                so->buffers |= 2u;
            else
                return FAIL(e, "buffer: \"4k\" or \"1m\", not \"%s\"", s);
        }
    }
    if ((n = GET(o, "interval"))) {
        if (!cJSON_IsArray(n) || cJSON_GetArraySize(n) != 2)
            return FAIL(n, "interval: expected [min, max] (clamped into the model's range)");
        if (get_u64(p, cJSON_GetArrayItem(n, 0), 0, UINT64_MAX, &so->imin) ||
            get_u64(p, cJSON_GetArrayItem(n, 1), 0, UINT64_MAX, &so->imax))
            return -1;
        if (so->imax < so->imin)
            return FAIL(n, "interval: max below min");
    }
    return 0;
}

static int parse_random(parse_ctx *p, const cJSON *o, random_opts *ro)
{
    static const char *const rk[] = { "insns", "start", "gap", "ops", "events", "sampling", NULL };
    const cJSON *n;
    memset(ro, 0, sizeof *ro);
    ro->gap_min = 0;
    ro->gap_max = 12;
    ro->ops_mask = (1u << CPUMF_OP_COUNT) - 1u;
    ro->events = 1;
    if (keys(p, o, rk))
        return -1;
    if (!(n = GET(o, "insns")))
        return FAIL(o, "random needs \"insns\"");
    if (get_u64(p, n, 1, 10000000, &ro->insns))
        return -1;
    if ((n = GET(o, "start")) && get_u64(p, n, 0, (uint64_t)1 << 40, &ro->start))
        return -1;
    if ((n = GET(o, "gap"))) {
        if (!cJSON_IsArray(n) || cJSON_GetArraySize(n) != 2)
            return FAIL(n, "gap: expected [min, max] cycles");
        if (get_u64(p, cJSON_GetArrayItem(n, 0), 0, 1000000, &ro->gap_min) ||
            get_u64(p, cJSON_GetArrayItem(n, 1), 0, 1000000, &ro->gap_max))
            return -1;
        if (ro->gap_max < ro->gap_min)
            return FAIL(n, "gap: max below min");
    }
    if ((n = GET(o, "ops"))) {
        const cJSON *e;
        if (!cJSON_IsArray(n) || cJSON_GetArraySize(n) == 0)
            return FAIL(n, "ops: expected a nonempty array of instruction names");
        ro->ops_mask = 0;
        cJSON_ArrayForEach(e, n) {
            const char *s;
            unsigned i;
            int f = -1;
            if (get_str(p, e, &s))
                return -1;
            for (i = 0; i < CPUMF_OP_COUNT; i++)
                if (strcmp(s, op_names[i]) == 0)
                    f = (int)i;
            if (f < 0)
                return FAIL(e, "unknown instruction \"%s\"", s);
            ro->ops_mask |= (uint16_t)(1u << f);
        }
    }
    if ((n = GET(o, "events")) && get_bool(p, n, &ro->events))
        return -1;
    if ((n = GET(o, "sampling")) && parse_sampling(p, n, &ro->sf))
        return -1;
    return 0;
}

/* ---------------- top level ---------------- */

static int valid_config_name(const char *s)
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

static int config_exists(const char *dir, const char *kind, const char *name)
{
    char path[1024];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s/%s.json", dir, kind, name);
    f = fopen(path, "rb");
    if (!f)
        return 0;
    fclose(f);
    return 1;
}

static int load_system_by_name(parse_ctx *p, const cJSON *at, const char *cfgdir, const char *name)
{
    char e2[768];
    if (!valid_config_name(name))
        return FAIL(at, "system: bad name \"%s\"", name);
    if (!config_exists(cfgdir, "systems", name))
        return FAIL(at, "unknown system \"%s\" (no systems/%s.json in the configs directory)", name, name);
    if (cfg_system_by_name(cfgdir, name, &p->sc->system, e2, sizeof e2))
        return FAIL(at, "system \"%s\": %s", name, e2);
    return 0;
}

static int parse_root(parse_ctx *p, const char *cfgdir, int has_seed, uint64_t seed_override,
                      const char *system_override)
{
    static const char *const rootk[] = { "name", "description", "requirements", "system",
                                         "workload", "seed", "cycles", "memory", "steps", "dump",
                                         "drivers", "expect_final", "expect_interruptions",
                                         "expect_dumps", "random", "expect_interruption_counts",
                                         NULL };
    const cJSON *root = jdoc_root(p->d), *n, *e;
    tb_scenario *sc = p->sc;
    random_opts ro;
    int has_random = 0;

    if (!cJSON_IsObject(root))
        return FAIL(root, "a scenario is a JSON object");
    if (jdoc_check_keys(p->d, root, rootk, p->err, p->errlen))
        return -1;
    if ((n = GET(root, "name"))) {
        const char *s;
        if (get_str(p, n, &s))
            return -1;
        if (!s[0] || strlen(s) >= sizeof sc->name)
            return FAIL(n, "name: 1 to %zu characters", sizeof sc->name - 1);
        snprintf(sc->name, sizeof sc->name, "%s", s);
    } else {
        const char *b = strrchr(sc->path, '/');
        size_t l;
        snprintf(sc->name, sizeof sc->name, "%.127s", b ? b + 1 : sc->path);
        l = strlen(sc->name);
        if (l > 5 && strcmp(sc->name + l - 5, ".json") == 0)
            sc->name[l - 5] = 0;
    }
    if ((n = GET(root, "description"))) {
        const char *s;
        if (get_str(p, n, &s))
            return -1;
    }
    if ((n = GET(root, "requirements"))) {
        uint32_t i = 0;
        if (!cJSON_IsArray(n))
            return FAIL(n, "requirements: expected an array of requirement IDs");
        sc->n_req = (uint32_t)cJSON_GetArraySize(n);
        sc->req = xrealloc(NULL, sc->n_req * sizeof *sc->req);
        cJSON_ArrayForEach(e, n) {
            const char *s;
            size_t l;
            if (get_str(p, e, &s)) {
                sc->n_req = i;
                return -1;
            }
            l = strlen(s);
            sc->req[i] = xrealloc(NULL, l + 1);
            memcpy(sc->req[i++], s, l + 1);
        }
    }
    /* system first: everything else is checked against it */
    if (!(n = GET(root, "system")))
        return FAIL(root, "scenario needs \"system\" (a name from systems/ or an object)");
    if (system_override) {
        /* --system: the scenario's steps are still checked against it */
        if (load_system_by_name(p, n, cfgdir, system_override))
            return -1;
    } else if (cJSON_IsString(n)) {
        if (load_system_by_name(p, n, cfgdir, n->valuestring))
            return -1;
    } else if (cJSON_IsObject(n)) {
        if (cfg_system_from_json(p->d, n, cfgdir, &sc->system, p->err, p->errlen))
            return -1;
    } else {
        return FAIL(n, "system: expected a name or an object");
    }
    if (sc->system.n_cpus < 1 || sc->system.n_cpus > CPUMF_MAX_CPUS)
        return FAIL(n, "system: %u CPUs (1..%u)", sc->system.n_cpus, CPUMF_MAX_CPUS);
    n = GET(root, "workload");
    if (!n || cJSON_IsString(n)) {
        const char *wn = n ? n->valuestring : "idle";
        char path[1024], e2[768];
        if (!valid_config_name(wn))
            return FAIL(n, "workload: bad name \"%s\"", wn);
        if (!config_exists(cfgdir, "workloads", wn))
            return FAIL(n ? n : root, "unknown workload \"%s\" (no workloads/%s.json in the configs directory)",
                        wn, wn);
        snprintf(path, sizeof path, "%s/workloads/%s.json", cfgdir, wn);
        if (tb_workload_load(path, &sc->workload, e2, sizeof e2)) {
            if (!n)
                return FAIL(root, "default workload: %s", e2);
            return FAIL(n, "workload \"%s\": %s", wn, e2);
        }
    } else if (cJSON_IsObject(n)) {
        if (tb_workload_from_json(p->d, n, &sc->workload, p->err, p->errlen))
            return -1;
    } else {
        return FAIL(n, "workload: expected a name or an object");
    }
    sc->seed = 1;
    if ((n = GET(root, "seed")) && get_u64(p, n, 0, UINT64_MAX, &sc->seed))
        return -1;
    if (has_seed)
        sc->seed = seed_override;
    sc->cycles = 10000;
    if ((n = GET(root, "cycles")) && get_u64(p, n, 1, (uint64_t)1 << 40, &sc->cycles))
        return -1;
    if ((n = GET(root, "memory")) && parse_memory(p, n))
        return -1;
    if ((n = GET(root, "steps"))) {
        if (!cJSON_IsArray(n))
            return FAIL(n, "steps: expected an array");
        cJSON_ArrayForEach(e, n)
            if (parse_step(p, e))
                return -1;
    }
    if ((n = GET(root, "dump")) && parse_dumps(p, n, 0))
        return -1;
    if ((n = GET(root, "drivers"))) {
        uint32_t k;
        if (!cJSON_IsArray(n))
            return FAIL(n, "drivers: expected an array");
        sc->drivers = xrealloc(NULL, ((size_t)cJSON_GetArraySize(n) + 1) * sizeof *sc->drivers);
        cJSON_ArrayForEach(e, n) {
            tb_driver *dv = &sc->drivers[sc->n_drivers];
            if (parse_driver(p, e, dv))
                return -1;
            sc->n_drivers++;
            if (!sc->system.model.fac_sf)
                return FAIL(e, "drivers: the sampler needs the sampling facility (model %s has none)",
                            sc->system.model.name);
            for (k = 0; k + 1 < sc->n_drivers; k++)
                if (sc->drivers[k].cpu == dv->cpu)
                    return FAIL(e, "drivers: a second driver for cpu %u", dv->cpu);
        }
    }
    if ((n = GET(root, "expect_interruption_counts")) && parse_icounts(p, n))
        return -1;
    if ((n = GET(root, "expect_final")) && parse_expect_final(p, n))
        return -1;
    if ((n = GET(root, "expect_interruptions")) && parse_expect_intr(p, n))
        return -1;
    if ((n = GET(root, "expect_dumps")) && parse_dumps(p, n, 1))
        return -1;
    if ((n = GET(root, "random"))) {
        if (parse_random(p, n, &ro))
            return -1;
        has_random = 1;
    }
    if (has_random && generate_random(p, &ro, sc->seed))
        return -1;
    if (sc->n_drivers && layout_drivers(p, GET(root, "drivers")))
        return -1;
    return 0;
}

tb_scenario *tb_scenario_load(const char *path, const char *configs_dir, int has_seed_override,
                              uint64_t seed_override, const char *system_override, char *err, size_t errlen)
{
    parse_ctx p;
    tb_scenario *sc;
    jdoc *d = jdoc_parse_file(path, err, errlen);
    if (!d)
        return NULL;
    sc = calloc(1, sizeof *sc);
    if (!sc) {
        jdoc_free(d);
        snprintf(err, errlen, "%s:0:0: out of memory", path);
        return NULL;
    }
    snprintf(sc->path, sizeof sc->path, "%s", path);
    memset(&p, 0, sizeof p);
    p.d = d;
    p.sc = sc;
    p.err = err;
    p.errlen = errlen;
    if (parse_root(&p, configs_dir ? configs_dir : cfg_default_dir(), has_seed_override,
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
    }
    free(sc->drivers);
    free(sc->exp_icount);
    free(sc);
}
