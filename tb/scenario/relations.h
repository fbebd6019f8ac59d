/* SPDX-License-Identifier: Apache-2.0 */
/*
 * relations.h - the relations between a model's counters ("relations" and
 * "cycles" of configs/events/MODEL.json, docs/extended-counters.md): read
 * strictly, then evaluated on the counters of one CPU.
 *
 * A relation is a comparison of two sums of counters, written as text:
 * "c2 - (c128 + c130 + c132 + c135) >= 0", "c143 <= c0",
 * "c202 + c203 == c0" (terms cN and non-negative integers, + and -,
 * parentheses; <=, >= or ==).  Besides those of the file, every model has
 * "undefined" (each extended counter it leaves undefined reads 0) and, for
 * each counter of "cycles", "cycles_N" (cN <= c0: it adds at most one in a
 * cycle, and only in cycles outside the wait state).
 */
#ifndef CPUMF_TB_SCENARIO_RELATIONS_H
#define CPUMF_TB_SCENARIO_RELATIONS_H

#include <stdint.h>

#include "cpumf/cpumf.h"
#include "json_strict.h"

#define TB_REL_MAX   64 /* relations per model */
#define TB_REL_TERMS 48 /* counters per relation */

enum tb_rel_op { TB_REL_LE, TB_REL_GE, TB_REL_EQ, TB_REL_UNDEFINED };
/* Where a relation comes from: the document states it, follows from its
 * definitions, or is this project's event model (docs/extended-counters.md). */
enum tb_rel_basis { TB_REL_STATED, TB_REL_IMPLIED, TB_REL_DESIGN };

typedef struct tb_rel_term {
    uint16_t num;
    int8_t sign; /* +1: on the left of the comparison, -1: on the right */
} tb_rel_term;

typedef struct tb_relation {
    char name[40];
    char text[400];
    uint8_t op, basis, n;
    tb_rel_term t[TB_REL_TERMS];
    uint64_t k_left, k_right; /* the integers of each side */
} tb_relation;

typedef struct tb_relations {
    uint32_t n;
    tb_relation r[TB_REL_MAX];
} tb_relations;

/* The relations of an events file's root for model m; 0, or -1 with
 * "file:line:col: reason" (in a relation's text, the column of the token). */
int tb_relations_from_json(const jdoc *d, const cJSON *root, const cpumf_model_cfg *m,
                           tb_relations *out, char *err, size_t errlen);
/* Index of the relation named name, or -1. */
int tb_relation_index(const tb_relations *rs, const char *name);

/* The value of counter num of the CPU: 1 and *v, or 0 when unreadable. */
typedef int tb_rel_get(void *ctx, unsigned num, uint64_t *v);
/* Evaluate r on model m: 1 holds, 0 fails, -1 a counter could not be read
 * (*num is it).  *left and *right are the sides' sums (for "undefined": the
 * value and number of an undefined counter that counted, and 0). */
int tb_relation_eval(const tb_relation *r, const cpumf_model_cfg *m, tb_rel_get *get, void *ctx,
                     uint64_t *left, uint64_t *right, unsigned *num);
/* "<=", ">=", "==", "== 0"; "stated", "implied", "design". */
const char *tb_relation_op_name(unsigned op);
const char *tb_relation_basis_name(unsigned basis);

#endif
