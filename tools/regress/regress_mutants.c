/* SPDX-License-Identifier: Apache-2.0 */
/*
 * regress_mutants.c - the mutant registry, tests/mutants/mutants.md: text,
 * then one Markdown table with exactly the columns
 *
 *   | name | requirement | scenario | seed | cycle | field | assertion | after | description |
 *
 * read strictly (a mistake is "path:line:col: reason"), and the package of
 * enable flags the mutant build compiles (rtl/mf_mutant.svh reads it).
 */
#define _XOPEN_SOURCE 700
#include "regress.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    COL_NAME,
    COL_REQ,
    COL_SCENARIO,
    COL_SEED,
    COL_CYCLE,
    COL_FIELD,
    COL_ASSERT,
    COL_AFTER,
    COL_DESC,
    NCOLS
};
static const char *const columns[NCOLS] = {
    "name",  "requirement", "scenario", "seed",        "cycle",
    "field", "assertion",   "after",    "description",
};

typedef struct cell {
    const char *s; /* trimmed text, NUL-terminated in the line copy */
    int col;       /* 1-based column of its first character */
} cell;

static int fail(char *err, size_t errlen, const char *path, int line, int col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
static int fail(char *err, size_t errlen, const char *path, int line, int col, const char *fmt, ...)
{
    int n = snprintf(err, errlen, "%s:%d:%d: ", path, line, col);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < errlen)
        vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return 2;
}

/* Split a table line "| a | b |" in place; the number of cells, or -1 when
 * the line does not end with '|'. */
static int split(char *line, cell *cells, int max)
{
    size_t len = strlen(line);
    while (len && (line[len - 1] == ' ' || line[len - 1] == '\r'))
        line[--len] = '\0';
    if (len < 2 || line[len - 1] != '|')
        return -1;
    line[len - 1] = '\0';
    int n = 0;
    for (char *s = line + 1; s; n++) {
        char *bar = strchr(s, '|');
        if (bar)
            *bar = '\0';
        while (*s == ' ')
            s++;
        char *e = s + strlen(s);
        while (e > s && e[-1] == ' ')
            *--e = '\0';
        if (n < max)
            cells[n] = (cell){s, (int)(s - line) + 1};
        s = bar ? bar + 1 : NULL;
    }
    return n;
}

static int is_decimal(const char *s)
{
    return *s && strspn(s, "0123456789") == strlen(s) && (s[0] != '0' || !s[1]) && strlen(s) <= 19;
}

/* A requirement ID (CF-ST-1, GEN-2) or a section of the timing contract. */
static int is_requirement(const char *s, size_t n)
{
    static const char section[] = "uarch.md section ";
    size_t k = sizeof section - 1;
    if (n > k && !strncmp(s, section, k))
        return strspn(s + k, "0123456789") == n - k;
    size_t i = 0;
    for (;;) {
        size_t w = 0;
        while (i + w < n && s[i + w] >= 'A' && s[i + w] <= 'Z')
            w++;
        if (!w || i + w == n || s[i + w] != '-')
            break;
        i += w + 1;
    }
    return i && i < n && strspn(s + i, "0123456789") == n - i;
}

/* "-", or NAME@CYCLE items separated by ", " (NAME without blanks, CYCLE
 * decimal): -1, or the offset of the first mistake. */
static int assert_list_error(const char *s)
{
    if (!strcmp(s, "-"))
        return -1;
    for (const char *p = s;;) {
        size_t n = strcspn(p, ",");
        const char *at = memchr(p, '@', n), *bad = NULL;
        char cyc[24];
        if (!at || at == p || memchr(p, ' ', (size_t)(at - p)) ||
            n - (size_t)(at - p) - 1 >= sizeof cyc)
            bad = p;
        else {
            snprintf(cyc, sizeof cyc, "%.*s", (int)(n - (size_t)(at - p) - 1), at + 1);
            if (!is_decimal(cyc))
                bad = at + 1;
        }
        if (bad)
            return (int)(bad - s);
        p += n;
        if (!*p)
            return -1;
        if (p[1] != ' ')
            return (int)(p - s);
        p += 2;
    }
}

