/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_config.c - unit tests of the configuration layer (CFG-1, CFG-2, CFG-3)
 * and of the strict JSON reader under it.
 *
 * Run from the repository root, or set CPUMF_TEST_CONFIGS (the configs/
 * directory) and CPUMF_TEST_BAD (tests/configs_bad/).
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config_int.h"
#include "json_strict.h"
#include "test_configs.h"
#include "unit_main.h"

/* The fixtures sit next to configs/ in the tree. */
#ifndef TEST_BAD_DIR
#define TEST_BAD_DIR TEST_CONFIGS_DIR "/../tests/configs_bad"
#endif

static const char *bad_dir(void)
{
    const char *e = getenv("CPUMF_TEST_BAD");
    return (e && *e) ? e : TEST_BAD_DIR;
}

/* ------------------------------------------------------------------ */
/* CFG-1: models                                                       */

START_TEST(test_CFG_1_every_model_loads)
{
    size_t i;
    for (i = 0; i < N_MODELS; i++) {
        cpumf_model_cfg m;
        load_model(all_models[i], &m);
        ck_assert_str_eq(m.name, all_models[i]);
        ck_assert(m.fac_cf);
        ck_assert_int_eq(m.bsdes, 32);
    }
}
END_TEST

typedef struct model_fact {
    const char *name;
    unsigned cfvn, csvn, n_ext, stcctm, has_cg, unified;
} model_fact;

static const model_fact facts[] = {
    {"z10", 1, 1, 24, 0, 1, 0},  {"z196", 1, 2, 29, 0, 1, 0}, {"zEC12", 1, 3, 56, 0, 1, 0},
    {"z13", 1, 4, 98, 0, 1, 0},  {"z14", 3, 5, 128, 1, 1, 0}, {"z15", 3, 6, 144, 1, 1, 0},
    {"z16", 3, 7, 144, 1, 1, 0}, {"z17", 3, 8, 152, 1, 1, 0}, {"generic", 1, 1, 8, 1, 0, 1},
};

START_TEST(test_CFG_1_model_versions_and_sizes)
{
    cpumf_model_cfg m;
    const model_fact *f = &facts[_i];
    load_model(f->name, &m);
    ck_assert_uint_eq(m.cfvn, f->cfvn);
    ck_assert_uint_eq(m.csvn, f->csvn);
    ck_assert_uint_eq(m.n_ext, f->n_ext);
    ck_assert_uint_eq(m.fac_stcctm, f->stcctm);
    ck_assert_uint_eq(m.has_cg, f->has_cg);
    ck_assert_uint_eq(m.unified_l1, f->unified);
    ck_assert(m.fac_lpp && m.fac_cf && m.fac_sf);
    /* within the CSVN maximum (CF-CT-4) */
    ck_assert_int_le((int)m.n_ext, cfg_ext_max(m.csvn));
}
END_TEST

