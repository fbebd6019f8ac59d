/*
 * test_sampling.c - unit tests of the sampling facility: the architecture
 * rules of sampling (LSCTL, QSI, entries, SDB/SDBT arithmetic, LFSR, interval
 * reload), the interval machinery (sf_interval) including the long-run mean
 * of every mode (the interval loaded, SF-INT-5), and the sample-data-block
 * update process run by the whole model against a small in-memory storage.
 * Every test name carries the requirement ID it checks; expected values come
 * from the architecture (IBM SA23-2260), docs/requirements.md, the Arm SPE
 * sample-interval scheme and docs/uarch.md Part II, written out by hand, not
 * computed with the model's own functions.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpumf_int.h"
#include "test_mem.h"

/* ------------------------------------------------------------ fixtures */

#define MEM_SIZE (4u << 20) /* 4 MiB: room for 1M buffers */
#define OPND     0x1000u    /* where the LSCTL / QSI operands live */
#define TOD      0x00D1234567890ABCull
#define DIAG     0x0123456789ABCDEFull

static void model_cfg(cpumf_model_cfg *m)
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

static void sys_cfg(cpumf_system_cfg *c, unsigned mode)
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

static harness *h_new(unsigned mode, unsigned latency)
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

static void h_free(harness *h)
{
    cpumf_destroy(h->s);
    sm_release(&h->m);
    free(h);
}

static uint64_t reg(const harness *h, const char *name)
{
    uint64_t v = 0u;
    ck_assert_msg(cpumf_read_register(h->s, name, &v) == 0, "%s", name);
    return v;
}

static void h_step(harness *h)
{
    cpumf_step(h->s, &h->in, &h->out);
    h->cyc++;
    h->alerts |= (uint32_t)reg(h, "cpu0.mf_alert.pend_q");
}

/* LSCTL operand doubleword 0 from the architecture's bit numbers:
 * S bit 0, H bit 1, Es bit 54, Ed bit 55, Cs bit 62, Cd bit 63. */
static uint64_t lsctl_x(unsigned s, unsigned hb, unsigned es, unsigned ed, unsigned cs, unsigned cd)
{
    return ((uint64_t)s << 63) | ((uint64_t)hb << 62) | ((uint64_t)es << 9) | ((uint64_t)ed << 8) |
           ((uint64_t)cs << 1) | (uint64_t)cd;
}

/* LSCTL through the untimed execution; returns cc (or 100 + exception). */
static unsigned h_lsctl(harness *h, uint64_t x, uint64_t interval, uint64_t tear, uint64_t dear)
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
static void h_until_samples(harness *h, uint64_t want, unsigned limit)
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
static void sdb_4k(harness *h)
{
    sm_put(&h->m, 0x10000, 0x20000);
    sm_put(&h->m, 0x10008, 0x30000);
    sm_put(&h->m, 0x10010, 0x10000 | 1u); /* table link back to the start */
}

/* ------------------------------------------------------------ LSCTL / QSI */

START_TEST(test_SF_LSCTL_1_request_block_bits)
{
    cpumf_model_cfg m;
    uint64_t op[4] = {0, 5000, 0x10000, 0x20000};
    arch_lsctl_result r;
    unsigned b;
    model_cfg(&m);
    /* bits 2-53 and 56-61 (architecture numbering) give specification */
    for (b = 2; b <= 61; b++) {
        if (b == 54 || b == 55)
            continue;
        op[0] = (uint64_t)1u << (63 - b);
        r = arch_lsctl(&m, op, 3, 0, 0, 1);
        ck_assert_msg(r.exc == CPUMF_EXC_SPECIFICATION, "bit %u", b);
        ck_assert_uint_eq(r.apply, 0);
    }
    /* S, H, Es, Ed, Cs, Cd are accepted and decoded */
    op[0] = lsctl_x(1, 1, 1, 0, 1, 0);
    r = arch_lsctl(&m, op, 3, 0, 0, 1);
    ck_assert_uint_eq(r.exc, 0);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.e, CPUMF_SF_BASIC);
    ck_assert_uint_eq(r.c, CPUMF_SF_BASIC);
    ck_assert_uint_eq(r.s, 1);
    ck_assert_uint_eq(r.h, 1);
    ck_assert_uint_eq(r.load, 1);
    ck_assert_uint_eq(r.interval, 5000);
    ck_assert_uint_eq(r.tear, 0x10000);
    ck_assert_uint_eq(r.dear, 0x20000);
    op[0] = lsctl_x(0, 0, 0, 1, 0, 1);
    r = arch_lsctl(&m, op, 3, 0, 0, 1);
    ck_assert_uint_eq(r.e, CPUMF_SF_DIAG);
    ck_assert_uint_eq(r.c, CPUMF_SF_DIAG);
    /* H is ignored at the virtual-machine level */
    op[0] = lsctl_x(0, 1, 1, 0, 1, 0);
    r = arch_lsctl(&m, op, 3, 0, 0, 2);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.h, 0);
}
END_TEST

START_TEST(test_SF_LSCTL_2_all_or_nothing_and_interval)
{
    cpumf_model_cfg m;
    uint64_t op[4] = {0, 5000, 0x10000, 0x20000};
    arch_lsctl_result r;
    model_cfg(&m);
    /* diagnostic not authorized: activating both is cc 3, nothing applies */
    op[0] = lsctl_x(0, 0, 1, 1, 1, 1);
    r = arch_lsctl(&m, op, CPUMF_SF_BASIC, 0, 0, 1);
    ck_assert_uint_eq(r.exc, 0);
    ck_assert_uint_eq(r.cc, 3);
    ck_assert_uint_eq(r.apply, 0);
    ck_assert_uint_eq(r.load, 0);
    /* (e, c) = (0, 1) is never valid */
    op[0] = lsctl_x(0, 0, 1, 0, 1, 1);
    r = arch_lsctl(&m, op, 3, 0, 0, 1);
    ck_assert_uint_eq(r.cc, 3);
    /* an interval outside [min, max] while activating: specification */
    op[0] = lsctl_x(0, 0, 1, 0, 1, 0);
    op[1] = 15;
    r = arch_lsctl(&m, op, 3, 0, 0, 1);
    ck_assert_uint_eq(r.exc, CPUMF_EXC_SPECIFICATION);
    op[1] = 0x10000000;
    r = arch_lsctl(&m, op, 3, 0, 0, 1);
    ck_assert_uint_eq(r.exc, CPUMF_EXC_SPECIFICATION);
    op[1] = 16;
    r = arch_lsctl(&m, op, 3, 0, 0, 1);
    ck_assert_uint_eq(r.exc, 0);
    op[1] = 0x0FFFFFFF;
    r = arch_lsctl(&m, op, 3, 0, 0, 1);
    ck_assert_uint_eq(r.exc, 0);
    /* ... is ignored when nothing is activated: enable only, cc 0, no load */
    op[0] = lsctl_x(0, 0, 1, 1, 0, 0);
    op[1] = 1;
    r = arch_lsctl(&m, op, 3, 0, 0, 1);
    ck_assert_uint_eq(r.exc, 0);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.apply, 1);
    ck_assert_uint_eq(r.load, 0);
    /* the interval is checked for authorized functions asked active: before
     * the state check (specification, not cc 3) ... */
    op[0] = lsctl_x(0, 0, 1, 1, 1, 1);
    op[1] = 1;
    r = arch_lsctl(&m, op, CPUMF_SF_BASIC, 0, 0, 1);
    ck_assert_uint_eq(r.exc, CPUMF_EXC_SPECIFICATION);
    ck_assert_uint_eq(r.unauth_bad_interval, 0);
    /* ... but activating only unauthorized functions is cc 3 whatever the
     * interval (SF-LSCTL-2) */
    r = arch_lsctl(&m, op, 0, 0, 0, 1);
    ck_assert_uint_eq(r.exc, 0);
    ck_assert_uint_eq(r.cc, 3);
    ck_assert_uint_eq(r.apply, 0);
    ck_assert_uint_eq(r.unauth_bad_interval, 1);
    op[0] = lsctl_x(0, 0, 0, 1, 0, 1); /* diagnostic alone, unauthorized */
    r = arch_lsctl(&m, op, CPUMF_SF_BASIC, 0, 0, 1);
    ck_assert_uint_eq(r.exc, 0);
    ck_assert_uint_eq(r.cc, 3);
    ck_assert_uint_eq(r.unauth_bad_interval, 1);
    op[1] = 5000; /* in range: cc 3 all the same, nothing to note */
    r = arch_lsctl(&m, op, CPUMF_SF_BASIC, 0, 0, 1);
    ck_assert_uint_eq(r.cc, 3);
    ck_assert_uint_eq(r.unauth_bad_interval, 0);
}
END_TEST

