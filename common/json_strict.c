/* SPDX-License-Identifier: Apache-2.0 */
/*
 * json_strict.c - strict JSON on top of cJSON, with positions.
 *
 * Two passes over the text: cJSON_ParseWithOpts(..., &end, 1) builds the
 * tree (its error pointer gives the position of a syntax error), then a walk
 * over the text in document order, in step with the tree (cJSON keeps
 * children in source order, duplicates included), records where every value
 * and key starts and refuses what strict JSON does not allow but cJSON
 * accepts: duplicate keys, numbers with leading zeros, "-.5", "1.",
 * malformed exponents, control characters outside strings.
 */
#include "json_strict.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct jpos {
    const cJSON *node;
    size_t voff; /* offset of the value's first character */
    size_t vlen; /* length of a number token (0 for others) */
    size_t vend; /* offset just past the value's last character */
    size_t koff; /* offset of the key's opening quote */
    int has_key;
} jpos;

struct jdoc {
    char *name;
    char *text;
    size_t textlen;
    cJSON *root;
    size_t *lines; /* offset of the first character of each line */
    size_t nlines;
    int line0, col0; /* where the text starts in its source (1, 1 for a whole file) */
    jpos *pos;       /* sorted by node address after the walk */
    size_t npos, cap;
};

/* ------------------------------------------------------------------ */
/* positions                                                           */

static void off_to_linecol(const jdoc *d, size_t off, int *line, int *col)
{
    size_t lo = 0, hi = d->nlines;
    /* last line start <= off */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (d->lines[mid] <= off)
            lo = mid;
        else
            hi = mid;
    }
    *line = (int)lo + d->line0;
    *col = (int)(off - d->lines[lo]) + (lo == 0 ? d->col0 : 1);
}

static int build_lines(jdoc *d)
{
    size_t n = 1, i, k = 0;
    for (i = 0; i < d->textlen; i++)
        if (d->text[i] == '\n')
            n++;
    d->lines = (size_t *)malloc(n * sizeof(size_t));
    if (!d->lines)
        return -1;
    d->lines[k++] = 0;
    for (i = 0; i < d->textlen; i++)
        if (d->text[i] == '\n')
            d->lines[k++] = i + 1;
    d->nlines = n;
    return 0;
}

static int fail_at(const jdoc *d, size_t off, char *err, size_t errlen, const char *fmt, va_list ap)
{
    char reason[512];
    int line = 1, col = 1;
    if (d->lines)
        off_to_linecol(d, off, &line, &col);
    vsnprintf(reason, sizeof reason, fmt, ap);
    if (err && errlen)
        snprintf(err, errlen, "%s:%d:%d: %s", d->name ? d->name : "<json>", line, col, reason);
    return -1;
}

