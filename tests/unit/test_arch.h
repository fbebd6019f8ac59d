/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_arch.h - the configurations and unit steps the tests of the architecture rules
 * (test_arch_*.c) share: a z15 model and a four-CPU z15 system, and the global unit
 * set up and stepped one clock edge.
 */
#ifndef CPUMF_TESTS_UNIT_TEST_ARCH_H
#define CPUMF_TESTS_UNIT_TEST_ARCH_H

#include <stdint.h>
#include <string.h>
#include "cpumf_int.h"

static inline void model_z15(cpumf_model_cfg *m)
{
    memset(m, 0, sizeof *m);
    m->cfvn = 3;
    m->csvn = 6;
    m->fac_lpp = m->fac_cf = m->fac_sf = m->fac_stcctm = 1;
    m->has_cg = 1;
    m->n_ext = 100;
    m->max_cpu_addr = 0x1F;
    m->max_cg_addr = 0x0F;
}

/* cf_state alone on a z15 model: registers, inputs and the CPU's port cleared. */
static inline void cf_state_z15(cpumf_model_cfg *m, cpumf_cpu_in *io, cf_state_state *q,
                                cf_state_in *in)
{
    model_z15(m);
    memset(io, 0, sizeof *io);
    memset(q, 0, sizeof *q);
    memset(in, 0, sizeof *in);
    in->io = io;
    in->m = m;
}

static inline void sys_z15(cpumf_system_cfg *s)
{
    unsigned i;
    memset(s, 0, sizeof *s);
    model_z15(&s->model);
    s->n_cpus = 4;
    s->threads_per_core = 2;
    s->n_cg = 2;
    for (i = 0; i < 4; i++) {
        s->cpu_addr[i] = (uint16_t)(0x10 + i);
        s->cpu_cg[i] = (uint8_t)(i / 2);
    }
    s->cg_addr[0] = 0x0003;
    s->cg_addr[1] = 0xABCD;
    s->auth_cf = 0x6F;
}

/* The global unit's next state, counters included: its clock edge applied to a copy of q. */
static inline void global_step(const cf_global_state *q, const cf_global_in *in, cf_global_state *d)
{
    *d = *q;
    cf_global_eval(q, in, d);
    cf_global_commit(d, d, 1u, in->cfg);
}

/* The global unit of the z15 system, all inputs zero. */
static inline void global_setup(cpumf_system_cfg *s, cpumf_sys_in *sin, cf_global_state *q,
                                cf_global_in *in)
{
    sys_z15(s);
    memset(sin, 0, sizeof *sin);
    memset(q, 0, sizeof *q);
    memset(in, 0, sizeof *in);
    in->cfg = s;
    in->sys = sin;
}

/* cf_counters' inputs with nothing set but the CPU inputs and the model
 * (mask: storage for the model's extended-counter mask). */
static inline void counters_in(cf_counters_in *in, const cpumf_cpu_in *io, const cpumf_model_cfg *m,
                               uint64_t mask[CPUMF_EXT_WORDS])
{
    memset(in, 0, sizeof *in);
    in->io = io;
    in->m = m;
    cf_counters_ext_mask(m, mask);
    in->ext_mask = mask;
}

#endif
