/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_fcov.c - unit tests of the model's functional coverage (cpumf_fcov_*,
 * docs/coverage.md): the universe (names unique, grouped, stable), and, for
 * known stimuli driven through the public API, exactly which bins count: every
 * test compares the counts after a step with the counts before and names each
 * bin that must have moved and by how much; every other bin must stay.  Test
 * names carry the requirement ID whose transitions, update steps or alert
 * bits they check.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cpumf/cpumf.h"
#include "test_mem.h"
#include "unit_main.h"

#define MEM_SIZE (1u << 20)
#define OPND     0x1000u /* instruction operands */
#define TOD      0x00D1234567890ABCull

/* Two CPUs of a model with every counter set (extended, MT from CSVN 6),
 * coprocessor groups and both sampling functions, all authorized. */
static void sys_cfg(cpumf_system_cfg *c)
{
    memset(c, 0, sizeof *c);
    strcpy(c->name, "fcov-test");
    strcpy(c->model.name, "fcov-test");
    c->model.cfvn = 3;
    c->model.csvn = 6;
    c->model.fac_lpp = c->model.fac_cf = c->model.fac_sf = c->model.fac_stcctm = 1;
    c->model.has_cg = 1;
    c->model.n_ext = 8;
    c->model.max_cpu_addr = 1;
    c->model.bsdes = 32;
    c->model.dsdes = 64;
    c->model.dsde_format = 0x8006;
    c->model.min_interval = 16;
    c->model.max_interval = 0x0FFFFFFF;
    c->model.cpu_speed = 5200;
    c->n_cpus = 2;
    c->threads_per_core = 1;
    c->n_cg = 1;
    c->cpu_addr[1] = 1;
    c->auth_cf = 0x2F | CPUMF_AUTH_CG;
    c->auth_sf = CPUMF_SF_BASIC | CPUMF_SF_DIAG;
    c->storage_size = MEM_SIZE;
    c->latency_min = c->latency_max = 1;
    c->lfsr_seed = 0xACE1u;
    c->dedicated = 1;
    c->level = 1;
}

typedef struct fx {
    cpumf_sys *s;
    smem m;
    cpumf_sys_in in;
    cpumf_sys_out out;
    uint64_t *base; /* counts at the last check */
} fx;

static fx *fx_new(void)
{
    cpumf_system_cfg c;
    char err[128];
    fx *f = (fx *)calloc(1, sizeof *f);
    ck_assert_ptr_nonnull(f);
    sys_cfg(&c);
    f->s = cpumf_create(&c, err, sizeof err);
    ck_assert_msg(f->s != NULL, "%s", err);
    sm_init(&f->m, MEM_SIZE);
    f->base = (uint64_t *)calloc(cpumf_fcov_count(), sizeof *f->base);
    ck_assert_ptr_nonnull(f->base);
    ck_assert_int_eq(cpumf_attach_storage(f->s, &sm_ops, &f->m, 1), 0);
    cpumf_in_idle(&f->in);
    f->in.cpu[0].wait = 0;
    f->in.cpu[0].tod = TOD;
    return f;
}

static void fx_free(fx *f)
{
    cpumf_destroy(f->s);
    sm_release(&f->m);
    free(f->base);
    free(f);
}

/* One clock with the inputs of f->in; the pulses are cleared after it. */
static void step(fx *f)
{
    unsigned i;
    cpumf_step(f->s, &f->in, &f->out);
    f->in.sigp_mt_valid = f->in.sigp_mt_enable = f->in.cg_addr_change = 0;
    for (i = 0; i < CPUMF_MAX_CPUS; i++) {
        cpumf_cpu_in *c = &f->in.cpu[i];
        c->auth_set = c->auth_clr = c->sf_auth_set = c->sf_auth_clr = 0;
        c->reset = 0;
        c->loss_cpu = c->loss_mt = c->loss_sample = 0;
        c->alert_taken = 0;
    }
}

/* One clock with reset `code` on CPU cpu. */
static void reset_step(fx *f, unsigned cpu, unsigned code)
{
    f->in.cpu[cpu].reset = (uint8_t)code;
    step(f);
}

static uint64_t reg(const fx *f, const char *name)
{
    uint64_t v = 0u;
    ck_assert_msg(cpumf_read_register(f->s, name, &v) == 0, "%s", name);
    return v;
}

/* A bin and how much it must have moved since the last check. */
typedef struct hit {
    const char *name;
    uint64_t n;
} hit;

