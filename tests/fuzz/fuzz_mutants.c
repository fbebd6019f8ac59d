/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_mutants.c - cpumf-regress's reader of the mutant registry
 * (rg_mutants_load: tests/mutants/mutants.md, as the mutants group, the
 * mutant build's package and --rebaseline-mutants read it) on any text, and
 * the reader of a run's ASSERTION lines (rg_log_assertions) on the same
 * text as a log.  The harness runs from the repository root, where the
 * scenarios a row names are found.  A refusal must say where; a registry
 * that loads has its package written (to a temporary directory, removed
 * after).
 */
#include "fuzz.h"
#include "fuzz_plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64], err[1024] = "", *text = fz_text(data, size), *before, *after;
    int fd = fz_file(data, size, path, sizeof path);
    rg_mutants reg;
    if (rg_mutants_load(path, &reg, err, sizeof err) != 0) {
        fz_check_where(err, path);
    } else {
        char *dir = fz_tmpdir(), pkg[4200];
        snprintf(pkg, sizeof pkg, "%s/mf_mutant_pkg.sv", dir);
        if (rg_mutants_write_package(&reg, path, pkg, err, sizeof err) != 0)
            fz_fail("a registry that loads has no package: %s", err);
        fz_rmdir(dir);
        rg_mutants_free(&reg);
    }
    close(fd);
    rg_log_assertions(text, &before, &after);
    if (!*before || !*after)
        fz_fail("an empty list of assertions (\"-\" stands for none)");
    free(before);
    free(after);
    free(text);
    return 0;
}
