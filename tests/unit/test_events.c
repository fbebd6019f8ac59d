/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_events.c - unit tests of the bench's event models (tb/stimulus/events.c,
 * configs/events/MODEL.json) and of the relations between counters
 * (tb/scenario/relations.c): CF-CT-4, CF-CT-6, CF-CT-7.
 *
 * The event models run here on their own, with the workloads of configs/,
 * for many cycles: no undefined counter ever gets an event, counters of
 * cycles get at most one a cycle, the counters that count several things in
 * a cycle do, every defined counter counts.  The relations hold on the
 * counters the same inputs give (the scenarios in tests/relations/ check them
 * on the model and in lockstep).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <inttypes.h>
#include <string.h>

#include "arch/arch_rules.h"
#include "config_int.h"
#include "json_strict.h"
#include "scenario/relations.h"
#include "stimulus/events.h"
#include "stimulus/workload.h"
#include "test_configs.h"
#include "unit_main.h"

static const char *const workloads[] = {"busy", "crypto", "random"};

/* configs/events/MODEL.json: the event model and the relations. */
static void load_events(const cpumf_model_cfg *m, unsigned level, tb_events_cfg *e,
                        tb_relations *rs)
{
    char path[512], err[512];
    jdoc *d;
    snprintf(path, sizeof path, "%s/events/%s.json", configs_dir(), m->name);
    d = jdoc_parse_file(path, err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    ck_assert_msg(tb_events_from_json(d, jdoc_root(d), m, level, e, err, sizeof err) == 0, "%s",
                  err);
    ck_assert_msg(tb_relations_from_json(d, jdoc_root(d), m, rs, err, sizeof err) == 0, "%s", err);
    jdoc_free(d);
}

static int is_undef(const cpumf_model_cfg *m, unsigned k)
{
    return (int)((m->ext_undef[k / 64u] >> (k % 64u)) & 1u);
}

/* What a run of the event model gives: the counters as the model would count
 * them (every set active all the time) and the most any counter got in a cycle. */
typedef struct tally {
    uint64_t ctr[496];
    unsigned most[CPUMF_MAX_EXT];
} tally;

static void count_cycle(const cpumf_model_cfg *m, const cpumf_cpu_in *in, tally *t)
{
    unsigned k;
    for (k = 0; k < 6; k++) {
        uint64_t inc = arch_basic_increment(in, m->unified_l1, k);
        t->ctr[k] += inc;
        t->ctr[32 + k] += in->problem ? inc : 0u;
    }
    for (k = 0; k < m->n_ext; k++) {
        unsigned n = cpumf_ext_count(in, k);
        t->ctr[128 + k] += n;
        if (n > t->most[k])
            t->most[k] = n;
    }
}

/* ncpu CPUs of the model, tpc threads a core, at the VM level (where every
 * event can happen), under a workload, for cycles. */
static void run(const cpumf_model_cfg *m, const tb_events_cfg *e, const char *wl, unsigned ncpu,
                unsigned tpc, uint64_t cycles, tally *t)
{
    static tb_workload w;
    static cpumf_sys_in in;
    tb_workload_cfg wc;
    cpumf_system_cfg sys;
    char path[512], err[512];
    uint64_t cyc;
    unsigned c;
    snprintf(path, sizeof path, "%s/workloads/%s.json", configs_dir(), wl);
    ck_assert_msg(tb_workload_load(path, &wc, err, sizeof err) == 0, "%s", err);
    memset(&sys, 0, sizeof sys);
    sys.model = *m;
    sys.n_cpus = (uint8_t)ncpu;
    sys.threads_per_core = (uint8_t)tpc;
    sys.mt_enabled = tpc == 2;
    sys.level = CPUMF_LEVEL_VM;
    tb_workload_init(&w, &wc, e, 7, &sys);
    memset(t, 0, ncpu * sizeof *t);
    for (cyc = 0; cyc < cycles; cyc++) {
        memset(&in, 0, sizeof in);
        tb_workload_cycle(&w, cyc, &in);
        tb_workload_cores(&w, &in, 0);
        for (c = 0; c < ncpu; c++)
            count_cycle(m, &in.cpu[c], &t[c]);
    }
}

static int tally_get(void *ctx, unsigned num, uint64_t *v)
{
    *v = ((const tally *)ctx)->ctr[num];
    return 1;
}

/* ---- every model, every workload ---- */

START_TEST(test_every_events_file_loads)
{
    size_t i;
    for (i = 0; i < N_MODELS; i++) {
        cpumf_model_cfg m;
        static tb_events_cfg e;
        static tb_relations rs;
        load_model(all_models[i], &m);
        load_events(&m, CPUMF_LEVEL_VM, &e, &rs);
        ck_assert_str_eq(e.model, all_models[i]);
        ck_assert_int_ge(tb_relation_index(&rs, "undefined"), 0);
        ck_assert_int_ge(tb_relation_index(&rs, "ps_cycles"), 0);
        ck_assert_int_ge(tb_relation_index(&rs, "ps_instructions"), 0);
    }
}
END_TEST

/* The relations of the model on a CPU's tally; every one must hold. */
static void check_relations(const cpumf_model_cfg *m, const tb_relations *rs, tally *t,
                            const char *what)
{
    uint32_t i;
    for (i = 0; i < rs->n; i++) {
        uint64_t left, right;
        unsigned num = 0;
        int ok = tb_relation_eval(&rs->r[i], m, tally_get, t, &left, &right, &num);
        ck_assert_msg(ok == 1, "%s %s: relation %s (%s): %llu %s %llu", m->name, what,
                      rs->r[i].name, rs->r[i].text, (unsigned long long)left,
                      tb_relation_op_name(rs->r[i].op), (unsigned long long)right);
    }
}

/* CF-CT-4, CF-CT-6, CF-CT-7: under busy, crypto and random, on one CPU and,
 * with multithreading, on the two threads of a core. */
START_TEST(test_CF_CT_7_event_model_runs)
{
    static tb_events_cfg e;
    static tb_relations rs;
    static tally t[2];
    cpumf_model_cfg m;
    uint64_t total[CPUMF_MAX_EXT] = {0};
    unsigned most[CPUMF_MAX_EXT] = {0}, w, k, c, ncpu;
    load_model(all_models[_i], &m);
    load_events(&m, CPUMF_LEVEL_VM, &e, &rs);
    for (w = 0; w < 3; w++)
        for (ncpu = 1; ncpu <= (m.csvn > 3u ? 2u : 1u); ncpu++) {
            run(&m, &e, workloads[w], ncpu, ncpu, 60000, t);
            for (c = 0; c < ncpu; c++) {
                check_relations(&m, &rs, &t[c], workloads[w]);
                for (k = 0; k < m.n_ext; k++) {
                    total[k] += t[c].ctr[128 + k];
                    most[k] = t[c].most[k] > most[k] ? t[c].most[k] : most[k];
                }
            }
        }
    for (k = 0; k < m.n_ext; k++) {
        if (is_undef(&m, k)) {
            ck_assert_msg(total[k] == 0, "%s: undefined counter %u counted", m.name, 128 + k);
            continue;
        }
        ck_assert_msg(total[k] > 0, "%s: counter %u never counted", m.name, 128 + k);
        if (e.limit[k] == 1)
            ck_assert_msg(most[k] == 1, "%s: counter of cycles %u added %u in a cycle", m.name,
                          128 + k, most[k]);
        else if (e.limit[k] > 1)
            ck_assert_msg(most[k] >= 2 && most[k] <= e.limit[k],
                          "%s: counter %u (at most %u a cycle) added at most %u", m.name, 128 + k,
                          e.limit[k], most[k]);
    }
}
END_TEST

/* CF-CT-8: a last host translation (counter 232 of z14-z17) gets a guest-1
 * absolute address from a guest-2 real address, so it happens only at the
 * VM level: at the LPAR level the event model never counts it, and the
 * relations hold at both levels. */
START_TEST(test_CF_CT_8_last_host_translation_needs_a_guest)
{
    static const char *const lht_models[] = {"z14", "z15", "z16", "z17"};
    static tb_events_cfg e;
    static tb_relations rs;
    static tally t[1];
    cpumf_model_cfg m;
    unsigned level;
    load_model(lht_models[_i], &m);
    for (level = CPUMF_LEVEL_LPAR; level <= CPUMF_LEVEL_VM; level++) {
        load_events(&m, level, &e, &rs);
        run(&m, &e, "busy", 1, 1, 60000, t);
        check_relations(&m, &rs, &t[0], "busy");
        if (level == CPUMF_LEVEL_VM)
            ck_assert_msg(t[0].ctr[232] > 0, "%s: no last host translation at the VM level",
                          m.name);
        else
            ck_assert_msg(t[0].ctr[232] == 0,
                          "%s: %" PRIu64 " last host translations at the LPAR level", m.name,
                          t[0].ctr[232]);
    }
}
END_TEST

/* The thread counters on two threads of a core: alone while the other waits. */
START_TEST(test_CF_CT_7_threads_split)
{
    static tb_events_cfg e;
    static tb_relations rs;
    static cpumf_sys_in in;
    cpumf_model_cfg m;
    load_model("z16", &m);
    load_events(&m, CPUMF_LEVEL_VM, &e, &rs);
    memset(&in, 0, sizeof in);
    in.cpu[0].insns = 3;
    in.cpu[1].wait = 1;
    tb_events_threads(&e, &in, 2, 2, 0);
    ck_assert_uint_eq(cpumf_ext_count(&in.cpu[0], 202 - 128), 1);
    ck_assert_uint_eq(cpumf_ext_count(&in.cpu[0], 204 - 128), 3);
    ck_assert_uint_eq(cpumf_ext_count(&in.cpu[0], 203 - 128), 0);
    ck_assert_uint_eq(cpumf_ext_count(&in.cpu[1], 202 - 128), 0); /* waiting: nothing */
    memset(&in, 0, sizeof in);
    in.cpu[0].insns = 2;
    tb_events_threads(&e, &in, 2, 2, 0);
    ck_assert_uint_eq(cpumf_ext_count(&in.cpu[0], 203 - 128), 1);
    ck_assert_uint_eq(cpumf_ext_count(&in.cpu[0], 205 - 128), 2);
    ck_assert_uint_eq(cpumf_ext_count(&in.cpu[1], 203 - 128), 1);
    memset(&in, 0, sizeof in);
    in.cpu[1].stopped = 1; /* stopped counts as not running */
    tb_events_threads(&e, &in, 2, 2, 2u);
    ck_assert_uint_eq(cpumf_ext_count(&in.cpu[0], 202 - 128), 1);
    ck_assert_uint_eq(cpumf_ext_count(&in.cpu[1], 202 - 128), 0);
    memset(&in, 0, sizeof in);
    tb_events_threads(&e, &in, 2, 1, 1u); /* without multithreading: alone; CPU 0 skipped */
    ck_assert_uint_eq(cpumf_ext_count(&in.cpu[0], 202 - 128), 0);
    ck_assert_uint_eq(cpumf_ext_count(&in.cpu[1], 202 - 128), 1);
}
END_TEST

/* ---- refused files, with the position of the fault ---- */

typedef struct bad_text {
    const char *text;
    int line, col;
    const char *reason;
} bad_text;

#define EV_HEAD "{\"model\": \"z14\", "
static const bad_text bad_events[] = {
    {"{\"model\": \"z15\"}", 1, 11, "the system's model is z14"},
    {EV_HEAD "\"tables\": [{\"name\": \"t\", \"on\": \"l1d_dw\", \"outcomes\": "
             "[{\"weight\": 1, \"counters\": [142]}]}]}",
     1, 99, "counter 142 is not a defined extended counter of z14"},
    {EV_HEAD "\"tables\": [{\"name\": \"t\", \"on\": \"l1x\", \"outcomes\": []}]}", 1, 49,
     "unknown trigger \"l1x\""},
    {EV_HEAD "\"tables\": [{\"name\": \"t\", \"on\": \"cycle\", \"outcomes\": "
             "[{\"weight\": 1, \"counters\": [[226, 16]]}]}]}",
     1, 104, "out of range [1, 15]"},
    {EV_HEAD "\"tables\": [{\"name\": \"t\", \"on\": \"cycle\", \"outcomes\": "
             "[{\"weight\": 1, \"counters\": [143], \"start\": \"p\"}]}]}",
     1, 113, "no process \"p\""},
    {EV_HEAD "\"processes\": [{\"name\": \"p\", \"slots\": 1, \"phases\": "
             "[{\"cycles\": [0, 0], \"busy\": [143]}]}]}",
     1, 69, "the last phase lasts at least one cycle"},
    {EV_HEAD "\"cycles\": [226], \"tables\": [{\"name\": \"t\", \"on\": \"insn\", "
             "\"outcomes\": [{\"weight\": 1, \"counters\": [[226, 2]]}]}]}",
     1, 1, "counter 226 counts cycles, but the model can add 2"},
    {EV_HEAD "\"limits\": {\"226\": 3}, \"tables\": [{\"name\": \"t\", \"on\": \"insn\", "
             "\"outcomes\": [{\"weight\": 1, \"counters\": [[226, 2]]}]}]}",
     1, 1, "counter 226: limit 3, but the model adds at most 2"},
    {EV_HEAD "\"limits\": {\"142\": 3}}", 1, 29, "\"142\" is not a defined extended counter"},
    {EV_HEAD "\"any\": [{\"counter\": 143, \"when\": [\"tlb\"]}]}", 1, 52,
     "\"tlb\" is neither l1i_pen, l1d_pen nor a process"},
};

START_TEST(test_events_refused_with_position)
{
    const bad_text *b = &bad_events[_i];
    static tb_events_cfg e;
    cpumf_model_cfg m;
    char err[512], want[64];
    jdoc *d;
    load_model("z14", &m);
    d = jdoc_parse_text("ev.json", b->text, err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    ck_assert_int_eq(
        tb_events_from_json(d, jdoc_root(d), &m, CPUMF_LEVEL_LPAR, &e, err, sizeof err), -1);
    jdoc_free(d);
    snprintf(want, sizeof want, "ev.json:%d:%d: ", b->line, b->col);
    ck_assert_msg(!strncmp(err, want, strlen(want)) && strstr(err, b->reason), "%u: got \"%s\"",
                  (unsigned)_i, err);
}
END_TEST

/* ---- relations: the text, its errors, evaluation ---- */

static const bad_text bad_relations[] = {
    {"c2 - (c128 + c130 >= 0", 1, 78, "expected ')'"},
    {"c2 <= c999", 1, 66, "not a counter of the model"},
    {"c2 < c3", 1, 63, "expected <=, >= or =="},
    {"c2 <= c3 c4", 1, 69, "unexpected text after the relation"},
    {"c2 <= 01", 1, 66, "expected a number"},
    {"c2 <= x", 1, 66, "expected a number"},
};

static int relations_of(const char *rel, const char *basis, tb_relations *rs, char *err, size_t n)
{
    char text[512];
    cpumf_model_cfg m;
    jdoc *d;
    int rc;
    load_model("z14", &m);
    snprintf(text, sizeof text,
             "{\"cycles\": [143], \"relations\": [{\"name\": \"r\", \"relation\": \"%s\", "
             "\"basis\": \"%s\"}]}",
             rel, basis);
    d = jdoc_parse_text("rel.json", text, err, n);
    ck_assert_msg(d != NULL, "%s", err);
    rc = tb_relations_from_json(d, jdoc_root(d), &m, rs, err, n);
    jdoc_free(d);
    return rc;
}

START_TEST(test_relations_refused_with_position)
{
    const bad_text *b = &bad_relations[_i];
    static tb_relations rs;
    char err[512], want[64];
    ck_assert_int_eq(relations_of(b->text, "stated", &rs, err, sizeof err), -1);
    snprintf(want, sizeof want, "rel.json:%d:%d: ", b->line, b->col);
    ck_assert_msg(!strncmp(err, want, strlen(want)) && strstr(err, b->reason), "%u: got \"%s\"",
                  (unsigned)_i, err);
    ck_assert_int_eq(relations_of("c2 <= c3", "guessed", &rs, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "basis: \"guessed\"") != NULL, "%s", err);
}
END_TEST

START_TEST(test_relations_evaluate)
{
    static tb_relations rs;
    static tally t;
    cpumf_model_cfg m;
    uint64_t left, right;
    unsigned num = 0;
    char err[512];
    int i;
    load_model("z14", &m);
    ck_assert_msg(
        relations_of("c2 - (c136 + 3) + c4 >= c162 - c133", "design", &rs, err, sizeof err) == 0,
        "%s", err);
    /* undefined, cycles_143, then r */
    ck_assert_uint_eq(rs.n, 3);
    ck_assert_str_eq(rs.r[1].name, "cycles_143");
    ck_assert_str_eq(rs.r[1].text, "c143 <= c0");
    i = tb_relation_index(&rs, "r");
    ck_assert_int_eq(i, 2);
    ck_assert_uint_eq(rs.r[i].basis, TB_REL_DESIGN);
    memset(&t, 0, sizeof t);
    t.ctr[2] = 10; /* 10 - (4 + 3) + 1 = 4 >= 5 - 2 = 3 */
    t.ctr[136] = 4;
    t.ctr[4] = 1;
    t.ctr[162] = 5;
    t.ctr[133] = 2;
    ck_assert_int_eq(tb_relation_eval(&rs.r[i], &m, tally_get, &t, &left, &right, &num), 1);
    ck_assert_uint_eq(left, 10 + 1 + 2); /* the positive terms */
    ck_assert_uint_eq(right, 4 + 3 + 5);
    t.ctr[162] = 7; /* 4 >= 5: false */
    ck_assert_int_eq(tb_relation_eval(&rs.r[i], &m, tally_get, &t, &left, &right, &num), 0);
    t.ctr[143] = 1; /* cycles_143: 1 <= 0 is false */
    ck_assert_int_eq(tb_relation_eval(&rs.r[1], &m, tally_get, &t, &left, &right, &num), 0);
    ck_assert_int_eq(tb_relation_eval(&rs.r[0], &m, tally_get, &t, &left, &right, &num), 1);
    t.ctr[159] = 2; /* undefined on z14 */
    ck_assert_int_eq(tb_relation_eval(&rs.r[0], &m, tally_get, &t, &left, &right, &num), 0);
    ck_assert_uint_eq(num, 159);
    ck_assert_uint_eq(left, 2);
}
END_TEST

static Suite *events_suite(void)
{
    Suite *s = suite_create("events");
    TCase *tc = tcase_create("events");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_every_events_file_loads);
    tcase_add_loop_test(tc, test_CF_CT_7_event_model_runs, 0, (int)N_MODELS);
    tcase_add_test(tc, test_CF_CT_7_threads_split);
    tcase_add_loop_test(tc, test_CF_CT_8_last_host_translation_needs_a_guest, 0, 4);
    tcase_add_loop_test(tc, test_events_refused_with_position, 0,
                        (int)(sizeof bad_events / sizeof bad_events[0]));
    tcase_add_loop_test(tc, test_relations_refused_with_position, 0,
                        (int)(sizeof bad_relations / sizeof bad_relations[0]));
    tcase_add_test(tc, test_relations_evaluate);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(events_suite());
}
