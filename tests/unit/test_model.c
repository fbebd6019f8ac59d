/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_model.c - cycle-level tests of the C model through its public API:
 * instruction timing, storage operands, counting, resets, alerts, global
 * counters, multithreading and independence of two systems.  A small
 * big-endian storage with a fixed latency answers the storage port.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpumf/cpumf.h"
#include "test_mem.h"
#include "unit_main.h"

#define MEM_SIZE 4096u

static void cfg_z15(cpumf_system_cfg *c)
{
    unsigned i;
    memset(c, 0, sizeof *c);
    strcpy(c->name, "test-z15");
    strcpy(c->model.name, "z15-like");
    c->model.cfvn = 3;
    c->model.csvn = 6;
    c->model.fac_lpp = 1;
    c->model.fac_cf = 1;
    c->model.fac_sf = 1;
    c->model.fac_stcctm = 1;
    c->model.bsdes = 32;
    c->model.dsdes = 64;
    c->model.has_cg = 1;
    c->model.n_ext = 100;
    c->model.max_cpu_addr = 0x1F;
    c->model.max_cg_addr = 0x0F;
    c->n_cpus = 4;
    c->threads_per_core = 2;
    c->mt_enabled = 0;
    c->n_cg = 2;
    for (i = 0; i < 4; i++) {
        c->cpu_addr[i] = (uint16_t)(0x10 + i);
        c->cpu_cg[i] = (uint8_t)(i / 2);
    }
    c->cg_addr[0] = 0x0003;
    c->cg_addr[1] = 0x0007;
    c->auth_cf = 0x7F & ~0x10;
    c->auth_sf = 3;
    c->storage_size = MEM_SIZE;
    c->latency_min = c->latency_max = 1;
}

static void cfg_generic(cpumf_system_cfg *c)
{
    memset(c, 0, sizeof *c);
    strcpy(c->name, "test-generic");
    strcpy(c->model.name, "generic");
    c->model.cfvn = 1;
    c->model.csvn = 1;
    c->model.fac_lpp = 1;
    c->model.fac_cf = 1;
    c->model.fac_stcctm = 1;
    c->model.unified_l1 = 1;
    c->model.n_ext = 8;
    c->n_cpus = 1;
    c->threads_per_core = 1;
    c->auth_cf = 0x0F;
    c->storage_size = MEM_SIZE;
}

typedef struct harness {
    cpumf_sys *s;
    cpumf_sys_in in;
    cpumf_sys_out out; /* outputs of the last evaluated cycle */
    uint64_t cyc;      /* number of the next cycle */
    unsigned lat;
    uint8_t mem[MEM_SIZE];
    int pend[CPUMF_MAX_CPUS];
    uint64_t due[CPUMF_MAX_CPUS], paddr[CPUMF_MAX_CPUS];
    unsigned nwrites;
    uint64_t waddr[64], wdata[64];
    uint8_t wbe[64];
} harness;

static harness *h_new(const cpumf_system_cfg *cfg)
{
    char err[128];
    harness *h = (harness *)calloc(1, sizeof *h);
    unsigned i;
    ck_assert_ptr_nonnull(h);
    h->s = cpumf_create(cfg, err, sizeof err);
    ck_assert_msg(h->s != NULL, "%s", err);
    h->lat = 1;
    for (i = 0; i < CPUMF_MAX_CPUS; i++) {
        h->in.cpu[i].cr0_58 = 1;
        h->in.cpu[i].stor_req_ready = 1;
    }
    return h;
}

static void h_free(harness *h)
{
    cpumf_destroy(h->s);
    free(h);
}

static uint64_t mem_rd(const harness *h, uint64_t a)
{
    return be_get64(h->mem + a);
}

static void mem_wr(harness *h, uint64_t a, uint64_t v)
{
    be_put64(h->mem + a, v);
}

/* One cycle: storage inputs, eval, storage accept, commit. */
static void step(harness *h)
{
    unsigned i, n = cpumf_config(h->s)->n_cpus;
    for (i = 0; i < n; i++) {
        cpumf_cpu_in *c = &h->in.cpu[i];
        c->stor_rsp_valid = 0;
        c->stor_rsp_err = 0;
        c->stor_rsp_data = 0;
        if (h->pend[i] && h->due[i] == h->cyc) {
            c->stor_rsp_valid = 1;
            if (h->paddr[i] >= MEM_SIZE)
                c->stor_rsp_err = 1;
            else
                c->stor_rsp_data = mem_rd(h, h->paddr[i]);
            h->pend[i] = 0;
        }
    }
    cpumf_eval(h->s, &h->in, &h->out);
    for (i = 0; i < n; i++) {
        const cpumf_cpu_out *o = &h->out.cpu[i];
        if (o->stor_req_valid && h->in.cpu[i].stor_req_ready) {
            ck_assert(!h->pend[i]);
            h->pend[i] = 1;
            h->due[i] = h->cyc + h->lat;
            h->paddr[i] = o->stor_req_addr;
            if (o->stor_req_we) {
                if (h->nwrites < 64) {
                    h->waddr[h->nwrites] = o->stor_req_addr;
                    h->wdata[h->nwrites] = o->stor_req_wdata;
                    h->wbe[h->nwrites] = o->stor_req_be;
                    h->nwrites++;
                }
                if (o->stor_req_addr < MEM_SIZE)
                    be_store_masked(h->mem + o->stor_req_addr, o->stor_req_wdata, o->stor_req_be);
            }
        }
    }
    cpumf_commit(h->s);
    h->cyc++;
}