static int fail_off(const jdoc *d, size_t off, char *err, size_t errlen, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
static int fail_off(const jdoc *d, size_t off, char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    int r;
    va_start(ap, fmt);
    r = fail_at(d, off, err, errlen, fmt, ap);
    va_end(ap);
    return r;
}

static int pos_cmp(const void *a, const void *b)
{
    const jpos *x = (const jpos *)a, *y = (const jpos *)b;
    if ((uintptr_t)x->node < (uintptr_t)y->node)
        return -1;
    return (uintptr_t)x->node > (uintptr_t)y->node;
}

static const jpos *find_pos(const jdoc *d, const cJSON *node)
{
    size_t lo = 0, hi = d->npos;
    if (!node)
        return NULL;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if ((uintptr_t)d->pos[mid].node == (uintptr_t)node)
            return &d->pos[mid];
        if ((uintptr_t)d->pos[mid].node < (uintptr_t)node)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static jpos *add_pos(jdoc *d, const cJSON *node, size_t voff, size_t koff, int has_key)
{
    jpos *p;
    if (d->npos == d->cap) {
        size_t ncap = d->cap ? d->cap * 2 : 64;
        jpos *np = (jpos *)realloc(d->pos, ncap * sizeof(jpos));
        if (!np)
            return NULL;
        d->pos = np;
        d->cap = ncap;
    }
    p = &d->pos[d->npos++];
    p->node = node;
    p->voff = voff;
    p->vlen = 0;
    p->vend = voff;
    p->koff = koff;
    p->has_key = has_key;
    return p;
}

/* ------------------------------------------------------------------ */
/* the second walk                                                     */

typedef struct walker {
    jdoc *d;
    size_t p;
    char *err;
    size_t errlen;
} walker;

static int w_ws(walker *w)
{
    const unsigned char *t = (const unsigned char *)w->d->text;
    for (;;) {
        unsigned char c = t[w->p];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            w->p++;
            continue;
        }
        if (c != 0 && c < 0x20)
            return fail_off(w->d, w->p, w->err, w->errlen,
                            "control character 0x%02x outside a string", (unsigned)c);
        return 0;
    }
}

static int w_expect(walker *w, char c)
{
    if (w->d->text[w->p] != c)
        return fail_off(w->d, w->p, w->err, w->errlen,
                        "internal: position walk out of step (expected '%c')", c);
    w->p++;
    return 0;
}

static int w_string(walker *w)
{
    const char *t = w->d->text;
    if (w_expect(w, '"'))
        return -1;
    while (t[w->p] && t[w->p] != '"') {
        unsigned char c = (unsigned char)t[w->p];
        size_t n = 1;
        if (c < 0x20)
            return fail_off(w->d, w->p, w->err, w->errlen, "control character inside a string");
        /* cJSON would cut the string at an escaped NUL */
        if (c == '\\' && strncmp(t + w->p + 1, "u0000", 5) == 0)
            return fail_off(w->d, w->p, w->err, w->errlen, "\\u0000 (NUL) inside a string");
        if (c == '\\' && t[w->p + 1])
            n = 2;
        else if (c >= 0x80 && !(n = jdoc_utf8_seq(t + w->p, w->d->textlen - w->p)))
            return fail_off(w->d, w->p, w->err, w->errlen,
                            "invalid UTF-8 inside a string (byte 0x%02x)", (unsigned)c);
        w->p += n;
    }
    return w_expect(w, '"');
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Checks a number token against the JSON grammar; returns its length. */
static int w_number(walker *w, size_t *len)
{
    const char *t = w->d->text;
    size_t s = w->p, e = w->p, q;
    while (t[e] && strchr("0123456789+-.eE", t[e]))
        e++;
    *len = e - s;
    q = s;
    if (t[q] == '-')
        q++;
    if (t[q] == '.')
        return fail_off(w->d, s, w->err, w->errlen, "number needs a digit before '.'");
    if (!is_digit(t[q]))
        return fail_off(w->d, s, w->err, w->errlen, "malformed number");
    if (t[q] == '0' && q + 1 < e && is_digit(t[q + 1]))
        return fail_off(w->d, s, w->err, w->errlen, "number with a leading zero");
    while (q < e && is_digit(t[q]))
        q++;
    if (q < e && t[q] == '.') {
        q++;
        if (q >= e || !is_digit(t[q]))
            return fail_off(w->d, s, w->err, w->errlen, "number needs a digit after '.'");
        while (q < e && is_digit(t[q]))
            q++;
    }
    if (q < e && (t[q] == 'e' || t[q] == 'E')) {
        q++;
        if (q < e && (t[q] == '+' || t[q] == '-'))
            q++;
        if (q >= e || !is_digit(t[q]))
            return fail_off(w->d, s, w->err, w->errlen, "malformed exponent");
        while (q < e && is_digit(t[q]))
            q++;
    }
    if (q != e)
        return fail_off(w->d, s, w->err, w->errlen, "malformed number");
    w->p = e;
    return 0;
}

static int w_value(walker *w, const cJSON *node, size_t koff, int has_key);

/* The value itself, from its first character; idx is its entry in d->pos
 * (an index: the array moves when it grows). */
static int w_body(walker *w, const cJSON *node, size_t idx)
{
    const char *t = w->d->text;
    if (cJSON_IsObject(node)) {
        const cJSON *c;
        if (w_expect(w, '{'))
            return -1;
        if (!node->child) {
            if (w_ws(w))
                return -1;
            return w_expect(w, '}');
        }
        for (c = node->child; c; c = c->next) {
            const cJSON *o;
            size_t k;
            if (w_ws(w))
                return -1;
            k = w->p;
            for (o = node->child; o != c; o = o->next)
                if (o->string && c->string && strcmp(o->string, c->string) == 0)
                    return fail_off(w->d, k, w->err, w->errlen, "duplicate key \"%s\"", c->string);
            if (w_string(w) || w_ws(w) || w_expect(w, ':'))
                return -1;
            if (w_value(w, c, k, 1))
                return -1;
            if (w_ws(w))
                return -1;
            if (c->next && w_expect(w, ','))
                return -1;
        }
        return w_expect(w, '}');
    }
    if (cJSON_IsArray(node)) {
        const cJSON *c;
        if (w_expect(w, '['))
            return -1;
        if (!node->child) {
            if (w_ws(w))
                return -1;
            return w_expect(w, ']');
        }
        for (c = node->child; c; c = c->next) {
            if (w_value(w, c, 0, 0))
                return -1;
            if (w_ws(w))
                return -1;
            if (c->next && w_expect(w, ','))
                return -1;
        }
        return w_expect(w, ']');
    }
    if (cJSON_IsString(node))
        return w_string(w);
    if (cJSON_IsNumber(node)) {
        size_t len = 0;
        if (w_number(w, &len))
            return -1;
        w->d->pos[idx].vlen = len;
        return 0;
    }
    if (cJSON_IsTrue(node) && strncmp(t + w->p, "true", 4) == 0) {
        w->p += 4;
        return 0;
    }
    if (cJSON_IsFalse(node) && strncmp(t + w->p, "false", 5) == 0) {
        w->p += 5;
        return 0;
    }
    if (cJSON_IsNull(node) && strncmp(t + w->p, "null", 4) == 0) {
        w->p += 4;
        return 0;
    }
    return fail_off(w->d, w->p, w->err, w->errlen, "internal: position walk out of step");
}

static int w_value(walker *w, const cJSON *node, size_t koff, int has_key)
{
    size_t idx;
    if (w_ws(w))
        return -1;
    if (!add_pos(w->d, node, w->p, koff, has_key))
        return fail_off(w->d, w->p, w->err, w->errlen, "out of memory");
    idx = w->d->npos - 1;
    if (w_body(w, node, idx))
        return -1;
    w->d->pos[idx].vend = w->p;
    return 0;
}

/* ------------------------------------------------------------------ */
/* parse                                                               */

/* Nesting is bounded before cJSON (which recurses) and the walk see the
 * text, so that a deep document is refused with its position. */
static int check_depth(const jdoc *d, char *err, size_t errlen)
{
    size_t i, depth = 0;
    int in_str = 0;
    for (i = 0; i < d->textlen; i++) {
        char c = d->text[i];
        if (in_str) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_str = 0;
        } else if (c == '"') {
            in_str = 1;
        } else if ((c == '[' || c == '{') && ++depth > JDOC_MAX_DEPTH) {
            return fail_off(d, i, err, errlen, "nesting deeper than %d levels (the limit)",
                            JDOC_MAX_DEPTH);
        } else if ((c == ']' || c == '}') && depth) {
            depth--;
        }
    }
    return 0;
}

static char *dupstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *r = (char *)malloc(n);
    if (r)
        memcpy(r, s, n);
    return r;
}