START_TEST(test_SF_LSCTL_3_disable_clears_controls)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sdb_4k(h);
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(1, 1, 1, 0, 1, 0), 5000, 0x10000, 0x20000), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.e_q"), CPUMF_SF_BASIC);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_q"), CPUMF_SF_BASIC);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.s_q"), 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.h_q"), 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.interval_q"), 5000);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.tear_q"), 0x10000);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x20000);
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.cnt_q"), 5000);
    /* deactivate: controls preserved */
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 0, 0), 0, 0, 0), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.interval_q"), 5000);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x20000);
    /* disable all: everything but A is zero */
    ck_assert_uint_eq(h_lsctl(h, 0, 0, 0, 0), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.e_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.s_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.h_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.interval_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.tear_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.cnt_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.a_q"), 3);
    h_free(h);
}
END_TEST

START_TEST(test_SF_QSI_1_information_block)
{
    cpumf_model_cfg m;
    uint64_t blk[8];
    model_cfg(&m);
    /* bytes 0-3: As/Ad bits 14/15, Es/Ed 22/23, Cs/Cd 30/31; bytes 4-5 BSDES, 6-7 DSDES */
    arch_qsi_block(&m, CPUMF_SF_BASIC | CPUMF_SF_DIAG, CPUMF_SF_BASIC, CPUMF_SF_BASIC, 0x11000,
                   0x22000, blk);
    ck_assert_uint_eq(blk[0], 0x0003020200200040ull);
    ck_assert_uint_eq(blk[1], 16);
    ck_assert_uint_eq(blk[2], 0x0FFFFFFF);
    ck_assert_uint_eq(blk[3], 0x11000);
    ck_assert_uint_eq(blk[4], 0x22000);
    ck_assert_uint_eq(blk[5], 5200); /* bytes 44-47 */
    ck_assert_uint_eq(blk[6], 0);
    ck_assert_uint_eq(blk[7], 0);
    arch_qsi_block(&m, CPUMF_SF_DIAG, CPUMF_SF_DIAG, CPUMF_SF_DIAG, 0, 0, blk);
    ck_assert_uint_eq(blk[0], 0x0001010100200040ull);
}
END_TEST

START_TEST(test_SF_QSI_1_stored_through_the_model)
{
    harness *h = h_new(CPUMF_INT_EXACT, 2);
    cpumf_insn insn;
    cpumf_insn_result res;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 1, 0, 0), 0, 0, 0), 0); /* enable only */
    memset(&insn, 0, sizeof insn);
    insn.op = CPUMF_OP_QSI;
    insn.addr = 0x3004; /* not aligned: 9 doublewords */
    memset(h->m.b + 0x3000, 0xEE, 80);
    ck_assert_int_eq(cpumf_execute(h->s, 0, &insn, &res), 0);
    ck_assert_uint_eq(res.exc, 0);
    ck_assert_uint_eq(res.cc_valid, 0);
    ck_assert_uint_eq(sm_get(&h->m, 0x3000), 0xEEEEEEEE00030300ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x3008), 0x0020004000000000ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x3040), 0x00000000EEEEEEEEull);
    /* problem state: privileged */
    insn.problem = 1;
    ck_assert_int_eq(cpumf_execute(h->s, 0, &insn, &res), 0);
    ck_assert_uint_eq(res.exc, CPUMF_EXC_PRIVILEGED);
    h_free(h);
}
END_TEST

/* ------------------------------------------------------------ state, resets */

/* sf_ctrl alone: both functions authorized, everything else zero. */
typedef struct ctrl_bench {
    cpumf_cpu_in io;
    sf_ctrl_state q, d;
    sf_ctrl_in in;
    sf_ctrl_out out;
} ctrl_bench;

static void ctrl_bench_init(ctrl_bench *b)
{
    memset(b, 0, sizeof *b);
    b->in.io = &b->io;
    b->q.a = 3;
}

/* One evaluation from q into d (callers decide whether d becomes q). */
static void ctrl_eval(ctrl_bench *b)
{
    sf_ctrl_eval(&b->q, &b->in, &b->out, &b->d);
}

START_TEST(test_SF_ST_1_state_transitions)
{
    ctrl_bench b;
    ctrl_bench_init(&b);
    /* disabled -> active via LSCTL loads the controls */
    b.in.lsctl_valid = 1;
    b.in.lsctl_e = 1;
    b.in.lsctl_c = 1;
    b.in.lsctl_load = 1;
    b.in.lsctl_interval = 4096;
    b.in.lsctl_tear = 0x10000;
    b.in.lsctl_dear = 0x20000;
    ctrl_eval(&b);
    ck_assert_uint_eq(b.d.e, 1);
    ck_assert_uint_eq(b.d.c, 1);
    ck_assert_uint_eq(b.d.interval, 4096);
    /* loss of sample data deactivates an active function, alert 9 */
    {
        sf_ctrl_state active = b.d;
        ctrl_bench_init(&b); /* no LSCTL any more */
        b.q = active;
    }
    b.io.loss_sample = 1;
    ctrl_eval(&b);
    ck_assert_uint_eq(b.out.raised, CPUMF_AL_LOSS_SAMPLE);
    ck_assert_uint_eq(b.d.c, 0);
    ck_assert_uint_eq(b.d.e, 1);
    ck_assert_uint_eq(b.d.interval, 4096);
    /* ... and is ignored when nothing is active */
    b.q = b.d;
    ctrl_eval(&b);
    ck_assert_uint_eq(b.out.raised, 0);
}
END_TEST

START_TEST(test_SF_RST_1_resets)
{
    ctrl_bench b;
    ctrl_bench_init(&b);
    b.q.e = 3;
    b.q.c = 3;
    b.q.s = 1;
    b.q.h = 1;
    b.q.interval = 4096;
    b.q.tear = 0x10000;
    b.q.dear = 0x20000;
    b.q.pp = 0x1234;
    b.q.pp_vm = 0x5678;
    b.io.reset = CPUMF_RESET_CPU; /* activation controls only */
    ctrl_eval(&b);
    ck_assert_uint_eq(b.d.e, 3);
    ck_assert_uint_eq(b.d.c, 0);
    ck_assert_uint_eq(b.d.interval, 4096);
    ck_assert_uint_eq(b.d.pp, 0x1234);
    ck_assert_uint_eq(b.d.pp_vm, 0x5678);
    b.io.reset = CPUMF_RESET_INITIAL_CPU;
    ctrl_eval(&b);
    ck_assert_uint_eq(b.d.a, 3);
    ck_assert_uint_eq(b.d.e | b.d.c | b.d.s | b.d.h, 0);
    ck_assert_uint_eq(b.d.interval | b.d.tear | b.d.dear | b.d.pp | b.d.pp_vm, 0);
    b.io.reset = CPUMF_RESET_CLEAR;
    ctrl_eval(&b);
    ck_assert_uint_eq(b.d.e | b.d.pp | b.d.pp_vm, 0);
    b.io.reset = CPUMF_RESET_BASIC_MACHINE_CLEAR; /* as a clear reset of the CPU */
    ctrl_eval(&b);
    ck_assert_uint_eq(b.d.e | b.d.c | b.d.pp | b.d.pp_vm, 0);
    ck_assert_uint_eq(b.d.a, 3);
    b.io.reset = CPUMF_RESET_POWER_ON;
    ctrl_eval(&b);
    ck_assert_uint_eq(b.d.e | b.d.pp | b.d.pp_vm, 0);
    ck_assert_uint_eq(b.d.a, 3);
}
END_TEST

