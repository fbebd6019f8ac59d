/*
 * test_arch.c - unit tests of the architecture rules (cmodel/src/arch) and of
 * single units' eval functions against docs/requirements.md.  Every test
 * name carries the requirement ID it checks; expected values come from the
 * architecture (IBM SA23-2260, the CPU-measurement facilities), not from the
 * code.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>
#include "cpumf_int.h"

static void model_z15(cpumf_model_cfg *m)
{
    memset(m, 0, sizeof *m);
    m->cfvn = 3;
    m->csvn = 6;
    m->fac_lpp = m->fac_cf = m->fac_sf = m->fac_stcctm = 1;
    m->has_cg = 1;
    m->n_ext = 100;
    m->max_cpu_addr = 0x1F;
    m->max_cg_addr = 0x0F;
}

static void model_generic(cpumf_model_cfg *m)
{
    memset(m, 0, sizeof *m);
    m->cfvn = 1;
    m->csvn = 1;
    m->fac_lpp = m->fac_cf = m->fac_stcctm = 1;
    m->unified_l1 = 1;
    m->n_ext = 0;
}

static void sys_z15(cpumf_system_cfg *s)
{
    unsigned i;
    memset(s, 0, sizeof *s);
    model_z15(&s->model);
    s->n_cpus = 4;
    s->threads_per_core = 2;
    s->n_cg = 2;
    for (i = 0; i < 4; i++) {
        s->cpu_addr[i] = (uint16_t)(0x10 + i);
        s->cpu_cg[i] = (uint8_t)(i / 2);
    }
    s->cg_addr[0] = 0x0003;
    s->cg_addr[1] = 0xABCD;
    s->auth_cf = 0x6F;
}

static const unsigned cf_ops[] = {CPUMF_OP_LCCTL, CPUMF_OP_LPCTL, CPUMF_OP_QCTRI, CPUMF_OP_ECCTR,
                                  CPUMF_OP_EPCTR, CPUMF_OP_SCCTR, CPUMF_OP_SPCTR, CPUMF_OP_ECPGA};

/* ------------------------------------------------------------------- GEN */

START_TEST(test_GEN_1_facility_operation_exception)
{
    cpumf_model_cfg m;
    unsigned i;
    model_z15(&m);
    for (i = 0; i < sizeof cf_ops / sizeof cf_ops[0]; i++)
        ck_assert_uint_eq(arch_decode_exception(&m, cf_ops[i], 0, 0, 0, 0, 0, 0), CPUMF_EXC_NONE);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_LPP, 0, 0, 0, 0, 0, 0), CPUMF_EXC_NONE);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_STCCTM, 1, 0, 0, 1, 0, 0), CPUMF_EXC_NONE);
    m.fac_cf = 0;
    for (i = 0; i < sizeof cf_ops / sizeof cf_ops[0]; i++)
        ck_assert_uint_eq(arch_decode_exception(&m, cf_ops[i], 0, 0, 0, 0, 0, 0),
                          CPUMF_EXC_OPERATION);
    m.fac_lpp = 0;
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_LPP, 0, 0, 0, 0, 0, 0),
                      CPUMF_EXC_OPERATION);
    m.fac_stcctm = 0;
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_STCCTM, 1, 0, 0, 1, 0, 0),
                      CPUMF_EXC_OPERATION);
    /* opcodes that do not exist */
    ck_assert_uint_eq(arch_decode_exception(&m, 12, 0, 0, 0, 0, 0, 0), CPUMF_EXC_OPERATION);
    ck_assert_uint_eq(arch_decode_exception(&m, 15, 0, 0, 0, 0, 0, 0), CPUMF_EXC_OPERATION);
    /* the sampling instructions need facility 68 */
    model_z15(&m);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_LSCTL, 0, 0, 0, 0, 0, 0), CPUMF_EXC_NONE);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_QSI, 0, 0, 0, 0, 0, 0), CPUMF_EXC_NONE);
    m.fac_sf = 0;
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_LSCTL, 0, 0, 0, 0, 0, 0),
                      CPUMF_EXC_OPERATION);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_QSI, 0, 0, 0, 0, 0, 0),
                      CPUMF_EXC_OPERATION);
}
END_TEST

START_TEST(test_GEN_2_privileged)
{
    cpumf_model_cfg m;
    unsigned i;
    model_z15(&m);
    for (i = 0; i < sizeof cf_ops / sizeof cf_ops[0]; i++) {
        unsigned op = cf_ops[i];
        unsigned want = op == CPUMF_OP_ECCTR ? CPUMF_EXC_NONE : CPUMF_EXC_PRIVILEGED;
        ck_assert_uint_eq(arch_decode_exception(&m, op, 0, 1, 0, 0, 0, 0), CPUMF_EXC_PRIVILEGED);
        ck_assert_uint_eq(arch_decode_exception(&m, op, 0, 1, 1, 0, 0, 0), want);
    }
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_LPP, 0, 1, 1, 0, 0, 0),
                      CPUMF_EXC_PRIVILEGED);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_STCCTM, 1, 1, 0, 1, 0, 0),
                      CPUMF_EXC_PRIVILEGED);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_STCCTM, 1, 1, 1, 1, 0, 0), CPUMF_EXC_NONE);
    /* CR0.15 is not examined in the supervisor state */
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_ECCTR, 0, 0, 0, 0, 0, 0), CPUMF_EXC_NONE);
}
END_TEST

START_TEST(test_GEN_3_stcctm_m3_9_problem_state)
{
    cpumf_model_cfg m;
    model_z15(&m);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_STCCTM, 9, 1, 1, 2, 0, 0),
                      CPUMF_EXC_SPECIAL_OP);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_STCCTM, 9, 0, 1, 2, 0, 0), CPUMF_EXC_NONE);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_STCCTM, 5, 1, 1, 2, 0, 0), CPUMF_EXC_NONE);
}
END_TEST

START_TEST(test_GEN_4_exception_priority)
{
    cpumf_model_cfg m;
    arch_load_result r;
    model_z15(&m);
    /* operation before privileged */
    m.fac_stcctm = 0;
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_STCCTM, 9, 1, 0, 1u << 20, 0, 3),
                      CPUMF_EXC_OPERATION);
    model_z15(&m);
    /* privileged before special-operation and specification */
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_STCCTM, 9, 1, 0, 1u << 20, 0, 3),
                      CPUMF_EXC_PRIVILEGED);
    /* special-operation before specification */
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_STCCTM, 9, 1, 1, 1u << 20, 0, 3),
                      CPUMF_EXC_SPECIAL_OP);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_STCCTM, 1, 1, 1, 1u << 20, 0, 0),
                      CPUMF_EXC_SPECIFICATION);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_ECCTR, 0, 1, 0, 0, 1u << 16, 0),
                      CPUMF_EXC_PRIVILEGED);
    /* an exception changes nothing: the LCCTL decision does not apply */
    r = arch_lcctl(&m, 1ull << 32, 0x0F, 0x02, 0x02);
    ck_assert_uint_eq(r.exc, CPUMF_EXC_SPECIFICATION);
    ck_assert_uint_eq(r.apply, 0);
    r = arch_lpctl(1, 1, 4);
    ck_assert_uint_eq(r.exc, CPUMF_EXC_SPECIFICATION);
    ck_assert_uint_eq(r.apply, 0);
}
END_TEST