/* Exactly the bins of want (n_want of them) moved, by their counts. */
static void expect(fx *f, const hit *want, unsigned n_want)
{
    unsigned i, k, n = cpumf_fcov_count();
    for (k = 0; k < n_want; k++)
        ck_assert_msg(cpumf_fcov_index(want[k].name) >= 0, "no bin %s", want[k].name);
    for (i = 0; i < n; i++) {
        uint64_t d = cpumf_fcov_hits(f->s, i) - f->base[i], w = 0u;
        for (k = 0; k < n_want; k++)
            if (strcmp(want[k].name, cpumf_fcov_name(i)) == 0)
                w = want[k].n;
        ck_assert_msg(d == w, "%s: moved by %llu, expected %llu", cpumf_fcov_name(i),
                      (unsigned long long)d, (unsigned long long)w);
        f->base[i] = cpumf_fcov_hits(f->s, i);
    }
}
/* Forget the moves so far (set-up steps checked elsewhere). */
static void rebase(fx *f)
{
    unsigned i, n = cpumf_fcov_count();
    for (i = 0; i < n; i++)
        f->base[i] = cpumf_fcov_hits(f->s, i);
}

#define EXPECT(f, ...)                                                                             \
    do {                                                                                           \
        static const hit want_[] = {__VA_ARGS__};                                                  \
        expect((f), want_, (unsigned)(sizeof want_ / sizeof want_[0]));                            \
    } while (0)
#define EXPECT_NONE(f) expect((f), NULL, 0u)

/* LCCTL / LPCTL through the untimed execution; returns the cc. */
static unsigned lcctl(fx *f, unsigned cpu, unsigned e, unsigned c)
{
    cpumf_insn_result r;
    sm_put(&f->m, OPND, (uint64_t)e << 16 | c);
    ck_assert_int_eq(cpumf_x_lcctl(f->s, cpu, OPND, 0, &r), 0);
    ck_assert_uint_eq(r.exc, 0);
    return r.cc;
}

static unsigned lpctl(fx *f, unsigned cpu, unsigned e, unsigned c)
{
    cpumf_insn_result r;
    sm_put(&f->m, OPND, (uint64_t)e << 1 | c);
    ck_assert_int_eq(cpumf_x_lpctl(f->s, cpu, OPND, 0, &r), 0);
    ck_assert_uint_eq(r.exc, 0);
    return r.cc;
}

/* LSCTL on CPU 0: enable/activate masks (bit 0 basic, 1 diagnostic). */
static unsigned lsctl(fx *f, unsigned e, unsigned c, uint64_t interval, uint64_t tear,
                      uint64_t dear)
{
    cpumf_insn insn;
    cpumf_insn_result r;
    sm_put(&f->m, OPND,
           (uint64_t)(e & 1u) << 9 | (uint64_t)(e >> 1) << 8 | (uint64_t)(c & 1u) << 1 | (c >> 1));
    sm_put(&f->m, OPND + 8, interval);
    sm_put(&f->m, OPND + 16, tear);
    sm_put(&f->m, OPND + 24, dear);
    memset(&insn, 0, sizeof insn);
    insn.op = CPUMF_OP_LSCTL;
    insn.addr = OPND;
    ck_assert_int_eq(cpumf_execute(f->s, 0, &insn, &r), 0);
    ck_assert_uint_eq(r.exc, 0);
    return r.cc;
}

/* CPU 0 sampling basic (active) into block 0x20000 every `interval` cycles;
 * the counts rebased after the set-up. */
static void basic_sampling(fx *f, uint64_t interval)
{
    sm_put(&f->m, 0x10000, 0x20000); /* SDBT entry 0: block 0x20000 */
    ck_assert_uint_eq(lsctl(f, 1, 1, interval, 0x10000, 0x20000), 0);
    rebase(f);
}

/* Steps until CPU 0's update process has ended `n` samples (stored,
 * discarded or ended with an alert). */
static void until_update_ends(fx *f, unsigned n)
{
    unsigned k, busy = 0u, ends = 0u;
    for (k = 0; k < 5000u && ends < n; k++) {
        step(f);
        if (reg(f, "cpu0.sf_update.state_q") != 0u)
            busy = 1u;
        else if (busy) {
            busy = 0u;
            ends++;
        }
    }
    ck_assert_msg(ends == n, "%u updates ended, %u expected", ends, n);
}

/* ------------------------------------------------------------ the universe */

