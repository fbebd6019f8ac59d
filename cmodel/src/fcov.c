/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fcov.c - functional coverage: the names of the bins, the transition
 * look-up and the public read-out (cpumf_fcov_*).  The universe is the
 * X-macro lists of fcov.h; docs/coverage.md explains every bin.
 */
#include <string.h>
#include "cpumf_int.h"

#define STR(x) #x

static const char *const names[FCOV_NBINS] = {
#define N_T(D, S, F, T, C) "transition." STR(D) "." STR(S) "." STR(F) ">" STR(T) "." STR(C),
#define N_U(ID, NAME)      "update." NAME,
#define N_AR(B, M, NAME)   "alert.bit" STR(B) "_" NAME,
#define N_AT(B, M, NAME)   "alert.bit" STR(B) "_taken",
#define N_AC(ID, NAME)     "alert." NAME,
#define N_R(ID, NAME)      "rule." NAME,
    FCOV_TRANSITIONS(N_T) FCOV_UPDATES(N_U) FCOV_ALERT_BITS(N_AR) FCOV_ALERT_BITS(N_AT)
        FCOV_ALERT_CLEARS(N_AC) FCOV_RULES(N_R)};

/* The transition bins by unit, from, to and cause (they come first). */
typedef struct trans_key {
    uint8_t unit, from, to, cause;
} trans_key;
static const trans_key trans[] = {
#define K_T(D, S, F, T, C) {FCOV_U_##D##_##S, FCOV_S_##F, FCOV_S_##T, FCOV_C_##C},
    FCOV_TRANSITIONS(K_T)};
#define N_TRANS (sizeof trans / sizeof trans[0])

static const uint32_t alert_mask[] = {
#define M_A(B, M, NAME) M,
    FCOV_ALERT_BITS(M_A)};
#define N_ALERT (sizeof alert_mask / sizeof alert_mask[0])

/* Unit of bit k of a CPUMF_SET_* mask (the reserved bit has none). */
static const int8_t counter_unit[8] = {FCOV_U_counter_extended,
                                       FCOV_U_counter_basic,
                                       FCOV_U_counter_problem_state,
                                       FCOV_U_counter_crypto,
                                       -1,
                                       FCOV_U_counter_mt,
                                       -1,
                                       -1};

static void count_transition(uint64_t *counts, unsigned unit, unsigned from, unsigned to,
                             unsigned cause)
{
    unsigned i;
    for (i = 0; i < N_TRANS; i++)
        if (trans[i].unit == unit && trans[i].from == from && trans[i].to == to &&
            trans[i].cause == cause) {
            counts[i]++;
            return;
        }
}

/* Byte k of an event. */
static unsigned ev_byte(uint64_t ev, unsigned k)
{
    return (unsigned)(ev >> (8u * k)) & 0xFFu;
}

/* A composition step (FCOV_EV_CF / FCOV_EV_SF) of the sets in `sets`. */
static void count_step(uint64_t *counts, uint64_t ev, int sampling, unsigned sets,
                       unsigned installed)
{
    unsigned cause = ev_byte(ev, 6), k, stay = 0u;
    if (cause == FCOV_C_lcctl)
        stay = installed & CPUMF_SETS_NON_MT;
    else if (cause == FCOV_C_lsctl)
        stay = ARCH_SF_ALL;
    for (k = 0; k < 8u; k++) {
        unsigned b = 1u << k, s0, s1;
        int unit = sampling ? (k < 2u ? (int)(FCOV_U_sampling_basic + k) : -1) : counter_unit[k];
        if (!(sets & b) || unit < 0)
            continue;
        s0 = fcov_state_of(ev_byte(ev, 0) & b, ev_byte(ev, 1) & b, ev_byte(ev, 2) & b);
        s1 = fcov_state_of(ev_byte(ev, 3) & b, ev_byte(ev, 4) & b, ev_byte(ev, 5) & b);
        if (s0 != s1 || (stay & b))
            count_transition(counts, (unsigned)unit, s0, s1, cause);
    }
}

