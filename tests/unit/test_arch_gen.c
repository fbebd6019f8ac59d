/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_arch_gen.c - unit tests of the general rules of the architecture (cmodel/src/arch):
 * facilities, privilege, exception priority, operand access, counter wrap; the alerts and
 * their interruption; SIGP set multithreading.  Every test name carries the requirement
 * ID it checks (docs/requirements.md); expected values come from the architecture (IBM
 * SA23-2260, the CPU-measurement facilities), not from the code.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>
#include "cpumf_int.h"
#include "test_arch.h"
#include "unit_main.h"

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
    uint64_t mask[CPUMF_EXT_WORDS];
    model_z15(&m);
    memset(&io, 0, sizeof io);
    memset(&q, 0, sizeof q);
    q.ctr[0] = UINT64_MAX;
    q.ctr[1] = UINT64_MAX - 1;
    io.insns = 3;
    counters_in(&in, &io, &m, mask);
    in.e_q = in.e_d = in.active_q = CPUMF_SET_BASIC;
    cf_counters_eval(&in, &u);
    cf_counters_commit(&q, &u, 1u, &m);
    ck_assert_uint_eq(cf_counters_value(&q, 0), 0);
    ck_assert_uint_eq(cf_counters_value(&q, 1), 1);
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
    cf_state_z15(&m, &io, &q, &in);
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
    cf_state_z15(&m, &io, &q, &in);
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
    cf_state_z15(&m, &io, &q, &in);
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

START_TEST(test_SF_BSDE_5_only_possible_levels)
{
    cpumf_cpu_in in;
    unsigned level, sg;
    for (level = 0; level < 4; level++)
        for (sg = 0; sg < 2; sg++)
            ck_assert_uint_eq(arch_level_possible(level, sg), level < 3 && (!sg || level == 2));
    /* the public statement of the model's assumption is the same rule */
    memset(&in, 0, sizeof in);
    in.level = CPUMF_LEVEL_VM;
    in.secure_guest = 1;
    ck_assert_int_eq(cpumf_cpu_in_possible(&in), 1);
    in.level = CPUMF_LEVEL_LPAR;
    ck_assert_int_eq(cpumf_cpu_in_possible(&in), 0);
    in.secure_guest = 0;
    ck_assert_int_eq(cpumf_cpu_in_possible(&in), 1);
    in.level = 3;
    ck_assert_int_eq(cpumf_cpu_in_possible(&in), 0);
}
END_TEST

START_TEST(test_MT_2_only_the_end_of_multithreading_disables)
{
    cpumf_model_cfg m;
    cpumf_system_cfg sys;
    cpumf_cpu_in io, cpus[CPUMF_MAX_CPUS];
    cf_state_state q, d;
    cf_state_in in;
    cf_state_out out;
    unsigned rs;
    /* the pure rules: clear, basic-machine clear and power-on end it */
    for (rs = 0; rs < 8; rs++)
        ck_assert_uint_eq(arch_reset_ends_mt(rs), rs >= 3 && rs <= 5);
    ck_assert_uint_eq(arch_mt_next(1, 0, 0, 0), 1);
    ck_assert_uint_eq(arch_mt_next(0, 1, 1, 0), 1);
    ck_assert_uint_eq(arch_mt_next(1, 1, 0, 0), 0);
    ck_assert_uint_eq(arch_mt_next(0, 1, 1, 1), 0); /* the reset comes after SIGP */
    ck_assert_uint_eq(arch_mt_controls(0x2F, 1), CPUMF_SET_MT);
    ck_assert_uint_eq(arch_mt_controls(0x2F, 0), 0);
    ck_assert_uint_eq(arch_mt_controls(0x0F, 1), 0);
    /* only an installed CPU's reset counts */
    memset(&sys, 0, sizeof sys);
    memset(cpus, 0, sizeof cpus);
    sys.n_cpus = 2;
    cpus[2].reset = CPUMF_RESET_CLEAR;
    ck_assert_uint_eq(arch_resets_end_mt(&sys, cpus), 0);
    cpus[1].reset = CPUMF_RESET_INITIAL_CPU;
    ck_assert_uint_eq(arch_resets_end_mt(&sys, cpus), 0);
    cpus[1].reset = CPUMF_RESET_POWER_ON;
    ck_assert_uint_eq(arch_resets_end_mt(&sys, cpus), 1);

    cf_state_z15(&m, &io, &q, &in);
    in.mt = 1;
    q.a = 0x2F;
    q.e = q.c = CPUMF_SET_MT;
    /* losing the authorization: unauthorized, alert 24 (it was enabled) */
    io.auth_clr = CPUMF_SET_MT;
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.a & CPUMF_SET_MT, 0);
    ck_assert_uint_eq(d.e | d.c, 0);
    ck_assert_uint_eq(out.raised, CPUMF_AL_CF_AUTH);
    /* back under multithreading: active at once; without it: disabled */
    q = d;
    io.auth_clr = 0;
    io.auth_set = CPUMF_SET_MT;
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.e, CPUMF_SET_MT);
    ck_assert_uint_eq(d.c, CPUMF_SET_MT);
    in.mt = 0;
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.a & CPUMF_SET_MT, CPUMF_SET_MT);
    ck_assert_uint_eq(d.e | d.c, 0);
    /* an initial-CPU reset leaves it; the end of multithreading does not */
    in.mt = 1;
    io.auth_set = 0;
    q.a = 0x2F;
    q.e = q.c = CPUMF_SET_MT | CPUMF_SET_BASIC;
    io.reset = CPUMF_RESET_INITIAL_CPU;
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.e, CPUMF_SET_MT);
    ck_assert_uint_eq(d.c, CPUMF_SET_MT);
    io.reset = 0;
    in.mt_ended = 1; /* another CPU's clear reset */
    cf_state_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.e, CPUMF_SET_BASIC);
    ck_assert_uint_eq(d.c, CPUMF_SET_BASIC);
}
END_TEST

static Suite *arch_gen_suite(void)
{
    Suite *s = suite_create("arch_gen");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, test_GEN_1_facility_operation_exception);
    tcase_add_test(tc, test_GEN_2_privileged);
    tcase_add_test(tc, test_GEN_3_stcctm_m3_9_problem_state);
    tcase_add_test(tc, test_GEN_4_exception_priority);
    tcase_add_test(tc, test_GEN_5_access_exception_on_storage_error);
    tcase_add_test(tc, test_GEN_5_operand_doublewords_and_byte_masks);
    tcase_add_test(tc, test_GEN_6_counters_wrap);
    tcase_add_test(tc, test_CF_AL_1_loss_cpu_deactivates);
    tcase_add_test(tc, test_CF_AL_2_loss_mt_keeps_set_active);
    tcase_add_test(tc, test_CF_AL_3_auth_change_group);
    tcase_add_test(tc, test_AL_1_pending_or);
    tcase_add_test(tc, test_AL_2_interruption);
    tcase_add_test(tc, test_AL_3_clearing_rules);
    tcase_add_test(tc, test_AL_4_sampling_auth_change);
    tcase_add_test(tc, test_MT_1_sigp_set_multithreading);
    tcase_add_test(tc, test_MT_2_only_the_end_of_multithreading_disables);
    tcase_add_test(tc, test_SF_BSDE_5_only_possible_levels);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(arch_gen_suite());
}
