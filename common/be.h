/* SPDX-License-Identifier: Apache-2.0 */
/* be.h - 64-bit values as big-endian bytes, the byte order of z/Architecture storage. */
#ifndef CPUMF_COMMON_BE_H
#define CPUMF_COMMON_BE_H

#include <stdint.h>

static inline uint64_t be_get64(const uint8_t *b)
{
    uint64_t v = 0;
    int i;
    for (i = 0; i < 8; i++)
        v = v << 8 | b[i];
    return v;
}

static inline void be_put64(uint8_t *b, uint64_t v)
{
    int i;
    for (i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (56 - 8 * i));
}

#endif
