/* SPDX-License-Identifier: Apache-2.0 */
/* xalloc.c - allocation that ends the program when memory runs out. */
#define _GNU_SOURCE /* program_invocation_short_name */
#include "xalloc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *check(void *p)
{
    if (!p) {
#ifdef __GLIBC__
        fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
#else
        fprintf(stderr, "cpumf: out of memory\n");
#endif
        exit(2);
    }
    return p;
}

/* Sizes of 0 get one byte, so that a successful call never returns NULL. */
void *xmalloc(size_t n)
{
    return check(malloc(n ? n : 1));
}

void *xcalloc(size_t n, size_t size)
{
    return check(calloc(n ? n : 1, size ? size : 1));
}

void *xrealloc(void *p, size_t n)
{
    return check(realloc(p, n ? n : 1));
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}
