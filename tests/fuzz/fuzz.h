/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz.h - what the libFuzzer harnesses of tests/fuzz/ share: the entry
 * points libFuzzer calls, the input as a stream of choices, the input as a
 * file the readers can open, and the check that a refusal says where.
 * A harness that finds a broken promise prints why on stderr and aborts:
 * libFuzzer then saves the input as a crash.
 */
#ifndef CPUMF_TESTS_FUZZ_FUZZ_H
#define CPUMF_TESTS_FUZZ_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* The input read front to back as choices; zeros once it is used up. */
typedef struct fz_bytes {
    const uint8_t *p;
    size_t n;
} fz_bytes;
unsigned fz_byte(fz_bytes *b);
/* A value from the next k bytes (k <= 8), most significant first. */
uint64_t fz_bits(fz_bytes *b, unsigned k);
/* A choice among n (n >= 1). */
unsigned fz_below(fz_bytes *b, unsigned n);

/* The input as a NUL-terminated string (a new copy). */
char *fz_text(const uint8_t *data, size_t size);

/* The input in an anonymous file: its path ("/proc/self/fd/N") in path,
 * the descriptor returned (close it when done). */
int fz_file(const uint8_t *data, size_t size, char *path, size_t pathlen);

/* A new empty directory under $TMPDIR for a harness's outputs, and its removal. */
char *fz_tmpdir(void);
void fz_rmdir(char *dir);

/* Abort with the harness's reason (printf format). */
void fz_fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;

/* A refusal of a text reader must read "FILE:LINE:COL: reason" with FILE
 * the input's name or a file the input names (a model config, a list), and
 * LINE and COL from 1. */
void fz_check_where(const char *err, const char *name);

#endif
