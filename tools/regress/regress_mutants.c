/*
 * regress_mutants.c - the mutant registry, tests/mutants/mutants.md: text,
 * then one Markdown table with exactly the columns
 *
 *   | name | requirement | scenario | seed | cycle | field | assertion | description |
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
    COL_DESC,
    NCOLS
};
static const char *const columns[NCOLS] = {
    "name", "requirement", "scenario", "seed", "cycle", "field", "assertion", "description",
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
        if (!is_decimal(c[k].s) || (k == COL_CYCLE && !strcmp(c[k].s, "0"))) {
            free(scenario);
            return fail(err, errlen, path, ln, c[k].col, "%s: expected a decimal number%s",
                        columns[k], k == COL_CYCLE ? " from 1" : "");
        }
    if (strpbrk(c[COL_FIELD].s, " \t")) {
        free(scenario);
        return fail(err, errlen, path, ln, c[COL_FIELD].col,
                    "field: one register or port name, no blanks");
    }
    /* "-", or NAME@CYCLE: the first ASSERTION line's name and cycle */
    const char *as = c[COL_ASSERT].s, *at = strrchr(as, '@');
    if (strcmp(as, "-") && (!at || at == as || strpbrk(as, " \t") || !is_decimal(at + 1))) {
        free(scenario);
        return fail(err, errlen, path, ln, c[COL_ASSERT].col,
                    "assertion: \"-\" or NAME@CYCLE (the first ASSERTION line of the run)");
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
                               at ? rg_fmt("%.*s", (int)(at - as), as) : NULL,
                               at ? strtoull(at + 1, NULL, 10) : 0};
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
        free(v->assertion);
    }
    free(m->v);
    *m = (rg_mutants){0};
}
