/* SPDX-License-Identifier: Apache-2.0 */
/*
 * json_strict.h - strict JSON on top of cJSON, with positions.
 *
 * cJSON (1.7.15) parses the text; a second walk over the same text, in
 * document order, checks what cJSON lets through (duplicate keys, numbers
 * such as 01, -.5 and 1., control characters outside strings, \u0000 and
 * invalid UTF-8 inside them) and records
 * the line and column of every value and of every object key.  Errors are
 * written as "name:line:col: reason" into a caller-supplied buffer.
 * No global mutable state, no printing, no exit.
 */
#ifndef CPUMF_COMMON_JSON_STRICT_H
#define CPUMF_COMMON_JSON_STRICT_H

#include <stddef.h>
#include <stdint.h>
#include <cjson/cJSON.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct jdoc jdoc;

/* Limits: a larger text, or one nested deeper, is refused with its position. */
#define JDOC_MAX_BYTES (64 * 1024 * 1024)
#define JDOC_MAX_DEPTH 200

/* Parse a file; NULL with "path:line:col: reason" in err on failure. */
jdoc *jdoc_parse_file(const char *path, char *err, size_t errlen);
/* Parse text (NUL-terminated); name is used in messages. */
jdoc *jdoc_parse_text(const char *name, const char *text, char *err, size_t errlen);
/* Parse len bytes of text that stand at line `line`, column `col` of the
 * source `name` (a value cut out of a larger file): every position, in
 * messages and from jdoc_pos, is then in that source's coordinates. */
jdoc *jdoc_parse_slice(const char *name, const char *text, size_t len, int line, int col, char *err,
                       size_t errlen);
const cJSON *jdoc_root(const jdoc *d);
const char *jdoc_name(const jdoc *d);
void jdoc_free(jdoc *d);

/* Line and column (1-based) of a value; of the document start if unknown. */
void jdoc_pos(const jdoc *d, const cJSON *node, int *line, int *col);
/* Line and column of the key of an object member (of the value if none). */
void jdoc_key_pos(const jdoc *d, const cJSON *node, int *line, int *col);

/* Write "name:line:col: reason" for the value node; returns -1. */
int jdoc_fail(const jdoc *d, const cJSON *node, char *err, size_t errlen, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* The same at the key of an object member. */
int jdoc_fail_key(const jdoc *d, const cJSON *node, char *err, size_t errlen, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* obj must be an object whose keys are all in allowed (NULL-terminated);
 * an unknown key fails at that key. */
int jdoc_check_keys(const jdoc *d, const cJSON *obj, const char *const *allowed, char *err,
                    size_t errlen);

/* Unsigned integer: a JSON integer (no fraction, no exponent, <= 2^53) or a
 * string "0x" + 1..16 hex digits or decimal digits; range-checked. */
int jdoc_u64(const jdoc *d, const cJSON *node, uint64_t min, uint64_t max, uint64_t *out, char *err,
             size_t errlen);
int jdoc_bool(const jdoc *d, const cJSON *node, int *out, char *err, size_t errlen);
int jdoc_str(const jdoc *d, const cJSON *node, const char **out, char *err, size_t errlen);
int jdoc_f64(const jdoc *d, const cJSON *node, double min, double max, double *out, char *err,
             size_t errlen);

/* Convenience: member of an object by exact (case-sensitive) key, or NULL. */
const cJSON *jdoc_get(const cJSON *obj, const char *key);
/* Where a value sits in the text of its document: bytes [start, end) of
 * jdoc_text(d), and the line and column of its first character. */
typedef struct jspan {
    size_t start, end;
    int line, col;
} jspan;
/* 0, or -1 when node is not a value of d. */
int jdoc_span(const jdoc *d, const cJSON *node, jspan *out);
/* The document's text (NUL-terminated). */
const char *jdoc_text(const jdoc *d);
/* Raw source text of a number token (not NUL-terminated) and its length. */
const char *jdoc_raw(const jdoc *d, const cJSON *node, size_t *len);

/* The length (1 to 4) of the well-formed UTF-8 sequence at s (at most n
 * bytes), or 0 when there is none. */
size_t jdoc_utf8_seq(const char *s, size_t n);

/* Value of one hex digit, or -1. */
int jdoc_hexdigit(int c);

#ifdef __cplusplus
}
#endif
#endif
