/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_list.c - cpumf-regress's list reader on any text (rg_plan_list_text):
 * the list parsed, every name checked against the repository's files and
 * expanded into runs, nothing run.  The harness runs from the repository
 * root, as cpumf-regress does.  A refusal must say where.
 */
#include "fuzz.h"
#include "fuzz_plan.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char name[] = "fuzz-list.json";
    char err[1024] = "", *text = fz_text(data, size);
    rg_config cfg;
    rg_plan plan = {0};
    fz_regress_config(&cfg, "build/fuzz-list-out");
    if (rg_plan_list_text(&cfg, name, text, &plan, err, sizeof err) != 0)
        fz_check_where(err, name);
    fz_plan_free(&plan);
    free(text);
    return 0;
}
