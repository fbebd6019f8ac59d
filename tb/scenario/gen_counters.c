/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gen_counters.c - the "random" generator: a constrained-random step stream
 * from the seed, appended after the scenario's own steps.  Every counter
 * instruction with valid and invalid operands (operands in generated memory,
 * some unaligned or unavailable), authorization changes, resets, stop/start,
 * loss events, SIGP set-multithreading, group address changes, CR0.58 flips;
 * with "sampling", a share of the steps comes from gen_sampling.c.
 */
#include "gen.h"

#include <string.h>

#include "be.h"

/* ---------------- options ---------------- */

typedef struct random_opts {
    uint64_t insns, start, gap_min, gap_max;
    uint16_t ops_mask;
    uint8_t events;
    sampling_opts sf;
} random_opts;

/* "ops": instruction names. */
static int parse_ops(parse_ctx *p, const cJSON *n, uint16_t *mask)
{
    const cJSON *e;
    if (!cJSON_IsArray(n) || cJSON_GetArraySize(n) == 0)
        return FAIL(n, "ops: expected a nonempty array of instruction names");
    *mask = 0;
    cJSON_ArrayForEach(e, n)
    {
        const char *s;
        int f;
        if (scn_str(p, e, &s))
            return -1;
        f = scn_op_index(s);
        if (f < 0)
            return FAIL(e, "unknown instruction \"%s\"", s);
        *mask |= (uint16_t)(1u << f);
    }
    return 0;
}

static int parse_random(parse_ctx *p, const cJSON *o, random_opts *ro)
{
    static const char *const rk[] = {"insns", "start", "gap", "ops", "events", "sampling", NULL};
    const cJSON *n;
    memset(ro, 0, sizeof *ro);
    ro->gap_min = 0;
    ro->gap_max = 12;
    ro->ops_mask = (1u << CPUMF_OP_COUNT) - 1u;
    ro->events = 1;
    if (scn_keys(p, o, rk))
        return -1;
    if (!(n = GET(o, "insns")))
        return FAIL(o, "random needs \"insns\"");
    if (scn_u64(p, n, 1, TB_MAX_STEPS, &ro->insns))
        return -1;
    if ((n = GET(o, "start")) && scn_u64(p, n, 0, (uint64_t)1 << 40, &ro->start))
        return -1;
    if ((n = GET(o, "gap"))) {
        if (!cJSON_IsArray(n) || cJSON_GetArraySize(n) != 2)
            return FAIL(n, "gap: expected [min, max] cycles");
        if (scn_u64(p, cJSON_GetArrayItem(n, 0), 0, 1000000, &ro->gap_min) ||
            scn_u64(p, cJSON_GetArrayItem(n, 1), 0, 1000000, &ro->gap_max))
            return -1;
        if (ro->gap_max < ro->gap_min)
            return FAIL(n, "gap: max below min");
    }
    if ((n = GET(o, "ops")) && parse_ops(p, n, &ro->ops_mask))
        return -1;
    if ((n = GET(o, "events")) && scn_bool(p, n, &ro->events))
        return -1;
    if ((n = GET(o, "sampling")) && sfg_parse_opts(p, n, &ro->sf))
        return -1;
    return 0;
}

/* ---------------- instructions ---------------- */

/* The generator's state while it appends steps. */
typedef struct cgen {
    parse_ctx *p;
    const cpumf_system_cfg *cfg;
    gen_rng g;
    uint64_t fetch_base, fetch_off;         /* where fetched operands go, next offset */
    uint64_t store_base;                    /* where stored operands go */
    unsigned ops[CPUMF_OP_COUNT * 4], nops; /* opcodes, repeated by weight */
    uint8_t stopped[CPUMF_MAX_CPUS], cr58[CPUMF_MAX_CPUS];
} cgen;

/* The first available 64 KiB-aligned region of size bytes from `from` on,
 * among the first GEN_SEARCH_MAX candidates: a hole in a huge storage is not
 * walked to its end.  0, or -1 when none is found. */