START_TEST(test_CFG_1_counter_names)
{
    cpumf_model_cfg m;
    unsigned n;
    load_model("z15", &m);
    ck_assert_str_eq(cpumf_counter_name(&m, 0), "cycles");
    ck_assert_str_eq(cpumf_counter_name(&m, 1), "instructions");
    ck_assert_str_eq(cpumf_counter_name(&m, 2), "l1i_dir_wr");
    ck_assert_str_eq(cpumf_counter_name(&m, 32), "ps_cycles");
    ck_assert_str_eq(cpumf_counter_name(&m, 33), "ps_instructions");
    ck_assert_str_eq(cpumf_counter_name(&m, 34), ""); /* CFVN 3: 32-33 only */
    ck_assert_str_eq(cpumf_counter_name(&m, 80), "ecc_funcs");
    ck_assert_str_eq(cpumf_counter_name(&m, 83), "ecc_blk_cycles");
    ck_assert_str_eq(cpumf_counter_name(&m, 128), "l1d_ro_excl");
    ck_assert_str_eq(cpumf_counter_name(&m, 271), "ext_271_undef");
    ck_assert_str_eq(cpumf_counter_name(&m, 272), "");
    ck_assert_str_eq(cpumf_counter_name(&m, 448), "mt_1thr_cycles");
    ck_assert_str_eq(cpumf_counter_name(&m, 449), "mt_2thr_cycles");
    ck_assert_str_eq(cpumf_counter_name(&m, 450), "");
    ck_assert_str_eq(cpumf_counter_name(&m, 6), "");
    ck_assert_str_eq(cpumf_counter_name(NULL, 0), "");

    load_model("z10", &m);
    ck_assert_str_eq(cpumf_counter_name(&m, 37), "ps_l1d_penalty_cyc"); /* CFVN 1 */
    ck_assert_str_eq(cpumf_counter_name(&m, 79), "aes_blk_cycles");
    ck_assert_str_eq(cpumf_counter_name(&m, 80), ""); /* no ECC below CSVN 6 */
    ck_assert_str_eq(cpumf_counter_name(&m, 143), "ext_143_undef");
    ck_assert_str_eq(cpumf_counter_name(&m, 151), "ext_151_undef");
    ck_assert_str_eq(cpumf_counter_name(&m, 152), "");
    ck_assert_str_eq(cpumf_counter_name(&m, 448), ""); /* no MT set for CSVN 1 */

    /* every installed counter of every model has a name */
    {
        size_t i;
        for (i = 0; i < N_MODELS; i++) {
            load_model(all_models[i], &m);
            for (n = 0; n < 496; n++)
                if (cfg_counter_installed(&m, n))
                    ck_assert_msg(cpumf_counter_name(&m, n)[0] != '\0', "%s counter %u unnamed",
                                  all_models[i], n);
                else
                    ck_assert_str_eq(cpumf_counter_name(&m, n), "");
        }
    }
}
END_TEST

/* Linux perf's event names beside the short names; the undefined extended
 * counters are null in the files, set in ext_undef and named ext_N_undef. */
START_TEST(test_CFG_1_perf_names_and_undefined)
{
    static const unsigned z10_undef[] = {143, 144, 148, 149, 150, 151};
    cpumf_model_cfg m;
    unsigned n, k, undef = 0;
    load_model("z15", &m);
    ck_assert_str_eq(cpumf_counter_perf_name(&m, 0), "CPU_CYCLES");
    ck_assert_str_eq(cpumf_counter_perf_name(&m, 83), "ECC_BLOCKED_CYCLES_COUNT");
    ck_assert_str_eq(cpumf_counter_perf_name(&m, 128), "L1D_RO_EXCL_WRITES");
    ck_assert_str_eq(cpumf_counter_perf_name(&m, 202), ""); /* perf has no z15 name for it */
    ck_assert_str_eq(cpumf_counter_perf_name(&m, 271), ""); /* undefined */
    ck_assert_str_eq(cpumf_counter_perf_name(&m, 272), ""); /* not installed */
    ck_assert_str_eq(cpumf_counter_perf_name(&m, 448), "MT_DIAG_CYCLES_ONE_THR_ACTIVE");
    ck_assert_str_eq(cpumf_counter_perf_name(NULL, 0), "");
    ck_assert_int_eq(cpumf_counter_by_perf_name(&m, "L1D_RO_EXCL_WRITES"), 128);
    ck_assert_int_eq(cpumf_counter_by_perf_name(&m, "MT_DIAG_CYCLES_TWO_THR_ACTIVE"), 449);
    ck_assert_int_eq(cpumf_counter_by_perf_name(&m, "DTLB1_WRITES"), -1); /* z10's, not z15's */
    ck_assert_int_eq(cpumf_counter_by_perf_name(&m, "l1d_ro_excl"), -1);  /* a short name */
    ck_assert_int_eq(cpumf_counter_by_perf_name(&m, ""), -1);
    ck_assert_int_eq(cpumf_counter_by_perf_name(&m, NULL), -1);
    ck_assert_int_eq(cpumf_counter_by_perf_name(NULL, "CPU_CYCLES"), -1);
    /* names the document contradicted, corrected */
    ck_assert_str_eq(cpumf_counter_name(&m, 225), "fp_slots_finished_vx_bcd");
    load_model("z17", &m);
    ck_assert_str_eq(cpumf_counter_name(&m, 278), "plo_retried_nospec");
    ck_assert_str_eq(cpumf_counter_perf_name(&m, 278), "NNPA_RETRY_LOCK");
    ck_assert_str_eq(cpumf_counter_name(&m, 167), "l1_dw_offdrw_l2_chiphp");
    load_model("z13", &m);
    ck_assert_str_eq(cpumf_counter_name(&m, 154), "l1d_dw_offdrw_scol_l3_noiv");

    load_model("z10", &m);
    ck_assert_int_eq(cpumf_counter_by_perf_name(&m, "L1D_RO_EXCL_WRITES"), 136);
    for (k = 0; k < m.n_ext; k++)
        undef += (unsigned)((m.ext_undef[k / 64u] >> (k % 64u)) & 1u);
    ck_assert_uint_eq(undef, 6);
    for (k = 0; k < 6; k++) {
        n = z10_undef[k] - 128u;
        ck_assert((m.ext_undef[n / 64u] >> (n % 64u)) & 1u);
    }
    ck_assert_uint_eq(m.ext_undef[2], 0);
    /* every model: undefined exactly where the loader names a counter ext_N_undef */
    for (k = 0; k < N_MODELS; k++) {
        load_model(all_models[k], &m);
        for (n = 0; n < m.n_ext; n++) {
            char want[24];
            int is_undef = (int)((m.ext_undef[n / 64u] >> (n % 64u)) & 1u);
            snprintf(want, sizeof want, "ext_%u_undef", 128u + n);
            ck_assert_int_eq(is_undef, !strcmp(cpumf_counter_name(&m, 128u + n), want));
            if (is_undef)
                ck_assert_str_eq(cpumf_counter_perf_name(&m, 128u + n), "");
        }
    }
}
END_TEST