START_TEST(test_CF_ST_3_SF_ST_1_fcov_universe_unique_and_possible)
{
    unsigned n = cpumf_fcov_count(), i, j, group = 0;
    static const char *const groups[4] = {"transition.", "update.", "alert.", "rule."};
    fx *f = fx_new();
    ck_assert_uint_gt(n, 100);
    ck_assert_ptr_null(cpumf_fcov_name(n));
    ck_assert_uint_eq(cpumf_fcov_hits(f->s, n), 0);
    ck_assert_int_eq(cpumf_fcov_index("transition.counter.basic.unauthorized>active.lcctl"), -1);
    ck_assert_int_eq(cpumf_fcov_index(NULL), -1);
    for (i = 0; i < n; i++) {
        const char *a = cpumf_fcov_name(i);
        ck_assert_ptr_nonnull(a);
        /* groups in the order transition, update, alert, rule; never interleaved */
        while (group < 4 && strncmp(a, groups[group], strlen(groups[group])) != 0)
            group++;
        ck_assert_msg(group < 4, "%s: not in a group (or out of order)", a);
        ck_assert_int_eq(cpumf_fcov_index(a), (int)i);
        for (j = 0; j < i; j++)
            ck_assert_msg(strcmp(a, cpumf_fcov_name(j)) != 0, "%s twice", a);
        ck_assert_uint_eq(cpumf_fcov_hits(f->s, i), 0);
    }
    /* the figures' impossible transitions have no bin (CF-ST-3, MT-1) */
    ck_assert_int_eq(cpumf_fcov_index("transition.counter.basic.unauthorized>inactive.auth"), -1);
    ck_assert_int_eq(cpumf_fcov_index("transition.counter.mt.disabled>active.lcctl"), -1);
    ck_assert_int_eq(cpumf_fcov_index("transition.sampling.basic.unauthorized>active.lsctl"), -1);
    fx_free(f);
}
END_TEST

START_TEST(test_CF_ST_7_fcov_counted_once_at_the_edge)
{
    fx *f = fx_new();
    cpumf_sys *c;
    int bin = cpumf_fcov_index("transition.counter.basic.active>unauthorized.auth");
    ck_assert_int_ge(bin, 0);
    ck_assert_uint_eq(lcctl(f, 0, 0x02, 0x02), 0);
    rebase(f); /* LCCTL is checked below */
    /* an eval repeated before its commit, as the waves mirror does */
    f->in.cpu[0].auth_clr = CPUMF_SET_BASIC;
    cpumf_eval(f->s, &f->in, &f->out);
    cpumf_eval(f->s, &f->in, &f->out);
    ck_assert_uint_eq(cpumf_fcov_hits(f->s, (unsigned)bin), 0); /* not before the edge */
    cpumf_commit(f->s);
    ck_assert_uint_eq(cpumf_fcov_hits(f->s, (unsigned)bin), 1);
    /* a clone carries the counts; clearing one leaves the other */
    c = cpumf_clone(f->s);
    ck_assert_ptr_nonnull(c);
    cpumf_fcov_clear(f->s);
    ck_assert_uint_eq(cpumf_fcov_hits(f->s, (unsigned)bin), 0);
    ck_assert_uint_eq(cpumf_fcov_hits(c, (unsigned)bin), 1);
    cpumf_destroy(c);
    fx_free(f);
}
END_TEST

/* ------------------------------------------------------------ counter sets */

START_TEST(test_CF_ST_3_fcov_lcctl_transitions)
{
    fx *f = fx_new();
    /* basic disabled -> active; the other sets asked for their state */
    ck_assert_uint_eq(lcctl(f, 0, 0x02, 0x02), 0);
    EXPECT(f, {"transition.counter.basic.disabled>active.lcctl", 1},
           {"transition.counter.problem_state.disabled>disabled.lcctl", 1},
           {"transition.counter.crypto.disabled>disabled.lcctl", 1},
           {"transition.counter.extended.disabled>disabled.lcctl", 1});
    /* basic active -> inactive, crypto disabled -> inactive */
    ck_assert_uint_eq(lcctl(f, 0, 0x0A, 0x00), 0);
    EXPECT(f, {"transition.counter.basic.active>inactive.lcctl", 1},
           {"transition.counter.problem_state.disabled>disabled.lcctl", 1},
           {"transition.counter.crypto.disabled>inactive.lcctl", 1},
           {"transition.counter.extended.disabled>disabled.lcctl", 1});
    /* cc 3 (activate without enable): nothing changes, nothing counts */
    ck_assert_uint_eq(lcctl(f, 0, 0x00, 0x04), 3);
    EXPECT_NONE(f);
    /* inactive -> active and inactive -> disabled */
    ck_assert_uint_eq(lcctl(f, 0, 0x02, 0x02), 0);
    EXPECT(f, {"transition.counter.basic.inactive>active.lcctl", 1},
           {"transition.counter.problem_state.disabled>disabled.lcctl", 1},
           {"transition.counter.crypto.inactive>disabled.lcctl", 1},
           {"transition.counter.extended.disabled>disabled.lcctl", 1});
    /* the same LCCTL on the other CPU counts there too (sum over CPUs) */
    ck_assert_uint_eq(lcctl(f, 1, 0x00, 0x00), 0);
    EXPECT(f, {"transition.counter.basic.disabled>disabled.lcctl", 1},
           {"transition.counter.problem_state.disabled>disabled.lcctl", 1},
           {"transition.counter.crypto.disabled>disabled.lcctl", 1},
           {"transition.counter.extended.disabled>disabled.lcctl", 1});
    fx_free(f);
}
END_TEST