START_TEST(test_SF_LPP_1_loads_with_sampling_enabled)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    cpumf_insn insn;
    cpumf_insn_result res;
    sm_put(&h->m, 0x2000, 0xCAFEF00D12345678ull);
    memset(&insn, 0, sizeof insn);
    insn.op = CPUMF_OP_LPP;
    insn.addr = 0x2000;
    ck_assert_int_eq(cpumf_execute(h->s, 0, &insn, &res), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.pp_q"), 0); /* nothing enabled: no-op */
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 0, 1, 0, 0), 0, 0, 0), 0);
    ck_assert_int_eq(cpumf_execute(h->s, 0, &insn, &res), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.pp_q"), 0xCAFEF00D12345678ull);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.pp_vm_q"), 0);
    /* the cycle model at the VM level: the VM level's register */
    sm_put(&h->m, 0x2000, 0x0123456789ABCDEFull);
    h->in.cpu[0].level = 2;
    h->in.cpu[0].insn_valid = 1;
    h->in.cpu[0].op = CPUMF_OP_LPP;
    h->in.cpu[0].addr = 0x2000;
    h_step(h); /* accepted */
    h->in.cpu[0].insn_valid = 0;
    while (!h->out.cpu[0].insn_done)
        h_step(h);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.pp_vm_q"), 0x0123456789ABCDEFull);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.pp_q"), 0xCAFEF00D12345678ull);
    h_free(h);
}
END_TEST

/* ------------------------------------------------------------ interval */

START_TEST(test_SF_INT_5_lfsr)
{
    uint32_t x;
    unsigned b;
    arch_draw d;
    /* Galois, right shift, taps 0x80200003 (x^32 + x^22 + x^2 + x + 1) */
    ck_assert_uint_eq(arch_lfsr_step(2u), 1u);
    ck_assert_uint_eq(arch_lfsr_step(1u), 0x80200003u);
    ck_assert_uint_eq(arch_lfsr_step(0x80200003u), 0xC0300002u);
    /* a draw is eight steps (worked by hand: 80200003 C0300002 60180001
     * B02C0003 D8360002 6C1B0001 B62D8003 DB36C002): r the low byte of the
     * result, b its bit 8 */
    x = 1u;
    d = arch_lfsr_draw(&x);
    ck_assert_uint_eq(x, 0xDB36C002u);
    ck_assert_uint_eq(d.r, 0x02u);
    ck_assert_uint_eq(d.b, 0u);
    x = 0x2DBDB6B6u; /* the third draw from 1; the next result is 8A0F3DB5 */
    d = arch_lfsr_draw(&x);
    ck_assert_uint_eq(x, 0x8A0F3DB5u);
    ck_assert_uint_eq(d.r, 0xB5u);
    ck_assert_uint_eq(d.b, 1u);
    /* power-on value: the seed rotated left by the CPU index */
    ck_assert_uint_eq(arch_lfsr_power_on(0x8000ACE1u, 0), 0x8000ACE1u);
    ck_assert_uint_eq(arch_lfsr_power_on(0x8000ACE1u, 1), 0x000159C3u);
    ck_assert_uint_eq(arch_lfsr_power_on(0x8000ACE1u, 3), 0x0005670Cu);
    /* the period never reaches zero: a nonzero state stays nonzero */
    x = 0xACE1u;
    for (b = 0; b < 100000u; b++) {
        x = arch_lfsr_step(x);
        ck_assert_uint_ne(x, 0u);
    }
}
END_TEST

START_TEST(test_SF_INT_3_SF_INT_4_reload_values)
{
    static const arch_draw d77 = {0x77u, 1u}, lo = {0u, 0u}, hi = {0xFFu, 1u};
    /* exact and random-secondary reload with I, low byte included; random
     * with I - 128 + r + b: from I - 128 to I + 128, centred on I */
    ck_assert_uint_eq(arch_interval_reload(CPUMF_INT_EXACT, 0x12345, d77), 0x12345);
    ck_assert_uint_eq(arch_interval_reload(CPUMF_INT_RANDOM, 0x12345, d77), 0x1233D);
    ck_assert_uint_eq(arch_interval_reload(CPUMF_INT_RANDOM, 0x12345, lo), 0x122C5);
    ck_assert_uint_eq(arch_interval_reload(CPUMF_INT_RANDOM, 0x12345, hi), 0x123C5);
    ck_assert_uint_eq(arch_interval_reload(CPUMF_INT_RANDOM_SEC, 0x12345, d77), 0x12345);
    ck_assert_int_eq(arch_interval_draws(CPUMF_INT_RANDOM), 1);
    ck_assert_int_eq(arch_interval_draws(CPUMF_INT_EXACT), 0);
    ck_assert_int_eq(arch_interval_draws(CPUMF_INT_RANDOM_SEC), 0);
}
END_TEST

/* sf_interval alone: an active unit with an idle update process, the given
 * interval and everything else zero; tests set what they need on top. */
typedef struct int_bench {
    cpumf_system_cfg c;
    cpumf_cpu_in io;
    sf_interval_state q, d;
    sf_interval_in in;
    sf_interval_out out;
} int_bench;

static void int_bench_init(int_bench *b, unsigned mode, uint64_t interval)
{
    memset(b, 0, sizeof *b);
    sys_cfg(&b->c, mode);
    b->in.io = &b->io;
    b->in.cfg = &b->c;
    b->in.upd_idle = 1;
    b->in.active_q = 1;
    b->in.interval_q = interval;
}

/* One evaluation from q into d (callers decide whether d becomes q). */
static void int_eval(int_bench *b)
{
    sf_interval_eval(&b->q, &b->in, &b->out, &b->d);
}

/* Runs sf_interval alone for n samples (ticks every cycle, update always idle);
 * returns the mean number of ticks between samples. */
static double mean_interval(unsigned mode, uint64_t interval, unsigned n, uint64_t *min_gap,
                            uint64_t *max_gap)
{
    int_bench b;
    uint64_t t = 0u, last = 0u, first = 0u;
    unsigned got = 0u;
    int_bench_init(&b, mode, interval);
    sf_interval_power_on(&b.c, 0, &b.q);
    b.in.active_q = 0;
    b.in.load = 1;
    b.in.load_interval = interval;
    int_eval(&b); /* LSCTL activation */
    b.q = b.d;
    b.in.load = 0;
    b.in.active_q = 1;
    *min_gap = UINT64_MAX;
    *max_gap = 0u;
    while (got <= n) {
        t++;
        int_eval(&b);
        b.q = b.d;
        if (!b.out.due)
            continue;
        ck_assert_uint_eq(b.out.capture, 1);
        if (got == 0u) {
            first = t;
        } else {
            uint64_t g = t - last;
            if (g < *min_gap)
                *min_gap = g;
            if (g > *max_gap)
                *max_gap = g;
        }
        last = t;
        got++;
    }
    return (double)(last - first) / (double)n;
}

/* Intervals whose low byte is not zero, and how many intervals each run
 * measures (at least 2000): 0x15B is just above the generic model's minimum
 * (256), where the random part is large against I, so it runs longest. */