START_TEST(test_CFG_1_installed_rules)
{
    cpumf_model_cfg m;
    memset(&m, 0, sizeof m);
    m.cfvn = 1;
    m.csvn = 4;
    m.n_ext = 3;
    ck_assert(cfg_counter_installed(&m, 37));
    ck_assert(!cfg_counter_installed(&m, 38));
    ck_assert(cfg_counter_installed(&m, 79));
    ck_assert(!cfg_counter_installed(&m, 80));
    ck_assert(cfg_counter_installed(&m, 130));
    ck_assert(!cfg_counter_installed(&m, 131));
    ck_assert(cfg_counter_installed(&m, 449));
    m.csvn = 3;
    ck_assert(!cfg_counter_installed(&m, 448));
    m.cfvn = 3;
    m.csvn = 6;
    ck_assert(!cfg_counter_installed(&m, 34));
    ck_assert(cfg_counter_installed(&m, 83));
    ck_assert_int_eq(cfg_ext_max(1), 32);
    ck_assert_int_eq(cfg_ext_max(2), 48);
    ck_assert_int_eq(cfg_ext_max(5), 128);
    ck_assert_int_eq(cfg_ext_max(7), 160);
}
END_TEST

/* ------------------------------------------------------------------ */
/* CFG-2: systems                                                      */

static const char *const all_systems[] = {
    "z10-1cpu", "z196-1cpu",    "zEC12-1cpu", "z13-1cpu", "z14-1cpu",     "z15-1cpu", "z16-1cpu",
    "z17-1cpu", "generic-1cpu", "z16-2x2",    "z13-2x2",  "z17-4cpu-2cg", "z15-2cpu"};

START_TEST(test_CFG_2_every_system_loads)
{
    size_t i;
    for (i = 0; i < sizeof all_systems / sizeof all_systems[0]; i++) {
        cpumf_system_cfg s;
        char err[512], path[1024];
        int r = cfg_system_by_name(configs_dir(), all_systems[i], &s, err, sizeof err);
        ck_assert_msg(r == 0, "system %s: %s", all_systems[i], err);
        ck_assert_str_eq(s.name, all_systems[i]);
        ck_assert(!(s.auth_cf & CPUMF_SET_RSVD));
        /* the same through the public loader (configs dir = parent of systems/) */
        snprintf(path, sizeof path, "%s/systems/%s.json", configs_dir(), all_systems[i]);
        r = cpumf_load_system(path, &s, err, sizeof err);
        ck_assert_msg(r == 0, "system %s: %s", path, err);
    }
}
END_TEST