START_TEST(test_GEN_5_access_exception_on_storage_error)
{
    cpumf_system_cfg s;
    cpumf_cpu_in io;
    cf_state_state st;
    cf_counters_state ctr;
    cf_global_state g;
    mf_insn_state q, d;
    mf_insn_in in;
    mf_insn_out out;
    sf_ctrl_state sfs;
    sys_z15(&s);
    memset(&io, 0, sizeof io);
    memset(&st, 0, sizeof st);
    memset(&ctr, 0, sizeof ctr);
    memset(&g, 0, sizeof g);
    memset(&q, 0, sizeof q);
    in.io = &io;
    in.cfg = &s;
    in.installed = 1;
    in.st = &st;
    in.pending = 0;
    in.ctr = &ctr;
    in.g = &g;
    in.core = 0;
    in.sf = &sfs;
    in.upd_idle = 1;
    in.req_ready = 0;
    in.rsp_valid = 1; /* the arbiter hands the response to mf_insn */
    memset(&sfs, 0, sizeof sfs);
    /* a fetch (LCCTL) answered with err goes to RESP with the access code */
    q.state = CPUMF_IS_FETCH;
    q.op = CPUMF_OP_LCCTL;
    q.ndw = 2;
    q.r1 = 77;
    io.stor_rsp_valid = 1;
    io.stor_rsp_err = 1;
    mf_insn_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.state, CPUMF_IS_RESP);
    ck_assert_uint_eq(d.exc, CPUMF_EXC_ACCESS);
    ck_assert_uint_eq(d.r1_out, 77);
    ck_assert_uint_eq(out.lcctl_valid, 0);
    ck_assert_uint_eq(d.req.valid, 0);
    /* a store probe (QCTRI) too: no write is ever issued */
    q.state = CPUMF_IS_PROBE;
    q.op = CPUMF_OP_QCTRI;
    q.ndw = 8;
    mf_insn_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.state, CPUMF_IS_RESP);
    ck_assert_uint_eq(d.exc, CPUMF_EXC_ACCESS);
    ck_assert_uint_eq(d.req.we, 0);
}
END_TEST

START_TEST(test_GEN_6_counters_wrap)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    cf_counters_state q;
    cf_counters_upd u;
    cf_counters_in in;
    model_z15(&m);
    memset(&io, 0, sizeof io);
    memset(&q, 0, sizeof q);
    q.ctr[0] = UINT64_MAX;
    q.ctr[1] = UINT64_MAX - 1;
    io.insns = 3;
    memset(&in, 0, sizeof in);
    in.io = &io;
    in.m = &m;
    in.e_q = in.e_d = in.active_q = CPUMF_SET_BASIC;
    cf_counters_eval(&in, &u);
    cf_counters_commit(&q, &u, 1u, &m);
    ck_assert_uint_eq(q.ctr[0], 0);
    ck_assert_uint_eq(q.ctr[1], 1);
}
END_TEST

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
    model_z15(&m);
    memset(&io, 0, sizeof io);
    memset(&q, 0, sizeof q);
    memset(&in, 0, sizeof in);
    in.io = &io;
    in.m = &m;
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
    unsigned k;
    model_z15(&m);
    memset(&io, 0, sizeof io);
    for (k = 0; k < CPUMF_NSLOT; k++)
        q.ctr[k] = 1000 + k;
    memset(&u, 0xA5, sizeof u);
    memset(&in, 0, sizeof in);
    in.io = &io;
    in.m = &m;
    in.e_q = CPUMF_SET_BASIC | CPUMF_SET_CRYPTO;
    in.active_q = CPUMF_SET_BASIC;
    in.e_d = CPUMF_SET_CRYPTO; /* basic becomes disabled (or unauthorized) */
    cf_counters_eval(&in, &u);
    ck_assert_uint_eq(u.clear, CPUMF_SET_BASIC);
    cf_counters_commit(&q, &u, 1u, &m);
    for (k = 0; k < 6; k++)
        ck_assert_uint_eq(q.ctr[k], 0);
    ck_assert_uint_eq(q.ctr[12], 1012); /* inactive crypto set holds */
}
END_TEST

START_TEST(test_CF_ST_5_stopped_cpu_does_not_count)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    cf_counters_state q;
    cf_counters_upd u;
    cf_counters_in in;
    model_z15(&m);
    memset(&io, 0, sizeof io);
    memset(&q, 0, sizeof q);
    q.ctr[0] = 5;
    io.stopped = 1;
    io.insns = 4;
    memset(&in, 0, sizeof in);
    in.io = &io;
    in.m = &m;
    in.e_q = in.e_d = in.active_q = CPUMF_SET_BASIC;
    cf_counters_eval(&in, &u);
    cf_counters_commit(&q, &u, 1u, &m);
    ck_assert_uint_eq(q.ctr[0], 5);
    ck_assert_uint_eq(q.ctr[1], 0);
    io.stopped = 0; /* resumes in the state it had */
    cf_counters_eval(&in, &u);
    cf_counters_commit(&q, &u, 1u, &m);
    ck_assert_uint_eq(q.ctr[0], 6);
    ck_assert_uint_eq(q.ctr[1], 4);
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
    model_generic(&m); /* CFVN 1: 32-37 */
    ck_assert_int_eq(arch_counter_slot(&m, 32), CPUMF_SLOT_PROBLEM);
    ck_assert_int_eq(arch_counter_slot(&m, 37), CPUMF_SLOT_PROBLEM + 5);
    ck_assert_int_eq(arch_counter_slot(&m, 38), -1);
    model_z15(&m); /* CFVN 3: 32-33 */
    ck_assert_int_eq(arch_counter_slot(&m, 33), CPUMF_SLOT_PROBLEM + 1);
    ck_assert_int_eq(arch_counter_slot(&m, 34), -1);
    memset(&io, 0, sizeof io);
    memset(&q, 0, sizeof q);
    memset(&in, 0, sizeof in);
    in.io = &io;
    in.m = &m;
    in.e_q = in.e_d = in.active_q = CPUMF_SET_PROBLEM;
    io.insns = 2;
    io.l1i_dw = 1;
    cf_counters_eval(&in, &u);
    cf_counters_commit(&q, &u, 1u, &m);
    ck_assert_uint_eq(q.ctr[6], 0); /* supervisor state: nothing */
    io.problem = 1;
    cf_counters_eval(&in, &u);
    cf_counters_commit(&q, &u, 1u, &m);
    ck_assert_uint_eq(q.ctr[6], 1);
    ck_assert_uint_eq(q.ctr[7], 2);
    ck_assert_uint_eq(q.ctr[8], 0); /* 34 not installed on CFVN 3 */
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

