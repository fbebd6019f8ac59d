/* SPDX-License-Identifier: Apache-2.0 */
/* it_baseline.c - comparing a run with a saved one (TIME-5). */
#include "it_baseline.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "json_strict.h"
#include "xalloc.h"

static int get_str(const jdoc *d, const cJSON *o, const char *key, char *dst, char *err,
                   size_t errlen)
{
    const cJSON *n = jdoc_get(o, key);
    const char *s;
    if (!n)
        return jdoc_fail(d, o, err, errlen, "missing \"%s\"", key);
    if (jdoc_str(d, n, &s, err, errlen))
        return -1;
    if (strlen(s) >= IT_TOK)
        return jdoc_fail(d, n, err, errlen, "%s: too long", key);
    strcpy(dst, s);
    return 0;
}

static int get_num(const jdoc *d, const cJSON *o, const char *key, double *v, char *err,
                   size_t errlen)
{
    const cJSON *n = jdoc_get(o, key);
    if (!n)
        return jdoc_fail(d, o, err, errlen, "missing \"%s\"", key);
    return jdoc_f64(d, n, -1e12, 1e12, v, err, errlen);
}

static int load_rec(const jdoc *d, const cJSON *o, it_rec *r, char *err, size_t errlen)
{
    const cJSON *l, *e;
    if (!cJSON_IsObject(o))
        return jdoc_fail(d, o, err, errlen, "timing: expected an object");
    if (get_str(d, o, "inst", r->inst, err, errlen) ||
        get_str(d, o, "type", r->type, err, errlen) ||
        get_num(d, o, "cycles", &r->cycles, err, errlen) ||
        get_num(d, o, "sd", &r->sd, err, errlen))
        return -1;
    l = jdoc_get(o, "lengths");
    if (!cJSON_IsArray(l) || cJSON_GetArraySize(l) > 2)
        return jdoc_fail(d, l ? l : o, err, errlen, "lengths: expected an array of 0-2 numbers");
    cJSON_ArrayForEach(e, l)
    {
        uint64_t v;
        if (jdoc_u64(d, e, 0, 999999, &v, err, errlen))
            return -1;
        r->len[r->nlen++] = (uint32_t)v;
    }
    return 0;
}

int it_baseline_load(const char *path, it_baseline *b, char *err, size_t errlen)
{
    jdoc *d = jdoc_parse_file(path, err, errlen);
    const cJSON *t, *e;
    memset(b, 0, sizeof *b);
    if (!d)
        return -1;
    t = jdoc_get(jdoc_root(d), "timings");
    if (!cJSON_IsObject(jdoc_root(d)) || !cJSON_IsArray(t)) {
        jdoc_fail(d, t ? t : jdoc_root(d), err, errlen,
                  "expected {\"timings\": [...]} "
                  "(a cpumf-insttime --json file)");
        jdoc_free(d);
        return -1;
    }
    b->r = xcalloc((size_t)cJSON_GetArraySize(t) + 1u, sizeof *b->r);
    cJSON_ArrayForEach(e, t)
    {
        if (load_rec(d, e, &b->r[b->n], err, errlen)) {
            jdoc_free(d);
            it_baseline_free(b);
            return -1;
        }
        b->n++;
    }
    jdoc_free(d);
    return 0;
}

void it_baseline_free(it_baseline *b)
{
    free(b->r);
    memset(b, 0, sizeof *b);
}

double it_moved_limit(double sd_a, double sd_b)
{
    double sd = sd_a > sd_b ? sd_a : sd_b;
    return 3.0 * sd > 1.0 ? 3.0 * sd : 1.0;
}

static int same(const it_rec *a, const it_rec *b)
{
    return strcmp(a->inst, b->inst) == 0 && strcmp(a->type, b->type) == 0 && a->nlen == b->nlen &&
           (a->nlen < 1 || a->len[0] == b->len[0]) && (a->nlen < 2 || a->len[1] == b->len[1]);
}

static void name(FILE *out, const char *what, const it_rec *r)
{
    fprintf(out, "%s %s %s", what, r->inst, r->type);
    if (r->nlen > 0)
        fprintf(out, " %u", r->len[0]);
    if (r->nlen > 1)
        fprintf(out, " %u", r->len[1]);
}

unsigned it_baseline_compare(const it_baseline *b, const it_rec *cur, unsigned n, FILE *out)
{
    unsigned char *used = xcalloc(b->n + 1u, 1);
    unsigned i, k, bad = 0;
    for (i = 0; i < n; i++) {
        for (k = 0; k < b->n && (used[k] || !same(&b->r[k], &cur[i])); k++)
            ;
        if (k == b->n) {
            name(out, "NEW", &cur[i]);
            fprintf(out, " (line %u): not in the baseline\n", cur[i].line);
            bad++;
            continue;
        }
        used[k] = 1;
        double lim = it_moved_limit(cur[i].sd, b->r[k].sd);
        if (fabs(cur[i].cycles - b->r[k].cycles) > lim) {
            name(out, "MOVED", &cur[i]);
            fprintf(out, " (line %u): %.4f cycles, baseline %.4f (limit %.4f)\n", cur[i].line,
                    cur[i].cycles, b->r[k].cycles, lim);
            bad++;
        }
    }
    for (k = 0; k < b->n; k++)
        if (!used[k]) {
            name(out, "MISSING", &b->r[k]);
            fprintf(out, ": in the baseline, not timed\n");
            bad++;
        }
    fprintf(out, "BASELINE: %u timings compared, %u differ\n", n, bad);
    free(used);
    return bad;
}