static void steps(harness *h, unsigned n)
{
    while (n--)
        step(h);
}

typedef struct insn_res {
    uint64_t issued, done;
    unsigned cc, exc;
    uint64_t r1;
} insn_res;

typedef struct insn_req {
    unsigned op, m3, problem, cr0_15;
    uint64_t r1, r2, addr;
} insn_req;

static insn_res run(harness *h, unsigned cpu, insn_req rq)
{
    insn_res r;
    cpumf_cpu_in *c = &h->in.cpu[cpu];
    unsigned guard = 0;
    memset(&r, 0, sizeof r);
    c->insn_valid = 1;
    c->op = (uint8_t)rq.op;
    c->m3 = (uint8_t)rq.m3;
    c->insn_problem = (uint8_t)rq.problem;
    c->cr0_15 = (uint8_t)rq.cr0_15;
    c->r1 = rq.r1;
    c->r2 = rq.r2;
    c->addr = rq.addr;
    for (;;) {
        uint64_t t = h->cyc;
        step(h);
        if (c->insn_valid && h->out.cpu[cpu].insn_ready) {
            r.issued = t;
            c->insn_valid = 0;
        }
        if (h->out.cpu[cpu].insn_done) {
            r.done = t;
            r.cc = h->out.cpu[cpu].cc;
            r.exc = h->out.cpu[cpu].exc;
            r.r1 = h->out.cpu[cpu].r1;
            return r;
        }
        ck_assert_uint_lt(++guard, 1000);
    }
}

static insn_req rq_reg(unsigned op, uint64_t r1, uint64_t r2)
{
    insn_req q;
    memset(&q, 0, sizeof q);
    q.op = op;
    q.r1 = r1;
    q.r2 = r2;
    return q;
}

static insn_req rq_mem(unsigned op, uint64_t addr)
{
    insn_req q;
    memset(&q, 0, sizeof q);
    q.op = op;
    q.addr = addr;
    return q;
}

static insn_res lcctl(harness *h, unsigned cpu, uint64_t x)
{
    mem_wr(h, 0x200, x);
    return run(h, cpu, rq_mem(CPUMF_OP_LCCTL, 0x200));
}

static cpumf_obs *obs_of(const harness *h)
{
    static cpumf_obs o; /* test-only scratch */
    cpumf_observe(h->s, &o);
    return &o;
}

/* ------------------------------------------------------------------ tests */

START_TEST(test_power_on_state)
{
    cpumf_system_cfg c;
    harness *h;
    cpumf_obs *o;
    cfg_z15(&c);
    c.mt_enabled = 1;
    h = h_new(&c);
    o = obs_of(h);
    ck_assert_uint_eq(o->cpu[0].cf_state.a_q, 0x2F);
    ck_assert_uint_eq(o->cpu[0].cf_state.cg_a_q, 1);
    ck_assert_uint_eq(o->cpu[0].cf_state.e_q, CPUMF_SET_MT);
    ck_assert_uint_eq(o->cpu[0].cf_state.c_q, CPUMF_SET_MT);
    ck_assert_uint_eq(o->cf_global.mt_en_q, 1);
    ck_assert_uint_eq(o->cpu[0].mf_insn.state_q, 0);
    ck_assert_uint_eq(o->cpu[0].sf_ctrl.a_q, 3);
    h_free(h);
}
END_TEST