void fcov_commit(uint64_t *counts, const fcov_hits *h, unsigned installed)
{
    unsigned i;
    for (i = 0; i < h->n; i++) {
        uint64_t ev = h->ev[i];
        switch ((unsigned)(ev >> 56)) {
        case FCOV_EV_BIN:
            if (ev < FCOV_NBINS)
                counts[ev]++;
            break;
        case FCOV_EV_TRANS:
            count_transition(counts, ev_byte(ev, 0), ev_byte(ev, 1), ev_byte(ev, 2),
                             ev_byte(ev, 3));
            break;
        case FCOV_EV_CF: count_step(counts, ev, 0, installed, installed); break;
        default: count_step(counts, ev, 1, ARCH_SF_ALL, installed); break;
        }
    }
}

/* Mark the bin first + j for every alert bit j in bits. */
static void alert_bins(fcov_hits *h, unsigned first, uint32_t bits)
{
    unsigned j;
    for (j = 0; j < N_ALERT; j++)
        if (bits & alert_mask[j])
            fcov_hit(h, first + j);
}

/* Follows the steps of arch_alert_next to see which rule drops which bit. */
void fcov_alert(fcov_hits *h, uint32_t pending, unsigned taken, unsigned clear_mt, uint32_t raised,
                unsigned sf_enabled_next, unsigned cf_nonmt_enabled_next, unsigned any_reset)
{
    static const struct {
        uint32_t mask;
        unsigned bin;
    } sf_clear[] = {{CPUMF_AL_INVALID_ENTRY, FCOV_AL_CLR0_SF},
                    {CPUMF_AL_INCORRECT_SDBT, FCOV_AL_CLR1_SF},
                    {CPUMF_AL_PROGRAM_REQ, FCOV_AL_CLR2_SF},
                    {CPUMF_AL_LOSS_SAMPLE, FCOV_AL_CLR9_SF}};
    uint32_t p = taken ? 0u : pending;
    unsigned j;

    alert_bins(h, FCOV_AL_RAISED_0, raised);
    if (taken)
        alert_bins(h, FCOV_AL_TAKEN_0, pending);
    if (clear_mt && (p & CPUMF_AL_LOSS_MT))
        fcov_hit(h, FCOV_AL_CLR16_STCCTM);
    if (clear_mt)
        p &= ~CPUMF_AL_LOSS_MT;
    p |= raised;
    if (!sf_enabled_next) {
        for (j = 0; j < sizeof sf_clear / sizeof sf_clear[0]; j++)
            if (p & sf_clear[j].mask)
                fcov_hit(h, sf_clear[j].bin);
        p &= ~CPUMF_AL_SF_GROUP;
    }
    if (!cf_nonmt_enabled_next && (p & CPUMF_AL_LOSS_CPU)) {
        fcov_hit(h, FCOV_AL_CLR25_CF);
        p &= ~CPUMF_AL_LOSS_CPU;
    }
    if (any_reset && p)
        fcov_hit(h, FCOV_AL_CLR_RESET);
}

/* ---- public read-out ---- */
unsigned cpumf_fcov_count(void)
{
    return FCOV_NBINS;
}

const char *cpumf_fcov_name(unsigned i)
{
    return i < FCOV_NBINS ? names[i] : NULL;
}

int cpumf_fcov_index(const char *name)
{
    unsigned i;
    if (!name)
        return -1;
    for (i = 0; i < FCOV_NBINS; i++)
        if (strcmp(names[i], name) == 0)
            return (int)i;
    return -1;
}

uint64_t cpumf_fcov_hits(const cpumf_sys *s, unsigned i)
{
    return i < FCOV_NBINS ? s->fcov[i] : 0u;
}

void cpumf_fcov_clear(cpumf_sys *s)
{
    memset(s->fcov, 0, sizeof s->fcov);
}
