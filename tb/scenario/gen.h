/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gen.h - inside the "random" generators: the sampling generator (gen_sampling.c) as the
 * counter generator (gen_counters.c) drives it, both drawing from gen_rng.h.
 */
#ifndef CPUMF_TB_SCENARIO_GEN_H
#define CPUMF_TB_SCENARIO_GEN_H

#include <stdint.h>

#include "gen_rng.h"
#include "parse.h"

/* Candidate addresses a storage search of the generators tries before it
 * gives up (4 GiB in 1 MiB slots, 256 MiB in 64 KiB regions). */
#define GEN_SEARCH_MAX 4096u

/* "random": {"sampling": ...} */
typedef struct sampling_opts {
    uint8_t on, buffers; /* buffers: bit 0 "4k", bit 1 "1m" */
    uint32_t topologies, malformed_pm, share;
    uint64_t imin, imax;
} sampling_opts;

int sfg_parse_opts(parse_ctx *p, const cJSON *o, sampling_opts *so);

typedef struct sfg sfg;

/* The generator with its memory written (above `above`, room for `insns`
 * steps); NULL when the system's storage has no room for it. */
sfg *sfg_create(parse_ctx *p, gen_rng *g, const sampling_opts *so, uint64_t above, uint64_t insns);
void sfg_destroy(sfg *s);
/* Makes st (new, with its cycle and CPU) a sampling step; stopped[] is the
 * CPUs' stopped state as the steps so far leave it.  1: an instruction. */
int sfg_step(sfg *s, parse_ctx *p, gen_rng *g, tb_step *st, uint8_t *stopped);
/* 1 when st would end or stop a sampling activation that is being left
 * alone for a few intervals on its CPU: the caller drops it. */
int sfg_holds(const sfg *s, const tb_step *st);

#endif
