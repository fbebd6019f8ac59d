/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gen_sampling.c - the "random" generator's sampling stimulus ("sampling" in
 * "random"): K SDB-table topologies written into memory from the seed, some
 * malformed, and sampling control steps into them (LSCTL, QSI, LPP, loss
 * events, sampling authorization, stop/start, resets, activity overrides).
 * Most activations are then left alone on their CPU for one to four
 * intervals, so that samples are taken and the update process runs.
 */
#include "gen.h"

#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "drivers/sampler.h"
#include "xalloc.h"

#define SFG_MAX_TABLES 4
#define SFG_MAX_LINKS  6
#define SFG_MAX_BLOCKS (SFG_MAX_TABLES * SFG_MAX_LINKS)
#define SFG_MAX_SLOTS  64 /* 1 MiB slots used for S = 1 blocks */
#define SFG_MAX_TOPOS  64
#define SFG_CTL_SLOTS  16384 /* 64-byte LSCTL blocks / LPP operands */
#define SFG_MAX_END    16    /* pages ending at a 1 MiB boundary (S = 1 full tables) */

/* malformed variants of a topology (SF-UPD-5, SF-UPD-6) */
enum { SFG_OK, SFG_TL2TL, SFG_FILL, SFG_LOW, SFG_BADSTOR, SFG_NKINDS };

typedef struct sfg_topo {
    uint8_t big, n_tables, bad;
    uint64_t hot; /* TEAR whose next entry is the interesting one */
    uint64_t table[SFG_MAX_TABLES];
    uint32_t n_ent[SFG_MAX_TABLES]; /* entries written, table link included */
    uint32_t n_blocks;
    uint64_t block[SFG_MAX_BLOCKS];
} sfg_topo;

struct sfg {
    const cpumf_system_cfg *cfg;
    uint32_t malformed_pm; /* chance (of 1000) of a malformed topology or origin */
    uint64_t imin, imax;   /* valid interval range used (model range clamped) */
    uint64_t lo, hi, next; /* 4 KiB area [lo, hi), next free page */
    uint64_t ctl, qsi;     /* control slots, QSI page */
    uint32_t n_end;
    uint64_t end_used[SFG_MAX_END]; /* pages ending at 1 MiB taken by S = 1 tables */
    uint32_t ctl_used;
    uint32_t n_slots;
    uint64_t slot[SFG_MAX_SLOTS];
    uint8_t slot_init[SFG_MAX_SLOTS];
    uint32_t n_topo;
    sfg_topo topo[SFG_MAX_TOPOS];
    uint64_t prot_until[CPUMF_MAX_CPUS]; /* no sampling-disruptive step before */
    uint8_t fns[CPUMF_MAX_CPUS];         /* functions last requested enabled (approx.) */
};

static int sfg_page_ok(const sfg *s, uint64_t a)
{
    return scn_range_available(s->cfg, a, 0x1000) && ((a + 0x1000) & 0xfffffu) != 0;
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
        if (a < s->lo || !scn_range_available(s->cfg, a, 0x1000))
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
    tb_mem_init *m = scn_new_mem(p, addr, n * 8u);
    size_t i;
    for (i = 0; i < n; i++)
        be_put64(m->bytes + 8 * i, dw[i]);
}

/* an address designating no usable storage: a hole or beyond the size */
static uint64_t sfg_bad_storage(gen_rng *g, const cpumf_system_cfg *cfg, uint64_t align)
{
    if (cfg->n_holes && gen_pct(g, 50)) {
        const cpumf_hole *h = &cfg->holes[gen_below(g, cfg->n_holes)];
        return (h->base + (h->size ? gen_next(g) % h->size : 0)) & ~(align - 1);
    }
    if (gen_pct(g, 15))
        return (0xfffffffffffff000ull + gen_below(g, 0x1000)) & ~(align - 1);
    return (cfg->storage_size + (gen_next(g) & 0xffffffull)) & ~(align - 1);
}

/* the SDB trailer of a new block: random A and T, some blocks full (F = 1),
 * reserved bits and stale fields that the update must keep or replace */
