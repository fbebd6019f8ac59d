/* SPDX-License-Identifier: Apache-2.0 */
/* program.c - the program workload and its per-model timing tables. */
#include "program.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int get_u16(const jdoc *d, const cJSON *n, uint64_t lo, uint64_t hi, uint16_t *out,
                   char *err, size_t errlen)
{
    uint64_t v;
    if (jdoc_u64(d, n, lo, hi, &v, err, errlen) != 0)
        return -1;
    *out = (uint16_t)v;
    return 0;
}

/* "l1i" / "l1d": [misses, penalty cycles of each]. */
static int parse_l1(const jdoc *d, const cJSON *n, tb_timing_insn *t, int j, char *err,
                    size_t errlen)
{
    if (!cJSON_IsArray(n) || cJSON_GetArraySize(n) != 2)
        return jdoc_fail(d, n, err, errlen, "%s: expected [misses, penalty cycles]", n->string);
    if (get_u16(d, cJSON_GetArrayItem(n, 0), 0, 1000, &t->l1_miss[j], err, errlen) ||
        get_u16(d, cJSON_GetArrayItem(n, 1), 0, 1000, &t->l1_pen[j], err, errlen))
        return -1;
    return 0;
}

/* "ext": {"NUMBER": events per execution, ...}, NUMBER an extended counter. */
static int parse_ext(const jdoc *d, const cJSON *n, tb_timing_insn *t, char *err, size_t errlen)
{
    const cJSON *e;
    if (!cJSON_IsObject(n))
        return jdoc_fail(d, n, err, errlen, "ext: expected {\"counter number\": events}");
    cJSON_ArrayForEach(e, n)
    {
        char *end;
        unsigned long k = strtoul(e->string, &end, 10);
        if (*end || end == e->string || k < 128 || k >= 128 + CPUMF_MAX_EXT)
            return jdoc_fail_key(d, e, err, errlen, "ext: \"%s\" is not a counter 128-%u",
                                 e->string, 127 + CPUMF_MAX_EXT);
        if (t->n_ext == TB_PROG_MAX_EXT)
            return jdoc_fail_key(d, e, err, errlen, "ext: more than %d counters", TB_PROG_MAX_EXT);
        t->ext_k[t->n_ext] = (uint16_t)(k - 128);
        if (get_u16(d, e, 1, 10000, &t->ext_n[t->n_ext], err, errlen))
            return -1;
        t->n_ext++;
    }
    return 0;
}

/* "cycles": [a, b] or [a, b, c]: a + b * L1 + c * L2.  A length the
 * instruction does not take has the coefficient 0, so that a table cannot
 * promise a dependence that no timing can show. */
static int parse_cycles(const jdoc *d, const cJSON *n, tb_timing_insn *t, char *err, size_t errlen)
{
    const cJSON *bn, *cn;
    int k = cJSON_IsArray(n) ? cJSON_GetArraySize(n) : 0;
    if (k != 2 && k != 3)
        return jdoc_fail(d, n, err, errlen, "%s: \"cycles\": expected [a, b] or [a, b, c]",
                         t->name);
    bn = cJSON_GetArrayItem(n, 1);
    cn = k == 3 ? cJSON_GetArrayItem(n, 2) : NULL;
    if (jdoc_f64(d, cJSON_GetArrayItem(n, 0), 0.0, TB_PROG_MAX_CYC, &t->a, err, errlen) ||
        jdoc_f64(d, bn, 0.0, 1000.0, &t->b, err, errlen) ||
        (cn && jdoc_f64(d, cn, 0.0, 1000.0, &t->c, err, errlen)))
        return -1;
    if (t->b != 0.0 && t->def->nlen < 1)
        return jdoc_fail(d, bn, err, errlen, "cycles: %s takes no length: b must be 0", t->name);
    if (t->c != 0.0 && t->def->nlen < 2)
        return jdoc_fail(d, cn, err, errlen, "cycles: %s takes no L2: c must be 0", t->name);
    return 0;
}