/* The global unit's next state, counters included: its clock edge applied to a copy of q. */
static void global_step(const cf_global_state *q, const cf_global_in *in, cf_global_state *d)
{
    *d = *q;
    cf_global_eval(q, in, d);
    cf_global_commit(d, d, 1u, in->cfg);
}

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
    unsigned t;
    model_z15(&m);
    memset(&io, 0, sizeof io);
    memset(&q, 0, sizeof q);
    memset(&in, 0, sizeof in);
    in.io = &io;
    in.m = &m;
    in.e_q = in.e_d = in.active_q = CPUMF_SET_BASIC | CPUMF_SET_EXT;
    io.insns = 7;
    cpumf_ext_set(&io, 0, 1u);
    for (t = 0; t < 10; t++) {
        cf_counters_eval(&in, &u);
        cf_counters_commit(&q, &u, 1u, &m);
    }
    ck_assert_uint_eq(q.ctr[0], 10); /* one per cycle */
    ck_assert_uint_eq(q.ctr[1], 70); /* the number of events */
    ck_assert_uint_eq(q.ctr[CPUMF_SLOT_EXT], 10);
    ck_assert_uint_eq(q.ctr[CPUMF_SLOT_EXT + 1], 0);
}
END_TEST

/* ---------------------------------------------------------------- CF-GL */

static void global_setup(cpumf_system_cfg *s, cpumf_sys_in *sin, cf_global_state *q,
                         cf_global_in *in)
{
    sys_z15(s);
    memset(sin, 0, sizeof *sin);
    memset(q, 0, sizeof *q);
    memset(in, 0, sizeof *in);
    in->cfg = s;
    in->sys = sin;
}

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

/* ------------------------------------------------------------ instructions */

START_TEST(test_CF_LCCTL_1_operand_bits)
{
    cpumf_model_cfg m;
    arch_load_result r;
    unsigned b;
    model_z15(&m);
    /* every bit outside architecture bits 42-47 and 58-63 */
    for (b = 0; b < 64; b++) {
        uint64_t x = 1ull << b;
        unsigned in_e = b >= 16 && b <= 21, in_c = b <= 5;
        r = arch_lcctl(&m, x, 0x2F, 0, 0);
        if (!in_e && !in_c)
            ck_assert_uint_eq(r.exc, CPUMF_EXC_SPECIFICATION);
    }
    /* E_b alone (bit 46) is valid: basic enabled, inactive */
    r = arch_lcctl(&m, 1ull << (63 - 46), 0x2F, 0, 0);
    ck_assert_uint_eq(r.exc, 0);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.e, CPUMF_SET_BASIC);
    /* a set the model lacks: the extended set with no extended counters */
    m.n_ext = 0;
    r = arch_lcctl(&m, 1ull << (63 - 47), 0x2F, 0, 0);
    ck_assert_uint_eq(r.exc, CPUMF_EXC_SPECIFICATION);
    r = arch_lcctl(&m, 1ull << (63 - 63), 0x2F, 0, 0);
    ck_assert_uint_eq(r.exc, CPUMF_EXC_SPECIFICATION);
}
END_TEST

START_TEST(test_CF_LCCTL_2_mt_and_reserved_bits)
{
    cpumf_model_cfg m;
    arch_load_result r;
    uint64_t mt = (1ull << (63 - 42)) | (1ull << (63 - 58));
    uint64_t rsvd = (1ull << (63 - 43)) | (1ull << (63 - 59));
    model_z15(&m);
    m.csvn = 3;
    ck_assert_uint_eq(arch_lcctl(&m, mt, 0x2F, 0, 0).exc, CPUMF_EXC_SPECIFICATION);
    ck_assert_uint_eq(arch_lcctl(&m, rsvd, 0x2F, 0, 0).exc, CPUMF_EXC_SPECIFICATION);
    m.csvn = 4;
    r = arch_lcctl(&m, mt | rsvd, 0x2F, 0, 0);
    ck_assert_uint_eq(r.exc, 0);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.e, 0); /* ignored: nothing changes */
    ck_assert_uint_eq(r.c, 0);
    m.csvn = 5;
    ck_assert_uint_eq(arch_lcctl(&m, mt, 0x2F, 0, 0).exc, 0);
    ck_assert_uint_eq(arch_lcctl(&m, rsvd, 0x2F, 0, 0).exc, CPUMF_EXC_SPECIFICATION);
    m.csvn = 6;
    ck_assert_uint_eq(arch_lcctl(&m, rsvd, 0x2F, 0, 0).exc, CPUMF_EXC_SPECIFICATION);
    /* the MT set's controls are kept as they are */
    r = arch_lcctl(&m, 0, 0x2F, CPUMF_SET_MT, CPUMF_SET_MT);
    ck_assert_uint_eq(r.e, CPUMF_SET_MT);
    ck_assert_uint_eq(r.c, CPUMF_SET_MT);
}
END_TEST

START_TEST(test_CF_LCCTL_3_all_or_nothing)
{
    cpumf_model_cfg m;
    arch_load_result r;
    model_z15(&m);
    /* crypto unauthorized: asking basic+crypto active fails as a whole */
    r = arch_lcctl(&m, 0x000A000Aull, 0x07, 0x01, 0x00);
    ck_assert_uint_eq(r.exc, 0);
    ck_assert_uint_eq(r.cc, 3);
    ck_assert_uint_eq(r.apply, 0);
    /* E = 0, C = 1 for one set fails all */
    r = arch_lcctl(&m, 0x00020006ull, 0x0F, 0, 0);
    ck_assert_uint_eq(r.cc, 3);
    /* the same state (unauthorized stays 000) is valid */
    r = arch_lcctl(&m, 0x00020002ull, 0x07, 0x01, 0x01);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.e, 0x02);
    ck_assert_uint_eq(r.c, 0x02);
    r = arch_lcctl(&m, 0x00030003ull, 0x0F, 0x03, 0x03);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.e, 0x03);
}
END_TEST

START_TEST(test_CF_LPCTL_1_global_controls)
{
    arch_load_result r;
    r = arch_lpctl(1, 1, 1ull << 2);
    ck_assert_uint_eq(r.exc, CPUMF_EXC_SPECIFICATION);
    r = arch_lpctl(1, 1, 1ull << 63);
    ck_assert_uint_eq(r.exc, CPUMF_EXC_SPECIFICATION);
    r = arch_lpctl(0, 1, 3);
    ck_assert_uint_eq(r.exc, 0);
    ck_assert_uint_eq(r.cc, 3);
    r = arch_lpctl(1, 1, 1); /* E = 0, C = 1 */
    ck_assert_uint_eq(r.cc, 3);
    r = arch_lpctl(1, 0, 2);
    ck_assert_uint_eq(r.cc, 3);
    r = arch_lpctl(1, 0, 0); /* unauthorized to the same state */
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.apply, 0);
    r = arch_lpctl(1, 1, 2); /* bit 62 = E */
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.apply, 1);
    ck_assert_uint_eq(r.e, 1);
    ck_assert_uint_eq(r.c, 0);
}
END_TEST

