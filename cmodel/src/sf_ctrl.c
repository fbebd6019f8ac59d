/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sf_ctrl.c - unit sf_ctrl: the sampling controls of one CPU (function state
 * A, E, C for basic and diagnostic sampling, S, H, interval, TEAR, DEAR) and
 * the program-parameter registers of the LPAR and the VM level (SF-LPP-1).
 * The controls but A and H are held once per configuration level (the LPAR
 * and the VM set, docs/uarch.md section 22); each step below runs on the set
 * it concerns through one copy per set (sf_set_regs).
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
    static const sf_set_regs zero = {0u, 0u, 0u, 0u, 0u, 0u};
    unsigned l;
    s->a = (uint8_t)(cfg->auth_sf & ARCH_SF_ALL);
    for (l = 0; l < ARCH_LVL_N; l++)
        sf_set_put(s, l, &zero);
    s->h = 0u;
    s->pp = 0u;
    s->pp_vm = 0u;
}

/* A composition step that moves set x from (a, x->e, x->c) to (a1, e1, c1);
 * coverage sees A only where amask is one (the shared A's own moves count
 * once, with the LPAR set). */
static void move(const sf_ctrl_in *in, unsigned amask, unsigned a, sf_set_regs *x, unsigned a1,
                 unsigned e1, unsigned c1, unsigned cause)
{
    cover(in, a & amask, x->e, x->c, a1 & amask, e1, c1, cause);
    x->e = (uint8_t)e1;
    x->c = (uint8_t)c1;
}

void sf_ctrl_eval(const sf_ctrl_state *q, const sf_ctrl_in *in, sf_ctrl_out *out, sf_ctrl_state *d)
{
    const cpumf_cpu_in *io = in->io;
    uint32_t raised = 0u;
    unsigned a = q->a, l, any_active = 0u;
    sf_set_regs x[ARCH_LVL_N];

    *d = *q;
    for (l = 0; l < ARCH_LVL_N; l++)
        x[l] = sf_set_get(q, l);
    /* 1. the update process on its set: register writes, alerts 0 and 1
     * deactivate that set's functions only (SF-LVL-5) */
    {
        sf_set_regs *u = &x[in->upd_lvl & 1u];
        if (in->upd_tear_wr)
            u->tear = in->upd_tear;
        if (in->upd_dear_wr)
            u->dear = in->upd_dear;
        if (in->upd_clear_c)
            move(in, ARCH_SF_ALL, a, u, a, u->e, 0u,
                 (in->upd_alert & CPUMF_AL_INVALID_ENTRY) ? FCOV_C_alert_invalid_entry_address
                                                          : FCOV_C_alert_incorrect_sdbt_entry);
    }
    /* 2. LSCTL with cc 0 on its executing set; H only at the LPAR set */
    if (in->lsctl_valid) {
        unsigned set = in->lsctl_set & 1u;
        sf_set_regs *t = &x[set];
        move(in, ARCH_SF_ALL, a, t, a, in->lsctl_e & ARCH_SF_ALL, in->lsctl_c & ARCH_SF_ALL,
             FCOV_C_lsctl);
        if (set == ARCH_LVL_VM)
            fcov_hit(in->fc, FCOV_RULE_LSCTL_VM);
        if (in->lsctl_load) {
            t->s = in->lsctl_s;
            t->interval = in->lsctl_interval;
            t->tear = in->lsctl_tear;
            t->dear = in->lsctl_dear;
            if (arch_set_has_h(set))
                d->h = in->lsctl_h;
        }
    }
    /* 3. LPP: the register of the CPU's level */
    if (in->lpp_valid) {
        if (in->lpp_vm) {
            d->pp_vm = in->lpp_value;
            fcov_hit(in->fc, FCOV_RULE_LPP_VM);
            if (!q->e_vm)
                fcov_hit(in->fc, FCOV_RULE_LPP_VM_BY_LPAR_SET);
        } else {
            d->pp = in->lpp_value;
        }
    }
    /* 4. loss of sample data: both sets */
    for (l = 0; l < ARCH_LVL_N; l++)
        any_active |= a & x[l].e & x[l].c;
    if ((io->loss_sample & 1u) && any_active) {
        raised |= CPUMF_AL_LOSS_SAMPLE;
        for (l = 0; l < ARCH_LVL_N; l++)
            move(in, ARCH_SF_ALL, a, &x[l], a, x[l].e, 0u, FCOV_C_alert_loss_sample_data);
    }
    /* 5. authorization: shared by both sets */
    if (io->sf_auth_set || io->sf_auth_clr) {
        unsigned lost, a1 = (a | io->sf_auth_set) & ARCH_SF_ALL;
        lost = a1 & io->sf_auth_clr & ARCH_SF_ALL;
        for (l = 0; l < ARCH_LVL_N; l++) {
            if (lost & x[l].e)
                raised |= CPUMF_AL_SF_AUTH;
            move(in, l == ARCH_LVL_LPAR ? ARCH_SF_ALL : x[l].e, a, &x[l], a1 & ~lost,
                 x[l].e & ~lost, x[l].c & ~lost, FCOV_C_auth);
        }
        a = a1 & ~lost;
    }
    /* 6. resets: both sets */
    for (l = 0; l < ARCH_LVL_N; l++) {
        if (io->reset == CPUMF_RESET_CPU)
            move(in, ARCH_SF_ALL, a, &x[l], a, x[l].e, 0u, FCOV_C_reset_cpu);
        else if (arch_reset_clears(io->reset))
            move(in, ARCH_SF_ALL, a, &x[l], a, 0u, 0u, FCOV_C_reset_initial);
    }
    if (arch_reset_clears(io->reset)) {
        d->pp = 0u;
        d->pp_vm = 0u;
    }
    /* 7. per set: no function enabled, its controls are zero (H: the LPAR set's) */
    for (l = 0; l < ARCH_LVL_N; l++) {
        if (!x[l].e) {
            x[l].s = 0u;
            x[l].interval = 0u;
            x[l].tear = 0u;
            x[l].dear = 0u;
            if (arch_set_has_h(l))
                d->h = 0u;
        }
        sf_set_put(d, l, &x[l]);
    }
    d->a = (uint8_t)a;
    out->raised = raised;
}
