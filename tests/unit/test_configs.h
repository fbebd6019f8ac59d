/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_configs.h - where the unit tests that read configs/ find it, the
 * machine models there, and loading one.
 */
#ifndef CPUMF_TESTS_UNIT_TEST_CONFIGS_H
#define CPUMF_TESTS_UNIT_TEST_CONFIGS_H

#include <check.h>
#include <stdlib.h>

#include "config_int.h"

/* The Makefile passes CPUMF_CONFIGS_DEFAULT (absolute configs/ path), so the
 * tests run from any directory; CPUMF_TEST_CONFIGS overrides it. */
#ifndef TEST_CONFIGS_DIR
#ifdef CPUMF_CONFIGS_DEFAULT
#define TEST_CONFIGS_DIR CPUMF_CONFIGS_DEFAULT
#else
#define TEST_CONFIGS_DIR "configs"
#endif
#endif

static inline const char *configs_dir(void)
{
    const char *e = getenv("CPUMF_TEST_CONFIGS");
    return (e && *e) ? e : TEST_CONFIGS_DIR;
}

static const char *const all_models[] = {"z10", "z196", "zEC12", "z13",    "z14",
                                         "z15", "z16",  "z17",   "generic"};
#define N_MODELS (sizeof all_models / sizeof all_models[0])

static inline void load_model(const char *name, cpumf_model_cfg *m)
{
    char err[512];
    int r = cfg_model_by_name(configs_dir(), name, m, err, sizeof err);
    ck_assert_msg(r == 0, "model %s: %s", name, err);
}

#endif
