/* SPDX-License-Identifier: Apache-2.0 */
/* model_backend.c - the plain C model as the runner's backend (backend.h). */
#include "backend.h"

static int model_eval(void *ctx, uint64_t cycle, const cpumf_sys_in *in, cpumf_sys_out *out)
{
    (void)cycle;
    cpumf_eval((cpumf_sys *)ctx, in, out);
    return 0;
}

static void model_commit(void *ctx)
{
    cpumf_commit((cpumf_sys *)ctx);
}

static void model_observe(void *ctx, cpumf_obs *obs)
{
    cpumf_observe((const cpumf_sys *)ctx, obs);
}

static uint64_t model_quiet_cycles(void *ctx, const cpumf_sys_in *in, cpumf_sys_out *out)
{
    return cpumf_cycles_to_next_event((const cpumf_sys *)ctx, in, out);
}

static int model_advance(void *ctx, const cpumf_sys_in *in, uint64_t n, cpumf_sys_out *out)
{
    return cpumf_advance((cpumf_sys *)ctx, in, n, out);
}

static void model_destroy(void *ctx)
{
    (void)ctx;
}

tb_backend tb_model_backend(cpumf_sys *sys)
{
    tb_backend be;
    be.ctx = sys;
    be.eval = model_eval;
    be.commit = model_commit;
    be.observe = model_observe;
    be.attach_storage = 0;
    be.destroy = model_destroy;
    be.mem_write = 0;
    be.quiet_cycles = model_quiet_cycles;
    be.advance = model_advance;
    be.model = sys;
    be.failed = 0;
    return be;
}
