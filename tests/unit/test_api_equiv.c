/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_api_equiv.c - the golden-reference API (cpumf.h) against itself: untimed
 * execution against the cycle model, each instruction's entry point against
 * cpumf_execute, and several systems in one process (two systems against two
 * processes, a clone against its source).  Test names carry the requirement ID
 * when they check one.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cpumf/cpumf.h"
#include "test_api.h"
#include "unit_main.h"

/* ------------------------------------------------------------ helpers */

/* Stores (QCTRI, STCCTM) leave mostly zeros behind: put operands back. */
static void mem_refresh(mem *m, rng *r, unsigned n)
{
    while (n--)
        mem_put(m, (uint64_t)rnd(r, MEM_SIZE / 8u) * 8u, mem_operand(r));
}

static int all_idle(const cpumf_sys *s)
{
    unsigned i;
    for (i = 0; i < n_cpus(s); i++) {
        char name[32];
        uint64_t v = 1u;
        snprintf(name, sizeof name, "cpu%u.mf_insn.state_q", i);
        ck_assert_int_eq(cpumf_read_register(s, name, &v), 0);
        if (v != CPUMF_IS_IDLE)
            return 0;
    }
    return 1;
}

/* Idle cycles until every instruction unit is idle. */
static void drain(cpumf_sys *s)
{
    cpumf_sys_in in;
    cpumf_sys_out out;
    unsigned k;
    cpumf_in_idle(&in);
    for (k = 0; k < 2000u && !all_idle(s); k++)
        cpumf_step(s, &in, &out);
    ck_assert(all_idle(s));
}

/* Untimed examples, one per requirement. */
START_TEST(test_CF_LCCTL_3_untimed_all_or_nothing)
{
    cpumf_sys *s = load("z15-1cpu");
    cpumf_sys_in in;
    cpumf_sys_out out;
    cpumf_insn_result res;
    mem m;
    uint64_t e;
    memset(&m, 0, sizeof m);
    ck_assert_int_eq(cpumf_attach_storage(s, &mem_ops, &m, 1), 0);
    /* take away the crypto authorization */
    cpumf_in_idle(&in);
    in.cpu[0].auth_clr = CPUMF_SET_CRYPTO;
    cpumf_step(s, &in, &out);
    mem_put(&m, 0x10, ((uint64_t)(CPUMF_SET_BASIC | CPUMF_SET_CRYPTO) << 16));
    ck_assert_int_eq(cpumf_x_lcctl(s, 0, 0x10, 0, &res), 0);
    ck_assert_int_eq(res.exc, 0);
    ck_assert_int_eq(res.cc_valid, 1);
    ck_assert_int_eq(res.cc, 3);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_state.e_q", &e), 0);
    ck_assert_uint_eq(e, 0u);
    mem_put(&m, 0x10, ((uint64_t)CPUMF_SET_BASIC << 16) | CPUMF_SET_BASIC);
    ck_assert_int_eq(cpumf_x_lcctl(s, 0, 0x10, 0, &res), 0);
    ck_assert_int_eq(res.cc, 0);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_state.e_q", &e), 0);
    ck_assert_uint_eq(e, CPUMF_SET_BASIC);
    /* SCCTR then ECCTR of counter 1 */
    ck_assert_int_eq(cpumf_x_scctr(s, 0, 12345, 1, 0, &res), 0);
    ck_assert_int_eq(res.cc, 0);
    ck_assert_int_eq(cpumf_x_ecctr(s, 0, 0, 1, 0, 0, &res), 0);
    ck_assert_int_eq(res.cc, 0);
    ck_assert_uint_eq(res.r1, 12345u);
    /* ECCTR in the problem state needs CR0.15 */
    ck_assert_int_eq(cpumf_x_ecctr(s, 0, 7, 1, 1, 0, &res), 0);
    ck_assert_int_eq(res.exc, CPUMF_EXC_PRIVILEGED);
    ck_assert_uint_eq(res.r1, 7u);
    ck_assert_int_eq(cpumf_x_ecctr(s, 0, 7, 1, 1, 1, &res), 0);
    ck_assert_int_eq(res.exc, 0);
    ck_assert_uint_eq(res.r1, 12345u);
    /* STCCTM of the basic set: cc 0 for n = 6, stored big-endian */
    ck_assert_int_eq(cpumf_x_stcctm(s, 0, 6, 1, 0x200, 0, 0, &res), 0);
    ck_assert_int_eq(res.cc, 0);
    ck_assert_uint_eq(m.b[0x208 + 7], 12345u & 0xFFu);
    ck_assert_uint_eq(m.b[0x208 + 6], 12345u >> 8);
    cpumf_destroy(s);
}
END_TEST