/* One row: its cells checked and kept. */
static int row(rg_mutants *m, const char *path, int ln, const cell *c, char *err, size_t errlen)
{
    const char *name = c[COL_NAME].s;
    if (!(name[0] >= 'A' && name[0] <= 'Z') ||
        strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != strlen(name))
        return fail(err, errlen, path, ln, c[COL_NAME].col,
                    "mutant name: capitals, digits and '_'");
    if (rg_mutants_find(m, name))
        return fail(err, errlen, path, ln, c[COL_NAME].col, "mutant %s listed twice", name);
    for (const char *s = c[COL_REQ].s; *s;) {
        size_t n = strcspn(s, ",");
        if (!is_requirement(s, n))
            return fail(
                err, errlen, path, ln, c[COL_REQ].col + (int)(s - c[COL_REQ].s),
                "requirement: IDs such as CF-ST-1 or \"uarch.md section N\", separated by \", \"");
        s += n;
        if (*s && s[1] != ' ')
            return fail(err, errlen, path, ln, c[COL_REQ].col + (int)(s - c[COL_REQ].s),
                        "expected \", \"");
        s += *s ? 2 : 0;
    }
    char *scenario = rg_scenario_path(c[COL_SCENARIO].s);
    if (access(scenario, R_OK) != 0) {
        fail(err, errlen, path, ln, c[COL_SCENARIO].col, "no scenario file %s", scenario);
        free(scenario);
        return 2;
    }
    for (int k = COL_SEED; k <= COL_CYCLE; k++)
        if (!is_decimal(c[k].s)) {
            free(scenario);
            return fail(err, errlen, path, ln, c[k].col, "%s: expected a decimal number",
                        columns[k]);
        }
    if (strpbrk(c[COL_FIELD].s, " \t")) {
        free(scenario);
        return fail(err, errlen, path, ln, c[COL_FIELD].col,
                    "field: one register or port name, no blanks");
    }
    for (int k = COL_ASSERT; k <= COL_AFTER; k++) {
        int at = assert_list_error(c[k].s);
        if (at >= 0) {
            free(scenario);
            return fail(err, errlen, path, ln, c[k].col + at,
                        "%s: \"-\" or NAME@CYCLE, ... (the ASSERTION lines of the run %s its "
                        "first MISMATCH line)",
                        columns[k], k == COL_ASSERT ? "before" : "after");
        }
    }
    rg_mutant *v = xcalloc(m->n + 1, sizeof *v);
    if (m->n)
        memcpy(v, m->v, m->n * sizeof *v);
    free(m->v);
    m->v = v;
    m->v[m->n++] = (rg_mutant){xstrdup(name),
                               xstrdup(c[COL_REQ].s),
                               scenario,
                               xstrdup(c[COL_FIELD].s),
                               xstrdup(c[COL_DESC].s),
                               strtoull(c[COL_SEED].s, NULL, 10),
                               strtoull(c[COL_CYCLE].s, NULL, 10),
                               xstrdup(c[COL_ASSERT].s),
                               xstrdup(c[COL_AFTER].s)};
    return 0;
}

/* The header, the separator and the rows of the table at its line ln. */
static int table_line(rg_mutants *m, const char *path, int ln, int nth, char *line, char *err,
                      size_t errlen)
{
    cell c[NCOLS];
    int n = split(line, c, NCOLS);
    if (n < 0)
        return fail(err, errlen, path, ln, (int)strlen(line) + 1, "a table line ends with '|'");
    if (n != NCOLS)
        return fail(err, errlen, path, ln, 1, "%d cells, expected %d (%s ... %s)", n, NCOLS,
                    columns[0], columns[NCOLS - 1]);
    for (int k = 0; k < NCOLS; k++) {
        if (nth == 0 && strcmp(c[k].s, columns[k]))
            return fail(err, errlen, path, ln, c[k].col, "expected the column \"%s\"", columns[k]);
        if (nth == 1 && (strspn(c[k].s, "-:") != strlen(c[k].s) || !strchr(c[k].s, '-')))
            return fail(err, errlen, path, ln, c[k].col, "expected the separator row (---)");
        if (nth > 1 && !*c[k].s)
            return fail(err, errlen, path, ln, c[k].col, "empty %s", columns[k]);
    }
    return nth > 1 ? row(m, path, ln, c, err, errlen) : 0;
}

int rg_mutants_load(const char *path, rg_mutants *m, char *err, size_t errlen)
{
    *m = (rg_mutants){0};
    char *text = rg_read_file(path);
    if (!text)
        return fail(err, errlen, path, 1, 1, "cannot read the mutant registry");
    int rc = 0, ln = 0, nth = 0, done = 0;
    for (char *s = text; *s && !rc;) {
        char *nl = strchr(s, '\n');
        if (nl)
            *nl = '\0';
        ln++;
        if (*s == '|' && done)
            rc = fail(err, errlen, path, ln, 1, "a second table (the registry has one)");
        else if (*s == '|')
            rc = table_line(m, path, ln, nth++, s, err, errlen);
        else
            done = nth > 0;
        s = nl ? nl + 1 : s + strlen(s);
    }
    if (!rc && nth < 3)
        rc = fail(err, errlen, path, ln ? ln : 1, 1, "no mutant table (| name | ... |)");
    free(text);
    if (rc)
        rg_mutants_free(m);
    return rc;
}

