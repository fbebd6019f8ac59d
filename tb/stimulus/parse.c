/* SPDX-License-Identifier: Apache-2.0 */
/* parse.c - the readers the stimulus files share. */
#include "parse.h"

#include <stdio.h>
#include <string.h>

int tb_parse_qualify(const cJSON *n, char *err, size_t errlen)
{
    char tmp[1024];
    const char *sep;
    size_t head;
    if (!n || !n->string || !errlen)
        return -1;
    sep = strstr(err, ": ");
    if (!sep)
        return -1;
    head = (size_t)(sep - err) + 2;
    snprintf(tmp, sizeof tmp, "%.*s%s: %s", (int)head, err, n->string, err + head);
    snprintf(err, errlen, "%s", tmp);
    return -1;
}

int tb_parse_u64(const jdoc *d, const cJSON *n, uint64_t lo, uint64_t hi, uint64_t *out, char *err,
                 size_t errlen)
{
    if (jdoc_u64(d, n, lo, hi, out, err, errlen) != 0)
        return tb_parse_qualify(n, err, errlen);
    return 0;
}

int tb_parse_rate(const jdoc *d, const cJSON *n, uint64_t *out, char *err, size_t errlen)
{
    double p;
    if (jdoc_f64(d, n, 0.0, 1.0, &p, err, errlen) != 0)
        return tb_parse_qualify(n, err, errlen);
    *out = (uint64_t)(p * 4294967296.0 + 0.5);
    return 0;
}

int tb_parse_range(const jdoc *d, const cJSON *n, uint64_t lo, uint64_t hi, uint16_t *a,
                   uint16_t *b, char *err, size_t errlen)
{
    uint64_t x, y;
    if (!cJSON_IsArray(n) || cJSON_GetArraySize(n) != 2)
        return jdoc_fail(d, n, err, errlen, "expected [min, max]");
    if (tb_parse_u64(d, cJSON_GetArrayItem(n, 0), lo, hi, &x, err, errlen) != 0 ||
        tb_parse_u64(d, cJSON_GetArrayItem(n, 1), lo, hi, &y, err, errlen) != 0)
        return -1;
    if (y < x)
        return jdoc_fail(d, n, err, errlen, "max %llu below min %llu", (unsigned long long)y,
                         (unsigned long long)x);
    *a = (uint16_t)x;
    *b = (uint16_t)y;
    return 0;
}
