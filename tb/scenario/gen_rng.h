/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gen_rng.h - the "random" generators' seeded numbers, which both generators draw (gen.h): a
 * run depends only on the seed, every draw happening in a fixed order.
 */
#ifndef CPUMF_TB_SCENARIO_GEN_RNG_H
#define CPUMF_TB_SCENARIO_GEN_RNG_H

#include <stdint.h>

#include "stimulus/rng.h"

typedef struct gen_rng {
    uint64_t s;
} gen_rng;

/* splitmix64 (tb_mix64): the mix of a counter that steps by its increment */
static inline uint64_t gen_next(gen_rng *g)
{
    uint64_t z = tb_mix64(g->s);
    g->s += 0x9e3779b97f4a7c15ull;
    return z;
}

/* 0..n-1 (0 when n is 0). */
static inline unsigned gen_below(gen_rng *g, unsigned n)
{
    return n ? (unsigned)(gen_next(g) % n) : 0u;
}

/* 1 with a chance of pct in 100. */
static inline int gen_pct(gen_rng *g, unsigned pct)
{
    return gen_below(g, 100) < pct;
}

#endif
