/* SPDX-License-Identifier: Apache-2.0 */
/*
 * parse.h - the readers the stimulus files share (workloads, event models):
 * a probability, a [MIN, MAX] range and a number, each failing with
 * "file:line:col: key: reason" for an object member.
 */
#ifndef CPUMF_TB_STIMULUS_PARSE_H
#define CPUMF_TB_STIMULUS_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "json_strict.h"

/* A probability (JSON number 0..1) as a threshold of 2^32: 0 or -1. */
int tb_parse_rate(const jdoc *d, const cJSON *n, uint64_t *out, char *err, size_t errlen);
/* [MIN, MAX] within [lo, hi]: 0 or -1. */
int tb_parse_range(const jdoc *d, const cJSON *n, uint64_t lo, uint64_t hi, uint16_t *a,
                   uint16_t *b, char *err, size_t errlen);
/* A number within [lo, hi]: 0 or -1. */
int tb_parse_u64(const jdoc *d, const cJSON *n, uint64_t lo, uint64_t hi, uint64_t *out, char *err,
                 size_t errlen);
/* The key of member n put into the reason already in err ("file:l:c: reason"
 * -> "file:l:c: key: reason"); -1. */
int tb_parse_qualify(const cJSON *n, char *err, size_t errlen);

#endif
