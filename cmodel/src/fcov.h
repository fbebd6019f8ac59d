/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fcov.h - functional coverage of the cycle model: the fixed universe of
 * bins (docs/coverage.md describes each) and the event lists the units fill.
 *
 * A unit's eval lists what its decisions hit (a bin, or a state change that
 * the commit turns into transition bins) in the CPU's (or the global unit's)
 * event list of the edge, which is part of the next state; the commit adds
 * the bins to the system's counts.  So an eval that is repeated or discarded
 * (waves mirroring, untimed execution) never counts twice.  Units list events
 * only inside the branches of rare events, with a few inline stores and no
 * call, so the cost of a cycle without events is emptying and testing the
 * list.
 */
#ifndef CPUMF_CMODEL_SRC_FCOV_H
#define CPUMF_CMODEL_SRC_FCOV_H

#include <stdint.h>

/* ---- the universe, in the order it is reported ----------------------------
 * Transitions: X(domain, unit, from, to, cause), only the ones Figures 2-2 and
 * 2-12 allow (and the model can make). */
/* The tables read best as laid out by hand. */
/* clang-format off */
#define FCOV_AUTH4(X, D, S)                                                     \
    X(D, S, unauthorized, disabled, auth) X(D, S, disabled, unauthorized, auth) \
    X(D, S, inactive, unauthorized, auth) X(D, S, active, unauthorized, auth)
/* LCCTL / LSCTL with cc 0: every valid target, the present state included
 * (the figures' "considered successfully set"). */
#define FCOV_LOAD10(X, D, S, L)                                                   \
    X(D, S, unauthorized, unauthorized, L) X(D, S, disabled, disabled, L)         \
    X(D, S, disabled, inactive, L) X(D, S, disabled, active, L)                   \
    X(D, S, inactive, disabled, L) X(D, S, inactive, inactive, L)                 \
    X(D, S, inactive, active, L) X(D, S, active, disabled, L)                     \
    X(D, S, active, inactive, L) X(D, S, active, active, L)
#define FCOV_RESET3(X, D, S)                                                          \
    X(D, S, inactive, disabled, reset_initial) X(D, S, active, disabled, reset_initial) \
    X(D, S, active, inactive, reset_cpu)
#define FCOV_CPU_SET(X, S)                                                 \
    FCOV_AUTH4(X, counter, S) FCOV_LOAD10(X, counter, S, lcctl)            \
    FCOV_RESET3(X, counter, S) X(counter, S, active, inactive, alert_loss_cpu_counter_data)
/* The MT set is never inactive: it is active exactly while authorized and
 * multithreading is enabled (SIGP set-multithreading, the resets that end it). */
#define FCOV_MT_SET(X)                                                                  \
    X(counter, mt, unauthorized, disabled, auth) X(counter, mt, disabled, unauthorized, auth) \
    X(counter, mt, active, unauthorized, auth) X(counter, mt, unauthorized, active, auth)     \
    X(counter, mt, disabled, active, sigp_mt) X(counter, mt, active, disabled, sigp_mt)       \
    X(counter, mt, active, disabled, reset_ends_mt)
/* Coprocessor groups: authorization per CPU (to the global state), LPCTL and
 * the machine resets (power-on, basic-machine clear) move the global register
 * (one system-wide transition). */
#define FCOV_CG_SET(X)                                                                   \
    X(counter, cg, unauthorized, disabled, auth) X(counter, cg, unauthorized, inactive, auth)  \
    X(counter, cg, unauthorized, active, auth) X(counter, cg, disabled, unauthorized, auth)    \
    X(counter, cg, inactive, unauthorized, auth) X(counter, cg, active, unauthorized, auth)    \
    X(counter, cg, disabled, disabled, lpctl) X(counter, cg, disabled, inactive, lpctl)        \
    X(counter, cg, disabled, active, lpctl) X(counter, cg, inactive, disabled, lpctl)          \
    X(counter, cg, inactive, inactive, lpctl) X(counter, cg, inactive, active, lpctl)          \
    X(counter, cg, active, disabled, lpctl) X(counter, cg, active, inactive, lpctl)            \
    X(counter, cg, active, active, lpctl) X(counter, cg, inactive, disabled, reset_power_on)   \
    X(counter, cg, active, disabled, reset_power_on)                                           \
    X(counter, cg, inactive, disabled, reset_basic_machine_clear)                              \
    X(counter, cg, active, disabled, reset_basic_machine_clear)
