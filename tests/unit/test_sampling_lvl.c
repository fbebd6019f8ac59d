/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_sampling_lvl.c - the two configuration levels' sampling controls
 * (docs/uarch.md section 22, SF-LVL-1 to SF-LVL-5): the pure rules
 * (executing set, LPP, ticks, capture, LFSR, the entry's H) and the cycle
 * model with both sets: LSCTL and QSI at the VM level, the VM set's interval
 * and blocks, the collision of a VM sample beside an LPAR one, alerts,
 * losses, authorization and resets on both sets.
 */
#include "test_sampling.h"
#include "unit_main.h"

#define VM_SDBT 0x50000u /* the VM set's table: blocks 0x60000, 0x70000 */

/* ------------------------------------------------------------ pure rules */

START_TEST(test_SF_LVL_1_executing_set_and_h)
{
    ck_assert_uint_eq(arch_sf_exec_set(0), ARCH_LVL_LPAR);
    ck_assert_uint_eq(arch_sf_exec_set(1), ARCH_LVL_LPAR);
    ck_assert_uint_eq(arch_sf_exec_set(2), ARCH_LVL_VM);
    ck_assert_uint_eq(arch_set_has_h(ARCH_LVL_LPAR), 1);
    ck_assert_uint_eq(arch_set_has_h(ARCH_LVL_VM), 0);
}
END_TEST

START_TEST(test_SF_LVL_2_lpp_loads)
{
    cpumf_system_cfg s;
    arch_exec_in x;
    arch_exec_result r;
    unsigned lvl;
    for (lvl = 0; lvl < 3u; lvl++) {
        /* nothing enabled anywhere */
        ck_assert_uint_eq(arch_lpp_loads(lvl, 0, 0, 0), 0);
        /* the LPAR set enables LPP at every level */
        ck_assert_uint_eq(arch_lpp_loads(lvl, CPUMF_SF_DIAG, 0, 0), 1);
    }
    /* the VM set counts only at level 2, the level below only at 0 and 1 */
    ck_assert_uint_eq(arch_lpp_loads(2, 0, CPUMF_SF_BASIC, 0), 1);
    ck_assert_uint_eq(arch_lpp_loads(1, 0, CPUMF_SF_BASIC, 0), 0);
    ck_assert_uint_eq(arch_lpp_loads(1, 0, 0, 1), 1);
    ck_assert_uint_eq(arch_lpp_loads(0, 0, 0, 1), 1);
    ck_assert_uint_eq(arch_lpp_loads(2, 0, 0, 1), 0);
    /* arch_exec: sf_e is the executing set's, sf_e_lpar the LPAR set's */
    sys_cfg(&s, CPUMF_INT_EXACT);
    memset(&x, 0, sizeof x);
    x.op = CPUMF_OP_LPP;
    x.operand = 0x77;
    x.level = 2;
    x.sf_e_lpar = CPUMF_SF_BASIC;
    r = arch_exec(&s, &x);
    ck_assert_uint_eq(r.fx, ARCH_FX_LPP);
    ck_assert_uint_eq(r.vm, 1);
    x.sf_e_lpar = 0;
    x.sf_lower = 1;
    ck_assert_uint_eq(arch_exec(&s, &x).fx, ARCH_FX_NONE);
}
END_TEST

START_TEST(test_SF_LVL_3_tick_capture_lfsr)
{
    cpumf_cpu_in io;
    uint32_t seed = 0x80000001u;
    memset(&io, 0, sizeof io);
    io.level = 1;
    /* the VM set ticks only at level 2; the LPAR set at every level */
    ck_assert_uint_eq(arch_sf_set_tick(ARCH_LVL_LPAR, 1, &io, 1, 0), 1);
    ck_assert_uint_eq(arch_sf_set_tick(ARCH_LVL_VM, 1, &io, 1, 0), 0);
    io.level = 2;
    ck_assert_uint_eq(arch_sf_set_tick(ARCH_LVL_LPAR, 1, &io, 1, 0), 1);
    ck_assert_uint_eq(arch_sf_set_tick(ARCH_LVL_VM, 1, &io, 1, 0), 1);
    ck_assert_uint_eq(arch_sf_set_tick(ARCH_LVL_VM, 0, &io, 1, 0), 0);
    io.stopped = 1;
    ck_assert_uint_eq(arch_sf_set_tick(ARCH_LVL_VM, 1, &io, 1, 0), 0);
    /* capture: the LPAR sample wins; a due VM sample beside it collides */
    ck_assert_uint_eq(arch_sf_capture(ARCH_LVL_LPAR, 1, 1, 0, 0), 1);
    ck_assert_uint_eq(arch_sf_capture(ARCH_LVL_VM, 1, 1, 0, 0), 1);
    ck_assert_uint_eq(arch_sf_capture(ARCH_LVL_VM, 1, 1, 0, 1), 0);
    ck_assert_uint_eq(arch_sf_capture(ARCH_LVL_LPAR, 1, 1, 0, 1), 1);
    ck_assert_uint_eq(arch_sf_capture(ARCH_LVL_VM, 1, 0, 0, 0), 0);
    ck_assert_uint_eq(arch_sf_capture(ARCH_LVL_VM, 1, 1, 1, 0), 0);
    ck_assert_uint_eq(arch_sf_capture(ARCH_LVL_VM, 0, 1, 0, 0), 0);
    /* power-on LFSR: rotated by the CPU index, the VM set's by index + 16 */
    ck_assert_uint_eq(arch_lfsr_power_on_set(seed, 0, ARCH_LVL_LPAR), seed);
    ck_assert_uint_eq(arch_lfsr_power_on_set(seed, 0, ARCH_LVL_VM), 0x00018000u);
    ck_assert_uint_eq(arch_lfsr_power_on_set(seed, 16, ARCH_LVL_VM), seed);
    ck_assert_uint_eq(arch_lfsr_power_on_set(seed, 17, ARCH_LVL_VM), 0x00000003u);
    ck_assert_uint_eq(arch_lfsr_power_on_set(seed, 3, ARCH_LVL_LPAR), arch_lfsr_power_on(seed, 3));
}
END_TEST

START_TEST(test_SF_LVL_4_entry_hb_and_parameters)
{
    cpumf_cpu_in io;
    arch_sample_regs sr = {1u, 0xAAAAu, 0xBBBBu, ARCH_LVL_VM};
    uint64_t dw[4];
    ck_assert_uint_eq(arch_entry_hb(ARCH_LVL_LPAR, 1), 1);
    ck_assert_uint_eq(arch_entry_hb(ARCH_LVL_LPAR, 0), 0);
    ck_assert_uint_eq(arch_entry_hb(ARCH_LVL_VM, 1), 0);
    memset(&io, 0, sizeof io);
    io.level = 2;
    /* the VM set's blocks: Hb 0, the parameters by level and H (SF-BSDE-3) */
    arch_bsde(&io, &sr, dw);
    ck_assert_uint_eq(dw[0] >> 29 & 1u, 0);
    ck_assert_uint_eq(dw[0] >> 30 & 3u, 2);
    ck_assert_uint_eq(dw[2], 0xBBBBu);
    ck_assert_uint_eq(dw[3], 0xAAAAu);
    /* the LPAR set's blocks at the same level: Hb = H */
    sr.set = ARCH_LVL_LPAR;
    arch_bsde(&io, &sr, dw);
    ck_assert_uint_eq(dw[0] >> 29 & 1u, 1);
    ck_assert_uint_eq(dw[2], 0xBBBBu);
    ck_assert_uint_eq(dw[3], 0xAAAAu);
}
END_TEST

/* ------------------------------------------------------------ cycle model */

/* The instruction op at operand OPND on CPU 0 through the cycle model, at
 * the level of h->in. */
static void cycle_insn(harness *h, unsigned op)
{
    unsigned k;
    h->in.cpu[0].insn_valid = 1;
    h->in.cpu[0].op = (uint8_t)op;
    h->in.cpu[0].addr = OPND;
    h->in.cpu[0].problem = 0;
    h_step(h);
    h->in.cpu[0].insn_valid = 0;
    for (k = 0; k < 400u && !h->out.cpu[0].insn_done; k++)
        h_step(h);
    ck_assert_uint_eq(h->out.cpu[0].insn_done, 1);
    h->in.cpu[0].problem = 1;
}

/* LSCTL through the cycle model at the level of h->in; returns cc. */
static unsigned cycle_lsctl(harness *h, uint64_t x, uint64_t interval, uint64_t tear, uint64_t dear)
{
    sm_put(&h->m, OPND, x);
    sm_put(&h->m, OPND + 8, interval);
    sm_put(&h->m, OPND + 16, tear);
    sm_put(&h->m, OPND + 24, dear);
    cycle_insn(h, CPUMF_OP_LSCTL);
    ck_assert_uint_eq(h->out.cpu[0].exc, 0);
    return h->out.cpu[0].cc;
}

/* The VM set's table: two 4K blocks, then back to the table. */
static void sdb_vm(harness *h)
{
    sm_put(&h->m, VM_SDBT, 0x60000);
    sm_put(&h->m, VM_SDBT + 8, 0x70000);
    sm_put(&h->m, VM_SDBT + 16, VM_SDBT | 1u);
}

/* LPAR set basic-active with H = 1 (untimed, level 0), interval lpar_iv;
 * VM set basic-active at level 2 (cycle model), interval vm_iv. */
static harness *two_sets(uint64_t lpar_iv, uint64_t vm_iv)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sdb_4k(h);
    sdb_vm(h);
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 1, 1, 0, 1, 0), lpar_iv, 0x10000, 0x20000), 0);
    h->in.cpu[0].level = 2;
    ck_assert_uint_eq(cycle_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), vm_iv, VM_SDBT, 0x60000), 0);
    return h;
}

