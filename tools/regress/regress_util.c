/* SPDX-License-Identifier: Apache-2.0 */
/*
 * regress_util.c - small helpers of the regression runner: growable text,
 * files, shell quoting for reproducing commands.
 */
#define _XOPEN_SOURCE 700
#include "regress.h"
#include "outfile.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char *vfmt(const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    char *s = xcalloc((size_t)(n < 0 ? 0 : n) + 1, 1);
    vsnprintf(s, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
    return s;
}

char *rg_fmt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vfmt(fmt, ap);
    va_end(ap);
    return s;
}

static void buf_put(rg_buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *ns = xcalloc(cap, 1);
        if (b->s)
            memcpy(ns, b->s, b->len);
        free(b->s);
        b->s = ns;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void rg_cat(rg_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vfmt(fmt, ap);
    va_end(ap);
    buf_put(b, s, strlen(s));
    free(s);
}

/* XML text or attribute: escape markup, drop what XML 1.0 forbids (and
 * bytes that are not UTF-8). */
void rg_cat_xml(rg_buf *b, const char *t)
{
    size_t left = strlen(t);
    while (left) {
        unsigned char c = (unsigned char)*t;
        size_t n = jdoc_utf8_seq(t, left);
        switch (c) {
        case '<': buf_put(b, "&lt;", 4); break;
        case '>': buf_put(b, "&gt;", 4); break;
        case '&': buf_put(b, "&amp;", 5); break;
        case '"': buf_put(b, "&quot;", 6); break;
        default:
            if (!n || (c < 0x20 && c != '\n' && c != '\t' && c != '\r'))
                buf_put(b, "?", 1);
            else
                buf_put(b, t, n);
        }
        n = n ? n : 1;
        t += n;
        left -= n;
    }
}

char *rg_utf8_clean(const char *s)
{
    rg_buf b = {0};
    size_t left = strlen(s);
    buf_put(&b, "", 0);
    while (left) {
        size_t n = jdoc_utf8_seq(s, left);
        if (n)
            buf_put(&b, s, n);
        else
            buf_put(&b, "\xef\xbf\xbd", 3);
        n = n ? n : 1;
        s += n;
        left -= n;
    }
    return b.s;
}

char *rg_read_file(const char *path)
{
    struct stat st;
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    /* a device or a pipe could be endless, or never end */
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > JDOC_MAX_BYTES) {
        fclose(f);
        return NULL;
    }
    rg_buf b = {0};
    char chunk[65536];
    size_t n;
    buf_put(&b, "", 0);
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0 && b.len <= JDOC_MAX_BYTES)
        buf_put(&b, chunk, n);
    fclose(f);
    return b.s;
}

int rg_write_file(const char *path, const char *text)
{
    outfile o;
    char err[1200];
    size_t n = strlen(text);
    if (outfile_open(&o, path, err, sizeof err) != 0)
        return -1;
    fwrite(text, 1, n, o.f); /* a short write fails the commit */
    return outfile_commit(&o, err, sizeof err);
}

int rg_mkdirs(const char *dir)
{
    char *p = xstrdup(dir);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST) {
            free(p);
            return -1;
        }
        *s = '/';
    }
    int rc = (mkdir(p, 0777) != 0 && errno != EEXIST) ? -1 : 0;
    free(p);
    return rc;
}

static void quote(rg_buf *b, const char *s)
{
    int plain = *s != '\0';
    for (const char *t = s; *t; t++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=./,:@%[]",
                    *t))
            plain = 0;
    if (plain) {
        buf_put(b, s, strlen(s));
        return;
    }
    buf_put(b, "'", 1);
    for (; *s; s++) {
        if (*s == '\'')
            buf_put(b, "'\\''", 4);
        else
            buf_put(b, s, 1);
    }
    buf_put(b, "'", 1);
}

char *rg_shell_join(char *const *env, char *const *argv)
{
    rg_buf b = {0};
    buf_put(&b, "", 0);
    for (size_t i = 0; env && env[i]; i++) {
        quote(&b, env[i]);
        buf_put(&b, " ", 1);
    }
    for (size_t i = 0; argv[i]; i++) {
        if (i)
            buf_put(&b, " ", 1);
        quote(&b, argv[i]);
    }
    return b.s;
}

char **rg_argv(size_t n, ...)
{
    char **v = xcalloc(n + 1, sizeof *v);
    va_list ap;
    va_start(ap, n);
    for (size_t i = 0; i < n; i++)
        v[i] = xstrdup(va_arg(ap, const char *));
    va_end(ap);
    return v;
}

size_t rg_argv_len(char *const *argv)
{
    size_t n = 0;
    while (argv && argv[n])
        n++;
    return n;
}

void rg_argv_push(char ***argv, const char *s)
{
    size_t n = rg_argv_len(*argv);
    char **v = xcalloc(n + 2, sizeof *v);
    if (n)
        memcpy(v, *argv, n * sizeof *v);
    v[n] = xstrdup(s);
    free(*argv);
    *argv = v;
}

char **rg_argv_copy(char *const *argv)
{
    size_t n = rg_argv_len(argv);
    char **v = xcalloc(n + 1, sizeof *v);
    for (size_t i = 0; i < n; i++)
        v[i] = xstrdup(argv[i]);
    return v;
}

void rg_argv_free(char **argv)
{
    for (size_t i = 0; argv && argv[i]; i++)
        free(argv[i]);
    free(argv);
}

double rg_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const char *rg_mode_name(rg_mode m)
{
    static const char *const names[RG_NMODES] = {
        "model",  "lockstep",  "xrand",       "sanitizer", "netlist", "unit",
        "mutant", "no-mutant", "determinism", "smp",       "shards",  "command",
    };
    return names[m];
}

const char *rg_result_name(rg_result r)
{
    static const char *const names[RG_NRESULTS] = {"pending", "pass",      "fail",       "timeout",
                                                   "crash",   "bad-input", "interrupted"};
    return names[r];
}

char *rg_stem(const char *path)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    char *s = xstrdup(b);
    char *dot = strrchr(s, '.');
    if (dot && dot != s && strcmp(dot, ".json") == 0)
        *dot = '\0';
    return s;
}

char *rg_scenario_path(const char *name)
{
    if (strchr(name, '/') || strstr(name, ".json"))
        return xstrdup(name);
    return rg_fmt("tests/scenarios/%s.json", name);
}

int rg_match(const char *pattern, const char *name)
{
    if (strpbrk(pattern, "*?["))
        return fnmatch(pattern, name, 0) == 0;
    return strstr(name, pattern) != NULL;
}

int rg_is_exe(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

const char *rg_find_line(const char *text, const char *prefix)
{
    size_t n = strlen(prefix);
    for (const char *s = text; s && *s; s = strchr(s, '\n'), s = s ? s + 1 : NULL)
        if (!strncmp(s, prefix, n))
            return s;
    return NULL;
}
