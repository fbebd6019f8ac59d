/* SPDX-License-Identifier: Apache-2.0 */
/* relations.c - the relations between a model's counters: text, reading, evaluation. */
#include "relations.h"

#include <stdio.h>
#include <string.h>

/* ---- the text of a relation ---- */

typedef struct rel_rd {
    const jdoc *d;
    const cJSON *node; /* the text's JSON string */
    const char *s, *p; /* the text, the next character */
    tb_relation *r;
    const cpumf_model_cfg *m;
    char *err;
    size_t errlen;
} rel_rd;

/* A failure at the current character (its column inside the string; the
 * text holds no escapes, so byte i sits at column col + 1 + i). */
static int rel_fail(rel_rd *x, const char *what)
{
    int line, col;
    jdoc_pos(x->d, x->node, &line, &col);
    snprintf(x->err, x->errlen, "%s:%d:%d: relation \"%s\": %s", jdoc_name(x->d), line,
             col + 1 + (int)(x->p - x->s), x->r->name, what);
    return -1;
}

static void skip_blanks(rel_rd *x)
{
    while (*x->p == ' ')
        x->p++;
}

static int read_number(rel_rd *x, uint64_t *v)
{
    if (*x->p < '0' || *x->p > '9' || (x->p[0] == '0' && x->p[1] >= '0' && x->p[1] <= '9'))
        return rel_fail(x, "expected a number");
    for (*v = 0; *x->p >= '0' && *x->p <= '9'; x->p++) {
        if (*v > 100000000u)
            return rel_fail(x, "number too large");
        *v = *v * 10u + (uint64_t)(*x->p - '0');
    }
    return 0;
}

static int read_sum(rel_rd *x, int sign, int depth);

/* cN, an integer or (sum), with the sign it has in "left - right". */
static int read_term(rel_rd *x, int sign, int depth)
{
    uint64_t v;
    skip_blanks(x);
    if (*x->p == '(') {
        x->p++;
        if (depth > 8 || read_sum(x, sign, depth + 1))
            return depth > 8 ? rel_fail(x, "too deeply nested") : -1;
        skip_blanks(x);
        if (*x->p != ')')
            return rel_fail(x, "expected ')'");
        x->p++;
        return 0;
    }
    if (*x->p == 'c') {
        const char *at = x->p++;
        if (read_number(x, &v))
            return -1;
        if (v > 495u || !cpumf_counter_name(x->m, (unsigned)v)[0]) {
            x->p = at;
            return rel_fail(x, "not a counter of the model");
        }
        if (x->r->n == TB_REL_TERMS)
            return rel_fail(x, "too many counters");
        x->r->t[x->r->n].num = (uint16_t)v;
        x->r->t[x->r->n++].sign = (int8_t)sign;
        return 0;
    }
    if (read_number(x, &v))
        return -1;
    *(sign > 0 ? &x->r->k_left : &x->r->k_right) += v;
    return 0;
}

/* term (('+' | '-') term)* */
static int read_sum(rel_rd *x, int sign, int depth)
{
    if (read_term(x, sign, depth))
        return -1;
    for (;;) {
        skip_blanks(x);
        if (*x->p != '+' && *x->p != '-')
            return 0;
        if (read_term(x, *x->p++ == '+' ? sign : -sign, depth))
            return -1;
    }
}

/* sum op sum, the whole text */
static int parse_text(rel_rd *x)
{
    static const char *const ops[] = {"<=", ">=", "=="};
    unsigned i;
    if (read_sum(x, 1, 0))
        return -1;
    skip_blanks(x);
    for (i = 0; i < 3 && strncmp(x->p, ops[i], 2) != 0; i++)
        ;
    if (i == 3)
        return rel_fail(x, "expected <=, >= or ==");
    x->r->op = (uint8_t)i;
    x->p += 2;
    if (read_sum(x, -1, 0))
        return -1;
    skip_blanks(x);
    if (*x->p)
        return rel_fail(x, "unexpected text after the relation");
    return 0;
}

/* ---- the file's "relations" and "cycles" ---- */

/* A new, zeroed relation; NULL when there are too many. */
static tb_relation *add_relation(tb_relations *rs, const jdoc *d, const cJSON *at, char *err,
                                 size_t errlen)
{
    tb_relation *r;
    if (rs->n == TB_REL_MAX) {
        jdoc_fail(d, at, err, errlen, "more than %d relations", TB_REL_MAX);
        return NULL;
    }
    r = &rs->r[rs->n++];
    memset(r, 0, sizeof *r);
    return r;
}

static int set_name(tb_relations *rs, tb_relation *r, const jdoc *d, const cJSON *at,
                    const char *name, char *err, size_t errlen)
{
    if (!name[0] || strlen(name) >= sizeof r->name)
        return jdoc_fail(d, at, err, errlen, "relation name: 1 to %zu characters",
                         sizeof r->name - 1);
    if (tb_relation_index(rs, name) >= 0)
        return jdoc_fail(d, at, err, errlen, "relation \"%s\" named twice", name);
    snprintf(r->name, sizeof r->name, "%s", name);
    return 0;
}