START_TEST(test_CFG_2_system_facts)
{
    cpumf_system_cfg s;
    char err[512];
    ck_assert_msg(cfg_system_by_name(configs_dir(), "z16-2x2", &s, err, sizeof err) == 0, "%s",
                  err);
    ck_assert_uint_eq(s.n_cpus, 4);
    ck_assert_uint_eq(s.threads_per_core, 2);
    ck_assert_uint_eq(s.mt_enabled, 1);
    ck_assert_uint_eq(s.n_cg, 1);
    ck_assert_uint_eq(s.cg_addr[0], 1);
    ck_assert_uint_eq(s.model.csvn, 7);
    ck_assert_uint_eq(s.auth_cf, CPUMF_SET_BASIC | CPUMF_SET_PROBLEM | CPUMF_SET_CRYPTO |
                                     CPUMF_SET_EXT | CPUMF_SET_MT | CPUMF_AUTH_CG);
    ck_assert_uint_eq(s.auth_sf, CPUMF_SF_BASIC | CPUMF_SF_DIAG);
    ck_assert_uint_eq(s.latency_min, 2);
    ck_assert_uint_eq(s.latency_max, 6);
    ck_assert_uint_eq(s.backpressure_pct, 20);
    ck_assert_uint_eq(s.storage_size, 0x1000000u);

    ck_assert_msg(cfg_system_by_name(configs_dir(), "z17-4cpu-2cg", &s, err, sizeof err) == 0, "%s",
                  err);
    ck_assert_uint_eq(s.n_cg, 2);
    ck_assert_uint_eq(s.cpu_cg[0], 0);
    ck_assert_uint_eq(s.cpu_cg[1], 0);
    ck_assert_uint_eq(s.cpu_cg[2], 1);
    ck_assert_uint_eq(s.cpu_cg[3], 1);
    ck_assert_uint_eq(s.n_holes, 1);
    ck_assert_uint_eq(s.holes[0].base, 0x800000u);
    ck_assert_uint_eq(s.interval_mode, 2);

    ck_assert_msg(cfg_system_by_name(configs_dir(), "z15-2cpu", &s, err, sizeof err) == 0, "%s",
                  err);
    ck_assert_uint_eq(s.dedicated, 0);
    ck_assert_uint_eq(s.n_cg, 1);
    ck_assert_uint_eq(s.lfsr_seed, 0xBEEFu);

    ck_assert_msg(cfg_system_by_name(configs_dir(), "generic-1cpu", &s, err, sizeof err) == 0, "%s",
                  err);
    ck_assert_uint_eq(s.n_cg, 0);
    ck_assert_uint_eq(s.model.unified_l1, 1);
    ck_assert_uint_eq(s.auth_cf,
                      CPUMF_SET_BASIC | CPUMF_SET_PROBLEM | CPUMF_SET_CRYPTO | CPUMF_SET_EXT);
    ck_assert_uint_eq(s.level, 1);
}
END_TEST