START_TEST(test_CF_ST_6_fcov_reset_transitions)
{
    fx *f = fx_new();
    ck_assert_uint_eq(lcctl(f, 0, 0x06, 0x02), 0); /* basic active, problem inactive */
    rebase(f);
    reset_step(f, 0, CPUMF_RESET_CPU);
    EXPECT(f, {"transition.counter.basic.active>inactive.reset_cpu", 1});
    ck_assert_uint_eq(lcctl(f, 0, 0x06, 0x02), 0);
    rebase(f);
    reset_step(f, 0, CPUMF_RESET_CLEAR);
    EXPECT(f, {"transition.counter.basic.active>disabled.reset_initial", 1},
           {"transition.counter.problem_state.inactive>disabled.reset_initial", 1});
    /* a reset of sets that are disabled already: no transition */
    reset_step(f, 0, CPUMF_RESET_INITIAL_CPU);
    EXPECT_NONE(f);
    fx_free(f);
}
END_TEST

START_TEST(test_CF_AL_1_fcov_loss_of_counter_data)
{
    fx *f = fx_new();
    ck_assert_uint_eq(lcctl(f, 0, 0x06, 0x06), 0);
    rebase(f);
    f->in.cpu[0].cr0_58 = 0;                                    /* keep it pending */
    f->in.cpu[0].loss_cpu = CPUMF_SET_BASIC | CPUMF_SET_CRYPTO; /* crypto not active */
    step(f);
    EXPECT(f, {"transition.counter.basic.active>inactive.alert_loss_cpu_counter_data", 1},
           {"alert.bit25_loss_cpu_counter_data", 1});
    /* AL-3: disabling every non-MT set drops bit 25 without an interruption */
    ck_assert_uint_eq(lcctl(f, 0, 0x00, 0x00), 0);
    EXPECT(f, {"transition.counter.basic.inactive>disabled.lcctl", 1},
           {"transition.counter.problem_state.active>disabled.lcctl", 1},
           {"transition.counter.crypto.disabled>disabled.lcctl", 1},
           {"transition.counter.extended.disabled>disabled.lcctl", 1},
           {"alert.bit25_cleared_cf_disabled", 1});
    ck_assert_uint_eq(reg(f, "cpu0.mf_alert.pend_q"), 0);
    fx_free(f);
}
END_TEST

START_TEST(test_CF_ST_7_fcov_authorization_and_alert_taken)
{
    fx *f = fx_new();
    ck_assert_uint_eq(lcctl(f, 0, 0x02, 0x02), 0);
    rebase(f);
    f->in.cpu[0].cr0_58 = 0;
    f->in.cpu[0].auth_clr = CPUMF_SET_BASIC | CPUMF_SET_PROBLEM;
    step(f);
    EXPECT(f, {"transition.counter.basic.active>unauthorized.auth", 1},
           {"transition.counter.problem_state.disabled>unauthorized.auth", 1},
           {"alert.bit24_cf_authorization_change", 1});
    f->in.cpu[0].auth_set = CPUMF_SET_BASIC;
    step(f);
    EXPECT(f, {"transition.counter.basic.unauthorized>disabled.auth", 1});
    /* AL-2: the interruption delivers bit 24 */
    f->in.cpu[0].cr0_58 = 1;
    f->in.cpu[0].alert_taken = 1;
    step(f);
    EXPECT(f, {"alert.bit24_taken", 1});
    fx_free(f);
}
END_TEST