/* {"name", "relation", "basis"} */
static int read_relation(tb_relations *rs, const jdoc *d, const cJSON *o, const cpumf_model_cfg *m,
                         char *err, size_t errlen)
{
    static const char *const keys[] = {"name", "relation", "basis", NULL};
    static const char *const bases[] = {"stated", "implied", "design"};
    const cJSON *nm = jdoc_get(o, "name"), *tx = jdoc_get(o, "relation"),
                *bs = jdoc_get(o, "basis");
    const char *name, *text, *basis;
    tb_relation *r;
    rel_rd x;
    if (jdoc_check_keys(d, o, keys, err, errlen))
        return -1;
    if (!nm || !tx || !bs)
        return jdoc_fail(d, o, err, errlen,
                         "a relation needs \"name\", \"relation\" and \"basis\"");
    if (jdoc_str(d, nm, &name, err, errlen) || jdoc_str(d, tx, &text, err, errlen) ||
        jdoc_str(d, bs, &basis, err, errlen) || !(r = add_relation(rs, d, o, err, errlen)) ||
        set_name(rs, r, d, nm, name, err, errlen))
        return -1;
    for (r->basis = 0; r->basis < 3 && strcmp(basis, bases[r->basis]) != 0; r->basis++)
        ;
    if (r->basis == 3)
        return jdoc_fail(d, bs, err, errlen, "basis: \"%s\" (stated, implied, design)", basis);
    if (strlen(text) >= sizeof r->text || strchr(text, '\\') || strchr(text, '"'))
        return jdoc_fail(d, tx, err, errlen, "relation: at most %zu plain characters",
                         sizeof r->text - 1);
    snprintf(r->text, sizeof r->text, "%s", text);
    x = (rel_rd){d, tx, text, text, r, m, err, errlen};
    return parse_text(&x);
}

/* "cycles_N": cN <= c0 for each counter of cycles. */
static int cycle_relations(tb_relations *rs, const jdoc *d, const cJSON *arr, char *err,
                           size_t errlen)
{
    const cJSON *it;
    for (it = cJSON_IsArray(arr) ? arr->child : NULL; it; it = it->next) {
        uint64_t n;
        tb_relation *r;
        char name[24];
        if (jdoc_u64(d, it, 128, 495, &n, err, errlen) ||
            !(r = add_relation(rs, d, it, err, errlen)))
            return -1;
        snprintf(name, sizeof name, "cycles_%u", (unsigned)n);
        if (set_name(rs, r, d, it, name, err, errlen))
            return -1;
        snprintf(r->text, sizeof r->text, "c%u <= c0", (unsigned)n);
        r->op = TB_REL_LE;
        r->basis = TB_REL_STATED;
        r->n = 2;
        r->t[0] = (tb_rel_term){(uint16_t)n, 1};
        r->t[1] = (tb_rel_term){0, -1};
    }
    return 0;
}

int tb_relations_from_json(const jdoc *d, const cJSON *root, const cpumf_model_cfg *m,
                           tb_relations *out, char *err, size_t errlen)
{
    const cJSON *arr = jdoc_get(root, "relations"), *it;
    tb_relations *rs = out;
    tb_relation *r;
    memset(rs, 0, sizeof *rs);
    r = add_relation(rs, d, root, err, errlen);
    snprintf(r->name, sizeof r->name, "undefined");
    snprintf(r->text, sizeof r->text, "every undefined extended counter == 0");
    r->op = TB_REL_UNDEFINED;
    r->basis = TB_REL_STATED;
    if (cycle_relations(rs, d, jdoc_get(root, "cycles"), err, errlen))
        return -1;
    if (arr && !cJSON_IsArray(arr))
        return jdoc_fail(d, arr, err, errlen, "relations: expected an array");
    for (it = arr ? arr->child : NULL; it; it = it->next)
        if (read_relation(rs, d, it, m, err, errlen))
            return -1;
    return 0;
}

int tb_relation_index(const tb_relations *rs, const char *name)
{
    uint32_t i;
    for (i = 0; i < rs->n; i++)
        if (!strcmp(rs->r[i].name, name))
            return (int)i;
    return -1;
}

/* ---- evaluation ---- */

static int eval_undefined(const cpumf_model_cfg *m, tb_rel_get *get, void *ctx, uint64_t *left,
                          unsigned *num)
{
    unsigned k;
    for (k = 0; k < m->n_ext && k < CPUMF_MAX_EXT; k++) {
        uint64_t v;
        if (!((m->ext_undef[k / 64u] >> (k % 64u)) & 1u))
            continue;
        *num = 128u + k;
        if (!get(ctx, 128u + k, &v))
            return -1;
        if (v) {
            *left = v;
            return 0;
        }
    }
    return 1;
}

int tb_relation_eval(const tb_relation *r, const cpumf_model_cfg *m, tb_rel_get *get, void *ctx,
                     uint64_t *left, uint64_t *right, unsigned *num)
{
    unsigned i;
    *left = r->k_left;
    *right = r->k_right;
    if (r->op == TB_REL_UNDEFINED)
        return eval_undefined(m, get, ctx, left, num);
    for (i = 0; i < r->n; i++) {
        uint64_t v;
        if (!get(ctx, r->t[i].num, &v)) {
            *num = r->t[i].num;
            return -1;
        }
        *(r->t[i].sign > 0 ? left : right) += v;
    }
    switch (r->op) {
    case TB_REL_LE: return *left <= *right;
    case TB_REL_GE: return *left >= *right;
    default: return *left == *right;
    }
}

const char *tb_relation_op_name(unsigned op)
{
    static const char *const names[] = {"<=", ">=", "==", "== 0"};
    return op < 4 ? names[op] : "?";
}

const char *tb_relation_basis_name(unsigned basis)
{
    static const char *const names[] = {"stated", "implied", "design"};
    return basis < 3 ? names[basis] : "?";
}
