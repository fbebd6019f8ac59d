/*
 * regs.c - registers by name (cpumf_read_register, cpumf_register_name):
 * the values cpumf_observe() reports, addressed by the names listed in
 * cpumf.h.  The name table holds only what the system has installed (CPUs,
 * counters of installed sets, groups, cores); it is built at creation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpumf_int.h"

static const char *const cpu_fields_pre[] = {"cf_state.a", "cf_state.e", "cf_state.c",
                                             "cf_state.cg_a"};
static const char *const cpu_fields_post[] = {
    "alert.pending", "insn.state", "pp", "sf_a",
    "sf_ctrl.e", "sf_ctrl.c", "sf_ctrl.s", "sf_ctrl.h", "sf_ctrl.interval", "sf_ctrl.tear",
    "sf_ctrl.dear", "sf_interval.cnt", "sf_interval.sec", "sf_interval.sec_act",
    "sf_interval.lfsr", "sf_interval.collisions", "sf_update.state", "sf_update.n_stored",
    "sf_update.n_overflow", "arb.own"};
#define N_POST (sizeof cpu_fields_post / sizeof cpu_fields_post[0])
static const char *const global_fields[] = {"e", "c", "change", "mt_enabled"};

static unsigned n_cores(const cpumf_system_cfg *cfg)
{
    unsigned tpc = cfg->threads_per_core ? cfg->threads_per_core : 1u;
    return (cfg->n_cpus + tpc - 1u) / tpc;
}

/* Installed counter numbers of a CPU in ascending order; returns the count. */
static unsigned cpu_counters(const cpumf_model_cfg *m, unsigned *num)
{
    static const unsigned sets[5] = {CPUMF_SET_BASIC, CPUMF_SET_PROBLEM, CPUMF_SET_CRYPTO,
                                     CPUMF_SET_EXT, CPUMF_SET_MT};
    unsigned n = 0u, i, k;
    for (i = 0; i < 5u; i++) {
        unsigned cnt = arch_set_count(m, sets[i]);
        for (k = 0; k < cnt; k++)
            num[n++] = arch_set_first_counter(sets[i]) + k;
    }
    return n;
}

/* Writes every name into out (when not NULL); returns the count. */
static unsigned walk_names(const cpumf_system_cfg *cfg, char (*out)[REG_NAME_LEN])
{
    unsigned num[CPUMF_NSLOT + 2];
    unsigned nc = cpu_counters(&cfg->model, num);
    unsigned n = 0u, i, k;
#define EMIT(...)                                                          \
    do {                                                                   \
        if (out)                                                           \
            snprintf(out[n], REG_NAME_LEN, __VA_ARGS__);                   \
        n++;                                                               \
    } while (0)
    for (i = 0; i < cfg->n_cpus; i++) {
        for (k = 0; k < 4u; k++)
            EMIT("cpu%u.%s", i, cpu_fields_pre[k]);
        for (k = 0; k < nc; k++)
            EMIT("cpu%u.counter.%u", i, num[k]);
        for (k = 0; k < N_POST; k++)
            EMIT("cpu%u.%s", i, cpu_fields_post[k]);
    }
    for (k = 0; k < 4u; k++)
        EMIT("global.%s", global_fields[k]);
    if (cfg->model.has_cg)
        for (i = 0; i < cfg->n_cg; i++)
            for (k = 0; k < CPUMF_CG_NCTR; k++)
                EMIT("cg%u.counter.%u", i, k);
    if (cfg->model.csvn > 3u)
        for (i = 0; i < n_cores(cfg); i++)
            for (k = 0; k < 2u; k++)
                EMIT("core%u.counter.%u", i, 448u + k);
#undef EMIT
    return n;
}

int regs_build(cpumf_sys *s)
{
    unsigned n = walk_names(&s->cfg, NULL);
    s->reg_names = (char (*)[REG_NAME_LEN])calloc(n, REG_NAME_LEN);
    if (!s->reg_names)
        return -1;
    s->n_reg_names = walk_names(&s->cfg, s->reg_names);
    return 0;
}

void regs_free(cpumf_sys *s)
{
    free(s->reg_names);
    s->reg_names = NULL;
    s->n_reg_names = 0u;
}

const char *cpumf_register_name(const cpumf_sys *s, unsigned i)
{
    if (!s || i >= s->n_reg_names)
        return NULL;
    return s->reg_names[i];
}

/* Decimal number without sign or leading zeros at *p, at most 5 digits. */
static int parse_num(const char **p, unsigned *v)
{
    const char *c = *p;
    unsigned x = 0u, n = 0u;
    if (*c < '0' || *c > '9')
        return -1;
    if (*c == '0' && c[1] >= '0' && c[1] <= '9')
        return -1;
    while (*c >= '0' && *c <= '9') {
        if (++n > 5u)
            return -1;
        x = x * 10u + (unsigned)(*c - '0');
        c++;
    }
    *p = c;
    *v = x;
    return 0;
}

/* "PREFIX<num>." at the start of name: the number, and *rest after the dot. */
static int parse_indexed(const char *name, const char *prefix, unsigned *idx,
                         const char **rest)
{
    size_t len = strlen(prefix);
    const char *p = name + len;
    if (strncmp(name, prefix, len) != 0 || parse_num(&p, idx) || *p != '.')
        return -1;
    *rest = p + 1;
    return 0;
}

