/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_arch_cf.c - unit tests of the counter facility's rules and units: the state
 * register and its transitions and resets, the counter sets and their slots, the global
 * register and the counter groups.  Every test name carries the requirement ID it checks
 * (docs/requirements.md); expected values come from the architecture (IBM SA23-2260, the
 * CPU-measurement facilities), not from the code.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>
#include "cpumf_int.h"
#include "test_arch.h"
#include "unit_main.h"

static void model_generic(cpumf_model_cfg *m)
{
    memset(m, 0, sizeof *m);
    m->cfvn = 1;
    m->csvn = 1;
    m->fac_lpp = m->fac_cf = m->fac_stcctm = 1;
    m->unified_l1 = 1;
    m->n_ext = 0;
}

/* ---------------------------------------------------------------- CF-ST */

START_TEST(test_CF_ST_1_state_register)
{
    cpumf_system_cfg s;
    cf_state_state st;
    sys_z15(&s);
    s.auth_cf = 0x7F; /* every set, the reserved bit and the groups */
    cf_state_power_on(&s, &st);
    ck_assert_uint_eq(st.a, 0x2F); /* reserved set never authorized */
    ck_assert_uint_eq(st.cg_a, 1);
    ck_assert_uint_eq(st.e, 0);
    ck_assert_uint_eq(st.c, 0);
    s.auth_cf = 0x02;
    cf_state_power_on(&s, &st);
    ck_assert_uint_eq(st.a, CPUMF_SET_BASIC);
    ck_assert_uint_eq(st.cg_a, 0);
}
END_TEST

START_TEST(test_CF_ST_2_valid_states)
{
    ck_assert(arch_state_valid(0, 0, 0));
    ck_assert(arch_state_valid(1, 0, 0));
    ck_assert(arch_state_valid(1, 1, 0));
    ck_assert(arch_state_valid(1, 1, 1));
    ck_assert(!arch_state_valid(0, 0, 1));
    ck_assert(!arch_state_valid(0, 1, 0));
    ck_assert(!arch_state_valid(0, 1, 1));
    ck_assert(!arch_state_valid(1, 0, 1));
}
END_TEST

START_TEST(test_CF_ST_3_transitions)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    cf_state_state q, d;
    cf_state_in in;
    cf_state_out out;
    /* from unauthorized, LCCTL reaches only the same state */
    ck_assert(arch_transition_valid(0, 0, 0));
    ck_assert(!arch_transition_valid(0, 1, 0));
    ck_assert(!arch_transition_valid(0, 1, 1));
    /* authorized: disabled, inactive, active; never E=0 C=1 */
    ck_assert(arch_transition_valid(1, 0, 0));
    ck_assert(arch_transition_valid(1, 1, 0));
    ck_assert(arch_transition_valid(1, 1, 1));
    ck_assert(!arch_transition_valid(1, 0, 1));
    /* authorization only by external control; E/C stay */
    cf_state_z15(&m, &io, &q, &in);
    io.auth_set = CPUMF_SET_CRYPTO;
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.a, CPUMF_SET_CRYPTO);
    ck_assert_uint_eq(d.e, 0);
    ck_assert_uint_eq(d.c, 0);
}
END_TEST

START_TEST(test_CF_ST_4_disable_clears_counters)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    cf_counters_state q;
    cf_counters_upd u;
    cf_counters_in in;
    uint64_t mask[CPUMF_EXT_WORDS];
    unsigned k;
    model_z15(&m);
    memset(&q, 0, sizeof q);
    memset(&io, 0, sizeof io);
    for (k = 0; k < CPUMF_NSLOT; k++)
        q.ctr[k] = 1000 + k;
    memset(&u, 0xA5, sizeof u);
    counters_in(&in, &io, &m, mask);
    in.e_q = CPUMF_SET_BASIC | CPUMF_SET_CRYPTO;
    in.active_q = CPUMF_SET_BASIC;
    in.e_d = CPUMF_SET_CRYPTO; /* basic becomes disabled (or unauthorized) */
    cf_counters_eval(&in, &u);
    ck_assert_uint_eq(u.clear, CPUMF_SET_BASIC);
    cf_counters_commit(&q, &u, 1u, &m);
    for (k = 0; k < 6; k++)
        ck_assert_uint_eq(cf_counters_value(&q, k), 0);
    ck_assert_uint_eq(cf_counters_value(&q, 12), 1012); /* inactive crypto set holds */
}
END_TEST