const rg_mutant *rg_mutants_find(const rg_mutants *m, const char *name)
{
    for (size_t i = 0; i < m->n; i++)
        if (!strcmp(m->v[i].name, name))
            return &m->v[i];
    return NULL;
}

int rg_mutants_write_package(const rg_mutants *m, const char *registry, const char *path, char *err,
                             size_t errlen)
{
    rg_buf b = {0};
    rg_cat(&b,
           "// Made by cpumf-regress --mutant-package from %s; do not edit.\n"
           "// One flag per mutant, set once from its plusarg (see rtl/mf_mutant.svh).\n"
           "package mf_mutant_pkg;\n",
           registry);
    for (size_t i = 0; i < m->n; i++)
        rg_cat(&b, "  bit %s = $test$plusargs(\"MUTANT_%s\");\n", m->v[i].name, m->v[i].name);
    rg_cat(&b, "endpackage\n");
    /* Unchanged text keeps the file's time: the mutant build is not redone. */
    char *old = rg_read_file(path);
    int same = old && !strcmp(old, b.s), rc = 0;
    if (!same && rg_write_file(path, b.s) != 0) {
        snprintf(err, errlen, "cpumf-regress: cannot write %s", path);
        rc = -1;
    }
    free(old);
    free(b.s);
    return rc;
}

void rg_mutants_free(rg_mutants *m)
{
    for (size_t i = 0; i < m->n; i++) {
        rg_mutant *v = &m->v[i];
        free(v->name);
        free(v->requirement);
        free(v->scenario);
        free(v->field);
        free(v->description);
        free(v->as_before);
        free(v->as_after);
    }
    free(m->v);
    *m = (rg_mutants){0};
}

/* ---- --rebaseline-mutants ---- */

typedef struct rebase {
    rg_proc *p;
    size_t n, next;
} rebase;

static int rebase_next(void *ctx, rg_proc **p)
{
    rebase *b = ctx;
    if (b->next == b->n)
        return 0;
    *p = &b->p[b->next++];
    return 1;
}

static void rebase_done(void *ctx, rg_proc *p)
{
    (void)ctx;
    (void)p;
}

/* The cell of column k of a table line (between its k-th and k+1-th '|'),
 * and its length; NULL when the line has fewer cells. */
static char *cell_at(char *line, int k, size_t *len)
{
    char *s = line - 1;
    for (int i = 0; i <= k; i++)
        if (!(s = strchr(s + 1, '|')))
            return NULL;
    s++;
    char *e = strchr(s, '|');
    if (!e)
        return NULL;
    *len = (size_t)(e - s);
    return s;
}

/* The column whose header cell reads name, or -1. */
static int column_of(char *header, const char *name)
{
    size_t n;
    char *c;
    for (int k = 0; (c = cell_at(header, k, &n)); k++) {
        while (n && *c == ' ')
            c++, n--;
        while (n && c[n - 1] == ' ')
            n--;
        if (n == strlen(name) && !strncmp(c, name, n))
            return k;
    }
    return -1;
}

void rg_log_assertions(const char *log, char **before, char **after)
{
    rg_buf side[2] = {{0}, {0}};
    int past = 0;
    for (const char *s = log; *s;) {
        size_t n = strcspn(s, "\n");
        unsigned long long cyc;
        char name[160];
        if (!strncmp(s, "MISMATCH at cycle ", 18))
            past = 1;
        else if (sscanf(s, "ASSERTION at cycle %llu: %159[^ \n]", &cyc, name) == 2)
            rg_cat(&side[past], "%s%s@%llu", side[past].s ? ", " : "", name, cyc);
        s += n + (s[n] == '\n');
    }
    *before = side[0].s ? side[0].s : xstrdup("-");
    *after = side[1].s ? side[1].s : xstrdup("-");
}

/* A mutant's new cells: cycle and field of its first MISMATCH line, its
 * assertions before and after it. */
typedef struct rebased {
    unsigned long long cycle;
    char field[160];
    char *before, *after;
} rebased;

/* The registry's text with each row's cycle, field, assertion and after
 * cells replaced by its mutant's new ones (found[i]); every other byte as it
 * was. */
