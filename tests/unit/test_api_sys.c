/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_api_sys.c - the golden-reference API (cpumf.h): version, creation from files
 * and JSON text, errors, registers by name, attached storage.  Test names carry the
 * requirement ID when they check one.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cpumf/cpumf.h"
#include "test_api.h"
#include "unit_main.h"

/* ------------------------------------------------------------ tests */

START_TEST(test_version)
{
    ck_assert_str_eq(cpumf_version(), CPUMF_VERSION_STRING);
    ck_assert_int_eq(cpumf_version_number(),
                     CPUMF_VERSION_MAJOR * 10000 + CPUMF_VERSION_MINOR * 100 + CPUMF_VERSION_PATCH);
    ck_assert_int_eq(cpumf_version_number(), 500);
}
END_TEST

START_TEST(test_create_from_file)
{
    char err[256];
    cpumf_sys *s = load("z15-1cpu");
    const cpumf_system_cfg *c = cpumf_config(s);
    cpumf_sys *t;
    ck_assert_str_eq(c->name, "z15-1cpu");
    ck_assert_str_eq(c->model.name, "z15");
    ck_assert_int_eq(c->n_cpus, 1);
    ck_assert_str_eq(cpumf_last_error(s), "");
    cpumf_destroy(s);
    /* an explicit configs directory */
    t = cpumf_create_from_file(SYSTEMS "z17-4cpu-2cg.json", CPUMF_CONFIGS_DEFAULT, err, sizeof err);
    ck_assert_msg(t != NULL, "%s", err);
    ck_assert_int_eq(cpumf_config(t)->n_cpus, 4);
    ck_assert_int_eq(cpumf_config(t)->n_cg, 2);
    cpumf_destroy(t);
    /* a missing file */
    t = cpumf_create_from_file("/nonexistent/x.json", NULL, err, sizeof err);
    ck_assert_ptr_null(t);
    ck_assert_msg(strstr(err, "/nonexistent/x.json") == err, "%s", err);
}
END_TEST

static const char json_ok[] =
    "{\n"
    "  \"name\": \"inline-2cpu\",\n"
    "  \"model\": \"z16\",\n"
    "  \"cpus\": 2,\n"
    "  \"threads_per_core\": 2,\n"
    "  \"multithreading\": true,\n"
    "  \"cpu_addresses\": [\"0x0000\", \"0x0001\"],\n"
    "  \"coprocessor_groups\": [{\"address\": \"0x0002\", \"cpus\": [0, 1]}],\n"
    "  \"storage\": {\"size\": \"0x10000\", \"latency\": [1, 1], \"backpressure\": 0}\n"
    "}\n";

START_TEST(test_create_from_json)
{
    char err[256];
    cpumf_sys *s = cpumf_create_from_json(json_ok, NULL, err, sizeof err);
    const cpumf_system_cfg *c;
    uint64_t v;
    ck_assert_msg(s != NULL, "%s", err);
    c = cpumf_config(s);
    ck_assert_str_eq(c->name, "inline-2cpu");
    ck_assert_str_eq(c->model.name, "z16");
    ck_assert_int_eq(c->n_cpus, 2);
    ck_assert_int_eq(c->cg_addr[0], 2);
    ck_assert_int_eq(cpumf_read_register(s, "cf_global.mt_en_q", &v), 0);
    ck_assert_uint_eq(v, 1u);
    cpumf_destroy(s);
}
END_TEST

