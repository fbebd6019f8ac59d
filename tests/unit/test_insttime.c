/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_insttime.c - unit tests of cpumf-insttime's statistics and input
 * (tools/insttime) and of the program workload's timing (tb/stimulus/program.c):
 * TIME-1 and TIME-2 on the model (the loop's timings are the timing
 * contract's), TIME-3 and TIME-4 on the document's own regression example,
 * TIME-5 on a perturbed baseline, TIME-6 to TIME-9 on instructions of two
 * lengths (their cycles, the lengths refused, LINREG's rule for them, the
 * dump), every malformed input refused with its position, and each
 * instruction of the timing tables giving exactly its table's cycles and
 * events.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "it_baseline.h"
#include "it_encode.h"
#include "it_input.h"
#include "it_stats.h"
#include "it_time.h"
#include "stimulus/program.h"
#include "test_configs.h"
#include "unit_main.h"

/* The document's MVCLE example: lengths and times in microseconds. */
static const double doc_len[4] = {1000, 5000, 10000, 20000};
static const double doc_time[4] = {2.981785, 4.126426, 5.780736, 8.102098};

static void doc_stats(it_stats *s)
{
    unsigned i;
    it_stats_reset(s);
    for (i = 0; i < 4; i++)
        ck_assert_int_eq(it_stats_add(s, doc_time[i], doc_len[i], 0), 0);
}

START_TEST(test_TIME_3_running_mean_variance_sd)
{
    static it_stats s;
    double m, v, sd;
    doc_stats(&s);
    it_stats_moments(&s, &m, &v, &sd);
    ck_assert_double_eq_tol(m, 5.24776125, 1e-9);
    ck_assert_double_eq_tol(v, 3.7058354, 1e-6);
    ck_assert_double_eq_tol(sd * sd, v, 1e-12);
    /* no resetting: a fifth timing moves the running figures */
    it_stats_add(&s, 15.378707, 50000, 0);
    it_stats_moments(&s, &m, &v, &sd);
    ck_assert_double_eq_tol(m, (4 * 5.24776125 + 15.378707) / 5, 1e-9);
}
END_TEST

START_TEST(test_TIME_4_linreg_document_example)
{
    static it_stats s;
    it_fit f;
    char line[128];
    doc_stats(&s);
    ck_assert_int_eq(it_stats_linreg(&s, 0, &f), 0);
    snprintf(line, sizeof line, "TIME = %.8f + (%.10f * LENGTH)", it_trunc(f.a, 8),
             it_trunc(f.b, 10));
    ck_assert_str_eq(line, "TIME = 2.81759060 + (0.0002700189 * LENGTH)");
    snprintf(line, sizeof line, "CC = %.6f", it_trunc(f.cc, 6));
    ck_assert_str_eq(line, "CC = 0.996774");
    snprintf(line, sizeof line, "%.2f", it_fit_predict(&f, 50000));
    ck_assert_str_eq(line, "16.32");
}
END_TEST

START_TEST(test_TIME_4_linreg_needs_three_lengths)
{
    static it_stats s;
    it_fit f;
    it_stats_reset(&s);
    it_stats_add(&s, 1.0, 10, 0);
    it_stats_add(&s, 2.0, 20, 0);
    ck_assert_int_eq(it_stats_linreg(&s, 0, &f), -1);
    it_stats_add(&s, 3.0, 20, 0);
    ck_assert_int_eq(it_stats_linreg(&s, 1, &f), -1); /* every L2 the same */
    ck_assert_int_eq(it_stats_linreg(&s, 0, &f), 0);
}
END_TEST

static void load_z15(tb_timing *t)
{
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/timing/z15.json", configs_dir());
    ck_assert_msg(tb_timing_load(path, t, err, sizeof err) == 0, "%s", err);
}

/* Malformed inputs and where each is refused. */
static const struct {
    const char *text, *msg;
} bad_inputs[] = {
    {"SPIN=12345\n", "t.txt:1:6: expected 7 decimal digits"},
    {"SPIN=00001x0\n", "t.txt:1:11: expected a decimal digit"},
    {"SPIN=0000000\n", "t.txt:1:6: 0 out of range"},
    {"BCTS=0000010 X\n", "t.txt:1:14: nothing may follow BCTS="},
    {"* ok\n STATS ON\n", "t.txt:2:2: statements start in column 1"},
    {"STATS MAYBE\n", "t.txt:1:7: STATS ON, STATS OFF or STATS PRINT"},
    {"LINREG/SL\n", "t.txt:1:8: LINREG/LL, LINREG/L1 or LINREG/L2"},
    {"PREDICT\n", "t.txt:1:8: PREDICT LENGTH"},
    {"RRE ECCTR\n", "t.txt:1:10: expected FMT INST TYPE"},
    {"S ECCTR 1\n", "t.txt:1:1: ECCTR is format RRE"},
    {"RRE SCCTR 0\n", "t.txt:1:11: 0 out of range 1-449"},
    {"RSY STCCTM X 4\n", "t.txt:1:12: STCCTM: TYPE E, B, P, C or M"},
    {"RSY STCCTM B\n", "t.txt:1:13: STCCTM: one length, L1 (1-65535)"},
    {"S LCCTL ON\n", "t.txt:1:9: LCCTL: TYPE SAME"},
    {"RRE ECCTR 1 4\n", "t.txt:1:13: ECCTR takes no length"},
    {"- UPDATE D\n", "t.txt:1:10: UPDATE: TYPE B"},
    {"SS XYZ S 4\n", "t.txt:1:4: unknown instruction \"XYZ\""},
    {"XX MVC S 4\n", "t.txt:1:1: MVC is format SS"},
    {"RRE MVCLE 00 4\n", "t.txt:1:1: MVCLE is format RS"},
    {"SS MVC S 1 2\n", "t.txt:1:12: MVC: one length"},
    {"SS MVC S 1 2 3\n", "t.txt:1:14: at most two lengths"},
    {"SS MVC S\"x 1\n", "t.txt:1:9: unexpected character"},
    {"SS MVC S 1\x01\n", "t.txt:1:11: unexpected character (code 1)"},
    {"SS MVC S 1234567890\n", "t.txt:1:10: expected a number of 1 to 9 digits"},
    {"A B C D E F G H\n", "t.txt:1:15: too many fields"},
};

START_TEST(test_insttime_input_refused_with_position)
{
    static tb_timing t;
    it_input in;
    char err[512];
    load_z15(&t);
    ck_assert_int_eq(it_input_parse("t.txt", bad_inputs[_i].text, &t, &in, err, sizeof err), -1);
    ck_assert_msg(strncmp(err, bad_inputs[_i].msg, strlen(bad_inputs[_i].msg)) == 0,
                  "input %d: got \"%s\", want \"%s...\"", _i, err, bad_inputs[_i].msg);
}
END_TEST

START_TEST(test_insttime_input_accepted)
{
    static tb_timing t;
    it_input in;
    char err[512];
    const char *text = "* comment\r\n\nSPIN=0000252\nBCTS=0001000\n-     UPDATE  C\n"
                       "STATS ON\nRSY   STCCTM  E   32\nSS    MVC     S  256\n"
                       "LINREG/L1\nPREDICT 4096\nSTATS PRINT\nSTATS OFF";
    load_z15(&t);
    ck_assert_msg(it_input_parse("t.txt", text, &t, &in, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(in.n, 10);
    ck_assert_uint_eq(in.s[0].kind, IT_SPIN);
    ck_assert_uint_eq(in.s[2].what, IT_UPDATE);
    ck_assert_uint_eq(in.s[4].what, IT_FAC);
    ck_assert_uint_eq(in.s[4].op, CPUMF_OP_STCCTM);
    ck_assert_uint_eq(in.s[4].len[0], 32);
    ck_assert_uint_eq(in.s[4].spin, 252);
    ck_assert_uint_eq(in.s[5].what, IT_PGM);
    ck_assert_uint_eq(in.s[6].arg, 1);
    ck_assert_uint_eq(in.s[7].value, 4096);
    ck_assert_uint_eq(in.s[9].kind, IT_STATS_OFF);
    it_input_free(&in);
    /* without a timing table the program's instructions are unknown */
    ck_assert_int_eq(it_input_parse("t.txt", "SS MVC S 4\n", NULL, &in, err, sizeof err), -1);
}
END_TEST

/* Every instruction of the table at a few lengths: one completion and one
 * unique cycle, exactly its misses, penalty cycles and extended events. */
START_TEST(test_program_cycles_give_the_table)
{
    static const uint32_t lens[] = {1, 7, 256, 4096};
    static tb_timing t;
    unsigned i, j, l;
    load_z15(&t);
    ck_assert_uint_gt(t.n, 10);
    for (i = 0; i < t.n; i++)
        for (l = 0; l < 4; l++) {
            const tb_timing_insn *ti = &t.insn[i];
            uint32_t len[2], n, k;
            unsigned insns = 0, uniq = 0, dw[2] = {0, 0}, pen[2] = {0, 0}, ext[TB_PROG_MAX_EXT];
            /* each length it takes, at most its longest; 0 for one it does not take */
            for (j = 0; j < 2; j++)
                len[j] =
                    j < ti->def->nlen ? (lens[l] < ti->def->max[j] ? lens[l] : ti->def->max[j]) : 0;
            n = tb_timing_cycles(ti, len[0], len[1]);
            ck_assert_uint_gt(n, 0);
            ck_assert_uint_eq(n, (uint32_t)floor(ti->a + ti->b * len[0] + ti->c * len[1] + 0.5));
            memset(ext, 0, sizeof ext);
            for (k = 0; k < n; k++) {
                cpumf_cpu_in in;
                memset(&in, 0, sizeof in);
                tb_program_cycle(ti, n, k, 1, 0x1000, &in);
                insns += in.insns;
                uniq += in.uniq ? in.uniq_count : 0;
                dw[0] += in.l1i_dw;
                dw[1] += in.l1d_dw;
                pen[0] += in.l1i_pen;
                pen[1] += in.l1d_pen;
                ck_assert_uint_eq(in.problem, 1);
                ck_assert_uint_eq(in.ia, 0x1000);
                for (j = 0; j < ti->n_ext; j++)
                    ext[j] += cpumf_ext_count(&in, ti->ext_k[j]);
            }
            ck_assert_uint_eq(insns, 1);
            ck_assert_uint_eq(uniq, 1);
            for (j = 0; j < 2; j++) {
                ck_assert_uint_eq(dw[j], ti->l1_miss[j]);
                ck_assert_uint_eq(pen[j], (unsigned)ti->l1_miss[j] * ti->l1_pen[j]);
            }
            for (j = 0; j < ti->n_ext; j++)
                ck_assert_uint_eq(ext[j], ti->ext_n[j]);
        }
}
END_TEST

/* Malformed program members and timing tables, refused with their position. */
static const struct {
    const char *text, *msg;
} bad_programs[] = {
    {"{\"timing\": \"z15\", \"loop\": []}", "p.json:1:27: loop: expected a non-empty array"},
    {"{\"timing\": \"nope\", \"loop\": [{\"insn\": \"L\"}]}", "p.json:1:12: timing \"nope\""},
    {"{\"timing\": \"../z15\", \"loop\": []}", "p.json:1:12: timing: bad model name"},
    {"{\"timing\": \"z15\", \"loop\": [{\"insn\": \"XX\"}]}",
     "p.json:1:37: instruction \"XX\" is not in the z15 timing table"},
    {"{\"timing\": \"z15\", \"ia\": 1, \"loop\": [{\"insn\": \"L\"}]}",
     "p.json:1:25: ia: instruction addresses are even"},
    {"{\"timing\": \"z15\", \"loop\": [{\"insn\": \"L\", \"size\": 1}]}", "p.json:1:42: unknown"},
    {"{\"timing\": \"z15\", \"loop\": [{\"insn\": \"MVC\", \"length\": 9999999}]}",
     "p.json:1:54: length: MVC's L1 is 1-256, not 9999999"},
};

/* TIME-6 and TIME-7 in a program loop: each instruction with the lengths it
 * takes, each within what it can take. */
static const struct {
    const char *text, *msg;
} bad_program_lengths[] = {
    {"{\"timing\": \"z15\", \"loop\": [{\"insn\": \"MVCL\", \"length\": 4096}]}",
     "p.json:1:55: MVCL takes \"length\": [L1, L2]"},
    {"{\"timing\": \"z15\", \"loop\": [{\"insn\": \"MVCL\", \"length\": [4096, 0]}]}",
     "p.json:1:62: length: MVCL's L2 is 1-999999, not 0"},
    {"{\"timing\": \"z15\", \"loop\": [{\"insn\": \"LR\", \"length\": 4}]}",
     "p.json:1:53: LR takes no \"length\""},
    {"{\"timing\": \"z15\", \"loop\": [{\"insn\": \"MVC\"}]}",
     "p.json:1:28: MVC takes \"length\": L1"},
    {"{\"timing\": \"z15\", \"loop\": [{\"insn\": \"MVC\", \"length\": [8]}]}",
     "p.json:1:54: MVC takes \"length\": L1"},
    {"{\"timing\": \"z15\", \"loop\": [{\"insn\": \"LM\", \"length\": 17}]}",
     "p.json:1:53: length: LM's L1 is 1-16, not 17"},
};

static void program_refused(const char *text, const char *msg)
{
    tb_program_cfg *p = malloc(sizeof *p);
    char err[1024];
    jdoc *d = jdoc_parse_text("p.json", text, err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    ck_assert_int_eq(tb_program_from_json(d, jdoc_root(d), configs_dir(), p, err, sizeof err), -1);
    ck_assert_msg(strncmp(err, msg, strlen(msg)) == 0, "got \"%s\", want \"%s...\"", err, msg);
    jdoc_free(d);
    free(p);
}

START_TEST(test_TIME_7_program_lengths_refused)
{
    program_refused(bad_program_lengths[_i].text, bad_program_lengths[_i].msg);
}
END_TEST

/* Timing tables: real instructions of their real length, and no coefficient
 * for a length the instruction does not take. */
static const struct {
    const char *text, *msg;
} bad_timings[] = {
    {"{\"model\": \"x\", \"instructions\": {\"XYZ\": {\"ilen\": 2, \"cycles\": [1, 0]}}}",
     "t.json:1:33: XYZ: not an instruction a program can run"},
    {"{\"model\": \"x\", \"instructions\": {\"MVC\": {\"ilen\": 4, \"cycles\": [1, 0]}}}",
     "t.json:1:49: ilen: MVC is 6 bytes long (format SS)"},
    {"{\"model\": \"x\", \"instructions\": {\"LR\": {\"ilen\": 2, \"cycles\": [1, 1]}}}",
     "t.json:1:65: cycles: LR takes no length: b must be 0"},
    {"{\"model\": \"x\", \"instructions\": {\"MVC\": {\"ilen\": 6, \"cycles\": [1, 1, 1]}}}",
     "t.json:1:69: cycles: MVC takes no L2: c must be 0"},
    {"{\"model\": \"x\", \"instructions\": {\"MVC\": {\"ilen\": 6, \"cycles\": [1, 1, 1, 1]}}}",
     "t.json:1:62: MVC: \"cycles\": expected [a, b] or [a, b, c]"},
    {"{\"model\": \"x\", \"instructions\": {\"MVC\": {\"ilen\": 6}}}",
     "t.json:1:40: MVC: missing \"cycles\""},
};

START_TEST(test_TIME_6_timing_table_refused_with_position)
{
    static tb_timing t;
    char err[1024];
    jdoc *d = jdoc_parse_text("t.json", bad_timings[_i].text, err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    ck_assert_int_eq(tb_timing_from_json(d, jdoc_root(d), &t, err, sizeof err), -1);
    ck_assert_msg(strncmp(err, bad_timings[_i].msg, strlen(bad_timings[_i].msg)) == 0,
                  "table %d: got \"%s\", want \"%s...\"", _i, err, bad_timings[_i].msg);
    jdoc_free(d);
}
END_TEST

START_TEST(test_program_refused_with_position)
{
    program_refused(bad_programs[_i].text, bad_programs[_i].msg);
}
END_TEST

START_TEST(test_program_loop_addresses)
{
    tb_program_cfg *p = malloc(sizeof *p);
    tb_program_cpu c = {0, 0};
    char err[1024];
    const char *text =
        "{\"timing\": \"z15\", \"ia\": \"0x8000\", \"loop\": [{\"insn\": \"L\"}, "
        "{\"insn\": \"MVC\", \"length\": 8, \"problem\": true}, {\"insn\": \"BCT\"}]}";
    jdoc *d = jdoc_parse_text("p.json", text, err, sizeof err);
    unsigned k, insns = 0, cyc = 0;
    ck_assert_msg(tb_program_from_json(d, jdoc_root(d), configs_dir(), p, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_uint_eq(p->n, 3);
    ck_assert_uint_eq(p->loop[1].ia, 0x8004);
    ck_assert_uint_eq(p->loop[2].ia, 0x800a);
    ck_assert_uint_eq(p->loop[1].cycles, 5);
    /* two passes of the loop: 2 + 5 + 1 cycles each */
    for (k = 0; k < 16; k++) {
        cpumf_cpu_in in;
        memset(&in, 0, sizeof in);
        tb_program_step(p, &c, &in);
        insns += in.insns;
        cyc += in.problem;
    }
    ck_assert_uint_eq(insns, 6);
    ck_assert_uint_eq(cyc, 10);
    jdoc_free(d);
    free(p);
}
END_TEST

/* A timer on one z15 CPU of the model, the z15 timing table, SPIN 100. */
typedef struct bench {
    cpumf_sys *sys;
    it_timer t;
    tb_timing tbl;
    it_input in;
} bench;

static bench *bench_z15(const char *text)
{
    bench *b = calloc(1, sizeof *b);
    cpumf_system_cfg cfg;
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/systems/z15-1cpu.json", configs_dir());
    ck_assert_msg(cpumf_load_system(path, &cfg, err, sizeof err) == 0, "%s", err);
    load_z15(&b->tbl);
    ck_assert_msg(it_input_parse("t.txt", text, &b->tbl, &b->in, err, sizeof err) == 0, "%s", err);
    b->sys = cpumf_create(&cfg, err, sizeof err);
    ck_assert_msg(b->sys != NULL, "%s", err);
    b->t.rounds = 2;
    b->t.timing = &b->tbl;
    b->t.obs = calloc(1, sizeof *b->t.obs);
    ck_assert_msg(it_machine_init(&b->t.m, &cfg, 1, tb_model_backend(b->sys), err, sizeof err) == 0,
                  "%s", err);
    ck_assert_msg(it_timer_init(&b->t, 1000, err, sizeof err) == 0, "%s", err);
    return b;
}

static double time_of(bench *b, unsigned k)
{
    it_result r;
    char err[512];
    ck_assert_msg(it_time_stmt(&b->t, &b->in.s[k], &r, err, sizeof err) == 0, "%s", err);
    return r.cycles;
}

static void bench_free(bench *b)
{
    it_machine_free(&b->t.m);
    cpumf_destroy(b->sys);
    it_input_free(&b->in);
    free(b->t.obs);
    free(b);
}

/* ECCTR is accepted, decoded, executed and answered in 4 cycles (docs/uarch.md
 * section 5), the table's BCT takes 1 and its MVC of 256 bytes 3 + 256 / 4. */
START_TEST(test_TIME_1_loop_gives_the_contract)
{
    bench *b = bench_z15("SPIN=0000100\nRRE ECCTR 1\nSS MVC S 256\n");
    ck_assert_double_eq(b->t.bct_cycles, 1.0);
    ck_assert_uint_eq(b->t.speed, 5200);
    ck_assert_double_eq(time_of(b, 1), 4.0);
    ck_assert_double_eq(time_of(b, 2), 67.0);
    bench_free(b);
}
END_TEST

/* LCCTL switching a set off is timed with the LCCTL that restores it, whose
 * own loop is subtracted: it costs what a reloading LCCTL costs, not two. */
START_TEST(test_TIME_2_restoring_instruction_subtracted)
{
    bench *b = bench_z15("SPIN=0000200\nS LCCTL SAME\nS LCCTL OFF\n");
    double same = time_of(b, 1), off = time_of(b, 2);
    ck_assert_double_gt(same, 6.0);
    ck_assert_double_lt(fabs(off - same), 1.0);
    bench_free(b);
}
END_TEST

/* A timing that moved by more than max(1 cycle, 3 standard deviations) is
 * named; one within is not; new and missing ones are named. */
START_TEST(test_TIME_5_baseline_names_what_moved)
{
    it_rec base[3] = {{1, "ECCTR", "1", {0, 0}, 0, 4.0, 0.0},
                      {2, "STCCTM", "B", {6, 0}, 1, 52.0, 0.5},
                      {3, "QSI", "00", {0, 0}, 0, 68.0, 0.1}};
    it_rec cur[3] = {{1, "ECCTR", "1", {0, 0}, 0, 5.5, 0.0},
                     {2, "STCCTM", "B", {6, 0}, 1, 53.4, 0.1},
                     {3, "QCTRI", "00", {0, 0}, 0, 68.0, 0.1}};
    it_baseline b = {3, base};
    FILE *f = tmpfile();
    char text[1024];
    size_t n;
    ck_assert_uint_eq(it_baseline_compare(&b, cur, 3, f), 3);
    rewind(f);
    n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    ck_assert_ptr_nonnull(strstr(text, "MOVED ECCTR 1 (line 1): 5.5000 cycles, baseline 4.0000"));
    ck_assert_ptr_null(strstr(text, "MOVED STCCTM"));
    ck_assert_ptr_nonnull(strstr(text, "NEW QCTRI 00"));
    ck_assert_ptr_nonnull(strstr(text, "MISSING QSI 00"));
    ck_assert_double_eq(it_moved_limit(0.1, 0.5), 1.5);
    ck_assert_double_eq(it_moved_limit(0.1, 0.2), 1.0);
}
END_TEST

/* Two-length instructions in a program loop: MVCL at (4096, 1024) takes
 * 40 + 4096 / 32 + 1024 * 3 / 32 cycles, LM of 16 registers 2 + 16. */
START_TEST(test_TIME_6_program_loop_of_two_lengths)
{
    tb_program_cfg *p = malloc(sizeof *p);
    char err[1024];
    const char *text = "{\"timing\": \"z15\", \"loop\": [{\"insn\": \"MVCL\", \"length\": "
                       "[4096, 1024]}, {\"insn\": \"LM\", \"length\": 16}, {\"insn\": \"BCT\"}]}";
    jdoc *d = jdoc_parse_text("p.json", text, err, sizeof err);
    ck_assert_msg(tb_program_from_json(d, jdoc_root(d), configs_dir(), p, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_uint_eq(p->loop[0].len[0], 4096);
    ck_assert_uint_eq(p->loop[0].len[1], 1024);
    ck_assert_uint_eq(p->loop[0].cycles, 264);
    ck_assert_uint_eq(p->loop[1].cycles, 18);
    ck_assert_uint_eq(p->loop[1].ia, 0x10002); /* MVCL is RR: 2 bytes */
    ck_assert_uint_eq(p->loop[2].ia, 0x10006);
    jdoc_free(d);
    free(p);
}
END_TEST

/* The loop finds the table's cycles on both lengths. */
START_TEST(test_TIME_6_timing_of_two_lengths)
{
    bench *b = bench_z15("SPIN=0000100\nRR MVCL 00 4096 1024\nRR MVCL 00 4096 2048\n"
                         "SS MP P 8 4\nRS STM 0B 16\n");
    ck_assert_double_eq(time_of(b, 1), 264.0);
    ck_assert_double_eq(time_of(b, 2), 360.0);
    ck_assert_double_eq(time_of(b, 3), 20.0 + 6 * 8 + 3 * 4);
    ck_assert_double_eq(time_of(b, 4), 10.0);
    bench_free(b);
}
END_TEST

static const struct {
    const char *text, *msg;
} bad_lengths[] = {
    {"RR MVCL 00 4096\n", "t.txt:1:16: MVCL: two lengths, L1 (1-999999) and L2 (1-999999)"},
    {"RR MVCL 00 0 5\n", "t.txt:1:12: 0 out of range 1-999999"},
    {"RR MVCL 00 1000000 5\n", "t.txt:1:12: 1000000 out of range 1-999999"},
    {"SS MVC S\n", "t.txt:1:9: MVC: one length, L1 (1-256)"},
    {"SS MVC S 257\n", "t.txt:1:10: MVC: L1 257 out of range 1-256"},
    {"SS MP P 8 9\n", "t.txt:1:11: MP: L2 9 out of range 1-8"},
    {"RS LM 0B 17\n", "t.txt:1:10: LM: L1 17 out of range 1-16"},
    {"RSY STCCTM E 65536\n", "t.txt:1:14: STCCTM: L1 65536 out of range 1-65535"},
    {"RR LR 00 4\n", "t.txt:1:10: LR takes no length"},
    {"RRE CKSM 00 999999\n", "t.txt:1:13: CKSM: lengths out of range for its timing"},
};

START_TEST(test_TIME_7_lengths_refused_with_position)
{
    static tb_timing t;
    it_input in;
    char err[512];
    load_z15(&t);
    ck_assert_int_eq(it_input_parse("t.txt", bad_lengths[_i].text, &t, &in, err, sizeof err), -1);
    ck_assert_msg(strncmp(err, bad_lengths[_i].msg, strlen(bad_lengths[_i].msg)) == 0,
                  "input %d: got \"%s\", want \"%s...\"", _i, err, bad_lengths[_i].msg);
}
END_TEST

/* LINREG/L1 and /L2: the other length the same in every timing collected,
 * the regressed one in each; LINREG/LL: one length in each. */
static const struct {
    const char *text, *msg;
} bad_linregs[] = {
    {"STATS ON\nRR MVCL 00 10 5\nRR MVCL 00 20 6\nRR MVCL 00 30 5\nLINREG/L1\n",
     "t.txt:5:8: LINREG/L1: L2 must be the same in every timing collected: 5 at line 2 (MVCL), "
     "6 at line 3 (MVCL)"},
    {"STATS ON\nRR MVCL 00 10 5\nRR MVCL 00 10 6\nSTATS ON\nRR MVCL 00 30 7\nLINREG/L2\n",
     "t.txt:6:8: LINREG/L2: L1 must be the same in every timing collected: 10 at line 2 (MVCL), "
     "30 at line 5 (MVCL)"},
    {"STATS ON\nSS MVC S 10\nRR MVCL 00 20 5\nLINREG/L1\n",
     "t.txt:4:8: LINREG/L1: L2 must be the same in every timing collected: none at line 2 (MVC), "
     "5 at line 3 (MVCL)"},
    {"STATS ON\nRR MVCL 00 20 5\nSS MVC S 10\nLINREG/L2\n",
     "t.txt:4:8: LINREG/L2: the timing of line 3 (MVC) has no L2"},
    {"STATS ON\nRR MVCL 00 10 5\nLINREG/LL\n",
     "t.txt:3:8: LINREG/LL: the timing of line 2 (MVCL) has two lengths"},
    {"STATS ON\nBCTS=0001000\nSS MVC S 10\nLINREG/LL\n",
     "t.txt:4:8: LINREG/LL: the timing of line 2 (BCT) has no length"},
    {"STATS ON\nRRE ECCTR 1\nLINREG/L1\n", "t.txt:3:8: LINREG/L1: the timing of line 2 (ECCTR) "
                                           "has no L1"},
};

START_TEST(test_TIME_8_linreg_other_length_refused)
{
    static tb_timing t;
    it_input in;
    char err[512];
    load_z15(&t);
    ck_assert_int_eq(it_input_parse("t.txt", bad_linregs[_i].text, &t, &in, err, sizeof err), -1);
    ck_assert_msg(strncmp(err, bad_linregs[_i].msg, strlen(bad_linregs[_i].msg)) == 0,
                  "input %d: got \"%s\", want \"%s...\"", _i, err, bad_linregs[_i].msg);
}
END_TEST

/* What the rule lets through: a timing outside STATS ON, a collection that
 * STATS OFF ended, single lengths fitted on L1, a LINREG with nothing collected. */
START_TEST(test_TIME_8_linreg_other_length_accepted)
{
    static tb_timing t;
    it_input in;
    char err[512];
    const char *text = "LINREG/L2\nSTATS ON\nRR MVCL 00 10 5\nRR MVCL 00 20 5\nLINREG/L1\n"
                       "STATS OFF\nRR MVCL 00 1 1\nSTATS ON\nRR MVCL 00 10 5\nRR MVCL 00 10 6\n"
                       "LINREG/L2\nSTATS OFF\nSTATS ON\nSS MVC S 10\nSS MVC S 20\nLINREG/L1\n"
                       "LINREG/LL\n";
    load_z15(&t);
    ck_assert_msg(it_input_parse("t.txt", text, &t, &in, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(in.n, 17);
    it_input_free(&in);
}
END_TEST

/* The instruction text of each format, as docs/insttime.md lays it out. */
START_TEST(test_TIME_9_dump_of_each_format)
{
    static const char *const want[] = {"D2FFC000C100", "FC73C000C100", "9821C000", "E326C0000004",
                                       "58200000",     "58260000",     "0E24",     "B2E40024",
                                       "B280C010",     "EB21C0000117", "B2410024", "-"};
    bench *b = bench_z15("SPIN=0000126\nSS MVC S 256\nSS MP P 8 4\nRS LM 0B 16\nRXY LG XB\n"
                         "RX L 00\nRX L X0\nRR MVCL 00 10 5\nRRE ECCTR 1\nS LPP 00\n"
                         "RSY STCCTM B 6\nRRE CKSM 00 4\n- UPDATE B\n");
    unsigned i;
    for (i = 0; i < sizeof want / sizeof want[0]; i++) {
        char hex[IT_DUMP];
        it_dump(&b->t, &b->in.s[i + 1], hex);
        ck_assert_str_eq(hex, want[i]);
    }
    bench_free(b);
}
END_TEST

static Suite *insttime_suite(void)
{
    Suite *s = suite_create("insttime");
    TCase *tc = tcase_create("insttime");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_TIME_1_loop_gives_the_contract);
    tcase_add_test(tc, test_TIME_2_restoring_instruction_subtracted);
    tcase_add_test(tc, test_TIME_5_baseline_names_what_moved);
    tcase_add_test(tc, test_TIME_3_running_mean_variance_sd);
    tcase_add_test(tc, test_TIME_4_linreg_document_example);
    tcase_add_test(tc, test_TIME_4_linreg_needs_three_lengths);
    tcase_add_loop_test(tc, test_insttime_input_refused_with_position, 0,
                        (int)(sizeof bad_inputs / sizeof bad_inputs[0]));
    tcase_add_test(tc, test_insttime_input_accepted);
    tcase_add_test(tc, test_program_cycles_give_the_table);
    tcase_add_loop_test(tc, test_program_refused_with_position, 0,
                        (int)(sizeof bad_programs / sizeof bad_programs[0]));
    tcase_add_test(tc, test_program_loop_addresses);
    tcase_add_loop_test(tc, test_TIME_6_timing_table_refused_with_position, 0,
                        (int)(sizeof bad_timings / sizeof bad_timings[0]));
    tcase_add_test(tc, test_TIME_6_program_loop_of_two_lengths);
    tcase_add_test(tc, test_TIME_6_timing_of_two_lengths);
    tcase_add_loop_test(tc, test_TIME_7_program_lengths_refused, 0,
                        (int)(sizeof bad_program_lengths / sizeof bad_program_lengths[0]));
    tcase_add_loop_test(tc, test_TIME_7_lengths_refused_with_position, 0,
                        (int)(sizeof bad_lengths / sizeof bad_lengths[0]));
    tcase_add_loop_test(tc, test_TIME_8_linreg_other_length_refused, 0,
                        (int)(sizeof bad_linregs / sizeof bad_linregs[0]));
    tcase_add_test(tc, test_TIME_8_linreg_other_length_accepted);
    tcase_add_test(tc, test_TIME_9_dump_of_each_format);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(insttime_suite());
}
