/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sf_ctrl.c - unit sf_ctrl: the sampling controls of one CPU (function state
 * A, E, C for basic and diagnostic sampling, S, H, interval, TEAR, DEAR) and
 * the program-parameter registers of the LPAR and the VM level (SF-LPP-1).
 * Next state is composed in the fixed order
 * of docs/uarch.md section 20 (steps 1-7; step 7 of the interval counts is
 * sf_interval_disable, applied by mf_cpu).
 */
#include "cpumf_int.h"

/* Coverage of one composition step that moved the masks from (a, e, c). */
static inline void cover(const sf_ctrl_in *in, unsigned a, unsigned e, unsigned c, unsigned a1,
                         unsigned e1, unsigned c1, unsigned cause)
{
    fcov_aec from = {a, e, c}, to = {a1, e1, c1};
    fcov_step(in->fc, FCOV_EV_SF, from, to, cause);
}

void sf_ctrl_power_on(const cpumf_system_cfg *cfg, sf_ctrl_state *s)
{
    s->a = (uint8_t)(cfg->auth_sf & ARCH_SF_ALL);
    s->e = 0u;
    s->c = 0u;
    s->s = 0u;
    s->h = 0u;
    s->interval = 0u;
    s->tear = 0u;
    s->dear = 0u;
    s->pp = 0u;
    s->pp_vm = 0u;
}

void sf_ctrl_eval(const sf_ctrl_state *q, const sf_ctrl_in *in, sf_ctrl_out *out, sf_ctrl_state *d)
{
    const cpumf_cpu_in *io = in->io;
    uint32_t raised = 0u;
    unsigned a = q->a, e = q->e, c = q->c;

    *d = *q;
    /* 1. the update process: register writes, alerts 0 and 1 deactivate */
    if (in->upd_tear_wr)
        d->tear = in->upd_tear;
    if (in->upd_dear_wr)
        d->dear = in->upd_dear;
    if (in->upd_clear_c) {
        cover(in, a, e, c, a, e, 0u,
              (in->upd_alert & CPUMF_AL_INVALID_ENTRY) ? FCOV_C_alert_invalid_entry_address
                                                       : FCOV_C_alert_incorrect_sdbt_entry);
        c = 0u;
    }
    /* 2. LSCTL with cc 0 */
    if (in->lsctl_valid) {
        cover(in, a, e, c, a, in->lsctl_e & ARCH_SF_ALL, in->lsctl_c & ARCH_SF_ALL, FCOV_C_lsctl);
        e = in->lsctl_e & ARCH_SF_ALL;
        c = in->lsctl_c & ARCH_SF_ALL;
        if (in->lsctl_load) {
            d->s = in->lsctl_s;
            d->h = in->lsctl_h;
            d->interval = in->lsctl_interval;
            d->tear = in->lsctl_tear;
            d->dear = in->lsctl_dear;
        }
    }
    /* 3. LPP: the register of the CPU's level */
    if (in->lpp_valid) {
        if (in->lpp_vm) {
            d->pp_vm = in->lpp_value;
            fcov_hit(in->fc, FCOV_RULE_LPP_VM);
        } else {
            d->pp = in->lpp_value;
        }
    }
    /* 4. loss of sample data */
    if ((io->loss_sample & 1u) && (a & e & c)) {
        raised |= CPUMF_AL_LOSS_SAMPLE;
        cover(in, a, e, c, a, e, 0u, FCOV_C_alert_loss_sample_data);
        c = 0u;
    }
    /* 5. authorization */
    if (io->sf_auth_set || io->sf_auth_clr) {
        unsigned lost, a1 = (a | io->sf_auth_set) & ARCH_SF_ALL;
        lost = a1 & io->sf_auth_clr & ARCH_SF_ALL;
        if (lost & e)
            raised |= CPUMF_AL_SF_AUTH;
        cover(in, a, e, c, a1 & ~lost, e & ~lost, c & ~lost, FCOV_C_auth);
        a = a1 & ~lost;
        e &= ~lost;
        c &= ~lost;
    }
    /* 6. resets */
    if (io->reset == CPUMF_RESET_CPU) {
        cover(in, a, e, c, a, e, 0u, FCOV_C_reset_cpu);
        c = 0u;
    } else if (arch_reset_clears(io->reset)) {
        cover(in, a, e, c, a, 0u, 0u, FCOV_C_reset_initial);
        e = 0u;
        c = 0u;
        d->pp = 0u;
        d->pp_vm = 0u;
    }
    /* 7. no function enabled: the controls are zero */
    if (!e) {
        d->s = 0u;
        d->h = 0u;
        d->interval = 0u;
        d->tear = 0u;
        d->dear = 0u;
    }
    d->a = (uint8_t)a;
    d->e = (uint8_t)e;
    d->c = (uint8_t)c;
    out->raised = raised;
}