START_TEST(test_bad_config_positions)
{
    char err[256], path[] = "/tmp/cpumf_test_api_XXXXXX";
    static const char bad_key[] =
        "{\n  \"name\": \"x\",\n  \"model\": \"z15\",\n  \"bogus\": 1\n}\n";
    static const char bad_syntax[] = "{\n  \"name\": \"x\",\n    \"cpus\": 01\n}\n";
    static const char bad_range[] =
        "{\"name\": \"x\", \"model\": \"z15\",\n \"cpus\": 99, \"threads_per_core\": 1}";
    cpumf_sys *s;
    FILE *f;
    int fd;

    s = cpumf_create_from_json(bad_key, NULL, err, sizeof err);
    ck_assert_ptr_null(s);
    ck_assert_msg(strncmp(err, "<json>:4:3: ", 12) == 0, "%s", err);
    ck_assert_msg(strstr(err, "bogus") != NULL, "%s", err);

    s = cpumf_create_from_json(bad_range, NULL, err, sizeof err);
    ck_assert_ptr_null(s);
    ck_assert_msg(strncmp(err, "<json>:2:10: ", 13) == 0, "%s", err);

    /* a file: the same positions, under the file's name */
    fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    f = fdopen(fd, "w");
    ck_assert_ptr_nonnull(f);
    fputs(bad_syntax, f);
    fclose(f);
    s = cpumf_create_from_file(path, NULL, err, sizeof err);
    unlink(path);
    ck_assert_ptr_null(s);
    {
        char want[64];
        snprintf(want, sizeof want, "%s:3:13: ", path);
        ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
    }
    /* a model that does not exist, at the "model" value */
    s = cpumf_create_from_json("{\"name\": \"x\",\n\"model\": \"z99\"}", NULL, err, sizeof err);
    ck_assert_ptr_null(s);
    ck_assert_msg(strncmp(err, "<json>:2:10: ", 13) == 0, "%s", err);
}
END_TEST