static const struct {
    uint64_t interval;
    unsigned n;
} mean_runs[] = {{0x1037, 4000}, {0x10C5, 4000}, {0x7FF1, 2000}, {0x15B, 60000}};
#define N_MEAN_RUNS (sizeof mean_runs / sizeof mean_runs[0])

START_TEST(test_SF_INT_2_exact_every_interval)
{
    uint64_t lo, hi;
    unsigned k;
    for (k = 0; k < N_MEAN_RUNS; k++) {
        uint64_t i = mean_runs[k].interval;
        double mean = mean_interval(CPUMF_INT_EXACT, i, 50, &lo, &hi);
        ck_assert_uint_eq(lo, i);
        ck_assert_uint_eq(hi, i);
        ck_assert(mean == (double)i);
    }
}
END_TEST

/* SF-INT-5: the long-run mean is the loaded interval, within 0.5 %.  Random:
 * each reload is I - 128 + r + b (standard deviation about 74), so over n
 * intervals the mean's standard error is 74 / sqrt(n): 1.2 at n = 4000
 * against 0.5 % of 0x1037 (20.8), 0.30 at n = 60000 against 0.5 % of 0x15B
 * (1.7). */
START_TEST(test_SF_INT_5_random_mean_is_the_interval)
{
    uint64_t lo, hi;
    unsigned k;
    for (k = 0; k < N_MEAN_RUNS; k++) {
        uint64_t i = mean_runs[k].interval;
        double mean = mean_interval(CPUMF_INT_RANDOM, i, mean_runs[k].n, &lo, &hi);
        double tol = 0.005 * (double)i;
        ck_assert_msg(mean > (double)i - tol && mean < (double)i + tol, "I 0x%llx mean %f",
                      (unsigned long long)i, mean);
        ck_assert_uint_ge(lo, i - 128u); /* R spans I - 128 .. I + 128 ... */
        ck_assert_uint_le(hi, i + 128u);
        ck_assert_uint_lt(lo, i - 120u); /* ... and uses that whole range */
        ck_assert_uint_gt(hi, i + 120u);
    }
}
END_TEST

/* Random-secondary: the primary expires every I ticks and each sample falls
 * r ticks after its expiry, so n gaps add up to n * I + r_last - r_first:
 * the mean is within 255 / n of I whatever the bytes drawn. */
START_TEST(test_SF_INT_5_random_secondary_mean_is_the_interval)
{
    uint64_t lo, hi;
    unsigned k;
    for (k = 0; k < N_MEAN_RUNS; k++) {
        uint64_t i = mean_runs[k].interval;
        unsigned n = mean_runs[k].n;
        double mean = mean_interval(CPUMF_INT_RANDOM_SEC, i, n, &lo, &hi);
        ck_assert_msg(mean >= (double)i - 255.0 / n && mean <= (double)i + 255.0 / n,
                      "I 0x%llx mean %f", (unsigned long long)i, mean);
        ck_assert_uint_lt(lo, i - 200u); /* single gaps vary by the secondary delay */
        ck_assert_uint_gt(hi, i + 200u);
    }
}
END_TEST

START_TEST(test_SF_INT_4_secondary_zero_is_due_at_once)
{
    int_bench b;
    uint32_t x;
    int_bench_init(&b, CPUMF_INT_RANDOM_SEC, 0x300);
    /* find an LFSR state whose next drawn byte is zero */
    for (x = 1u;; x++) {
        uint32_t y = x;
        unsigned st;
        for (st = 0; st < 8u; st++)
            y = (y & 1u) ? (y >> 1) ^ 0x80200003u : y >> 1;
        if ((y & 0xFFu) == 0u)
            break;
    }
    b.q.lfsr = x;
    b.q.cnt = 1;
    int_eval(&b);
    ck_assert_uint_eq(b.out.due, 1);
    ck_assert_uint_eq(b.d.sec_act, 0);
    ck_assert_uint_eq(b.d.cnt, 0x300);
    /* a nonzero byte: due that many ticks later */
    b.q.lfsr = 1u; /* draws 0x02, see test_SF_INT_5_lfsr */
    b.q.cnt = 1;
    int_eval(&b);
    ck_assert_uint_eq(b.out.due, 0);
    ck_assert_uint_eq(b.d.cnt, 0x300); /* the primary reloads with I */
    ck_assert_uint_eq(b.d.sec_act, 1);
    ck_assert_uint_eq(b.d.sec, 2);
    b.q = b.d;
    int_eval(&b);
    ck_assert_uint_eq(b.out.due, 0);
    b.q = b.d;
    int_eval(&b);
    ck_assert_uint_eq(b.out.due, 1);
    ck_assert_uint_eq(b.d.sec_act, 0);
}
END_TEST

START_TEST(test_SF_INT_1_SF_STOP_1_counted_cycles)
{
    int_bench b;
    int_bench_init(&b, CPUMF_INT_EXACT, 100);
    b.q.cnt = 50;
    b.io.stopped = 1;
    int_eval(&b);
    ck_assert_uint_eq(b.d.cnt, 50); /* stopped: no count */
    b.io.stopped = 0;
    b.io.wait = 1;
    int_eval(&b);
    ck_assert_uint_eq(b.d.cnt, 49); /* dedicated: wait counts */
    b.c.dedicated = 0;
    int_eval(&b);
    ck_assert_uint_eq(b.d.cnt, 50); /* shared, the whole core waits: no count */
    b.in.core_busy = 1;
    int_eval(&b);
    ck_assert_uint_eq(b.d.cnt, 49); /* shared beside a busy sibling: counts */
    b.in.core_busy = 0;
    b.io.wait = 0;
    int_eval(&b);
    ck_assert_uint_eq(b.d.cnt, 49);
    b.in.active_q = 0;
    int_eval(&b);
    ck_assert_uint_eq(b.d.cnt, 50); /* nothing active */
}
END_TEST

START_TEST(test_SF_INT_1_core_busy)
{
    cpumf_system_cfg c;
    cpumf_cpu_in io[CPUMF_MAX_CPUS];
    sys_cfg(&c, CPUMF_INT_EXACT);
    c.n_cpus = 3; /* cores {0, 1} and {2} */
    c.threads_per_core = 2;
    memset(io, 0, sizeof io);
    io[0].wait = io[1].wait = io[2].wait = 1;
    ck_assert_uint_eq(arch_core_busy(&c, io, 0), 0); /* the whole core waits */
    io[1].wait = 0;
    ck_assert_uint_eq(arch_core_busy(&c, io, 0), 1); /* the sibling works */
    ck_assert_uint_eq(arch_core_busy(&c, io, 1), 0); /* the CPU itself does not count */
    ck_assert_uint_eq(arch_core_busy(&c, io, 2), 0); /* another core */
    io[1].stopped = 1;
    ck_assert_uint_eq(arch_core_busy(&c, io, 0), 0); /* a stopped sibling is not busy */
    io[1].stopped = 0;
    io[3].wait = 0; /* CPU 3 is not installed: never CPU 2's sibling */
    ck_assert_uint_eq(arch_core_busy(&c, io, 2), 0);
    c.threads_per_core = 1; /* one thread per core: no sibling */
    ck_assert_uint_eq(arch_core_busy(&c, io, 0), 0);
    /* the tick: waiting and shared, it counts only beside a busy sibling */
    ck_assert_uint_eq(arch_sf_tick(1, &io[0], 0, 0), 0);
    ck_assert_uint_eq(arch_sf_tick(1, &io[0], 0, 1), 1);
    ck_assert_uint_eq(arch_sf_tick(1, &io[0], 1, 0), 1); /* dedicated */
    ck_assert_uint_eq(arch_sf_tick(0, &io[1], 1, 1), 0); /* nothing active */
    io[0].stopped = 1;
    ck_assert_uint_eq(arch_sf_tick(1, &io[0], 1, 1), 0); /* stopped */
}
END_TEST