START_TEST(test_register_insn_timing)
{
    cpumf_system_cfg c;
    harness *h;
    insn_res r, r2;
    uint8_t states[4];
    unsigned i;
    cfg_z15(&c);
    h = h_new(&c);
    steps(h, 3);
    /* ECPGA: accepted t, DECODE t+1, EXEC t+2, RESP t+3 */
    h->in.cpu[0].insn_valid = 1;
    h->in.cpu[0].op = CPUMF_OP_ECPGA;
    h->in.cpu[0].r1 = 0x1122334455667788ull;
    h->in.cpu[0].r2 = 0x12;
    step(h);
    ck_assert_uint_eq(h->out.cpu[0].insn_ready, 1);
    h->in.cpu[0].insn_valid = 0;
    for (i = 0; i < 4; i++) {
        states[i] = obs_of(h)->cpu[0].mf_insn.state_q;
        step(h);
        if (i < 2)
            ck_assert_uint_eq(h->out.cpu[0].insn_done, 0);
    }
    ck_assert_uint_eq(states[0], CPUMF_IS_DECODE);
    ck_assert_uint_eq(states[1], CPUMF_IS_EXEC);
    ck_assert_uint_eq(states[2], CPUMF_IS_RESP);
    ck_assert_uint_eq(states[3], CPUMF_IS_IDLE);
    /* the RESP cycle was the third after acceptance */
    r = run(h, 0, rq_reg(CPUMF_OP_ECPGA, 0x1122334455667788ull, 0x12));
    ck_assert_uint_eq(r.done, r.issued + 3);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.r1, 0x1122334400000700ull); /* CPU 0x12 is in group 1, address 7 */
    /* back to back: the next one is accepted in t+4 */
    h->in.cpu[0].insn_valid = 1;
    h->in.cpu[0].op = CPUMF_OP_ECPGA;
    h->in.cpu[0].r2 = 0x99;
    step(h);
    ck_assert_uint_eq(h->out.cpu[0].insn_ready, 1);
    r2.issued = h->cyc - 1;
    ck_assert_uint_eq(r2.issued, r.done + 1);
    h->in.cpu[0].insn_valid = 0;
    steps(h, 2);
    step(h);
    ck_assert_uint_eq(h->out.cpu[0].insn_done, 1);
    ck_assert_uint_eq(h->out.cpu[0].cc, 3);
    ck_assert_uint_eq(h->out.cpu[0].r1, h->in.cpu[0].r1);
    h_free(h);
}
END_TEST

START_TEST(test_stopped_cpu_refuses)
{
    cpumf_system_cfg c;
    harness *h;
    cfg_z15(&c);
    h = h_new(&c);
    h->in.cpu[1].stopped = 1;
    h->in.cpu[1].insn_valid = 1;
    steps(h, 5);
    ck_assert_uint_eq(h->out.cpu[1].insn_ready, 0);
    ck_assert_uint_eq(obs_of(h)->cpu[1].mf_insn.state_q, CPUMF_IS_IDLE);
    h_free(h);
}
END_TEST

START_TEST(test_lcctl_through_storage)
{
    cpumf_system_cfg c;
    harness *h;
    insn_res r;
    cfg_z15(&c);
    h = h_new(&c);
    h->lat = 1;
    r = lcctl(h, 0, 0x000A000Aull); /* basic and crypto enabled and active */
    ck_assert_uint_eq(r.exc, 0);
    ck_assert_uint_eq(r.cc, 0);
    /* accept t, DECODE t+1, FETCH t+2 (request accepted), response t+3,
     * EXEC t+4, RESP t+5 */
    ck_assert_uint_eq(r.done, r.issued + 5);
    ck_assert_uint_eq(obs_of(h)->cpu[0].cf_state.e_q, 0x0A);
    ck_assert_uint_eq(obs_of(h)->cpu[0].cf_state.c_q, 0x0A);
    /* unaligned operand: two reads, bytes from both doublewords */
    h->lat = 3;
    memset(h->mem + 0x300, 0, 16);
    h->mem[0x305 + 5] = 0x02; /* operand bytes 0..7 at 0x305..0x30C: value 0x0200 << 8? */
    h->mem[0x305 + 6] = 0x00;
    h->mem[0x305 + 7] = 0x02;
    {
        insn_req q = rq_mem(CPUMF_OP_LCCTL, 0x305);
        r = run(h, 0, q);
    }
    /* operand = 0x0000000000020002: basic only */
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.done, r.issued + 2 + 2 * (1 + 3) + 1);
    ck_assert_uint_eq(obs_of(h)->cpu[0].cf_state.e_q, 0x02);
    ck_assert_uint_eq(obs_of(h)->cpu[0].cf_state.c_q, 0x02);
    h_free(h);
}
END_TEST

START_TEST(test_access_exception_changes_nothing)
{
    cpumf_system_cfg c;
    harness *h;
    insn_res r;
    cfg_z15(&c);
    h = h_new(&c);
    r = run(h, 0, rq_mem(CPUMF_OP_LCCTL, MEM_SIZE + 0x100));
    ck_assert_uint_eq(r.exc, CPUMF_EXC_ACCESS);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(obs_of(h)->cpu[0].cf_state.e_q, 0);
    /* QCTRI whose second doubleword is outside storage stores nothing */
    h->nwrites = 0;
    r = run(h, 0, rq_mem(CPUMF_OP_QCTRI, MEM_SIZE - 8));
    ck_assert_uint_eq(r.exc, CPUMF_EXC_ACCESS);
    ck_assert_uint_eq(h->nwrites, 0);
    h_free(h);
}
END_TEST

START_TEST(test_exception_timing)
{
    cpumf_system_cfg c;
    harness *h;
    insn_res r;
    insn_req q;
    cfg_z15(&c);
    h = h_new(&c);
    q = rq_reg(CPUMF_OP_LCCTL, 5, 0);
    q.problem = 1;
    r = run(h, 0, q);
    ck_assert_uint_eq(r.exc, CPUMF_EXC_PRIVILEGED);
    ck_assert_uint_eq(r.done, r.issued + 2);
    ck_assert_uint_eq(r.r1, 5);
    r = run(h, 0, rq_reg(13, 0, 0));
    ck_assert_uint_eq(r.exc, CPUMF_EXC_OPERATION);
    r = run(h, 0, rq_reg(15, 0, 0));
    ck_assert_uint_eq(r.exc, CPUMF_EXC_OPERATION);
    h_free(h);
}
END_TEST

