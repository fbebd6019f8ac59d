/* SPDX-License-Identifier: Apache-2.0 */
/*
 * it_stats.h - the statistics of cpumf-insttime: running mean, variance and
 * standard deviation of the collected timings, and the least-squares line
 * TIME = a + b * LENGTH with its correlation coefficient.  Pure functions.
 */
#ifndef CPUMF_TOOLS_INSTTIME_IT_STATS_H
#define CPUMF_TOOLS_INSTTIME_IT_STATS_H

#define IT_STATS_MAX 4096 /* timings one collection holds */

typedef struct it_stats {
    unsigned n;
    double t[IT_STATS_MAX];      /* times */
    double len[2][IT_STATS_MAX]; /* L1 (or the single length) and L2 */
} it_stats;

typedef struct it_fit {
    double a, b, cc;
} it_fit;

void it_stats_reset(it_stats *s);
/* 0, or -1 when the collection is full. */
int it_stats_add(it_stats *s, double time, double l1, double l2);
/* Mean, population variance and standard deviation (0 when empty). */
void it_stats_moments(const it_stats *s, double *mean, double *var, double *sd);
/* Least squares of the times on length `which` (0: L1 or the single length,
 * 1: L2) over at least three timings: 0, or -1 when fewer or when every
 * length is the same. */
int it_stats_linreg(const it_stats *s, int which, it_fit *f);
double it_fit_predict(const it_fit *f, double length);
/* x cut (toward zero) to `digits` decimals, as the document prints its figures. */
double it_trunc(double x, int digits);

#endif