START_TEST(test_SF_LVL_1_lsctl_and_qsi_act_on_the_executing_set)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    uint64_t i0, i1;
    unsigned k;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 1, 1, 0, 1, 0), 100000, 0x10000, 0x20000), 0);
    /* at level 2, with H and S asked: the VM set loads, H stays, LPAR untouched */
    h->in.cpu[0].level = 2;
    ck_assert_uint_eq(cycle_lsctl(h, lsctl_x(1, 1, 1, 1, 1, 1), 0x4321, VM_SDBT, 0x60000), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.e_vm_q"), 3);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_vm_q"), 3);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.s_vm_q"), 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.interval_vm_q"), 0x4321);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.tear_vm_q"), VM_SDBT);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_vm_q"), 0x60000);
    ck_assert_uint_le(reg(h, "cpu0.sf_interval.cnt_vm_q"), 0x4321);
    ck_assert_uint_gt(reg(h, "cpu0.sf_interval.cnt_vm_q"), 0x4321 - 10);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.h_q"), 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.e_q"), CPUMF_SF_BASIC);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.s_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.interval_q"), 100000);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x20000);
    /* QSI at level 2: the VM set's E, C, TEAR, DEAR; at level 1 the LPAR set's */
    cycle_insn(h, CPUMF_OP_QSI);
    ck_assert_uint_eq(sm_get(&h->m, OPND) >> 32 & 0x3FFFFu, 0x30303u);
    ck_assert_uint_eq(sm_get(&h->m, OPND + 24), VM_SDBT);
    ck_assert_uint_eq(sm_get(&h->m, OPND + 32), 0x60000);
    h->in.cpu[0].level = 1;
    cycle_insn(h, CPUMF_OP_QSI);
    ck_assert_uint_eq(sm_get(&h->m, OPND) >> 32 & 0x3FFFFu, 0x30202u);
    ck_assert_uint_eq(sm_get(&h->m, OPND + 32), 0x20000);
    /* the VM interval counts only at level 2 */
    i0 = reg(h, "cpu0.sf_interval.cnt_vm_q");
    for (k = 0; k < 50u; k++)
        h_step(h);
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.cnt_vm_q"), i0);
    h->in.cpu[0].level = 2;
    for (k = 0; k < 50u; k++)
        h_step(h);
    i1 = reg(h, "cpu0.sf_interval.cnt_vm_q");
    ck_assert_uint_eq(i0 - i1, 50);
    /* LSCTL at level 2 disabling the VM set: its controls and counts clear, H stays */
    ck_assert_uint_eq(cycle_lsctl(h, 0, 0, 0, 0), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.e_vm_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.interval_vm_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_vm_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.s_vm_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.cnt_vm_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.h_q"), 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.e_q"), CPUMF_SF_BASIC);
    h_free(h);
}
END_TEST