START_TEST(test_errors_bad_cpu_register_storage)
{
    cpumf_sys *s = load("z15-1cpu");
    cpumf_insn_result res;
    cpumf_insn x;
    cpumf_sys_in in;
    uint64_t v;
    const char *e;

    /* out-of-range CPU */
    memset(&x, 0, sizeof x);
    x.op = CPUMF_OP_ECPGA;
    ck_assert_int_eq(cpumf_execute(s, 1, &x, &res), -1);
    ck_assert_msg(strstr(cpumf_last_error(s), "cpu 1") != NULL, "%s", cpumf_last_error(s));
    ck_assert_int_eq(cpumf_x_ecctr(s, 7, 0, 0, 0, 0, &res), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu1.sf_ctrl.pp_q", &v), -1);
    ck_assert_int_eq(cpumf_in_present(&in, CPUMF_MAX_CPUS, &x), -1);
    /* a good call clears the error */
    ck_assert_int_eq(cpumf_execute(s, 0, &x, &res), 0);
    ck_assert_str_eq(cpumf_last_error(s), "");

    /* unknown register names */
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.bogus", &v), -1);
    e = cpumf_last_error(s);
    ck_assert_msg(strstr(e, "cpu0.bogus") != NULL, "%s", e);
    ck_assert_int_eq(cpumf_read_register(s, "cpu00.sf_ctrl.pp_q", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.6", &v), -1);  /* not installed */
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.34", &v), -1); /* CFVN 3 */
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cg1.counter.0", &v), -1); /* one group */
    ck_assert_int_eq(cpumf_read_register(s, "cg0.counter.8", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "core1.counter.448", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "core0.counter.447", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cf_global.G_E_Q", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_counters.ctr_q[8]", &v), -1); /* CFVN 3 */
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_counters.ctr_q", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_state.e_q[0]", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cf_global.cg_ctr_q[1][0]", &v), -1); /* one group */
    ck_assert_int_eq(cpumf_read_register(s, "cf_global.cg_ctr_q[0]", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cf_global.mt_ctr_q[1][0]", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_global.g_e_q", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cf_state.a_q", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "", &v), -1);
    /* by perf name: only the model's perf names, only for CPU and core counters */
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.NOT_A_COUNTER", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.l1d_ro_excl", &v), -1); /* short */
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.CPU_CYCLES ", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu1.counter.CPU_CYCLES", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cg0.counter.CPU_CYCLES", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "core0.counter.CPU_CYCLES", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.DTLB1_WRITES", &v), -1); /* z10's */
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.L1D_RO_EXCL_WRITES", &v), 0);
    ck_assert_int_eq(cpumf_read_register(s, "core0.counter.MT_DIAG_CYCLES_TWO_THR_ACTIVE", &v), 0);
    ck_assert_int_eq(cpumf_read_register(s, "cf_global.g_e_q", &v), 0);
    ck_assert_str_eq(cpumf_last_error(s), "");

    /* storage needed, none attached: misuse, nothing changes */
    ck_assert_int_eq(cpumf_x_lcctl(s, 0, 0x100, 0, &res), -1);
    ck_assert_msg(strstr(cpumf_last_error(s), "storage") != NULL, "%s", cpumf_last_error(s));
    ck_assert_int_eq(cpumf_x_qctri(s, 0, 0x100, 0, &res), -1);
    ck_assert_int_eq(cpumf_x_stcctm(s, 0, 0, 1, 0x100, 0, 0, &res), 0); /* n = 0: no store */
    ck_assert_int_eq(res.cc, 3);
    /* ... but an exception found in DECODE needs no storage */
    ck_assert_int_eq(cpumf_x_lcctl(s, 0, 0x100, 1, &res), 0);
    ck_assert_int_eq(res.exc, CPUMF_EXC_PRIVILEGED);
    ck_assert_int_eq(res.cc_valid, 0);
    /* opcodes: 12..15 are the operation exception, above 15 misuse */
    x.op = 12;
    ck_assert_int_eq(cpumf_execute(s, 0, &x, &res), 0);
    ck_assert_int_eq(res.exc, CPUMF_EXC_OPERATION);
    x.op = 16;
    ck_assert_int_eq(cpumf_execute(s, 0, &x, &res), -1);
    ck_assert_int_eq(cpumf_attach_storage(s, &mem_ops, NULL, 0), -1);
    cpumf_destroy(s);
}
END_TEST

/* Register name -> value of cpumf_observe, written independently of regs.c:
 * the canonical names are the fields of cpumf_obs. */
static int obs_value(const cpumf_sys *s, const cpumf_obs *o, const char *name, uint64_t *v)
{
    const cpumf_system_cfg *c = cpumf_config(s);
    unsigned tpc = c->threads_per_core, i, k, g;
    char f[40];
    int n = 0;
    if (sscanf(name, "cpu%u.counter.%u%n", &i, &k, &n) == 2 && name[n] == '\0') {
        int slot = cpumf_counter_slot(&c->model, k);
        if (slot == -2)
            *v = o->cf_global.mt_ctr_q[i / tpc][k - 448u];
        else
            *v = o->cpu[i].cf_counters.ctr_q[slot];
        return 0;
    }
    if (sscanf(name, "cpu%u.cf_counters.ctr_q[%u]%n", &i, &k, &n) == 2 && name[n] == '\0') {
        *v = o->cpu[i].cf_counters.ctr_q[k];
        return 0;
    }
    if (sscanf(name, "cpu%u.%39s", &i, f) == 2) {
        const cpumf_cpu_obs *p = &o->cpu[i];
#define F(unit, reg) else if (!strcmp(f, #unit "." #reg)) *v = p->unit.reg
        if (0) {
        }
        F(cf_state, a_q);
        F(cf_state, e_q);
        F(cf_state, c_q);
        F(cf_state, cg_a_q);
        F(mf_alert, pend_q);
        F(mf_insn, state_q);
        F(sf_ctrl, pp_q);
        F(sf_ctrl, pp_vm_q);
        F(sf_ctrl, a_q);
        F(sf_ctrl, e_q);
        F(sf_ctrl, c_q);
        F(sf_ctrl, s_q);
        F(sf_ctrl, h_q);
        F(sf_ctrl, interval_q);
        F(sf_ctrl, tear_q);
        F(sf_ctrl, dear_q);
        F(sf_ctrl, e_vm_q);
        F(sf_ctrl, c_vm_q);
        F(sf_ctrl, s_vm_q);
        F(sf_ctrl, interval_vm_q);
        F(sf_ctrl, tear_vm_q);
        F(sf_ctrl, dear_vm_q);
        F(sf_interval, cnt_q);
        F(sf_interval, sec_q);
        F(sf_interval, sec_act_q);
        F(sf_interval, lfsr_q);
        F(sf_interval, coll_q);
        F(sf_interval, cnt_vm_q);
        F(sf_interval, sec_vm_q);
        F(sf_interval, sec_act_vm_q);
        F(sf_interval, lfsr_vm_q);
        F(sf_interval, coll_vm_q);
        F(sf_update, state_q);
        F(sf_update, n_stored_q);
        F(sf_update, n_overflow_q);
        F(sf_update, n_stopped_q);
        F(sf_update, lvl_q);
        F(sf_update, n_stored_vm_q);
        F(sf_update, n_overflow_vm_q);
        F(sf_update, n_stopped_vm_q);
        F(mf_cpu, own_q);
        else return -1;
#undef F
        return 0;
    }
    if (sscanf(name, "cg%u.counter.%u", &i, &k) == 2 ||
        (sscanf(name, "cf_global.cg_ctr_q[%u][%u]%n", &i, &k, &n) == 2 && name[n] == '\0')) {
        *v = o->cf_global.cg_ctr_q[i][k];
        return 0;
    }
    if (sscanf(name, "core%u.counter.%u", &i, &k) == 2) {
        *v = o->cf_global.mt_ctr_q[i][k - 448u];
        return 0;
    }
    if (sscanf(name, "cf_global.mt_ctr_q[%u][%u]%n", &g, &k, &n) == 2 && name[n] == '\0') {
        *v = o->cf_global.mt_ctr_q[g][k];
        return 0;
    }
    if (!strcmp(name, "cf_global.g_e_q"))
        *v = o->cf_global.g_e_q;
    else if (!strcmp(name, "cf_global.g_c_q"))
        *v = o->cf_global.g_c_q;
    else if (!strcmp(name, "cf_global.change_q"))
        *v = o->cf_global.change_q;
    else if (!strcmp(name, "cf_global.mt_en_q"))
        *v = o->cf_global.mt_en_q;
    else
        return -1;
    return 0;
}

/* The architected alias of a canonical counter name ("" when it has none). */
static void alias_of(const char *name, char *alias, size_t len)
{
    unsigned i, k, n = 0;
    alias[0] = '\0';
    if (sscanf(name, "cpu%u.cf_counters.ctr_q[%u]", &i, &k) == 2)
        snprintf(alias, len, "cpu%u.counter.%u", i, cpumf_slot_counter(k));
    else if (sscanf(name, "cf_global.cg_ctr_q[%u][%u]", &i, &k) == 2)
        snprintf(alias, len, "cg%u.counter.%u", i, k);
    else if (sscanf(name, "cf_global.mt_ctr_q[%u][%u]", &n, &k) == 2)
        snprintf(alias, len, "core%u.counter.%u", n, 448u + k);
}

/* The perf-name alias of a canonical counter name ("" when perf does not name it). */
static void perf_alias_of(const cpumf_sys *s, const char *name, char *alias, size_t len)
{
    const cpumf_model_cfg *m = &cpumf_config(s)->model;
    unsigned i, k;
    alias[0] = '\0';
    if (sscanf(name, "cpu%u.cf_counters.ctr_q[%u]", &i, &k) == 2 &&
        cpumf_counter_perf_name(m, cpumf_slot_counter(k))[0])
        snprintf(alias, len, "cpu%u.counter.%s", i,
                 cpumf_counter_perf_name(m, cpumf_slot_counter(k)));
    else if (sscanf(name, "cf_global.mt_ctr_q[%u][%u]", &i, &k) == 2 &&
             cpumf_counter_perf_name(m, 448u + k)[0])
        snprintf(alias, len, "core%u.counter.%s", i, cpumf_counter_perf_name(m, 448u + k));
}

static unsigned expected_names(const cpumf_system_cfg *c)
{
    const cpumf_model_cfg *m = &c->model;
    unsigned per_cpu = 8u + 18u /* sampling, arbiter */ + 15u /* the VM set */ + 6u +
                       (m->cfvn >= 3u ? 2u : 6u) + (m->csvn >= 6u ? 20u : 16u) + m->n_ext;
    unsigned cores = (c->n_cpus + c->threads_per_core - 1u) / c->threads_per_core;
    return c->n_cpus * per_cpu + 4u + (m->has_cg ? c->n_cg * 8u : 0u) +
           (m->csvn > 3u ? cores * 2u : 0u);
}

START_TEST(test_register_reads_equal_observe)
{
    static const char *const systems[] = {"z17-4cpu-2cg", "z13-2x2", "generic-1cpu", "z10-1cpu",
                                          "z16-2x2"};
    const char *sysname = systems[_i];
    cpumf_sys *s = load(sysname);
    mem m;
    rng r;
    cpumf_sys_in in;
    cpumf_sys_out out;
    cpumf_obs o;
    unsigned cyc, i, nonzero = 0u, perf_aliases = 0u;

    r.s = UINT64_C(0x9E3779B97F4A7C15) + (unsigned)_i;
    mem_fill(&m, &r);
    ck_assert_int_eq(cpumf_attach_storage(s, &mem_ops, &m, 2), 0);
    for (cyc = 0; cyc < 3000u; cyc++) {
        rand_inputs(&r, s, &in, 20);
        cpumf_step(s, &in, &out);
        if (cyc % 500u != 499u)
            continue;
        observe0(s, &o);
        for (i = 0; cpumf_register_name(s, i); i++) {
            const char *name = cpumf_register_name(s, i);
            char alias[64];
            uint64_t got = 0xDEADu, want = 0xBEEFu, by_alias = 0xF00Du;
            ck_assert_msg(cpumf_read_register(s, name, &got) == 0, "%s: %s", name,
                          cpumf_last_error(s));
            ck_assert_msg(obs_value(s, &o, name, &want) == 0, "%s", name);
            ck_assert_msg(got == want, "%s %s: %llu != %llu", sysname, name,
                          (unsigned long long)got, (unsigned long long)want);
            alias_of(name, alias, sizeof alias);
            if (alias[0]) {
                ck_assert_msg(cpumf_read_register(s, alias, &by_alias) == 0, "%s", alias);
                ck_assert_msg(by_alias == got, "%s %s != %s", sysname, alias, name);
            }
            perf_alias_of(s, name, alias, sizeof alias);
            if (alias[0]) {
                by_alias = ~got;
                ck_assert_msg(cpumf_read_register(s, alias, &by_alias) == 0, "%s", alias);
                ck_assert_msg(by_alias == got, "%s %s != %s", sysname, alias, name);
                perf_aliases++;
            }
            nonzero += got != 0u;
        }
        ck_assert_uint_eq(i, expected_names(cpumf_config(s)));
    }
    ck_assert_uint_gt(nonzero, 10u);
    /* every real machine's counters have perf names (the generic model's do not) */
    ck_assert(perf_aliases > 0u || !strcmp(sysname, "generic-1cpu"));
    /* names are unique and only installed numbers */
    for (i = 0; cpumf_register_name(s, i); i++) {
        unsigned j, cpu, num;
        const char *a = cpumf_register_name(s, i);
        if (sscanf(a, "cpu%u.cf_counters.ctr_q[%u]", &cpu, &num) == 2)
            ck_assert_int_eq(cpumf_counter_slot(&cpumf_config(s)->model, cpumf_slot_counter(num)),
                             (int)num);
        for (j = i + 1u; j < i + 40u && cpumf_register_name(s, j); j++)
            ck_assert_str_ne(a, cpumf_register_name(s, j));
    }
    cpumf_destroy(s);
}
END_TEST

/* cpumf_observe_regs and cpumf_counter_slots together give what cpumf_observe
 * gives, read between eval and commit as the lockstep reads them, at every
 * point of the counters' pending sums; and the reads change nothing: a twin
 * that is never read runs on alike. */
START_TEST(test_counters_read_in_place_equal_observe)
{
    static const char *const systems[] = {"z17-4cpu-2cg", "z16-2x2", "z10-1cpu"};
    cpumf_sys *s = load(systems[_i]), *twin = load(systems[_i]);
    rng r = {UINT64_C(0x5DEECE66D) + (unsigned)_i};
    static cpumf_obs whole, regs, twin_obs;
    cpumf_sys_in in;
    cpumf_sys_out out, twin_out;
    unsigned cyc, i, n = n_cpus(s), moved = 0u;

    static mem m, twin_m;
    mem_fill(&m, &r);
    twin_m = m;
    ck_assert_int_eq(cpumf_attach_storage(s, &mem_ops, &m, 2), 0);
    ck_assert_int_eq(cpumf_attach_storage(twin, &mem_ops, &twin_m, 2), 0);
    ck_assert_ptr_null(cpumf_counter_slots(s, n));
    for (cyc = 0; cyc < 4000u; cyc++) {
        rand_inputs(&r, s, &in, 20);
        memset(&out, 0, sizeof out);
        memset(&twin_out, 0, sizeof twin_out);
        cpumf_eval(s, &in, &out);
        cpumf_eval(twin, &in, &twin_out);
        observe0(s, &whole);
        /* the counter slots keep whatever regs had there */
        memset(&regs, 0, sizeof regs); /* padding compares equal */
        for (i = 0; i < n; i++)
            memset(regs.cpu[i].cf_counters.ctr_q, 0xA5, sizeof regs.cpu[i].cf_counters.ctr_q);
        cpumf_observe_regs(s, &regs);
        for (i = 0; i < n; i++) {
            const uint64_t *ctr = cpumf_counter_slots(s, i);
            ck_assert_ptr_nonnull(ctr);
            ck_assert_msg(
                !memcmp(ctr, whole.cpu[i].cf_counters.ctr_q, sizeof(uint64_t) * CPUMF_NSLOT),
                "cycle %u cpu %u: slots in place differ from cpumf_observe", cyc, i);
            ck_assert_uint_eq(regs.cpu[i].cf_counters.ctr_q[7], UINT64_C(0xA5A5A5A5A5A5A5A5));
            memcpy(regs.cpu[i].cf_counters.ctr_q, ctr, sizeof regs.cpu[i].cf_counters.ctr_q);
            for (unsigned k = 0; k < CPUMF_NSLOT; k++)
                moved += ctr[k] != 0u;
        }
        ck_assert_msg(!memcmp(&regs, &whole, sizeof regs), "cycle %u: registers differ", cyc);
        ck_assert(!memcmp(&out, &twin_out, sizeof out));
        cpumf_commit(s);
        cpumf_commit(twin);
        observe0(s, &whole);
        observe0(twin, &twin_obs);
        ck_assert_msg(!memcmp(&whole, &twin_obs, sizeof whole), "cycle %u: the read changed s",
                      cyc);
    }
    ck_assert_uint_gt(moved, 1000u); /* the counters did count */
    cpumf_destroy(twin);
    cpumf_destroy(s);
}
END_TEST

/* CF-LCCTL-1 through the cycle API with attached storage: accepted in t, DECODE
 * t+1, fetch request in t+2 (accepted: ready is one), response in t+2+L, EXEC
 * t+3+L, RESP t+4+L; the port inputs of the bench are ignored. */
START_TEST(test_CF_LCCTL_1_attached_storage_latency)
{
    static const unsigned lat[] = {1, 2, 3, 7};
    cpumf_sys *s = load("z15-1cpu");
    unsigned L = lat[_i], cyc, done_at = 0u;
    mem m;
    rng r = {42u};
    cpumf_sys_in in;
    cpumf_sys_out out;
    cpumf_insn x;
    uint64_t e = 0u, c = 0u;

    memset(&m, 0, sizeof m);
    mem_put(&m, 0x100, ((uint64_t)(CPUMF_SET_BASIC | CPUMF_SET_CRYPTO) << 16) | CPUMF_SET_BASIC);
    ck_assert_int_eq(cpumf_attach_storage(s, &mem_ops, &m, L), 0);
    memset(&x, 0, sizeof x);
    x.op = CPUMF_OP_LCCTL;
    x.addr = 0x100;
    for (cyc = 0; cyc < 40u && !done_at; cyc++) {
        cpumf_in_idle(&in);
        if (cyc == 0u)
            cpumf_in_present(&in, 0, &x);
        /* garbage on the port: must be ignored */
        in.cpu[0].stor_req_ready = (uint8_t)rnd(&r, 2);
        in.cpu[0].stor_rsp_valid = (uint8_t)rnd(&r, 2);
        in.cpu[0].stor_rsp_err = (uint8_t)rnd(&r, 2);
        in.cpu[0].stor_rsp_data = rnd64(&r);
        cpumf_eval(s, &in, &out);
        if (cyc == 0u)
            ck_assert_int_eq(out.cpu[0].insn_ready, 1);
        ck_assert_int_eq(out.cpu[0].stor_req_valid, cyc == 2u);
        if (cyc == 2u) {
            ck_assert_uint_eq(out.cpu[0].stor_req_addr, 0x100);
            ck_assert_int_eq(out.cpu[0].stor_req_we, 0);
        }
        if (out.cpu[0].insn_done) {
            done_at = cyc;
            ck_assert_int_eq(out.cpu[0].exc, 0);
            ck_assert_int_eq(out.cpu[0].cc, 0);
        }
        cpumf_commit(s);
    }
    ck_assert_uint_eq(done_at, 4u + L);
    ck_assert_uint_eq(m.reads, 1u);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_state.e_q", &e), 0);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_state.c_q", &c), 0);
    ck_assert_uint_eq(e, CPUMF_SET_BASIC | CPUMF_SET_CRYPTO);
    ck_assert_uint_eq(c, CPUMF_SET_BASIC);
    cpumf_destroy(s);
}
END_TEST

