/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_api.h - what the API tests (test_api_*.c) share: random numbers, a big-endian
 * storage with a hole that counts and hashes its accesses, systems loaded from
 * configs/systems, random instructions and random inputs of one cycle, the observation.
 */
#ifndef CPUMF_TESTS_UNIT_TEST_API_H
#define CPUMF_TESTS_UNIT_TEST_API_H

#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "cpumf/cpumf.h"
#include "test_mem.h"

#ifndef CPUMF_CONFIGS_DEFAULT
#define CPUMF_CONFIGS_DEFAULT "configs"
#endif
#define SYSTEMS CPUMF_CONFIGS_DEFAULT "/systems/"

typedef struct rng {
    uint64_t s;
} rng;

static inline uint64_t rnd64(rng *r)
{
    /* xorshift64* */
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545F4914F6CDD1Dull;
}

static inline unsigned rnd(rng *r, unsigned n)
{
    return (unsigned)((rnd64(r) >> 16) % n);
}

/* Big-endian storage of MEM_SIZE bytes with one hole; counts and hashes accesses. */
#define MEM_SIZE 2048u
#define HOLE_LO  0x400u
#define HOLE_HI  0x440u
typedef struct mem {
    uint8_t b[MEM_SIZE];
    unsigned reads, writes;
    uint64_t log; /* hash of the access sequence */
} mem;

static inline uint64_t mix(uint64_t h, uint64_t v)
{
    unsigned i;
    for (i = 0; i < 8u; i++) {
        h ^= (v >> (8u * i)) & 0xFFu;
        h *= 0x100000001B3ull;
    }
    return h;
}

static inline int mem_ok(uint64_t a)
{
    return a < MEM_SIZE && a + 8u <= MEM_SIZE && !(a + 8u > HOLE_LO && a < HOLE_HI);
}

static inline int mem_read(void *user, uint64_t a, uint64_t *data)
{
    mem *m = (mem *)user;
    m->reads++;
    m->log = mix(mix(m->log, 1u), a);
    if (!mem_ok(a))
        return 1;
    *data = be_get64(m->b + a);
    return 0;
}

static inline int mem_write(void *user, uint64_t a, uint64_t data, uint8_t be)
{
    mem *m = (mem *)user;
    m->writes++;
    m->log = mix(mix(mix(mix(m->log, 2u), a), data), be);
    if (!mem_ok(a))
        return 1;
    be_store_masked(m->b + a, data, be);
    return 0;
}

static const cpumf_storage_ops mem_ops = {mem_read, mem_write};

static inline void mem_put(mem *m, uint64_t a, uint64_t v)
{
    be_put64(m->b + a, v);
}

/* An operand worth loading: LCCTL masks, LPCTL codes, program parameters, noise. */
static inline uint64_t mem_operand(rng *r)
{
    switch (rnd(r, 7)) {
    case 6: /* LSCTL: enable sampling functions without activating them (no ticks) */
        return (uint64_t)rnd(r, 4) << 8;
    case 0: /* a valid LCCTL request when the sets are authorized */
    case 1: {
        unsigned e = rnd(r, 16) | CPUMF_SET_BASIC;
        return ((uint64_t)e << 16) | (e & rnd(r, 16));
    }
    case 2: return rnd(r, 4);
    case 3: return ((uint64_t)rnd(r, 64) << 16) | rnd(r, 64);
    case 4: return rnd(r, 2) ? 0u : ((uint64_t)0x0Fu << 16) | 0x0Fu;
    default: return rnd64(r);
    }
}

static inline void mem_fill(mem *m, rng *r)
{
    unsigned a;
    memset(m, 0, sizeof *m);
    for (a = 0; a < MEM_SIZE; a += 8u)
        mem_put(m, a, mem_operand(r));
}

static inline cpumf_sys *load(const char *name)
{
    char path[512], err[256];
    cpumf_sys *s;
    snprintf(path, sizeof path, SYSTEMS "%s.json", name);
    s = cpumf_create_from_file(path, NULL, err, sizeof err);
    ck_assert_msg(s != NULL, "%s: %s", name, err);
    return s;
}

static inline unsigned n_cpus(const cpumf_sys *s)
{
    return cpumf_config(s)->n_cpus;
}