START_TEST(test_CFG_2_inline_system_defaults)
{
    const char *txt = "{\"name\": \"inl\", \"model\": \"z13\", \"cpus\": 2}";
    char err[512];
    cpumf_system_cfg s;
    jdoc *d = jdoc_parse_text("scenario.json", txt, err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    ck_assert_msg(cfg_system_from_json(d, jdoc_root(d), configs_dir(), &s, err, sizeof err) == 0,
                  "%s", err);
    jdoc_free(d);
    ck_assert_uint_eq(s.threads_per_core, 1);
    ck_assert_uint_eq(s.mt_enabled, 0);
    ck_assert_uint_eq(s.n_cg, 1);        /* default: one group, every CPU */
    ck_assert_uint_eq(s.cpu_addr[1], 1); /* default CPU addresses 0..n-1 */
    ck_assert_uint_eq(s.storage_size, 0x1000000u);
    ck_assert_uint_eq(s.latency_min, 2);
    ck_assert_uint_eq(s.latency_max, 4);
    ck_assert_uint_eq(s.lfsr_seed, 0xACE1u);
    ck_assert_uint_eq(s.dedicated, 1);
    ck_assert_uint_eq(s.interval_mode, 0);
    ck_assert_uint_eq(s.auth_cf & CPUMF_SET_MT, CPUMF_SET_MT); /* CSVN 4 */
}
END_TEST

START_TEST(test_CFG_2_default_dir)
{
    const char *old = getenv("CPUMF_CONFIGS");
    char save[1024] = "";
    if (old)
        snprintf(save, sizeof save, "%s", old);
    setenv("CPUMF_CONFIGS", "/some/where", 1);
    ck_assert_str_eq(cfg_default_dir(), "/some/where");
    unsetenv("CPUMF_CONFIGS");
    ck_assert(cfg_default_dir() != NULL && cfg_default_dir()[0] != '\0');
    if (old)
        setenv("CPUMF_CONFIGS", save, 1);
}
END_TEST

/* ------------------------------------------------------------------ */
/* CFG-3: refusals with file:line:col                                  */

typedef struct bad_case {
    const char *file;
    int is_model;
    int line, col;
    const char *reason; /* substring of the reason */
} bad_case;

static const bad_case bad[] = {
    {"sys_unknown_key.json", 0, 5, 3, "unknown key \"cpu\""},
    {"sys_bad_type.json", 0, 5, 21, "expected true or false"},
    {"sys_out_of_range.json", 0, 4, 11, "out of range [1, 16]"},
    {"sys_duplicate_key.json", 0, 5, 35, "duplicate key \"size\""},
    {"sys_leading_zero.json", 0, 4, 11, "leading zero"},
    {"sys_trailing_dot.json", 0, 5, 31, "digit after '.'"},
    {"sys_minus_dot.json", 0, 5, 31, "digit before '.'"},
    {"sys_exponent.json", 0, 4, 11, "not a fraction or an exponent"},
    {"sys_hex_too_long.json", 0, 5, 23, "too long"},
    {"sys_2p53_plus_1.json", 0, 5, 23, "above 2^53"},
    {"sys_truncated.json", 0, 6, 1, "unexpected end of input"},
    {"sys_missing_model.json", 0, 3, 12, "model \"z99\" not found"},
    {"sys_bad_cpu_cg.json", 0, 6, 39, "out of range [0, 1]"},
    {"sys_cpu_two_groups.json", 0, 7, 36, "CPU 1 is attached to group 0 already"},
    {"sys_reserved_auth.json", 0, 5, 44, "reserved counter set"},
    {"sys_mt_auth_old.json", 0, 5, 44, "needs CSVN > 3"},
    {"sys_tpc_not_dividing.json", 0, 5, 23, "multiple of threads_per_core"},
    {"sys_hole_outside.json", 0, 5, 45, "outside storage"},
    {"sys_latency.json", 0, 5, 30, "latency max below min"},
    {"sys_seed_zero.json", 0, 5, 29, "out of range [1, 4294967295]"},
    {"sys_mode.json", 0, 5, 33, "interval_mode must be"},
    {"sys_cg_on_generic.json", 0, 5, 25, "no coprocessor-group"},
    {"sys_dup_cpu_addr.json", 0, 5, 31, "used twice"},
    {"model_unknown_key.json", 1, 8, 3, "unknown key \"unifed_l2\""},
    {"model_ext_gap.json", 1, 54, 17, "130 is missing"},
    {"model_ps_missing.json", 1, 28, 22, "counter 37"},
    {"model_mt_old.json", 1, 36, 5, "MT-diagnostic set is not installed"},
    {"model_cfvn.json", 1, 4, 11, "CFVN must be 1 or 3"},
    {"model_dsdes_big.json", 1, 13, 14, "out of range [8, 128]"},
    {"model_dup_name.json", 1, 56, 14, "used twice"},
    {"model_null_basic.json", 1, 21, 12, "only an extended counter can be undefined"},
    {"model_undef_name.json", 1, 57, 14, "names ending in _undef are reserved"},
    {"model_perf_bad.json", 1, 55, 46, "perf name \"gen_event_0\" must be A-Z followed by A-Z"},
    {"model_perf_dup.json", 1, 56, 46, "perf name \"GEN_EVENT\" used twice"},
    {"model_counter_key.json", 1, 55, 38, "unknown key \"perf_name\""},
    {"model_counter_noname.json", 1, 55, 14, "missing required key \"name\""},
    {"model_counter_type.json", 1, 56, 14, "expected a name, {\"name\", \"perf\"} or null"},
};
#define N_BAD (sizeof bad / sizeof bad[0])

START_TEST(test_CFG_3_refused_with_position)
{
    const bad_case *b = &bad[_i];
    char path[1024], err[1024], want[1200];
    int r;
    snprintf(path, sizeof path, "%s/%s", bad_dir(), b->file);
    err[0] = '\0';
    if (b->is_model) {
        cpumf_model_cfg m;
        r = cpumf_load_model(path, &m, err, sizeof err);
    } else {
        cpumf_system_cfg s;
        jdoc *d = jdoc_parse_file(path, err, sizeof err);
        r = -1;
        if (d) {
            r = cfg_system_from_json(d, jdoc_root(d), configs_dir(), &s, err, sizeof err);
            jdoc_free(d);
        }
    }
    ck_assert_int_eq(r, -1);
    snprintf(want, sizeof want, "%s:%d:%d: ", path, b->line, b->col);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s: got \"%s\", want prefix \"%s\"",
                  b->file, err, want);
    ck_assert_msg(strstr(err, b->reason) != NULL, "%s: \"%s\" lacks \"%s\"", b->file, err,
                  b->reason);
}
END_TEST