/* The untimed result of one instruction equals the cycle model's for the same
 * instruction presented to the otherwise idle system: cc, exception, R1,
 * observed state (but the instruction unit's) and storage (reads, writes and
 * contents).  Random states reached by random cycle-level stimulus. */
typedef struct cover {
    unsigned n, by_exc[32], cc0_effect, stores, access;
} cover;

static void compare_one(cpumf_sys *s, const mem *m0, unsigned cpu, const cpumf_insn *x, cover *cv,
                        const char *sysname)
{
    cpumf_sys *a = cpumf_clone(s), *b = cpumf_clone(s);
    mem *ma = (mem *)malloc(sizeof *ma), *mb = (mem *)malloc(sizeof *mb);
    cpumf_insn_result res;
    cpumf_sys_in in;
    cpumf_sys_out out;
    cpumf_obs oa, ob, o0;
    unsigned cyc, lat = 1u + (unsigned)(x->r2 % 4u), i;
    int done = 0;

    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    *ma = *m0;
    *mb = *m0;
    ma->reads = ma->writes = mb->reads = mb->writes = 0u;
    ma->log = mb->log = 0u;
    ck_assert_int_eq(cpumf_attach_storage(a, &mem_ops, ma, lat), 0);
    ck_assert_int_eq(cpumf_attach_storage(b, &mem_ops, mb, lat), 0);
    observe0(s, &o0);

    /* (a) untimed */
    ck_assert_int_eq(cpumf_execute(a, cpu, x, &res), 0);
    /* (b) the cycle model, idle inputs */
    for (cyc = 0; cyc < 1000u && !done; cyc++) {
        cpumf_in_idle(&in);
        if (cyc == 0u)
            cpumf_in_present(&in, cpu, x);
        cpumf_eval(b, &in, &out);
        if (cyc == 0u)
            ck_assert_int_eq(out.cpu[cpu].insn_ready, 1);
        if (out.cpu[cpu].insn_done) {
            done = 1;
            ck_assert_msg(out.cpu[cpu].cc == res.cc && out.cpu[cpu].exc == res.exc &&
                              out.cpu[cpu].r1 == res.r1,
                          "%s cpu%u op %u m3 %u p %u r1 %llx r2 %llx addr %llx: timed cc %u "
                          "exc %u r1 %llx, untimed cc %u exc %u r1 %llx",
                          sysname, cpu, x->op, x->m3, x->problem, (unsigned long long)x->r1,
                          (unsigned long long)x->r2, (unsigned long long)x->addr, out.cpu[cpu].cc,
                          out.cpu[cpu].exc, (unsigned long long)out.cpu[cpu].r1, res.cc, res.exc,
                          (unsigned long long)res.r1);
        }
        cpumf_commit(b);
    }
    ck_assert(done);
    ck_assert_int_eq(res.cc_valid, res.exc == 0 && x->op != CPUMF_OP_LPP &&
                                       x->op != CPUMF_OP_QCTRI && x->op < 12u &&
                                       x->op != CPUMF_OP_QSI);
    observe0(a, &oa);
    observe0(b, &ob);
    for (i = 0; i < CPUMF_MAX_CPUS; i++) {
        oa.cpu[i].mf_insn.state_q = 0u;
        ob.cpu[i].mf_insn.state_q = 0u;
    }
    ck_assert_msg(memcmp(&oa, &ob, sizeof oa) == 0, "%s: state differs after op %u (exc %u)",
                  sysname, x->op, res.exc);
    ck_assert_msg(memcmp(ma->b, mb->b, MEM_SIZE) == 0, "%s: storage differs after op %u", sysname,
                  x->op);
    ck_assert_uint_eq(ma->reads, mb->reads);
    ck_assert_uint_eq(ma->writes, mb->writes);
    ck_assert_uint_eq(ma->log, mb->log);

    cv->n++;
    cv->by_exc[res.exc & 31u]++;
    if (res.exc == 0 && memcmp(&o0, &oa, sizeof oa) != 0)
        cv->cc0_effect++;
    cv->stores += ma->writes != 0u;
    cv->access += res.exc == CPUMF_EXC_ACCESS;
    free(ma);
    free(mb);
    cpumf_destroy(a);
    cpumf_destroy(b);
}

