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

void cf_counters_eval(const cf_counters_in *in, cf_counters_upd *u)
{
    const cpumf_cpu_in *io = in->io;
    unsigned i, k, clear = 0u, count = 0u;

    u->wr = 0u;
    for (i = 0; i < 4u; i++) {
        unsigned s = cpu_sets[i];
        if (!(in->e_d & s)) {
            clear |= in->e_q & s; /* a set that stays disabled holds zeros */
            continue;
        }
        if ((in->active_q & s) && !(io->stopped & 1u) &&
            (s != CPUMF_SET_PROBLEM || (io->problem & 1u)))
            count |= s;
        if (in->scctr_valid && arch_slot_set(in->scctr_slot) == s) {
            u->wr = 1u;
            u->wr_slot = in->scctr_slot;
            u->wr_value = in->scctr_value;
        }
    }
    if (count & (CPUMF_SET_BASIC | CPUMF_SET_PROBLEM))
        for (k = 0; k < 6u; k++)
            u->basic[k] = (uint8_t)arch_basic_increment(io, in->m->unified_l1, k);
    if (count & CPUMF_SET_CRYPTO) {
        u->cr[0] = io->cr_fn;
        u->cr[1] = io->cr_busy;
        u->cr[2] = io->cr_bfn;
        u->cr[3] = io->cr_bcyc;
    }
    if (count & CPUMF_SET_EXT) {
        unsigned n = arch_set_count(in->m, CPUMF_SET_EXT);
        for (k = 0; k * 16u < n; k++)
            u->ext[k] = n - k * 16u >= 16u ? io->ext[k]
                                           : io->ext[k] & (((uint64_t)1 << (4u * (n % 16u))) - 1u);
        for (; k < CPUMF_EXT_WORDS; k++)
            u->ext[k] = 0u;
    }
    u->clear = (uint8_t)clear;
    u->count = (uint8_t)count;
}

/* Index of the lowest set bit of x (x nonzero). */
static unsigned low_bit(uint64_t x)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(x);
#else
    unsigned b = 0u;
    while (!(x & 1u)) {
        x >>= 1;
        b++;
    }
    return b;
#endif
}

/* Crypto counter 64+4e+j counts bit e of activity vector j. */
static void add_crypto(uint64_t *c, const uint8_t cr[4], unsigned n, uint64_t times)
{
    unsigned j;
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

/* Extended counter 128+k counts nibble k of the events, unless undefined. */
static void add_ext(uint64_t *c, const uint64_t ev[CPUMF_EXT_WORDS], const uint64_t *undef,
                    uint64_t times)
{
    unsigned w;
    for (w = 0; w < CPUMF_EXT_WORDS; w++) {
        uint64_t x = ev[w];
        while (x) {
            unsigned b = low_bit(x) / 4u, k = w * 16u + b;
            uint64_t nib = (x >> (4u * b)) & 0xFu;
            x &= ~((uint64_t)0xFu << (4u * b));
            if (!((undef[k / 64u] >> (k % 64u)) & 1u))
                c[k] += times * nib;
        }
    }
}

void cf_counters_commit(cf_counters_state *q, const cf_counters_upd *u, uint64_t times,
                        const cpumf_model_cfg *m)
{
    unsigned i, k;
    for (i = 0; i < 4u; i++)
        if (u->clear & cpu_sets[i])
            memset(q->ctr + arch_set_first_slot(cpu_sets[i]), 0,
                   (size_t)arch_set_count(m, cpu_sets[i]) * sizeof q->ctr[0]);
    if (u->count & CPUMF_SET_BASIC)
        for (k = 0; k < 6u; k++)
            q->ctr[CPUMF_SLOT_BASIC + k] += times * u->basic[k];
    if (u->count & CPUMF_SET_PROBLEM)
        for (k = 0; k < arch_set_count(m, CPUMF_SET_PROBLEM); k++)
            q->ctr[CPUMF_SLOT_PROBLEM + k] += times * u->basic[k];
    if (u->count & CPUMF_SET_CRYPTO)
        add_crypto(q->ctr + CPUMF_SLOT_CRYPTO, u->cr, arch_set_count(m, CPUMF_SET_CRYPTO), times);
    if (u->count & CPUMF_SET_EXT)
        add_ext(q->ctr + CPUMF_SLOT_EXT, u->ext, m->ext_undef, times);
    if (u->wr)
        q->ctr[u->wr_slot] = u->wr_value;
}
