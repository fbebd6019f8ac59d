/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_config.c - the model's config loaders on any text.  The first byte
 * chooses: a model file (cpumf_load_model), a system file
 * (cpumf_load_system), or a system given as text with no NUL after it
 * (cpumf_load_system_text), at line 1 column 1 or at a line and column from
 * the next two bytes; the rest is the text.  A refusal must say where; a
 * model that loads names its counters, a system that loads is created and
 * clocked a few idle cycles.
 */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpumf/cpumf.h"

#define IDLE_CYCLES 8

static void run_system(const cpumf_system_cfg *cfg)
{
    char err[512];
    cpumf_sys *s = cpumf_create(cfg, err, sizeof err);
    if (!s)
        fz_fail("the loader took a system that cpumf_create refuses: %s", err);
    cpumf_sys_in in;
    cpumf_sys_out out;
    cpumf_in_idle(&in);
    for (unsigned k = 0; k < IDLE_CYCLES; k++)
        cpumf_step(s, &in, &out);
    cpumf_destroy(s);
}

static void name_counters(const cpumf_model_cfg *m)
{
    for (unsigned n = 0; n < 512; n++)
        if (!cpumf_counter_name(m, n))
            fz_fail("counter %u of model %s has no name", n, m->name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size};
    unsigned how = fz_below(&b, 4);
    unsigned line = how == 3 ? 1 + fz_byte(&b) : 1, col = how == 3 ? 1 + fz_byte(&b) : 1;
    char err[1024] = "", name[64] = "fuzz.json";
    cpumf_system_cfg *sys = calloc(1, sizeof *sys);
    cpumf_model_cfg *model = calloc(1, sizeof *model);
    int rc;
    if (!sys || !model)
        fz_fail("out of memory");
    if (how >= 2) {
        /* exactly the input's bytes: a read past them is a sanitizer report */
        uint8_t *text = malloc(b.n ? b.n : 1);
        if (!text)
            fz_fail("out of memory");
        memcpy(text, b.p, b.n);
        rc = cpumf_load_system_text((const char *)text, b.n, name, line, col, NULL, sys, err,
                                    sizeof err);
        free(text);
    } else {
        int fd = fz_file(b.p, b.n, name, sizeof name);
        rc = how ? cpumf_load_system(name, sys, err, sizeof err)
                 : cpumf_load_model(name, model, err, sizeof err);
        close(fd);
    }
    if (rc != 0)
        fz_check_where(err, name);
    else if (how)
        run_system(sys);
    else
        name_counters(model);
    free(sys);
    free(model);
    return 0;
}