#define FCOV_SF_FN(X, S)                                                  \
    FCOV_AUTH4(X, sampling, S) FCOV_LOAD10(X, sampling, S, lsctl)         \
    FCOV_RESET3(X, sampling, S)                                           \
    X(sampling, S, active, inactive, alert_invalid_entry_address)         \
    X(sampling, S, active, inactive, alert_incorrect_sdbt_entry)          \
    X(sampling, S, active, inactive, alert_loss_sample_data)
#define FCOV_TRANSITIONS(X)                                                  \
    FCOV_CPU_SET(X, basic) FCOV_CPU_SET(X, problem_state) FCOV_CPU_SET(X, crypto) \
    FCOV_CPU_SET(X, extended) FCOV_MT_SET(X) FCOV_CG_SET(X)                  \
    FCOV_SF_FN(X, basic) FCOV_SF_FN(X, diagnostic)

/* Steps and outcomes of the sample-data-block update process (sf_update) and
 * of the interval machinery (sf_interval): Y(ID, "name after update."). */
#define FCOV_UPDATES(Y)                                                         \
    Y(ENTRY_BASIC, "entry_stored.basic")                                        \
    Y(ENTRY_DIAG, "entry_stored.diagnostic")                                    \
    Y(ENTRY_COMBINED, "entry_stored.combined")                                  \
    Y(ENTRY_FILLS_BLOCK, "entry_fills_block")                                   \
    Y(LIMITED_SAMPLE, "limited_sample")                                         \
    Y(OVERFLOW, "overflow_count_incremented")                                   \
    Y(OVERFLOW_COMBINED, "combined_entry_discarded")                            \
    Y(OVERFLOW_WRAP, "overflow_count_wraps")                                    \
    Y(FULL_STCK, "block_full.stck")                                             \
    Y(FULL_STCKE, "block_full.stcke")                                           \
    Y(FULL_ALERT_REQ, "block_full.alert_request")                               \
    Y(FULL_ALERT_REQ_LATE, "block_full.alert_request_set_while_closing")        \
    Y(SDBT_BLOCK, "sdbt.block_link")                                            \
    Y(SDBT_TABLE, "sdbt.table_link")                                            \
    Y(SDBT_TABLE_BLOCK, "sdbt.block_link_after_table_link")                     \
    Y(INCORRECT_LAST, "incorrect_sdbt_entry.block_link_last")                   \
    Y(INCORRECT_TABLE_TABLE, "incorrect_sdbt_entry.table_link_to_table_link")   \
    Y(INVALID_DEAR_LOW, "invalid_entry_address.dear_below_8192")                \
    Y(INVALID_DEAR_TRAILER, "invalid_entry_address.dear_past_trailer")          \
    Y(INVALID_TEAR_LOW, "invalid_entry_address.tear_below_8192")                \
    Y(INVALID_TABLE_LOW, "invalid_entry_address.table_link_below_8192")         \
    Y(INVALID_STORAGE, "invalid_entry_address.storage_not_available")           \
    Y(COLLISION_BUSY, "collision.update_busy")                                  \
    Y(COLLISION_LSCTL, "collision.lsctl")                                       \
    Y(ENDED_DISABLED, "ended_after_disable")                                    \
    Y(TICK_WAIT_CORE_BUSY, "interval.tick_waiting_core_busy")                   \
    Y(SAMPLE_WAIT_CORE_BUSY, "interval.sample_waiting_core_busy")               \
    Y(ENTRY_VM_HOST, "entry_vm_level_host")                                     \
    Y(SAMPLE_VM_SET, "vm_set.sample_captured")                                  \
    Y(COLLISION_VM_LPAR, "vm_set.collision_beside_lpar_sample")                 \
    Y(ALERT_VM_SET, "vm_set.alert_deactivates_vm_set")

