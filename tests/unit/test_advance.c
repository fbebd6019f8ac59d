/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_advance.c - fast-forward (cpumf_cycles_to_next_event, cpumf_advance):
 * from thousands of random states of four-CPU systems (every counter set
 * active, group and MT counters, sampling in the three interval modes,
 * shared and dedicated CPUs, two threads per core, stopped CPUs, pending
 * alerts, counters close to wrapping, the VM level's set of sampling controls
 * active beside the LPAR level's, CPUs at level 1 or 2), advancing k quiet cycles in one call
 * leaves exactly what k single steps leave: every register, the coverage
 * counts, the storage and the outputs; and the event that ends a span falls
 * on the cycle right after it.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cpumf/cpumf.h"
#include "test_mem.h"
#include "unit_main.h"

#define MEM_SIZE  (1u << 20)
#define OPND      0x1000u /* instruction operands */
#define SDBT(cpu) (0x10000u + 0x30000u * (cpu))
#define NCPU      4u
#define MAX_K     600u /* longest span the single steps replay */

static uint64_t rnd(uint64_t *x)
{
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    return *x * 0x2545F4914F6CDD1Dull;
}

/* 1 with probability num / 256 */
static unsigned chance(uint64_t *x, unsigned num)
{
    return (unsigned)(rnd(x) >> 56) < num;
}

static void sys_cfg(cpumf_system_cfg *c, unsigned mode, unsigned dedicated)
{
    unsigned i;
    memset(c, 0, sizeof *c);
    strcpy(c->name, "advance-4cpu");
    strcpy(c->model.name, "advance");
    c->model.cfvn = 3;
    c->model.csvn = 6;
    c->model.fac_lpp = c->model.fac_cf = c->model.fac_sf = c->model.fac_stcctm = 1;
    c->model.has_cg = 1;
    c->model.n_ext = 160;
    c->model.ext_undef[0] = 0x0F00000000000010ull; /* undefined extended counters never count */
    c->model.max_cpu_addr = 15;
    c->model.max_cg_addr = 7;
    c->model.bsdes = 32;
    c->model.dsdes = 64;
    c->model.dsde_format = 0x8006;
    c->model.min_interval = 16;
    c->model.max_interval = 0x0FFFFFFF;
    c->model.cpu_speed = 5200;
    c->n_cpus = NCPU;
    c->threads_per_core = 2;
    c->mt_enabled = 1;
    c->n_cg = 2;
    for (i = 0; i < NCPU; i++) {
        c->cpu_addr[i] = (uint16_t)i;
        c->cpu_cg[i] = (uint8_t)(i / 2u);
    }
    c->cg_addr[1] = 1;
    c->auth_cf = 0x7F;
    c->auth_sf = CPUMF_SF_BASIC | CPUMF_SF_DIAG;
    c->storage_size = MEM_SIZE;
    c->latency_min = c->latency_max = 1;
    c->interval_mode = (uint8_t)mode;
    c->lfsr_seed = 0x1234567u;
    c->dedicated = (uint8_t)dedicated;
    c->level = 1;
}

/* Activity of a CPU for one cycle: random, or (quiet) with no pulse and no
 * instruction, the kind of inputs a span holds. */
static void activity(uint64_t *x, cpumf_cpu_in *c, int quiet)
{
    unsigned w;
    memset(c, 0, sizeof *c);
    c->stopped = (uint8_t)chance(x, 24);
    c->wait = (uint8_t)chance(x, 64);
    c->problem = (uint8_t)chance(x, 128);
    c->insns = (uint8_t)(rnd(x) % 8u);
    c->l1i_dw = (uint8_t)chance(x, 40);
    c->l1i_pen = (uint8_t)chance(x, 40);
    c->l1d_dw = (uint8_t)chance(x, 40);
    c->l1d_pen = (uint8_t)chance(x, 40);
    c->cr_fn = (uint8_t)(rnd(x) & 0x1Fu);
    c->cr_busy = (uint8_t)(rnd(x) & 0x1Fu);
    c->cr_bfn = (uint8_t)(rnd(x) & 0x1Fu);
    c->cr_bcyc = (uint8_t)(rnd(x) & 0x1Fu);
    for (w = 0; w < CPUMF_EXT_WORDS; w++)
        c->ext[w] = chance(x, 128) ? rnd(x) & rnd(x) : 0u;
    c->level = chance(x, 96) ? 2u : 1u; /* the VM set's interval counts at level 2 */
    c->tod = rnd(x);
    c->ia = rnd(x) & ~(uint64_t)1;
    c->cr0_58 = (uint8_t)chance(x, 160);
    c->alert_taken = (uint8_t)chance(x, quiet ? 16 : 64);
    if (quiet)
        return;
    if (chance(x, 3))
        c->auth_clr = (uint8_t)(rnd(x) & 0x6Fu);
    if (chance(x, 6))
        c->auth_set = (uint8_t)(rnd(x) & 0x6Fu);
    if (chance(x, 3))
        c->loss_cpu = (uint8_t)(rnd(x) & 0x0Fu);
    c->loss_mt = (uint8_t)chance(x, 2);
    c->loss_sample = (uint8_t)chance(x, 2);
    if (chance(x, 2))
        c->sf_auth_clr = (uint8_t)(rnd(x) & 3u);
    if (chance(x, 4))
        c->sf_auth_set = 3u;
}

typedef struct bench {
    cpumf_sys *s;
    smem m;
    uint64_t x; /* random stream */
} bench;

/* LSCTL of the VM set (SF-LVL-1): through the cycle model at level 2 (the
 * untimed execution runs at level 0), into the second block of the CPU's
 * table; the other CPUs idle meanwhile. */
static void lsctl_vm(bench *b, unsigned cpu, uint64_t x, uint64_t interval)
{
    cpumf_sys_in in;
    cpumf_sys_out out;
    unsigned k;
    sm_put(&b->m, OPND + 0x200 + 0x40 * cpu, x);
    sm_put(&b->m, OPND + 0x208 + 0x40 * cpu, interval);
    sm_put(&b->m, OPND + 0x210 + 0x40 * cpu, SDBT(cpu) + 8u);
    sm_put(&b->m, OPND + 0x218 + 0x40 * cpu, SDBT(cpu) + 0x20000u);
    cpumf_in_idle(&in);
    for (k = 0; k < NCPU; k++)
        in.cpu[k].level = 1;
    in.cpu[cpu].level = 2;
    in.cpu[cpu].wait = 0;
    in.cpu[cpu].insn_valid = 1;
    in.cpu[cpu].op = CPUMF_OP_LSCTL;
    in.cpu[cpu].addr = OPND + 0x200 + 0x40 * cpu;
    for (k = 0; k < 400u; k++) {
        cpumf_step(b->s, &in, &out);
        in.cpu[cpu].insn_valid = 0;
        if (out.cpu[cpu].insn_done)
            return;
    }
    ck_abort_msg("LSCTL at the VM level did not end");
}

/* LCCTL, LPCTL, LSCTL, SCCTR, SPCTR through the untimed execution: sets and
 * sampling (interval short or long) activated anew, counters near 2^64. */
static void program(bench *b, unsigned cpu)
{
    cpumf_insn_result res;
    uint64_t lsctl = ((uint64_t)1 << 9) | 2u | (chance(&b->x, 128) ? ((uint64_t)1 << 8) | 1u : 0u);
    uint64_t interval = chance(&b->x, 64) ? 16u + rnd(&b->x) % 5000u : 16u + rnd(&b->x) % 300u;
    unsigned k;
    sm_put(&b->m, OPND, 0x00000000000F000Full);
    (void)cpumf_x_lcctl(b->s, cpu, OPND, 0, &res);
    sm_put(&b->m, OPND, 3u);
    (void)cpumf_x_lpctl(b->s, cpu, OPND, 0, &res);
    for (k = 0; k < 4u; k++) {
        static const unsigned ctr[4] = {0u, 1u, 64u, 130u};
        (void)cpumf_x_scctr(b->s, cpu, UINT64_MAX - rnd(&b->x) % 3000u, ctr[k], 0, &res);
    }
    (void)cpumf_x_spctr(b->s, cpu, UINT64_MAX - rnd(&b->x) % 300u, cpu / 2u * 256u + 2u, 0, &res);
    sm_put(&b->m, OPND + 0x100, lsctl);
    sm_put(&b->m, OPND + 0x108, interval);
    sm_put(&b->m, OPND + 0x110, SDBT(cpu));
    sm_put(&b->m, OPND + 0x118, SDBT(cpu) + 0x10000u);
    if (chance(&b->x, 200)) {
        cpumf_insn insn;
        memset(&insn, 0, sizeof insn);
        insn.op = CPUMF_OP_LSCTL;
        insn.addr = OPND + 0x100;
        (void)cpumf_execute(b->s, cpu, &insn, &res); /* refused while an update runs */
    }
    if (chance(&b->x, 160))
        lsctl_vm(b, cpu, lsctl,
                 chance(&b->x, 64) ? 16u + rnd(&b->x) % 5000u : 16u + rnd(&b->x) % 300u);
}

static void bench_init(bench *b, unsigned mode, unsigned dedicated, uint64_t seed)
{
    cpumf_system_cfg c;
    char err[128];
    unsigned i;
    sys_cfg(&c, mode, dedicated);
    b->x = seed;
    b->s = cpumf_create(&c, err, sizeof err);
    ck_assert_msg(b->s != NULL, "%s", err);
    sm_init(&b->m, MEM_SIZE);
    ck_assert_int_eq(cpumf_attach_storage(b->s, &sm_ops, &b->m, 1u + (unsigned)(seed % 3u)), 0);
    for (i = 0; i < NCPU; i++) {
        /* SDBT: two 4K blocks, then a link back to the table */
        sm_put(&b->m, SDBT(i), SDBT(i) + 0x10000u);
        sm_put(&b->m, SDBT(i) + 8u, SDBT(i) + 0x20000u);
        sm_put(&b->m, SDBT(i) + 16u, SDBT(i) | 1u);
        program(b, i);
    }
}

/* A random stretch of busy cycles, with pulses and reprogramming. */
static void wander(bench *b)
{
    cpumf_sys_in in;
    cpumf_sys_out out;
    unsigned n = (unsigned)(rnd(&b->x) % 200u), t, i;
    for (t = 0; t < n; t++) {
        memset(&in, 0, sizeof in);
        for (i = 0; i < NCPU; i++)
            activity(&b->x, &in.cpu[i], (int)chance(&b->x, 200));
        in.sigp_mt_valid = (uint8_t)chance(&b->x, 1);
        in.sigp_mt_enable = (uint8_t)chance(&b->x, 192);
        in.cg_addr_change = (uint8_t)chance(&b->x, 2);
        cpumf_step(b->s, &in, &out);
    }
    for (i = 0; i < NCPU; i++)
        if (chance(&b->x, 24))
            program(b, i);
}

/* Field by field: the structs have padding. */
static int out_equal(const cpumf_sys_out *a, const cpumf_sys_out *b)
{
    unsigned i;
    for (i = 0; i < CPUMF_MAX_CPUS; i++) {
        const cpumf_cpu_out *x = &a->cpu[i], *y = &b->cpu[i];
        if (x->insn_ready != y->insn_ready || x->insn_done != y->insn_done || x->cc != y->cc ||
            x->exc != y->exc || x->r1 != y->r1 || x->stor_req_valid != y->stor_req_valid ||
            x->stor_req_we != y->stor_req_we || x->stor_req_be != y->stor_req_be ||
            x->stor_req_addr != y->stor_req_addr || x->stor_req_wdata != y->stor_req_wdata ||
            x->alert_req != y->alert_req || x->alert_param != y->alert_param)
            return 0;
    }
    return 1;
}

static void check_equal(const cpumf_sys *a, const smem *ma, const cpumf_sys *b, const smem *mb,
                        const char *what)
{
    static cpumf_obs oa, ob;
    unsigned i;
    memset(&oa, 0, sizeof oa);
    memset(&ob, 0, sizeof ob);
    cpumf_observe(a, &oa);
    cpumf_observe(b, &ob);
    ck_assert_msg(memcmp(&oa, &ob, sizeof oa) == 0, "%s: registers differ", what);
    for (i = 0; i < cpumf_fcov_count(); i++)
        ck_assert_msg(cpumf_fcov_hits(a, i) == cpumf_fcov_hits(b, i), "%s: bin %s differs", what,
                      cpumf_fcov_name(i));
    ck_assert_msg(memcmp(ma->b, mb->b, MEM_SIZE) == 0, "%s: storage differs", what);
}

/* From the current state and quiet inputs: advance k on a clone, k single
 * steps on the original; the same everything, and the same next cycle. */
static unsigned try_span(bench *b, uint64_t *spans_to_event)
{
    static cpumf_sys_in in;
    cpumf_sys_out o1, o2, o3;
    cpumf_sys *c;
    smem mc;
    uint64_t n, k, t;
    unsigned i;
    memset(&in, 0, sizeof in);
    for (i = 0; i < NCPU; i++)
        activity(&b->x, &in.cpu[i], 1);
    n = cpumf_cycles_to_next_event(b->s, &in, &o1);
    if (n == 0u) {
        ck_assert_int_eq(cpumf_advance(b->s, &in, 1u, NULL), -1);
        return 0u;
    }
    k = n <= MAX_K && chance(&b->x, 128) ? n : 1u + rnd(&b->x) % (n < MAX_K ? n : MAX_K);
    c = cpumf_clone(b->s);
    ck_assert_ptr_nonnull(c);
    sm_init(&mc, MEM_SIZE);
    memcpy(mc.b, b->m.b, MEM_SIZE);
    ck_assert_int_eq(cpumf_attach_storage(c, &sm_ops, &mc, 1u), 0);
    if (n != UINT64_MAX)
        ck_assert_int_eq(cpumf_advance(c, &in, n + 1u, NULL), -1);
    ck_assert_int_eq(cpumf_advance(c, &in, k, &o2), 0);
    for (t = 0; t < k; t++) {
        cpumf_step(b->s, &in, &o3);
        ck_assert_msg(out_equal(&o3, &o2), "outputs of cycle %llu of %llu differ",
                      (unsigned long long)t, (unsigned long long)k);
    }
    ck_assert(out_equal(&o1, &o2));
    check_equal(b->s, &b->m, c, &mc, "after the span");
    if (k == n) {
        /* the span ends with an event, on the cycle right after it */
        ck_assert_uint_eq(cpumf_cycles_to_next_event(c, &in, NULL), 0u);
        ++*spans_to_event;
    }
    /* and the hidden state agrees: one more busy cycle each */
    for (i = 0; i < NCPU; i++)
        activity(&b->x, &in.cpu[i], 0);
    cpumf_step(b->s, &in, &o3);
    cpumf_step(c, &in, &o2);
    ck_assert(out_equal(&o3, &o2));
    check_equal(b->s, &b->m, c, &mc, "after the next cycle");
    cpumf_destroy(c);
    sm_release(&mc);
    return 1u;
}

/* Thousands of states per interval mode, shared and dedicated CPUs. */
static void run_mode(unsigned mode)
{
    unsigned ded, it, spans = 0u, tried = 0u, vm_active = 0u;
    uint64_t to_event = 0u;
    for (ded = 0; ded < 2u; ded++) {
        bench b;
        bench_init(&b, mode, ded, 0x9E3779B97F4A7C15ull * (mode * 2u + ded + 1u));
        for (it = 0; it < 900u; it++) {
            uint64_t c_vm = 0u;
            wander(&b);
            ck_assert_int_eq(cpumf_read_register(b.s, "cpu0.sf_ctrl.c_vm_q", &c_vm), 0);
            vm_active += c_vm != 0u;
            spans += try_span(&b, &to_event);
            tried++;
        }
        cpumf_destroy(b.s);
        sm_release(&b.m);
    }
    /* most states reached were quiet, and many spans ran up to their event */
    ck_assert_msg(spans > tried / 4u, "%u quiet states of %u", spans, tried);
    ck_assert_msg(to_event > 50u, "%llu spans up to their event", (unsigned long long)to_event);
    /* and the VM level's set was active in many of them */
    ck_assert_msg(vm_active > tried / 10u, "VM set active in %u states of %u", vm_active, tried);
}

START_TEST(test_advance_exact_interval)
{
    run_mode(CPUMF_INT_EXACT);
}
END_TEST

START_TEST(test_advance_random_interval)
{
    run_mode(CPUMF_INT_RANDOM);
}
END_TEST

START_TEST(test_advance_random_secondary_interval)
{
    run_mode(CPUMF_INT_RANDOM_SEC);
}
END_TEST

/* Nothing active: quiet for ever; a long advance is a few operations. */
START_TEST(test_advance_idle_for_ever)
{
    bench b;
    cpumf_sys_in in;
    cpumf_sys_out out;
    uint64_t v0 = 0u, v1 = 0u;
    bench_init(&b, CPUMF_INT_EXACT, 1, 7u);
    cpumf_in_idle(&in);
    in.cpu[0].wait = 0;
    in.cpu[0].insns = 1;
    /* sampling off: the counters count, nothing else happens */
    sm_put(&b.m, OPND, 0u);
    sm_put(&b.m, OPND + 8, 0u);
    {
        cpumf_insn insn;
        cpumf_insn_result res;
        unsigned i;
        memset(&insn, 0, sizeof insn);
        insn.op = CPUMF_OP_LSCTL;
        insn.addr = OPND;
        for (i = 0; i < NCPU; i++)
            ck_assert_int_eq(cpumf_execute(b.s, i, &insn, &res), 0);
        sm_put(&b.m, OPND, 0x00000000000F000Full);
        ck_assert_int_eq(cpumf_x_lcctl(b.s, 0, OPND, 0, &res), 0);
        ck_assert_int_eq(cpumf_x_scctr(b.s, 0, 0, 1, 0, &res), 0);
    }
    ck_assert_int_eq(cpumf_read_register(b.s, "cpu0.counter.1", &v0), 0);
    ck_assert_uint_eq(cpumf_cycles_to_next_event(b.s, &in, &out), UINT64_MAX);
    ck_assert_int_eq(cpumf_advance(b.s, &in, 1000000000000ull, &out), 0);
    ck_assert_int_eq(cpumf_read_register(b.s, "cpu0.counter.1", &v1), 0);
    ck_assert_uint_eq(v1 - v0, 1000000000000ull);
    cpumf_destroy(b.s);
    sm_release(&b.m);
}
END_TEST

static Suite *advance_suite(void)
{
    Suite *s = suite_create("advance");
    TCase *tc = tcase_create("advance");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_advance_exact_interval);
    tcase_add_test(tc, test_advance_random_interval);
    tcase_add_test(tc, test_advance_random_secondary_interval);
    tcase_add_test(tc, test_advance_idle_for_ever);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(advance_suite());
}