typedef struct text_case {
    const char *text;
    int line, col;
    const char *reason;
} text_case;

static const text_case texts[] = {
    {"{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key \"a\""},
    {"[1, 01]", 1, 5, "leading zero"},
    {"[-01]", 1, 2, "leading zero"},
    {"[1.]", 1, 2, "digit after '.'"},
    {"[-.5]", 1, 2, "digit before '.'"},
    {"[1e]", 1, 3, "JSON syntax error"},
    {"{\n  \"a\": [1,\n  2,\n", 4, 1, "unexpected end of input"},
    {"{\"a\": 1} x", 1, 10, "JSON syntax error at 'x'"},
    {"{\"a\":\x01 1}", 1, 6, ""},
    {"{\"a\": tru}", 1, 7, "JSON syntax error"},
    {"", 1, 1, "unexpected end of input"},
};

START_TEST(test_CFG_3_strict_json_text)
{
    const text_case *t = &texts[_i];
    char err[512], want[128];
    jdoc *d = jdoc_parse_text("t.json", t->text, err, sizeof err);
    ck_assert_msg(d == NULL, "case %d accepted", _i);
    snprintf(want, sizeof want, "t.json:%d:%d: ", t->line, t->col);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "case %d: got \"%s\", want \"%s\"", _i,
                  err, want);
    ck_assert_msg(strstr(err, t->reason) != NULL, "case %d: \"%s\" lacks \"%s\"", _i, err,
                  t->reason);
}
END_TEST

