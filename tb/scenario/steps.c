/* SPDX-License-Identifier: Apache-2.0 */
/*
 * steps.c - one element of "steps": the keys every step has ("at", "cpu",
 * "comment"), then its kind, which is the one key of the kind table below
 * it holds; each kind has a small parser and its own operand keys, refused
 * on the other kinds.
 */
#include "parse.h"

#include <string.h>

typedef int (*kind_parser)(parse_ctx *p, const cJSON *step, const cJSON *val, tb_step *st);

static int parse_insn(parse_ctx *p, const cJSON *step, const cJSON *val, tb_step *st)
{
    static const char *const regs[] = {"r1", "r2", "addr"};
    uint64_t *dst[] = {&st->r1, &st->r2, &st->addr}, v = 0;
    const cJSON *n;
    const char *s;
    int op, i;
    if (scn_str(p, val, &s))
        return -1;
    op = scn_op_index(s);
    if (op < 0)
        return FAIL(val,
                    "unknown instruction \"%s\" (LPP LCCTL LPCTL LSCTL QCTRI QSI ECCTR "
                    "EPCTR SCCTR SPCTR ECPGA STCCTM)",
                    s);
    st->op = (uint8_t)op;
    for (i = 0; i < 3; i++) {
        n = GET(step, regs[i]);
        /* ECCTR and SCCTR name their counter in R2: a perf event name will do */
        if (i == 1 && (op == CPUMF_OP_ECCTR || op == CPUMF_OP_SCCTR) && cJSON_IsString(n) &&
            n->valuestring[0] >= 'A' && n->valuestring[0] <= 'Z') {
            int num = cpumf_counter_by_perf_name(&p->sc->system.model, n->valuestring);
            if (num < 0)
                return FAIL(n, "r2: \"%s\" is not the perf name of a counter of model %s",
                            n->valuestring, p->sc->system.model.name);
            st->r2 = (uint64_t)num;
        } else if (scn_opt_u64(p, step, regs[i], 0, UINT64_MAX, dst[i]) < 0) {
            return -1;
        }
    }
    if (scn_opt_u64(p, step, "m3", 0, 15, &v) < 0)
        return -1;
    st->m3 = (uint8_t)v;
    if ((n = GET(step, "problem")) && scn_bool(p, n, &st->problem))
        return -1;
    if ((n = GET(step, "cr0_15")) && scn_bool(p, n, &st->cr0_15))
        return -1;
    if ((n = GET(step, "expect")) && scn_parse_insn_expect(p, n, st))
        return -1;
    return 0;
}

/* authorize and unauthorize: the masks of what changes. */
static int parse_auth(parse_ctx *p, const cJSON *step, const cJSON *val, tb_step *st)
{
    static const char *const ak[] = {"counter_sets", "sampling", "cg", NULL};
    const cJSON *n;
    (void)step;
    if (scn_keys(p, val, ak))
        return -1;
    if ((n = GET(val, "counter_sets")) && scn_set_list(p, n, 0, &st->cf_mask))
        return -1;
    if ((n = GET(val, "sampling")) && scn_set_list(p, n, 1, &st->sf_mask))
        return -1;
    if ((n = GET(val, "cg"))) {
        uint8_t b = 0;
        if (scn_bool(p, n, &b))
            return -1;
        if (!b)
            return FAIL(n, "cg: only true is meaningful (omit the key to leave the groups "
                           "unchanged)");
        st->cf_mask |= CPUMF_AUTH_CG;
    }
    return 0;
}

/* Names by enum cpumf_reset code. */
static int parse_reset(parse_ctx *p, const cJSON *step, const cJSON *val, tb_step *st)
{
    static const char *const rn[] = {"",      "cpu",      "initial-cpu",
                                     "clear", "power-on", "basic-machine-clear"};
    const char *s;
    unsigned i;
    (void)step;
    if (scn_str(p, val, &s))
        return -1;
    for (i = 1; i < sizeof rn / sizeof rn[0]; i++)
        if (strcmp(s, rn[i]) == 0)
            st->reset = (uint8_t)i;
    if (!st->reset)
        return FAIL(val,
                    "unknown reset \"%s\" (power-on, basic-machine-clear, clear, initial-cpu, "
                    "cpu)",
                    s);
    return 0;
}

/* stop and start: true. */
static int parse_true(parse_ctx *p, const cJSON *step, const cJSON *val, tb_step *st)
{
    uint8_t b = 0;
    (void)step;
    (void)st;
    if (scn_bool(p, val, &b))
        return -1;
    if (!b)
        return FAIL(val, "%s: only true is allowed", val->string);
    return 0;
}

static int parse_event(parse_ctx *p, const cJSON *step, const cJSON *val, tb_step *st)
{
    static const char *const en[] = {"loss_cpu_counter_data", "loss_mt_counter_data",
                                     "loss_sample_data", "cg_address_change", "set_multithreading"};
    const cJSON *sn = GET(step, "set"), *pn = GET(step, "param");
    const char *s;
    int found = -1, i;
    if (scn_str(p, val, &s))
        return -1;
    for (i = 0; i < 5; i++)
        if (strcmp(s, en[i]) == 0)
            found = i;
    if (found < 0)
        return FAIL(val,
                    "unknown event \"%s\" (loss_cpu_counter_data, loss_mt_counter_data, "
                    "loss_sample_data, cg_address_change, set_multithreading)",
                    s);
    st->event = (uint8_t)found;
    if (found == TB_EV_LOSS_CPU && !sn)
        return FAIL(step, "loss_cpu_counter_data needs \"set\"");
    if (found == TB_EV_LOSS_CPU && scn_set_list(p, sn, 0, &st->ev_set))
        return -1;
    if (found != TB_EV_LOSS_CPU && sn)
        return FAIL(sn, "\"set\" only goes with loss_cpu_counter_data");
    if (found == TB_EV_SET_MT && !pn)
        return FAIL(step, "set_multithreading needs \"param\"");
    if (found == TB_EV_SET_MT && scn_u64(p, pn, 0, UINT64_MAX, &st->ev_param))
        return -1;
    if (found != TB_EV_SET_MT && pn)
        return FAIL(pn, "\"param\" only goes with set_multithreading");
    return 0;
}