START_TEST(test_MT_1_fcov_sigp_set_multithreading)
{
    fx *f = fx_new();
    f->in.sigp_mt_valid = 1;
    f->in.sigp_mt_enable = 1;
    step(f);
    EXPECT(f, {"transition.counter.mt.disabled>active.sigp_mt", 2}); /* both CPUs */
    /* LCCTL never moves the MT set and has no MT bin */
    ck_assert_uint_eq(lcctl(f, 0, 0x00, 0x00), 0);
    rebase(f);
    f->in.cpu[1].auth_clr = CPUMF_SET_MT;
    step(f);
    EXPECT(f, {"transition.counter.mt.active>unauthorized.auth", 1},
           {"alert.bit24_cf_authorization_change", 1});
    f->in.sigp_mt_valid = 1;
    step(f);
    EXPECT(f, {"transition.counter.mt.active>disabled.sigp_mt", 1});
    fx_free(f);
}
END_TEST

START_TEST(test_CF_GL_1_CF_GL_6_fcov_coprocessor_groups)
{
    fx *f = fx_new();
    /* LPCTL moves the global register: one transition for the system */
    ck_assert_uint_eq(lpctl(f, 1, 1, 1), 0);
    EXPECT(f, {"transition.counter.cg.disabled>active.lpctl", 1});
    ck_assert_uint_eq(lpctl(f, 0, 1, 1), 0);
    EXPECT(f, {"transition.counter.cg.active>active.lpctl", 1});
    /* authorization is per CPU, to the state the global register gives */
    f->in.cpu[1].auth_clr = CPUMF_AUTH_CG;
    f->in.cpu[1].cr0_58 = 0;
    step(f);
    EXPECT(f, {"transition.counter.cg.active>unauthorized.auth", 1},
           {"alert.bit24_cf_authorization_change", 1});
    f->in.cpu[1].auth_set = CPUMF_AUTH_CG;
    step(f);
    EXPECT(f, {"transition.counter.cg.unauthorized>active.auth", 1});
    /* a clear reset of one CPU leaves the enabled groups (CF-GL-6) ... */
    reset_step(f, 1, CPUMF_RESET_CLEAR);
    EXPECT(f, {"rule.cg_kept_by_clear_reset", 1}, {"alert.pending_cleared_by_reset", 1});
    /* ... a basic-machine clear reset on one CPU disables them for all */
    reset_step(f, 0, CPUMF_RESET_BASIC_MACHINE_CLEAR);
    EXPECT(f, {"transition.counter.cg.active>disabled.reset_basic_machine_clear", 1});
    /* ... and so does a power-on reset; with the groups disabled, a clear
     * reset has nothing to keep */
    ck_assert_uint_eq(lpctl(f, 0, 1, 0), 0);
    rebase(f);
    f->in.cpu[1].reset = CPUMF_RESET_POWER_ON;
    reset_step(f, 0, CPUMF_RESET_CLEAR);
    EXPECT(f, {"transition.counter.cg.inactive>disabled.reset_power_on", 1});
    fx_free(f);
}
END_TEST

/* ------------------------------------------------------------ sampling */

START_TEST(test_SF_ST_1_fcov_lsctl_transitions)
{
    fx *f = fx_new();
    ck_assert_uint_eq(lsctl(f, 1, 1, 5000, 0x10000, 0x20000), 0);
    EXPECT(f, {"transition.sampling.basic.disabled>active.lsctl", 1},
           {"transition.sampling.diagnostic.disabled>disabled.lsctl", 1});
    ck_assert_uint_eq(lsctl(f, 3, 0, 0, 0, 0), 0);
    EXPECT(f, {"transition.sampling.basic.active>inactive.lsctl", 1},
           {"transition.sampling.diagnostic.disabled>inactive.lsctl", 1});
    f->in.cpu[0].sf_auth_clr = CPUMF_SF_DIAG;
    f->in.cpu[0].cr0_58 = 0;
    step(f);
    EXPECT(f, {"transition.sampling.diagnostic.inactive>unauthorized.auth", 1},
           {"alert.bit8_sf_authorization_change", 1});
    reset_step(f, 0, CPUMF_RESET_INITIAL_CPU);
    EXPECT(f, {"transition.sampling.basic.inactive>disabled.reset_initial", 1},
           {"alert.pending_cleared_by_reset", 1});
    fx_free(f);
}
END_TEST

START_TEST(test_SF_UPD_2_fcov_entries_stored)
{
    fx *f = fx_new();
    basic_sampling(f, 50);
    until_update_ends(f, 1);
    EXPECT(f, {"update.entry_stored.basic", 1});
    ck_assert_uint_eq(lsctl(f, 3, 3, 50, 0x10000, 0x20020), 0);
    rebase(f);
    until_update_ends(f, 1);
    EXPECT(f, {"update.entry_stored.combined", 1});
    fx_free(f);
}
END_TEST