START_TEST(test_SF_INT_6_collision_counted)
{
    int_bench b;
    int_bench_init(&b, CPUMF_INT_EXACT, 100);
    b.q.cnt = 1;
    b.in.upd_idle = 0; /* the previous update still runs */
    int_eval(&b);
    ck_assert_uint_eq(b.out.due, 1);
    ck_assert_uint_eq(b.out.capture, 0);
    ck_assert_uint_eq(b.d.collisions, 1);
    b.in.upd_idle = 1;
    b.in.lsctl_exec = 1; /* an LSCTL executes in the cycle */
    int_eval(&b);
    ck_assert_uint_eq(b.out.capture, 0);
    ck_assert_uint_eq(b.d.collisions, 1);
    b.in.lsctl_exec = 0;
    int_eval(&b);
    ck_assert_uint_eq(b.out.capture, 1);
    ck_assert_uint_eq(b.d.collisions, 0);
}
END_TEST

/* ------------------------------------------------------------ entries */

START_TEST(test_SF_BSDE_1_basic_entry)
{
    cpumf_cpu_in io;
    arch_sample_regs sr = {0u, 0u, 0u};
    uint64_t dw[4];
    memset(&io, 0, sizeof io);
    io.problem = 1;
    io.dat = 1;
    io.as = 2;
    io.asn = 0x1234;
    io.ia = 0x123456;
    io.uniq = 1;
    io.uniq_count = 3;
    io.level = 1;
    sr.pp = 0xCAFE;
    arch_bsde(&io, &sr, dw);
    /* format 0001, U=3 (bits 20-23), T (26), P (28), AS=10 (29-30), CL=01 (32-33) */
    ck_assert_uint_eq(dw[0], 0x0001032C40001234ull);
    ck_assert_uint_eq(dw[1], 0x123456);
    ck_assert_uint_eq(dw[2], 0xCAFE); /* LPAR, H = 0: guest field */
    ck_assert_uint_eq(dw[3], 0);
    io.entry_inconsistent = 1;
    arch_bsde(&io, &sr, dw);
    ck_assert_uint_eq(dw[0], 0x0001032D40001234ull); /* I bit 31 */
}
END_TEST

START_TEST(test_SF_BSDE_2_unique_zero_when_waiting)
{
    static const arch_sample_regs sr = {0u, 0u, 0u};
    cpumf_cpu_in io;
    uint64_t dw[4];
    memset(&io, 0, sizeof io);
    io.uniq = 1;
    io.uniq_count = 5;
    io.wait = 1;
    arch_bsde(&io, &sr, dw);
    ck_assert_uint_eq(dw[0], 0x0001001000000000ull); /* W bit 27, U 0 */
    io.wait = 0;
    io.uniq = 0;
    arch_bsde(&io, &sr, dw);
    ck_assert_uint_eq(dw[0], 0x0001000000000000ull);
}
END_TEST

START_TEST(test_SF_BSDE_3_parameter_placement)
{
    cpumf_cpu_in io;
    arch_sample_regs sr = {1u, 0xABCDu, 0x5678u}; /* H, pp (LPAR level), pp_vm (VM level) */
    uint64_t dw[4];
    memset(&io, 0, sizeof io);
    io.level = 1;
    arch_bsde(&io, &sr, dw); /* LPAR, H = 1: host field, guest zero, H bit 34 */
    ck_assert_uint_eq(dw[0], 0x0001000060000000ull);
    ck_assert_uint_eq(dw[2], 0);
    ck_assert_uint_eq(dw[3], 0xABCD);
    sr.h = 0;
    arch_bsde(&io, &sr, dw); /* LPAR, H = 0: guest field, host zero */
    ck_assert_uint_eq(dw[0], 0x0001000040000000ull);
    ck_assert_uint_eq(dw[2], 0xABCD);
    ck_assert_uint_eq(dw[3], 0);
    io.level = 2;
    sr.h = 1;
    /* VM level (CL 10) under an LPAR-level host (H = 1, bit 34): the VM
     * level's parameter in the guest field, the LPAR level's in the host */
    arch_bsde(&io, &sr, dw);
    ck_assert_uint_eq(dw[0], 0x00010000A0000000ull);
    ck_assert_uint_eq(dw[2], 0x5678);
    ck_assert_uint_eq(dw[3], 0xABCD);
    sr.h = 0; /* H = 0: host zero; the guest field (unpredictable) holds pp_vm */
    arch_bsde(&io, &sr, dw);
    ck_assert_uint_eq(dw[0], 0x0001000080000000ull);
    ck_assert_uint_eq(dw[2], 0x5678);
    ck_assert_uint_eq(dw[3], 0);
}
END_TEST

START_TEST(test_SF_BSDE_4_limited_sample)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    arch_sample_regs sr = {0u, 0u, 0u};
    uint64_t dw[ARCH_ENTRY_MAX_DW];
    unsigned n;
    model_cfg(&m);
    memset(&io, 0, sizeof io);
    io.problem = 1;
    io.dat = 1;
    io.as = 3;
    io.wait = 1;
    io.asn = 0x77;
    io.ia = 0x9999;
    io.level = 1;
    io.entry_inconsistent = 1;
    io.secure_guest = 1;
    io.diag = DIAG;
    io.tod = TOD;
    sr.h = 1;
    sr.pp = 0x5555;
    n = arch_sample_entry(&m, 3, &io, &sr, dw);
    ck_assert_uint_eq(n, 12);
    /* LS bit 35 set; U T W P AS ASN IA zero; I, CL, H kept; host parameter kept */
    ck_assert_uint_eq(dw[0], 0x0001000170000000ull);
    ck_assert_uint_eq(dw[1], 0);
    ck_assert_uint_eq(dw[2], 0);
    ck_assert_uint_eq(dw[3], 0x5555);
    /* the DSDE: bytes 0-3 only (format, I) */
    ck_assert_uint_eq(dw[4], 0x8006000100000000ull);
    for (n = 5; n < 12; n++)
        ck_assert_uint_eq(dw[n], 0);
    /* PCF bit 49 one: not limited */
    io.pcf49 = 1;
    sr.h = 0;
    n = arch_sample_entry(&m, 3, &io, &sr, dw);
    ck_assert_uint_eq(dw[0] & 0x10000000ull, 0);
    ck_assert_uint_eq(dw[1], 0x9999);
    ck_assert_uint_eq(dw[2], 0x5555);
    ck_assert_uint_eq(dw[5], DIAG);
    ck_assert_uint_eq(dw[6], TOD);
}
END_TEST

START_TEST(test_SF_DSDE_1_diagnostic_entry)
{
    static const arch_sample_regs sr = {0u, 0u, 0u};
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    uint64_t dw[ARCH_ENTRY_MAX_DW];
    unsigned n, k;
    model_cfg(&m);
    memset(&io, 0, sizeof io);
    io.diag = DIAG;
    io.tod = TOD;
    n = arch_sample_entry(&m, CPUMF_SF_DIAG, &io, &sr, dw);
    ck_assert_uint_eq(n, 8); /* DSDES 64 alone */
    ck_assert_uint_eq(dw[0], 0x8006000000000000ull);
    ck_assert_uint_eq(dw[1], DIAG);
    ck_assert_uint_eq(dw[2], TOD);
    for (k = 3; k < 8; k++)
        ck_assert_uint_eq(dw[k], 0);
    ck_assert_uint_eq(arch_entry_size(&m, CPUMF_SF_BASIC), 32);
    ck_assert_uint_eq(arch_entry_size(&m, CPUMF_SF_DIAG), 64);
    ck_assert_uint_eq(arch_entry_size(&m, 3), 96);
}
END_TEST

/* ------------------------------------------------------------ SDB / SDBT rules */

