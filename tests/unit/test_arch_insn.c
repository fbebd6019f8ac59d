/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_arch_insn.c - unit tests of the counter-facility instructions' rules (LCCTL, LPCTL,
 * ECCTR, SCCTR, EPCTR, SPCTR, ECPGA, QCTRI, STCCTM) and of the instruction flow: operand
 * access plans and the execution of each instruction (arch_exec).  Every test name carries
 * the requirement ID it checks (docs/requirements.md); expected values come from the
 * architecture (IBM SA23-2260, the CPU-measurement facilities), not from the code.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>
#include "cpumf_int.h"
#include "test_arch.h"
#include "unit_main.h"

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

static Suite *arch_insn_suite(void)
{
    Suite *s = suite_create("arch_insn");
    TCase *tc = tcase_create("rules");
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
    return unit_run(arch_insn_suite());
}
