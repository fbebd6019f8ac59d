/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cf_global.c - unit cf_global: the global counter-set-state register
 * (E, C, coprocessor-group-address-change indicator), the coprocessor-group
 * counters, the multithreading-enabled flag and the MT-diagnostic counters
 * of each core (docs/uarch.md section 7, Global).  Only the rows of
 * installed groups and cores are evaluated and committed; the others stay zero.
 * eval notes the counters' edge (cf_global_upd); commit applies it in place.
 */
#include <string.h>
#include "cpumf_int.h"

/* State of the coprocessor-group sets for an authorized CPU. */
static unsigned g_state(unsigned e, unsigned c)
{
    return fcov_state_of(1u, e, c);
}

void cf_global_eval(const cf_global_state *q, const cf_global_in *in, cf_global_state *d)
{
    const cpumf_system_cfg *cfg = in->cfg;
    const cpumf_sys_in *sys = in->sys;
    unsigned n_cpus = cfg->n_cpus, tpc = cfg->threads_per_core ? cfg->threads_per_core : 1u;
    unsigned e = q->e, c = q->c, disable = 0u, clear_reset = 0u, i, m;
    unsigned n_cg = cfg->n_cg < CPUMF_MAX_CGS ? cfg->n_cg : CPUMF_MAX_CGS;
    unsigned lpctl = 0u, spctr = 0u, reset = 0u, crypto = 0u, mt_en = 0u;

    d->fc.n = 0u;
    /* the CPUs with an LPCTL, an SPCTR, a reset, crypto activity or the MT
     * set enabled: most cycles have none, and the steps below visit only these */
    for (i = 0; i < n_cpus; i++) {
        const cpumf_cpu_in *io = &sys->cpu[i];
        mt_en |= (unsigned)(in->cpu[i].mt_enabled_d != 0u) << i;
        lpctl |= (unsigned)(in->cpu[i].lpctl_valid != 0u) << i;
        spctr |= (unsigned)(in->cpu[i].spctr_valid != 0u) << i;
        reset |= (unsigned)(io->reset != 0u) << i;
        crypto |= (unsigned)(!io->stopped && (io->cr_fn | io->cr_busy | io->cr_bfn | io->cr_bcyc))
                  << i;
    }
    /* 1. LPCTL in ascending CPU order */
    for (m = lpctl; m; m &= m - 1u) {
        const cf_global_cpu_req *r = &in->cpu[low_bit(m)];
        fcov_transition(&d->fc, FCOV_U_counter_cg, g_state(e, c), g_state(r->lpctl_e, r->lpctl_c),
                        FCOV_C_lpctl);
        if (e && !r->lpctl_e)
            disable = 1u;
        e = r->lpctl_e;
        c = r->lpctl_c;
    }
    /* 2. power-on or basic-machine clear reset on any CPU; a clear reset of
     * one CPU leaves the groups (CF-GL-6) */
    for (m = reset; m; m &= m - 1u) {
        unsigned rs = sys->cpu[low_bit(m)].reset;
        if (arch_reset_disables_groups(rs)) {
            if (e) {
                disable = 1u;
                fcov_transition(&d->fc, FCOV_U_counter_cg, g_state(e, c), FCOV_S_disabled,
                                rs == CPUMF_RESET_POWER_ON ? FCOV_C_reset_power_on
                                                           : FCOV_C_reset_basic_machine_clear);
            }
            e = 0u;
            c = 0u;
        } else if (rs == CPUMF_RESET_CLEAR) {
            clear_reset = 1u;
        }
    }
    if (clear_reset && e)
        fcov_hit(&d->fc, FCOV_RULE_CG_KEPT_CLEAR_RESET);
    d->e = (uint8_t)e;
    d->c = (uint8_t)c;
    /* 3. change indicator */
    d->change = (uint8_t)arch_change_next(e, q->change, disable, sys->cg_addr_change & 1u);
    /* 4. group counters */
    d->u.cg_clear = (uint8_t)(!e || disable);
    d->u.cg_count = 0u;
    d->u.n_wr = 0u;
    if (!d->u.cg_clear) {
        /* only a CPU with crypto activity adds to its group */
        for (m = q->e && q->c ? crypto : 0u; m; m &= m - 1u) {
            i = low_bit(m);
            if (cfg->cpu_cg[i] >= n_cg)
                continue;
            if (!d->u.cg_count)
                memset(d->u.cg_inc, 0, (size_t)n_cg * sizeof d->u.cg_inc[0]);
            d->u.cg_count = 1u;
            arch_cg_accumulate(&sys->cpu[i], d->u.cg_inc[cfg->cpu_cg[i]]);
        }
        for (m = spctr; m; m &= m - 1u) {
            const cf_global_cpu_req *r = &in->cpu[low_bit(m)];
            if (r->spctr_grp < n_cg && r->spctr_ctr < CPUMF_CG_NCTR) {
                d->u.wr[d->u.n_wr].grp = r->spctr_grp;
                d->u.wr[d->u.n_wr].ctr = r->spctr_ctr;
                d->u.wr[d->u.n_wr++].value = r->spctr_value;
            }
        }
    }
    /* 5. multithreading enabled: SIGP, then the resets that end it (MT-2) */
    d->mt_enabled =
        (uint8_t)arch_mt_next(q->mt_enabled, (sys->sigp_mt_valid & 1u) && cfg->model.csvn > 3u,
                              sys->sigp_mt_enable & 1u, in->mt_ended);
    /* 6. MT counters per core */
    if (cfg->model.csvn > 3u) {
        unsigned n_cores = (n_cpus + tpc - 1u) / tpc;
        unsigned core;
        for (core = 0; core < n_cores && core < CPUMF_MAX_CPUS; core++) {
            unsigned n_run = 0u, any_act = 0u, t;
            int which;
            /* the set enabled on no thread of the core: cleared */
            if (!((mt_en >> (core * tpc)) & ((1u << tpc) - 1u))) {
                d->u.mt[core] = CF_MT_CLEAR;
                continue;
            }
            for (t = 0; t < tpc; t++) {
                unsigned cpu = core * tpc + t;
                const cpumf_cpu_in *io;
                if (cpu >= n_cpus)
                    break;
                io = &sys->cpu[cpu];
                if (!(io->stopped & 1u)) {
                    if (!(io->wait & 1u))
                        n_run++;
                    any_act |= in->cpu[cpu].mt_active_q;
                }
            }
            which = arch_mt_counter(n_run, any_act);
            d->u.mt[core] = (uint8_t)(which == 0   ? CF_MT_BUMP0
                                      : which == 1 ? CF_MT_BUMP1
                                                   : CF_MT_HOLD);
        }
    }
}

