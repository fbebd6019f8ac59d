/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_insttime.c - cpumf-insttime's input reader on any text
 * (it_input_parse), with the z15 program workload's timing table so that
 * instruction lines naming its instructions are accepted too.  Nothing runs.
 * A refusal must say where.
 */
#include "fuzz.h"
#include "insttime/it_input.h"

#include <stdlib.h>

/* The table, read once for the whole run (libFuzzer's entry points carry no
 * context); only read after LLVMFuzzerInitialize. */
static tb_timing timing;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    char err[1024] = "";
    (void)argc;
    (void)argv;
    if (tb_timing_load("configs/timing/z15.json", &timing, err, sizeof err) != 0)
        fz_fail("the timing table does not load: %s", err);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char name[] = "fuzz.insttime";
    char err[1024] = "", *text = fz_text(data, size);
    it_input in = {0};
    if (it_input_parse(name, text, &timing, &in, err, sizeof err) != 0)
        fz_check_where(err, name);
    it_input_free(&in);
    free(text);
    return 0;
}
