/*
 * rng.h - the bench's random streams: xorshift64* seeded through splitmix64,
 * and probabilities as 32-bit thresholds (one draw per decision).
 */
#ifndef TB_RNG_H
#define TB_RNG_H

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

/* true with the probability that threshold t (of 2^32) stands for */
static inline int tb_hit(uint64_t *s, uint64_t t)
{
    return (tb_rnd(s) >> 32) < t;
}

#endif
