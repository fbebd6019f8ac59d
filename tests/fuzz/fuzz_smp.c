/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_smp.c - the .SMP reader (common/smp.c) on any file, then cpumf-smp
 * itself (tools/smp/smp_main.c, its main built as cpumf_smp_main) on a file
 * the reader took: the summary, the samples, text or JSON, one file or the
 * same file twice (two files of one CPU).  The input is the .SMP file, so
 * real ones are the seeds; its length chooses the options.  A refusal of
 * this binary format names the file first ("FILE: reason"; the entries say
 * their offset).
 */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smp.h"

int cpumf_smp_main(int argc, char **argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* cpumf-smp's report is not looked at; libFuzzer writes to stderr */
    if (!freopen("/dev/null", "w", stdout))
        fz_fail("cannot send the standard output to /dev/null");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64], err[1400] = "", top[16];
    int fd = fz_file(data, size, path, sizeof path);
    smp_file f;
    size_t n = strlen(path);
    if (smp_load(path, &f, err, sizeof err) != 0) {
        if (strncmp(err, path, n) || err[n] != ':' || err[n + 1] != ' ' || !err[n + 2])
            fz_fail("a refusal without \"FILE: reason\": \"%s\"", err);
    } else {
        smp_free(&f);
        snprintf(top, sizeof top, "%zu", (size >> 3) % 12);
        char *argv[8] = {"cpumf-smp", "--top", top, path};
        int argc = 4;
        if (size & 1)
            argv[argc++] = "--json";
        if (size & 2)
            argv[argc++] = "--list";
        if (size & 4)
            argv[argc++] = path;
        fflush(stdout);
        if (cpumf_smp_main(argc, argv) != 0)
            fz_fail("cpumf-smp failed on a file the reader took");
    }
    close(fd);
    return 0;
}