static char *rewrite(const char *text, const rg_mutants *m, const rebased *found)
{
    rg_buf b = {0};
    char *copy = xstrdup(text), *header = NULL;
    int nth = 0, cname = -1, ccycle = -1, cfield = -1, cassert = -1, cafter = -1;
    for (char *s = copy; *s;) {
        char *nl = strchr(s, '\n');
        if (nl)
            *nl = '\0';
        if (*s == '|' && nth++ == 0) {
            header = s;
            cname = column_of(header, "name");
            ccycle = column_of(header, "cycle");
            cfield = column_of(header, "field");
            cassert = column_of(header, "assertion");
            cafter = column_of(header, "after");
        }
        size_t n;
        char *name = *s == '|' && nth > 2 ? cell_at(s, cname, &n) : NULL;
        const rg_mutant *v = NULL;
        if (name) {
            char *key = rg_fmt("%.*s", (int)n, name + strspn(name, " "));
            key[strcspn(key, " ")] = '\0';
            v = rg_mutants_find(m, key);
            free(key);
        }
        if (v) {
            const rebased *f = &found[v - m->v];
            for (int k = 0; cell_at(s, k, &n); k++) {
                char *c = cell_at(s, k, &n);
                if (k == ccycle)
                    rg_cat(&b, "| %llu ", f->cycle);
                else if (k == cfield)
                    rg_cat(&b, "| %s ", f->field);
                else if (k == cassert)
                    rg_cat(&b, "| %s ", f->before);
                else if (k == cafter)
                    rg_cat(&b, "| %s ", f->after);
                else
                    rg_cat(&b, "|%.*s", (int)n, c);
            }
            rg_cat(&b, "|");
        } else {
            rg_cat(&b, "%s", s);
        }
        rg_cat(&b, nl ? "\n" : "");
        s = nl ? nl + 1 : s + strlen(s);
    }
    free(copy);
    return b.s;
}

int rg_mutants_rebaseline(const char *registry, const char *build, int jobs)
{
    char err[1024];
    rg_mutants m;
    if (rg_mutants_load(registry, &m, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    char *dir = rg_fmt("%s/rebaseline-mutants", build), *bin = rg_fmt("%s/cpumf-cosim-mut", build);
    rebase b = {xcalloc(m.n + 1, sizeof *b.p), m.n, 0};
    rebased *found = xcalloc(m.n + 1, sizeof *found);
    int bad = rg_mkdirs(dir) != 0;
    for (size_t i = 0; i < m.n; i++) {
        char seed[32], *plus = rg_fmt("+MUTANT_%s", m.v[i].name);
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)m.v[i].seed);
        b.p[i].argv =
            rg_argv(7, bin, m.v[i].scenario, "--seed", seed, plus, "--run-on", RG_MUTANT_RUN_ON);
        b.p[i].log = rg_fmt("%s/%s.log", dir, m.v[i].name);
        b.p[i].timeout = 600;
        free(plus);
    }
    rg_sched_ops ops = {&b, rebase_next, rebase_done};
    bad |= rg_schedule(jobs, &ops) != 0;
    for (size_t i = 0; i < m.n; i++) {
        const rg_mutant *v = &m.v[i];
        char *log = rg_read_file(b.p[i].log);
        const char *mm = log ? rg_find_line(log, "MISMATCH at cycle ") : NULL;
        rebased *f = &found[i];
        rg_log_assertions(log ? log : "", &f->before, &f->after);
        if (b.p[i].exit_status != 1 || !mm ||
            sscanf(mm, "MISMATCH at cycle %llu: %159s", &f->cycle, f->field) != 2) {
            printf("%-26s NOT CAUGHT: exit status %d, %s (%s)\n", v->name, b.p[i].exit_status,
                   mm ? "no parsable report" : "no MISMATCH report", b.p[i].log);
            bad = 1;
        } else if (f->cycle != v->cycle || strcmp(f->field, v->field) ||
                   strcmp(f->before, v->as_before) || strcmp(f->after, v->as_after)) {
            printf("%-26s cycle %llu: %s; %s; after: %s\n%-26s (was %llu: %s; %s; after: %s)\n",
                   v->name, f->cycle, f->field, f->before, f->after, "",
                   (unsigned long long)v->cycle, v->field, v->as_before, v->as_after);
        }
        free(log);
    }
    if (!bad) {
        char *text = rg_read_file(registry), *out = text ? rewrite(text, &m, found) : NULL;
        bad = !out || (strcmp(out, text) && rg_write_file(registry, out) != 0);
        printf("%s: %s\n", registry,
               bad ? "cannot rewrite"
                   : "cycle, field, assertion and after of every row from this build's runs");
        free(text);
        free(out);
    } else {
        printf("%s left unchanged\n", registry);
    }
    for (size_t i = 0; i < m.n; i++) {
        rg_argv_free(b.p[i].argv);
        free((char *)b.p[i].log);
        free(found[i].before);
        free(found[i].after);
    }
    free(b.p);
    free(found);
    free(dir);
    free(bin);
    rg_mutants_free(&m);
    return bad;
}
