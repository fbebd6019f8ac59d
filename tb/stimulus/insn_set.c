/* SPDX-License-Identifier: Apache-2.0 */
/* insn_set.c - the instructions a program workload can run (insn_set.h). */
#include "insn_set.h"

#include <stddef.h>
#include <string.h>

/* MVCL, CLCL and CLCLE take the lengths of both operands, the shorter one
 * padded: L1 and L2.  MVCLE is timed as the INSTTIME document times it, on
 * one length (both operands that long, nothing padded).  MP's multiplier is
 * at most 8 bytes. */
/* clang-format off */
static const tb_insn_def insns[] = {
    {"AR",    TB_FMT_RR,  0x1A,   0, TB_LEN_REGS, {0, 0}},
    {"BCT",   TB_FMT_RX,  0x46,   0, TB_LEN_REGS, {0, 0}},
    {"BCTR",  TB_FMT_RR,  0x06,   0, TB_LEN_REGS, {0, 0}},
    {"CKSM",  TB_FMT_RRE, 0xB241, 1, TB_LEN_REGS, {TB_LEN_MAX, 0}},
    {"CLC",   TB_FMT_SS,  0xD5,   1, TB_LEN_SS_L, {256, 0}},
    {"CLCL",  TB_FMT_RR,  0x0F,   2, TB_LEN_REGS, {TB_LEN_MAX, TB_LEN_MAX}},
    {"CLCLE", TB_FMT_RS,  0xA9,   2, TB_LEN_REGS, {TB_LEN_MAX, TB_LEN_MAX}},
    {"DR",    TB_FMT_RR,  0x1D,   0, TB_LEN_REGS, {0, 0}},
    {"EX",    TB_FMT_RX,  0x44,   0, TB_LEN_REGS, {0, 0}},
    {"L",     TB_FMT_RX,  0x58,   0, TB_LEN_REGS, {0, 0}},
    {"LG",    TB_FMT_RXY, 0xE304, 0, TB_LEN_REGS, {0, 0}},
    {"LM",    TB_FMT_RS,  0x98,   1, TB_LEN_R1_R3, {16, 0}},
    {"LR",    TB_FMT_RR,  0x18,   0, TB_LEN_REGS, {0, 0}},
    {"MP",    TB_FMT_SS,  0xFC,   2, TB_LEN_SS_L1L2, {16, 8}},
    {"MSGR",  TB_FMT_RRE, 0xB90C, 0, TB_LEN_REGS, {0, 0}},
    {"MVC",   TB_FMT_SS,  0xD2,   1, TB_LEN_SS_L, {256, 0}},
    {"MVCL",  TB_FMT_RR,  0x0E,   2, TB_LEN_REGS, {TB_LEN_MAX, TB_LEN_MAX}},
    {"MVCLE", TB_FMT_RS,  0xA8,   1, TB_LEN_REGS, {TB_LEN_MAX, 0}},
    {"ST",    TB_FMT_RX,  0x50,   0, TB_LEN_REGS, {0, 0}},
    {"STG",   TB_FMT_RXY, 0xE324, 0, TB_LEN_REGS, {0, 0}},
    {"STM",   TB_FMT_RS,  0x90,   1, TB_LEN_R1_R3, {16, 0}},
};
/* clang-format on */

static const char *const fmt_names[] = {"RR", "RRE", "RX", "RXY", "RS", "RSY", "S", "SS"};
static const uint8_t fmt_bytes[] = {2, 4, 4, 6, 4, 6, 4, 6};

const tb_insn_def *tb_insn_find(const char *name)
{
    size_t i;
    for (i = 0; i < sizeof insns / sizeof insns[0]; i++)
        if (strcmp(insns[i].name, name) == 0)
            return &insns[i];
    return NULL;
}

const char *tb_fmt_name(unsigned fmt)
{
    return fmt_names[fmt];
}

unsigned tb_fmt_bytes(unsigned fmt)
{
    return fmt_bytes[fmt];
}