void cf_global_commit(cf_global_state *q, const cf_global_state *d, uint64_t times,
                      const cpumf_system_cfg *cfg)
{
    const cf_global_upd *u = &d->u;
    unsigned tpc = cfg->threads_per_core ? cfg->threads_per_core : 1u;
    unsigned n_cg = cfg->n_cg < CPUMF_MAX_CGS ? cfg->n_cg : CPUMF_MAX_CGS;
    unsigned g, k, core;
    q->e = d->e;
    q->c = d->c;
    q->change = d->change;
    q->mt_enabled = d->mt_enabled;
    if (u->cg_clear)
        memset(q->cg_ctr, 0, (size_t)n_cg * sizeof q->cg_ctr[0]);
    if (u->cg_count)
        for (g = 0; g < n_cg; g++)
            for (k = 0; k < CPUMF_CG_NCTR; k++)
                q->cg_ctr[g][k] += times * u->cg_inc[g][k];
    for (k = 0; k < u->n_wr; k++)
        q->cg_ctr[u->wr[k].grp][u->wr[k].ctr] = u->wr[k].value;
    if (cfg->model.csvn > 3u)
        for (core = 0; core < (cfg->n_cpus + tpc - 1u) / tpc; core++) {
            if (u->mt[core] == CF_MT_CLEAR) {
                q->mt_ctr[core][0] = 0u;
                q->mt_ctr[core][1] = 0u;
            } else if (u->mt[core] != CF_MT_HOLD) {
                q->mt_ctr[core][u->mt[core] - CF_MT_BUMP0] += times;
            }
        }
}