START_TEST(test_SF_LVL_2_lpp_at_each_level)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    /* nothing enabled: LPP does nothing at level 2 */
    h->in.cpu[0].level = 2;
    sm_put(&h->m, OPND, 0x11);
    cycle_insn(h, CPUMF_OP_LPP);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.pp_vm_q"), 0);
    /* the level below the partition enables LPP at levels 0 and 1 only */
    h->in.cpu[0].sf_lower_enabled = 1;
    cycle_insn(h, CPUMF_OP_LPP);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.pp_vm_q"), 0);
    h->in.cpu[0].level = 1;
    cycle_insn(h, CPUMF_OP_LPP);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.pp_q"), 0x11);
    h->in.cpu[0].sf_lower_enabled = 0;
    /* the VM set enabled: LPP at level 2 loads pp_vm, at level 1 nothing */
    h->in.cpu[0].level = 2;
    ck_assert_uint_eq(cycle_lsctl(h, lsctl_x(0, 0, 1, 0, 0, 0), 0, 0, 0), 0);
    sm_put(&h->m, OPND, 0x22);
    cycle_insn(h, CPUMF_OP_LPP);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.pp_vm_q"), 0x22);
    h->in.cpu[0].level = 1;
    sm_put(&h->m, OPND, 0x33);
    cycle_insn(h, CPUMF_OP_LPP);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.pp_q"), 0x11);
    /* the LPAR set enabled: LPP at level 2 loads pp_vm */
    h->in.cpu[0].level = 2;
    ck_assert_uint_eq(cycle_lsctl(h, 0, 0, 0, 0), 0);
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 0, 1, 0, 0), 0, 0, 0), 0);
    sm_put(&h->m, OPND, 0x44);
    cycle_insn(h, CPUMF_OP_LPP);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.pp_vm_q"), 0x44);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.pp_q"), 0x11);
    h_free(h);
}
END_TEST

