/* SPDX-License-Identifier: Apache-2.0 */
/*
 * it_profile.h - cpumf-insttime --profile: what the samples of a program
 * workload measure against the truth the timing table gives.  The samples
 * are the .SMP files a scenario's sampler driver wrote (--smp-dir) for the
 * scenario's first CPU; the truth is the scenario's program loop.
 *
 * CPI from the samples: busy samples (W = 0) over the sum of U in them.  At
 * every cycle of the program one instruction is at the sampling point with
 * probability instructions/cycles (each completes in one unique cycle with
 * U = 1), so a sample's U has mean instructions/cycles and the estimator
 * tends to cycles/instructions, the CPI of the counters.
 *
 * Per instruction address: its share of the busy samples against its share
 * of the loop's cycles, with the binomial standard deviation of the share.
 */
#ifndef CPUMF_TOOLS_INSTTIME_IT_PROFILE_H
#define CPUMF_TOOLS_INSTTIME_IT_PROFILE_H

#include <stdio.h>

typedef struct it_profile_opts {
    const char *scenario, *smp_dir, *configs;
    double cpi_pct; /* > 0: the sampled CPI within this % of the program's */
    double z_max;   /* > 0: every address's share within z_max deviations */
} it_profile_opts;

/* 0 within the bounds, 1 outside, 2 bad input (message on stderr). */
int it_profile(const it_profile_opts *o, FILE *out);

#endif