START_TEST(test_counting_basic)
{
    cpumf_system_cfg c;
    harness *h;
    cpumf_obs *o;
    insn_res r;
    unsigned i;
    cfg_z15(&c);
    h = h_new(&c);
    h->in.cpu[0].insns = 2;
    h->in.cpu[0].l1d_dw = 1;
    r = lcctl(h, 0, 0x00020002ull);
    ck_assert_uint_eq(r.cc, 0);
    /* active from the RESP cycle on: the RESP cycle counted once */
    o = obs_of(h);
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[0], 1);
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[1], 2);
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[4], 1);
    for (i = 0; i < 10; i++)
        step(h);
    o = obs_of(h);
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[0], 11);
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[1], 22);
    /* wait: no cycles, stopped: nothing */
    h->in.cpu[0].wait = 1;
    steps(h, 5);
    o = obs_of(h);
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[0], 11);
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[1], 32);
    h->in.cpu[0].stopped = 1;
    steps(h, 5);
    o = obs_of(h);
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[1], 32);
    h->in.cpu[0].stopped = 0;
    h->in.cpu[0].wait = 0;
    /* other CPUs and the problem-state set did not count */
    ck_assert_uint_eq(o->cpu[1].cf_counters.ctr_q[0], 0);
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[6], 0);
    /* ECCTR reads it; SCCTR writes it */
    r = run(h, 0, rq_reg(CPUMF_OP_SCCTR, 1000, 1));
    ck_assert_uint_eq(r.cc, 0);
    r = run(h, 0, rq_reg(CPUMF_OP_ECCTR, 0, 1));
    ck_assert_uint_eq(r.cc, 0);
    /* written at SCCTR's EXEC edge (the write wins over the increment), then
     * +2 in its RESP cycle and +2 in each of the accept and DECODE cycles of
     * ECCTR: the value read in ECCTR's EXEC cycle is 1000 + 2 + 2 + 2 */
    ck_assert_uint_eq(r.r1, 1006);
    /* disabling clears the counters */
    lcctl(h, 0, 0);
    o = obs_of(h);
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[0], 0);
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[1], 0);
    h_free(h);
}
END_TEST

START_TEST(test_unified_l1_generic)
{
    cpumf_system_cfg c;
    harness *h;
    cpumf_obs *o;
    cfg_generic(&c);
    h = h_new(&c);
    h->in.cpu[0].l1d_dw = 1;
    h->in.cpu[0].l1i_dw = 1;
    h->in.cpu[0].problem = 1;
    ck_assert_uint_eq(lcctl(h, 0, 0x00060006ull).cc, 0);
    steps(h, 4);
    o = obs_of(h);
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[2], 5);
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[4], 0);
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[6 + 2], 5); /* 34: installed on CFVN 1 */
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[6 + 4], 0);
    h_free(h);
}
END_TEST

START_TEST(test_resets)
{
    cpumf_system_cfg c;
    harness *h;
    cpumf_obs *o;
    cfg_z15(&c);
    c.mt_enabled = 1;
    h = h_new(&c);
    lcctl(h, 0, 0x000A000Aull);
    steps(h, 3);
    h->in.cpu[0].reset = CPUMF_RESET_CPU;
    step(h);
    h->in.cpu[0].reset = 0;
    o = obs_of(h);
    ck_assert_uint_eq(o->cpu[0].cf_state.e_q, 0x0A | CPUMF_SET_MT);
    ck_assert_uint_eq(o->cpu[0].cf_state.c_q, CPUMF_SET_MT);
    ck_assert_uint_ne(o->cpu[0].cf_counters.ctr_q[0], 0);
    h->in.cpu[0].reset = CPUMF_RESET_INITIAL_CPU;
    step(h);
    h->in.cpu[0].reset = 0;
    o = obs_of(h);
    ck_assert_uint_eq(o->cpu[0].cf_state.e_q, CPUMF_SET_MT);
    ck_assert_uint_eq(o->cpu[0].cf_state.a_q, 0x2F);
    ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[0], 0);
    h_free(h);
}
END_TEST