static int find_region(const cpumf_system_cfg *cfg, uint64_t size, uint64_t from, uint64_t *out)
{
    uint64_t base = from;
    unsigned k;
    for (k = 0; k < GEN_SEARCH_MAX && base + size <= cfg->storage_size && base >= from; k++) {
        if (scn_range_available(cfg, base, (size_t)size)) {
            *out = base;
            return 0;
        }
        base += 0x10000;
    }
    return -1;
}

/* an address that is not available: beyond the end, in a hole, or wrapping */
static uint64_t bad_addr(gen_rng *g, const cpumf_system_cfg *cfg)
{
    unsigned k = gen_below(g, 3);
    if (k == 0 && cfg->n_holes) {
        const cpumf_hole *h = &cfg->holes[gen_below(g, cfg->n_holes)];
        return h->base + (h->size ? gen_next(g) % h->size : 0);
    }
    if (k == 1)
        return 0xfffffffffffffff8ull + gen_below(g, 8);
    return cfg->storage_size + (gen_next(g) & 0xffff);
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

static uint64_t rand_counter(gen_rng *g, const cpumf_model_cfg *m)
{
    switch (gen_below(g, 8)) {
    case 0: return gen_below(g, 8);
    case 1: return 32 + gen_below(g, 8);
    case 2: return 64 + gen_below(g, 22);
    case 3: return 128 + gen_below(g, (unsigned)m->n_ext + 4u);
    case 4: return 448 + gen_below(g, 3);
    case 5: return gen_next(g) & 0xffff;
    default: return gen_below(g, 6);
    }
}

/* STCCTM: a set (m3), a count (often exactly the set's), a store address. */
static void gen_stcctm(cgen *cg, tb_step *st)
{
    static const uint8_t m3s[] = {0, 1, 2, 3, 5, 9};
    const cpumf_model_cfg *m = &cg->cfg->model;
    gen_rng *g = &cg->g;
    st->m3 = gen_pct(g, 90) ? m3s[gen_below(g, 6)] : (uint8_t)gen_below(g, 16);
    st->r1 = gen_pct(g, 70) ? gen_below(g, 24) : (gen_pct(g, 50) ? gen_below(g, 200) : gen_next(g));
    if (gen_pct(g, 35)) {
        /* exactly the number of installed counters of the set: cc 0 */
        switch (st->m3) {
        case 0: st->r1 = m->n_ext; break;
        case 1: st->r1 = 6; break;
        case 2: st->r1 = m->cfvn == 1 ? 6u : 2u; break;
        case 3: st->r1 = m->csvn >= 6 ? 20u : 16u; break;
        default: st->r1 = 2; break;
        }
    }
    st->addr = cg->store_base + (uint64_t)gen_below(g, 0x4000) * 8u;
    if (gen_pct(g, 5))
        st->addr += 1u + gen_below(g, 7);
    if (gen_pct(g, 5))
        st->addr = bad_addr(g, cg->cfg) & ~7ull;
}

/* The fetched operand of st: mostly written into the fetch area. */
static void place_operand(cgen *cg, tb_step *st, uint64_t operand)
{
    gen_rng *g = &cg->g;
    int where = (int)gen_below(g, 100);
    if (where < 88) {
        uint64_t a = cg->fetch_base + cg->fetch_off + (gen_pct(g, 25) ? gen_below(g, 8) : 0);
        tb_mem_init *mi = scn_new_mem(cg->p, a, 8);
        be_put64(mi->bytes, operand);
        cg->fetch_off = (cg->fetch_off + 16u) % 0xfff0u;
        st->addr = a;
    } else {
        st->addr = bad_addr(g, cg->cfg);
    }
}

/* The operands of instruction st->op. */
static void gen_insn(cgen *cg, tb_step *st)
{
    const cpumf_system_cfg *cfg = cg->cfg;
    const cpumf_model_cfg *m = &cfg->model;
    gen_rng *g = &cg->g;
    uint8_t inst = installed_sets(m) & (uint8_t)~CPUMF_SET_MT;
    uint64_t operand = 0;
    int fetch = 0;

    st->r1 = gen_pct(g, 50) ? gen_next(g) : gen_below(g, 64);
    st->problem = (uint8_t)gen_pct(g, 12);
    st->cr0_15 = (uint8_t)gen_pct(g, 50);
    switch (st->op) {
    case CPUMF_OP_LPP:
        operand = gen_next(g);
        fetch = 1;
        break;
    case CPUMF_OP_LCCTL: {
        uint8_t e = (uint8_t)(gen_next(g) & inst), c = (uint8_t)(gen_next(g) & e);
        if (gen_pct(g, 15))
            c = (uint8_t)(gen_next(g) & 0x3f);
        if (gen_pct(g, 10))
            e |= CPUMF_SET_MT, c |= CPUMF_SET_MT;
        operand = (uint64_t)e << 16 | c;
        if (gen_pct(g, 8))
            operand |= 1ull << gen_below(g, 64);
        fetch = 1;
        break;
    }
    case CPUMF_OP_LPCTL:
        operand = gen_below(g, 4);
        if (gen_pct(g, 8))
            operand |= 1ull << gen_below(g, 64);
        fetch = 1;
        break;
    case CPUMF_OP_ECCTR:
    case CPUMF_OP_SCCTR: st->r2 = rand_counter(g, m); break;
    case CPUMF_OP_EPCTR:
    case CPUMF_OP_SPCTR: {
        uint64_t ga =
            cfg->n_cg && gen_pct(g, 80) ? cfg->cg_addr[gen_below(g, cfg->n_cg)] : gen_below(g, 4);
        st->r2 = (ga & 0xffff) << 8 | gen_below(g, 10);
        break;
    }
    case CPUMF_OP_ECPGA:
        st->r2 = gen_pct(g, 80) ? cfg->cpu_addr[gen_below(g, cfg->n_cpus)] : (gen_next(g) & 0xffff);
        break;
    case CPUMF_OP_STCCTM: gen_stcctm(cg, st); break;
    case CPUMF_OP_QCTRI:
    case CPUMF_OP_QSI:
    case CPUMF_OP_LSCTL:
        st->addr = cg->store_base + (uint64_t)gen_below(g, 0x800) * 8u;
        if (gen_pct(g, 10))
            st->addr += gen_below(g, 8);
        if (gen_pct(g, 8))
            st->addr = bad_addr(g, cfg);
        break;
    default: break;
    }
    if ((st->op == CPUMF_OP_ECCTR || st->op == CPUMF_OP_SCCTR || st->op == CPUMF_OP_ECPGA) &&
        gen_pct(g, 5))
        st->r2 |= gen_next(g) << 16;
    if ((st->op == CPUMF_OP_EPCTR || st->op == CPUMF_OP_SPCTR) && gen_pct(g, 5))
        st->r2 |= gen_next(g) << 24;
    if (fetch)
        place_operand(cg, st, operand);
}

/* ---------------- the other step kinds ---------------- */

static void gen_auth(cgen *cg, tb_step *st)
{
    uint8_t sets =
        CPUMF_SET_BASIC | CPUMF_SET_PROBLEM | CPUMF_SET_CRYPTO | CPUMF_SET_EXT | CPUMF_SET_MT;
    gen_rng *g = &cg->g;
    if (gen_pct(g, 60)) {
        st->kind = TB_STEP_AUTHORIZE;
        st->cf_mask = (uint8_t)(gen_pct(g, 50) ? (sets | CPUMF_AUTH_CG)
                                               : gen_next(g) & (sets | CPUMF_AUTH_CG));
        st->sf_mask = (uint8_t)(gen_next(g) & 3u);
    } else {
        /* one thing at a time, so that sets stay usable */
        static const uint8_t one[7] = {CPUMF_SET_EXT,
                                       CPUMF_SET_BASIC,
                                       CPUMF_SET_PROBLEM,
                                       CPUMF_SET_CRYPTO,
                                       CPUMF_SET_MT,
                                       CPUMF_AUTH_CG,
                                       0};
        st->kind = TB_STEP_UNAUTHORIZE;
        st->cf_mask = one[gen_below(g, 7)];
        if (!st->cf_mask)
            st->sf_mask = (uint8_t)(1u + gen_below(g, 3));
    }
}

/* A step other than an instruction, for k in 72..99. */
static void gen_other(cgen *cg, tb_step *st, unsigned k)
{
    gen_rng *g = &cg->g;
    unsigned cpu = st->cpu;
    if (k < 78) {
        gen_auth(cg, st);
    } else if (k < 81) {
        /* one draw as gen_pct(g, 10) makes: the machine resets share its 10 % */
        unsigned x = gen_below(g, 100);
        st->kind = TB_STEP_RESET;
        st->reset = (uint8_t)(x < 5u    ? CPUMF_RESET_POWER_ON
                              : x < 10u ? CPUMF_RESET_BASIC_MACHINE_CLEAR
                                        : 1u + gen_below(g, 3));
    } else if (k < 85) {
        st->kind = cg->stopped[cpu] ? TB_STEP_START : TB_STEP_STOP;
        cg->stopped[cpu] ^= 1u;
    } else if (k < 93) {
        st->kind = TB_STEP_EVENT;
        st->event = (uint8_t)gen_below(g, 5);
        if (st->event == TB_EV_LOSS_CPU)
            st->ev_set = (uint8_t)(1u << gen_below(g, 6));
        if (st->event == TB_EV_SET_MT)
            st->ev_param = gen_pct(g, 60) ? 1u + gen_below(g, 3) : 0u;
    } else {
        st->kind = TB_STEP_CR0_58;
        cg->cr58[cpu] = (uint8_t)(cg->cr58[cpu] ? gen_pct(g, 30) : 1);
        st->cr0_58 = cg->cr58[cpu];
    }
}

/* ---------------- the stream ---------------- */

/* The opcodes allowed by "ops", each as often as its weight: the
 * counter-set and extraction instructions dominate. */
static void init_ops(cgen *cg, uint16_t ops_mask)
{
    static const uint8_t weight[CPUMF_OP_COUNT] = {
        /* LPP LCCTL LPCTL LSCTL QCTRI QSI ECCTR EPCTR SCCTR SPCTR ECPGA STCCTM */
        1, 3, 2, 1, 1, 1, 4, 1, 2, 1, 1, 3};
    unsigned i, w;
    cg->nops = 0;
    for (i = 0; i < CPUMF_OP_COUNT; i++)
        if (ops_mask & (1u << i))
            for (w = 0; w < weight[i]; w++)
                cg->ops[cg->nops++] = i;
}

/* The sampling generator above the counter generator's areas and the
 * scenario's memory; NULL in *sg without "sampling". */
static int start_sampling(cgen *cg, const random_opts *ro, uint64_t seed, sfg **sg)
{
    const tb_scenario *sc = cg->p->sc;
    uint64_t above = cg->store_base + 0x10000u;
    gen_rng g2;
    uint32_t i;
    parse_ctx *p = cg->p;
    *sg = NULL;
    if (!ro->sf.on)
        return 0;
    g2.s = seed ^ 0x53414d504c494e47ull;
    for (i = 0; i < sc->n_mem; i++)
        if (sc->mem[i].addr + sc->mem[i].len > above)
            above = sc->mem[i].addr + sc->mem[i].len;
    *sg = sfg_create(p, &g2, &ro->sf, above, ro->insns);
    if (!*sg)
        return FAIL(jdoc_root(p->d),
                    "random: sampling: no room for %u topologies in system %s "
                    "(storage 0x%llx)",
                    ro->sf.topologies, cg->cfg->name, (unsigned long long)cg->cfg->storage_size);
    return 0;
}

/* Every CPU started and enabled for interruptions at the end. */
static void finish(cgen *cg, uint64_t at)
{
    unsigned i;
    for (i = 0; i < cg->cfg->n_cpus; i++) {
        tb_step *st;
        if (cg->stopped[i]) {
            st = scn_new_step(cg->p);
            st->at = at + 1;
            st->cpu = (uint8_t)i;
            st->generated = 1;
            st->kind = TB_STEP_START;
        }
        if (!cg->cr58[i]) {
            st = scn_new_step(cg->p);
            st->at = at + 1;
            st->cpu = (uint8_t)i;
            st->generated = 1;
            st->kind = TB_STEP_CR0_58;
            st->cr0_58 = 1;
        }
    }
}

/* One step of the stream at cycle at; the number of instructions it adds. */
static uint64_t gen_step(cgen *cg, const random_opts *ro, sfg *sg, uint64_t *at)
{
    gen_rng *g = &cg->g;
    unsigned cpu = gen_below(g, cg->cfg->n_cpus), k = gen_below(g, 100);
    uint64_t gap = ro->gap_max > ro->gap_min ? gen_next(g) % (ro->gap_max - ro->gap_min + 1) : 0;
    tb_step *st = scn_new_step(cg->p);
    *at += ro->gap_min + gap;
    st->at = *at;
    st->cpu = (uint8_t)cpu;
    st->generated = 1;
    st->cr0_58 = 1;
    if (sg && gen_below(g, 100) < ro->sf.share)
        return (uint64_t)sfg_step(sg, cg->p, g, st, cg->stopped);
    if (!ro->events || k < 72) {
        /* LSCTL / QSI are rare: they are operation exceptions in this slice */
        do
            st->op = (uint8_t)cg->ops[gen_below(g, cg->nops)];
        while ((st->op == CPUMF_OP_LSCTL || st->op == CPUMF_OP_QSI) && cg->nops > 2 &&
               gen_pct(g, 80));
        st->kind = TB_STEP_INSN;
        gen_insn(cg, st);
    } else {
        gen_other(cg, st, k);
    }
    if (sg && sfg_holds(sg, st)) {
        /* an activation is being left alone for a few intervals */
        if (st->kind == TB_STEP_STOP)
            cg->stopped[cpu] = 0;
        cg->p->sc->n_steps--;
        return 0;
    }
    return st->kind == TB_STEP_INSN;
}

int scn_random(parse_ctx *p, const cJSON *o)
{
    random_opts ro;
    cgen cg;
    sfg *sg;
    uint64_t at, made = 0;

    if (parse_random(p, o, &ro))
        return -1;
    memset(&cg, 0, sizeof cg);
    cg.p = p;
    cg.cfg = &p->sc->system;
    cg.g.s = p->sc->seed ^ 0x52414e444f4d5354ull;
    if (find_region(cg.cfg, 0x10000, 0x10000, &cg.fetch_base) ||
        find_region(cg.cfg, 0x10000, cg.fetch_base + 0x10000, &cg.store_base))
        return FAIL(o,
                    "random: no room for the operands (two available 64 KiB regions among the "
                    "first %u above 64 KiB) in system %s",
                    GEN_SEARCH_MAX, cg.cfg->name);
    memset(cg.cr58, 1, sizeof cg.cr58);
    if (start_sampling(&cg, &ro, p->sc->seed, &sg))
        return -1;
    init_ops(&cg, ro.ops_mask);
    for (at = ro.start; made < ro.insns && p->sc->n_steps <= TB_MAX_STEPS;)
        made += gen_step(&cg, &ro, sg, &at);
    sfg_destroy(sg);
    if (p->sc->n_steps > TB_MAX_STEPS)
        return FAIL(o, "random: more than %u steps in the scenario (the limit)", TB_MAX_STEPS);
    finish(&cg, at);
    return 0;
}