START_TEST(test_CF_ECCTR_1_extract)
{
    cpumf_model_cfg m;
    model_z15(&m);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_ECCTR, 0, 0, 0, 0, 1ull << 16, 0),
                      CPUMF_EXC_SPECIFICATION);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_ECCTR, 0, 0, 0, 0, 0xFFFF, 0),
                      CPUMF_EXC_NONE);
    ck_assert_int_eq(arch_ecctr_target(&m, 1, CPUMF_SET_BASIC, 0, 0), 1);
    ck_assert_int_eq(arch_ecctr_target(&m, 1, CPUMF_SET_CRYPTO, 0, 0), -1);   /* disabled */
    ck_assert_int_eq(arch_ecctr_target(&m, 6, CPUMF_SET_BASIC, 0, 0), -1);    /* unassigned */
    ck_assert_int_eq(arch_ecctr_target(&m, 34, CPUMF_SET_PROBLEM, 0, 0), -1); /* not installed */
    ck_assert_int_eq(arch_ecctr_target(&m, 228, CPUMF_SET_EXT, 0, 0), -1);    /* above last */
    ck_assert_int_eq(arch_ecctr_target(&m, 227, CPUMF_SET_EXT, 0, 0), CPUMF_SLOT_EXT + 99);
    ck_assert_int_eq(arch_ecctr_target(&m, 448, CPUMF_SET_MT, 0, 0), ARCH_SLOT_MT0);
    ck_assert_int_eq(arch_ecctr_target(&m, 448, CPUMF_SET_MT, CPUMF_AL_LOSS_MT, 0), -1);
    ck_assert_int_eq(arch_ecctr_target(&m, 0, CPUMF_SET_MT, CPUMF_AL_LOSS_MT, 0), -1);
}
END_TEST

START_TEST(test_CF_SCCTR_1_set)
{
    cpumf_model_cfg m;
    model_z15(&m);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_SCCTR, 0, 0, 0, 0, 1ull << 40, 0),
                      CPUMF_EXC_SPECIFICATION);
    ck_assert_int_eq(arch_ecctr_target(&m, 65, CPUMF_SET_CRYPTO, 0, 1), CPUMF_SLOT_CRYPTO + 1);
    ck_assert_int_eq(arch_ecctr_target(&m, 65, 0, 0, 1), -1);
    ck_assert_int_eq(arch_ecctr_target(&m, 448, CPUMF_SET_MT, 0, 1), -1); /* read-only */
    ck_assert_int_eq(arch_ecctr_target(&m, 449, CPUMF_SET_MT, 0, 1), -1);
}
END_TEST

START_TEST(test_CF_EPCTR_1_extract_peripheral)
{
    cpumf_system_cfg s;
    unsigned g = 99, c = 99;
    sys_z15(&s);
    ck_assert_uint_eq(arch_decode_exception(&s.model, CPUMF_OP_EPCTR, 0, 0, 0, 0, 1ull << 24, 0),
                      CPUMF_EXC_SPECIFICATION);
    ck_assert_uint_eq(arch_decode_exception(&s.model, CPUMF_OP_EPCTR, 0, 0, 0, 0, 0xFFFFFF, 0),
                      CPUMF_EXC_NONE);
    ck_assert_uint_eq(arch_epctr_target(&s, 0xABCD07, 1, 1, &g, &c), 0);
    ck_assert_uint_eq(g, 1);
    ck_assert_uint_eq(c, 7);
    ck_assert_uint_eq(arch_epctr_target(&s, 0xABCD08, 1, 1, &g, &c), 3); /* counter 8 */
    ck_assert_uint_eq(arch_epctr_target(&s, 0x000500, 1, 1, &g, &c), 3); /* no such group */
    ck_assert_uint_eq(arch_epctr_target(&s, 0x000300, 1, 0, &g, &c), 3); /* disabled */
    ck_assert_uint_eq(arch_epctr_target(&s, 0x000300, 0, 1, &g, &c), 3); /* unauthorized */
    s.model.has_cg = 0;
    ck_assert_uint_eq(arch_epctr_target(&s, 0x000300, 1, 1, &g, &c), 3);
}
END_TEST

START_TEST(test_CF_SPCTR_1_set_peripheral)
{
    cpumf_system_cfg s;
    cpumf_sys_in sin;
    cf_global_state q, d;
    cf_global_in in;
    unsigned g = 0, c = 0;
    global_setup(&s, &sin, &q, &in);
    ck_assert_uint_eq(arch_decode_exception(&s.model, CPUMF_OP_SPCTR, 0, 0, 0, 0, 1ull << 30, 0),
                      CPUMF_EXC_SPECIFICATION);
    ck_assert_uint_eq(arch_epctr_target(&s, 0x000302, 1, 1, &g, &c), 0);
    q.e = 1;
    in.cpu[1].spctr_valid = 1;
    in.cpu[1].spctr_grp = (uint8_t)g;
    in.cpu[1].spctr_ctr = (uint8_t)c;
    in.cpu[1].spctr_value = 0x123456789ull;
    global_step(&q, &in, &d);
    ck_assert_uint_eq(d.cg_ctr[0][2], 0x123456789ull);
}
END_TEST

START_TEST(test_CF_ECPGA_1_group_address)
{
    cpumf_system_cfg s;
    uint64_t r1;
    sys_z15(&s);
    ck_assert_uint_eq(arch_decode_exception(&s.model, CPUMF_OP_ECPGA, 0, 0, 0, 0, 1ull << 16, 0),
                      CPUMF_EXC_SPECIFICATION);
    /* CPU 0x13 is attached to group 1, address ABCD: bits 40-55 */
    ck_assert_uint_eq(arch_ecpga(&s, UINT64_MAX, 0x13, &r1), 0);
    ck_assert_uint_eq(r1, 0xFFFFFFFF00ABCD00ull);
    ck_assert_uint_eq(arch_ecpga(&s, 0x1234, 0x10, &r1), 0);
    ck_assert_uint_eq(r1, 0x0300);
    ck_assert_uint_eq(arch_ecpga(&s, 0x1234, 0x14, &r1), 3);
    ck_assert_uint_eq(r1, 0x1234);
}
END_TEST

