/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_plan.h - what the harnesses of cpumf-regress's readers share: the
 * runner's configuration they read with, and freeing the rows they made
 * (cpumf-regress itself keeps its rows until it exits).
 */
#ifndef CPUMF_TESTS_FUZZ_FUZZ_PLAN_H
#define CPUMF_TESTS_FUZZ_FUZZ_PLAN_H

#include "regress.h"

/* build/ and a notional output directory: planning writes nothing. */
void fz_regress_config(rg_config *cfg, const char *out);
void fz_plan_free(rg_plan *plan);

#endif
