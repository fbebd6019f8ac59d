/* SPDX-License-Identifier: Apache-2.0 */
/*
 * unit_main.h - what the main of every unit test binary (tests/unit/test_*.c) does:
 * run its suite and exit with status 1 when any test failed.
 */
#ifndef CPUMF_TESTS_UNIT_UNIT_MAIN_H
#define CPUMF_TESTS_UNIT_UNIT_MAIN_H

#include <check.h>

static inline int unit_run(Suite *s)
{
    SRunner *sr = srunner_create(s);
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}

#endif
