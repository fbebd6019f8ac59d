/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_mem.h - the storage the unit tests attach to a model
 * (cpumf_attach_storage): a big-endian byte array with doubleword reads and
 * byte-masked writes, counted; addresses at or above size are outside the
 * configuration (the model then sees an access error), in the byte order of
 * common/be.h.
 */
#ifndef CPUMF_TESTS_UNIT_TEST_MEM_H
#define CPUMF_TESTS_UNIT_TEST_MEM_H

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include "be.h"
#include "cpumf/cpumf.h"

/* Stores the bytes of v at p that the mask be selects (bit 0x80: byte 0). */
static inline void be_store_masked(uint8_t *p, uint64_t v, uint8_t be)
{
    uint8_t b[8];
    unsigned i;
    be_put64(b, v);
    for (i = 0; i < 8u; i++)
        if (be & (0x80u >> i))
            p[i] = b[i];
}

typedef struct smem {
    uint8_t *b;
    uint64_t size;
    unsigned reads, writes;
} smem;

static inline void sm_init(smem *m, uint64_t size)
{
    m->b = (uint8_t *)calloc((size_t)size, 1);
    ck_assert_ptr_nonnull(m->b);
    m->size = size;
    m->reads = m->writes = 0;
}

static inline void sm_release(smem *m)
{
    free(m->b);
    m->b = NULL;
}

static inline int sm_read(void *u, uint64_t a, uint64_t *d)
{
    smem *m = (smem *)u;
    m->reads++;
    if (a >= m->size || m->size - a < 8u)
        return 1;
    *d = be_get64(m->b + a);
    return 0;
}

static inline int sm_write(void *u, uint64_t a, uint64_t d, uint8_t be)
{
    smem *m = (smem *)u;
    m->writes++;
    if (a >= m->size || m->size - a < 8u)
        return 1;
    be_store_masked(m->b + a, d, be);
    return 0;
}

static const cpumf_storage_ops sm_ops = {sm_read, sm_write};

/* Doubleword v at a, most significant byte first. */
static inline void sm_put(smem *m, uint64_t a, uint64_t v)
{
    be_put64(m->b + a, v);
}

static inline uint64_t sm_get(const smem *m, uint64_t a)
{
    return be_get64(m->b + a);
}

#endif
