/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_plan.c - the cpumf-regress harnesses' shared part (fuzz_plan.h). */
#include "fuzz_plan.h"

#include <stdlib.h>
#include <string.h>

void fz_regress_config(rg_config *cfg, const char *out)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->build = "build";
    cfg->out = out;
    cfg->jobs = 1;
    cfg->triage = 1;
    cfg->build_seconds = -1;
}

void fz_plan_free(rg_plan *plan)
{
    for (size_t i = 0; i < plan->n; i++)
        rg_run_free(plan->runs[i]);
    free(plan->runs);
    memset(plan, 0, sizeof *plan);
}