/* "counter.<num>" exactly. */
static int parse_counter(const char *rest, unsigned *num)
{
    const char *p = rest + 8;
    if (strncmp(rest, "counter.", 8) != 0 || parse_num(&p, num) || *p != '\0')
        return -1;
    return 0;
}

static int read_cpu(const cpumf_sys *s, unsigned i, const char *rest, uint64_t *v)
{
    const mf_cpu_state *c = &s->q[i];
    unsigned tpc = s->cfg.threads_per_core ? s->cfg.threads_per_core : 1u;
    unsigned num;
    if (!strcmp(rest, "cf_state.a"))
        *v = c->st.a;
    else if (!strcmp(rest, "cf_state.e"))
        *v = c->st.e;
    else if (!strcmp(rest, "cf_state.c"))
        *v = c->st.c;
    else if (!strcmp(rest, "cf_state.cg_a"))
        *v = c->st.cg_a;
    else if (!strcmp(rest, "alert.pending"))
        *v = c->al.pending;
    else if (!strcmp(rest, "insn.state"))
        *v = c->insn.state;
    else if (!strcmp(rest, "pp"))
        *v = c->sf.pp;
    else if (!strcmp(rest, "sf_a"))
        *v = c->sf.a;
    else if (!strcmp(rest, "sf_ctrl.e"))
        *v = c->sf.e;
    else if (!strcmp(rest, "sf_ctrl.c"))
        *v = c->sf.c;
    else if (!strcmp(rest, "sf_ctrl.s"))
        *v = c->sf.s;
    else if (!strcmp(rest, "sf_ctrl.h"))
        *v = c->sf.h;
    else if (!strcmp(rest, "sf_ctrl.interval"))
        *v = c->sf.interval;
    else if (!strcmp(rest, "sf_ctrl.tear"))
        *v = c->sf.tear;
    else if (!strcmp(rest, "sf_ctrl.dear"))
        *v = c->sf.dear;
    else if (!strcmp(rest, "sf_interval.cnt"))
        *v = c->iv.cnt;
    else if (!strcmp(rest, "sf_interval.sec"))
        *v = c->iv.sec;
    else if (!strcmp(rest, "sf_interval.sec_act"))
        *v = c->iv.sec_act;
    else if (!strcmp(rest, "sf_interval.lfsr"))
        *v = c->iv.lfsr;
    else if (!strcmp(rest, "sf_interval.collisions"))
        *v = c->iv.collisions;
    else if (!strcmp(rest, "sf_update.state"))
        *v = c->upd.state;
    else if (!strcmp(rest, "sf_update.n_stored"))
        *v = c->upd.n_stored;
    else if (!strcmp(rest, "sf_update.n_overflow"))
        *v = c->upd.n_overflow;
    else if (!strcmp(rest, "arb.own"))
        *v = c->own;
    else if (!parse_counter(rest, &num)) {
        int slot = arch_counter_slot(&s->cfg.model, num);
        if (slot == -1)
            return -1;
        if (slot == -2)
            *v = s->gq.mt_ctr[i / tpc][num - 448u];
        else
            *v = c->ctr.ctr[slot];
    } else {
        return -1;
    }
    return 0;
}

int cpumf_read_register(const cpumf_sys *s, const char *name, uint64_t *value)
{
    const char *rest;
    unsigned idx, num;
    uint64_t v = 0u;
    int bad = 0;

    if (!s)
        return -1;
    if (!name || !value) {
        sys_set_error(s, "read_register: NULL argument");
        return -1;
    }
    if (!parse_indexed(name, "cpu", &idx, &rest)) {
        bad = idx >= s->cfg.n_cpus || read_cpu(s, idx, rest, &v);
    } else if (!parse_indexed(name, "cg", &idx, &rest)) {
        bad = !s->cfg.model.has_cg || idx >= s->cfg.n_cg || parse_counter(rest, &num) ||
              num >= CPUMF_CG_NCTR;
        if (!bad)
            v = s->gq.cg_ctr[idx][num];
    } else if (!parse_indexed(name, "core", &idx, &rest)) {
        bad = s->cfg.model.csvn <= 3u || idx >= n_cores(&s->cfg) ||
              parse_counter(rest, &num) || (num != 448u && num != 449u);
        if (!bad)
            v = s->gq.mt_ctr[idx][num - 448u];
    } else if (!strcmp(name, "global.e")) {
        v = s->gq.e;
    } else if (!strcmp(name, "global.c")) {
        v = s->gq.c;
    } else if (!strcmp(name, "global.change")) {
        v = s->gq.change;
    } else if (!strcmp(name, "global.mt_enabled")) {
        v = s->gq.mt_enabled;
    } else {
        bad = 1;
    }
    if (bad) {
        sys_set_error(s, "read_register: unknown register \"%.64s\" (see cpumf_register_name)",
                      name);
        return -1;
    }
    *value = v;
    ((cpumf_sys *)(uintptr_t)s)->last_err[0] = '\0';
    return 0;
}
