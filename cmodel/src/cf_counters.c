/*
 * cf_counters.c - unit cf_counters: the counter slots of one CPU (basic,
 * problem-state, crypto-activity and extended sets).  Per slot: zero when the
 * set's next E is 0, else the SCCTR value, else current + increment while
 * the set is active and the CPU operating, else hold.  Work is done only for
 * sets that change: a set whose E is 0 holds zeros by construction.
 */
#include <string.h>
#include "cpumf_int.h"

static const unsigned cpu_sets[4] = {CPUMF_SET_BASIC, CPUMF_SET_PROBLEM, CPUMF_SET_CRYPTO,
                                     CPUMF_SET_EXT};

void cf_counters_eval(const cf_counters_state *q, const cf_counters_in *in, cf_counters_out *out,
                      cf_counters_state *d)
{
    const cpumf_cpu_in *io = in->io;
    unsigned touched = 0u, i, k;

    for (i = 0; i < 4u; i++) {
        unsigned s = cpu_sets[i];
        unsigned n = arch_set_count(in->m, s);
        unsigned first = arch_set_first_slot(s);
        unsigned act = (in->active_q & s) && !(io->stopped & 1u) &&
                       (s != CPUMF_SET_PROBLEM || (io->problem & 1u));
        unsigned wr = in->scctr_valid && arch_slot_set(in->scctr_slot) == s;
        if (!(in->e_d & s)) {
            if (in->e_q & s) {
                for (k = 0; k < n; k++)
                    d->ctr[first + k] = 0u;
                touched |= s;
            }
            continue;
        }
        if (!act && !wr)
            continue;
        touched |= s;
        if (!act) {
            memcpy(d->ctr + first, q->ctr + first, (size_t)n * sizeof d->ctr[0]);
        } else if (s == CPUMF_SET_BASIC || s == CPUMF_SET_PROBLEM) {
            arch_basic_add(io, in->m->unified_l1, n, q->ctr + first, d->ctr + first);
        } else if (s == CPUMF_SET_CRYPTO) {
            arch_crypto_add(io, n, q->ctr + first, d->ctr + first);
        } else {
            arch_ext_add(io, n, in->m->ext_undef, q->ctr + first, d->ctr + first);
        }
        if (wr)
            d->ctr[in->scctr_slot] = in->scctr_value;
    }
    out->touched = (uint8_t)touched;
}

void cf_counters_commit(cf_counters_state *q, const cf_counters_state *d, unsigned touched,
                        const cpumf_model_cfg *m)
{
    unsigned i;
    for (i = 0; i < 4u; i++) {
        unsigned s = cpu_sets[i];
        if (touched & s) {
            unsigned first = arch_set_first_slot(s);
            memcpy(q->ctr + first, d->ctr + first, (size_t)arch_set_count(m, s) * sizeof q->ctr[0]);
        }
    }
}