START_TEST(test_CF_QCTRI_1_information_block)
{
    cpumf_model_cfg m;
    uint64_t blk[8];
    unsigned k;
    model_z15(&m);
    m.cfvn = 3;
    m.csvn = 6;
    m.max_cpu_addr = 0x00FF;
    m.max_cg_addr = 0x0012;
    arch_qctri_block(&m, 0x2F, 0x2B, 0x0A, 1, 1, 1, 1, blk);
    /* bytes 0-1 CFVN, 2-3 A (g bit 0, e bit 15), 4-5 E, 6-7 C */
    ck_assert_uint_eq(blk[0] >> 48, 3);
    ck_assert_uint_eq((blk[0] >> 32) & 0xFFFF, 0x802F);
    ck_assert_uint_eq((blk[0] >> 16) & 0xFFFF, 0x802B);
    ck_assert_uint_eq(blk[0] & 0xFFFF, 0x800A);
    /* bytes 8-9 max CPU address, 10-11 CSVN, 12-13 max group address,
     * byte 14 bit 0 the change indicator, byte 15 zero */
    ck_assert_uint_eq(blk[1], 0x00FF000600128000ull);
    for (k = 2; k < 8; k++)
        ck_assert_uint_eq(blk[k], 0);
    /* without groups installed, nothing in the g positions */
    m.has_cg = 0;
    arch_qctri_block(&m, 0x02, 0x02, 0x02, 1, 1, 1, 1, blk);
    ck_assert_uint_eq(blk[0], 0x0003000200020002ull);
    ck_assert_uint_eq(blk[1] & 0xFFFF, 0);
}
END_TEST

START_TEST(test_CF_STCCTM_1_operand_checks)
{
    cpumf_model_cfg m;
    unsigned m3;
    model_z15(&m);
    for (m3 = 0; m3 < 16; m3++) {
        unsigned ok = m3 <= 3 || m3 == 5 || m3 == 9;
        ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_STCCTM, m3, 0, 0, 1, 0, 0x1000),
                          ok ? CPUMF_EXC_NONE : CPUMF_EXC_SPECIFICATION);
    }
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_STCCTM, 1, 0, 0, 1ull << 16, 0, 0x1000),
                      CPUMF_EXC_SPECIFICATION);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_STCCTM, 1, 0, 0, 0xFFFF, 0, 0x1000),
                      CPUMF_EXC_NONE);
    ck_assert_uint_eq(arch_decode_exception(&m, CPUMF_OP_STCCTM, 1, 0, 0, 1, 0, 0x1004),
                      CPUMF_EXC_SPECIFICATION);
}
END_TEST

START_TEST(test_CF_STCCTM_2_condition_codes)
{
    cpumf_model_cfg m;
    arch_stcctm_result r;
    model_z15(&m);
    r = arch_stcctm(&m, 1, 6, CPUMF_SET_BASIC, 0);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.count, 6);
    r = arch_stcctm(&m, 1, 4, CPUMF_SET_BASIC, 0);
    ck_assert_uint_eq(r.cc, 1);
    ck_assert_uint_eq(r.count, 4);
    r = arch_stcctm(&m, 3, 30, CPUMF_SET_CRYPTO, 0);
    ck_assert_uint_eq(r.cc, 2);
    ck_assert_uint_eq(r.count, 20);
    r = arch_stcctm(&m, 2, 2, CPUMF_SET_PROBLEM, 0); /* CFVN 3: two counters */
    ck_assert_uint_eq(r.cc, 0);
    r = arch_stcctm(&m, 0, 100, CPUMF_SET_EXT, 0);
    ck_assert_uint_eq(r.cc, 0);
    r = arch_stcctm(&m, 1, 0, CPUMF_SET_BASIC, 0); /* zero asked */
    ck_assert_uint_eq(r.cc, 3);
    ck_assert_uint_eq(r.count, 0);
    r = arch_stcctm(&m, 1, 6, CPUMF_SET_CRYPTO, 0); /* disabled */
    ck_assert_uint_eq(r.cc, 3);
    r = arch_stcctm(&m, 5, 2, CPUMF_SET_MT, CPUMF_AL_LOSS_MT);
    ck_assert_uint_eq(r.cc, 3);
    r = arch_stcctm(&m, 9, 2, CPUMF_SET_MT, CPUMF_AL_LOSS_MT); /* 9 clears, then as 5 */
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.count, 2);
    m.n_ext = 0;
    r = arch_stcctm(&m, 0, 1, CPUMF_SET_EXT, 0); /* not installed */
    ck_assert_uint_eq(r.cc, 3);
    m.csvn = 3;
    r = arch_stcctm(&m, 5, 1, CPUMF_SET_MT, 0);
    ck_assert_uint_eq(r.cc, 3);
}
END_TEST

/* --------------------------------------------------- operand arithmetic */

START_TEST(test_GEN_5_operand_doublewords_and_byte_masks)
{
    uint64_t blk[8];
    unsigned k;
    ck_assert_uint_eq(arch_operand_ndw(0x1000, 8), 1);
    ck_assert_uint_eq(arch_operand_ndw(0x1001, 8), 2);
    ck_assert_uint_eq(arch_operand_ndw(0x1000, 64), 8);
    ck_assert_uint_eq(arch_operand_ndw(0x1007, 64), 9);
    ck_assert_uint_eq(arch_operand_dw_addr(0x1007, 1), 0x1008);
    ck_assert_uint_eq(arch_operand_dw_addr(UINT64_MAX - 3, 1), 0); /* wraps */
    ck_assert_uint_eq(arch_operand_be(0x1003, 8, 0), 0x1F);
    ck_assert_uint_eq(arch_operand_be(0x1003, 8, 1), 0xE0);
    ck_assert_uint_eq(arch_operand_be(0x1000, 64, 7), 0xFF);
    /* fetch of an unaligned doubleword: bytes 0-4 from the first read */
    ck_assert_uint_eq(arch_fetch_merge(0x1003, 8, 1, 0x6677880000000000ull,
                                       arch_fetch_merge(0x1003, 8, 0, 0x0000001122334455ull, 0)),
                      0x1122334455667788ull);
    /* wrapping operand: the last 3 bytes of storage and the first 5 */
    ck_assert_uint_eq(arch_operand_be(UINT64_MAX - 2, 8, 0), 0x07);
    ck_assert_uint_eq(arch_operand_be(UINT64_MAX - 2, 8, 1), 0xF8);
    for (k = 0; k < 8; k++)
        blk[k] = 0x0101010101010101ull * (k + 1);
    ck_assert_uint_eq(arch_store_data(0x1004, 64, 0, blk), 0x0000000001010101ull);
    ck_assert_uint_eq(arch_store_data(0x1004, 64, 1, blk), 0x0101010102020202ull);
    ck_assert_uint_eq(arch_store_data(0x1004, 64, 8, blk), 0x0808080800000000ull);
}
END_TEST

/* ---------------------------------------------------------------- alerts */