START_TEST(test_SF_UPD_3_fcov_block_full_and_block_link)
{
    fx *f = fx_new();
    sm_put(&f->m, 0x10000, 0x20000);
    sm_put(&f->m, 0x10008, 0x30000);
    sm_put(&f->m, 0x20FC0, 0x6000000000000000ull); /* trailer: A and T one */
    f->in.cpu[0].cr0_58 = 0;
    /* one basic entry left before the trailer */
    ck_assert_uint_eq(lsctl(f, 1, 1, 50, 0x10000, 0x20FA0), 0);
    rebase(f);
    until_update_ends(f, 1);
    EXPECT(f, {"update.entry_stored.basic", 1}, {"update.entry_fills_block", 1});
    until_update_ends(f, 1);
    EXPECT(f, {"update.block_full.stcke", 1}, {"update.block_full.alert_request", 1},
           {"update.sdbt.block_link", 1}, {"update.entry_stored.basic", 1},
           {"alert.bit2_program_request", 1});
    fx_free(f);
}
END_TEST

START_TEST(test_SF_UPD_1_fcov_overflow_and_combined_discarded)
{
    fx *f = fx_new();
    sm_put(&f->m, 0x10000, 0x20000);
    sm_put(&f->m, 0x20FC0, 0x8000000000000000ull); /* F one */
    ck_assert_uint_eq(lsctl(f, 3, 3, 50, 0x10000, 0x20000), 0);
    rebase(f);
    until_update_ends(f, 1);
    EXPECT(f, {"update.overflow_count_incremented", 1}, {"update.combined_entry_discarded", 1});
    fx_free(f);
}
END_TEST

START_TEST(test_SF_UPD_7_fcov_invalid_entry_address)
{
    fx *f = fx_new();
    unsigned k;
    f->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(lsctl(f, 3, 3, 50, 0x10000, 0x1000), 0);
    rebase(f);
    /* Check refuses at the capture: the update ends in the capture cycle */
    for (k = 0; k < 1000u && reg(f, "cpu0.mf_alert.pend_q") == 0; k++)
        step(f);
    EXPECT(f, {"update.invalid_entry_address.dear_below_8192", 1},
           {"transition.sampling.basic.active>inactive.alert_invalid_entry_address", 1},
           {"transition.sampling.diagnostic.active>inactive.alert_invalid_entry_address", 1},
           {"alert.bit0_invalid_entry_address", 1});
    /* AL-3: disabling both functions drops bit 0 without an interruption */
    ck_assert_uint_eq(lsctl(f, 0, 0, 0, 0, 0), 0);
    EXPECT(f, {"transition.sampling.basic.inactive>disabled.lsctl", 1},
           {"transition.sampling.diagnostic.inactive>disabled.lsctl", 1},
           {"alert.bit0_cleared_sf_disabled", 1});
    fx_free(f);
}
END_TEST

START_TEST(test_SF_UPD_5_fcov_table_link_to_table_link)
{
    fx *f = fx_new();
    sm_put(&f->m, 0x10000, 0x20000);
    sm_put(&f->m, 0x10008, 0x40000 | 1u);
    sm_put(&f->m, 0x40000, 0x50000 | 1u);
    f->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(lsctl(f, 1, 1, 50, 0x10000, 0x20FC0), 0);
    rebase(f);
    until_update_ends(f, 1);
    EXPECT(f, {"update.block_full.stck", 1}, {"update.sdbt.table_link", 1},
           {"update.incorrect_sdbt_entry.table_link_to_table_link", 1},
           {"transition.sampling.basic.active>inactive.alert_incorrect_sdbt_entry", 1},
           {"alert.bit1_incorrect_sdbt_entry", 1});
    fx_free(f);
}
END_TEST

START_TEST(test_SF_LSCTL_2_fcov_unauthorized_activation_out_of_range)
{
    fx *f = fx_new();
    f->in.cpu[0].sf_auth_clr = CPUMF_SF_DIAG;
    step(f);
    rebase(f);
    /* diagnostic asked active while unauthorized, interval 1 (below the
     * minimum): cc 3, not a specification exception */
    ck_assert_uint_eq(lsctl(f, 2, 2, 1, 0x10000, 0x20000), 3);
    EXPECT(f, {"rule.lsctl_unauthorized_activation_interval_out_of_range", 1});
    ck_assert_uint_eq(lsctl(f, 2, 2, 5000, 0x10000, 0x20000), 3); /* in range */
    EXPECT_NONE(f);
    fx_free(f);
}
END_TEST

/* Instruction op with operand address OPND presented to CPU 0 for one clock. */
static void issue_insn(fx *f, unsigned op)
{
    f->in.cpu[0].insn_valid = 1;
    f->in.cpu[0].op = (uint8_t)op;
    f->in.cpu[0].addr = OPND;
    step(f);
    f->in.cpu[0].insn_valid = 0;
}