START_TEST(test_SF_BUF_1_block_arithmetic)
{
    ck_assert_uint_eq(arch_sdb_size(0), 4096);
    ck_assert_uint_eq(arch_sdb_size(1), 1048576);
    ck_assert_uint_eq(arch_sdb_trailer(0x20000, 4096), 0x20FC0);
    ck_assert_uint_eq(arch_sdb_trailer(0x20FC0, 4096), 0x20FC0);
    ck_assert_uint_eq(arch_sdb_trailer(0x212345, 1048576), 0x2FFFC0);
    /* 126 basic entries fill a 4K block exactly */
    ck_assert_int_eq(arch_sdb_fits(0x20FC0, 0x20000 + 125 * 32, 32), 1);
    ck_assert_int_eq(arch_sdb_fits(0x20FC0, 0x20000 + 126 * 32, 32), 0);
    ck_assert_int_eq(arch_sdb_fits(0x20FC0, 0x20FC0 - 64, 96), 0);
}
END_TEST

START_TEST(test_SF_UPD_6_entry_address_checks)
{
    ck_assert_int_eq(arch_sdb_entry_invalid(0x1FE0, 4096), 1); /* below 8192 */
    ck_assert_int_eq(arch_sdb_entry_invalid(0x2000, 4096), 0);
    ck_assert_int_eq(arch_sdb_entry_invalid(0x20FC0, 4096), 0); /* exactly full */
    ck_assert_int_eq(arch_sdb_entry_invalid(0x20FC1, 4096), 1); /* past the trailer start */
    ck_assert_int_eq(arch_sdb_entry_invalid(0x20FF8, 4096), 1);
    ck_assert_int_eq(arch_sdb_entry_invalid(0x1FFFC0, 1048576), 0);
    ck_assert_int_eq(arch_sdb_entry_invalid(0x1FFFC8, 1048576), 1);
}
END_TEST

START_TEST(test_SF_BUF_2_sdbt_entries)
{
    arch_sdbt_entry e;
    /* block link: origin bits 0-51 (4K) or 0-43 (1M); ignored bits ignored */
    e = arch_sdbt_classify(0x0000000000123FFEull, 0x10000, 4096);
    ck_assert_uint_eq(e.kind, ARCH_SDBT_BLOCK);
    ck_assert_uint_eq(e.origin, 0x123000);
    ck_assert_uint_eq(e.last, 0);
    e = arch_sdbt_classify(0x00000000012FFFFEull, 0x10000, 1048576);
    ck_assert_uint_eq(e.origin, 0x1200000);
    /* table link: bit 63 one, origin bits 0-59 with four zero bits */
    e = arch_sdbt_classify(0x000000000004567Full, 0x10000, 4096);
    ck_assert_uint_eq(e.kind, ARCH_SDBT_TABLE);
    ck_assert_uint_eq(e.origin, 0x45670);
    /* the last entry before a 4K boundary */
    e = arch_sdbt_classify(0x20000, 0x10FF8, 4096);
    ck_assert_uint_eq(e.last, 1);
    e = arch_sdbt_classify(0x20000, 0x10FF0, 4096);
    ck_assert_uint_eq(e.last, 0);
    e = arch_sdbt_classify(0x20000, 0x10FF8, 1048576);
    ck_assert_uint_eq(e.last, 0);
}
END_TEST

START_TEST(test_SF_UPD_3_trailer_and_timestamp_data)
{
    /* F set (bit 0), A T and reserved byte-0 bits kept, BSDES bytes 4-5, DSDES 6-7 */
    ck_assert_uint_eq(arch_trailer_full(0x60ABCDEF00000000ull, 32, 64), 0xE0ABCDEF00200040ull);
    ck_assert_uint_eq(arch_trailer_full(0x00000000FFFFFFFFull, 32, 0), 0x8000000000200000ull);
    ck_assert_uint_eq(ARCH_TRAILER_FULL_BE, 0x8F);
    /* STCK: bytes 16-23; STCKE: bytes 16-31, the TOD clock shifted by one byte */
    ck_assert_uint_eq(arch_timestamp_ndw(0), 1);
    ck_assert_uint_eq(arch_timestamp_ndw(1), 2);
    ck_assert_uint_eq(arch_timestamp_dw(TOD, 0, 0), TOD);
    ck_assert_uint_eq(arch_timestamp_dw(TOD, 1, 0), 0x0000D1234567890Aull);
    ck_assert_uint_eq(arch_timestamp_dw(TOD, 1, 1), 0xBC00000000000000ull);
}
END_TEST

/* ------------------------------------------------------------ update process */

START_TEST(test_SF_UPD_2_basic_entry_stored)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sdb_4k(h);
    sm_put(&h->m, 0x2000, 0xCAFE);
    h->in.cpu[0].wait = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 100, 0x10000, 0x20000), 0);
    {
        cpumf_insn insn;
        cpumf_insn_result res;
        memset(&insn, 0, sizeof insn);
        insn.op = CPUMF_OP_LPP;
        insn.addr = 0x2000;
        ck_assert_int_eq(cpumf_execute(h->s, 0, &insn, &res), 0);
    }
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(h->cyc, 100 + 2 * 1 + 8 * 1); /* sample due in tick 100, then storage */
    ck_assert_uint_eq(sm_get(&h->m, 0x20000), 0x0001032C40001234ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x20008), 0x123456);
    ck_assert_uint_eq(sm_get(&h->m, 0x20010), 0xCAFE);
    ck_assert_uint_eq(sm_get(&h->m, 0x20018), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x20020);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.coll_q"), 0);
    ck_assert_uint_eq(h->alerts, 0);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_3_block_exactly_full_126_entries)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    unsigned k;
    sdb_4k(h);
    sm_put(&h->m, 0x20FC0, 0x00ABCDEF12345678ull); /* reserved bytes 1-3 */
    sm_put(&h->m, 0x20FE0, 0x1111111111111111ull); /* bytes 32-39 reserved */
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 20, 0x10000, 0x20000), 0);
    for (k = 1; k <= 126; k++)
        h_until_samples(h, k, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x20FC0); /* exactly full, not invalid */
    ck_assert_uint_eq(sm_get(&h->m, 0x20FA0), 0x0001032C40001234ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC0), 0x00ABCDEF12345678ull); /* trailer untouched */
    ck_assert_uint_eq(h->alerts, 0);
    /* the 127th: block full, F set, sizes written, timestamp, next block */
    h_until_samples(h, 127, 1000);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC0), 0x80ABCDEF00200040ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC8), 0);   /* overflow count untouched */
    ck_assert_uint_eq(sm_get(&h->m, 0x20FD0), TOD); /* STCK format (T = 0) */
    ck_assert_uint_eq(sm_get(&h->m, 0x20FD8), 0);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FE0), 0x1111111111111111ull);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.tear_q"), 0x10008);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x30020);
    ck_assert_uint_eq(sm_get(&h->m, 0x30000), 0x0001032C40001234ull);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 127);
    ck_assert_uint_eq(h->alerts, 0);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_8_combined_entry_at_block_end)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    unsigned k;
    sdb_4k(h);
    memset(h->m.b + 0x20F80, 0x5A, 64);
    /* 64 bytes left: the 96-byte combined entry goes whole into the next block */
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 1, 1, 1), 50, 0x10000, 0x20F80), 0);
    h_until_samples(h, 1, 1000);
    for (k = 0; k < 64; k++)
        ck_assert_uint_eq(h->m.b[0x20F80 + k], 0x5A);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC0), 0x8000000000200040ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x30000), 0x0001032C40001234ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x30020), 0x8006000000000000ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x30028), DIAG);
    ck_assert_uint_eq(sm_get(&h->m, 0x30030), TOD);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x30060);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 1);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_1_overflow_count_wraps)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sdb_4k(h);
    sm_put(&h->m, 0x20FC0, 0x8000000000200000ull); /* F one */
    sm_put(&h->m, 0x20FC8, 0xFFFFFFFFFFFFFFFFull);
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 1, 1, 1), 50, 0x10000, 0x20000), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC8), 0); /* SF-UPD-9: wraps */
    ck_assert_uint_eq(sm_get(&h->m, 0x20000), 0); /* discarded */
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_overflow_q"), 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 0);
    h_until_samples(h, 2, 1000);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC8), 1); /* the combined entry counts once */
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x20000);
    ck_assert_uint_eq(h->alerts, 0);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_3_stcke_timestamp)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sdb_4k(h);
    sm_put(&h->m, 0x20FC0, 0x2000000000000000ull); /* T one */
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x20FC0), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC0), 0xA000000000200040ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FD0), 0x0000D1234567890Aull);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FD8), 0xBC00000000000000ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x30000), 0x0001032C40001234ull);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_4_program_request_alert)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sdb_4k(h);
    sm_put(&h->m, 0x20FC0, 0x4000000000000000ull); /* A one */
    h->in.cpu[0].cr0_58 = 0;                       /* keep it pending */
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x20FC0), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_PROGRAM_REQ);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC0), 0xC000000000200040ull);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_q"), CPUMF_SF_BASIC); /* stays active */
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 1);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_5_table_link_to_table_link)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sm_put(&h->m, 0x10000, 0x20000);
    sm_put(&h->m, 0x10008, 0x40000 | 1u); /* table link to 0x40000 */
    sm_put(&h->m, 0x40000, 0x50000 | 1u); /* ... which holds a table link */
    h->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x20FC0), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INCORRECT_SDBT);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_q"), 0); /* SF-UPD-7: inactive */
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.e_q"), CPUMF_SF_BASIC);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.tear_q"), 0x40000);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 0);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_5_block_link_as_last_entry)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sm_put(&h->m, 0x10FF0, 0x20000);
    sm_put(&h->m, 0x10FF8, 0x30000); /* block link in the last slot */
    h->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10FF0, 0x20FC0), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INCORRECT_SDBT);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.tear_q"), 0x10FF8);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x20FC0);
    /* a table link there is fine: followed once, then its block */
    h_free(h);
    h = h_new(CPUMF_INT_EXACT, 1);
    sm_put(&h->m, 0x10FF8, 0x40000 | 1u);
    sm_put(&h->m, 0x40000, 0x30000);
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10FF0, 0x20FC0), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(h->alerts, 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.tear_q"), 0x40000);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x30020);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_6_entry_address_below_8192)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    h->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x1000), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INVALID_ENTRY);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_q"), 0);
    ck_assert_uint_eq(h->m.writes + h->m.reads, 8); /* the LSCTL fetch only */
    h_free(h);
    /* a block link to a block below 8192 */
    h = h_new(CPUMF_INT_EXACT, 1);
    h->in.cpu[0].cr0_58 = 0;
    sm_put(&h->m, 0x10008, 0x1000);
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x20FC0), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INVALID_ENTRY);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x1000);
    h_free(h);
    /* a DEAR past the first byte of the trailer */
    h = h_new(CPUMF_INT_EXACT, 1);
    h->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x20FC8), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INVALID_ENTRY);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_6_storage_outside_configuration)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    h->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, MEM_SIZE + 0x1000), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INVALID_ENTRY);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 0);
    h_free(h);
}
END_TEST

