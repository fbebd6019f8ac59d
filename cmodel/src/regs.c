/* SPDX-License-Identifier: Apache-2.0 */
/*
 * regs.c - registers by name (cpumf_read_register, cpumf_register_name):
 * the registers of cpumf_regs.def, named "cpuN.<unit>.<reg>[index]" and
 * "<unit>.<reg>[index]" as in rtl/ and in the lockstep's reports, read from
 * the model's state; and the architected counter aliases (cpuN.counter.NUM,
 * cgG.counter.K, coreC.counter.448|449, and cpuN.counter.PERF_NAME,
 * coreC.counter.PERF_NAME by the counter's Linux perf event name).  The
 * name list holds only what the system has installed (CPUs, counters of
 * installed sets, groups, cores); it is built at creation.  At the end,
 * compile-time checks of the C side against the tables the RTL is generated
 * from.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpumf_int.h"

/* Bytes of the C type that holds `width` bits (cpumf_obs.h). */
#define C_BYTES(width) ((width) <= 8 ? 1u : (width) <= 16 ? 2u : (width) <= 32 ? 4u : 8u)
/* The state a register of each scope lives in. */
#define STATE_CPU    mf_cpu_state
#define STATE_SYSTEM cf_global_state
#define STATE_CORE   cf_global_state
#define STATE_GROUP  cf_global_state

enum { SCOPE_CPU, SCOPE_SYSTEM, SCOPE_CORE, SCOPE_GROUP };

typedef struct reg_desc {
    const char *unit, *reg;
    unsigned scope, count, bytes;
    size_t off;          /* in mf_cpu_state (CPU) or cf_global_state */
    size_t outer_stride; /* bytes per core or group */
} reg_desc;

