/* SPDX-License-Identifier: Apache-2.0 */
/*
 * parse.h - inside the scenario reader (scenario.h is its outside): the
 * parse context the files of tb/scenario/ share, their typed-value helpers
 * and the parts of a scenario file each of them reads.
 *
 * Every parse function returns 0, or -1 with "file:line:col: reason" in
 * p->err (the message names the member's key where a value is wrong).
 */
#ifndef CPUMF_TB_SCENARIO_PARSE_H
#define CPUMF_TB_SCENARIO_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "json_strict.h"
#include "scenario.h"

typedef struct parse_ctx {
    const jdoc *d;
    tb_scenario *sc;
    char *err;
    size_t errlen;
    uint32_t cap_steps, cap_mem, cap_acts; /* capacities of sc's growing arrays */
    uint64_t dump_bytes;                   /* of the "dump" areas so far */
} parse_ctx;

#define FAIL(node, ...) jdoc_fail(p->d, (node), p->err, p->errlen, __VA_ARGS__)
#define GET(obj, key)   cJSON_GetObjectItemCaseSensitive((obj), (key))

/* ---- parse.c: the scenario's growing arrays, typed values ---- */

/* A zeroed step appended to sc->steps. */
tb_step *scn_new_step(parse_ctx *p);
/* Memory to initialize: len bytes at addr, allocated and left for the caller. */
tb_mem_init *scn_new_mem(parse_ctx *p, uint64_t addr, size_t len);
/* The same with bytes the scenario takes over. */
void scn_add_mem(parse_ctx *p, uint64_t addr, uint8_t *bytes, size_t len);
/* A zeroed activity appended to sc->acts; *idx is its index. */
tb_activity *scn_new_act(parse_ctx *p, uint32_t *idx);

/* "file:l:c: reason" -> "file:l:c: key: reason" when n is an object member;
 * returns -1. */
int scn_qualify(parse_ctx *p, const cJSON *n);
int scn_u64(parse_ctx *p, const cJSON *n, uint64_t lo, uint64_t hi, uint64_t *out);
/* An optional member o.key in [lo, hi]: 1 read, 0 absent (*out as it was),
 * -1 wrong. */
int scn_opt_u64(parse_ctx *p, const cJSON *o, const char *key, uint64_t lo, uint64_t hi,
                uint64_t *out);
int scn_bool(parse_ctx *p, const cJSON *n, uint8_t *out);
int scn_str(parse_ctx *p, const cJSON *n, const char **out);
/* A "cpu" value: an index of the scenario's system. */
int scn_cpu(parse_ctx *p, const cJSON *n, uint8_t *out);
/* o is an object whose keys are all in allowed (NULL-terminated). */
int scn_keys(parse_ctx *p, const cJSON *o, const char *const *allowed);
/* Each element of arr, in order, read by parse; arr must be an array (else
 * "what: expected an array"). */
int scn_each(parse_ctx *p, const cJSON *arr, const char *what,
             int (*parse)(parse_ctx *p, const cJSON *e));
/* A hex string (optional 0x, whole bytes, at most 16 MiB) as new bytes. */
int scn_hex(parse_ctx *p, const cJSON *n, uint8_t **out, size_t *len);
/* Counter-set names (CPUMF_SET_*; one name alone allowed) or, with
 * sampling, sampling-function names (CPUMF_SF_*; an array). */
int scn_set_list(parse_ctx *p, const cJSON *n, int sampling, uint8_t *mask);
/* N or {"min": N, "max": N}. */
int scn_range(parse_ctx *p, const cJSON *n, tb_range *r);
/* Opcode of an instruction name ("LPP" ...), or -1. */
int scn_op_index(const char *name);
/* 1 when every byte of [addr, addr + len) is in the system's storage. */
int scn_range_available(const cpumf_system_cfg *cfg, uint64_t addr, size_t len);

/* ---- the parts of a scenario file ---- */

/* memory.c: "memory", "dump"; the address of one dump entry (keys checked). */
int scn_parse_memory(parse_ctx *p, const cJSON *arr);
int scn_parse_mem_entry(parse_ctx *p, const cJSON *e);
int scn_parse_dumps(parse_ctx *p, const cJSON *arr);
int scn_dump_addr(parse_ctx *p, const cJSON *e, const char *const *allowed, uint64_t *addr);

/* steps.c: one element of "steps". */
int scn_parse_step(parse_ctx *p, const cJSON *o);

/* expect.c: a step's "expect" and the expectations at the end of the run. */
int scn_parse_insn_expect(parse_ctx *p, const cJSON *n, tb_step *st);
int scn_parse_expect_final(parse_ctx *p, const cJSON *o);
int scn_parse_expect_intr(parse_ctx *p, const cJSON *arr);
int scn_parse_icounts(parse_ctx *p, const cJSON *arr);
int scn_parse_expect_dumps(parse_ctx *p, const cJSON *arr);
/* "expect_relations": true (every relation of the model), false, or names. */
int scn_parse_expect_relations(parse_ctx *p, const cJSON *n);

/* driver_cfg.c: "drivers"; then their storage, above every other memory. */
int scn_parse_drivers(parse_ctx *p, const cJSON *arr);
int scn_layout_drivers(parse_ctx *p, const cJSON *arr);

/* gen_counters.c: "random": its options, then the steps it appends after
 * the scenario's own (made from the scenario's effective seed). */
int scn_random(parse_ctx *p, const cJSON *o);

#endif