START_TEST(test_CF_ST_5_stopped_cpu_does_not_count)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    cf_counters_state q;
    cf_counters_upd u;
    cf_counters_in in;
    uint64_t mask[CPUMF_EXT_WORDS];
    model_z15(&m);
    memset(&io, 0, sizeof io);
    memset(&q, 0, sizeof q);
    q.ctr[0] = 5;
    io.stopped = 1;
    io.insns = 4;
    counters_in(&in, &io, &m, mask);
    in.e_q = in.e_d = in.active_q = CPUMF_SET_BASIC;
    cf_counters_eval(&in, &u);
    cf_counters_commit(&q, &u, 1u, &m);
    ck_assert_uint_eq(cf_counters_value(&q, 0), 5);
    ck_assert_uint_eq(cf_counters_value(&q, 1), 0);
    io.stopped = 0; /* resumes in the state it had */
    cf_counters_eval(&in, &u);
    cf_counters_commit(&q, &u, 1u, &m);
    ck_assert_uint_eq(cf_counters_value(&q, 0), 6);
    ck_assert_uint_eq(cf_counters_value(&q, 1), 4);
}
END_TEST

START_TEST(test_CF_ST_6_resets)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    cf_state_state q, d;
    cf_state_in in;
    cf_state_out out;
    model_z15(&m);
    memset(&io, 0, sizeof io);
    memset(&in, 0, sizeof in);
    in.io = &io;
    in.m = &m;
    q.a = 0x2F;
    q.e = 0x2B;
    q.c = 0x2A;
    q.cg_a = 1;
    io.reset = CPUMF_RESET_CPU;
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.a, 0x2F);
    ck_assert_uint_eq(d.e, 0x2B);
    ck_assert_uint_eq(d.c, CPUMF_SET_MT);
    io.reset = CPUMF_RESET_INITIAL_CPU;
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.a, 0x2F);
    ck_assert_uint_eq(d.e, CPUMF_SET_MT); /* MT set stays while MT enabled */
    ck_assert_uint_eq(d.c, CPUMF_SET_MT);
    ck_assert_uint_eq(d.cg_a, 1);
    io.reset = CPUMF_RESET_CLEAR;
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.e, CPUMF_SET_MT);
    io.reset = CPUMF_RESET_POWER_ON;
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.e, CPUMF_SET_MT);
    ck_assert_uint_eq(d.a, 0x2F);
    io.reset = CPUMF_RESET_BASIC_MACHINE_CLEAR; /* a clear reset of this CPU as well */
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.e, CPUMF_SET_MT);
    ck_assert_uint_eq(d.c, CPUMF_SET_MT);
    ck_assert_uint_eq(d.a, 0x2F);
    ck_assert_uint_eq(d.cg_a, 1);
}
END_TEST

START_TEST(test_CF_ST_7_auth_change_alert)
{
    arch_auth_result r;
    r = arch_auth_change(0x0F, 0x02, 0x02, 0, CPUMF_SET_BASIC);
    ck_assert_uint_eq(r.raised, CPUMF_AL_CF_AUTH);
    ck_assert_uint_eq(r.a, 0x0D);
    ck_assert_uint_eq(r.e, 0);
    ck_assert_uint_eq(r.c, 0);
    /* a disabled set loses authorization silently */
    r = arch_auth_change(0x0F, 0x02, 0x02, 0, CPUMF_SET_CRYPTO);
    ck_assert_uint_eq(r.raised, 0);
    ck_assert_uint_eq(r.a, 0x07);
    ck_assert_uint_eq(r.e, 0x02);
}
END_TEST

/* ---------------------------------------------------------------- CF-CT */