START_TEST(test_AL_1_pending_or)
{
    uint32_t p = 0;
    p = arch_alert_next(p, 0, 0, CPUMF_AL_CF_AUTH, 0, 1, 0);
    ck_assert_uint_eq(p, 0x00000080);
    p = arch_alert_next(p, 0, 0, CPUMF_AL_CF_AUTH | CPUMF_AL_LOSS_CPU, 0, 1, 0);
    ck_assert_uint_eq(p, 0x000000C0); /* recognized again: still one request */
    p = arch_alert_next(p, 0, 0, CPUMF_AL_LOSS_MT, 0, 1, 0);
    ck_assert_uint_eq(p, 0x000080C0);
}
END_TEST

START_TEST(test_AL_2_interruption)
{
    mf_alert_state q, d;
    mf_alert_in in;
    mf_alert_out out;
    memset(&in, 0, sizeof in);
    q.pending = 0x00000040;
    in.cf_nonmt_enabled_d = 1;
    in.cr0_58 = 0;
    in.taken = 1;
    mf_alert_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(out.req, 0);      /* masked by CR0.58 */
    ck_assert_uint_eq(d.pending, 0x40); /* so it cannot be taken */
    in.cr0_58 = 1;
    mf_alert_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(out.req, 1);
    ck_assert_uint_eq(out.param, 0x40);
    ck_assert_uint_eq(d.pending, 0); /* taken: cleared */
    in.taken = 0;
    in.raised = CPUMF_AL_LOSS_MT;
    mf_alert_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.pending, 0x8040); /* raised in the taking cycle survive */
    in.any_reset = 1;                     /* CPU reset clears */
    mf_alert_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.pending, 0);
    /* STCCTM M3 = 9 clears bit 16 only */
    ck_assert_uint_eq(arch_alert_next(0x8080, 0, 1, 0, 0, 1, 0), 0x80);
}
END_TEST

START_TEST(test_AL_3_clearing_rules)
{
    uint32_t all = 0x80000000u | 0x40000000u | 0x20000000u | 0x00800000u | 0x00400000u |
                   0x00008000u | 0x00000080u | 0x00000040u;
    /* no sampling function enabled: 0, 1, 2, 9 clear; 8 stays */
    ck_assert_uint_eq(arch_alert_next(all, 0, 0, 0, 0, 1, 0),
                      0x00800000u | 0x00008000u | 0x80u | 0x40u);
    /* no non-MT counter set enabled: 25 clears; 24 and 16 stay */
    ck_assert_uint_eq(arch_alert_next(all, 0, 0, 0, 1, 0, 0), all & ~0x40u);
    ck_assert_uint_eq(arch_alert_next(all, 0, 0, 0, 0, 0, 0), 0x00800000u | 0x00008000u | 0x80u);
    ck_assert_uint_eq(arch_alert_next(all, 0, 0, 0, 1, 1, 0), all);
}
END_TEST

START_TEST(test_CF_AL_1_loss_cpu_deactivates)
{
    arch_auth_result r = arch_loss_cpu(0x2F, 0x2B, 0x2A, CPUMF_SET_BASIC | CPUMF_SET_EXT);
    ck_assert_uint_eq(r.c, 0x28); /* basic inactive; extended was not active */
    ck_assert_uint_eq(r.e, 0x2B);
    ck_assert_uint_eq(r.raised, CPUMF_AL_LOSS_CPU);
    r = arch_loss_cpu(0x2F, 0x2B, 0x2A, CPUMF_SET_EXT);
    ck_assert_uint_eq(r.raised, 0);
    r = arch_loss_cpu(0x2F, 0x2B, 0x2A, CPUMF_SET_MT); /* MT is not a loss-cpu set */
    ck_assert_uint_eq(r.c, 0x2A);
    ck_assert_uint_eq(r.raised, 0);
}
END_TEST

START_TEST(test_CF_AL_2_loss_mt_keeps_set_active)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    cf_state_state q, d;
    cf_state_in in;
    cf_state_out out;
    model_z15(&m);
    memset(&io, 0, sizeof io);
    memset(&q, 0, sizeof q);
    memset(&in, 0, sizeof in);
    in.io = &io;
    in.m = &m;
    q.a = q.e = q.c = CPUMF_SET_MT;
    io.loss_mt = 1;
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(out.raised, CPUMF_AL_LOSS_MT);
    ck_assert_uint_eq(d.c, CPUMF_SET_MT);
}
END_TEST

START_TEST(test_CF_AL_3_auth_change_group)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    cf_state_state q, d;
    cf_state_in in;
    cf_state_out out;
    model_z15(&m);
    memset(&io, 0, sizeof io);
    memset(&q, 0, sizeof q);
    memset(&in, 0, sizeof in);
    in.io = &io;
    in.m = &m;
    q.cg_a = 1;
    io.auth_clr = CPUMF_AUTH_CG;
    in.g_e = 1;
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(out.raised, CPUMF_AL_CF_AUTH);
    ck_assert_uint_eq(d.cg_a, 0);
    in.g_e = 0;
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(out.raised, 0);
}
END_TEST

START_TEST(test_AL_4_sampling_auth_change)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    sf_ctrl_state q, d;
    sf_ctrl_in in;
    sf_ctrl_out out;
    model_z15(&m);
    memset(&io, 0, sizeof io);
    memset(&q, 0, sizeof q);
    memset(&in, 0, sizeof in);
    in.io = &io;
    q.a = CPUMF_SF_BASIC | CPUMF_SF_DIAG;
    io.sf_auth_clr = CPUMF_SF_DIAG;
    sf_ctrl_eval(&q, &in, &out, &d); /* not enabled: silent */
    ck_assert_uint_eq(out.raised, 0);
    ck_assert_uint_eq(d.a, CPUMF_SF_BASIC);
    q.e = CPUMF_SF_DIAG;
    q.c = CPUMF_SF_DIAG;
    q.interval = 5000;
    sf_ctrl_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(out.raised, CPUMF_AL_SF_AUTH);
    ck_assert_uint_eq(d.e, 0);
    ck_assert_uint_eq(d.c, 0);
    ck_assert_uint_eq(d.interval, 0); /* SF-LSCTL-3: no function enabled */
    /* the basic function losing authorization while enabled raises it too */
    q.a = CPUMF_SF_BASIC;
    q.e = CPUMF_SF_BASIC;
    q.c = 0;
    io.sf_auth_clr = CPUMF_SF_BASIC;
    sf_ctrl_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(out.raised, CPUMF_AL_SF_AUTH);
    ck_assert_uint_eq(d.a | d.e | d.c, 0);
    /* bit 8 does not clear when no sampling function is enabled */
    ck_assert_uint_eq(arch_alert_next(CPUMF_AL_SF_AUTH, 0, 0, 0, 0, 0, 0), CPUMF_AL_SF_AUTH);
}
END_TEST

/* -------------------------------------------------------------------- MT */

