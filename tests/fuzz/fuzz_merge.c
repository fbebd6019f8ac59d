/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_merge.c - the reader of cpumf-regress --merge and --resume on any text
 * (rg_report_load_text: a report's results.json), then what the merge does
 * with the rows it took: results.json, junit.xml and summary.md written
 * again (into a temporary directory, removed after).  A refusal must say
 * where.
 */
#include "fuzz.h"
#include "fuzz_plan.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char name[] = "shard/results.json";
    char err[1024] = "", *text = fz_text(data, size);
    rg_report rep = {0};
    if (rg_report_load_text(name, text, &rep, err, sizeof err) != 0) {
        fz_check_where(err, name);
    } else {
        char *out = fz_tmpdir();
        rg_config cfg;
        fz_regress_config(&cfg, out);
        rg_report_meta meta = {&rep.plan, "fuzz", rep.wall, "Not collected.\n", NULL, NULL, 0};
        if (rg_write_outputs(&cfg, &rep.rows, &meta) != 0)
            fz_fail("cannot write the merged report into %s", out);
        fz_rmdir(out);
    }
    rg_report_free(&rep);
    free(text);
    return 0;
}
