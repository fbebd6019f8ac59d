/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sf_interval.c - unit sf_interval: the sample-interval machinery of one CPU
 * (docs/uarch.md section 16): the primary count, the secondary count of the
 * random-secondary mode, the LFSR and the collision count.  A tick is a
 * counted cycle (for a shared CPU also a waiting one while a sibling thread
 * of its core is busy); a sample falls due when a count runs out, and is
 * captured when the update process is idle and no LSCTL executes in the cycle.
 * Each CPU has one per set of sampling controls (section 22): the VM set's
 * ticks only at level 2 and yields to a sample of the LPAR set due in the
 * same cycle.
 */
#include "cpumf_int.h"

void sf_interval_power_on(const cpumf_system_cfg *cfg, unsigned index, unsigned set,
                          sf_interval_state *s)
{
    s->cnt = 0u;
    s->collisions = 0u;
    s->sec = 0u;
    s->sec_act = 0u;
    s->lfsr = arch_lfsr_power_on_set(cfg->lfsr_seed, index, set);
}

void sf_interval_disable(sf_interval_state *d)
{
    d->cnt = 0u;
    d->sec = 0u;
    d->sec_act = 0u;
}

/* Reload value R of the mode; random mode draws from *lfsr. */
static uint64_t reload(unsigned mode, uint64_t interval, uint32_t *lfsr)
{
    arch_draw d = {0u, 0u};
    if (arch_interval_draws(mode))
        d = arch_lfsr_draw(lfsr);
    return arch_interval_reload(mode, interval, d);
}

void sf_interval_eval(const sf_interval_state *q, const sf_interval_in *in, sf_interval_out *out,
                      sf_interval_state *d)
{
    const cpumf_cpu_in *io = in->io;
    unsigned mode = in->cfg->interval_mode;
    unsigned due = 0u;
    unsigned tick = !in->no_tick &&
                    arch_sf_set_tick(in->set, in->active_q, io, in->cfg->dedicated, in->core_busy);
    /* a shared CPU waiting beside a busy sibling thread (SF-INT-1) */
    unsigned shared_wait = (io->wait & 1u) && !in->cfg->dedicated;

    *d = *q;
    if (tick) {
        if (shared_wait)
            fcov_hit(in->fc, FCOV_UPD_TICK_WAIT_CORE_BUSY);
        /* the secondary first */
        if (q->sec_act) {
            if (q->sec <= 1u) {
                due = 1u;
                d->sec_act = 0u;
            } else {
                d->sec = (uint8_t)(q->sec - 1u);
            }
        }
        /* then the primary */
        if (q->cnt <= 1u) {
            d->cnt = reload(mode, in->interval_q, &d->lfsr);
            if (mode == CPUMF_INT_RANDOM_SEC) {
                unsigned r = arch_lfsr_draw(&d->lfsr).r;
                d->sec = (uint8_t)r;
                if (r == 0u)
                    due = 1u;
                else
                    d->sec_act = 1u;
            } else {
                due = 1u;
            }
        } else {
            d->cnt = q->cnt - 1u;
        }
    }
    out->due = (uint8_t)due;
    out->capture =
        (uint8_t)arch_sf_capture(in->set, due, in->upd_idle, in->lsctl_exec, in->due_lpar);
    if (out->capture && shared_wait)
        fcov_hit(in->fc, FCOV_UPD_SAMPLE_WAIT_CORE_BUSY);
    if (due && !out->capture) {
        /* counted where only the bench sees it: no instruction reads it */
        d->collisions = q->collisions + 1u;
        fcov_hit(in->fc, !in->upd_idle    ? FCOV_UPD_COLLISION_BUSY
                         : in->lsctl_exec ? FCOV_UPD_COLLISION_LSCTL
                                          : FCOV_UPD_COLLISION_VM_LPAR);
    }
    /* LSCTL activation: the count loads (after this cycle's tick), whatever it
     * held: unlike Arm's, a count is never resumed (docs/uarch.md section 16) */
    if (in->load) {
        d->cnt = reload(mode, in->load_interval, &d->lfsr);
        d->sec_act = 0u;
    }
}