START_TEST(test_alerts)
{
    cpumf_system_cfg c;
    harness *h;
    cpumf_obs *o;
    cfg_z15(&c);
    h = h_new(&c);
    lcctl(h, 0, 0x000A000Aull);
    h->in.cpu[0].loss_cpu = CPUMF_SET_BASIC;
    step(h);
    h->in.cpu[0].loss_cpu = 0;
    o = obs_of(h);
    ck_assert_uint_eq(o->cpu[0].mf_alert.pend_q, 0x40);
    ck_assert_uint_eq(o->cpu[0].cf_state.c_q, CPUMF_SET_CRYPTO);
    step(h);
    ck_assert_uint_eq(h->out.cpu[0].alert_req, 1);
    ck_assert_uint_eq(h->out.cpu[0].alert_param, 0x40);
    /* masked by CR0.58 */
    h->in.cpu[0].cr0_58 = 0;
    step(h);
    ck_assert_uint_eq(h->out.cpu[0].alert_req, 0);
    h->in.cpu[0].cr0_58 = 1;
    /* taken: cleared at that edge */
    h->in.cpu[0].alert_taken = 1;
    step(h);
    h->in.cpu[0].alert_taken = 0;
    ck_assert_uint_eq(h->out.cpu[0].alert_param, 0x40);
    ck_assert_uint_eq(obs_of(h)->cpu[0].mf_alert.pend_q, 0);
    /* authorization removed from an enabled set */
    h->in.cpu[0].auth_clr = CPUMF_SET_CRYPTO;
    step(h);
    h->in.cpu[0].auth_clr = 0;
    o = obs_of(h);
    ck_assert_uint_eq(o->cpu[0].mf_alert.pend_q, 0x80);
    ck_assert_uint_eq(o->cpu[0].cf_state.a_q & CPUMF_SET_CRYPTO, 0);
    ck_assert_uint_eq(o->cpu[0].cf_state.e_q, CPUMF_SET_BASIC);
    /* CPU reset clears pending */
    h->in.cpu[0].reset = CPUMF_RESET_CPU;
    step(h);
    h->in.cpu[0].reset = 0;
    ck_assert_uint_eq(obs_of(h)->cpu[0].mf_alert.pend_q, 0);
    h_free(h);
}
END_TEST

START_TEST(test_qctri_and_stcctm_store)
{
    cpumf_system_cfg c;
    harness *h;
    insn_res r;
    insn_req q;
    unsigned i;
    cfg_z15(&c);
    h = h_new(&c);
    lcctl(h, 0, 0x000A0002ull);
    memset(h->mem + 0x400, 0xEE, 0x50);
    h->nwrites = 0;
    r = run(h, 0, rq_mem(CPUMF_OP_QCTRI, 0x404));
    ck_assert_uint_eq(r.exc, 0);
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(h->nwrites, 9);
    ck_assert_uint_eq(h->wbe[0], 0x0F);
    ck_assert_uint_eq(h->wbe[8], 0xF0);
    ck_assert_uint_eq(h->mem[0x403], 0xEE);
    ck_assert_uint_eq(h->mem[0x444], 0xEE);
    ck_assert_uint_eq(mem_rd(h, 0x404), 0x0003802F000A0002ull);
    ck_assert_uint_eq(mem_rd(h, 0x40C), 0x001F0006000F0000ull);
    for (i = 2; i < 8; i++)
        ck_assert_uint_eq(mem_rd(h, 0x404 + 8 * i), 0);
    /* STCCTM of the basic set, asking 8: cc 2, six stored */
    memset(h->mem + 0x600, 0xEE, 0x40);
    q = rq_mem(CPUMF_OP_STCCTM, 0x600);
    q.m3 = 1;
    q.r1 = 8;
    h->in.cpu[0].insns = 1;
    r = run(h, 0, q);
    ck_assert_uint_eq(r.cc, 2);
    ck_assert_uint_eq(r.exc, 0);
    ck_assert_uint_ne(mem_rd(h, 0x600), 0);
    ck_assert_uint_eq(mem_rd(h, 0x600 + 16), 0); /* counter 2 never counted */
    ck_assert_uint_eq(mem_rd(h, 0x630), 0xEEEEEEEEEEEEEEEEull);
    /* counters 0 and 1 both add one per cycle now, so their difference is
     * constant; write 0 is formed in EXEC, write 1 two cycles later (the
     * response cycle of write 0, latency 1) */
    {
        cpumf_obs *o = obs_of(h);
        uint64_t diff = o->cpu[0].cf_counters.ctr_q[0] - o->cpu[0].cf_counters.ctr_q[1];
        ck_assert_uint_eq(mem_rd(h, 0x608), mem_rd(h, 0x600) + 2 - diff);
    }
    /* misaligned: specification */
    q.addr = 0x604;
    r = run(h, 0, q);
    ck_assert_uint_eq(r.exc, CPUMF_EXC_SPECIFICATION);
    /* disabled set: cc 3, no store */
    q.addr = 0x600;
    q.m3 = 3;
    q.r1 = 1;
    lcctl(h, 0, 0x00020002ull);
    h->nwrites = 0;
    r = run(h, 0, q);
    ck_assert_uint_eq(r.cc, 3);
    ck_assert_uint_eq(h->nwrites, 0);
    ck_assert_uint_eq(r.done, r.issued + 3);
    h_free(h);
}
END_TEST