/* The entry points per instruction (cpumf_x_*) are cpumf_execute with the instruction they
 * name and the operands they take: the same result, state and storage accesses. */
static int x_entry(cpumf_sys *s, unsigned cpu, const cpumf_insn *x, cpumf_insn_result *res)
{
    switch (x->op) {
    case CPUMF_OP_LPP: return cpumf_x_lpp(s, cpu, x->addr, x->problem, res);
    case CPUMF_OP_LCCTL: return cpumf_x_lcctl(s, cpu, x->addr, x->problem, res);
    case CPUMF_OP_LPCTL: return cpumf_x_lpctl(s, cpu, x->addr, x->problem, res);
    case CPUMF_OP_QCTRI: return cpumf_x_qctri(s, cpu, x->addr, x->problem, res);
    case CPUMF_OP_ECCTR: return cpumf_x_ecctr(s, cpu, x->r1, x->r2, x->problem, x->cr0_15, res);
    case CPUMF_OP_EPCTR: return cpumf_x_epctr(s, cpu, x->r1, x->r2, x->problem, res);
    case CPUMF_OP_SCCTR: return cpumf_x_scctr(s, cpu, x->r1, x->r2, x->problem, res);
    case CPUMF_OP_SPCTR: return cpumf_x_spctr(s, cpu, x->r1, x->r2, x->problem, res);
    case CPUMF_OP_ECPGA: return cpumf_x_ecpga(s, cpu, x->r1, x->r2, x->problem, res);
    default: return cpumf_x_stcctm(s, cpu, x->r1, x->m3, x->addr, x->problem, x->cr0_15, res);
    }
}

START_TEST(test_x_entry_points_equal_execute)
{
    static const uint8_t ops[] = {CPUMF_OP_LPP,   CPUMF_OP_LCCTL, CPUMF_OP_LPCTL, CPUMF_OP_QCTRI,
                                  CPUMF_OP_ECCTR, CPUMF_OP_EPCTR, CPUMF_OP_SCCTR, CPUMF_OP_SPCTR,
                                  CPUMF_OP_ECPGA, CPUMF_OP_STCCTM};
    cpumf_sys *a = load("z15-1cpu"), *b = load("z15-1cpu");
    mem *ma = (mem *)malloc(sizeof *ma), *mb = (mem *)malloc(sizeof *mb);
    rng r = {11u};
    cpumf_insn x;
    cpumf_insn_result ra, rb;
    cpumf_obs oa, ob;
    unsigned i;

    ck_assert_ptr_nonnull(ma);
    ck_assert_ptr_nonnull(mb);
    mem_fill(ma, &r);
    *mb = *ma;
    ck_assert_int_eq(cpumf_attach_storage(a, &mem_ops, ma, 1u), 0);
    ck_assert_int_eq(cpumf_attach_storage(b, &mem_ops, mb, 1u), 0);
    for (i = 0; i < 400u; i++) {
        rand_insn(&r, a, &x);
        x.op = ops[i % (sizeof ops / sizeof *ops)];
        /* what an entry point does not take, cpumf_execute gets as 0 */
        if (x.op != CPUMF_OP_STCCTM)
            x.m3 = 0u;
        if (x.op != CPUMF_OP_ECCTR && x.op != CPUMF_OP_STCCTM)
            x.cr0_15 = 0u;
        if (x.op <= CPUMF_OP_QCTRI)
            x.r1 = x.r2 = 0u;
        else if (x.op != CPUMF_OP_STCCTM)
            x.addr = 0u;
        else
            x.r2 = 0u;
        ck_assert_int_eq(x_entry(a, 0, &x, &ra), cpumf_execute(b, 0, &x, &rb));
        ck_assert_msg(ra.cc_valid == rb.cc_valid && ra.cc == rb.cc && ra.exc == rb.exc &&
                          ra.r1 == rb.r1,
                      "op %u: entry point and cpumf_execute differ", x.op);
        observe0(a, &oa);
        observe0(b, &ob);
        ck_assert_msg(memcmp(&oa, &ob, sizeof oa) == 0, "op %u: state differs", x.op);
        ck_assert_uint_eq(ma->log, mb->log);
        if (i % 16u == 15u) { /* stores leave zeros: new operands in both */
            mem_refresh(ma, &r, 32u);
            memcpy(mb->b, ma->b, MEM_SIZE);
        }
    }
    free(ma);
    free(mb);
    cpumf_destroy(a);
    cpumf_destroy(b);
}
END_TEST

