/* SPDX-License-Identifier: Apache-2.0 */
/*
 * rng.h - the bench's random streams: xorshift64* seeded through splitmix64,
 * and rates as stratified gaps.
 *
 * A decision taken with probability p in each eligible cycle (or trigger) is
 * not drawn cycle by cycle: the eligible cycles are cut into strata of 1/p,
 * and exactly one hit falls in each stratum, at a place drawn when the hit
 * before it happens.  Over any N eligible cycles the hits are N*p within
 * one (the rate holds to the hit, not to a random walk's spread), and a
 * cycle without a hit costs a decrement and no draw.
 */
#ifndef CPUMF_TB_STIMULUS_RNG_H
#define CPUMF_TB_STIMULUS_RNG_H

#include <stdint.h>

/* splitmix64: a well-mixed seed from any value */
static inline uint64_t tb_mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* The next value of stream *s (never seeded with 0). */
static inline uint64_t tb_rnd(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545f4914f6cdd1dull;
}

/* Positions in eligible cycles with 16 fractional bits. */
#define TB_GAP_ONE (1ull << 16)

/* The stratum of threshold t (of 2^32, at most 2^32): 1/p cycles; 0 never. */
static inline uint64_t tb_gap_len(uint64_t t)
{
    return t ? (1ull << 48) / t : 0;
}

/* One decision's state: the eligible cycles left to its next hit (counted
 * down to 0), that hit's index among the eligible cycles, the end of its
 * stratum, the hits so far.  The eligible cycles so far are due - left + 1. */
typedef struct tb_gap {
    uint64_t left, due, end, hits;
} tb_gap;

/* The hit of the stratum that starts at g->end, drawn from r's top 16 bits;
 * at least one eligible cycle after the hit before (first: none before). */
static inline void tb_gap_place(tb_gap *g, uint64_t len, uint64_t r, int first)
{
    uint64_t d = (g->end + ((r >> 48) * len >> 16)) >> 16;
    if (!first && d <= g->due)
        d = g->due + 1u;
    g->left = first ? d + 1u : d - g->due;
    g->due = d;
    g->end += len;
}

/* The state before the first eligible cycle; len 0: never a hit. */
static inline void tb_gap_init(tb_gap *g, uint64_t len, uint64_t *s)
{
    g->end = g->due = g->hits = 0;
    if (len)
        tb_gap_place(g, len, tb_rnd(s), 1);
    else
        g->left = UINT64_MAX;
}

/* The bits of a hit's draw that its place leaves to the caller. */
#define TB_GAP_PAYLOAD(r) ((r)&0xffffffffffffull)

/* A cycle, eligible or not (1 or 0): 1 on a hit, with *r a fresh draw whose
 * low 48 bits the caller may use for what the hit does; 0 otherwise (no
 * draw).  A hit is at least one eligible cycle away (left is never 0 here), so
 * an ineligible cycle only tests, and a decision whose eligibility is as
 * random as its trigger costs no branch on it. */
static inline int tb_gap_step_if(tb_gap *g, unsigned eligible, uint64_t len, uint64_t *s,
                                 uint64_t *r)
{
    g->left -= eligible;
    if (g->left)
        return 0;
    *r = tb_rnd(s);
    g->hits++;
    tb_gap_place(g, len, *r, 0);
    return 1;
}

/* An eligible cycle (tb_gap_step_if). */
static inline int tb_gap_step(tb_gap *g, uint64_t len, uint64_t *s, uint64_t *r)
{
    return tb_gap_step_if(g, 1u, len, s, r);
}

#endif
