/* SPDX-License-Identifier: Apache-2.0 */
/* rtl_bundle.c - the packed-struct ports of the RTL as C structs (rtl_bundle.h):
 * one field list per packed struct, built from the tables, and the moves of
 * every field between a C struct and the bits of a packed vector. */
#include "rtl_bundle.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* A field wider than 64 bits is held in C as chunks 64-bit elements. */
typedef rtl_field field;

#define SZ(type, member) sizeof(((type *)0)->member)
#define CHUNKS(width)    (((width) + 63u) / 64u)
/* Elements of a scope: in the RTL build, in the C arrays. */
#define RTL_N_SYSTEM       1u
#define RTL_N_CPU          ((unsigned)RTL_NCPU)
#define RTL_N_CORE         ((unsigned)RTL_NCPU)
#define RTL_N_GROUP        ((unsigned)RTL_NCG)
#define C_N_SYSTEM         1u
#define C_N_CPU            CPUMF_MAX_CPUS
#define C_N_CORE           CPUMF_MAX_CPUS
#define C_N_GROUP          CPUMF_MAX_CGS
#define CFG_PATH_model(f)  model.f
#define CFG_PATH_system(f) f

static const field cpu_in_fields[] = {
#define CPUMF_IN(f, w, d)                                                                          \
    {"", #f, RTL_SCOPE_CPU, offsetof(cpumf_cpu_in, f), SZ(cpumf_cpu_in, f) / CHUNKS(w), 1, 1, w},
#include "cpumf/cpumf_ports.def"
};
static const field sys_in_fields[] = {
#define CPUMF_SYS_IN(f, w, d)                                                                      \
    {"", #f, RTL_SCOPE_SYSTEM, offsetof(cpumf_sys_in, f), SZ(cpumf_sys_in, f), 1, 1, w},
#include "cpumf/cpumf_ports.def"
};
static const field cpu_out_fields[] = {
#define CPUMF_OUT(f, u, p, w, d)                                                                   \
    {#u, #p, RTL_SCOPE_CPU, offsetof(cpumf_cpu_out, f), SZ(cpumf_cpu_out, f), 1, 1, w},
#include "cpumf/cpumf_ports.def"
};
static const field cfg_fields[] = {
#define CPUMF_CFG(c, f, w, s, d)                                                                   \
    {"",                                                                                           \
     #f,                                                                                           \
     RTL_SCOPE_##s,                                                                                \
     offsetof(cpumf_system_cfg, CFG_PATH_##c(f)),                                                  \
     SZ(cpumf_system_cfg, CFG_PATH_##c(f)) / C_N_##s / CHUNKS(w),                                  \
     RTL_N_##s,                                                                                    \
     RTL_N_##s,                                                                                    \
     w},
#include "cpumf/cpumf_ports.def"
};
#define OBS_CPU_CPU(u, r, w, n)                                                                    \
    {#u, #r, RTL_SCOPE_CPU, offsetof(cpumf_cpu_obs, u.r), SZ(cpumf_cpu_obs, u.r) / (n), n, n, w},
#define OBS_CPU_SYSTEM(u, r, w, n)
#define OBS_CPU_CORE  OBS_CPU_SYSTEM
#define OBS_CPU_GROUP OBS_CPU_SYSTEM
static const field cpu_obs_fields[] = {
#define CPUMF_REG(u, r, w, n, s, t, m, d) OBS_CPU_##s(u, r, w, n)
#include "cpumf/cpumf_regs.def"
};
#define OBS_SYS(u, r, w, n, s)                                                                     \
    {#u,                                                                                           \
     #r,                                                                                           \
     RTL_SCOPE_##s,                                                                                \
     offsetof(cpumf_obs, u.r),                                                                     \
     SZ(cpumf_obs, u.r) / (C_N_##s * (n)),                                                         \
     RTL_N_##s * (n),                                                                              \
     n,                                                                                            \
     w},
#define OBS_SYS_CPU(u, r, w, n)
#define OBS_SYS_SYSTEM(u, r, w, n) OBS_SYS(u, r, w, n, SYSTEM)
#define OBS_SYS_CORE(u, r, w, n)   OBS_SYS(u, r, w, n, CORE)
#define OBS_SYS_GROUP(u, r, w, n)  OBS_SYS(u, r, w, n, GROUP)
static const field sys_obs_fields[] = {
#define CPUMF_REG(u, r, w, n, s, t, m, d) OBS_SYS_##s(u, r, w, n)
#include "cpumf/cpumf_regs.def"
};

typedef struct field_list {
    const field *f;
    unsigned n;
} field_list;

#define LIST(a)                                                                                    \
    {                                                                                              \
        a, (unsigned)(sizeof a / sizeof a[0])                                                      \
    }
static field_list fields_of(rtl_bundle b)
{
    static const field_list lists[] = {LIST(cpu_in_fields),  LIST(sys_in_fields),
                                       LIST(cpu_out_fields), LIST(cpu_obs_fields),
                                       LIST(sys_obs_fields), LIST(cfg_fields)};
    return lists[b];
}

const rtl_field *rtl_bundle_field(rtl_bundle b, unsigned k)
{
    field_list l = fields_of(b);
    return k < l.n ? &l.f[k] : NULL;
}

unsigned rtl_bundle_bits(rtl_bundle b)
{
    field_list l = fields_of(b);
    unsigned bits = 0;
    for (unsigned k = 0; k < l.n; k++)
        bits += l.f[k].n * l.f[k].width;
    return bits;
}

/* Bits [lsb, lsb + width) of the words, width at most 64: the (up to three)
 * words they touch, no more. */
static inline void put_bits(uint32_t *w, unsigned lsb, unsigned width, uint64_t v)
{
    uint32_t *p = w + lsb / 32u;
    unsigned off = lsb % 32u, end = off + width;
    uint64_t m = width == 64u ? ~(uint64_t)0 : ((uint64_t)1 << width) - 1u;
    uint32_t m0 = (uint32_t)(m << off);
    p[0] = (p[0] & ~m0) | ((uint32_t)(v << off) & m0);
    if (end > 32u) {
        uint32_t m1 = (uint32_t)(m >> (32u - off));
        p[1] = (p[1] & ~m1) | ((uint32_t)(v >> (32u - off)) & m1);
    }
    if (end > 64u) {
        uint32_t m2 = (uint32_t)(m >> (64u - off));
        p[2] = (p[2] & ~m2) | ((uint32_t)(v >> (64u - off)) & m2);
    }
}

static inline uint64_t get_bits(const uint32_t *w, unsigned lsb, unsigned width)
{
    const uint32_t *p = w + lsb / 32u;
    unsigned off = lsb % 32u, end = off + width;
    uint64_t v = p[0] >> off;
    if (end > 32u)
        v |= (uint64_t)p[1] << (32u - off);
    if (end > 64u)
        v |= (uint64_t)p[2] << (64u - off);
    return width == 64u ? v : v & (((uint64_t)1 << width) - 1u);
}

static uint64_t load(const void *p, unsigned esz)
{
    uint8_t v8;
    uint16_t v16;
    uint32_t v32;
    uint64_t v64;
    switch (esz) {
    case 1: memcpy(&v8, p, 1); return v8;
    case 2: memcpy(&v16, p, 2); return v16;
    case 4: memcpy(&v32, p, 4); return v32;
    default: memcpy(&v64, p, 8); return v64;
    }
}

static void store(void *p, unsigned esz, uint64_t v)
{
    uint8_t v8 = (uint8_t)v;
    uint16_t v16 = (uint16_t)v;
    uint32_t v32 = (uint32_t)v;
    switch (esz) {
    case 1: memcpy(p, &v8, 1); break;
    case 2: memcpy(p, &v16, 2); break;
    case 4: memcpy(p, &v32, 4); break;
    default: memcpy(p, &v, 8); break;
    }
}

uint64_t rtl_field_get(const rtl_field *f, const void *c, unsigned e)
{
    return load((const char *)c + f->off + (size_t)e * f->esz, f->esz);
}

/* A field of width bits from the C field at c (size bytes) at lsb: elements
 * of up to 64 bits, a wider field in 64-bit chunks. */
static inline void put_field(uint32_t *words, unsigned lsb, unsigned width, const void *c,
                             size_t size)
{
    unsigned chunks = CHUNKS(width);
    unsigned esz = (unsigned)(size / chunks);
    for (unsigned h = 0; h < chunks; h++) {
        unsigned bits = width - 64u * h < 64u ? width - 64u * h : 64u;
        uint64_t v = load((const char *)c + (size_t)h * esz, esz);
        /* a one-bit field is a flag: any nonzero value sets it */
        put_bits(words, lsb + 64u * h, bits, width == 1u ? v != 0u : v);
    }
}

/* The inputs are packed in every cycle, at bit 0 of a word-aligned port:
 * one statement per field, so that the compiler places them at constant
 * offsets. */
enum {
    CPU_IN_BITS = 0
#define CPUMF_IN(f, w, d) +(w)
#include "cpumf/cpumf_ports.def"
};

static void pack_cpu_in(const cpumf_cpu_in *c, uint32_t *words)
{
    unsigned at = CPU_IN_BITS;
#define CPUMF_IN(f, w, d)                                                                          \
    at -= (w);                                                                                     \
    put_field(words, at, w, &c->f, sizeof c->f);
#include "cpumf/cpumf_ports.def"
}

/* Fields from the last (least significant) up: lsb is where f starts.  With
 * last, only the elements that differ from it, which are then copied there. */
static void pack_fields(rtl_bundle b, const void *c, void *last, uint32_t *words, unsigned lsb)
{
    field_list l = fields_of(b);
    for (unsigned k = l.n; k-- > 0;) {
        const field *f = &l.f[k];
        size_t size = (size_t)CHUNKS(f->width) * f->esz;
        for (unsigned e = 0; e < f->n; e++) {
            const char *v = (const char *)c + f->off + e * size;
            if (last) {
                char *was = (char *)last + f->off + e * size;
                if (size == 8u ? load(v, 8u) == load(was, 8u) : !memcmp(v, was, size))
                    continue;
                memcpy(was, v, size);
            }
            put_field(words, lsb + e * f->width, f->width, v, size);
        }
        lsb += f->n * f->width;
    }
}

void rtl_bundle_pack(rtl_bundle b, const void *c, uint32_t *words, unsigned lsb)
{
    if (b == RTL_CPU_IN && lsb == 0u)
        pack_cpu_in((const cpumf_cpu_in *)c, words);
    else
        pack_fields(b, c, NULL, words, lsb);
}

void rtl_bundle_pack_changed(rtl_bundle b, const void *c, void *last, uint32_t *words, unsigned lsb)
{
    pack_fields(b, c, last, words, lsb);
}

/* n elements of width bits (at most 64) at lsb into the C field at c (size
 * bytes); 64-bit elements on a word boundary are the words themselves. */
static inline void get_field(const uint32_t *words, unsigned lsb, unsigned width, unsigned n,
                             void *c, size_t size)
{
    unsigned esz = (unsigned)(size / n);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (width == 64u && esz == 8u && lsb % 32u == 0u) {
        memcpy(c, words + lsb / 32u, size); /* word 2k + 1 is the high half of element k */
        return;
    }
#endif
    for (unsigned e = 0; e < n; e++)
        store((char *)c + (size_t)e * esz, esz, get_bits(words, lsb + e * width, width));
}

/* The outputs and the registers are unpacked in every cycle, from bit 0 of
 * word-aligned ports: one statement per field, as pack_cpu_in. */
#define OBS_BITS_CPU(w, n) +(w) * (n)
#define OBS_BITS_SYSTEM(w, n)
#define OBS_BITS_CORE  OBS_BITS_SYSTEM
#define OBS_BITS_GROUP OBS_BITS_SYSTEM
enum {
    CPU_OUT_BITS = 0
#define CPUMF_OUT(f, u, p, w, d) +(w)
#include "cpumf/cpumf_ports.def"
    ,
    CPU_OBS_BITS = 0
#define CPUMF_REG(u, r, w, n, s, t, m, d) OBS_BITS_##s(w, n)
#include "cpumf/cpumf_regs.def"
};

static void unpack_cpu_out(const uint32_t *words, cpumf_cpu_out *c)
{
    unsigned at = CPU_OUT_BITS;
#define CPUMF_OUT(f, u, p, w, d)                                                                   \
    at -= (w);                                                                                     \
    get_field(words, at, w, 1u, &c->f, sizeof c->f);
#include "cpumf/cpumf_ports.def"
}

#define OBS_GET_CPU(u, r, w, n)                                                                    \
    at -= (w) * (n);                                                                               \
    get_field(words, at, w, n, &c->u.r, sizeof c->u.r);
#define OBS_GET_SYSTEM(u, r, w, n)
#define OBS_GET_CORE  OBS_GET_SYSTEM
#define OBS_GET_GROUP OBS_GET_SYSTEM
static void unpack_cpu_obs(const uint32_t *words, cpumf_cpu_obs *c)
{
    unsigned at = CPU_OBS_BITS;
#define CPUMF_REG(u, r, w, n, s, t, m, d) OBS_GET_##s(u, r, w, n)
#include "cpumf/cpumf_regs.def"
}

/* Whether n elements at lsb equal the C field at c (size bytes), as
 * get_field would write them.  Inlined: the widths and offsets are then
 * constants, and the check runs every cycle. */
static inline __attribute__((always_inline)) int field_equal(const uint32_t *words, unsigned lsb,
                                                             unsigned width, unsigned n,
                                                             const void *c, size_t size)
{
    unsigned esz = (unsigned)(size / n);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (width == 64u && esz == 8u && lsb % 32u == 0u)
        return !memcmp(c, words + lsb / 32u, size);
#endif
    for (unsigned e = 0; e < n; e++)
        if (load((const char *)c + (size_t)e * esz, esz) != get_bits(words, lsb + e * width, width))
            return 0;
    return 1;
}

#define OBS_EQ_CPU(u, r, w, n)                                                                     \
    at -= (w) * (n);                                                                               \
    if (!field_equal(words, at, w, n, eq_src(&c->u.r, c, ctr), sizeof c->u.r))                     \
        return 0;
#define OBS_EQ_SYSTEM(u, r, w, n)
#define OBS_EQ_CORE  OBS_EQ_SYSTEM
#define OBS_EQ_GROUP OBS_EQ_SYSTEM
/* Where the model's value of a field is: the counter slots at ctr when
 * given, else in c (constant once inlined). */
static inline __attribute__((always_inline)) const void *
eq_src(const void *in_c, const cpumf_cpu_obs *c, const uint64_t *ctr)
{
    return ctr && in_c == (const void *)c->cf_counters.ctr_q ? (const void *)ctr : in_c;
}

int rtl_cpu_obs_equal(const uint32_t *words, const cpumf_cpu_obs *c, const uint64_t *ctr)
{
    unsigned at = CPU_OBS_BITS;
#define CPUMF_REG(u, r, w, n, s, t, m, d) OBS_EQ_##s(u, r, w, n)
#include "cpumf/cpumf_regs.def"
    return 1;
}

/* The system units: the elements of the RTL build (RTL_N_*), at the start
 * of the C arrays (C_N_* elements, row-major). */
#define SYS_N_CPU    0u
#define SYS_N_SYSTEM RTL_N_SYSTEM
#define SYS_N_CORE   RTL_N_CORE
#define SYS_N_GROUP  RTL_N_GROUP
enum {
    SYS_OBS_BITS = 0
#define CPUMF_REG(u, r, w, n, s, t, m, d) +SYS_N_##s *(w) * (n)
#include "cpumf/cpumf_regs.def"
};
#define SYS_EQ(u, r, w, n, s)                                                                      \
    at -= RTL_N_##s * (w) * (n);                                                                   \
    if (!field_equal(words, at, w, RTL_N_##s * (n), &c->u.r,                                       \
                     SZ(cpumf_obs, u.r) / C_N_##s * RTL_N_##s))                                    \
        return 0;
#define SYS_EQ_CPU(u, r, w, n)
#define SYS_EQ_SYSTEM(u, r, w, n) SYS_EQ(u, r, w, n, SYSTEM)
#define SYS_EQ_CORE(u, r, w, n)   SYS_EQ(u, r, w, n, CORE)
#define SYS_EQ_GROUP(u, r, w, n)  SYS_EQ(u, r, w, n, GROUP)
int rtl_sys_obs_equal(const uint32_t *words, const cpumf_obs *c)
{
    unsigned at = SYS_OBS_BITS;
#define CPUMF_REG(u, r, w, n, s, t, m, d) SYS_EQ_##s(u, r, w, n)
#include "cpumf/cpumf_regs.def"
    return 1;
}

void rtl_bundle_unpack(rtl_bundle b, const uint32_t *words, unsigned lsb, void *c)
{
    field_list l = fields_of(b);
    if (b == RTL_CPU_OUT && lsb == 0u) {
        unpack_cpu_out(words, (cpumf_cpu_out *)c);
        return;
    }
    if (b == RTL_CPU_OBS && lsb == 0u) {
        unpack_cpu_obs(words, (cpumf_cpu_obs *)c);
        return;
    }
    for (unsigned k = l.n; k-- > 0;) {
        const field *f = &l.f[k];
        unsigned chunks = CHUNKS(f->width);
        char *p = (char *)c + f->off;
        if (chunks == 1u) {
            get_field(words, lsb, f->width, f->n, p, (size_t)f->n * f->esz);
        } else {
            for (unsigned e = 0; e < f->n; e++)
                for (unsigned h = 0; h < chunks; h++) {
                    unsigned bits = f->width - 64u * h < 64u ? f->width - 64u * h : 64u;
                    store(p + (size_t)(e * chunks + h) * f->esz, f->esz,
                          get_bits(words, lsb + e * f->width + 64u * h, bits));
                }
        }
        lsb += f->n * f->width;
    }
}

const char *rtl_bundle_diff(rtl_bundle b, const uint32_t *x, const uint32_t *y, char *name,
                            unsigned len)
{
    field_list l = fields_of(b);
    unsigned lsb = rtl_bundle_bits(b);
    for (unsigned k = 0; k < l.n; k++) {
        const field *f = &l.f[k];
        lsb -= f->n * f->width;
        for (unsigned e = 0; e < f->n; e++) {
            unsigned at = lsb + e * f->width, same = 1;
            for (unsigned h = 0; h < f->width; h += 64u) {
                unsigned bits = f->width - h < 64u ? f->width - h : 64u;
                same &= get_bits(x, at + h, bits) == get_bits(y, at + h, bits);
            }
            if (same)
                continue;
            int n = snprintf(name, len, "%s%s%s", f->unit, *f->unit ? "." : "", f->name);
            if (f->n > f->count)
                snprintf(name + n, len - (unsigned)n, "[%u][%u]", e / f->count, e % f->count);
            else if (f->n > 1u)
                snprintf(name + n, len - (unsigned)n, "[%u]", e);
            return name;
        }
    }
    return NULL;
}