static int parse_insn(const jdoc *d, const cJSON *o, tb_timing_insn *t, char *err, size_t errlen)
{
    static const char *const keys[] = {"ilen", "cycles", "l1i", "l1d", "ext", NULL};
    const cJSON *n;
    uint16_t ilen;
    if (!cJSON_IsObject(o))
        return jdoc_fail(d, o, err, errlen, "%s: expected an object", o->string);
    if (jdoc_check_keys(d, o, keys, err, errlen) != 0)
        return -1;
    if (strlen(o->string) >= sizeof t->name || !o->string[0])
        return jdoc_fail_key(d, o, err, errlen, "instruction name of 1 to %zu characters",
                             sizeof t->name - 1);
    snprintf(t->name, sizeof t->name, "%s", o->string);
    if (!(t->def = tb_insn_find(t->name)))
        return jdoc_fail_key(d, o, err, errlen, "%s: not an instruction a program can run",
                             t->name);
    n = jdoc_get(o, "ilen");
    if (!n)
        return jdoc_fail(d, o, err, errlen, "%s: missing \"ilen\"", t->name);
    if (get_u16(d, n, 2, 6, &ilen, err, errlen))
        return -1;
    if (ilen != tb_fmt_bytes(t->def->fmt))
        return jdoc_fail(d, n, err, errlen, "ilen: %s is %u bytes long (format %s)", t->name,
                         tb_fmt_bytes(t->def->fmt), tb_fmt_name(t->def->fmt));
    t->ilen = (uint8_t)ilen;
    n = jdoc_get(o, "cycles");
    if (!n)
        return jdoc_fail(d, o, err, errlen, "%s: missing \"cycles\"", t->name);
    if (parse_cycles(d, n, t, err, errlen))
        return -1;
    if ((n = jdoc_get(o, "l1i")) && parse_l1(d, n, t, 0, err, errlen))
        return -1;
    if ((n = jdoc_get(o, "l1d")) && parse_l1(d, n, t, 1, err, errlen))
        return -1;
    if ((n = jdoc_get(o, "ext")) && parse_ext(d, n, t, err, errlen))
        return -1;
    return 0;
}

int tb_timing_from_json(const jdoc *d, const cJSON *obj, tb_timing *out, char *err, size_t errlen)
{
    static const char *const keys[] = {"model", "description", "instructions", NULL};
    const cJSON *n, *it;
    const char *s;
    memset(out, 0, sizeof *out);
    if (!cJSON_IsObject(obj))
        return jdoc_fail(d, obj, err, errlen, "timing table: expected an object");
    if (jdoc_check_keys(d, obj, keys, err, errlen) != 0)
        return -1;
    if (!(n = jdoc_get(obj, "model")))
        return jdoc_fail(d, obj, err, errlen, "missing \"model\"");
    if (jdoc_str(d, n, &s, err, errlen) != 0)
        return -1;
    if (strlen(s) >= sizeof out->model)
        return jdoc_fail(d, n, err, errlen, "model: name too long");
    snprintf(out->model, sizeof out->model, "%s", s);
    if ((n = jdoc_get(obj, "description")) && jdoc_str(d, n, &s, err, errlen) != 0)
        return -1;
    n = jdoc_get(obj, "instructions");
    if (!n || !cJSON_IsObject(n))
        return jdoc_fail(d, n ? n : obj, err, errlen, "\"instructions\": expected an object");
    cJSON_ArrayForEach(it, n)
    {
        if (out->n == TB_PROG_MAX_INSN)
            return jdoc_fail_key(d, it, err, errlen, "more than %d instructions", TB_PROG_MAX_INSN);
        if (parse_insn(d, it, &out->insn[out->n], err, errlen))
            return -1;
        out->n++;
    }
    return 0;
}

int tb_timing_load(const char *path, tb_timing *out, char *err, size_t errlen)
{
    jdoc *d = jdoc_parse_file(path, err, errlen);
    int rc;
    if (!d)
        return -1;
    rc = tb_timing_from_json(d, jdoc_root(d), out, err, errlen);
    jdoc_free(d);
    return rc;
}

int tb_timing_find(const tb_timing *t, const char *name)
{
    unsigned i;
    for (i = 0; i < t->n; i++)
        if (strcmp(t->insn[i].name, name) == 0)
            return (int)i;
    return -1;
}