static const reg_desc reg_table[] = {
#define CPUMF_REG(unit, reg, width, count, scope, type, model, desc)                               \
    {#unit,                                                                                        \
     #reg,                                                                                         \
     SCOPE_##scope,                                                                                \
     count,                                                                                        \
     C_BYTES(width),                                                                               \
     offsetof(STATE_##scope, model),                                                               \
     C_BYTES(width) * (count)},
#include "cpumf/cpumf_regs.def"
};
#define N_REGS (sizeof reg_table / sizeof reg_table[0])

static unsigned n_cores(const cpumf_system_cfg *cfg)
{
    unsigned tpc = cfg->threads_per_core ? cfg->threads_per_core : 1u;
    return (cfg->n_cpus + tpc - 1u) / tpc;
}

/* Installed rows of a core or group register (its outer index). */
static unsigned outer_count(const cpumf_system_cfg *cfg, const reg_desc *r)
{
    if (r->scope == SCOPE_GROUP)
        return cfg->model.has_cg ? cfg->n_cg : 0u;
    if (r->scope == SCOPE_CORE) /* the MT-diagnostic set */
        return cfg->model.csvn > 3u ? n_cores(cfg) : 0u;
    return 1u;
}

/* Element k of a per-CPU array is installed (the counter slots of installed
 * counters; every element of another array). */
static int element_installed(const cpumf_system_cfg *cfg, const reg_desc *r, unsigned k)
{
    if (strcmp(r->unit, "cf_counters") || strcmp(r->reg, "ctr_q"))
        return 1;
    return arch_counter_slot(&cfg->model, arch_slot_counter(k)) == (int)k;
}

/* Writes every canonical name into out (when not NULL); returns the count. */
static unsigned walk_names(const cpumf_system_cfg *cfg, char (*out)[REG_NAME_LEN])
{
    unsigned n = 0u, i, k, g;
    const reg_desc *r;
#define EMIT(...)                                                                                  \
    do {                                                                                           \
        if (out)                                                                                   \
            snprintf(out[n], REG_NAME_LEN, __VA_ARGS__);                                           \
        n++;                                                                                       \
    } while (0)
    for (i = 0; i < cfg->n_cpus; i++)
        for (r = reg_table; r < reg_table + N_REGS; r++) {
            if (r->scope != SCOPE_CPU)
                continue;
            if (r->count == 1u)
                EMIT("cpu%u.%s.%s", i, r->unit, r->reg);
            for (k = 0; r->count > 1u && k < r->count; k++)
                if (element_installed(cfg, r, k))
                    EMIT("cpu%u.%s.%s[%u]", i, r->unit, r->reg, k);
        }
    for (r = reg_table; r < reg_table + N_REGS; r++) {
        if (r->scope == SCOPE_SYSTEM && r->count == 1u)
            EMIT("%s.%s", r->unit, r->reg);
        for (k = 0; r->scope == SCOPE_SYSTEM && r->count > 1u && k < r->count; k++)
            EMIT("%s.%s[%u]", r->unit, r->reg, k);
        if (r->scope != SCOPE_CORE && r->scope != SCOPE_GROUP)
            continue;
        for (g = 0; g < outer_count(cfg, r); g++)
            for (k = 0; k < r->count; k++)
                EMIT("%s.%s[%u][%u]", r->unit, r->reg, g, k);
    }
#undef EMIT
    return n;
}

int regs_build(cpumf_sys *s)
{
    unsigned n = walk_names(&s->cfg, NULL);
    s->reg_names = (char(*)[REG_NAME_LEN])calloc(n, REG_NAME_LEN);
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
static int parse_indexed(const char *name, const char *prefix, unsigned *idx, const char **rest)
{
    size_t len = strlen(prefix);
    const char *p = name + len;
    if (strncmp(name, prefix, len) != 0 || parse_num(&p, idx) || *p != '.')
        return -1;
    *rest = p + 1;
    return 0;
}

/* "counter.<num>" or "counter.<perf event name>" of model m, exactly. */
static int parse_counter(const cpumf_model_cfg *m, const char *rest, unsigned *num)
{
    const char *p = rest + 8;
    int by_name;
    if (strncmp(rest, "counter.", 8) != 0)
        return -1;
    if (*p >= 'A' && *p <= 'Z') {
        by_name = cpumf_counter_by_perf_name(m, p);
        *num = (unsigned)by_name;
        return by_name < 0 ? -1 : 0;
    }
    return parse_num(&p, num) || *p != '\0' ? -1 : 0;
}

/* "[<num>]" n times exactly, to the end. */
static int parse_indices(const char *p, unsigned *idx, unsigned n)
{
    unsigned k;
    for (k = 0; k < n; k++) {
        if (*p++ != '[' || parse_num(&p, &idx[k]) || *p++ != ']')
            return -1;
    }
    return *p == '\0' ? 0 : -1;
}

static uint64_t load(const void *base, size_t off, unsigned bytes)
{
    const unsigned char *p = (const unsigned char *)base + off;
    uint8_t v8;
    uint16_t v16;
    uint32_t v32;
    uint64_t v64;
    switch (bytes) {
    case 1u: memcpy(&v8, p, 1); return v8;
    case 2u: memcpy(&v16, p, 2); return v16;
    case 4u: memcpy(&v32, p, 4); return v32;
    default: memcpy(&v64, p, 8); return v64;
    }
}

/* Register r named at rest ("<unit>.<reg>" and its indices): 0 and the
 * offset of the element in its state, -1 when out of range or not installed,
 * 1 when rest names another register. */
static int locate(const cpumf_system_cfg *cfg, const reg_desc *r, const char *rest, size_t *off)
{
    size_t ul = strlen(r->unit), rl = strlen(r->reg);
    const char *p = rest + ul + 1 + rl;
    unsigned idx[2] = {0u, 0u};
    unsigned dims = r->scope == SCOPE_CORE || r->scope == SCOPE_GROUP ? 2u
                    : r->count > 1u                                   ? 1u
                                                                      : 0u;
    if (strncmp(rest, r->unit, ul) || rest[ul] != '.' || strncmp(rest + ul + 1, r->reg, rl) ||
        parse_indices(p, idx, dims))
        return 1;
    if (dims == 2u) {
        if (idx[0] >= outer_count(cfg, r) || idx[1] >= r->count)
            return -1;
        *off = r->off + idx[0] * r->outer_stride + idx[1] * r->bytes;
        return 0;
    }
    if (dims == 1u && (idx[0] >= r->count || !element_installed(cfg, r, idx[0])))
        return -1;
    *off = r->off + idx[0] * r->bytes;
    return 0;
}

/* "<unit>.<reg>[i]..." of CPU cpu (per_cpu) or of the system: 0 and the
 * value, or -1. */
static int read_table(const cpumf_sys *s, unsigned cpu, int per_cpu, const char *rest, uint64_t *v)
{
    const reg_desc *r;
    size_t off;
    for (r = reg_table; r < reg_table + N_REGS; r++) {
        int rc;
        if ((r->scope == SCOPE_CPU) != per_cpu)
            continue;
        rc = locate(&s->cfg, r, rest, &off);
        if (rc == 1)
            continue;
        if (rc == 0 && per_cpu && !strcmp(r->unit, "cf_counters") && !strcmp(r->reg, "ctr_q"))
            *v = cf_counters_value(&s->q[cpu].ctr, (unsigned)((off - r->off) / r->bytes));
        else if (rc == 0)
            *v = load(per_cpu ? (const void *)&s->q[cpu] : (const void *)&s->gq, off, r->bytes);
        return rc;
    }
    return -1;
}

/* The alias cpuN.counter.NUM: its slot, or the core's MT counter. */
static int read_counter(const cpumf_sys *s, unsigned i, unsigned num, uint64_t *v)
{
    unsigned tpc = s->cfg.threads_per_core ? s->cfg.threads_per_core : 1u;
    int slot = arch_counter_slot(&s->cfg.model, num);
    if (slot == -1)
        return -1;
    *v = slot == -2 ? s->gq.mt_ctr[i / tpc][num - 448u]
                    : cf_counters_value(&s->q[i].ctr, (unsigned)slot);
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
        bad = idx >= s->cfg.n_cpus ||
              (parse_counter(&s->cfg.model, rest, &num) ? read_table(s, idx, 1, rest, &v)
                                                        : read_counter(s, idx, num, &v));
    } else if (!parse_indexed(name, "cg", &idx, &rest)) {
        bad = !s->cfg.model.has_cg || idx >= s->cfg.n_cg || parse_counter(NULL, rest, &num) ||
              num >= CPUMF_CG_NCTR;
        if (!bad)
            v = s->gq.cg_ctr[idx][num];
    } else if (!parse_indexed(name, "core", &idx, &rest)) {
        bad = s->cfg.model.csvn <= 3u || idx >= n_cores(&s->cfg) ||
              parse_counter(&s->cfg.model, rest, &num) || (num != 448u && num != 449u);
        if (!bad)
            v = s->gq.mt_ctr[idx][num - 448u];
    } else {
        bad = read_table(s, 0u, 0, name, &v);
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

/* ---- the C side against the tables ------------------------------------------
 * Every constant the RTL shares has its SystemVerilog value (a BIT row is the
 * position of the C mask); every observed register a field of the width and
 * count of its row, and the model's register of the same size. */
#define CPUMF_CONST(group, name, value, desc)                                                      \
    STATIC_ASSERT(CPUMF_##name == (value), "CPUMF_" #name " differs from cpumf_consts.def");
#define CPUMF_BIT(group, name, bit, desc)                                                          \
    STATIC_ASSERT(CPUMF_##name == 1u << (bit), "CPUMF_" #name " differs from cpumf_consts.def");
#include "cpumf/cpumf_consts.def"

#define OUTER_CPU             1u
#define OUTER_SYSTEM          1u
#define OUTER_CORE            CPUMF_MAX_CPUS
#define OUTER_GROUP           CPUMF_MAX_CGS
#define OBS_CPU(unit, reg)    ((cpumf_cpu_obs *)0)->unit.reg
#define OBS_SYSTEM(unit, reg) ((cpumf_obs *)0)->unit.reg
#define OBS_CORE              OBS_SYSTEM
#define OBS_GROUP             OBS_SYSTEM
#define CPUMF_REG(unit, reg, width, count, scope, type, model, desc)                               \
    STATIC_ASSERT(sizeof(OBS_##scope(unit, reg)) == C_BYTES(width) * (count)*OUTER_##scope,        \
                  #unit "." #reg ": the field differs from cpumf_regs.def");                       \
    STATIC_ASSERT(sizeof(OBS_##scope(unit, reg)) == sizeof(((STATE_##scope *)0)->model),           \
                  #unit "." #reg ": the model's register differs in size");
#include "cpumf/cpumf_regs.def"