static jdoc *parse_owned(char *name, char *text, size_t textlen, int line0, int col0, char *err,
                         size_t errlen)
{
    jdoc *d = (jdoc *)calloc(1, sizeof(jdoc));
    const char *end = NULL;
    walker w;
    size_t i;
    if (!d) {
        free(name);
        free(text);
        if (err && errlen)
            snprintf(err, errlen, "out of memory");
        return NULL;
    }
    d->name = name;
    d->text = text;
    d->textlen = textlen;
    d->line0 = line0;
    d->col0 = col0;
    if (!name || !text || build_lines(d)) {
        if (err && errlen)
            snprintf(err, errlen, "out of memory");
        jdoc_free(d);
        return NULL;
    }
    for (i = 0; i < textlen; i++)
        if (text[i] == '\0') {
            fail_off(d, i, err, errlen, "NUL byte in the text");
            jdoc_free(d);
            return NULL;
        }
    if (textlen > JDOC_MAX_BYTES) {
        fail_off(d, 0, err, errlen, "%zu bytes, more than the limit of %d", textlen,
                 JDOC_MAX_BYTES);
        jdoc_free(d);
        return NULL;
    }
    if (check_depth(d, err, errlen)) {
        jdoc_free(d);
        return NULL;
    }
    d->root = cJSON_ParseWithOpts(text, &end, 1);
    if (!d->root) {
        size_t off = textlen;
        if (end && end >= text && end <= text + textlen)
            off = (size_t)(end - text);
        /* skip whitespace to point at the offending character */
        while (off < textlen &&
               (text[off] == ' ' || text[off] == '\t' || text[off] == '\n' || text[off] == '\r'))
            off++;
        if (off >= textlen)
            fail_off(d, textlen, err, errlen, "unexpected end of input (truncated JSON?)");
        else if ((unsigned char)text[off] >= 0x20 && (unsigned char)text[off] < 0x7f)
            fail_off(d, off, err, errlen, "JSON syntax error at '%c'", text[off]);
        else
            fail_off(d, off, err, errlen, "JSON syntax error at byte 0x%02x",
                     (unsigned)(unsigned char)text[off]);
        jdoc_free(d);
        return NULL;
    }
    w.d = d;
    w.p = 0;
    w.err = err;
    w.errlen = errlen;
    if (textlen >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
        (unsigned char)text[2] == 0xBF)
        w.p = 3; /* UTF-8 byte-order mark, which cJSON skips too */
    if (w_value(&w, d->root, 0, 0) || w_ws(&w)) {
        jdoc_free(d);
        return NULL;
    }
    qsort(d->pos, d->npos, sizeof(jpos), pos_cmp);
    return d;
}