uint32_t tb_timing_cycles(const tb_timing_insn *t, uint32_t l1, uint32_t l2)
{
    double c = floor(t->a + t->b * (double)l1 + t->c * (double)l2 + 0.5);
    uint32_t n, j, ev = 0;
    if (c < 1.0 || c > (double)TB_PROG_MAX_CYC)
        return 0;
    n = (uint32_t)c;
    for (j = 0; j < 2; j++)
        if ((uint32_t)t->l1_miss[j] * (1u + t->l1_pen[j]) > n)
            return 0;
    for (j = 0; j < t->n_ext; j++)
        if (t->ext_n[j] > ev)
            ev = t->ext_n[j];
    return ev > 15u * n ? 0 : n;
}

/* One length of an entry: 1 to the longest the instruction takes. */
static int entry_len(const jdoc *d, const cJSON *n, const tb_timing_insn *t, unsigned j,
                     uint32_t *out, char *err, size_t errlen)
{
    uint64_t v;
    if (jdoc_u64(d, n, 0, UINT64_MAX, &v, err, errlen))
        return -1;
    if (v < 1 || v > t->def->max[j])
        return jdoc_fail(d, n, err, errlen, "length: %s's L%u is 1-%u, not %llu", t->name, j + 1u,
                         t->def->max[j], (unsigned long long)v);
    out[j] = (uint32_t)v;
    return 0;
}

/* "length": L1, or [L1, L2] for an instruction of two lengths; none for an
 * instruction that takes none. */
static int entry_lengths(const jdoc *d, const cJSON *o, const tb_timing_insn *t, uint32_t *len,
                         char *err, size_t errlen)
{
    static const char *const want[] = {"no \"length\"", "\"length\": L1", "\"length\": [L1, L2]"};
    const cJSON *n = jdoc_get(o, "length");
    unsigned nlen = t->def->nlen;
    if (!n && !nlen)
        return 0;
    if (!n || (nlen == 1 && cJSON_IsArray(n)) ||
        (nlen != 1 && (!cJSON_IsArray(n) || cJSON_GetArraySize(n) != (int)nlen)))
        return jdoc_fail(d, n ? n : o, err, errlen, "%s takes %s", t->name, want[nlen]);
    if (nlen == 1)
        return entry_len(d, n, t, 0, len, err, errlen);
    return entry_len(d, cJSON_GetArrayItem(n, 0), t, 0, len, err, errlen) ||
           entry_len(d, cJSON_GetArrayItem(n, 1), t, 1, len, err, errlen);
}

/* One loop entry: {"insn": NAME, "length": L1 or [L1, L2], "problem": BOOL}. */
static int parse_entry(const jdoc *d, const cJSON *o, tb_program_cfg *p, uint64_t ia, char *err,
                       size_t errlen)
{
    static const char *const keys[] = {"insn", "length", "problem", NULL};
    tb_prog_insn *e = &p->loop[p->n];
    const tb_timing_insn *t;
    const cJSON *n;
    const char *s;
    int k, on;
    if (!cJSON_IsObject(o))
        return jdoc_fail(d, o, err, errlen, "loop: expected {\"insn\": NAME, ...}");
    if (jdoc_check_keys(d, o, keys, err, errlen) != 0)
        return -1;
    if (!(n = jdoc_get(o, "insn")))
        return jdoc_fail(d, o, err, errlen, "loop: missing \"insn\"");
    if (jdoc_str(d, n, &s, err, errlen) != 0)
        return -1;
    if ((k = tb_timing_find(&p->timing, s)) < 0)
        return jdoc_fail(d, n, err, errlen, "instruction \"%s\" is not in the %s timing table", s,
                         p->timing.model);
    t = &p->timing.insn[k];
    if (entry_lengths(d, o, t, e->len, err, errlen))
        return -1;
    e->insn = (uint8_t)k;
    e->cycles = tb_timing_cycles(t, e->len[0], e->len[1]);
    if (!e->cycles)
        return jdoc_fail(d, o, err, errlen,
                         "%s at lengths %u %u: cycles out of 1-%u or fewer than its events need", s,
                         e->len[0], e->len[1], TB_PROG_MAX_CYC);
    e->problem = -1;
    if ((n = jdoc_get(o, "problem"))) {
        if (jdoc_bool(d, n, &on, err, errlen))
            return -1;
        e->problem = (int8_t)on;
    }
    e->ia = ia;
    return 0;
}