START_TEST(test_global_groups)
{
    cpumf_system_cfg c;
    harness *h;
    insn_res r;
    cpumf_obs *o;
    cfg_z15(&c);
    h = h_new(&c);
    mem_wr(h, 0x100, 3);
    r = run(h, 0, rq_mem(CPUMF_OP_LPCTL, 0x100));
    ck_assert_uint_eq(r.cc, 0);
    o = obs_of(h);
    ck_assert_uint_eq(o->cf_global.g_e_q, 1);
    ck_assert_uint_eq(o->cf_global.g_c_q, 1);
    /* CPU 0 and 1 in group 0, SHA functions */
    h->in.cpu[0].cr_fn = 0x2;
    h->in.cpu[1].cr_fn = 0x2 | 0x4 | 0x8;
    h->in.cpu[1].cr_busy = 0x2;
    h->in.cpu[0].cr_busy = 0x2;
    steps(h, 4);
    o = obs_of(h);
    ck_assert_uint_eq(o->cf_global.cg_ctr_q[0][0], 8);
    ck_assert_uint_eq(o->cf_global.cg_ctr_q[0][1], 4);
    ck_assert_uint_eq(o->cf_global.cg_ctr_q[0][4], 8);
    ck_assert_uint_eq(o->cf_global.cg_ctr_q[1][0], 0);
    /* EPCTR from CPU 3 (group 1) reads group 0 by address 3 */
    r = run(h, 3, rq_reg(CPUMF_OP_EPCTR, 0, (3u << 8) | 0));
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.r1, 8 + 2 * 2);
    /* change indicator */
    h->in.cg_addr_change = 1;
    step(h);
    h->in.cg_addr_change = 0;
    ck_assert_uint_eq(obs_of(h)->cf_global.change_q, 1);
    /* LPCTL from CPU 1 (E=0) and CPU 2 (E=1,C=0) in one cycle: CPU 2 last */
    mem_wr(h, 0x100, 0);
    mem_wr(h, 0x108, 2);
    h->in.cpu[1].insn_valid = 1;
    h->in.cpu[1].op = CPUMF_OP_LPCTL;
    h->in.cpu[1].addr = 0x100;
    h->in.cpu[2].insn_valid = 1;
    h->in.cpu[2].op = CPUMF_OP_LPCTL;
    h->in.cpu[2].addr = 0x108;
    step(h);
    h->in.cpu[1].insn_valid = 0;
    h->in.cpu[2].insn_valid = 0;
    steps(h, 6);
    o = obs_of(h);
    ck_assert_uint_eq(o->cf_global.g_e_q, 1);
    ck_assert_uint_eq(o->cf_global.g_c_q, 0);
    ck_assert_uint_eq(o->cf_global.change_q, 0); /* a disable happened in that cycle */
    ck_assert_uint_eq(o->cf_global.cg_ctr_q[0][0], 0);
    h_free(h);
}
END_TEST

START_TEST(test_mt_set)
{
    cpumf_system_cfg c;
    harness *h;
    insn_res r;
    cpumf_obs *o;
    cfg_z15(&c);
    h = h_new(&c);
    h->in.sigp_mt_valid = 1;
    h->in.sigp_mt_enable = 1;
    step(h);
    h->in.sigp_mt_valid = 0;
    o = obs_of(h);
    ck_assert_uint_eq(o->cf_global.mt_en_q, 1);
    ck_assert_uint_eq(o->cpu[2].cf_state.e_q, CPUMF_SET_MT);
    /* core 0: CPU 0 running, CPU 1 in wait -> 448; core 1 both run -> 449 */
    h->in.cpu[1].wait = 1;
    steps(h, 5);
    o = obs_of(h);
    ck_assert_uint_eq(o->cf_global.mt_ctr_q[0][0], 5);
    ck_assert_uint_eq(o->cf_global.mt_ctr_q[0][1], 0);
    ck_assert_uint_eq(o->cf_global.mt_ctr_q[1][1], 5);
    r = run(h, 1, rq_reg(CPUMF_OP_ECCTR, 0, 448));
    ck_assert_uint_eq(r.cc, 0);
    ck_assert_uint_eq(r.r1, 5 + 2);
    r = run(h, 1, rq_reg(CPUMF_OP_SCCTR, 0, 448));
    ck_assert_uint_eq(r.cc, 3);
    /* LCCTL does not change it */
    lcctl(h, 0, 0);
    ck_assert_uint_eq(obs_of(h)->cpu[0].cf_state.e_q, CPUMF_SET_MT);
    /* loss of MT data: alert 16, set stays active, ECCTR cc 3 */
    h->in.cpu[0].loss_mt = 1;
    step(h);
    h->in.cpu[0].loss_mt = 0;
    o = obs_of(h);
    ck_assert_uint_eq(o->cpu[0].mf_alert.pend_q, 0x8000);
    ck_assert_uint_eq(o->cpu[0].cf_state.c_q, CPUMF_SET_MT);
    h->in.cpu[0].cr0_58 = 0;
    r = run(h, 0, rq_reg(CPUMF_OP_ECCTR, 0, 449));
    ck_assert_uint_eq(r.cc, 3);
    {
        insn_req q = rq_mem(CPUMF_OP_STCCTM, 0x700);
        q.m3 = 9;
        q.r1 = 2;
        r = run(h, 0, q);
        ck_assert_uint_eq(r.cc, 0);
    }
    ck_assert_uint_eq(obs_of(h)->cpu[0].mf_alert.pend_q, 0);
    /* disable multithreading */
    h->in.sigp_mt_valid = 1;
    h->in.sigp_mt_enable = 0;
    step(h);
    h->in.sigp_mt_valid = 0;
    o = obs_of(h);
    ck_assert_uint_eq(o->cpu[0].cf_state.e_q, 0);
    ck_assert_uint_eq(o->cf_global.mt_ctr_q[0][0], 0);
    ck_assert_uint_eq(o->cf_global.mt_en_q, 0);
    h_free(h);
}
END_TEST

