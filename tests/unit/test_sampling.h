/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_sampling.h - what the sampling tests (test_sampling_*.c) share: a one-CPU
 * sampling system, a harness that runs it against a small in-memory storage, LSCTL
 * through the untimed execution, stepping until samples are stored, a 4K-buffer setup.
 */
#ifndef CPUMF_TESTS_UNIT_TEST_SAMPLING_H
#define CPUMF_TESTS_UNIT_TEST_SAMPLING_H

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cpumf_int.h"
#include "test_mem.h"

#define MEM_SIZE (4u << 20) /* 4 MiB: room for 1M buffers */
#define OPND     0x1000u    /* where the LSCTL / QSI operands live */
#define TOD      0x00D1234567890ABCull
#define DIAG     0x0123456789ABCDEFull

static inline void model_cfg(cpumf_model_cfg *m)
{
    memset(m, 0, sizeof *m);
    strcpy(m->name, "sf-test");
    m->cfvn = 3;
    m->csvn = 6;
    m->fac_lpp = m->fac_cf = m->fac_sf = m->fac_stcctm = 1;
    m->bsdes = 32;
    m->dsdes = 64;
    m->dsde_format = 0x8006;
    m->min_interval = 16;
    m->max_interval = 0x0FFFFFFF;
    m->cpu_speed = 5200;
}

static inline void sys_cfg(cpumf_system_cfg *c, unsigned mode)
{
    memset(c, 0, sizeof *c);
    strcpy(c->name, "sf-test-1cpu");
    model_cfg(&c->model);
    c->n_cpus = 1;
    c->threads_per_core = 1;
    c->auth_cf = 0x0F;
    c->auth_sf = CPUMF_SF_BASIC | CPUMF_SF_DIAG;
    c->storage_size = MEM_SIZE;
    c->latency_min = c->latency_max = 1;
    c->interval_mode = (uint8_t)mode;
    c->lfsr_seed = 0xACE1u;
    c->dedicated = 1;
    c->level = 1;
}

typedef struct harness {
    cpumf_sys *s;
    smem m;
    cpumf_sys_in in;
    cpumf_sys_out out;
    uint64_t cyc;
    uint32_t alerts; /* every alert bit seen pending */
} harness;

static inline harness *h_new(unsigned mode, unsigned latency)
{
    cpumf_system_cfg c;
    char err[128];
    harness *h = (harness *)calloc(1, sizeof *h);
    cpumf_cpu_in *io;
    ck_assert_ptr_nonnull(h);
    sys_cfg(&c, mode);
    h->s = cpumf_create(&c, err, sizeof err);
    ck_assert_msg(h->s != NULL, "%s", err);
    sm_init(&h->m, MEM_SIZE);
    ck_assert_int_eq(cpumf_attach_storage(h->s, &sm_ops, &h->m, latency), 0);
    cpumf_in_idle(&h->in);
    io = &h->in.cpu[0];
    io->wait = 0;
    io->problem = 1;
    io->dat = 1;
    io->as = 2;
    io->asn = 0x1234;
    io->ia = 0x123456;
    io->uniq = 1;
    io->uniq_count = 3;
    io->level = 1;
    io->tod = TOD;
    io->diag = DIAG;
    return h;
}

static inline void h_free(harness *h)
{
    cpumf_destroy(h->s);
    sm_release(&h->m);
    free(h);
}

static inline uint64_t reg(const harness *h, const char *name)
{
    uint64_t v = 0u;
    ck_assert_msg(cpumf_read_register(h->s, name, &v) == 0, "%s", name);
    return v;
}

static inline void h_step(harness *h)
{
    cpumf_step(h->s, &h->in, &h->out);
    h->cyc++;
    h->alerts |= (uint32_t)reg(h, "cpu0.mf_alert.pend_q");
}

/* LSCTL operand doubleword 0 from the architecture's bit numbers:
 * S bit 0, H bit 1, Es bit 54, Ed bit 55, Cs bit 62, Cd bit 63. */
static inline uint64_t lsctl_x(unsigned s, unsigned hb, unsigned es, unsigned ed, unsigned cs,
                               unsigned cd)
{
    return ((uint64_t)s << 63) | ((uint64_t)hb << 62) | ((uint64_t)es << 9) | ((uint64_t)ed << 8) |
           ((uint64_t)cs << 1) | (uint64_t)cd;
}

/* LSCTL through the untimed execution; returns cc (or 100 + exception). */
static inline unsigned h_lsctl(harness *h, uint64_t x, uint64_t interval, uint64_t tear,
                               uint64_t dear)
{
    cpumf_insn insn;
    cpumf_insn_result res;
    sm_put(&h->m, OPND, x);
    sm_put(&h->m, OPND + 8, interval);
    sm_put(&h->m, OPND + 16, tear);
    sm_put(&h->m, OPND + 24, dear);
    memset(&insn, 0, sizeof insn);
    insn.op = CPUMF_OP_LSCTL;
    insn.addr = OPND;
    ck_assert_int_eq(cpumf_execute(h->s, 0, &insn, &res), 0);
    return res.exc ? 100u + res.exc : res.cc;
}

/* Steps until sf_update is idle after n_stored + n_overflow reached want or an
 * alert bit of 0-2 is pending; at most limit cycles. */
static inline void h_until_samples(harness *h, uint64_t want, unsigned limit)
{
    unsigned k;
    for (k = 0; k < limit; k++) {
        h_step(h);
        if (reg(h, "cpu0.sf_update.state_q") == CPUMF_US_IDLE &&
            (reg(h, "cpu0.sf_update.n_stored_q") + reg(h, "cpu0.sf_update.n_overflow_q") >= want ||
             (h->alerts & 0xE0000000u)))
            return;
    }
    ck_abort_msg("no sample after %u cycles", limit);
}

/* A 4K-buffer setup: SDBT at 0x10000 whose entry 0 links block 0x20000 and
 * entry 1 links block 0x30000; TEAR = 0x10000, DEAR = dear. */
static inline void sdb_4k(harness *h)
{
    sm_put(&h->m, 0x10000, 0x20000);
    sm_put(&h->m, 0x10008, 0x30000);
    sm_put(&h->m, 0x10010, 0x10000 | 1u); /* table link back to the start */
}

#endif