START_TEST(test_GEN_4_CF_untimed_equals_timed)
{
    static const char *const systems[] = {"z15-1cpu", "z17-4cpu-2cg", "z13-2x2", "generic-1cpu",
                                          "z10-1cpu", "z196-1cpu",    "z16-2x2", "zEC12-1cpu"};
    const char *sysname = systems[_i];
    cpumf_sys *s = load(sysname);
    mem *m = (mem *)malloc(sizeof *m);
    rng r;
    cpumf_sys_in in;
    cpumf_sys_out out;
    cover cv;
    unsigned trial, cyc;

    memset(&cv, 0, sizeof cv);
    r.s = UINT64_C(0xC0FFEE) * (unsigned)(_i + 1);
    mem_fill(m, &r);
    ck_assert_int_eq(cpumf_attach_storage(s, &mem_ops, m, 2), 0);
    for (trial = 0; trial < 1000u; trial++) {
        unsigned burst = rnd(&r, 4) ? rnd(&r, 30) : rnd(&r, 400);
        cpumf_insn x;
        for (cyc = 0; cyc < burst; cyc++) {
            rand_inputs(&r, s, &in, 25);
            cpumf_step(s, &in, &out);
        }
        mem_refresh(m, &r, 32);
        drain(s);
        rand_insn(&r, s, &x);
        compare_one(s, m, rnd(&r, n_cpus(s)), &x, &cv, sysname);
    }
    /* the comparisons covered the interesting outcomes */
    ck_assert_uint_eq(cv.n, 1000u);
    ck_assert_uint_gt(cv.by_exc[0], 400u);
    ck_assert_uint_gt(cv.by_exc[CPUMF_EXC_SPECIFICATION], 10u);
    ck_assert_uint_gt(cv.by_exc[CPUMF_EXC_PRIVILEGED], 10u);
    ck_assert_uint_gt(cv.access, 10u);
    ck_assert_uint_gt(cv.stores, 15u);
    ck_assert_uint_gt(cv.cc0_effect, 20u);
    free(m);
    cpumf_destroy(s);
}
END_TEST

/* ---- two systems in one process == two processes ---- */

static uint64_t hash_out(uint64_t h, const cpumf_sys_out *o, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        const cpumf_cpu_out *c = &o->cpu[i];
        h = mix(h, (uint64_t)c->insn_ready | (uint64_t)c->insn_done << 8 | (uint64_t)c->cc << 16 |
                       (uint64_t)c->exc << 24 | (uint64_t)c->stor_req_valid << 32 |
                       (uint64_t)c->stor_req_we << 40 | (uint64_t)c->stor_req_be << 48 |
                       (uint64_t)c->alert_req << 56);
        h = mix(h, c->r1);
        h = mix(h, c->stor_req_addr);
        h = mix(h, c->stor_req_wdata);
        h = mix(h, c->alert_param);
    }
    return h;
}

static uint64_t hash_obs(uint64_t h, const cpumf_sys *s)
{
    cpumf_obs o;
    const unsigned char *p = (const unsigned char *)&o;
    size_t i;
    observe0(s, &o);
    for (i = 0; i < sizeof o; i++) {
        h ^= p[i];
        h *= 0x100000001B3ull;
    }
    return h;
}

typedef struct runner {
    cpumf_sys *s;
    mem *m;
    rng r;
    uint64_t h;
} runner;

static void runner_init(runner *u, const char *sysname, uint64_t seed)
{
    u->s = load(sysname);
    u->m = (mem *)malloc(sizeof *u->m);
    u->r.s = seed;
    mem_fill(u->m, &u->r);
    u->h = 0xCBF29CE484222325ull;
    ck_assert_int_eq(cpumf_attach_storage(u->s, &mem_ops, u->m, 3), 0);
}