START_TEST(test_two_systems_independent)
{
    cpumf_system_cfg c, g;
    harness *a, *b;
    cfg_z15(&c);
    cfg_generic(&g);
    a = h_new(&c);
    b = h_new(&g);
    lcctl(a, 0, 0x00020002ull);
    steps(a, 10);
    steps(b, 10);
    ck_assert_uint_ne(obs_of(a)->cpu[0].cf_counters.ctr_q[0], 0);
    ck_assert_uint_eq(obs_of(b)->cpu[0].cf_counters.ctr_q[0], 0);
    ck_assert_uint_eq(obs_of(b)->cpu[0].cf_state.e_q, 0);
    lcctl(b, 0, 0x00020002ull);
    ck_assert_uint_eq(obs_of(b)->cpu[0].cf_counters.ctr_q[0], 1);
    ck_assert_uint_eq(cpumf_config(b->s)->model.cfvn, 1);
    ck_assert_uint_eq(cpumf_config(a->s)->model.cfvn, 3);
    h_free(a);
    h_free(b);
}
END_TEST

START_TEST(test_create_refuses_bad_config)
{
    cpumf_system_cfg c;
    char err[128] = "";
    cfg_z15(&c);
    c.n_cpus = 0;
    ck_assert_ptr_null(cpumf_create(&c, err, sizeof err));
    ck_assert_str_ne(err, "");
    cfg_generic(&c);
    c.model.n_ext = 33; /* CSVN 1 allows 32 */
    ck_assert_ptr_null(cpumf_create(&c, err, sizeof err));
}
END_TEST

START_TEST(test_qctri_timing_and_backpressure)
{
    cpumf_system_cfg c;
    harness *h;
    insn_res r;
    unsigned i, seen = 0;
    uint64_t addr0 = 0;
    cfg_z15(&c);
    h = h_new(&c);
    /* aligned, latency 1: 8 probes and 8 writes of two cycles each:
     * DECODE t+1, PROBE t+2..t+17, EXEC t+18, STORE t+19..t+34, RESP t+35 */
    r = run(h, 0, rq_mem(CPUMF_OP_QCTRI, 0x400));
    ck_assert_uint_eq(r.done, r.issued + 35);
    /* ready low: the request holds its outputs until accepted */
    h->in.cpu[0].insn_valid = 1;
    h->in.cpu[0].op = CPUMF_OP_LPP;
    h->in.cpu[0].addr = 0x408;
    h->in.cpu[0].stor_req_ready = 0;
    for (i = 0; i < 8; i++) {
        step(h);
        h->in.cpu[0].insn_valid = 0;
        if (h->out.cpu[0].stor_req_valid) {
            if (!seen)
                addr0 = h->out.cpu[0].stor_req_addr;
            ck_assert_uint_eq(h->out.cpu[0].stor_req_addr, addr0);
            ck_assert_uint_eq(h->out.cpu[0].stor_req_be, 0xFF);
            ck_assert_uint_eq(h->out.cpu[0].stor_req_we, 0);
            seen++;
        } else {
            ck_assert_uint_eq(h->out.cpu[0].stor_req_addr, 0);
            ck_assert_uint_eq(h->out.cpu[0].stor_req_be, 0);
        }
    }
    ck_assert_uint_eq(seen, 6); /* visible from the third cycle on */
    ck_assert_uint_eq(addr0, 0x408);
    ck_assert_uint_eq(obs_of(h)->cpu[0].mf_insn.state_q, CPUMF_IS_FETCH);
    h->in.cpu[0].stor_req_ready = 1;
    steps(h, 4); /* accepted, response, EXEC, RESP */
    ck_assert_uint_eq(h->out.cpu[0].insn_done, 1);
    ck_assert_uint_eq(obs_of(h)->cpu[0].sf_ctrl.pp_q, 0); /* no sampling enabled: no-op */
    /* with a sampling function enabled at the level below it loads */
    mem_wr(h, 0x408, 0xCAFEF00D12345678ull);
    h->in.cpu[0].sf_lower_enabled = 1;
    run(h, 0, rq_mem(CPUMF_OP_LPP, 0x408));
    ck_assert_uint_eq(obs_of(h)->cpu[0].sf_ctrl.pp_q, 0xCAFEF00D12345678ull);
    h_free(h);
}
END_TEST

