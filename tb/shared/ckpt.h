/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ckpt.h - the bytes of a checkpoint (cpumf-sim --checkpoint, --restore): a
 * growable buffer written in the machine's own byte order and layout, and a
 * reader that checks every length.  A checkpoint is read back by the build
 * that wrote it; the model's part checks that (cpumf_restore_state), the
 * bench's parts by their sizes (docs/scenario-format.md section 1).  Inline,
 * so that a part of the bench linked without the runner (a unit test) needs
 * nothing more.
 */
#ifndef CPUMF_TB_SHARED_CKPT_H
#define CPUMF_TB_SHARED_CKPT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "xalloc.h"

typedef struct tb_ckw {
    uint8_t *p;
    size_t len, cap;
} tb_ckw;

typedef struct tb_ckr {
    const uint8_t *p;
    size_t len, at;
    int bad; /* a read went past the end: every later read fails too */
} tb_ckr;

/* Writing: tb_ckw_reserve gives the next n bytes for the caller to fill;
 * tb_ckw_block writes n, then the n bytes (what tb_ckr_block reads back). */
static inline void *tb_ckw_reserve(tb_ckw *w, size_t n)
{
    if (w->len + n > w->cap) {
        size_t cap = w->cap ? w->cap : 65536;
        while (cap < w->len + n)
            cap *= 2;
        w->p = xrealloc(w->p, cap);
        w->cap = cap;
    }
    w->len += n;
    return w->p + w->len - n;
}

static inline void tb_ckw_put(tb_ckw *w, const void *src, size_t n)
{
    void *dst = tb_ckw_reserve(w, n);
    if (n)
        memcpy(dst, src, n);
}

static inline void tb_ckw_u64(tb_ckw *w, uint64_t v)
{
    tb_ckw_put(w, &v, sizeof v);
}

static inline void tb_ckw_block(tb_ckw *w, const void *src, size_t n)
{
    tb_ckw_u64(w, n);
    tb_ckw_put(w, src, n);
}

/* Reading: tb_ckr_get is 0, or -1 (and r->bad) when fewer than n bytes are
 * left; tb_ckr_block gives where a block's bytes are and *n, or NULL. */
static inline int tb_ckr_get(tb_ckr *r, void *dst, size_t n)
{
    if (r->bad || n > r->len - r->at) {
        r->bad = 1;
        return -1;
    }
    if (n)
        memcpy(dst, r->p + r->at, n);
    r->at += n;
    return 0;
}

static inline uint64_t tb_ckr_u64(tb_ckr *r)
{
    uint64_t v = 0;
    tb_ckr_get(r, &v, sizeof v);
    return v;
}

static inline const uint8_t *tb_ckr_block(tb_ckr *r, size_t *n)
{
    uint64_t len = tb_ckr_u64(r);
    const uint8_t *p = r->p + r->at;
    if (r->bad || len > r->len - r->at) {
        r->bad = 1;
        return NULL;
    }
    r->at += (size_t)len;
    *n = (size_t)len;
    return p;
}

#endif
