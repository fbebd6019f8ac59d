/* SPDX-License-Identifier: Apache-2.0 */
/*
 * insn_set.h - the z/Architecture instructions a program workload can run
 * (program.h): each one's format, opcode and operand lengths.  A timing table
 * gives cycles only to these, so that a loop and a timing in cpumf-insttime
 * name real instructions with the lengths they can take.
 *
 * The lengths are those an INSTTIME input gives an instruction (L1, or L1
 * and L2), from 1 to the largest the instruction can take: a length held in
 * the instruction is bounded by its field, one held in a register by the
 * INSTTIME input's limit of 999999.
 */
#ifndef CPUMF_TB_STIMULUS_INSN_SET_H
#define CPUMF_TB_STIMULUS_INSN_SET_H

#include <stdint.h>

enum tb_fmt {
    TB_FMT_RR,
    TB_FMT_RRE,
    TB_FMT_RX,
    TB_FMT_RXY,
    TB_FMT_RS,
    TB_FMT_RSY,
    TB_FMT_S,
    TB_FMT_SS
};

/* Where an instruction's lengths are: in registers (its text does not show
 * them), in the 8-bit L field of SS-a, in the two 4-bit fields of SS-b, or
 * (LM, STM) a number of registers, R1 to R3. */
enum tb_len_at { TB_LEN_REGS, TB_LEN_SS_L, TB_LEN_SS_L1L2, TB_LEN_R1_R3 };

#define TB_LEN_MAX 999999u /* the longest length an input gives */

typedef struct tb_insn_def {
    const char *name;
    uint8_t fmt; /* enum tb_fmt */
    /* the opcode: one byte; two (RRE, S); or the first and last byte (RXY, RSY) */
    uint16_t op;
    uint8_t nlen;    /* its lengths: 0, 1 (L1) or 2 (L1 and L2) */
    uint8_t len_at;  /* enum tb_len_at */
    uint32_t max[2]; /* the longest L1 and L2 (the shortest is 1) */
} tb_insn_def;

/* The instruction called name, or NULL. */
const tb_insn_def *tb_insn_find(const char *name);
/* The format's name ("RR", "SS", ...) and its instructions' length in bytes. */
const char *tb_fmt_name(unsigned fmt);
unsigned tb_fmt_bytes(unsigned fmt);

#endif