START_TEST(test_CF_CT_1_basic_set)
{
    cpumf_cpu_in io;
    memset(&io, 0, sizeof io);
    io.insns = 3;
    io.l1i_dw = io.l1i_pen = io.l1d_dw = io.l1d_pen = 1;
    ck_assert_uint_eq(arch_basic_increment(&io, 0, 0), 1);
    ck_assert_uint_eq(arch_basic_increment(&io, 0, 1), 3);
    ck_assert_uint_eq(arch_basic_increment(&io, 0, 2), 1);
    ck_assert_uint_eq(arch_basic_increment(&io, 0, 3), 1);
    ck_assert_uint_eq(arch_basic_increment(&io, 0, 4), 1);
    ck_assert_uint_eq(arch_basic_increment(&io, 0, 5), 1);
    /* unified L1: the D-cache counters stay zero */
    ck_assert_uint_eq(arch_basic_increment(&io, 1, 4), 0);
    ck_assert_uint_eq(arch_basic_increment(&io, 1, 5), 0);
    ck_assert_uint_eq(arch_basic_increment(&io, 1, 2), 1);
    /* cycle count excludes the wait state */
    io.wait = 1;
    ck_assert_uint_eq(arch_basic_increment(&io, 0, 0), 0);
    ck_assert_uint_eq(arch_basic_increment(&io, 0, 1), 3);
}
END_TEST

START_TEST(test_CF_CT_2_problem_state_set)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    cf_counters_state q;
    cf_counters_upd u;
    cf_counters_in in;
    uint64_t mask[CPUMF_EXT_WORDS];
    model_generic(&m); /* CFVN 1: 32-37 */
    ck_assert_int_eq(arch_counter_slot(&m, 32), CPUMF_SLOT_PROBLEM);
    ck_assert_int_eq(arch_counter_slot(&m, 37), CPUMF_SLOT_PROBLEM + 5);
    ck_assert_int_eq(arch_counter_slot(&m, 38), -1);
    model_z15(&m); /* CFVN 3: 32-33 */
    ck_assert_int_eq(arch_counter_slot(&m, 33), CPUMF_SLOT_PROBLEM + 1);
    ck_assert_int_eq(arch_counter_slot(&m, 34), -1);
    memset(&io, 0, sizeof io);
    memset(&q, 0, sizeof q);
    counters_in(&in, &io, &m, mask);
    in.e_q = in.e_d = in.active_q = CPUMF_SET_PROBLEM;
    io.insns = 2;
    io.l1i_dw = 1;
    cf_counters_eval(&in, &u);
    cf_counters_commit(&q, &u, 1u, &m);
    ck_assert_uint_eq(cf_counters_value(&q, 6), 0); /* supervisor state: nothing */
    io.problem = 1;
    cf_counters_eval(&in, &u);
    cf_counters_commit(&q, &u, 1u, &m);
    ck_assert_uint_eq(cf_counters_value(&q, 6), 1);
    ck_assert_uint_eq(cf_counters_value(&q, 7), 2);
    ck_assert_uint_eq(cf_counters_value(&q, 8), 0); /* 34 not installed on CFVN 3 */
}
END_TEST

START_TEST(test_CF_CT_3_crypto_set)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    model_z15(&m);
    m.csvn = 5;
    ck_assert_int_eq(arch_counter_slot(&m, 79), CPUMF_SLOT_CRYPTO + 15);
    ck_assert_int_eq(arch_counter_slot(&m, 80), -1);
    ck_assert_uint_eq(arch_set_count(&m, CPUMF_SET_CRYPTO), 16);
    m.csvn = 6;
    ck_assert_int_eq(arch_counter_slot(&m, 83), CPUMF_SLOT_CRYPTO + 19);
    ck_assert_int_eq(arch_counter_slot(&m, 84), -1);
    ck_assert_uint_eq(arch_set_count(&m, CPUMF_SET_CRYPTO), 20);
    memset(&io, 0, sizeof io);
    io.cr_fn = 0x02;   /* SHA function: counter 68 */
    io.cr_busy = 0x08; /* AES busy: counter 77 */
    io.cr_bfn = 0x10;  /* ECC blocked function: counter 82 */
    io.cr_bcyc = 0x01; /* PRNG blocked cycle: counter 67 */
    ck_assert_uint_eq(arch_crypto_increment(&io, 68 - 64), 1);
    ck_assert_uint_eq(arch_crypto_increment(&io, 64 - 64), 0);
    ck_assert_uint_eq(arch_crypto_increment(&io, 77 - 64), 1);
    ck_assert_uint_eq(arch_crypto_increment(&io, 73 - 64), 0);
    ck_assert_uint_eq(arch_crypto_increment(&io, 82 - 64), 1);
    ck_assert_uint_eq(arch_crypto_increment(&io, 67 - 64), 1);
    ck_assert_uint_eq(arch_crypto_increment(&io, 71 - 64), 0);
}
END_TEST

