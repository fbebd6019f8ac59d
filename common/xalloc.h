/* SPDX-License-Identifier: Apache-2.0 */
/*
 * xalloc.h - memory for the programs (the bench and the tools).  When memory
 * runs out they print "PROGRAM: out of memory" on stderr and exit with status
 * 2 (bad input or environment), so callers never see NULL.  The library
 * (cmodel/) does not use them: it returns errors and never exits.
 */
#ifndef CPUMF_COMMON_XALLOC_H
#define CPUMF_COMMON_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
/* Zeroed. */
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

#endif
