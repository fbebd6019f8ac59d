/* SPDX-License-Identifier: Apache-2.0 */
/* it_input.c - the input file of cpumf-insttime, checked whole before a run. */
#include "it_input.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* The architecture's formats and opcodes; STCCTM takes one length, the
 * counters it stores (bits 48-63 of R1). */
/* clang-format off */
const tb_insn_def it_fac_defs[CPUMF_OP_COUNT] = {
    [CPUMF_OP_LPP]    = {"LPP",    TB_FMT_S,   0xB280, 0, TB_LEN_REGS, {0, 0}},
    [CPUMF_OP_LCCTL]  = {"LCCTL",  TB_FMT_S,   0xB284, 0, TB_LEN_REGS, {0, 0}},
    [CPUMF_OP_LPCTL]  = {"LPCTL",  TB_FMT_S,   0xB285, 0, TB_LEN_REGS, {0, 0}},
    [CPUMF_OP_LSCTL]  = {"LSCTL",  TB_FMT_S,   0xB287, 0, TB_LEN_REGS, {0, 0}},
    [CPUMF_OP_QCTRI]  = {"QCTRI",  TB_FMT_S,   0xB28E, 0, TB_LEN_REGS, {0, 0}},
    [CPUMF_OP_QSI]    = {"QSI",    TB_FMT_S,   0xB286, 0, TB_LEN_REGS, {0, 0}},
    [CPUMF_OP_ECCTR]  = {"ECCTR",  TB_FMT_RRE, 0xB2E4, 0, TB_LEN_REGS, {0, 0}},
    [CPUMF_OP_EPCTR]  = {"EPCTR",  TB_FMT_RRE, 0xB2E5, 0, TB_LEN_REGS, {0, 0}},
    [CPUMF_OP_SCCTR]  = {"SCCTR",  TB_FMT_RRE, 0xB2E0, 0, TB_LEN_REGS, {0, 0}},
    [CPUMF_OP_SPCTR]  = {"SPCTR",  TB_FMT_RRE, 0xB2E1, 0, TB_LEN_REGS, {0, 0}},
    [CPUMF_OP_ECPGA]  = {"ECPGA",  TB_FMT_RRE, 0xB2ED, 0, TB_LEN_REGS, {0, 0}},
    [CPUMF_OP_STCCTM] = {"STCCTM", TB_FMT_RSY, 0xEB17, 1, TB_LEN_REGS, {65535, 0}},
};
/* clang-format on */

typedef struct tok {
    const char *p;
    size_t len;
    unsigned col;
} tok;

typedef struct pctx {
    const char *path;
    unsigned line;
    char *err;
    size_t errlen;
} pctx;