START_TEST(test_CF_CT_4_extended_set)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    ck_assert_uint_eq(arch_ext_max(1), 32);
    ck_assert_uint_eq(arch_ext_max(2), 48);
    ck_assert_uint_eq(arch_ext_max(3), 128);
    ck_assert_uint_eq(arch_ext_max(5), 128);
    ck_assert_uint_eq(arch_ext_max(6), 160);
    ck_assert_uint_eq(arch_ext_max(8), 160);
    model_z15(&m);
    m.n_ext = 100;
    ck_assert_int_eq(arch_counter_slot(&m, 128), CPUMF_SLOT_EXT);
    ck_assert_int_eq(arch_counter_slot(&m, 227), CPUMF_SLOT_EXT + 99);
    ck_assert_int_eq(arch_counter_slot(&m, 228), -1);
    ck_assert_int_eq(arch_counter_slot(&m, 287), -1);
    m.n_ext = 160;
    ck_assert_int_eq(arch_counter_slot(&m, 287), CPUMF_NSLOT - 1);
    ck_assert_int_eq(arch_counter_slot(&m, 288), -1);
    m.n_ext = 0;
    ck_assert_uint_eq(arch_installed_sets(&m) & CPUMF_SET_EXT, 0);
    memset(&io, 0, sizeof io);
    cpumf_ext_set(&io, 67, 1u); /* counter 128 + 67 */
    cpumf_ext_set(&io, 68, 13u);
    ck_assert_uint_eq(arch_ext_increment(&io, 67), 1);
    ck_assert_uint_eq(arch_ext_increment(&io, 66), 0);
    ck_assert_uint_eq(arch_ext_increment(&io, 68), 13);
}
END_TEST

START_TEST(test_CF_CT_5_mt_set)
{
    cpumf_model_cfg m;
    cpumf_system_cfg s;
    cpumf_sys_in sin;
    cf_global_state q, d;
    cf_global_in in;
    model_z15(&m);
    m.csvn = 3;
    ck_assert_int_eq(arch_counter_slot(&m, 448), -1);
    m.csvn = 4;
    ck_assert_int_eq(arch_counter_slot(&m, 448), -2);
    ck_assert_int_eq(arch_counter_slot(&m, 449), -2);
    ck_assert_int_eq(arch_counter_slot(&m, 450), -1);
    /* read-only */
    ck_assert_int_eq(arch_ecctr_target(&m, 448, CPUMF_SET_MT, 0, 1), -1);
    ck_assert_int_eq(arch_ecctr_target(&m, 449, CPUMF_SET_MT, 0, 0), ARCH_SLOT_MT0 + 1);
    /* one thread active: 448; two: 449 */
    ck_assert_int_eq(arch_mt_counter(1, 1), 0);
    ck_assert_int_eq(arch_mt_counter(2, 1), 1);
    ck_assert_int_eq(arch_mt_counter(0, 1), -1);
    ck_assert_int_eq(arch_mt_counter(1, 0), -1);
    /* per core, the same value for both CPUs, and wraps to zero */
    sys_z15(&s);
    memset(&sin, 0, sizeof sin);
    memset(&q, 0, sizeof q);
    memset(&in, 0, sizeof in);
    in.cfg = &s;
    in.sys = &sin;
    q.mt_ctr[0][0] = UINT64_MAX;
    in.cpu[0].mt_active_q = in.cpu[1].mt_active_q = 1;
    in.cpu[0].mt_enabled_d = in.cpu[1].mt_enabled_d = 1;
    sin.cpu[1].wait = 1;
    global_step(&q, &in, &d);
    ck_assert_uint_eq(d.mt_ctr[0][0], 0);
    ck_assert_uint_eq(d.mt_ctr[0][1], 0);
    sin.cpu[1].wait = 0;
    global_step(&q, &in, &d);
    ck_assert_uint_eq(d.mt_ctr[0][1], 1);
}
END_TEST

