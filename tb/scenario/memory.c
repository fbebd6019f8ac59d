/* SPDX-License-Identifier: Apache-2.0 */
/* memory.c - the scenario's "memory" (storage before cycle 0) and "dump"
 * (storage written to the results at the end). */
#include "parse.h"

#include <string.h>

#include "be.h"
#include "stimulus/storage.h"
#include "xalloc.h"

/* "u64": a nonempty array of doublewords, stored big-endian from addr. */
static int parse_u64s(parse_ctx *p, const cJSON *u, uint64_t addr, size_t *len)
{
    const cJSON *v;
    int n = cJSON_IsArray(u) ? cJSON_GetArraySize(u) : -1, i = 0;
    tb_mem_init *m;
    if (n <= 0)
        return FAIL(u, "u64: expected a nonempty array of doublewords");
    m = scn_new_mem(p, addr, (size_t)n * 8u);
    cJSON_ArrayForEach(v, u)
    {
        uint64_t x;
        if (scn_u64(p, v, 0, UINT64_MAX, &x))
            return -1;
        be_put64(&m->bytes[i * 8], x);
        i++;
    }
    *len = m->len;
    return 0;
}

/* One entry: "addr" and exactly one of "u64" and "hex", all of it in storage
 * (a "memory" entry, or the operand of a "store" step). */
int scn_parse_mem_entry(parse_ctx *p, const cJSON *e)
{
    static const char *const mk[] = {"addr", "u64", "hex", "comment", NULL};
    const cJSON *a, *u, *h;
    uint64_t addr;
    size_t len;
    int cpu;
    if (scn_keys(p, e, mk))
        return -1;
    a = GET(e, "addr");
    u = GET(e, "u64");
    h = GET(e, "hex");
    if (!a)
        return FAIL(e, "memory entry needs \"addr\"");
    if (scn_u64(p, a, 0, UINT64_MAX, &addr))
        return -1;
    if (!!u == !!h)
        return FAIL(e, "memory entry needs exactly one of \"u64\" and \"hex\"");
    if (u) {
        if (parse_u64s(p, u, addr, &len))
            return -1;
    } else {
        uint8_t *bytes;
        if (scn_hex(p, h, &bytes, &len))
            return -1;
        scn_add_mem(p, addr, bytes, len);
    }
    cpu = tb_prefix_overlap(&p->sc->system, addr, len);
    if (cpu >= 0)
        return FAIL(a,
                    "memory at 0x%llx (%zu bytes) overlaps the prefix area of cpu %d "
                    "(0x%llx, 8 KiB), which the bench writes",
                    (unsigned long long)addr, len, cpu,
                    (unsigned long long)tb_prefix_area(&p->sc->system, (unsigned)cpu));
    if (!scn_range_available(&p->sc->system, addr, len))
        return FAIL(a, "memory at 0x%llx (%zu bytes) is not available in system %s",
                    (unsigned long long)addr, len, p->sc->system.name);
    return 0;
}

int scn_parse_memory(parse_ctx *p, const cJSON *arr)
{
    return scn_each(p, arr, "memory", scn_parse_mem_entry);
}

int scn_dump_addr(parse_ctx *p, const cJSON *e, const char *const *allowed, uint64_t *addr)
{
    const cJSON *n;
    if (scn_keys(p, e, allowed))
        return -1;
    if (!(n = GET(e, "addr")))
        return FAIL(e, "needs \"addr\"");
    return scn_u64(p, n, 0, UINT64_MAX, addr);
}

static int parse_dump(parse_ctx *p, const cJSON *e)
{
    static const char *const dk[] = {"addr", "len", NULL};
    tb_dump *x = &p->sc->dump[p->sc->n_dump++];
    const cJSON *n;
    uint64_t len;
    if (scn_dump_addr(p, e, dk, &x->addr))
        return -1;
    if (!(n = GET(e, "len")))
        return FAIL(e, "needs \"len\"");
    if (scn_u64(p, n, 1, 1u << 20, &len))
        return -1;
    p->dump_bytes += len;
    if (p->dump_bytes > TB_MAX_DUMP_BYTES)
        return FAIL(n, "len: the dump areas hold more than %u bytes in all (the limit)",
                    TB_MAX_DUMP_BYTES);
    x->len = (size_t)len;
    return 0;
}

int scn_parse_dumps(parse_ctx *p, const cJSON *arr)
{
    p->sc->dump = xcalloc((size_t)cJSON_GetArraySize(arr), sizeof *p->sc->dump);
    return scn_each(p, arr, "dump", parse_dump);
}
