/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cf_state.c - unit cf_state: the local counter-set-state control register
 * of one CPU (A, E, C per CPU counter set and the coprocessor-group A); the
 * sampling controls are sf_ctrl's.  Next state is
 * composed in the fixed order of docs/uarch.md section 7 (per CPU state).
 */
#include "cpumf_int.h"

/* Coverage of one composition step that moved the masks from (a, e, c). */
static inline void cover(const cf_state_in *in, unsigned a, unsigned e, unsigned c, unsigned a1,
                         unsigned e1, unsigned c1, unsigned cause)
{
    fcov_aec from = {a, e, c}, to = {a1, e1, c1};
    fcov_step(in->fc, FCOV_EV_CF, from, to, cause);
}

/* Mask x with the MT-diagnostic set's bit as authorization a and
 * multithreading mt give it. */
static unsigned with_mt(unsigned x, unsigned a, unsigned mt)
{
    return (x & ~(unsigned)CPUMF_SET_MT) | arch_mt_controls(a, mt);
}

/* State of the coprocessor-group sets as a CPU with authorization cg_a sees them. */
static unsigned cg_state(unsigned cg_a, const cf_state_in *in)
{
    return fcov_state_of(cg_a, in->g_e, in->g_c);
}

void cf_state_power_on(const cpumf_system_cfg *cfg, cf_state_state *s)
{
    s->a = (uint8_t)(cfg->auth_cf & ARCH_SETS_ALL & ~CPUMF_SET_RSVD);
    s->cg_a = (uint8_t)((cfg->auth_cf & CPUMF_AUTH_CG) ? 1u : 0u);
    s->e = 0u;
    s->c = 0u;
    if (cfg->mt_enabled && cfg->model.csvn > 3u && (s->a & CPUMF_SET_MT)) {
        s->e = CPUMF_SET_MT;
        s->c = CPUMF_SET_MT;
    }
}

void cf_state_eval(const cf_state_state *q, const cf_state_in *in, cf_state_out *out,
                   cf_state_state *d)
{
    const cpumf_cpu_in *io = in->io;
    uint32_t raised = 0u;
    unsigned a = q->a, e = q->e, c = q->c, mt = in->mt;
    arch_auth_result r;

    *d = *q;
    /* 1. the instruction in EXEC */
    if (in->lcctl_valid) {
        cover(in, a, e, c, a, in->lcctl_e, in->lcctl_c, FCOV_C_lcctl);
        e = in->lcctl_e;
        c = in->lcctl_c;
    }
    /* 2. SIGP set-multithreading: the MT set follows multithreading */
    if (in->sigp_valid) {
        unsigned e0 = e, c0 = c;
        mt = in->sigp_enable;
        e = with_mt(e, a, mt);
        c = with_mt(c, a, mt);
        cover(in, a, e0, c0, a, e, c, FCOV_C_sigp_mt);
    }
    /* 3. loss of CPU counter data */
    if (io->loss_cpu) {
        r = arch_loss_cpu(a, e, c, io->loss_cpu);
        cover(in, a, e, c, a, e, r.c, FCOV_C_alert_loss_cpu_counter_data);
        c = r.c;
        raised |= r.raised;
    }
    /* 4. loss of MT counter data */
    if (io->loss_mt && (a & e & c & CPUMF_SET_MT))
        raised |= CPUMF_AL_LOSS_MT;
    /* 5. authorization; the MT set authorized while multithreading is
     * enabled is active at once (MT-2) */
    if (io->auth_set || io->auth_clr) {
        r = arch_auth_change(a, e, c, io->auth_set, io->auth_clr);
        r.e = with_mt(r.e, r.a, mt);
        r.c = with_mt(r.c, r.a, mt);
        cover(in, a, e, c, r.a, r.e, r.c, FCOV_C_auth);
        a = r.a;
        e = r.e;
        c = r.c;
        raised |= r.raised;
        if ((io->auth_set & CPUMF_AUTH_CG) && !d->cg_a) {
            d->cg_a = 1u;
            if (in->m->has_cg)
                fcov_transition(in->fc, FCOV_U_counter_cg, FCOV_S_unauthorized, cg_state(1u, in),
                                FCOV_C_auth);
        }
        if ((io->auth_clr & CPUMF_AUTH_CG) && d->cg_a) {
            if (in->g_e)
                raised |= CPUMF_AL_CF_AUTH;
            d->cg_a = 0u;
            if (in->m->has_cg)
                fcov_transition(in->fc, FCOV_U_counter_cg, cg_state(1u, in), FCOV_S_unauthorized,
                                FCOV_C_auth);
        }
    }
    /* 6. resets (never an authorization); the MT set only through the end
     * of multithreading, by a reset on any CPU (MT-2) */
    if (io->reset == CPUMF_RESET_CPU) {
        cover(in, a, e, c, a, e, c & CPUMF_SET_MT, FCOV_C_reset_cpu);
        c &= CPUMF_SET_MT;
    } else if (arch_reset_clears(io->reset)) {
        cover(in, a, e, c, a, e & CPUMF_SET_MT, c & CPUMF_SET_MT, FCOV_C_reset_initial);
        e &= CPUMF_SET_MT;
        c &= CPUMF_SET_MT;
    }
    if (in->mt_ended) {
        cover(in, a, e, c, a, with_mt(e, a, 0u), with_mt(c, a, 0u), FCOV_C_reset_ends_mt);
        e = with_mt(e, a, 0u);
        c = with_mt(c, a, 0u);
    }
    d->a = (uint8_t)a;
    d->e = (uint8_t)e;
    d->c = (uint8_t)c;
    out->raised = raised;
}