/* GEN-5: an error response of the attached storage is the access exception. */
START_TEST(test_GEN_5_attached_storage_error)
{
    cpumf_sys *s = load("z15-1cpu");
    mem m;
    cpumf_sys_in in;
    cpumf_sys_out out;
    cpumf_insn x;
    unsigned cyc;
    int seen = 0;
    memset(&m, 0, sizeof m);
    ck_assert_int_eq(cpumf_attach_storage(s, &mem_ops, &m, 3), 0);
    memset(&x, 0, sizeof x);
    x.op = CPUMF_OP_QCTRI;
    x.addr = HOLE_LO + 8u;
    for (cyc = 0; cyc < 40u && !seen; cyc++) {
        cpumf_in_idle(&in);
        if (cyc == 0u)
            cpumf_in_present(&in, 0, &x);
        cpumf_step(s, &in, &out);
        if (out.cpu[0].insn_done) {
            seen = 1;
            ck_assert_int_eq(out.cpu[0].exc, CPUMF_EXC_ACCESS);
        }
    }
    ck_assert(seen);
    ck_assert_uint_eq(m.writes, 0u);
    cpumf_destroy(s);
}
END_TEST

static Suite *api_sys_suite(void)
{
    Suite *s = suite_create("api_sys");
    TCase *tc = tcase_create("api");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_version);
    tcase_add_test(tc, test_create_from_file);
    tcase_add_test(tc, test_create_from_json);
    tcase_add_test(tc, test_bad_config_positions);
    tcase_add_test(tc, test_errors_bad_cpu_register_storage);
    tcase_add_loop_test(tc, test_register_reads_equal_observe, 0, 5);
    tcase_add_loop_test(tc, test_counters_read_in_place_equal_observe, 0, 3);
    tcase_add_loop_test(tc, test_CF_LCCTL_1_attached_storage_latency, 0, 4);
    tcase_add_test(tc, test_GEN_5_attached_storage_error);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(api_sys_suite());
}
