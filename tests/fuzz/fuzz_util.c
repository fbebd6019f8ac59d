/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz_util.c - the helpers every harness shares (fuzz.h). */
#define _GNU_SOURCE
#include "fuzz.h"

#include <ctype.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

unsigned fz_byte(fz_bytes *b)
{
    if (!b->n)
        return 0;
    b->n--;
    return *b->p++;
}

uint64_t fz_bits(fz_bytes *b, unsigned k)
{
    uint64_t v = 0;
    while (k--)
        v = v << 8 | fz_byte(b);
    return v;
}

unsigned fz_below(fz_bytes *b, unsigned n)
{
    return n > 256 ? (unsigned)(fz_bits(b, 2) % n) : fz_byte(b) % n;
}

char *fz_text(const uint8_t *data, size_t size)
{
    char *t = malloc(size + 1);
    if (!t)
        fz_fail("out of memory");
    if (size)
        memcpy(t, data, size);
    t[size] = '\0';
    return t;
}

int fz_file(const uint8_t *data, size_t size, char *path, size_t pathlen)
{
    int fd = memfd_create("fuzz-input", 0);
    if (fd < 0 || (size && write(fd, data, size) != (ssize_t)size))
        fz_fail("cannot write the input to a memfd");
    snprintf(path, pathlen, "/proc/self/fd/%d", fd);
    return fd;
}

char *fz_tmpdir(void)
{
    const char *t = getenv("TMPDIR");
    char *dir = malloc(4096);
    if (!dir)
        fz_fail("out of memory");
    snprintf(dir, 4096, "%s/cpumf-fuzz.XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(dir))
        fz_fail("cannot create a directory like %s", dir);
    return dir;
}

/* Depth first: the files, then their directory. */
static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    return flag == FTW_DP ? rmdir(path) : unlink(path);
}

void fz_rmdir(char *dir)
{
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(dir);
}

void fz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "\n*** fuzz harness: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    abort();
}

/* Digits from s up to the character stop: the number (0 when none). */
static unsigned long number_to(const char **s, char stop)
{
    unsigned long v = 0;
    const char *p = *s;
    while (isdigit((unsigned char)*p) && v < 100000000ul)
        v = v * 10 + (unsigned long)(*p++ - '0');
    if (p == *s || *p != stop)
        return 0;
    *s = p + 1;
    return v;
}

void fz_check_where(const char *err, const char *name)
{
    size_t n = strlen(name);
    const char *rest = NULL;
    if (!strncmp(err, name, n) && err[n] == ':') {
        rest = err + n + 1;
    } else {
        /* another file: a path that exists, up to the ":LINE:COL: " */
        for (const char *c = strchr(err, ':'); c && !rest; c = strchr(c + 1, ':')) {
            char *file = strndup(err, (size_t)(c - err));
            if (file && access(file, R_OK) == 0)
                rest = c + 1;
            free(file);
        }
    }
    const char *p = rest;
    unsigned long line = p ? number_to(&p, ':') : 0, col = line ? number_to(&p, ':') : 0;
    if (!col || *p != ' ' || !p[1] || isspace((unsigned char)p[1]))
        fz_fail("a refusal without FILE:LINE:COL: reason (input %s): \"%s\"", name, err);
}