START_TEST(test_eval_is_repeatable)
{
    cpumf_system_cfg c;
    harness *h;
    cpumf_sys_out o1, o2;
    cpumf_obs b1, b2;
    cfg_z15(&c);
    h = h_new(&c);
    memset(&b1, 0, sizeof b1); /* padding compares equal */
    memset(&b2, 0, sizeof b2);
    memset(&o1, 0, sizeof o1);
    memset(&o2, 0, sizeof o2);
    lcctl(h, 0, 0x000A000Aull);
    h->in.cpu[0].insns = 3;
    h->in.cpu[0].loss_cpu = CPUMF_SET_BASIC;
    cpumf_observe(h->s, &b1);
    cpumf_eval(h->s, &h->in, &o1);
    cpumf_eval(h->s, &h->in, &o2);
    cpumf_observe(h->s, &b2);
    ck_assert(memcmp(&o1, &o2, sizeof o1) == 0);
    ck_assert(memcmp(&b1, &b2, sizeof b1) == 0); /* eval does not change state */
    cpumf_commit(h->s);
    cpumf_commit(h->s); /* a second commit does nothing */
    cpumf_observe(h->s, &b2);
    ck_assert_uint_eq(b2.cpu[0].mf_alert.pend_q, 0x40);
    ck_assert_uint_eq(b2.cpu[0].cf_counters.ctr_q[1], b1.cpu[0].cf_counters.ctr_q[1] + 3);
    h_free(h);
}
END_TEST

/* The counters are summed in byte lanes and settled every 17 cycles: each
 * cycle's observation, the register reads and ECCTR give the plain sums,
 * with counts of up to 15 on every extended counter, an undefined counter
 * that never counts, and an SCCTR write between two settlings. */
START_TEST(test_counting_lanes)
{
    cpumf_system_cfg c;
    harness *h;
    uint64_t ref[100] = {0}, x = 0x9E3779B97F4A7C15ull, v;
    unsigned t, k;
    char name[32];
    cfg_z15(&c);
    c.model.ext_undef[0] = (uint64_t)1 << 5; /* counter 133 */
    h = h_new(&c);
    ck_assert_uint_eq(lcctl(h, 0, 0x00030003ull).cc, 0);
    for (t = 0; t < 240; t++) {
        const cpumf_obs *o;
        if (t == 100) { /* quiet inputs while SCCTR and ECCTR run */
            memset(h->in.cpu[0].ext, 0, sizeof h->in.cpu[0].ext);
            ck_assert_uint_eq(run(h, 0, rq_reg(CPUMF_OP_SCCTR, 77, 131)).cc, 0);
            ck_assert_uint_eq(run(h, 0, rq_reg(CPUMF_OP_ECCTR, 0, 131)).r1, 77);
            ref[3] = 77;
        }
        for (k = 0; k < 100; k++) {
            unsigned n;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            n = k == 0 ? 15u : (unsigned)(x >> 60); /* counter 128 fills its lane */
            cpumf_ext_set(&h->in.cpu[0], k, n);
            ref[k] += k == 5 ? 0u : n;
        }
        step(h);
        o = obs_of(h);
        for (k = 0; k < 100; k++)
            ck_assert_uint_eq(o->cpu[0].cf_counters.ctr_q[CPUMF_SLOT_EXT + k], ref[k]);
        snprintf(name, sizeof name, "cpu0.counter.%u", 128u + t % 100u);
        ck_assert_int_eq(cpumf_read_register(h->s, name, &v), 0);
        ck_assert_uint_eq(v, ref[t % 100u]);
    }
    h_free(h);
}
END_TEST

static Suite *model_suite(void)
{
    Suite *s = suite_create("model");
    TCase *tc = tcase_create("cycle");
    tcase_add_test(tc, test_power_on_state);
    tcase_add_test(tc, test_register_insn_timing);
    tcase_add_test(tc, test_stopped_cpu_refuses);
    tcase_add_test(tc, test_lcctl_through_storage);
    tcase_add_test(tc, test_access_exception_changes_nothing);
    tcase_add_test(tc, test_exception_timing);
    tcase_add_test(tc, test_counting_basic);
    tcase_add_test(tc, test_counting_lanes);
    tcase_add_test(tc, test_unified_l1_generic);
    tcase_add_test(tc, test_resets);
    tcase_add_test(tc, test_alerts);
    tcase_add_test(tc, test_qctri_and_stcctm_store);
    tcase_add_test(tc, test_global_groups);
    tcase_add_test(tc, test_mt_set);
    tcase_add_test(tc, test_two_systems_independent);
    tcase_add_test(tc, test_create_refuses_bad_config);
    tcase_add_test(tc, test_qctri_timing_and_backpressure);
    tcase_add_test(tc, test_eval_is_repeatable);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(model_suite());
}
