/* SPDX-License-Identifier: Apache-2.0 */
/*
 * it_baseline.h - the timings of a run as records, and the comparison with
 * a saved run (an earlier --json): a timing moved when its mean differs by
 * more than max(1 cycle, 3 standard deviations, the larger of the two runs').
 */
#ifndef CPUMF_TOOLS_INSTTIME_IT_BASELINE_H
#define CPUMF_TOOLS_INSTTIME_IT_BASELINE_H

#include <stdint.h>
#include <stdio.h>

#include "it_input.h"

typedef struct it_rec {
    unsigned line;
    char inst[IT_TOK], type[IT_TOK];
    uint32_t len[2];
    uint8_t nlen;
    double cycles, sd;
} it_rec;

typedef struct it_baseline {
    unsigned n;
    it_rec *r;
} it_baseline;

/* 0, or -1 with "file:line:col: reason". */
int it_baseline_load(const char *path, it_baseline *b, char *err, size_t errlen);
void it_baseline_free(it_baseline *b);
/* Names on out every timing that moved, is new or is missing (matched in
 * order by instruction, type and lengths); returns how many. */
unsigned it_baseline_compare(const it_baseline *b, const it_rec *cur, unsigned n, FILE *out);
/* The threshold the comparison uses. */
double it_moved_limit(double sd_a, double sd_b);

#endif
