/* SPDX-License-Identifier: Apache-2.0 */
/*
 * it_input.h - the input of cpumf-insttime: one statement a line, keywords
 * in column 1 (docs/insttime.md): "*" comments, SPIN=nnnnnnn,
 * BCTS=nnnnnnn, STATS ON|OFF|PRINT, LINREG/LL|L1|L2, PREDICT n, and
 * instruction lines "FMT INST TYPE [L1 [L2]]", each with the lengths its
 * instruction takes.  The whole file is checked before anything runs, a
 * LINREG against the timings it would fit too; an error is
 * "file:line:col: reason".
 */
#ifndef CPUMF_TOOLS_INSTTIME_IT_INPUT_H
#define CPUMF_TOOLS_INSTTIME_IT_INPUT_H

#include <stddef.h>
#include <stdint.h>

#include "stimulus/program.h"

enum it_kind {
    IT_SPIN,
    IT_BCTS,
    IT_STATS_ON,
    IT_STATS_OFF,
    IT_STATS_PRINT,
    IT_LINREG, /* arg: 0 LL, 1 L1, 2 L2 */
    IT_PREDICT,
    IT_INSN
};

/* What an instruction line times. */
enum it_what {
    IT_FAC,    /* a facility instruction (op) */
    IT_UPDATE, /* the sample update process, per entry */
    IT_PGM     /* an instruction of the program workload's timing table */
};

#define IT_TOK       16
#define IT_INPUT_MAX (1u << 20) /* bytes of an input file */

typedef struct it_stmt {
    unsigned line;
    uint8_t kind;
    uint8_t what, op, arg; /* arg: LINREG's length; for IT_INSN its variant (it_machine.c) */
    int pgm;               /* IT_PGM: index in the timing table */
    uint64_t value;        /* SPIN, BCTS, PREDICT's length */
    char fmt[IT_TOK], inst[IT_TOK], type[IT_TOK];
    uint32_t len[2]; /* L1 and L2, each 1-999999 as the instruction allows */
    uint8_t nlen;
    uint32_t spin;          /* the SPIN in force */
    unsigned icol;          /* column of INST */
    const tb_insn_def *def; /* IT_FAC, IT_PGM: the instruction's format, opcode, lengths */
} it_stmt;

typedef struct it_input {
    const char *path;
    unsigned n, cap;
    it_stmt *s;
} it_input;

/* Parses text (NUL-terminated); timing: the program workload's table (NULL:
 * none, its instructions are then unknown).  0, or -1 with the message. */
int it_input_parse(const char *path, const char *text, const tb_timing *timing, it_input *in,
                   char *err, size_t errlen);
int it_input_load(const char *path, const tb_timing *timing, it_input *in, char *err,
                  size_t errlen);
void it_input_free(it_input *in);

/* The facility's instructions, by op (cpumf.h). */
extern const tb_insn_def it_fac_defs[CPUMF_OP_COUNT];

#endif
