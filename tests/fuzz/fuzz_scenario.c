/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_scenario.c - the scenario reader (tb/scenario) on any file: read,
 * checked and expanded (its random generators included) as cpumf-sim reads
 * it.  The input is the scenario file itself, so the repository's scenarios
 * are the seeds; its length chooses a --seed and a --system override now and
 * then.  A refusal must say where.
 */
#include "fuzz.h"

#include <stdlib.h>
#include <unistd.h>

#include "scenario/scenario.h"

static const char *const systems[8] = {NULL,       NULL,      NULL,           NULL,
                                       "z10-1cpu", "z16-2x2", "z17-4cpu-2cg", "generic-1cpu"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64], err[1024] = "";
    int fd = fz_file(data, size, path, sizeof path);
    const char *system = systems[(size >> 1) % 8];
    tb_scenario *sc =
        tb_scenario_load(path, NULL, (int)(size & 1), size * 2654435761u, system, err, sizeof err);
    close(fd);
    if (!sc)
        fz_check_where(err, path);
    tb_scenario_free(sc);
    return 0;
}