START_TEST(test_MT_1_sigp_set_multithreading)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    cf_state_state q, d;
    cf_state_in in;
    cf_state_out out;
    arch_load_result r;
    model_z15(&m);
    memset(&io, 0, sizeof io);
    memset(&q, 0, sizeof q);
    memset(&in, 0, sizeof in);
    in.io = &io;
    in.m = &m;
    q.a = 0x2F;
    in.sigp_valid = 1;
    in.sigp_enable = 1;
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.e, CPUMF_SET_MT);
    ck_assert_uint_eq(d.c, CPUMF_SET_MT);
    /* LCCTL never changes it */
    r = arch_lcctl(&m, 0, d.a, d.e, d.c);
    ck_assert_uint_eq(r.e & CPUMF_SET_MT, CPUMF_SET_MT);
    r = arch_lcctl(&m, 1ull << (63 - 42), d.a, d.e, d.c);
    ck_assert_uint_eq(r.c & CPUMF_SET_MT, CPUMF_SET_MT);
    /* disabling multithreading disables it */
    q = d;
    in.sigp_enable = 0;
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.e, 0);
    ck_assert_uint_eq(d.c, 0);
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

/* ------------------------------------------- instruction flow and EXEC */

START_TEST(test_GEN_5_operand_access_plan)
{
    arch_access a;
    a = arch_operand_access(CPUMF_OP_LCCTL, 0x100, 0);
    ck_assert_uint_eq(a.kind, ARCH_ACC_FETCH);
    ck_assert_uint_eq(a.len, 8);
    ck_assert_uint_eq(a.ndw, 1);
    a = arch_operand_access(CPUMF_OP_LPP, 0x103, 0);
    ck_assert_uint_eq(a.kind, ARCH_ACC_FETCH);
    ck_assert_uint_eq(a.ndw, 2);
    a = arch_operand_access(CPUMF_OP_LPCTL, 0x108, 0);
    ck_assert_uint_eq(a.kind, ARCH_ACC_FETCH);
    a = arch_operand_access(CPUMF_OP_QCTRI, 0x100, 0);
    ck_assert_uint_eq(a.kind, ARCH_ACC_PROBE);
    ck_assert_uint_eq(a.len, 64);
    ck_assert_uint_eq(a.ndw, 8);
    a = arch_operand_access(CPUMF_OP_QCTRI, 0x104, 0);
    ck_assert_uint_eq(a.ndw, 9);
    a = arch_operand_access(CPUMF_OP_STCCTM, 0x100, 0);
    ck_assert_uint_eq(a.kind, ARCH_ACC_NONE);
    a = arch_operand_access(CPUMF_OP_STCCTM, 0x100, 5);
    ck_assert_uint_eq(a.kind, ARCH_ACC_PROBE);
    ck_assert_uint_eq(a.len, 40);
    ck_assert_uint_eq(a.ndw, 5);
    a = arch_operand_access(CPUMF_OP_ECCTR, 0x100, 0);
    ck_assert_uint_eq(a.kind, ARCH_ACC_NONE);
    a = arch_operand_access(CPUMF_OP_ECPGA, 0x100, 0);
    ck_assert_uint_eq(a.kind, ARCH_ACC_NONE);
}
END_TEST

START_TEST(test_CF_STCCTM_1_store_slots)
{
    ck_assert_uint_eq(arch_stcctm_slot(CPUMF_SET_BASIC, 3), 3);
    ck_assert_uint_eq(arch_stcctm_slot(CPUMF_SET_PROBLEM, 1), CPUMF_SLOT_PROBLEM + 1);
    ck_assert_uint_eq(arch_stcctm_slot(CPUMF_SET_CRYPTO, 0), CPUMF_SLOT_CRYPTO);
    ck_assert_uint_eq(arch_stcctm_slot(CPUMF_SET_EXT, 5), CPUMF_SLOT_EXT + 5);
    ck_assert_uint_eq(arch_stcctm_slot(CPUMF_SET_MT, 0), ARCH_SLOT_MT0);
    ck_assert_uint_eq(arch_stcctm_slot(CPUMF_SET_MT, 1), ARCH_SLOT_MT0 + 1);
}
END_TEST

static arch_exec_in exec_in(unsigned op)
{
    arch_exec_in x;
    memset(&x, 0, sizeof x);
    x.op = op;
    x.a = 0x2F;
    x.e = CPUMF_SET_BASIC;
    x.c = CPUMF_SET_BASIC;
    x.cg_a = 1;
    x.g_e = 1;
    return x;
}

START_TEST(test_SF_LPP_1_exec_loads_only_with_sampling)
{
    cpumf_system_cfg s;
    arch_exec_in x = exec_in(CPUMF_OP_LPP);
    arch_exec_result r;
    sys_z15(&s);
    x.operand = 0x1234;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.fx, ARCH_FX_NONE);
    ck_assert_uint_eq(r.store, 0);
    x.sf_lower = 1;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.fx, ARCH_FX_LPP);
    ck_assert_uint_eq(r.value, 0x1234);
    x.sf_lower = 0;
    x.sf_e = 1;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.fx, ARCH_FX_LPP);
    ck_assert_int_eq(arch_sets_cc(CPUMF_OP_LPP, 0), 0);
    /* the register of the level: pp (level 0 or 1), pp_vm at the VM level */
    ck_assert_uint_eq(r.vm, 0);
    x.level = 1;
    ck_assert_uint_eq(arch_exec(&s, &x).vm, 0);
    x.level = 2;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.fx, ARCH_FX_LPP);
    ck_assert_uint_eq(r.vm, 1);
    ck_assert_uint_eq(r.value, 0x1234);
}
END_TEST

START_TEST(test_CF_LCCTL_3_exec_all_or_nothing)
{
    cpumf_system_cfg s;
    arch_exec_in x = exec_in(CPUMF_OP_LCCTL);
    arch_exec_result r;
    sys_z15(&s);
    x.a = CPUMF_SET_BASIC | CPUMF_SET_PROBLEM;
    x.operand = ((uint64_t)(CPUMF_SET_BASIC | CPUMF_SET_CRYPTO) << 16) | CPUMF_SET_BASIC;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.exc, 0);
    ck_assert_uint_eq(r.cc, 3);
    ck_assert_uint_eq(r.fx, ARCH_FX_NONE);
    x.operand = ((uint64_t)(CPUMF_SET_BASIC | CPUMF_SET_PROBLEM) << 16) | CPUMF_SET_PROBLEM;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.fx, ARCH_FX_LCCTL);
    ck_assert_uint_eq(r.e, CPUMF_SET_BASIC | CPUMF_SET_PROBLEM);
    ck_assert_uint_eq(r.c, CPUMF_SET_PROBLEM);
    x.operand = (uint64_t)1 << 40; /* CF-LCCTL-1: a bit outside the masks */
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.exc, CPUMF_EXC_SPECIFICATION);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.fx, ARCH_FX_NONE);
    ck_assert_int_eq(arch_sets_cc(CPUMF_OP_LCCTL, r.exc), 0);
    ck_assert_int_eq(arch_sets_cc(CPUMF_OP_LCCTL, 0), 1);
}
END_TEST

