/* SPDX-License-Identifier: Apache-2.0 */
/*
 * program.h - the program workload: a loop of named instructions at real
 * instruction addresses, each taking the cycles and causing the cache and
 * TLB events that a per-model timing table (configs/timing/MODEL.json) gives
 * it, so that what the counters and the samples measure is known exactly.
 *
 * An execution of an instruction of lengths L1 and L2 takes
 * round(a + b * L1 + c * L2) cycles (at least 1); it completes in its last
 * cycle (one instruction, one unique cycle with one unique instruction: the
 * sampling point); its L1 misses are
 * directory writes in its first cycles, each followed by its penalty cycles;
 * its extended-counter events fall in its first cycles, at most 15 a cycle.
 */
#ifndef CPUMF_TB_STIMULUS_PROGRAM_H
#define CPUMF_TB_STIMULUS_PROGRAM_H

#include <stdint.h>

#include "cpumf/cpumf.h"
#include "insn_set.h"
#include "json_strict.h"

#define TB_PROG_MAX_INSN 48 /* instructions of a timing table */
#define TB_PROG_MAX_LOOP 32 /* instructions of a loop */
#define TB_PROG_MAX_EXT  8  /* extended counters one instruction counts */
#define TB_PROG_NAME     16
#define TB_PROG_MAX_CYC  100000u /* cycles of one execution */

typedef struct tb_timing_insn {
    char name[TB_PROG_NAME];
    const tb_insn_def *def;         /* the instruction: its format and lengths */
    uint8_t ilen;                   /* instruction length in bytes: 2, 4 or 6 */
    double a, b, c;                 /* cycles = a + b * L1 + c * L2 */
    uint16_t l1_miss[2], l1_pen[2]; /* [0] I, [1] D: misses, penalty cycles of each */
    uint8_t n_ext;
    uint16_t ext_k[TB_PROG_MAX_EXT]; /* extended counter 128 + k */
    uint16_t ext_n[TB_PROG_MAX_EXT]; /* its events per execution */
} tb_timing_insn;

typedef struct tb_timing {
    char model[32];
    unsigned n;
    tb_timing_insn insn[TB_PROG_MAX_INSN];
} tb_timing;

/* One instruction of the loop, resolved against the timing table. */
typedef struct tb_prog_insn {
    uint8_t insn;    /* index in the table */
    int8_t problem;  /* 0, 1, or -1: the workload's level */
    uint32_t len[2]; /* L1 and L2, the operand lengths the cycles depend on (0: none) */
    uint32_t cycles; /* of one execution */
    uint64_t ia;     /* its address */
} tb_prog_insn;

typedef struct tb_program_cfg {
    uint8_t n; /* instructions in the loop; 0: not a program workload */
    tb_timing timing;
    tb_prog_insn loop[TB_PROG_MAX_LOOP];
} tb_program_cfg;

typedef struct tb_program_cpu {
    uint8_t at; /* instruction of the loop running */
    uint32_t k; /* its cycle */
} tb_program_cpu;

/* Strict parse of a timing table; 0 or -1 with "file:line:col: reason". */
int tb_timing_from_json(const jdoc *d, const cJSON *obj, tb_timing *out, char *err, size_t errlen);
int tb_timing_load(const char *path, tb_timing *out, char *err, size_t errlen);
/* Index of the instruction called name, or -1. */
int tb_timing_find(const tb_timing *t, const char *name);
/* Cycles of one execution at lengths l1 and l2 (0 for a length the
 * instruction does not take), or 0 when out of range (below 1 or above
 * TB_PROG_MAX_CYC) or its events do not fit them. */
uint32_t tb_timing_cycles(const tb_timing_insn *t, uint32_t l1, uint32_t l2);

/* The workload's "program" member: {"timing": MODEL, "ia": ADDR, "loop": [...]};
 * the table is configs_dir/timing/MODEL.json (NULL: the default configs). */
int tb_program_from_json(const jdoc *d, const cJSON *obj, const char *configs_dir,
                         tb_program_cfg *out, char *err, size_t errlen);

/* The activity of cycle k (0 .. cycles-1) of one execution of t: insns, uniq,
 * L1 and extended events, ia and (problem >= 0) problem.  Clears the events first. */
void tb_program_cycle(const tb_timing_insn *t, uint32_t cycles, uint32_t k, int problem,
                      uint64_t ia, cpumf_cpu_in *in);
/* One cycle of the loop for a CPU not in the wait state; a waiting CPU's
 * activity is left as it is (no instruction runs). */
void tb_program_step(const tb_program_cfg *p, tb_program_cpu *c, cpumf_cpu_in *in);

#endif