static void sfg_trailer(parse_ctx *p, gen_rng *g, uint64_t trl)
{
    uint64_t t[8] = {0};
    int full = gen_pct(g, 18);
    if (full)
        t[0] |= TB_TRL_F;
    if (gen_pct(g, 60))
        t[0] |= TB_TRL_A;
    if (gen_pct(g, 40))
        t[0] |= TB_TRL_T;
    if (gen_pct(g, 20))
        t[0] |= gen_next(g) & 0x1f00000000000000ull; /* reserved bits of byte 0 */
    if (gen_pct(g, 20))
        t[0] |= gen_next(g) & 0x00ffffffffffffffull; /* bytes 1-7: 4-7 are rewritten */
    if (full || gen_pct(g, 20))
        /* the overflow count */
        t[1] = gen_pct(g, 30) ? UINT64_MAX - gen_below(g, 3) : gen_below(g, 1000);
    if (gen_pct(g, 20)) {
        t[2] = gen_next(g);
        t[3] = gen_next(g);
    }
    sfg_put(p, trl, t, 8);
}

static uint64_t sfg_new_block(sfg *s, parse_ctx *p, gen_rng *g, int big)
{
    uint64_t b;
    if (!big) {
        b = sfg_page(s);
        if (b)
            sfg_trailer(p, g, b + 0x1000 - 64);
        return b;
    }
    {
        unsigned k = gen_below(g, s->n_slots);
        b = s->slot[k];
        if (!s->slot_init[k]) {
            s->slot_init[k] = 1;
            sfg_trailer(p, g, b + 0x100000 - 64);
        }
    }
    return b;
}

/* block link to b (bit 0 zero; the low bits below B are ignored) */
static uint64_t sfg_blink(gen_rng *g, uint64_t b, uint64_t bsz)
{
    return gen_pct(g, 20) ? b | (gen_next(g) & (bsz - 1) & ~1ull) : b;
}

static uint64_t sfg_tlink(gen_rng *g, uint64_t t)
{
    return (gen_pct(g, 20) ? t | (gen_next(g) & 0xeu) : t) | 1u;
}