/* Measurement-alert parameter bits: A(BIT, mask, "name after alert.bitBIT_"). */
#define FCOV_ALERT_BITS(A)                                      \
    A(0, 0x80000000u, "invalid_entry_address")                  \
    A(1, 0x40000000u, "incorrect_sdbt_entry")                   \
    A(2, 0x20000000u, "program_request")                        \
    A(8, 0x00800000u, "sf_authorization_change")                \
    A(9, 0x00400000u, "loss_sample_data")                       \
    A(16, 0x00008000u, "loss_mt_counter_data")                  \
    A(24, 0x00000080u, "cf_authorization_change")              \
    A(25, 0x00000040u, "loss_cpu_counter_data")
/* Pending bits cleared without an interruption: Y(ID, "name after alert."). */
#define FCOV_ALERT_CLEARS(Y)                              \
    Y(CLR0_SF, "bit0_cleared_sf_disabled")                \
    Y(CLR1_SF, "bit1_cleared_sf_disabled")                \
    Y(CLR2_SF, "bit2_cleared_sf_disabled")                \
    Y(CLR9_SF, "bit9_cleared_sf_disabled")                \
    Y(CLR25_CF, "bit25_cleared_cf_disabled")              \
    Y(CLR16_STCCTM, "bit16_cleared_stcctm")               \
    Y(CLR_RESET, "pending_cleared_by_reset")

/* Cases of the architecture's rules that no state change or update step
 * shows: Y(ID, "name after rule."). */
#define FCOV_RULES(Y)                                                           \
    Y(LSCTL_UNAUTH_BAD_INTERVAL, "lsctl_unauthorized_activation_interval_out_of_range") \
    Y(LPP_VM, "lpp_vm_level")                                                   \
    Y(LPP_VM_BY_LPAR_SET, "lpp_vm_level_enabled_by_lpar_set")                   \
    Y(LSCTL_VM, "lsctl_vm_level")                                               \
    Y(LSCTL_WAITS_FOR_UPDATE, "lsctl_waits_for_update")                         \
    Y(CG_KEPT_CLEAR_RESET, "cg_kept_by_clear_reset")

enum fcov_bin {
/* clang-format on */
#define FCOV_E_T(D, S, F, T, C) FCOV_T_##D##_##S##_##F##_##T##_##C,
#define FCOV_E_U(ID, NAME)      FCOV_UPD_##ID,
#define FCOV_E_AR(B, M, NAME)   FCOV_AL_RAISED_##B,
#define FCOV_E_AT(B, M, NAME)   FCOV_AL_TAKEN_##B,
#define FCOV_E_AC(ID, NAME)     FCOV_AL_##ID,
#define FCOV_E_R(ID, NAME)      FCOV_RULE_##ID,
    FCOV_TRANSITIONS(FCOV_E_T) FCOV_UPDATES(FCOV_E_U) FCOV_ALERT_BITS(FCOV_E_AR)
        FCOV_ALERT_BITS(FCOV_E_AT) FCOV_ALERT_CLEARS(FCOV_E_AC) FCOV_RULES(FCOV_E_R)
#undef FCOV_E_T
#undef FCOV_E_U
#undef FCOV_E_AR
#undef FCOV_E_AT
#undef FCOV_E_AC
#undef FCOV_E_R
            FCOV_NBINS
};

/* States (Figures 2-1, 2-11), units and causes of a transition bin. */
enum fcov_state { FCOV_S_unauthorized, FCOV_S_disabled, FCOV_S_inactive, FCOV_S_active };
enum fcov_unit {
    FCOV_U_counter_basic,
    FCOV_U_counter_problem_state,
    FCOV_U_counter_crypto,
    FCOV_U_counter_extended,
    FCOV_U_counter_mt,
    FCOV_U_counter_cg,
    FCOV_U_sampling_basic,
    FCOV_U_sampling_diagnostic
};
enum fcov_cause {
    FCOV_C_auth,
    FCOV_C_lcctl,
    FCOV_C_lpctl,
    FCOV_C_lsctl,
    FCOV_C_sigp_mt,
    FCOV_C_reset_cpu,
    FCOV_C_reset_initial,
    FCOV_C_reset_power_on,
    FCOV_C_reset_basic_machine_clear,
    FCOV_C_reset_ends_mt,
    FCOV_C_alert_loss_cpu_counter_data,
    FCOV_C_alert_invalid_entry_address,
    FCOV_C_alert_incorrect_sdbt_entry,
    FCOV_C_alert_loss_sample_data
};