/* A random instruction, aimed at interesting operands most of the time. */
static inline void rand_insn(rng *r, const cpumf_sys *s, cpumf_insn *x)
{
    static const uint8_t ops[] = {CPUMF_OP_LPP,   CPUMF_OP_LCCTL,  CPUMF_OP_LPCTL, CPUMF_OP_QCTRI,
                                  CPUMF_OP_ECCTR, CPUMF_OP_EPCTR,  CPUMF_OP_SCCTR, CPUMF_OP_SPCTR,
                                  CPUMF_OP_ECPGA, CPUMF_OP_STCCTM, CPUMF_OP_LSCTL, CPUMF_OP_QSI};
    static const uint8_t m3s[] = {0, 1, 2, 3, 5, 9};
    static const unsigned nums[] = {0,   1,   5,   6,   32,  33,  34,  37,  64,  79,  80,  83, 84,
                                    128, 129, 159, 160, 227, 255, 256, 287, 288, 448, 449, 450};
    const cpumf_system_cfg *cfg = cpumf_config(s);
    memset(x, 0, sizeof *x);
    x->op = rnd(r, 10) ? ops[rnd(r, sizeof ops)] : (uint8_t)rnd(r, 16);
    x->m3 = rnd(r, 8) ? m3s[rnd(r, sizeof m3s)] : (uint8_t)rnd(r, 16);
    x->problem = rnd(r, 8) == 0;
    x->cr0_15 = (uint8_t)rnd(r, 2);
    x->r1 = rnd(r, 4) ? rnd64(r) : rnd(r, 8);
    switch (x->op) {
    case CPUMF_OP_ECCTR:
    case CPUMF_OP_SCCTR:
        x->r2 = nums[rnd(r, sizeof nums / sizeof nums[0])];
        if (rnd(r, 3) == 0) {
            int slot = -1;
            unsigned k;
            for (k = 0; k < 10u && slot < 0; k++) /* an installed counter */
                slot = cpumf_counter_slot(&cfg->model, (unsigned)(x->r2 = rnd(r, 290)));
        }
        break;
    case CPUMF_OP_EPCTR:
    case CPUMF_OP_SPCTR:
        x->r2 =
            ((uint64_t)(cfg->n_cg ? cfg->cg_addr[rnd(r, cfg->n_cg)] : rnd(r, 4)) << 8) | rnd(r, 10);
        break;
    case CPUMF_OP_ECPGA:
        x->r2 = rnd(r, 4) ? cfg->cpu_addr[rnd(r, cfg->n_cpus)] : rnd(r, 0x20);
        break;
    case CPUMF_OP_STCCTM:
        x->r1 = rnd(r, 6) ? rnd(r, 24) : (rnd(r, 2) ? 160u + rnd(r, 4) : rnd64(r));
        break;
    default: x->r2 = rnd64(r); break;
    }
    if (rnd(r, 20) == 0)
        x->r2 |= (uint64_t)1u << (16u + rnd(r, 48)); /* specification exceptions */
    switch (rnd(r, 8)) {
    case 0: x->addr = rnd64(r); break;                     /* far outside storage */
    case 1: x->addr = MEM_SIZE - 64u + rnd(r, 80); break;  /* across the end */
    case 2: x->addr = HOLE_LO - 64u + rnd(r, 0x80); break; /* around the hole */
    default: x->addr = (uint64_t)rnd(r, MEM_SIZE / 8u) * 8u + (rnd(r, 4) ? 0u : rnd(r, 8)); break;
    }
}

/* Random inputs of one cycle: activity, events, and instructions. */
static inline void rand_inputs(rng *r, const cpumf_sys *s, cpumf_sys_in *in, unsigned insn_pct)
{
    unsigned i, n = n_cpus(s);
    memset(in, 0, sizeof *in);
    for (i = 0; i < n; i++) {
        cpumf_cpu_in *c = &in->cpu[i];
        c->stopped = rnd(r, 40) == 0;
        c->wait = rnd(r, 3) == 0;
        c->problem = (uint8_t)rnd(r, 2);
        c->insns = (uint8_t)rnd(r, 8);
        c->l1i_dw = (uint8_t)rnd(r, 2);
        c->l1i_pen = (uint8_t)rnd(r, 2);
        c->l1d_dw = (uint8_t)rnd(r, 2);
        c->l1d_pen = (uint8_t)rnd(r, 2);
        c->cr_fn = (uint8_t)rnd(r, 32);
        c->cr_busy = (uint8_t)rnd(r, 32);
        c->cr_bfn = (uint8_t)rnd(r, 32);
        c->cr_bcyc = (uint8_t)rnd(r, 32);
        for (unsigned w = 0; w < CPUMF_EXT_WORDS; w++)
            c->ext[w] = rnd64(r) & rnd64(r);
        c->sf_lower_enabled = rnd(r, 8) == 0;
        c->cr0_58 = (uint8_t)rnd(r, 2);
        c->alert_taken = rnd(r, 4) == 0;
        if (rnd(r, 40) == 0)
            c->auth_set = (uint8_t)rnd(r, 128);
        if (rnd(r, 600) == 0)
            c->auth_clr = (uint8_t)(1u << rnd(r, 7));
        if (rnd(r, 60) == 0)
            c->sf_auth_set = (uint8_t)rnd(r, 4);
        if (rnd(r, 60) == 0)
            c->sf_auth_clr = (uint8_t)rnd(r, 4);
        if (rnd(r, 30) == 0)
            c->loss_cpu = (uint8_t)rnd(r, 64);
        c->loss_mt = rnd(r, 30) == 0;
        if (rnd(r, 3000) == 0)
            c->reset = (uint8_t)(1u + rnd(r, 4));
        if (rnd(r, 100) < insn_pct) {
            cpumf_insn x;
            rand_insn(r, s, &x);
            cpumf_in_present(in, i, &x);
        }
        /* garbage on the storage port: ignored while storage is attached */
        c->stor_req_ready = (uint8_t)rnd(r, 2);
        c->stor_rsp_valid = (uint8_t)rnd(r, 2);
        c->stor_rsp_err = (uint8_t)rnd(r, 2);
        c->stor_rsp_data = rnd64(r);
    }
    in->sigp_mt_valid = rnd(r, 100) == 0;
    in->sigp_mt_enable = (uint8_t)rnd(r, 2);
    in->cg_addr_change = rnd(r, 50) == 0;
}

static inline void observe0(const cpumf_sys *s, cpumf_obs *o)
{
    memset(o, 0, sizeof *o); /* padding compares equal */
    cpumf_observe(s, o);
}

#endif