/* The instruction op with operand address OPND on CPU 0 through the cycle
 * model, under the inputs of f->in. */
static void cycle_insn(fx *f, unsigned op)
{
    unsigned k;
    issue_insn(f, op);
    for (k = 0; k < 100u && !f->out.cpu[0].insn_done; k++)
        step(f);
    ck_assert_uint_eq(f->out.cpu[0].insn_done, 1);
}

START_TEST(test_SF_LPP_1_SF_BSDE_3_fcov_vm_level)
{
    fx *f = fx_new();
    basic_sampling(f, 5000);
    f->in.cpu[0].level = 2;
    sm_put(&f->m, OPND, 0x1234);
    cycle_insn(f, CPUMF_OP_LPP);
    /* enabled at the LPAR level only (SF-LVL-2) */
    EXPECT(f, {"rule.lpp_vm_level", 1}, {"rule.lpp_vm_level_enabled_by_lpar_set", 1});
    ck_assert_uint_eq(reg(f, "cpu0.sf_ctrl.pp_vm_q"), 0x1234);
    /* a sample at the VM level under an LPAR-level host (H = 1) */
    f->in.cpu[0].level = 1;
    sm_put(&f->m, OPND, 0x4000000000000202ull); /* H, Es, Cs */
    sm_put(&f->m, OPND + 8, 50);
    sm_put(&f->m, OPND + 16, 0x10000);
    sm_put(&f->m, OPND + 24, 0x20000);
    cycle_insn(f, CPUMF_OP_LSCTL);
    ck_assert_uint_eq(reg(f, "cpu0.sf_ctrl.h_q"), 1);
    f->in.cpu[0].level = 2;
    rebase(f);
    until_update_ends(f, 1);
    EXPECT(f, {"update.entry_stored.basic", 1}, {"update.entry_vm_level_host", 1});
    fx_free(f);
}
END_TEST

START_TEST(test_SF_LVL_1_SF_LVL_3_fcov_vm_set)
{
    fx *f = fx_new();
    /* LSCTL at the VM level activates the VM set's basic sampling */
    f->in.cpu[0].level = 2;
    sm_put(&f->m, 0x50000, 0x60000); /* the VM set's SDBT: block 0x60000 */
    sm_put(&f->m, OPND, 0x202);      /* Es, Cs */
    sm_put(&f->m, OPND + 8, 50);
    sm_put(&f->m, OPND + 16, 0x50000);
    sm_put(&f->m, OPND + 24, 0x60000);
    rebase(f);
    cycle_insn(f, CPUMF_OP_LSCTL);
    EXPECT(f, {"transition.sampling.basic.disabled>active.lsctl", 1},
           {"transition.sampling.diagnostic.disabled>disabled.lsctl", 1},
           {"rule.lsctl_vm_level", 1});
    ck_assert_uint_eq(reg(f, "cpu0.sf_ctrl.c_vm_q"), 1);
    /* its sample, captured at level 2, is the VM set's */
    until_update_ends(f, 1);
    EXPECT(f, {"update.entry_stored.basic", 1}, {"update.vm_set.sample_captured", 1});
    ck_assert_uint_eq(reg(f, "cpu0.sf_update.n_stored_vm_q"), 1);
    fx_free(f);
}
END_TEST

START_TEST(test_SF_INT_1_fcov_waiting_beside_a_busy_sibling)
{
    cpumf_system_cfg c;
    char err[128];
    fx *f = fx_new();
    unsigned k;
    /* the same two CPUs as one core of two shared threads */
    cpumf_destroy(f->s);
    sys_cfg(&c);
    c.threads_per_core = 2;
    c.dedicated = 0;
    f->s = cpumf_create(&c, err, sizeof err);
    ck_assert_msg(f->s != NULL, "%s", err);
    ck_assert_int_eq(cpumf_attach_storage(f->s, &sm_ops, &f->m, 1), 0);
    f->in.cpu[0].wait = 1;
    f->in.cpu[1].wait = 0;
    basic_sampling(f, 20);
    for (k = 0; k < 10u; k++)
        step(f);
    EXPECT(f, {"update.interval.tick_waiting_core_busy", 10});
    until_update_ends(f, 1);
    k = (unsigned)cpumf_fcov_index("update.interval.sample_waiting_core_busy");
    ck_assert_uint_eq(cpumf_fcov_hits(f->s, k) - f->base[k], 1);
    ck_assert_uint_eq(sm_get(&f->m, 0x20000) >> 36 & 1u, 1);   /* W = 1 */
    ck_assert_uint_eq(sm_get(&f->m, 0x20000) >> 40 & 0xFu, 0); /* U = 0 */
    rebase(f);
    /* the whole core waits: no tick */
    f->in.cpu[1].wait = 1;
    for (k = 0; k < 10u; k++)
        step(f);
    EXPECT_NONE(f);
    fx_free(f);
}
END_TEST