START_TEST(test_SF_LVL_3_SF_LVL_4_vm_sample_into_vm_blocks)
{
    harness *h = two_sets(0x0FFFFFF, 40);
    uint64_t e;
    unsigned k;
    /* the VM sample lands in the VM set's block with Hb = 0, its registers move */
    for (k = 0; k < 400u && reg(h, "cpu0.sf_update.n_stored_vm_q") == 0u; k++)
        h_step(h);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_vm_q"), 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.lvl_q"), 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_vm_q"), 0x60020);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x20000);
    e = sm_get(&h->m, 0x60000);
    ck_assert_uint_eq(e >> 48, 1);
    ck_assert_uint_eq(e >> 30 & 3u, 2); /* CL */
    ck_assert_uint_eq(e >> 29 & 1u, 0); /* Hb: the VM set's blocks */
    ck_assert_uint_eq(sm_get(&h->m, 0x20000), 0);
    h_free(h);
}
END_TEST

START_TEST(test_SF_LVL_3_collision_beside_an_lpar_sample)
{
    harness *h = two_sets(0x0FFFFFF, 0x0FFFFFF);
    mf_cpu_state *q = &h->s->q[0];
    unsigned k;
    int bin = cpumf_fcov_index("update.vm_set.collision_beside_lpar_sample");
    ck_assert_int_ge(bin, 0);
    ck_assert_uint_eq(cpumf_fcov_hits(h->s, (unsigned)bin), 0);
    /* both counts run out in the same cycle: the LPAR sample is taken */
    q->iv.cnt = 3;
    q->iv_vm.cnt = 3;
    for (k = 0; k < 3u; k++)
        h_step(h);
    ck_assert_uint_eq(cpumf_fcov_hits(h->s, (unsigned)bin), 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.coll_vm_q"), 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.coll_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.lvl_q"), 0);
    h_until_samples(h, 1, 200);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_vm_q"), 0);
    ck_assert_uint_eq(sm_get(&h->m, 0x20000) >> 29 & 1u, 1); /* Hb = H: LPAR blocks */
    /* at level 1 the VM count holds: an LPAR sample alone */
    h->in.cpu[0].level = 1;
    q->iv.cnt = 2;
    q->iv_vm.cnt = 2;
    h_step(h);
    h_step(h);
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.cnt_vm_q"), 2);
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.coll_vm_q"), 1);
    h_free(h);
}
END_TEST