static void runner_cycle(runner *u)
{
    cpumf_sys_in in;
    cpumf_sys_out out;
    rand_inputs(&u->r, u->s, &in, 30);
    if (rnd(&u->r, 16) == 0)
        mem_refresh(u->m, &u->r, 1);
    cpumf_step(u->s, &in, &out);
    u->h = hash_out(u->h, &out, n_cpus(u->s));
}

static uint64_t runner_finish(runner *u)
{
    uint64_t h = hash_obs(u->h, u->s);
    h = mix(h, u->m->log);
    cpumf_destroy(u->s);
    free(u->m);
    return h;
}

#define PAIR_CYCLES 20000u

START_TEST(test_two_systems_equal_two_processes)
{
    runner a, b;
    uint64_t ha, hb, child[2];
    unsigned cyc;
    int fds[2], status;
    pid_t pid;

    ck_assert_int_eq(pipe(fds), 0);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        /* child: each stream alone, one system at a time */
        close(fds[0]);
        runner_init(&a, "z17-4cpu-2cg", 1u);
        for (cyc = 0; cyc < PAIR_CYCLES; cyc++)
            runner_cycle(&a);
        child[0] = runner_finish(&a);
        runner_init(&b, "z13-2x2", 2u);
        for (cyc = 0; cyc < PAIR_CYCLES; cyc++)
            runner_cycle(&b);
        child[1] = runner_finish(&b);
        _exit(write(fds[1], child, sizeof child) == (ssize_t)sizeof child ? 0 : 1);
    }
    close(fds[1]);
    /* parent: both streams interleaved cycle by cycle in this process */
    runner_init(&a, "z17-4cpu-2cg", 1u);
    runner_init(&b, "z13-2x2", 2u);
    for (cyc = 0; cyc < PAIR_CYCLES; cyc++) {
        runner_cycle(&a);
        runner_cycle(&b);
    }
    ha = runner_finish(&a);
    hb = runner_finish(&b);
    ck_assert_int_eq(read(fds[0], child, sizeof child), (ssize_t)sizeof child);
    close(fds[0]);
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    ck_assert_uint_eq(ha, child[0]);
    ck_assert_uint_eq(hb, child[1]);
    ck_assert_uint_ne(ha, hb);
}
END_TEST

/* A clone runs on like the original (snapshot and restore). */
START_TEST(test_clone_is_a_snapshot)
{
    runner a;
    cpumf_sys *c;
    mem *mc = (mem *)malloc(sizeof *mc);
    rng r2;
    uint64_t h1 = 0u, h2 = 0u;
    unsigned cyc;
    runner_init(&a, "z16-2x2", 7u);
    for (cyc = 0; cyc < 500u; cyc++)
        runner_cycle(&a);
    drain(a.s);
    c = cpumf_clone(a.s);
    ck_assert_ptr_nonnull(c);
    *mc = *a.m;
    ck_assert_int_eq(cpumf_attach_storage(c, &mem_ops, mc, 3), 0);
    r2 = a.r;
    for (cyc = 0; cyc < 2000u; cyc++) {
        cpumf_sys_in in;
        cpumf_sys_out out;
        rand_inputs(&a.r, a.s, &in, 30);
        cpumf_step(a.s, &in, &out);
        h1 = hash_out(h1, &out, n_cpus(a.s));
        rand_inputs(&r2, c, &in, 30);
        cpumf_step(c, &in, &out);
        h2 = hash_out(h2, &out, n_cpus(c));
    }
    ck_assert_uint_eq(h1, h2);
    ck_assert_uint_eq(hash_obs(0u, a.s), hash_obs(0u, c));
    ck_assert(memcmp(a.m->b, mc->b, MEM_SIZE) == 0);
    cpumf_destroy(c);
    free(mc);
    runner_finish(&a);
}
END_TEST

static Suite *api_equiv_suite(void)
{
    Suite *s = suite_create("api_equiv");
    TCase *tc = tcase_create("api");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_CF_LCCTL_3_untimed_all_or_nothing);
    tcase_add_loop_test(tc, test_GEN_4_CF_untimed_equals_timed, 0, 8);
    tcase_add_test(tc, test_x_entry_points_equal_execute);
    tcase_add_test(tc, test_two_systems_equal_two_processes);
    tcase_add_test(tc, test_clone_is_a_snapshot);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(api_equiv_suite());
}