START_TEST(test_SF_UPD_7_fcov_loss_of_sample_data)
{
    fx *f = fx_new();
    basic_sampling(f, 5000);
    f->in.cpu[0].loss_sample = 1;
    step(f);
    EXPECT(f, {"transition.sampling.basic.active>inactive.alert_loss_sample_data", 1},
           {"alert.bit9_loss_sample_data", 1});
    fx_free(f);
}
END_TEST

START_TEST(test_SF_ST_1_fcov_lsctl_waits_for_update)
{
    unsigned offset, k, total = 0u;
    /* LSCTL making basic sampling inactive, issued ever later before a
     * sample: those whose EXEC meets the update wait, one bin count per
     * waiting cycle */
    for (offset = 0; offset < 60u; offset++) {
        unsigned waiting = 0u;
        fx *f = fx_new();
        basic_sampling(f, 64);
        for (k = 0; k < offset; k++)
            step(f);
        sm_put(&f->m, OPND, 0x200); /* Es */
        issue_insn(f, CPUMF_OP_LSCTL);
        for (k = 0; k < 200u && !f->out.cpu[0].insn_done; k++) {
            waiting += reg(f, "cpu0.mf_insn.state_q") == CPUMF_IS_EXEC &&
                       reg(f, "cpu0.sf_update.state_q") != CPUMF_US_IDLE;
            step(f);
        }
        ck_assert_uint_eq(f->out.cpu[0].insn_done, 1);
        ck_assert_uint_eq(f->out.cpu[0].cc, 0);
        ck_assert_uint_eq(reg(f, "cpu0.sf_ctrl.c_q"), 0);
        /* the update it waited for was not cut short */
        ck_assert_uint_eq(reg(f, "cpu0.sf_update.n_stopped_q"), 0);
        ck_assert_uint_eq(
            cpumf_fcov_hits(f->s, (unsigned)cpumf_fcov_index("rule.lsctl_waits_for_update")),
            waiting);
        total += waiting;
        fx_free(f);
    }
    ck_assert_uint_gt(total, 0);
}
END_TEST

static Suite *fcov_suite(void)
{
    Suite *s = suite_create("fcov");
    TCase *tc = tcase_create("fcov");
    tcase_add_test(tc, test_CF_ST_3_SF_ST_1_fcov_universe_unique_and_possible);
    tcase_add_test(tc, test_CF_ST_7_fcov_counted_once_at_the_edge);
    tcase_add_test(tc, test_CF_ST_3_fcov_lcctl_transitions);
    tcase_add_test(tc, test_CF_ST_6_fcov_reset_transitions);
    tcase_add_test(tc, test_CF_AL_1_fcov_loss_of_counter_data);
    tcase_add_test(tc, test_CF_ST_7_fcov_authorization_and_alert_taken);
    tcase_add_test(tc, test_MT_1_fcov_sigp_set_multithreading);
    tcase_add_test(tc, test_CF_GL_1_CF_GL_6_fcov_coprocessor_groups);
    tcase_add_test(tc, test_SF_ST_1_fcov_lsctl_transitions);
    tcase_add_test(tc, test_SF_UPD_2_fcov_entries_stored);
    tcase_add_test(tc, test_SF_UPD_3_fcov_block_full_and_block_link);
    tcase_add_test(tc, test_SF_UPD_1_fcov_overflow_and_combined_discarded);
    tcase_add_test(tc, test_SF_UPD_7_fcov_invalid_entry_address);
    tcase_add_test(tc, test_SF_UPD_5_fcov_table_link_to_table_link);
    tcase_add_test(tc, test_SF_UPD_7_fcov_loss_of_sample_data);
    tcase_add_test(tc, test_SF_LSCTL_2_fcov_unauthorized_activation_out_of_range);
    tcase_add_test(tc, test_SF_LPP_1_SF_BSDE_3_fcov_vm_level);
    tcase_add_test(tc, test_SF_LVL_1_SF_LVL_3_fcov_vm_set);
    tcase_add_test(tc, test_SF_INT_1_fcov_waiting_beside_a_busy_sibling);
    tcase_add_test(tc, test_SF_ST_1_fcov_lsctl_waits_for_update);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(fcov_suite());
}