START_TEST(test_CF_CT_6_cycle_and_event_counters)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    cf_counters_state q;
    cf_counters_upd u;
    cf_counters_in in;
    uint64_t mask[CPUMF_EXT_WORDS];
    unsigned t;
    model_z15(&m);
    memset(&io, 0, sizeof io);
    memset(&q, 0, sizeof q);
    counters_in(&in, &io, &m, mask);
    in.e_q = in.e_d = in.active_q = CPUMF_SET_BASIC | CPUMF_SET_EXT;
    io.insns = 7;
    cpumf_ext_set(&io, 0, 1u);
    for (t = 0; t < 10; t++) {
        cf_counters_eval(&in, &u);
        cf_counters_commit(&q, &u, 1u, &m);
    }
    ck_assert_uint_eq(cf_counters_value(&q, 0), 10); /* one per cycle */
    ck_assert_uint_eq(cf_counters_value(&q, 1), 70); /* the number of events */
    ck_assert_uint_eq(cf_counters_value(&q, CPUMF_SLOT_EXT), 10);
    ck_assert_uint_eq(cf_counters_value(&q, CPUMF_SLOT_EXT + 1), 0);
}
END_TEST

/* ---------------------------------------------------------------- CF-GL */

START_TEST(test_CF_GL_1_global_register)
{
    cpumf_system_cfg s;
    cpumf_sys_in sin;
    cf_global_state q, d;
    cf_global_in in;
    arch_load_result r;
    global_setup(&s, &sin, &q, &in);
    r = arch_lpctl(1, 1, 3);
    ck_assert_uint_eq(r.cc, 0);
    in.cpu[2].lpctl_valid = 1;
    in.cpu[2].lpctl_e = (uint8_t)r.e;
    in.cpu[2].lpctl_c = (uint8_t)r.c;
    global_step(&q, &in, &d);
    ck_assert_uint_eq(d.e, 1);
    ck_assert_uint_eq(d.c, 1);
    ck_assert_uint_eq(d.change, 0);
}
END_TEST

START_TEST(test_CF_GL_2_change_indicator)
{
    cpumf_system_cfg s;
    cpumf_sys_in sin;
    cf_global_state q, d;
    cf_global_in in;
    ck_assert_uint_eq(arch_change_next(1, 0, 0, 1), 1);
    ck_assert_uint_eq(arch_change_next(0, 0, 0, 1), 0); /* stays zero while E = 0 */
    ck_assert_uint_eq(arch_change_next(1, 1, 0, 0), 1);
    ck_assert_uint_eq(arch_change_next(1, 1, 1, 0), 0); /* E went 1 -> 0 this cycle */
    ck_assert_uint_eq(arch_change_next(0, 1, 1, 0), 0);
    global_setup(&s, &sin, &q, &in);
    q.e = 1;
    q.change = 1;
    in.cpu[0].lpctl_valid = 1; /* E 1 -> 0 ... */
    in.cpu[1].lpctl_valid = 1; /* ... and back to 1 in the same cycle */
    in.cpu[1].lpctl_e = 1;
    global_step(&q, &in, &d);
    ck_assert_uint_eq(d.e, 1);
    ck_assert_uint_eq(d.change, 0);
    /* a basic-machine clear reset disables the groups */
    memset(&in.cpu, 0, sizeof in.cpu);
    sin.cpu[3].reset = CPUMF_RESET_BASIC_MACHINE_CLEAR;
    global_step(&q, &in, &d);
    ck_assert_uint_eq(d.e, 0);
    ck_assert_uint_eq(d.change, 0);
}
END_TEST

START_TEST(test_CF_GL_6_only_machine_resets_disable_groups)
{
    static const struct {
        unsigned reset, disables;
    } rs[] = {{CPUMF_RESET_CPU, 0},
              {CPUMF_RESET_INITIAL_CPU, 0},
              {CPUMF_RESET_CLEAR, 0},
              {CPUMF_RESET_POWER_ON, 1},
              {CPUMF_RESET_BASIC_MACHINE_CLEAR, 1},
              {6, 0},
              {7, 0}};
    cpumf_system_cfg s;
    cpumf_sys_in sin;
    cf_global_state q, d;
    cf_global_in in;
    unsigned k;
    /* the pure rule: power-on and basic-machine clear only */
    for (k = 0; k < sizeof rs / sizeof rs[0]; k++)
        ck_assert_msg(arch_reset_disables_groups(rs[k].reset) == rs[k].disables, "reset %u",
                      rs[k].reset);
    /* the global unit: a clear reset of one CPU (of a logical partition)
     * leaves the active groups and their counters; the machine resets of any
     * CPU disable them and clear the counters */
    for (k = 0; k < sizeof rs / sizeof rs[0]; k++) {
        global_setup(&s, &sin, &q, &in);
        q.e = q.c = 1;
        q.cg_ctr[0][2] = 77;
        sin.cpu[1].reset = (uint8_t)rs[k].reset;
        global_step(&q, &in, &d);
        ck_assert_msg(d.e == !rs[k].disables && d.c == !rs[k].disables, "reset %u", rs[k].reset);
        ck_assert_uint_eq(d.cg_ctr[0][2], rs[k].disables ? 0u : 77u);
    }
}
END_TEST

