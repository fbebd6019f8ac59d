/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cf_counters.c - unit cf_counters: the counter slots of one CPU (basic,
 * problem-state, crypto-activity and extended sets).  Per slot: zero when the
 * set's next E is 0, else the SCCTR value, else current + increment while
 * the set is active and the CPU operating, else hold.  eval only notes what
 * the edge does (cf_counters_upd: the sets to clear, the sets that count and
 * the cycle's increments); commit applies it in place, visiting only the
 * counters that have events, so a cycle costs its events and not the
 * installed counters.
 */
#include <string.h>
#include "cpumf_int.h"

static const unsigned cpu_sets[4] = {CPUMF_SET_BASIC, CPUMF_SET_PROBLEM, CPUMF_SET_CRYPTO,
                                     CPUMF_SET_EXT};
#define CF_SETS (CPUMF_SET_BASIC | CPUMF_SET_PROBLEM | CPUMF_SET_CRYPTO | CPUMF_SET_EXT)

void cf_counters_eval(const cf_counters_in *in, cf_counters_upd *u)
{
    const cpumf_cpu_in *io = in->io;
    unsigned k, count = in->active_q & in->e_d & CF_SETS;

    /* a set disabled at this edge clears, and holds zeros while it stays so */
    u->clear = (uint8_t)(in->e_q & ~in->e_d & CF_SETS);
    /* an enabled, active set counts while the CPU operates; the problem-state
     * set only in the problem state */
    if (io->stopped & 1u)
        count = 0u;
    if (!(io->problem & 1u))
        count &= ~CPUMF_SET_PROBLEM;
    u->wr = (uint8_t)(in->scctr_valid && (arch_slot_set(in->scctr_slot) & in->e_d & CF_SETS));
    if (u->wr) {
        u->wr_slot = in->scctr_slot;
        u->wr_value = in->scctr_value;
    }
    if (count & (CPUMF_SET_BASIC | CPUMF_SET_PROBLEM))
        u->basic = arch_basic_increments(io, in->m->unified_l1);
    if (count & CPUMF_SET_CRYPTO) {
        u->cr[0] = io->cr_fn;
        u->cr[1] = io->cr_busy;
        u->cr[2] = io->cr_bfn;
        u->cr[3] = io->cr_bcyc;
    }
    u->ext_nz = 0u;
    if (count & CPUMF_SET_EXT)
#pragma GCC unroll 10 /* the loop's own count and branch cost as much as its body */
        for (k = 0; k < CPUMF_EXT_WORDS; k++) {
            u->ext[k] = io->ext[k] & in->ext_mask[k];
            u->ext_nz |= (uint16_t)((u->ext[k] != 0u) << k);
        }
    u->count = (uint8_t)count;
}

/* Crypto counter 64+4e+j counts bit e of activity vector j. */
static void add_crypto(uint64_t *c, const uint8_t cr[4], unsigned n, uint64_t times)
{
    unsigned j;
    if (!(cr[0] | cr[1] | cr[2] | cr[3]))
        return;
    for (j = 0; j < 4u; j++) {
        unsigned v = cr[j] & 0x1Fu;
        while (v) {
            unsigned k = 4u * low_bit(v) + j;
            v &= v - 1u;
            if (k < n)
                c[k] += times;
        }
    }
}

void cf_counters_ext_mask(const cpumf_model_cfg *m, uint64_t mask[CPUMF_EXT_WORDS])
{
    unsigned n = arch_set_count(m, CPUMF_SET_EXT), k;
    for (k = 0; k < CPUMF_EXT_WORDS; k++)
        mask[k] = 0u;
    for (k = 0; k < n; k++)
        if (!((m->ext_undef[k / 64u] >> (k % 64u)) & 1u))
            mask[k / 16u] |= (uint64_t)0xFu << (4u * (k % 16u));
}

/* Extended counter 128+k counts nibble k of the events (the words of nz), `times` times. */
static void add_ext(uint64_t *c, const uint64_t ev[CPUMF_EXT_WORDS], unsigned nz, uint64_t times)
{
    for (; nz; nz &= nz - 1u) {
        unsigned w = low_bit(nz);
        uint64_t x = ev[w];
        while (x) {
            unsigned b = low_bit(x) / 4u;
            c[w * 16u + b] += times * ((x >> (4u * b)) & 0xFu);
            x &= ~((uint64_t)0xFu << (4u * b));
        }
    }
}

/* dst[first + k] += byte k of x, for each non-zero byte. */
static void add_bytes(uint64_t *dst, unsigned first, unsigned step, uint64_t x)
{
    while (x) {
        unsigned b = low_bit(x) / 8u;
        dst[first + step * b] += (x >> (8u * b)) & 0xFFu;
        x &= ~((uint64_t)0xFFu << (8u * b));
    }
}

void cf_counters_add_pending(const cf_counters_state *q, uint64_t dst[CPUMF_NSLOT])
{
    unsigned h, w, nz;
    if (!q->acc_n)
        return;
    add_bytes(dst, CPUMF_SLOT_BASIC, 1u, q->lanes[0]);
    add_bytes(dst, CPUMF_SLOT_PROBLEM, 1u, q->lanes[1]);
    for (nz = q->ext_nz; nz; nz &= nz - 1u)
        for (h = 0, w = low_bit(nz); h < 2u; h++)
            add_bytes(dst, CPUMF_SLOT_EXT + 16u * w + h, 2u, q->ext[h][w]);
}

uint64_t cf_counters_value(const cf_counters_state *q, unsigned slot)
{
    unsigned k = slot - CPUMF_SLOT_EXT;
    uint64_t lane;
    if (slot < CPUMF_SLOT_PROBLEM)
        lane = q->lanes[0] >> (8u * (slot - CPUMF_SLOT_BASIC));
    else if (slot < CPUMF_SLOT_PROBLEM + 6u)
        lane = q->lanes[1] >> (8u * (slot - CPUMF_SLOT_PROBLEM));
    else if (slot >= CPUMF_SLOT_EXT && k < CPUMF_MAX_EXT)
        lane = q->ext[k % 2u][k / 16u] >> (8u * ((k % 16u) / 2u));
    else
        lane = 0u;
    return q->ctr[slot] + (lane & 0xFFu);
}

void cf_counters_settle(cf_counters_state *q)
{
    unsigned nz;
    if (!q->acc_n)
        return;
    cf_counters_add_pending(q, q->ctr);
    memset(q->lanes, 0, sizeof q->lanes);
    for (nz = q->ext_nz; nz; nz &= nz - 1u) /* the words that took events */
        q->ext[0][low_bit(nz)] = q->ext[1][low_bit(nz)] = 0u;
    q->ext_nz = 0u;
    q->acc_n = 0u;
}

/* One cycle's increments into the lanes: the basic and problem-state bytes
 * (problem: the set's installed counters), the extended nibbles split into
 * even and odd bytes. */
static void sum_lanes(cf_counters_state *q, const cf_counters_upd *u, const cpumf_model_cfg *m)
{
    const uint64_t lo = 0x0F0F0F0F0F0F0F0Full;
    unsigned w, nz;
    if (u->count & CPUMF_SET_BASIC)
        q->lanes[0] += u->basic;
    if (u->count & CPUMF_SET_PROBLEM)
        q->lanes[1] +=
            u->basic & (((uint64_t)1 << (8u * arch_set_count(m, CPUMF_SET_PROBLEM))) - 1u);
    q->ext_nz |= u->ext_nz;
    for (nz = u->ext_nz; nz; nz &= nz - 1u) {
        w = low_bit(nz);
        q->ext[0][w] += u->ext[w] & lo;
        q->ext[1][w] += (u->ext[w] >> 4) & lo;
    }
    if (++q->acc_n == CF_ACC_CYCLES)
        cf_counters_settle(q);
}

void cf_counters_commit(cf_counters_state *q, const cf_counters_upd *u, uint64_t times,
                        const cpumf_model_cfg *m)
{
    unsigned i, k;
    if (!u->clear && !u->wr && times == 1u) {
        sum_lanes(q, u, m);
        if (u->count & CPUMF_SET_CRYPTO)
            add_crypto(q->ctr + CPUMF_SLOT_CRYPTO, u->cr, arch_set_count(m, CPUMF_SET_CRYPTO), 1u);
        return;
    }
    /* cleared, written or advanced by more than one cycle: the lanes first */
    cf_counters_settle(q);
    for (i = 0; i < 4u; i++)
        if (u->clear & cpu_sets[i])
            memset(q->ctr + arch_set_first_slot(cpu_sets[i]), 0,
                   (size_t)arch_set_count(m, cpu_sets[i]) * sizeof q->ctr[0]);
    if (u->count & CPUMF_SET_BASIC)
        for (k = 0; k < 6u; k++)
            q->ctr[CPUMF_SLOT_BASIC + k] += times * ((u->basic >> (8u * k)) & 0xFFu);
    if (u->count & CPUMF_SET_PROBLEM)
        for (k = 0; k < arch_set_count(m, CPUMF_SET_PROBLEM); k++)
            q->ctr[CPUMF_SLOT_PROBLEM + k] += times * ((u->basic >> (8u * k)) & 0xFFu);
    if (u->count & CPUMF_SET_CRYPTO)
        add_crypto(q->ctr + CPUMF_SLOT_CRYPTO, u->cr, arch_set_count(m, CPUMF_SET_CRYPTO), times);
    add_ext(q->ctr + CPUMF_SLOT_EXT, u->ext, u->ext_nz, times);
    if (u->wr)
        q->ctr[u->wr_slot] = u->wr_value;
}