START_TEST(test_SF_BUF_1_one_megabyte_buffers)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sm_put(&h->m, 0x10000, 0x100000);
    sm_put(&h->m, 0x10008, 0x200000 | 0xABCu); /* bits 44-63 ignored with S = 1 */
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(1, 0, 1, 0, 1, 0), 50, 0x10000, 0x1FFFA0), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(sm_get(&h->m, 0x1FFFA0), 0x0001032C40001234ull);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x1FFFC0);
    h_until_samples(h, 2, 1000);
    ck_assert_uint_eq(sm_get(&h->m, 0x1FFFC0), 0x8000000000200040ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x1FFFD0), TOD);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x200020);
    ck_assert_uint_eq(sm_get(&h->m, 0x200000), 0x0001032C40001234ull);
    ck_assert_uint_eq(h->alerts, 0);
    h_free(h);
}
END_TEST

/* ------------------------------------------------------------ timing, arbiter, alerts */

START_TEST(test_SF_INT_6_collisions_while_update_busy)
{
    harness *h = h_new(CPUMF_INT_EXACT, 20); /* slow storage: an update takes > 40 cycles */
    unsigned k;
    sdb_4k(h);
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 16, 0x10000, 0x20000), 0);
    for (k = 0; k < 2000; k++)
        h_step(h);
    ck_assert_uint_gt(reg(h, "cpu0.sf_interval.coll_q"), 0);
    ck_assert_uint_gt(reg(h, "cpu0.sf_update.n_stored_q"), 0);
    /* every due sample is stored or collided: 2000 ticks / 16 */
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.coll_q") + reg(h, "cpu0.sf_update.n_stored_q") +
                          (reg(h, "cpu0.sf_update.state_q") != CPUMF_US_IDLE),
                      2000 / 16);
    h_free(h);
}
END_TEST

START_TEST(test_SF_LSCTL_2_waits_for_the_update)
{
    harness *h = h_new(CPUMF_INT_EXACT, 10);
    unsigned k, issued = 0, done = 0, waited = 0;
    sdb_4k(h);
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 30, 0x10000, 0x20000), 0);
    sm_put(&h->m, OPND, lsctl_x(0, 0, 1, 0, 0, 0)); /* deactivate */
    /* present LSCTL when the update starts */
    for (k = 0; k < 3000 && !done; k++) {
        if (!issued && reg(h, "cpu0.sf_update.state_q") != CPUMF_US_IDLE) {
            cpumf_insn insn;
            memset(&insn, 0, sizeof insn);
            insn.op = CPUMF_OP_LSCTL;
            insn.addr = OPND;
            cpumf_in_present(&h->in, 0, &insn);
            issued = 1;
        }
        h_step(h);
        if (h->out.cpu[0].insn_ready && h->in.cpu[0].insn_valid)
            h->in.cpu[0].insn_valid = 0;
        if (reg(h, "cpu0.mf_insn.state_q") == CPUMF_IS_EXEC &&
            reg(h, "cpu0.sf_update.state_q") != CPUMF_US_IDLE)
            waited++; /* EXEC held while the update runs */
        if (h->out.cpu[0].insn_done) {
            done = 1;
            ck_assert_uint_eq(h->out.cpu[0].cc, 0);
        }
        /* one owner at a time on the port */
        ck_assert_uint_le(reg(h, "cpu0.mf_cpu.own_q"), 2);
    }
    ck_assert(done);
    ck_assert_uint_gt(waited, 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_q"), 0);
    ck_assert_uint_ge(reg(h, "cpu0.sf_update.n_stored_q"), 1);
    h_free(h);
}
END_TEST

START_TEST(test_AL_3_sampling_alerts_clear_when_disabled)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    h->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x1000), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INVALID_ENTRY);
    /* the function is still enabled: the bit stays */
    h_step(h);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INVALID_ENTRY);
    /* loss of sample data with nothing active: no bit 9 */
    h->in.cpu[0].loss_sample = 1;
    h_step(h);
    h->in.cpu[0].loss_sample = 0;
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INVALID_ENTRY);
    /* disabling every function clears bits 0, 1, 2, 9 */
    ck_assert_uint_eq(h_lsctl(h, 0, 0, 0, 0), 0);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), 0);
    h_free(h);
}
END_TEST

START_TEST(test_AL_4_sampling_auth_loss_alert)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    h->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 0, 1, 0, 1), 50, 0x10000, 0x20000), 0);
    h->in.cpu[0].sf_auth_clr = CPUMF_SF_DIAG;
    h_step(h);
    h->in.cpu[0].sf_auth_clr = 0;
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_SF_AUTH);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.a_q"), CPUMF_SF_BASIC);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.e_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.cnt_q"), 0);
    h_free(h);
}
END_TEST