START_TEST(test_CFG_3_typed_access)
{
    const char *txt = "{\n"
                      "  \"a\": 9007199254740992,\n"
                      "  \"b\": \"0xFFFFFFFFFFFFFFFF\",\n"
                      "  \"c\": \"18446744073709551616\",\n"
                      "  \"d\": \"0x\",\n"
                      "  \"e\": \"12\",\n"
                      "  \"f\": \"012\",\n"
                      "  \"g\": -3,\n"
                      "  \"h\": 2.5,\n"
                      "  \"i\": true,\n"
                      "  \"j\": \"x\"\n"
                      "}\n";
    static const char *const allowed[] = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", NULL};
    static const char *const fewer[] = {"a", "b", NULL};
    char err[512];
    uint64_t u;
    double f;
    int b, line, col;
    const char *s;
    const cJSON *root;
    jdoc *d = jdoc_parse_text("x.json", txt, err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    root = jdoc_root(d);
    ck_assert_str_eq(jdoc_name(d), "x.json");
    ck_assert_int_eq(jdoc_check_keys(d, root, allowed, err, sizeof err), 0);
    ck_assert_int_eq(jdoc_check_keys(d, root, fewer, err, sizeof err), -1);
    ck_assert_str_eq(err, "x.json:4:3: unknown key \"c\"");
    ck_assert_int_eq(jdoc_u64(d, jdoc_get(root, "a"), 0, UINT64_MAX, &u, err, sizeof err), 0);
    ck_assert_uint_eq(u, 9007199254740992ull);
    ck_assert_int_eq(jdoc_u64(d, jdoc_get(root, "b"), 0, UINT64_MAX, &u, err, sizeof err), 0);
    ck_assert_uint_eq(u, UINT64_MAX);
    ck_assert_int_eq(jdoc_u64(d, jdoc_get(root, "b"), 0, 10, &u, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "x.json:3:8: ") == err, "%s", err);
    ck_assert_int_eq(jdoc_u64(d, jdoc_get(root, "c"), 0, UINT64_MAX, &u, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "64 bits") != NULL, "%s", err);
    ck_assert_int_eq(jdoc_u64(d, jdoc_get(root, "d"), 0, UINT64_MAX, &u, err, sizeof err), -1);
    ck_assert_int_eq(jdoc_u64(d, jdoc_get(root, "e"), 0, UINT64_MAX, &u, err, sizeof err), 0);
    ck_assert_uint_eq(u, 12);
    ck_assert_int_eq(jdoc_u64(d, jdoc_get(root, "f"), 0, UINT64_MAX, &u, err, sizeof err), -1);
    ck_assert_int_eq(jdoc_u64(d, jdoc_get(root, "g"), 0, UINT64_MAX, &u, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "negative") != NULL, "%s", err);
    ck_assert_int_eq(jdoc_u64(d, jdoc_get(root, "h"), 0, UINT64_MAX, &u, err, sizeof err), -1);
    ck_assert_int_eq(jdoc_f64(d, jdoc_get(root, "h"), 0, 3, &f, err, sizeof err), 0);
    ck_assert(f == 2.5);
    ck_assert_int_eq(jdoc_f64(d, jdoc_get(root, "h"), 0, 2, &f, err, sizeof err), -1);
    ck_assert_int_eq(jdoc_bool(d, jdoc_get(root, "i"), &b, err, sizeof err), 0);
    ck_assert_int_eq(b, 1);
    ck_assert_int_eq(jdoc_bool(d, jdoc_get(root, "j"), &b, err, sizeof err), -1);
    ck_assert_str_eq(err, "x.json:11:8: expected true or false, found a string");
    ck_assert_int_eq(jdoc_str(d, jdoc_get(root, "j"), &s, err, sizeof err), 0);
    ck_assert_str_eq(s, "x");
    jdoc_pos(d, jdoc_get(root, "i"), &line, &col);
    ck_assert_int_eq(line, 10);
    ck_assert_int_eq(col, 8);
    jdoc_key_pos(d, jdoc_get(root, "i"), &line, &col);
    ck_assert_int_eq(line, 10);
    ck_assert_int_eq(col, 3);
    jdoc_pos(d, root, &line, &col);
    ck_assert_int_eq(line, 1);
    ck_assert_int_eq(col, 1);
    ck_assert_int_eq(jdoc_fail(d, jdoc_get(root, "g"), err, sizeof err, "bad %d", 7), -1);
    ck_assert_str_eq(err, "x.json:8:8: bad 7");
    jdoc_free(d);
}
END_TEST

START_TEST(test_CFG_3_missing_file)
{
    char err[512];
    cpumf_model_cfg m;
    cpumf_system_cfg s;
    ck_assert_int_eq(cpumf_load_model("/nonexistent/m.json", &m, err, sizeof err), -1);
    ck_assert_msg(strncmp(err, "/nonexistent/m.json:1:1: ", 25) == 0, "%s", err);
    ck_assert_int_eq(cpumf_load_system("/nonexistent/systems/s.json", &s, err, sizeof err), -1);
    ck_assert_int_eq(cfg_model_by_name(configs_dir(), "../x", &m, err, sizeof err), -1);
    ck_assert_int_eq(cfg_system_by_name(configs_dir(), "nope", &s, err, sizeof err), -1);
}
END_TEST

/* A system object inside a larger file: positions are the file's. */
START_TEST(test_CFG_3_system_text_positions)
{
    const char *file = "{\n  \"cycles\": 10,\n"
                       "  \"system\": {\"name\": \"inl\", \"model\": \"z13\",\n"
                       "             \"cpus\": 17},\n  \"other\": {\"cpus\": 2}\n}\n";
    char err[512];
    cpumf_system_cfg s;
    jspan sp;
    jdoc *d = jdoc_parse_text("sc.json", file, err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    ck_assert_int_eq(jdoc_span(d, jdoc_get(jdoc_root(d), "system"), &sp), 0);
    ck_assert_int_eq(sp.line, 3);
    ck_assert_int_eq(sp.col, 13);
    ck_assert_int_eq(file[sp.start], '{');
    ck_assert_int_eq(file[sp.end - 1], '}');
    ck_assert_int_eq(cpumf_load_system_text(file + sp.start, sp.end - sp.start, "sc.json",
                                            (unsigned)sp.line, (unsigned)sp.col, configs_dir(), &s,
                                            err, sizeof err),
                     -1);
    ck_assert_str_eq(err, "sc.json:4:22: value 17 (0x11) out of range [1, 16]");
    /* the text ends where len says, not at a NUL */
    ck_assert_int_eq(cpumf_load_system_text("{\"name\": \"x\", \"model\": \"z13\", \"cpus\": 2}, 7",
                                            40, NULL, 1, 1, configs_dir(), &s, err, sizeof err),
                     0);
    ck_assert_uint_eq(s.n_cpus, 2);
    ck_assert_str_eq(cpumf_default_configs_dir(), cfg_default_dir());
    jdoc_free(d);
}
END_TEST

static Suite *config_suite(void)
{
    Suite *s = suite_create("config");
    TCase *t1 = tcase_create("CFG-1"), *t2 = tcase_create("CFG-2"), *t3 = tcase_create("CFG-3");
    tcase_add_test(t1, test_CFG_1_every_model_loads);
    tcase_add_loop_test(t1, test_CFG_1_model_versions_and_sizes, 0,
                        (int)(sizeof facts / sizeof facts[0]));
    tcase_add_test(t1, test_CFG_1_counter_names);
    tcase_add_test(t1, test_CFG_1_perf_names_and_undefined);
    tcase_add_test(t1, test_CFG_1_installed_rules);
    tcase_add_test(t2, test_CFG_2_every_system_loads);
    tcase_add_test(t2, test_CFG_2_system_facts);
    tcase_add_test(t2, test_CFG_2_inline_system_defaults);
    tcase_add_test(t2, test_CFG_2_default_dir);
    tcase_add_loop_test(t3, test_CFG_3_refused_with_position, 0, (int)N_BAD);
    tcase_add_loop_test(t3, test_CFG_3_strict_json_text, 0, (int)(sizeof texts / sizeof texts[0]));
    tcase_add_test(t3, test_CFG_3_typed_access);
    tcase_add_test(t3, test_CFG_3_missing_file);
    tcase_add_test(t3, test_CFG_3_system_text_positions);
    suite_add_tcase(s, t1);
    suite_add_tcase(s, t2);
    suite_add_tcase(s, t3);
    return s;
}

int main(void)
{
    return unit_run(config_suite());
}
