/* SPDX-License-Identifier: Apache-2.0 */
/* it_encode.c - a timed instruction's text, for the dump (it_encode.h). */
#include "it_encode.h"

#include <stdio.h>
#include <string.h>

/* The timed program's registers: R1 and R2 (or R3) even, so that the
 * instructions of register pairs (DR, MVCL, CLCL, MVCLE, CLCLE) name a pair;
 * the index and base registers those a TYPE of X0, 0B or XB asks for. */
enum { REG_R1 = 2, REG_R2 = 4, REG_X = 6, REG_B = 12 };

/* The operands as the instruction's fields hold them. */
typedef struct fields {
    unsigned x, b, r3; /* index, base, R3 (or M3) */
    uint32_t d1, d2;   /* displacements of the first and second storage operand */
} fields;

/* Base and displacement: B D D D. */
static void put_bd(uint8_t *p, unsigned b, uint32_t d)
{
    p[0] = (uint8_t)(b << 4 | (d >> 8 & 0xFu));
    p[1] = (uint8_t)d;
}

/* The SS format's length byte: L - 1 in 8 bits, or L1 - 1 and L2 - 1 in 4 each. */
static uint8_t ss_lengths(const tb_insn_def *d, const it_stmt *s)
{
    if (d->len_at == TB_LEN_SS_L1L2)
        return (uint8_t)((s->len[0] - 1u) << 4 | (s->len[1] - 1u));
    return (uint8_t)(s->len[0] - 1u);
}

static unsigned encode(const tb_insn_def *d, const it_stmt *s, const fields *f, uint8_t *p)
{
    uint8_t hi = (uint8_t)(d->op >> 8), lo = (uint8_t)d->op;
    switch (d->fmt) {
    case TB_FMT_RR:
        p[0] = lo;
        p[1] = REG_R1 << 4 | REG_R2;
        break;
    case TB_FMT_RRE:
        p[0] = hi;
        p[1] = lo;
        p[2] = 0;
        p[3] = REG_R1 << 4 | REG_R2;
        break;
    case TB_FMT_RX:
    case TB_FMT_RS:
        p[0] = lo;
        p[1] = (uint8_t)(REG_R1 << 4 | (d->fmt == TB_FMT_RX ? f->x : f->r3));
        put_bd(p + 2, f->b, f->d2);
        break;
    case TB_FMT_RXY:
    case TB_FMT_RSY: /* the displacement's low 12 bits, then its high 8 */
        p[0] = hi;
        p[1] = (uint8_t)(REG_R1 << 4 | (d->fmt == TB_FMT_RXY ? f->x : f->r3));
        put_bd(p + 2, f->b, f->d2);
        p[4] = (uint8_t)(f->d2 >> 12);
        p[5] = lo;
        break;
    case TB_FMT_S:
        p[0] = hi;
        p[1] = lo;
        put_bd(p + 2, f->b, f->d2);
        break;
    default: /* SS */
        p[0] = lo;
        p[1] = ss_lengths(d, s);
        put_bd(p + 2, f->b, f->d1);
        put_bd(p + 4, f->b, f->d2);
        break;
    }
    return tb_fmt_bytes(d->fmt);
}

/* A facility instruction's operand is where the tool keeps it, off the base
 * register; STCCTM's M3 is the set stored. */
static void fac_fields(const it_timer *t, const it_stmt *s, fields *f)
{
    cpumf_insn x, rx;
    it_fac_insn(t, s, &x, &rx);
    f->b = REG_B;
    f->d1 = f->d2 = (uint32_t)(x.addr - IT_A_OPERANDS);
    f->r3 = x.m3;
}

/* A program instruction's operands at displacements 0 and 0x100; its TYPE
 * chooses index and base as the document's XB column does (00: neither, X0:
 * index only, 0B: base only, XB: both; any other TYPE: base only). LM and
 * STM load or store L1 registers from R1 on. */
static void pgm_fields(const it_stmt *s, fields *f)
{
    int x = strcmp(s->type, "X0") == 0 || strcmp(s->type, "XB") == 0;
    int nob = strcmp(s->type, "00") == 0 || strcmp(s->type, "X0") == 0;
    f->x = x ? REG_X : 0;
    f->b = nob ? 0 : REG_B;
    f->d1 = 0;
    f->d2 = s->def->fmt == TB_FMT_SS ? 0x100 : 0;
    f->r3 = s->def->len_at == TB_LEN_R1_R3 ? (REG_R1 + s->len[0] - 1u) & 0xFu : REG_R2;
}

void it_dump(const it_timer *t, const it_stmt *s, char hex[IT_DUMP])
{
    fields f;
    uint8_t p[6];
    unsigned n, i;
    if (s->what == IT_UPDATE) {
        snprintf(hex, IT_DUMP, "-");
        return;
    }
    memset(&f, 0, sizeof f);
    if (s->what == IT_FAC)
        fac_fields(t, s, &f);
    else
        pgm_fields(s, &f);
    n = encode(s->def, s, &f, p);
    for (i = 0; i < n; i++)
        snprintf(hex + 2 * i, IT_DUMP - 2 * i, "%02X", p[i]);
}