START_TEST(test_SF_INT_5_lfsr_seed_per_cpu)
{
    cpumf_system_cfg c;
    char err[128];
    cpumf_sys *s;
    cpumf_obs o;
    sys_cfg(&c, CPUMF_INT_RANDOM);
    c.n_cpus = 3;
    c.lfsr_seed = 0x80000001u;
    s = cpumf_create(&c, err, sizeof err);
    ck_assert_ptr_nonnull(s);
    cpumf_observe(s, &o);
    ck_assert_uint_eq(o.cpu[0].sf_interval.lfsr_q, 0x80000001u);
    ck_assert_uint_eq(o.cpu[1].sf_interval.lfsr_q, 0x00000003u);
    ck_assert_uint_eq(o.cpu[2].sf_interval.lfsr_q, 0x00000006u);
    cpumf_destroy(s);
}
END_TEST

/* The storage-port arbiter (docs/uarch.md section 18): the update process goes
 * first when nobody owns the port; the owner keeps it until its response. */
START_TEST(test_SF_UPD_2_port_arbiter)
{
    static cpumf_system_cfg c;
    static cpumf_sys_in sys;
    static mf_cpu_state q, d;
    cf_global_state g;
    mf_cpu_in in;
    mf_cpu_out out;
    sys_cfg(&c, CPUMF_INT_EXACT);
    memset(&sys, 0, sizeof sys);
    memset(&g, 0, sizeof g);
    mf_cpu_power_on(&c, 0, &q);
    in.io = &sys.cpu[0];
    in.sys = &sys;
    in.cfg = &c;
    in.g = &g;
    in.index = 0;
    in.no_tick = 0;
    sys.cpu[0].wait = 1;
    sys.cpu[0].stor_req_ready = 1;
    /* both present a request: the update's goes out and only it is accepted */
    q.insn.state = CPUMF_IS_FETCH;
    q.insn.req.valid = 1;
    q.insn.req.be = 0xFF;
    q.insn.req.addr = 0x1000;
    q.upd.state = CPUMF_US_RD_TRL;
    q.upd.req.valid = 1;
    q.upd.req.be = 0xFF;
    q.upd.req.addr = 0x20FC0;
    mf_cpu_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(out.port.stor_req_valid, 1);
    ck_assert_uint_eq(out.port.stor_req_addr, 0x20FC0);
    ck_assert_uint_eq(d.own, CPUMF_ARB_UPD);
    ck_assert_uint_eq(d.upd.req.valid, 0);
    ck_assert_uint_eq(d.insn.req.valid, 1);
    /* owned by the update, waiting for its response: nothing goes out */
    q.own = CPUMF_ARB_UPD;
    q.upd.req.valid = 0;
    mf_cpu_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(out.port.stor_req_valid, 0);
    ck_assert_uint_eq(out.port.stor_req_addr, 0);
    ck_assert_uint_eq(d.own, CPUMF_ARB_UPD);
    ck_assert_uint_eq(d.insn.req.valid, 1);
    /* the response goes to the owner only and frees the port */
    sys.cpu[0].stor_rsp_valid = 1;
    sys.cpu[0].stor_rsp_data = 0;
    mf_cpu_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.own, CPUMF_ARB_NONE);
    ck_assert_uint_eq(d.insn.state, CPUMF_IS_FETCH); /* mf_insn saw no response */
    ck_assert_uint_eq(d.upd.state, CPUMF_US_WR_ENT);
    /* no owner, only mf_insn presents: it takes the port */
    sys.cpu[0].stor_rsp_valid = 0;
    q.own = CPUMF_ARB_NONE;
    q.upd.state = CPUMF_US_IDLE;
    sys.cpu[0].stor_req_ready = 0; /* not accepted yet: ownership is taken anyway */
    mf_cpu_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(out.port.stor_req_addr, 0x1000);
    ck_assert_uint_eq(d.own, CPUMF_ARB_INSN);
    ck_assert_uint_eq(d.insn.req.valid, 1);
}
END_TEST

static Suite *sampling_suite(void)
{
    Suite *s = suite_create("sampling");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_SF_LSCTL_1_request_block_bits);
    tcase_add_test(tc, test_SF_LSCTL_2_all_or_nothing_and_interval);
    tcase_add_test(tc, test_SF_LSCTL_3_disable_clears_controls);
    tcase_add_test(tc, test_SF_QSI_1_information_block);
    tcase_add_test(tc, test_SF_QSI_1_stored_through_the_model);
    tcase_add_test(tc, test_SF_ST_1_state_transitions);
    tcase_add_test(tc, test_SF_RST_1_resets);
    tcase_add_test(tc, test_SF_LPP_1_loads_with_sampling_enabled);
    tcase_add_test(tc, test_SF_INT_5_lfsr);
    tcase_add_test(tc, test_SF_INT_5_lfsr_seed_per_cpu);
    tcase_add_test(tc, test_SF_INT_3_SF_INT_4_reload_values);
    tcase_add_test(tc, test_SF_INT_2_exact_every_interval);
    tcase_add_test(tc, test_SF_INT_5_random_mean_is_the_interval);
    tcase_add_test(tc, test_SF_INT_5_random_secondary_mean_is_the_interval);
    tcase_add_test(tc, test_SF_INT_4_secondary_zero_is_due_at_once);
    tcase_add_test(tc, test_SF_INT_1_SF_STOP_1_counted_cycles);
    tcase_add_test(tc, test_SF_INT_1_core_busy);
    tcase_add_test(tc, test_SF_INT_6_collision_counted);
    tcase_add_test(tc, test_SF_BSDE_1_basic_entry);
    tcase_add_test(tc, test_SF_BSDE_2_unique_zero_when_waiting);
    tcase_add_test(tc, test_SF_BSDE_3_parameter_placement);
    tcase_add_test(tc, test_SF_BSDE_4_limited_sample);
    tcase_add_test(tc, test_SF_DSDE_1_diagnostic_entry);
    tcase_add_test(tc, test_SF_BUF_1_block_arithmetic);
    tcase_add_test(tc, test_SF_UPD_6_entry_address_checks);
    tcase_add_test(tc, test_SF_BUF_2_sdbt_entries);
    tcase_add_test(tc, test_SF_UPD_3_trailer_and_timestamp_data);
    suite_add_tcase(s, tc);
    tc = tcase_create("update");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_SF_UPD_2_port_arbiter);
    tcase_add_test(tc, test_SF_UPD_2_basic_entry_stored);
    tcase_add_test(tc, test_SF_UPD_3_block_exactly_full_126_entries);
    tcase_add_test(tc, test_SF_UPD_8_combined_entry_at_block_end);
    tcase_add_test(tc, test_SF_UPD_1_overflow_count_wraps);
    tcase_add_test(tc, test_SF_UPD_3_stcke_timestamp);
    tcase_add_test(tc, test_SF_UPD_4_program_request_alert);
    tcase_add_test(tc, test_SF_UPD_5_table_link_to_table_link);
    tcase_add_test(tc, test_SF_UPD_5_block_link_as_last_entry);
    tcase_add_test(tc, test_SF_UPD_6_entry_address_below_8192);
    tcase_add_test(tc, test_SF_UPD_6_storage_outside_configuration);
    tcase_add_test(tc, test_SF_BUF_1_one_megabyte_buffers);
    tcase_add_test(tc, test_SF_INT_6_collisions_while_update_busy);
    tcase_add_test(tc, test_SF_LSCTL_2_waits_for_the_update);
    tcase_add_test(tc, test_AL_3_sampling_alerts_clear_when_disabled);
    tcase_add_test(tc, test_AL_4_sampling_auth_loss_alert);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(sampling_suite());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
