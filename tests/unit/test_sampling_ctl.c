/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_sampling_ctl.c - unit tests of the sampling controls and their timing: LSCTL,
 * QSI, the state and its resets, LPP, and the interval machinery (sf_interval): the
 * LFSR and its seeds, reload values, the long-run mean of every mode (the interval
 * loaded, SF-INT-5), counted cycles and collisions.
 * Every test name carries the requirement ID it checks; expected values come
 * from the architecture (IBM SA23-2260), docs/requirements.md and docs/uarch.md
 * Part II, written out by hand, not computed with the model's own functions.
 * The random modes take the Arm SPE's scheme but not its figures (its means
 * are INTERVAL x 256 + 128 and + 1, ours the interval loaded: SF-INT-5), so no
 * test here is named after the SPE.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cpumf_int.h"
#include "test_mem.h"
#include "test_sampling.h"
#include "unit_main.h"

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
    sf_interval_power_on(&b.c, 0, ARCH_LVL_LPAR, &b.q);
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

static Suite *sampling_ctl_suite(void)
{
    Suite *s = suite_create("sampling_ctl");
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
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(sampling_ctl_suite());
}
