/* SPDX-License-Identifier: Apache-2.0 */
/*
 * smp_tool.h - what cpumf-smp's summary and its pictures share:
 * per CPU, the counts and the sorted tallies of the files of that CPU.
 */
#ifndef CPUMF_TOOLS_SMP_SMP_TOOL_H
#define CPUMF_TOOLS_SMP_SMP_TOOL_H

#include <stddef.h>
#include <stdint.h>

#include "smp.h"

/* a tally: how many samples had key */
typedef struct key_count {
    uint64_t key, n;
} key_count;

typedef struct tally {
    key_count *k;
    size_t n, cap;
} tally;

typedef struct cpu_sum {
    int cpu; /* -1: the files' names give none */
    uint64_t samples, lost, invalid, wait, problem, busy, sum_u, buffers;
    uint32_t n_files;
    tally ias;
    /* z/OS: samples with H = 0 and a guest program parameter */
    uint64_t zos, zos_wait;
    tally asids, units; /* units: the parameter without W */
} cpu_sum;

/* Writes DIR/cpu#_hot.png, cpu#_time.png and, with diagnostic timestamps,
 * cpu#_spacing.png for every CPU, all or none.  0, or -1 with a reason in
 * err. */
int smp_plot(const char *dir, const cpu_sum *sums, size_t n_sums, const smp_file *files, int nfiles,
             unsigned long top, char *err, size_t errlen);

#endif