/* Events of one edge: kind in bits 56-63.  A CPU lists at most 44 in one
 * edge (cf_state 7: LCCTL, SIGP, loss, authorization, two group
 * authorizations, reset; sf_ctrl 6; sf_update 5; sf_interval 2; the LSCTL
 * rule 1; alert 23: 8 raised, 8 taken, 7 clearing bins), the global unit one
 * per CPU, one for a reset and one for a clear reset. */
#define FCOV_MAX_HITS 48
#define FCOV_EV_BIN   0u /* a bin (bits 0-15) */
#define FCOV_EV_TRANS 1u /* unit, from, to, cause in bytes 0-3 */
#define FCOV_EV_CF                                                                                 \
    2u                /* counter-set masks a, e, c before (bytes 0-2) and after
                           * (bytes 3-5) a step, its cause in byte 6 */
#define FCOV_EV_SF 3u /* the same for the sampling functions */
typedef struct fcov_hits {
    uint16_t n;
    uint64_t ev[FCOV_MAX_HITS];
} fcov_hits;

/* List ev in h; h NULL (a unit driven alone, as the unit tests do): nothing. */
static inline void fcov_event(fcov_hits *h, uint64_t ev)
{
    if (h && h->n < FCOV_MAX_HITS)
        h->ev[h->n++] = ev;
}

static inline void fcov_hit(fcov_hits *h, unsigned bin)
{
    fcov_event(h, bin);
}

/* State of one set from its A, E, C bits. */
static inline unsigned fcov_state_of(unsigned a, unsigned e, unsigned c)
{
    return !a ? FCOV_S_unauthorized : !e ? FCOV_S_disabled : !c ? FCOV_S_inactive : FCOV_S_active;
}

/* A/E/C masks of a group of sets (CPUMF_SET_* or CPUMF_SF_* bits). */
typedef struct fcov_aec {
    unsigned a, e, c;
} fcov_aec;

/* One transition (the commit counts nothing when it has no bin). */
static inline void fcov_transition(fcov_hits *h, unsigned unit, unsigned from, unsigned to,
                                   unsigned cause)
{
    fcov_event(h, (uint64_t)FCOV_EV_TRANS << 56 | (uint64_t)cause << 24 | (uint64_t)to << 16 |
                      (uint64_t)from << 8 | unit);
}

/* One step of a next-state composition took the masks of the counter sets
 * (kind FCOV_EV_CF) or of the sampling functions (FCOV_EV_SF) from `from`
 * to `to` for `cause`.  The commit counts a transition for each installed
 * set whose state changed, and for LCCTL and LSCTL also one for each set
 * they left in its state. */
static inline void fcov_step(fcov_hits *h, unsigned kind, fcov_aec from, fcov_aec to,
                             unsigned cause)
{
    fcov_event(h, (uint64_t)kind << 56 | (uint64_t)cause << 48 | (uint64_t)(to.c & 0xFFu) << 40 |
                      (uint64_t)(to.e & 0xFFu) << 32 | (uint64_t)(to.a & 0xFFu) << 24 |
                      (uint64_t)(from.c & 0xFFu) << 16 | (uint64_t)(from.e & 0xFFu) << 8 |
                      (from.a & 0xFFu));
}
/* Alert bins of one mf_alert edge (the arguments of arch_alert_next). */
void fcov_alert(fcov_hits *h, uint32_t pending, unsigned taken, unsigned clear_mt, uint32_t raised,
                unsigned sf_enabled_next, unsigned cf_nonmt_enabled_next, unsigned any_reset);
/* Commit: add the bins of the events of h to counts (FCOV_NBINS entries);
 * installed: the CPU counter sets of the model (CPUMF_SET_*). */
void fcov_commit(uint64_t *counts, const fcov_hits *h, unsigned installed);

#endif
