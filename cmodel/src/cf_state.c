/*
 * cf_state.c - unit cf_state: the local counter-set-state control register
 * of one CPU (A, E, C per CPU counter set and the coprocessor-group A); the
 * sampling controls are sf_ctrl's.  Next state is
 * composed in the fixed order of docs/uarch.md section 7 (per CPU state).
 */
#include "cpumf_int.h"

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
    unsigned a = q->a, e = q->e, c = q->c;
    arch_auth_result r;

    *d = *q;
    /* 1. the instruction in EXEC */
    if (in->lcctl_valid) {
        e = in->lcctl_e;
        c = in->lcctl_c;
    }
    /* 2. SIGP set-multithreading */
    if (in->sigp_valid) {
        if (in->sigp_enable) {
            if (a & CPUMF_SET_MT) {
                e |= CPUMF_SET_MT;
                c |= CPUMF_SET_MT;
            }
        } else {
            e &= ~CPUMF_SET_MT;
            c &= ~CPUMF_SET_MT;
        }
    }
    /* 3. loss of CPU counter data */
    if (io->loss_cpu) {
        r = arch_loss_cpu(a, e, c, io->loss_cpu);
        c = r.c;
        raised |= r.raised;
    }
    /* 4. loss of MT counter data */
    if (io->loss_mt && (a & e & c & CPUMF_SET_MT))
        raised |= ARCH_AL_LOSS_MT;
    /* 5. authorization */
    if (io->auth_set || io->auth_clr) {
        r = arch_auth_change(a, e, c, io->auth_set, io->auth_clr);
        a = r.a;
        e = r.e;
        c = r.c;
        raised |= r.raised;
        if (io->auth_set & CPUMF_AUTH_CG)
            d->cg_a = 1u;
        if ((io->auth_clr & CPUMF_AUTH_CG) && d->cg_a) {
            if (in->g_e)
                raised |= ARCH_AL_CF_AUTH;
            d->cg_a = 0u;
        }
    }
    /* 6. resets (never the MT set, never authorization) */
    switch (io->reset) {
    case CPUMF_RESET_CPU:
        c &= CPUMF_SET_MT;
        break;
    case CPUMF_RESET_INITIAL_CPU:
    case CPUMF_RESET_CLEAR:
    case CPUMF_RESET_POWER_ON:
        e &= CPUMF_SET_MT;
        c &= CPUMF_SET_MT;
        break;
    default:
        break;
    }
    d->a = (uint8_t)a;
    d->e = (uint8_t)e;
    d->c = (uint8_t)c;
    out->raised = raised;
}