int tb_program_from_json(const jdoc *d, const cJSON *obj, const char *configs_dir,
                         tb_program_cfg *p, char *err, size_t errlen)
{
    static const char *const keys[] = {"timing", "ia", "loop", NULL};
    const cJSON *n, *it;
    const char *s;
    char path[1024], e2[768];
    uint64_t ia = 0x10000;
    memset(p, 0, sizeof *p);
    if (!cJSON_IsObject(obj))
        return jdoc_fail(d, obj, err, errlen, "program: expected an object");
    if (jdoc_check_keys(d, obj, keys, err, errlen) != 0)
        return -1;
    if (!(n = jdoc_get(obj, "timing")))
        return jdoc_fail(d, obj, err, errlen, "program: missing \"timing\" (a model's table)");
    if (jdoc_str(d, n, &s, err, errlen) != 0)
        return -1;
    if (!*s ||
        strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != strlen(s))
        return jdoc_fail(d, n, err, errlen, "timing: bad model name \"%s\"", s);
    snprintf(path, sizeof path, "%s/timing/%s.json",
             configs_dir ? configs_dir : cpumf_default_configs_dir(), s);
    if (tb_timing_load(path, &p->timing, e2, sizeof e2))
        return jdoc_fail(d, n, err, errlen, "timing \"%s\": %s", s, e2);
    if ((n = jdoc_get(obj, "ia")) && jdoc_u64(d, n, 0, 0x7ffffffffffffffeull, &ia, err, errlen))
        return -1;
    if (ia & 1)
        return jdoc_fail(d, n, err, errlen, "ia: instruction addresses are even");
    n = jdoc_get(obj, "loop");
    if (!n || !cJSON_IsArray(n) || cJSON_GetArraySize(n) < 1)
        return jdoc_fail(d, n ? n : obj, err, errlen, "loop: expected a non-empty array");
    cJSON_ArrayForEach(it, n)
    {
        if (p->n == TB_PROG_MAX_LOOP)
            return jdoc_fail(d, it, err, errlen, "loop: more than %d instructions",
                             TB_PROG_MAX_LOOP);
        if (parse_entry(d, it, p, ia, err, errlen))
            return -1;
        ia += p->timing.insn[p->loop[p->n].insn].ilen;
        p->n++;
    }
    return 0;
}

void tb_program_cycle(const tb_timing_insn *t, uint32_t cycles, uint32_t k, int problem,
                      uint64_t ia, cpumf_cpu_in *in)
{
    unsigned j;
    int last = k + 1 == cycles;
    in->insns = (uint8_t)last;
    in->uniq = (uint8_t)last;
    in->uniq_count = (uint8_t)last;
    in->ia = ia;
    if (problem >= 0)
        in->problem = (uint8_t)problem;
    memset(in->ext, 0, sizeof in->ext);
    /* miss m: its directory write in cycle m * (1 + pen), its penalty the cycles after */
    for (j = 0; j < 2; j++) {
        uint32_t span = 1u + t->l1_pen[j], m = k / span;
        uint8_t dw = 0, pen = 0;
        if (m < t->l1_miss[j]) {
            dw = (uint8_t)(k % span == 0);
            pen = (uint8_t)!dw;
        }
        if (j == 0) {
            in->l1i_dw = dw;
            in->l1i_pen = pen;
        } else {
            in->l1d_dw = dw;
            in->l1d_pen = pen;
        }
    }
    for (j = 0; j < t->n_ext; j++) {
        uint32_t done = 15u * k;
        if (t->ext_n[j] > done)
            cpumf_ext_set(in, t->ext_k[j], t->ext_n[j] - done > 15u ? 15u : t->ext_n[j] - done);
    }
}

void tb_program_step(const tb_program_cfg *p, tb_program_cpu *c, cpumf_cpu_in *in)
{
    const tb_prog_insn *e = &p->loop[c->at];
    if (in->wait) {
        in->ia = e->ia;
        return;
    }
    tb_program_cycle(&p->timing.insn[e->insn], e->cycles, c->k, e->problem, e->ia, in);
    if (++c->k == e->cycles) {
        c->k = 0;
        c->at = (uint8_t)((c->at + 1u) % p->n);
    }
}