START_TEST(test_SF_LVL_5_alert_deactivates_the_updates_set_only)
{
    harness *h = two_sets(0x0FFFFFF, 40);
    unsigned k;
    /* a VM DEAR past the trailer: alert 0 clears C of the VM set only */
    h->s->q[0].sf.dear_vm = 0x60FF0;
    for (k = 0; k < 400u && reg(h, "cpu0.sf_ctrl.c_vm_q") != 0u; k++)
        h_step(h);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_vm_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.e_vm_q"), CPUMF_SF_BASIC);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_q"), CPUMF_SF_BASIC);
    ck_assert_uint_ne(h->alerts & CPUMF_AL_INVALID_ENTRY, 0);
    ck_assert_uint_eq(
        cpumf_fcov_hits(h->s, (unsigned)cpumf_fcov_index("update.vm_set.alert_deactivates_vm_set")),
        1);
    h_free(h);
}
END_TEST

START_TEST(test_SF_LVL_5_loss_authorization_resets_on_both_sets)
{
    harness *h = two_sets(0x0FFFFFF, 0x0FFFFFF);
    /* loss of sample data: C of both sets */
    h->in.cpu[0].loss_sample = 1;
    h_step(h);
    h->in.cpu[0].loss_sample = 0;
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_vm_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.e_vm_q"), CPUMF_SF_BASIC);
    /* CPU reset: C of both (already 0), E stays; initial CPU reset: E of both */
    h->in.cpu[0].reset = CPUMF_RESET_INITIAL_CPU;
    h_step(h);
    h->in.cpu[0].reset = 0;
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.e_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.e_vm_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.interval_vm_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.h_q"), 0);
    h_free(h);
    /* authorization loss with E only in the VM set: both lose it, alert 8 */
    h = h_new(CPUMF_INT_EXACT, 1);
    h->in.cpu[0].level = 2;
    ck_assert_uint_eq(cycle_lsctl(h, lsctl_x(0, 0, 1, 0, 0, 0), 0, 0, 0), 0);
    h->alerts = 0u;
    h->in.cpu[0].sf_auth_clr = CPUMF_SF_BASIC;
    h_step(h);
    h->in.cpu[0].sf_auth_clr = 0;
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.e_vm_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.a_q"), CPUMF_SF_DIAG);
    ck_assert_uint_ne(h->alerts & CPUMF_AL_SF_AUTH, 0);
    h_free(h);
}
END_TEST

START_TEST(test_SF_LVL_3_power_on_lfsr_of_the_vm_set)
{
    harness *h = h_new(CPUMF_INT_RANDOM, 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.lfsr_q"), arch_lfsr_power_on(0xACE1u, 0));
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.lfsr_vm_q"), arch_lfsr_power_on(0xACE1u, 16));
    h_free(h);
}
END_TEST

static Suite *lvl_suite(void)
{
    Suite *s = suite_create("sampling_lvl");
    TCase *tc = tcase_create("sampling_lvl");
    tcase_add_test(tc, test_SF_LVL_1_executing_set_and_h);
    tcase_add_test(tc, test_SF_LVL_2_lpp_loads);
    tcase_add_test(tc, test_SF_LVL_3_tick_capture_lfsr);
    tcase_add_test(tc, test_SF_LVL_4_entry_hb_and_parameters);
    tcase_add_test(tc, test_SF_LVL_1_lsctl_and_qsi_act_on_the_executing_set);
    tcase_add_test(tc, test_SF_LVL_2_lpp_at_each_level);
    tcase_add_test(tc, test_SF_LVL_3_SF_LVL_4_vm_sample_into_vm_blocks);
    tcase_add_test(tc, test_SF_LVL_3_collision_beside_an_lpar_sample);
    tcase_add_test(tc, test_SF_LVL_5_alert_deactivates_the_updates_set_only);
    tcase_add_test(tc, test_SF_LVL_5_loss_authorization_resets_on_both_sets);
    tcase_add_test(tc, test_SF_LVL_3_power_on_lfsr_of_the_vm_set);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(lvl_suite());
}