jdoc *jdoc_parse_text(const char *name, const char *text, char *err, size_t errlen)
{
    return jdoc_parse_slice(name, text, text ? strlen(text) : 0, 1, 1, err, errlen);
}

jdoc *jdoc_parse_slice(const char *name, const char *text, size_t len, int line, int col, char *err,
                       size_t errlen)
{
    char *copy;
    if (!text) {
        if (err && errlen)
            snprintf(err, errlen, "%s:%d:%d: no text", name ? name : "<json>", line, col);
        return NULL;
    }
    copy = (char *)malloc(len + 1);
    if (copy) {
        memcpy(copy, text, len);
        copy[len] = '\0';
    }
    return parse_owned(dupstr(name ? name : "<json>"), copy, len, line < 1 ? 1 : line,
                       col < 1 ? 1 : col, err, errlen);
}

jdoc *jdoc_parse_file(const char *path, char *err, size_t errlen)
{
    FILE *f;
    char *buf = NULL;
    size_t len = 0, cap = 0;
    if (!path) {
        if (err && errlen)
            snprintf(err, errlen, "<null>:1:1: no file name");
        return NULL;
    }
    f = fopen(path, "rb");
    if (!f) {
        if (err && errlen)
            snprintf(err, errlen, "%s:1:1: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    for (;;) {
        size_t n;
        if (cap - len < 4096) {
            size_t ncap = cap ? cap * 2 : 8192;
            char *nb = (char *)realloc(buf, ncap + 1);
            if (!nb) {
                free(buf);
                fclose(f);
                if (err && errlen)
                    snprintf(err, errlen, "%s:1:1: out of memory", path);
                return NULL;
            }
            buf = nb;
            cap = ncap;
        }
        n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
        if (len > JDOC_MAX_BYTES) {
            free(buf);
            fclose(f);
            if (err && errlen)
                snprintf(err, errlen, "%s:1:1: larger than the limit of %d bytes", path,
                         JDOC_MAX_BYTES);
            return NULL;
        }
    }
    if (ferror(f)) {
        free(buf);
        fclose(f);
        if (err && errlen)
            snprintf(err, errlen, "%s:1:1: read error", path);
        return NULL;
    }
    fclose(f);
    buf[len] = '\0';
    return parse_owned(dupstr(path), buf, len, 1, 1, err, errlen);
}

const cJSON *jdoc_root(const jdoc *d)
{
    return d ? d->root : NULL;
}

const char *jdoc_name(const jdoc *d)
{
    return d ? d->name : NULL;
}

void jdoc_free(jdoc *d)
{
    if (!d)
        return;
    if (d->root)
        cJSON_Delete(d->root);
    free(d->pos);
    free(d->lines);
    free(d->text);
    free(d->name);
    free(d);
}

void jdoc_pos(const jdoc *d, const cJSON *node, int *line, int *col)
{
    const jpos *p = d ? find_pos(d, node) : NULL;
    int l = 1, c = 1;
    if (p)
        off_to_linecol(d, p->voff, &l, &c);
    if (line)
        *line = l;
    if (col)
        *col = c;
}

void jdoc_key_pos(const jdoc *d, const cJSON *node, int *line, int *col)
{
    const jpos *p = d ? find_pos(d, node) : NULL;
    int l = 1, c = 1;
    if (p)
        off_to_linecol(d, p->has_key ? p->koff : p->voff, &l, &c);
    if (line)
        *line = l;
    if (col)
        *col = c;
}

int jdoc_span(const jdoc *d, const cJSON *node, jspan *out)
{
    const jpos *p = d ? find_pos(d, node) : NULL;
    if (!p)
        return -1;
    out->start = p->voff;
    out->end = p->vend;
    off_to_linecol(d, p->voff, &out->line, &out->col);
    return 0;
}

const char *jdoc_text(const jdoc *d)
{
    return d ? d->text : NULL;
}

const char *jdoc_raw(const jdoc *d, const cJSON *node, size_t *len)
{
    const jpos *p = d ? find_pos(d, node) : NULL;
    if (!p) {
        if (len)
            *len = 0;
        return NULL;
    }
    if (len)
        *len = p->vlen;
    return d->text + p->voff;
}

static int fail_node(const jdoc *d, const cJSON *node, int at_key, char *err, size_t errlen,
                     const char *fmt, va_list ap)
{
    const jpos *p = find_pos(d, node);
    size_t off = 0;
    if (p)
        off = (at_key && p->has_key) ? p->koff : p->voff;
    return fail_at(d, off, err, errlen, fmt, ap);
}

int jdoc_fail(const jdoc *d, const cJSON *node, char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    int r;
    va_start(ap, fmt);
    r = fail_node(d, node, 0, err, errlen, fmt, ap);
    va_end(ap);
    return r;
}

int jdoc_fail_key(const jdoc *d, const cJSON *node, char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    int r;
    va_start(ap, fmt);
    r = fail_node(d, node, 1, err, errlen, fmt, ap);
    va_end(ap);
    return r;
}

/* ------------------------------------------------------------------ */
/* typed access                                                        */

const cJSON *jdoc_get(const cJSON *obj, const char *key)
{
    const cJSON *c;
    if (!obj || !cJSON_IsObject(obj))
        return NULL;
    for (c = obj->child; c; c = c->next)
        if (c->string && strcmp(c->string, key) == 0)
            return c;
    return NULL;
}

static const char *type_name(const cJSON *n)
{
    if (!n)
        return "nothing";
    if (cJSON_IsObject(n))
        return "an object";
    if (cJSON_IsArray(n))
        return "an array";
    if (cJSON_IsString(n))
        return "a string";
    if (cJSON_IsNumber(n))
        return "a number";
    if (cJSON_IsBool(n))
        return "a boolean";
    if (cJSON_IsNull(n))
        return "null";
    return "an invalid value";
}

int jdoc_check_keys(const jdoc *d, const cJSON *obj, const char *const *allowed, char *err,
                    size_t errlen)
{
    const cJSON *c;
    if (!cJSON_IsObject(obj))
        return jdoc_fail(d, obj, err, errlen, "expected an object, found %s", type_name(obj));
    for (c = obj->child; c; c = c->next) {
        const char *const *a;
        int ok = 0;
        for (a = allowed; a && *a; a++)
            if (strcmp(*a, c->string) == 0) {
                ok = 1;
                break;
            }
        if (!ok)
            return jdoc_fail_key(d, c, err, errlen, "unknown key \"%s\"", c->string);
    }
    return 0;
}

#define JDOC_2P53 9007199254740992ull

size_t jdoc_utf8_seq(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    unsigned char lo = 0x80, hi = 0xBF;
    size_t len, i;
    if (n == 0)
        return 0;
    if (u[0] < 0x80)
        return 1;
    if (u[0] >= 0xC2 && u[0] <= 0xDF)
        len = 2;
    else if (u[0] >= 0xE0 && u[0] <= 0xEF)
        len = 3;
    else if (u[0] >= 0xF0 && u[0] <= 0xF4)
        len = 4;
    else
        return 0;
    /* no overlong forms, no surrogates, nothing above U+10FFFF */
    if (u[0] == 0xE0)
        lo = 0xA0;
    else if (u[0] == 0xED)
        hi = 0x9F;
    else if (u[0] == 0xF0)
        lo = 0x90;
    else if (u[0] == 0xF4)
        hi = 0x8F;
    if (n < len || u[1] < lo || u[1] > hi)
        return 0;
    for (i = 2; i < len; i++)
        if (u[i] < 0x80 || u[i] > 0xBF)
            return 0;
    return len;
}

int jdoc_hexdigit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int jdoc_u64(const jdoc *d, const cJSON *node, uint64_t min, uint64_t max, uint64_t *out, char *err,
             size_t errlen)
{
    uint64_t v = 0;
    if (cJSON_IsNumber(node)) {
        size_t len = 0, i;
        const char *raw = jdoc_raw(d, node, &len);
        if (!raw || len == 0)
            return jdoc_fail(d, node, err, errlen, "internal: number without source text");
        if (raw[0] == '-')
            return jdoc_fail(d, node, err, errlen, "negative value, expected an unsigned integer");
        for (i = 0; i < len; i++)
            if (!is_digit(raw[i]))
                return jdoc_fail(d, node, err, errlen,
                                 "expected an integer, not a fraction or an exponent form");
        if (len > 16)
            return jdoc_fail(
                d, node, err, errlen,
                "integer above 2^53 cannot be exact in JSON; write it as a \"0x...\" string");
        for (i = 0; i < len; i++)
            v = v * 10u + (uint64_t)(raw[i] - '0');
        if (v > JDOC_2P53)
            return jdoc_fail(
                d, node, err, errlen,
                "integer above 2^53 cannot be exact in JSON; write it as a \"0x...\" string");
    } else if (cJSON_IsString(node)) {
        const char *s = node->valuestring;
        size_t n = strlen(s), i;
        if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
            if (n == 2)
                return jdoc_fail(d, node, err, errlen, "hex string \"%s\" has no digits", s);
            if (n - 2 > 16)
                return jdoc_fail(d, node, err, errlen,
                                 "hex string \"%s\" too long: more than 16 digits", s);
            for (i = 2; i < n; i++) {
                int h = jdoc_hexdigit(s[i]);
                if (h < 0)
                    return jdoc_fail(d, node, err, errlen, "bad hex digit in \"%s\"", s);
                v = (v << 4) | (uint64_t)h;
            }
        } else {
            unsigned long long t;
            char *e = NULL;
            if (n == 0)
                return jdoc_fail(d, node, err, errlen, "empty string, expected a number");
            for (i = 0; i < n; i++)
                if (!is_digit(s[i]))
                    return jdoc_fail(d, node, err, errlen,
                                     "\"%s\" is neither \"0x\" hex nor decimal digits", s);
            if (n > 1 && s[0] == '0')
                return jdoc_fail(d, node, err, errlen, "decimal string \"%s\" has a leading zero",
                                 s);
            errno = 0;
            t = strtoull(s, &e, 10);
            if (errno == ERANGE || !e || *e)
                return jdoc_fail(d, node, err, errlen, "\"%s\" does not fit in 64 bits", s);
            v = (uint64_t)t;
        }
    } else {
        return jdoc_fail(d, node, err, errlen, "expected an unsigned integer, found %s",
                         type_name(node));
    }
    if (v < min || v > max)
        return jdoc_fail(d, node, err, errlen, "value %llu (0x%llx) out of range [%llu, %llu]",
                         (unsigned long long)v, (unsigned long long)v, (unsigned long long)min,
                         (unsigned long long)max);
    if (out)
        *out = v;
    return 0;
}

int jdoc_bool(const jdoc *d, const cJSON *node, int *out, char *err, size_t errlen)
{
    if (!cJSON_IsBool(node))
        return jdoc_fail(d, node, err, errlen, "expected true or false, found %s", type_name(node));
    if (out)
        *out = cJSON_IsTrue(node) ? 1 : 0;
    return 0;
}

int jdoc_str(const jdoc *d, const cJSON *node, const char **out, char *err, size_t errlen)
{
    if (!cJSON_IsString(node) || !node->valuestring)
        return jdoc_fail(d, node, err, errlen, "expected a string, found %s", type_name(node));
    if (out)
        *out = node->valuestring;
    return 0;
}

int jdoc_f64(const jdoc *d, const cJSON *node, double min, double max, double *out, char *err,
             size_t errlen)
{
    double v;
    if (!cJSON_IsNumber(node))
        return jdoc_fail(d, node, err, errlen, "expected a number, found %s", type_name(node));
    v = node->valuedouble;
    if (!isfinite(v))
        return jdoc_fail(d, node, err, errlen, "number is not finite");
    if (v < min || v > max)
        return jdoc_fail(d, node, err, errlen, "value %g out of range [%g, %g]", v, min, max);
    if (out)
        *out = v;
    return 0;
}