START_TEST(test_CF_LPCTL_1_exec_global_controls)
{
    cpumf_system_cfg s;
    arch_exec_in x = exec_in(CPUMF_OP_LPCTL);
    arch_exec_result r;
    sys_z15(&s);
    x.operand = 3;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.fx, ARCH_FX_LPCTL);
    ck_assert_uint_eq(r.e, 1);
    ck_assert_uint_eq(r.c, 1);
    x.cg_a = 0;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.cc, 3);
    ck_assert_uint_eq(r.fx, ARCH_FX_NONE);
}
END_TEST

START_TEST(test_CF_ECCTR_1_SCCTR_1_exec)
{
    cpumf_system_cfg s;
    arch_exec_in x = exec_in(CPUMF_OP_ECCTR);
    arch_exec_result r;
    sys_z15(&s);
    x.r1 = 77;
    x.r2 = 1;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.rd, ARCH_RD_CTR);
    ck_assert_uint_eq(r.slot, 1);
    ck_assert_uint_eq(r.fx, ARCH_FX_NONE);
    x.r2 = 64; /* crypto set not enabled */
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.cc, 3);
    ck_assert_uint_eq(r.rd, ARCH_RD_NONE);
    ck_assert_uint_eq(r.r1, 77);
    x.e |= CPUMF_SET_MT;
    x.r2 = 449;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.rd, ARCH_RD_CTR);
    ck_assert_uint_eq(r.slot, ARCH_SLOT_MT0 + 1);
    x.op = CPUMF_OP_SCCTR; /* MT counters are read-only */
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.cc, 3);
    ck_assert_uint_eq(r.fx, ARCH_FX_NONE);
    x.r2 = 5;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.fx, ARCH_FX_SCCTR);
    ck_assert_uint_eq(r.slot, 5);
    ck_assert_uint_eq(r.value, 77);
}
END_TEST

START_TEST(test_CF_EPCTR_1_SPCTR_1_exec)
{
    cpumf_system_cfg s;
    arch_exec_in x = exec_in(CPUMF_OP_EPCTR);
    arch_exec_result r;
    sys_z15(&s);
    x.r1 = 9;
    x.r2 = (0xABCDu << 8) | 6u;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.rd, ARCH_RD_CG);
    ck_assert_uint_eq(r.grp, 1);
    ck_assert_uint_eq(r.ctr, 6);
    x.op = CPUMF_OP_SPCTR;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.fx, ARCH_FX_SPCTR);
    ck_assert_uint_eq(r.value, 9);
    x.g_e = 0;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.cc, 3);
    ck_assert_uint_eq(r.fx, ARCH_FX_NONE);
}
END_TEST

START_TEST(test_CF_STCCTM_2_exec_clear_and_store)
{
    cpumf_system_cfg s;
    arch_exec_in x = exec_in(CPUMF_OP_STCCTM);
    arch_exec_result r;
    sys_z15(&s);
    x.m3 = 9;
    x.stc_cc = 3;
    x.stc_count = 0;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.clear_mt, 1); /* whatever the cc */
    ck_assert_uint_eq(r.cc, 3);
    ck_assert_uint_eq(r.store, 0);
    x.m3 = 1;
    x.stc_cc = 1;
    x.stc_count = 4;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.clear_mt, 0);
    ck_assert_uint_eq(r.cc, 1);
    ck_assert_uint_eq(r.store, 1);
    x = exec_in(CPUMF_OP_QCTRI); /* CF-QCTRI-1: stores, cc unchanged */
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.store, 1);
    ck_assert_int_eq(arch_sets_cc(CPUMF_OP_QCTRI, 0), 0);
    x = exec_in(CPUMF_OP_ECPGA);
    x.r1 = 0xFFFFFFFFFFFFFFFFull;
    x.r2 = 0x12;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.r1, 0xFFFFFFFF00ABCD00ull);
}
END_TEST

static Suite *arch_suite(void)
{
    Suite *s = suite_create("arch");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, test_GEN_1_facility_operation_exception);
    tcase_add_test(tc, test_GEN_2_privileged);
    tcase_add_test(tc, test_GEN_3_stcctm_m3_9_problem_state);
    tcase_add_test(tc, test_GEN_4_exception_priority);
    tcase_add_test(tc, test_GEN_5_access_exception_on_storage_error);
    tcase_add_test(tc, test_GEN_5_operand_doublewords_and_byte_masks);
    tcase_add_test(tc, test_GEN_6_counters_wrap);
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
    tcase_add_test(tc, test_CF_LCCTL_1_operand_bits);
    tcase_add_test(tc, test_CF_LCCTL_2_mt_and_reserved_bits);
    tcase_add_test(tc, test_CF_LCCTL_3_all_or_nothing);
    tcase_add_test(tc, test_CF_LPCTL_1_global_controls);
    tcase_add_test(tc, test_CF_ECCTR_1_extract);
    tcase_add_test(tc, test_CF_SCCTR_1_set);
    tcase_add_test(tc, test_CF_EPCTR_1_extract_peripheral);
    tcase_add_test(tc, test_CF_SPCTR_1_set_peripheral);
    tcase_add_test(tc, test_CF_ECPGA_1_group_address);
    tcase_add_test(tc, test_CF_QCTRI_1_information_block);
    tcase_add_test(tc, test_CF_STCCTM_1_operand_checks);
    tcase_add_test(tc, test_CF_STCCTM_2_condition_codes);
    tcase_add_test(tc, test_CF_AL_1_loss_cpu_deactivates);
    tcase_add_test(tc, test_CF_AL_2_loss_mt_keeps_set_active);
    tcase_add_test(tc, test_CF_AL_3_auth_change_group);
    tcase_add_test(tc, test_AL_1_pending_or);
    tcase_add_test(tc, test_AL_2_interruption);
    tcase_add_test(tc, test_AL_3_clearing_rules);
    tcase_add_test(tc, test_AL_4_sampling_auth_change);
    tcase_add_test(tc, test_MT_1_sigp_set_multithreading);
    tcase_add_test(tc, test_GEN_5_operand_access_plan);
    tcase_add_test(tc, test_CF_STCCTM_1_store_slots);
    tcase_add_test(tc, test_SF_LPP_1_exec_loads_only_with_sampling);
    tcase_add_test(tc, test_CF_LCCTL_3_exec_all_or_nothing);
    tcase_add_test(tc, test_CF_LPCTL_1_exec_global_controls);
    tcase_add_test(tc, test_CF_ECCTR_1_SCCTR_1_exec);
    tcase_add_test(tc, test_CF_EPCTR_1_SPCTR_1_exec);
    tcase_add_test(tc, test_CF_STCCTM_2_exec_clear_and_store);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(arch_suite());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