START_TEST(test_CF_ST_6_SF_RST_1_reset_classes)
{
    unsigned rs;
    /* CPU reset clears only C; initial-CPU, clear, basic-machine clear and
     * power-on clear E and C; codes 6 and 7 are no reset at all */
    for (rs = 0; rs < 8; rs++) {
        ck_assert_uint_eq(arch_reset_any(rs), rs >= 1 && rs <= 5);
        ck_assert_uint_eq(arch_reset_clears(rs), rs >= 2 && rs <= 5);
    }
}
END_TEST

START_TEST(test_CF_GL_3_unauthorized_cpu_view)
{
    cpumf_model_cfg m;
    cpumf_system_cfg s;
    uint64_t blk[8];
    unsigned g = 9, c = 9;
    model_z15(&m);
    arch_qctri_block(&m, 0x0F, 0, 0, 0, 1, 1, 1, blk);
    ck_assert_uint_eq((blk[0] >> 32) & 0x8000, 0);
    ck_assert_uint_eq((blk[0] >> 16) & 0x8000, 0);
    ck_assert_uint_eq(blk[0] & 0x8000, 0);
    ck_assert_uint_eq(blk[1] & 0x8000, 0);
    arch_qctri_block(&m, 0x0F, 0, 0, 1, 1, 0, 0, blk);
    ck_assert_uint_eq((blk[0] >> 32) & 0x8000, 0x8000); /* authorized, inactive */
    ck_assert_uint_eq((blk[0] >> 16) & 0x8000, 0x8000);
    ck_assert_uint_eq(blk[0] & 0x8000, 0);
    sys_z15(&s);
    ck_assert_uint_eq(arch_epctr_target(&s, 0x0300, 0, 1, &g, &c), 3);
    ck_assert_uint_eq(arch_epctr_target(&s, 0x0300, 1, 1, &g, &c), 0);
}
END_TEST

START_TEST(test_CF_GL_4_group_counters)
{
    cpumf_system_cfg s;
    cpumf_sys_in sin;
    cf_global_state q, d;
    cf_global_in in;
    global_setup(&s, &sin, &q, &in);
    q.e = 1;
    q.c = 0; /* inactive: nothing counts */
    sin.cpu[0].cr_fn = 0x02;
    sin.cpu[1].cr_fn = 0x02 | 0x04;
    sin.cpu[0].cr_busy = 0x02;
    sin.cpu[1].cr_busy = 0x02;
    sin.cpu[0].cr_bcyc = 0x0C; /* DEA and AES blocked: counted once */
    global_step(&q, &in, &d);
    ck_assert_uint_eq(d.cg_ctr[0][0], 0);
    q.c = 1;
    global_step(&q, &in, &d);
    ck_assert_uint_eq(d.cg_ctr[0][0], 2); /* SHA functions of both CPUs */
    ck_assert_uint_eq(d.cg_ctr[0][1], 1); /* SHA busy: one cycle */
    ck_assert_uint_eq(d.cg_ctr[0][4], 1);
    ck_assert_uint_eq(d.cg_ctr[0][7], 1);
    ck_assert_uint_eq(d.cg_ctr[1][0], 0); /* CPUs 2, 3 are in group 1 */
    /* a stopped CPU adds nothing */
    sin.cpu[1].stopped = 1;
    global_step(&q, &in, &d);
    ck_assert_uint_eq(d.cg_ctr[0][0], 1);
    sin.cpu[1].stopped = 0;
    /* disabled: cleared */
    q.cg_ctr[1][3] = 99;
    in.cpu[0].lpctl_valid = 1;
    global_step(&q, &in, &d);
    ck_assert_uint_eq(d.cg_ctr[1][3], 0);
    /* SPCTR writes; the global unit knows nothing of per-CPU authorization,
     * so a CPU losing it cannot change the group counters */
    memset(&in.cpu, 0, sizeof in.cpu);
    in.cpu[3].spctr_valid = 1;
    in.cpu[3].spctr_grp = 1;
    in.cpu[3].spctr_ctr = 3;
    in.cpu[3].spctr_value = 7;
    global_step(&q, &in, &d);
    ck_assert_uint_eq(d.cg_ctr[1][3], 7);
}
END_TEST