static int sfg_build_topo(sfg *s, parse_ctx *p, gen_rng *g, int big)
{
    sfg_topo *t = &s->topo[s->n_topo];
    uint64_t bsz = big ? 0x100000u : 0x1000u;
    uint32_t nb[SFG_MAX_TABLES], k, j, fill_k = 0, bad_k, bad_j;
    int fill_valid = 0;
    memset(t, 0, sizeof *t);
    t->big = (uint8_t)big;
    t->n_tables = (uint8_t)(1u + gen_below(g, SFG_MAX_TABLES));
    if (gen_below(g, 1000) < s->malformed_pm)
        t->bad = (uint8_t)(1u + gen_below(g, SFG_NKINDS - 1));
    for (k = 0; k < t->n_tables; k++) {
        nb[k] = 1u + gen_below(g, SFG_MAX_LINKS);
        t->table[k] = 0;
    }
    if (t->bad == SFG_FILL) {
        fill_k = gen_below(g, t->n_tables);
        if (big)
            t->table[fill_k] = sfg_page_1m_end(s);
    } else if (t->bad == SFG_OK && gen_pct(g, 15)) {
        fill_valid = 1; /* a full page: the table link is the last entry */
        fill_k = gen_below(g, t->n_tables);
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
    bad_k = gen_below(g, t->n_tables);
    bad_j = gen_below(g, nb[bad_k] + 1u);
    t->hot = t->table[bad_k] + 8u * nb[bad_k] - 8u; /* a table link */
    if (t->bad == SFG_FILL || fill_valid)
        t->hot = t->table[fill_k] + 8u * 510u; /* the last entry of the page */
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
            /* designates a table link */
            e[n] = sfg_tlink(g, nx + 8u * nb[(k + 1) % t->n_tables]);
        if ((t->bad == SFG_FILL || fill_valid) && k == fill_k) {
            for (j = n; j < 512; j++)
                e[j] = sfg_blink(g, t->block[first + j % nb[k]], bsz);
            n = 511;
            if (fill_valid)
                e[511] = sfg_tlink(g, nx);
        }
        if (t->bad == SFG_LOW && k == bad_k) {
            if (bad_j < nb[k] || gen_pct(g, 50)) {
                bad_j = bad_j < nb[k] ? bad_j : 0u;
                e[bad_j] = gen_below(g, 2) * 0x1000u;
            } else {
                e[nb[k]] = sfg_tlink(g, gen_below(g, 0x2000) & ~0xfu);
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

static uint64_t sfg_interval(sfg *s, gen_rng *g)
{
    uint64_t span = s->imax - s->imin, d;
    unsigned k = gen_below(g, 20);
    if (k < 15)
        d = gen_next(g) % ((s->imin >> 3) + 1u); /* near the minimum */
    else if (k < 19)
        d = gen_next(g) % (s->imin + 1u);
    else
        d = gen_next(g);
    return s->imin + (span == UINT64_MAX ? d : d % (span + 1u));
}

/* a TEAR and DEAR into topology t for entries of e bytes */
static void sfg_origins(sfg *s, gen_rng *g, const sfg_topo *t, uint32_t e, uint64_t *tear,
                        uint64_t *dear)
{
    uint64_t bsz = t->big ? 0x100000u : 0x1000u, b, trl;
    unsigned k = gen_below(g, t->n_tables), j;
    uint32_t n = t->n_ent[k];
    /* the update reads TEAR + 8 next: from entry 0 up to the last one written */
    if (n > 8 && gen_pct(g, 60))
        j = n - 1u - gen_below(g, 4);
    else
        j = gen_below(g, n);
    *tear = t->table[k] + 8u * j - 8u;
    if (gen_pct(g, t->bad ? 60 : 25)) {
        /* the first sample fills the block and the update reads the entry of interest */
        *tear = t->hot;
        b = t->block[gen_below(g, t->n_blocks)];
        trl = b + bsz - 64;
        *dear = gen_pct(g, 70) ? trl : trl - 8u * gen_below(g, e / 8u);
        return;
    }
    if (gen_pct(g, 3))
        *tear = gen_next(g);
    b = t->block[gen_below(g, t->n_blocks)];
    trl = b + bsz - 64;
    if (gen_below(g, 1000) < s->malformed_pm) {
        switch (gen_below(g, 3)) {
        case 0: *dear = trl + 8u * (1u + gen_below(g, 7)); break; /* inside the trailer */
        case 1: *dear = gen_below(g, 1024) * 8u; break;           /* below 8192 */
        default: *dear = sfg_bad_storage(g, s->cfg, 8); break;
        }
        return;
    }
    switch (gen_below(g, 10)) {
    case 0:
    case 1:
    case 2:
    case 3:
        *dear = trl - (uint64_t)e * gen_below(g, 4); /* 0: exactly full */
        break;
    case 4:
        *dear = trl - 8u * gen_below(g, e / 8u); /* the entry does not fit */
        break;
    case 5: *dear = trl - (uint64_t)e * (4u + gen_below(g, 12)); break;
    case 6: *dear = b; break;
    default: *dear = b + 8u * (gen_next(g) % ((bsz - 64) / 8u)); break;
    }
}

/* the next 64-byte control slot (LSCTL blocks, LPP operands); 0: none left */
static uint64_t sfg_ctl_slot(sfg *s)
{
    if (s->ctl_used < SFG_CTL_SLOTS && s->ctl + 64u * (s->ctl_used + 1u) <= s->qsi)
        return s->ctl + 64u * s->ctl_used++;
    return 0;
}

/* an activity override (or release) of sampling-related fields */
static void sfg_activity(parse_ctx *p, gen_rng *g, tb_step *st)
{
    tb_activity *a = scn_new_act(p, &st->act);
    unsigned n = 0;
    st->kind = TB_STEP_ACTIVITY;
    while (!n) {
#define SFG_FIELD(F, pct, expr)                                                                    \
    if (gen_pct(g, pct)) {                                                                         \
        n++;                                                                                       \
        if (gen_pct(g, 15)) {                                                                      \
            a->release |= 1u << (F);                                                               \
        } else {                                                                                   \
            a->set |= 1u << (F);                                                                   \
            expr;                                                                                  \
        }                                                                                          \
    }
        /* the level and the secure guest together: a secure guest runs at the
         * VM level (SF-BSDE-5); released, both are the system's and the
         * workload's again, which keep to that */
        if (gen_pct(g, 45)) {
            unsigned both = 1u << TB_ACT_LEVEL | 1u << TB_ACT_SECURE_GUEST, pick;
            n++;
            if (gen_pct(g, 15)) {
                a->release |= both;
            } else {
                pick = (unsigned)gen_below(g, 3);
                a->set |= both;
                a->val.level = pick ? CPUMF_LEVEL_VM : CPUMF_LEVEL_LPAR;
                a->val.secure_guest = pick == 2;
            }
        }
        SFG_FIELD(TB_ACT_PCF49, 30, a->val.pcf49 = (uint8_t)gen_below(g, 2))
        SFG_FIELD(TB_ACT_UNIQ, 30, a->val.uniq = (uint8_t)gen_below(g, 2))
        SFG_FIELD(TB_ACT_UNIQ_COUNT, 30, a->val.uniq_count = (uint8_t)gen_below(g, 16))
        SFG_FIELD(TB_ACT_ENTRY_INCONSISTENT, 30,
                  a->val.entry_inconsistent = (uint8_t)gen_below(g, 2))
        SFG_FIELD(TB_ACT_DIAG, 35, a->val.diag = gen_next(g))
        SFG_FIELD(TB_ACT_DAT, 15, a->val.dat = (uint8_t)gen_below(g, 2))
        SFG_FIELD(TB_ACT_AS, 15, a->val.as = (uint8_t)gen_below(g, 4))
        SFG_FIELD(TB_ACT_ASN, 15, a->val.asn = (uint16_t)gen_next(g))
        SFG_FIELD(TB_ACT_IA, 15, a->val.ia = gen_next(g))
        SFG_FIELD(TB_ACT_PROBLEM, 10, a->val.problem = (uint8_t)gen_below(g, 2))
        SFG_FIELD(TB_ACT_WAIT, 6, a->val.wait = (uint8_t)gen_below(g, 2))
        SFG_FIELD(TB_ACT_TOD, 5, a->val.tod = gen_next(g))
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

/* QSI into the QSI page (sometimes misaligned): an instruction. */
static int sfg_qsi(const sfg *s, gen_rng *g, tb_step *st)
{
    st->kind = TB_STEP_INSN;
    st->op = CPUMF_OP_QSI;
    st->addr = s->qsi + 64u * gen_below(g, 64);
    if (gen_pct(g, 4))
        st->addr += 1u + gen_below(g, 7);
    st->problem = (uint8_t)gen_pct(g, 3);
    return 1;
}

/* LPP of a random parameter from a control slot (QSI when none is left). */
static int sfg_lpp(sfg *s, parse_ctx *p, gen_rng *g, tb_step *st)
{
    uint64_t slot = sfg_ctl_slot(s);
    tb_mem_init *mi;
    if (!slot)
        return sfg_qsi(s, g, st);
    mi = scn_new_mem(p, slot, 8);
    be_put64(mi->bytes, gen_pct(g, 30) ? gen_below(g, 16) : gen_next(g));
    st->kind = TB_STEP_INSN;
    st->op = CPUMF_OP_LPP;
    st->addr = slot;
    st->problem = (uint8_t)gen_pct(g, 5);
    return 1;
}

/* The e and c requests of an LSCTL for functions fns, and its interval *iv:
 * v (0..99) picks an activation (mostly left alone for a few intervals on
 * st's CPU), enable only, deactivate, disable, an interval out of range, an
 * invalid transition, or (97 and up) reserved bits, which the caller sets. */
static void sfg_controls(sfg *s, gen_rng *g, const tb_step *st, unsigned v, uint8_t fns,
                         uint64_t *iv, uint8_t *e, uint8_t *c)
{
    *e = fns;
    *c = fns;
    if (v < 55) {
        if (gen_pct(g, 75) && *iv - s->imin <= s->imin * 2u + 1024u) {
            unsigned r = gen_below(g, 10);
            uint64_t hold = (*iv + 600u) * (r < 5 ? 1u : r < 8 ? 2u : 4u) + 400u;
            if (hold > *iv + 1000u && hold > 12000u)
                hold = *iv + 1000u > 12000u ? *iv + 1000u : 12000u;
            s->prot_until[st->cpu] = st->at + hold;
        }
        if (fns == (CPUMF_SF_BASIC | CPUMF_SF_DIAG) && gen_pct(g, 15))
            *c = (uint8_t)(1u + gen_below(g, 2)); /* one active, one inactive */
    } else if (v < 65) {
        *c = 0; /* enable only */
    } else if (v < 75) {
        *e = s->fns[st->cpu] ? s->fns[st->cpu] : fns; /* deactivate */
        *c = 0;
    } else if (v < 82) {
        *e = *c = 0; /* disable */
    } else if (v < 91) {
        /* interval out of range: specification when something is requested active */
        if (s->imin && (gen_pct(g, 50) || s->imax == UINT64_MAX))
            *iv = gen_next(g) % s->imin;
        else if (s->imax < UINT64_MAX)
            *iv = s->imax + 1u + (gen_next(g) % 1000u);
        if (gen_pct(g, 25))
            *c = 0;
    } else if (v < 97) {
        /* invalid transition (e = 0, c = 1): cc 3 */
        *e = (uint8_t)(fns & gen_next(g));
        *c = (uint8_t)(*e ^ fns) ? (uint8_t)(*e ^ fns) : fns;
        *e = (uint8_t)(*e & ~*c);
    }
}

/* LSCTL with a request block in a control slot, TEAR and DEAR into one of
 * the topologies (QSI when no slot is left; a start first on a stopped CPU). */
static int sfg_lsctl(sfg *s, parse_ctx *p, gen_rng *g, tb_step *st, uint8_t *stopped)
{
    const cpumf_model_cfg *m = &s->cfg->model;
    unsigned cpu = st->cpu;
    uint64_t slot = sfg_ctl_slot(s), x, iv, tear = 0, dear = 0;
    const sfg_topo *t = &s->topo[gen_below(g, s->n_topo)];
    unsigned h = (unsigned)gen_below(g, 2), big = t->big, v = gen_below(g, 100);
    uint8_t b[64], e, c, fns;
    uint32_t esz;
    if (!slot)
        return sfg_qsi(s, g, st);
    if (stopped[cpu]) {
        /* an LSCTL would wait for the start: start first */
        st->kind = TB_STEP_START;
        stopped[cpu] = 0;
        return 0;
    }
    fns = (uint8_t)(v < 50   ? CPUMF_SF_BASIC
                    : v < 85 ? CPUMF_SF_BASIC | CPUMF_SF_DIAG
                             : CPUMF_SF_DIAG);
    esz = (fns & CPUMF_SF_BASIC ? 32u : 0u) + (fns & CPUMF_SF_DIAG ? m->dsdes : 0u);
    iv = sfg_interval(s, g);
    sfg_origins(s, g, t, esz, &tear, &dear);
    if (gen_pct(g, 5))
        big ^= 1u;
    v = gen_below(g, 100);
    sfg_controls(s, g, st, v, fns, &iv, &e, &c);
    x = tb_lsctl_x(big, h, e, c);
    if (v >= 97)
        x |= 1ull << (2u + gen_below(g, 6)) |
             (gen_pct(g, 50) ? 1ull << (10u + gen_below(g, 52)) : 0);
    if (v < 97 && !(e == 0 && c))
        s->fns[cpu] = e;
    tb_lsctl_block(b, x, iv, tear, dear);
    memcpy(scn_new_mem(p, slot, 64)->bytes, b, 64);
    st->kind = TB_STEP_INSN;
    st->op = CPUMF_OP_LSCTL;
    st->addr = slot;
    st->problem = (uint8_t)gen_pct(g, 2);
    return 1;
}

int sfg_step(sfg *s, parse_ctx *p, gen_rng *g, tb_step *st, uint8_t *stopped)
{
    unsigned cpu = st->cpu, k = gen_below(g, 100);
    int quiet = st->at < s->prot_until[cpu];
    if (quiet && k < 55)
        k = 55 + gen_below(g, 45); /* keep the interval running: no LSCTL, reset, loss */
    if (k < 45)
        return sfg_lsctl(s, p, g, st, stopped);
    if (k < 50) {
        st->kind = TB_STEP_EVENT;
        st->event = TB_EV_LOSS_SAMPLE;
    } else if (k < 53) {
        st->kind = TB_STEP_UNAUTHORIZE;
        st->sf_mask = (uint8_t)(1u + gen_below(g, 3));
    } else if (k < 55) {
        /* the draws gen_pct(g, 50) and a code 1-4 make; half the power-on
         * resets become basic-machine clear resets */
        unsigned x = gen_below(g, 100), r = x < 50u ? CPUMF_RESET_CPU : 1u + gen_below(g, 4);
        st->kind = TB_STEP_RESET;
        st->reset =
            (uint8_t)(r == CPUMF_RESET_POWER_ON && x >= 75u ? CPUMF_RESET_BASIC_MACHINE_CLEAR : r);
    } else if (k < 68) {
        return sfg_qsi(s, g, st);
    } else if (k < 76) {
        return sfg_lpp(s, p, g, st);
    } else if (k < 82) {
        st->kind = TB_STEP_AUTHORIZE;
        st->sf_mask = (uint8_t)(1u + gen_below(g, 3));
    } else if (k < 86 && (stopped[cpu] || !quiet)) {
        st->kind = stopped[cpu] ? TB_STEP_START : TB_STEP_STOP;
        stopped[cpu] ^= 1u;
    } else {
        sfg_activity(p, g, st);
    }
    return 0;
}

int sfg_holds(const sfg *s, const tb_step *st)
{
    return st->at < s->prot_until[st->cpu] && (sfg_disruptive(st) || st->kind == TB_STEP_STOP);
}

/* The areas from `above` up: control slots and the QSI page, the 4 KiB
 * pages of the tables and small SDBs, the 1 MiB slots above them; then the
 * topologies. */
static int sfg_init(sfg *s, parse_ctx *p, gen_rng *g, const sampling_opts *so, uint64_t above,
                    uint64_t insns)
{
    const cpumf_system_cfg *cfg = &p->sc->system;
    const cpumf_model_cfg *m = &cfg->model;
    uint64_t need, a, ctl_bytes;
    uint32_t i;
    memset(s, 0, sizeof *s);
    s->cfg = cfg;
    s->malformed_pm = so->malformed_pm;
    s->imin = so->imin > m->min_interval ? so->imin : m->min_interval;
    s->imax = so->imax < m->max_interval ? so->imax : m->max_interval;
    if (s->imin > s->imax) {
        s->imin = m->min_interval;
        s->imax = m->max_interval;
    }
    ctl_bytes = (insns < SFG_CTL_SLOTS ? insns : SFG_CTL_SLOTS) * 64u;
    ctl_bytes = (ctl_bytes + 0xfffu) & ~0xfffull;
    need = ctl_bytes + 0x1000u +
           (uint64_t)so->topologies * (SFG_MAX_TABLES + SFG_MAX_BLOCKS + 1u) * 0x1000u;
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
        if (scn_range_available(cfg, a, (size_t)(ctl_bytes + 0x1000u)))
            break;
    if (a + ctl_bytes + 0x1000u > s->hi)
        return -1;
    s->ctl = a;
    s->qsi = a + ctl_bytes;
    s->next = s->qsi + 0x1000u;
    /* bounded: a hole in a huge storage leaves no slots, not a long walk */
    for (a = s->hi, i = 0;
         a + 0x100000u <= cfg->storage_size && s->n_slots < SFG_MAX_SLOTS && i < GEN_SEARCH_MAX;
         a += 0x100000u, i++)
        if (scn_range_available(cfg, a + 0x100000u - 64u, 64))
            s->slot[s->n_slots++] = a;
    for (i = 0; i < so->topologies && i < SFG_MAX_TOPOS; i++) {
        int big = so->buffers == 2 ? 1 : so->buffers == 1 ? 0 : (int)gen_below(g, 2);
        if (!s->n_slots)
            big = 0;
        if (sfg_build_topo(s, p, g, big))
            return -1;
    }
    return 0;
}

sfg *sfg_create(parse_ctx *p, gen_rng *g, const sampling_opts *so, uint64_t above, uint64_t insns)
{
    sfg *s = xmalloc(sizeof *s);
    if (sfg_init(s, p, g, so, above, insns)) {
        free(s);
        return NULL;
    }
    return s;
}

void sfg_destroy(sfg *s)
{
    free(s);
}

/* "buffer": "4k", "1m" or a nonempty array of them (bit 0 4k, bit 1 1m). */
static int parse_buffers(parse_ctx *p, const cJSON *n, uint8_t *buffers)
{
    const cJSON *e;
    *buffers = 0;
    if (!cJSON_IsArray(n) && !cJSON_IsString(n))
        return FAIL(n, "buffer: expected \"4k\", \"1m\" or a nonempty array of them");
    if (cJSON_IsArray(n) && !cJSON_GetArraySize(n))
        return FAIL(n, "buffer: expected \"4k\", \"1m\" or a nonempty array of them");
    for (e = cJSON_IsArray(n) ? n->child : n; e; e = cJSON_IsArray(n) ? e->next : NULL) {
        const char *s;
        if (scn_str(p, e, &s))
            return -1;
        if (strcmp(s, "4k") == 0)
            *buffers |= 1u;
        else if (strcmp(s, "1m") == 0)
            *buffers |= 2u;
        else
            return FAIL(e, "buffer: \"4k\" or \"1m\", not \"%s\"", s);
    }
    return 0;
}

int sfg_parse_opts(parse_ctx *p, const cJSON *o, sampling_opts *so)
{
    static const char *const sk[] = {"topologies", "malformed", "buffer",
                                     "interval",   "share",     NULL};
    const cJSON *n;
    uint64_t v;
    double d;
    const sampling_opts dflt = {.on = 1,
                                .buffers = 3,
                                .topologies = 4,
                                .malformed_pm = 300,
                                .share = 40,
                                .imin = 0,
                                .imax = UINT64_MAX};
    *so = dflt;
    if (!cJSON_IsObject(o))
        return FAIL(o, "sampling: expected an object");
    if (scn_keys(p, o, sk))
        return -1;
    if (!p->sc->system.model.fac_sf)
        return FAIL(o, "sampling: model %s has no sampling facility", p->sc->system.model.name);
    v = so->topologies;
    if (scn_opt_u64(p, o, "topologies", 1, SFG_MAX_TOPOS, &v) < 0)
        return -1;
    so->topologies = (uint32_t)v;
    if ((n = GET(o, "malformed"))) {
        if (jdoc_f64(p->d, n, 0.0, 1.0, &d, p->err, p->errlen))
            return scn_qualify(p, n);
        so->malformed_pm = (uint32_t)(d * 1000.0 + 0.5);
    }
    v = so->share;
    if (scn_opt_u64(p, o, "share", 1, 100, &v) < 0)
        return -1;
    so->share = (uint32_t)v;
    if ((n = GET(o, "buffer")) && parse_buffers(p, n, &so->buffers))
        return -1;
    if ((n = GET(o, "interval"))) {
        if (!cJSON_IsArray(n) || cJSON_GetArraySize(n) != 2)
            return FAIL(n, "interval: expected [min, max] (clamped into the model's range)");
        if (scn_u64(p, cJSON_GetArrayItem(n, 0), 0, UINT64_MAX, &so->imin) ||
            scn_u64(p, cJSON_GetArrayItem(n, 1), 0, UINT64_MAX, &so->imax))
            return -1;
        if (so->imax < so->imin)
            return FAIL(n, "interval: max below min");
    }
    return 0;
}