static int parse_cr0_58(parse_ctx *p, const cJSON *step, const cJSON *val, tb_step *st)
{
    (void)step;
    return scn_bool(p, val, &st->cr0_58);
}

static int parse_activity(parse_ctx *p, const cJSON *step, const cJSON *val, tb_step *st)
{
    tb_activity *a = scn_new_act(p, &st->act);
    (void)step;
    return tb_activity_parse(p->d, val, a, p->err, p->errlen);
}

/* A store by the program (another CPU's, the operating system's) between
 * two cycles: after the edge that ends cycle at-1, as a driver's store. */
static int parse_store(parse_ctx *p, const cJSON *step, const cJSON *val, tb_step *st)
{
    (void)step;
    if (scn_parse_mem_entry(p, val))
        return -1;
    st->mem = p->sc->n_mem - 1u;
    p->sc->mem[st->mem].at_step = 1;
    return 0;
}

static const char *const insn_operands[] = {"r1",      "r2",     "m3",     "addr",
                                            "problem", "cr0_15", "expect", NULL};
static const char *const event_operands[] = {"set", "param", NULL};

static const struct step_kind {
    const char *key;
    uint8_t kind;
    const char *article; /* "a" or "an", for messages */
    kind_parser parse;
    const char *const *operands; /* keys allowed only with this kind; NULL none */
} kinds[] = {
    {"insn", TB_STEP_INSN, "an", parse_insn, insn_operands},
    {"authorize", TB_STEP_AUTHORIZE, "an", parse_auth, NULL},
    {"unauthorize", TB_STEP_UNAUTHORIZE, "an", parse_auth, NULL},
    {"reset", TB_STEP_RESET, "a", parse_reset, NULL},
    {"stop", TB_STEP_STOP, "a", parse_true, NULL},
    {"start", TB_STEP_START, "a", parse_true, NULL},
    {"event", TB_STEP_EVENT, "an", parse_event, event_operands},
    {"cr0_58", TB_STEP_CR0_58, "a", parse_cr0_58, NULL},
    {"activity", TB_STEP_ACTIVITY, "an", parse_activity, NULL},
    {"store", TB_STEP_STORE, "a", parse_store, NULL},
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

static int in_list(const char *const *list, const char *key)
{
    for (; list && *list; list++)
        if (strcmp(*list, key) == 0)
            return 1;
    return 0;
}

/* The kind whose operand key this is; NULL for other keys. */
static const struct step_kind *operand_owner(const char *key)
{
    size_t i;
    for (i = 0; i < NKINDS; i++)
        if (in_list(kinds[i].operands, key))
            return &kinds[i];
    return NULL;
}

static int known_key(const char *key)
{
    static const char *const common[] = {"at", "cpu", "comment", NULL};
    size_t i;
    for (i = 0; i < NKINDS; i++)
        if (strcmp(kinds[i].key, key) == 0)
            return 1;
    return in_list(common, key) || operand_owner(key) != NULL;
}

/* The step's kind: exactly one kind key, and no other kind's operands. */
static int find_kind(parse_ctx *p, const cJSON *o, const struct step_kind **kind)
{
    const cJSON *n, *it;
    size_t i;
    *kind = NULL;
    cJSON_ArrayForEach(it, o) if (!known_key(it->string)) return jdoc_fail_key(
        p->d, it, p->err, p->errlen,
        "unknown key \"%s\" in a step (kinds: insn, authorize, "
        "unauthorize, reset, stop, start, event, cr0_58, activity, store)",
        it->string);
    for (i = 0; i < NKINDS; i++) {
        if (!(n = GET(o, kinds[i].key)))
            continue;
        if (*kind)
            return FAIL(n, "a step has one kind: \"%s\" and \"%s\" given", (*kind)->key,
                        kinds[i].key);
        *kind = &kinds[i];
    }
    if (!*kind)
        return FAIL(o, "step without a kind (insn, authorize, unauthorize, reset, stop, start, "
                       "event, cr0_58, activity, store)");
    cJSON_ArrayForEach(it, o)
    {
        const struct step_kind *owner = operand_owner(it->string);
        if (owner && owner != *kind)
            return FAIL(it, "key \"%s\" not allowed in %s \"%s\" step", it->string,
                        (*kind)->article, (*kind)->key);
    }
    return 0;
}

int scn_parse_step(parse_ctx *p, const cJSON *o)
{
    const struct step_kind *kind;
    const cJSON *n;
    const char *s;
    tb_step *st;

    if (!cJSON_IsObject(o))
        return FAIL(o, "a step is an object");
    if (find_kind(p, o, &kind))
        return -1;
    st = scn_new_step(p);
    st->kind = kind->kind;
    jdoc_pos(p->d, o, &st->line, &st->col);
    st->cr0_58 = 1;
    if (!(n = GET(o, "at")))
        return FAIL(o, "step needs \"at\" (the cycle)");
    if (scn_u64(p, n, 0, (uint64_t)1 << 48, &st->at))
        return -1;
    if ((n = GET(o, "cpu")) && scn_cpu(p, n, &st->cpu))
        return -1;
    if ((n = GET(o, "comment")) && scn_str(p, n, &s))
        return -1;
    return kind->parse(p, o, GET(o, kind->key), st);
}