START_TEST(test_CF_GL_5_lpctl_same_cycle_order)
{
    cpumf_system_cfg s;
    cpumf_sys_in sin;
    cf_global_state q, d;
    cf_global_in in;
    global_setup(&s, &sin, &q, &in);
    in.cpu[0].lpctl_valid = 1;
    in.cpu[0].lpctl_e = 1;
    in.cpu[0].lpctl_c = 1;
    in.cpu[3].lpctl_valid = 1;
    in.cpu[3].lpctl_e = 1;
    in.cpu[3].lpctl_c = 0;
    global_step(&q, &in, &d);
    ck_assert_uint_eq(d.e, 1);
    ck_assert_uint_eq(d.c, 0); /* the highest-numbered CPU's request wins */
    in.cpu[0].lpctl_c = 0;
    in.cpu[3].lpctl_c = 1;
    global_step(&q, &in, &d);
    ck_assert_uint_eq(d.c, 1);
}
END_TEST

/* ---------------------------------------------------- slots (public API) */

START_TEST(test_CF_CT_1_slot_mapping)
{
    cpumf_model_cfg m;
    unsigned s;
    model_z15(&m);
    ck_assert_int_eq(cpumf_counter_slot(&m, 0), 0);
    ck_assert_int_eq(cpumf_counter_slot(&m, 5), 5);
    ck_assert_int_eq(cpumf_counter_slot(&m, 6), -1);
    ck_assert_int_eq(cpumf_counter_slot(&m, 64), 12);
    ck_assert_int_eq(cpumf_counter_slot(&m, 448), -2);
    ck_assert_uint_eq(cpumf_slot_counter(6), 32);
    ck_assert_uint_eq(cpumf_slot_counter(12), 64);
    ck_assert_uint_eq(cpumf_slot_counter(31), 83);
    ck_assert_uint_eq(cpumf_slot_counter(32), 128);
    ck_assert_uint_eq(cpumf_slot_counter(191), 287);
    for (s = 0; s < CPUMF_NSLOT; s++) {
        int back = cpumf_counter_slot(&m, cpumf_slot_counter(s));
        ck_assert(back == -1 || back == (int)s);
    }
}
END_TEST

static Suite *arch_cf_suite(void)
{
    Suite *s = suite_create("arch_cf");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, test_CF_ST_1_state_register);
    tcase_add_test(tc, test_CF_ST_2_valid_states);
    tcase_add_test(tc, test_CF_ST_3_transitions);
    tcase_add_test(tc, test_CF_ST_4_disable_clears_counters);
    tcase_add_test(tc, test_CF_ST_5_stopped_cpu_does_not_count);
    tcase_add_test(tc, test_CF_ST_6_resets);
    tcase_add_test(tc, test_CF_ST_6_SF_RST_1_reset_classes);
    tcase_add_test(tc, test_CF_ST_7_auth_change_alert);
    tcase_add_test(tc, test_CF_CT_1_basic_set);
    tcase_add_test(tc, test_CF_CT_1_slot_mapping);
    tcase_add_test(tc, test_CF_CT_2_problem_state_set);
    tcase_add_test(tc, test_CF_CT_3_crypto_set);
    tcase_add_test(tc, test_CF_CT_4_extended_set);
    tcase_add_test(tc, test_CF_CT_5_mt_set);
    tcase_add_test(tc, test_CF_CT_6_cycle_and_event_counters);
    tcase_add_test(tc, test_CF_GL_1_global_register);
    tcase_add_test(tc, test_CF_GL_2_change_indicator);
    tcase_add_test(tc, test_CF_GL_6_only_machine_resets_disable_groups);
    tcase_add_test(tc, test_CF_GL_3_unauthorized_cpu_view);
    tcase_add_test(tc, test_CF_GL_4_group_counters);
    tcase_add_test(tc, test_CF_GL_5_lpctl_same_cycle_order);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(arch_cf_suite());
}