static int fail(const pctx *c, unsigned col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int fail(const pctx *c, unsigned col, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(c->err, c->errlen, "%s:%u:%u: %s", c->path, c->line, col, msg);
    return -1;
}

static int tok_is(const tok *t, const char *s)
{
    return t->len == strlen(s) && memcmp(t->p, s, t->len) == 0;
}

/* A decimal of 1..ndig digits within [lo, hi]; ndig 0: any count up to 9. */
static int tok_num(const pctx *c, const tok *t, unsigned ndig, uint64_t lo, uint64_t hi,
                   uint64_t *out)
{
    uint64_t v = 0;
    size_t i;
    if (!t->len || (ndig && t->len != ndig) || t->len > 9)
        return ndig ? fail(c, t->col, "expected %u decimal digits", ndig)
                    : fail(c, t->col, "expected a number of 1 to 9 digits");
    for (i = 0; i < t->len; i++) {
        if (!isdigit((unsigned char)t->p[i]))
            return fail(c, t->col + (unsigned)i, "expected a decimal digit");
        v = v * 10u + (uint64_t)(t->p[i] - '0');
    }
    if (v < lo || v > hi)
        return fail(c, t->col, "%llu out of range %llu-%llu", (unsigned long long)v,
                    (unsigned long long)lo, (unsigned long long)hi);
    *out = v;
    return 0;
}

static unsigned split(const char *line, size_t n, tok *t, unsigned max)
{
    unsigned k = 0;
    size_t i = 0;
    while (i < n && k < max) {
        while (i < n && (line[i] == ' ' || line[i] == '\t'))
            i++;
        if (i == n)
            break;
        t[k].p = line + i;
        t[k].col = (unsigned)i + 1u;
        while (i < n && line[i] != ' ' && line[i] != '\t')
            i++;
        t[k].len = (size_t)(line + i - t[k].p);
        k++;
    }
    return k;
}

static int copy_tok(const pctx *c, const tok *t, char *dst)
{
    size_t i;
    if (t->len >= IT_TOK)
        return fail(c, t->col, "longer than %d characters", IT_TOK - 1);
    for (i = 0; i < t->len; i++)
        if (!isgraph((unsigned char)t->p[i]) || t->p[i] == '"' || t->p[i] == '\\')
            return fail(c, t->col + (unsigned)i, "unexpected character");
    memcpy(dst, t->p, t->len);
    dst[t->len] = 0;
    return 0;
}

/* The TYPE of a facility instruction, into s->arg and s->value. */
static int fac_type(const pctx *c, const tok *t, it_stmt *s)
{
    static const char sets[] = "EBPC";
    uint64_t v;
    switch (s->op) {
    case CPUMF_OP_LCCTL:
        if (tok_is(t, "SAME") || tok_is(t, "OFF")) {
            s->arg = (uint8_t)tok_is(t, "OFF");
            return 0;
        }
        return fail(c, t->col, "LCCTL: TYPE SAME (reload) or OFF (extended set off, restored)");
    case CPUMF_OP_LSCTL:
        if (tok_is(t, "OFF") || tok_is(t, "ON")) {
            s->arg = (uint8_t)tok_is(t, "ON");
            return 0;
        }
        return fail(c, t->col, "LSCTL: TYPE OFF (reload) or ON (activate, restored)");
    case CPUMF_OP_ECCTR:
    case CPUMF_OP_SCCTR:
        if (tok_num(c, t, 0, s->op == CPUMF_OP_SCCTR, 449, &v))
            return -1;
        s->value = v;
        return 0;
    case CPUMF_OP_EPCTR:
    case CPUMF_OP_SPCTR:
        if (tok_num(c, t, 1, 0, 7, &v))
            return -1;
        s->value = v;
        return 0;
    case CPUMF_OP_STCCTM:
        if (t->len == 1 && strchr(sets, t->p[0])) {
            s->arg = (uint8_t)(strchr(sets, t->p[0]) - sets);
            return 0;
        }
        if (tok_is(t, "M")) {
            s->arg = 5;
            return 0;
        }
        return fail(c, t->col, "STCCTM: TYPE E, B, P, C or M (the counter set)");
    default: return tok_is(t, "00") ? 0 : fail(c, t->col, "%s: TYPE 00", s->inst);
    }
}

static int lengths(const pctx *c, const tok *t, unsigned nt, it_stmt *s)
{
    unsigned i;
    for (i = 3; i < nt; i++) {
        uint64_t v;
        if (i == 5)
            return fail(c, t[i].col, "at most two lengths (L1 L2)");
        if (tok_num(c, &t[i], 0, 1, TB_LEN_MAX, &v))
            return -1;
        s->len[s->nlen++] = (uint32_t)v;
    }
    return 0;
}

/* As many lengths as the instruction takes, each within what it can take. */
static int insn_lengths(const pctx *c, const tok *t, unsigned nt, const it_stmt *s)
{
    const tb_insn_def *d = s->def;
    unsigned j;
    if (s->nlen != d->nlen) {
        unsigned col =
            s->nlen > d->nlen ? t[3 + d->nlen].col : t[nt - 1].col + (unsigned)t[nt - 1].len;
        if (!d->nlen)
            return fail(c, col, "%s takes no length", s->inst);
        if (d->nlen == 1)
            return fail(c, col, "%s: one length, L1 (1-%u)", s->inst, d->max[0]);
        return fail(c, col, "%s: two lengths, L1 (1-%u) and L2 (1-%u)", s->inst, d->max[0],
                    d->max[1]);
    }
    for (j = 0; j < s->nlen; j++)
        if (s->len[j] > d->max[j])
            return fail(c, t[3 + j].col, "%s: L%u %u out of range 1-%u", s->inst, j + 1u, s->len[j],
                        d->max[j]);
    return 0;
}

static int insn_line(const pctx *c, const tok *t, unsigned nt, const tb_timing *timing, it_stmt *s)
{
    unsigned op;
    if (nt < 3)
        return fail(c, nt ? t[nt - 1].col + (unsigned)t[nt - 1].len : 1,
                    "expected FMT INST TYPE [L1 [L2]]");
    if (copy_tok(c, &t[0], s->fmt) || copy_tok(c, &t[1], s->inst) || copy_tok(c, &t[2], s->type))
        return -1;
    if (lengths(c, t, nt, s))
        return -1;
    s->kind = IT_INSN;
    s->icol = t[1].col;
    for (op = 0; op < CPUMF_OP_COUNT; op++)
        if (strcmp(s->inst, it_fac_defs[op].name) == 0)
            break;
    if (op < CPUMF_OP_COUNT) {
        s->what = IT_FAC;
        s->op = (uint8_t)op;
        s->def = &it_fac_defs[op];
    } else if (strcmp(s->inst, "UPDATE") == 0) {
        s->what = IT_UPDATE;
        if (strcmp(s->fmt, "-") != 0)
            return fail(c, t[0].col, "UPDATE: format -");
        if (!tok_is(&t[2], "B") && !tok_is(&t[2], "C"))
            return fail(c, t[2].col, "UPDATE: TYPE B (basic) or C (combined entries)");
        if (s->nlen)
            return fail(c, t[3].col, "UPDATE takes no length");
        s->arg = (uint8_t)tok_is(&t[2], "C");
        return 0;
    } else {
        s->what = IT_PGM;
        s->pgm = timing ? tb_timing_find(timing, s->inst) : -1;
        if (s->pgm < 0)
            return fail(c, t[1].col,
                        "unknown instruction \"%s\" (neither the facility's nor in %s)", s->inst,
                        timing ? "the timing table" : "a timing table: none given");
        s->def = timing->insn[s->pgm].def;
    }
    if (strcmp(s->fmt, tb_fmt_name(s->def->fmt)) != 0)
        return fail(c, t[0].col, "%s is format %s", s->inst, tb_fmt_name(s->def->fmt));
    if (insn_lengths(c, t, nt, s))
        return -1;
    if (s->what == IT_FAC)
        return fac_type(c, &t[2], s);
    if (!tb_timing_cycles(&timing->insn[s->pgm], s->len[0], s->len[1]))
        return fail(c, s->nlen ? t[3].col : t[1].col, "%s: lengths out of range for its timing",
                    s->inst);
    return 0;
}

/* One line (no newline); 0: s filled, 1: nothing to do, -1: error. */
static int parse_line(const pctx *c, const char *line, size_t n, const tb_timing *timing,
                      uint32_t *spin, it_stmt *s)
{
    tok t[8];
    unsigned nt;
    uint64_t v;
    size_t i;
    for (i = 0; i < n; i++)
        if (line[i] != '\t' && !isprint((unsigned char)line[i]))
            return fail(c, (unsigned)i + 1u, "unexpected character (code %u)",
                        (unsigned char)line[i]);
    nt = split(line, n, t, 8);
    memset(s, 0, sizeof *s);
    s->line = c->line;
    s->spin = *spin;
    if (!nt || line[0] == '*')
        return 1;
    if (t[0].col != 1)
        return fail(c, t[0].col, "statements start in column 1");
    if (nt == 8)
        return fail(c, t[7].col, "too many fields");
    if (t[0].len > 5 && (memcmp(t[0].p, "SPIN=", 5) == 0 || memcmp(t[0].p, "BCTS=", 5) == 0)) {
        tok d = {t[0].p + 5, t[0].len - 5, 6};
        int bcts = t[0].p[0] == 'B';
        if (nt > 1)
            return fail(c, t[1].col, "nothing may follow %.5s", t[0].p);
        if (tok_num(c, &d, 7, 1, 9999999, &v))
            return -1;
        s->kind = bcts ? IT_BCTS : IT_SPIN;
        s->value = v;
        if (!bcts)
            *spin = (uint32_t)v;
        return 0;
    }
    if (tok_is(&t[0], "STATS")) {
        if (nt != 2 || !(tok_is(&t[1], "ON") || tok_is(&t[1], "OFF") || tok_is(&t[1], "PRINT")))
            return fail(c, nt > 1 ? t[1].col : 6, "STATS ON, STATS OFF or STATS PRINT");
        s->kind = tok_is(&t[1], "ON")    ? IT_STATS_ON
                  : tok_is(&t[1], "OFF") ? IT_STATS_OFF
                                         : IT_STATS_PRINT;
        return 0;
    }
    if (t[0].len >= 7 && memcmp(t[0].p, "LINREG/", 7) == 0) {
        static const char *const which[] = {"LINREG/LL", "LINREG/L1", "LINREG/L2"};
        for (i = 0; i < 3 && !tok_is(&t[0], which[i]); i++)
            ;
        if (i == 3)
            return fail(c, 8, "LINREG/LL, LINREG/L1 or LINREG/L2");
        if (nt > 1)
            return fail(c, t[1].col, "nothing may follow %s", which[i]);
        s->kind = IT_LINREG;
        s->arg = (uint8_t)i;
        return 0;
    }
    if (tok_is(&t[0], "PREDICT")) {
        if (nt != 2)
            return fail(c, nt > 2 ? t[2].col : 8, "PREDICT LENGTH");
        if (tok_num(c, &t[1], 0, 0, 999999999, &v))
            return -1;
        s->kind = IT_PREDICT;
        s->value = v;
        return 0;
    }
    return insn_line(c, t, nt, timing, s);
}

/* The timings a LINREG fits: those collected since the last STATS OFF while
 * STATS ON was in force, the BCT's retimings included (without a length).
 * What the LINREG statements need to know of them is kept as they come. */
typedef struct coll {
    int on;
    unsigned n;
    it_stmt first;    /* the first timing collected */
    it_stmt lacks[2]; /* the first without L1, without L2 (line 0: none) */
    it_stmt two;      /* the first of two lengths */
    it_stmt other[2]; /* the first whose L1, L2 (or its absence) is not first's */
} coll;

static int same_len(const it_stmt *a, const it_stmt *b, unsigned j)
{
    return (a->nlen > j) == (b->nlen > j) && (a->nlen <= j || a->len[j] == b->len[j]);
}

static void coll_add(coll *k, const it_stmt *x)
{
    unsigned j;
    if (!k->n++)
        k->first = *x;
    for (j = 0; j < 2; j++) {
        if (x->nlen <= j && !k->lacks[j].line)
            k->lacks[j] = *x;
        if (!same_len(&k->first, x, j) && !k->other[j].line)
            k->other[j] = *x;
    }
    if (x->nlen == 2 && !k->two.line)
        k->two = *x;
}

static void len_str(const it_stmt *x, unsigned j, char *buf, size_t n)
{
    if (x->nlen > j)
        snprintf(buf, n, "%u", x->len[j]);
    else
        snprintf(buf, n, "none");
}

/* The document's rule for a fit on L1 or L2: the other length the same in
 * every timing collected; and a fit on a length every timing has (LL: the
 * single one). */
static int linreg_check(const pctx *c, const coll *k, unsigned arg)
{
    static const char *const which[] = {"LL", "L1", "L2"};
    static const char *const name[] = {"length", "L1", "L2"};
    unsigned w = arg == 2, o = 1u - w;
    char a[16], b[16];
    if (k->lacks[w].line)
        return fail(c, 8, "LINREG/%s: the timing of line %u (%s) has no %s", which[arg],
                    k->lacks[w].line, k->lacks[w].inst, name[arg]);
    if (!arg && k->two.line)
        return fail(c, 8,
                    "LINREG/LL: the timing of line %u (%s) has two lengths: LINREG/L1 or "
                    "LINREG/L2",
                    k->two.line, k->two.inst);
    if (!arg || !k->other[o].line)
        return 0;
    len_str(&k->first, o, a, sizeof a);
    len_str(&k->other[o], o, b, sizeof b);
    return fail(c, 8,
                "LINREG/%s: L%u must be the same in every timing collected: %s at line %u (%s), "
                "%s at line %u (%s)",
                which[arg], o + 1u, a, k->first.line, k->first.inst, b, k->other[o].line,
                k->other[o].inst);
}

/* The collection after statement s. */
static int collect(const pctx *c, coll *k, const it_stmt *s)
{
    it_stmt bct;
    switch (s->kind) {
    case IT_STATS_ON: k->on = 1; return 0;
    case IT_STATS_OFF: memset(k, 0, sizeof *k); return 0;
    case IT_LINREG: return linreg_check(c, k, s->arg);
    case IT_BCTS:
        bct = *s;
        snprintf(bct.inst, sizeof bct.inst, "BCT");
        if (k->on)
            coll_add(k, &bct);
        return 0;
    case IT_INSN:
        if (k->on)
            coll_add(k, s);
        return 0;
    default: return 0;
    }
}

int it_input_parse(const char *path, const char *text, const tb_timing *timing, it_input *in,
                   char *err, size_t errlen)
{
    pctx c = {path, 0, err, errlen};
    const char *p = text;
    uint32_t spin = 100000; /* the document's default */
    coll *k = xcalloc(1, sizeof *k);
    memset(in, 0, sizeof *in);
    in->path = path;
    while (*p) {
        const char *e = strchr(p, '\n');
        const char *next = e ? e + 1 : p + strlen(p);
        size_t n = (size_t)(next - p) - (e != NULL);
        it_stmt s;
        int rc;
        c.line++;
        if (n && p[n - 1] == '\r') /* the line's own end, not where the next one starts */
            n--;
        rc = parse_line(&c, p, n, timing, &spin, &s);
        if (rc == 0 && collect(&c, k, &s))
            rc = -1;
        if (rc < 0) {
            it_input_free(in);
            free(k);
            return -1;
        }
        if (rc == 0) {
            if (in->n == in->cap) {
                in->cap = in->cap ? 2 * in->cap : 32;
                in->s = xrealloc(in->s, in->cap * sizeof *in->s);
            }
            in->s[in->n++] = s;
        }
        p = next;
    }
    free(k);
    return 0;
}

int it_input_load(const char *path, const tb_timing *timing, it_input *in, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    size_t n;
    int rc;
    if (!f) {
        snprintf(err, errlen, "%s: cannot read", path);
        return -1;
    }
    /* an input is a page of text: a longer one is refused, not read on */
    buf = xmalloc(IT_INPUT_MAX + 1u);
    n = fread(buf, 1, IT_INPUT_MAX + 1u, f);
    rc = ferror(f);
    fclose(f);
    if (rc || n > IT_INPUT_MAX) {
        snprintf(err, errlen, rc ? "%s: cannot read" : "%s: longer than %u bytes", path,
                 IT_INPUT_MAX);
        free(buf);
        return -1;
    }
    buf[n] = 0;
    if (strlen(buf) != n) {
        size_t at = strlen(buf), line = 1, col = 1, i;
        for (i = 0; i < at; i++, col++)
            if (buf[i] == '\n') {
                line++;
                col = 0;
            }
        snprintf(err, errlen, "%s:%zu:%zu: unexpected character (code 0)", path, line, col);
        free(buf);
        return -1;
    }
    rc = it_input_parse(path, buf, timing, in, err, errlen);
    free(buf);
    return rc;
}

void it_input_free(it_input *in)
{
    free(in->s);
    in->s = NULL;
    in->n = in->cap = 0;
}
