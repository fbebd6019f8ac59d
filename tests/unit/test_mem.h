/*
 * test_mem.h - the storage the unit tests attach to a model
 * (cpumf_attach_storage): a big-endian byte array with doubleword reads and
 * byte-masked writes, counted; addresses at or above size are outside the
 * configuration (the model then sees an access error).
 */
#ifndef TEST_MEM_H
#define TEST_MEM_H

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include "cpumf/cpumf.h"

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
    uint64_t v = 0u;
    unsigned i;
    m->reads++;
    if (a >= m->size || m->size - a < 8u)
        return 1;
    for (i = 0; i < 8u; i++)
        v = (v << 8) | m->b[a + i];
    *d = v;
    return 0;
}

static inline int sm_write(void *u, uint64_t a, uint64_t d, uint8_t be)
{
    smem *m = (smem *)u;
    unsigned i;
    m->writes++;
    if (a >= m->size || m->size - a < 8u)
        return 1;
    for (i = 0; i < 8u; i++)
        if (be & (0x80u >> i))
            m->b[a + i] = (uint8_t)(d >> (56u - 8u * i));
    return 0;
}

static const cpumf_storage_ops sm_ops = {sm_read, sm_write};

/* Doubleword v at a, most significant byte first. */
static inline void sm_put(smem *m, uint64_t a, uint64_t v)
{
    unsigned i;
    for (i = 0; i < 8u; i++)
        m->b[a + i] = (uint8_t)(v >> (56u - 8u * i));
}

static inline uint64_t sm_get(const smem *m, uint64_t a)
{
    uint64_t v = 0u;
    unsigned i;
    for (i = 0; i < 8u; i++)
        v = (v << 8) | m->b[a + i];
    return v;
}

#endif
