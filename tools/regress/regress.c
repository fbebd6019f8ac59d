/* SPDX-License-Identifier: Apache-2.0 */
/*
 * regress.c - cpumf-regress, the regression runner behind `make regress`: its usage is usage()
 * below (--help), its options and reports docs/scenario-format.md section 12, its lists
 * tests/regress/README.md; what each kind of group runs is at the top of regress_list.c.
 *
 * Runs every run of the lists from the repository root, each process in its own process group
 * with a time limit, N at a time, and prints a table row per run as it ends, then the failures
 * with one reproducing command each, the runs that did not run, and "N passed, N failed" (those
 * not run counted as failed). --mutant-package FILE writes the package of the mutant build (one
 * enable flag per mutant of tests/mutants/mutants.md) to FILE, unless FILE already holds it.
 * --rebaseline-mutants runs every mutant on BUILD/cpumf-cosim-mut and rewrites the cycle, field
 * and assertion cells of the registry from their first report lines, every other byte as it was
 * (after a stimulus change: one command and a reviewed diff); a mutant not caught fails it and
 * leaves the registry unchanged.
 */
#define _XOPEN_SOURCE 700
#include "regress.h"
#include "triage.h"

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define GTKW_TEMPLATE "waves/cpumf.gtkw"
#define PNG_TIMEOUT   120.0

enum { TASK_RUN, TASK_WAVES, TASK_PNG };

typedef struct task {
    rg_proc proc;
    rg_run *run;
    char *banner;
} task;

typedef struct runner {
    const rg_config *cfg;
    rg_plan *plan;
    size_t next_run;
    task **pending; /* triage steps waiting to start */
    size_t npending;
    int png_busy; /* xvfb-run -a may pick one display twice: one at a time */
} runner;

static void usage(FILE *f)
{
    fprintf(
        f,
        "usage: cpumf-regress [LIST.json...] [-j N] [--seeds N] [--test PATTERN] [--out DIR]\n"
        "                     [--build DIR] [--mutant NAME] [--coverage] [--no-triage] "
        "[--shard K/N]\n"
        "                     [--checkpoint-every N] [--build-seconds S]\n"
        "       cpumf-regress [LIST.json...] --slurm [--slurm-tasks N] [--wait] [--partition P]\n"
        "                     [--time T] [--account A] [--sbatch-arg ARG...] [options as above]\n"
        "       cpumf-regress --merge DIR [--merge DIR...] [--out DIR] [--build DIR]\n"
        "       cpumf-regress --resume DIR [-j N] [--slurm [Slurm options as above]]\n"
        "       cpumf-regress --mutant-package FILE\n"
        "       cpumf-regress --rebaseline-mutants [--build DIR] [-j N]\n");
}

static task *new_task(rg_run *r, int kind, char **argv, char **env, const char *log, double timeout)
{
    task *t = xcalloc(1, sizeof *t);
    t->run = r;
    t->proc.kind = kind;
    t->proc.argv = argv;
    t->proc.env = env;
    t->proc.log = log;
    t->proc.timeout = timeout;
    t->proc.user = t;
    return t;
}

static void push_task(runner *x, task *t)
{
    task **p = xcalloc(x->npending + 1, sizeof *p);
    if (x->npending)
        memcpy(p, x->pending, x->npending * sizeof *p);
    free(x->pending);
    x->pending = p;
    x->pending[x->npending++] = t;
}

/* Step k of run r; each step of a run of several names its command in the log.
 * A run whose checkpoint an earlier attempt left goes on from it. */
static task *step_task(rg_run *r, size_t k)
{
    char **argv = rg_step_argv(r, k);
    if (!k && r->ckpt && access(r->ckpt, R_OK) == 0) {
        rg_argv_push(&argv, "--restore");
        rg_argv_push(&argv, r->ckpt);
    }
    task *t = new_task(r, TASK_RUN, argv, r->env, xstrdup(r->log), r->timeout);
    if (r->steps) {
        char *cmd = rg_shell_join(NULL, argv);
        t->proc.banner = t->banner = rg_fmt("%s$ %s\n", k ? "\n" : "", cmd);
        free(cmd);
    }
    t->proc.append = k > 0;
    return t;
}

static int next_proc(void *ctx, rg_proc **out)
{
    runner *x = ctx;
    for (size_t i = 0; i < x->npending; i++) {
        task *t = x->pending[i];
        if (t->proc.kind == TASK_PNG && x->png_busy)
            continue;
        if (t->proc.kind == TASK_PNG)
            x->png_busy = 1;
        memmove(x->pending + i, x->pending + i + 1, (x->npending - i - 1) * sizeof *x->pending);
        x->npending--;
        *out = &t->proc;
        return 1;
    }
    while (x->next_run < x->plan->n) {
        rg_run *r = x->plan->runs[x->next_run++];
        if (!r->argv || r->result != RG_PENDING)
            continue; /* unit test case rows */
        if (r->dir)
            rg_mkdirs(r->dir);
        for (size_t i = 0; r->mkdirs && r->mkdirs[i]; i++)
            rg_mkdirs(r->mkdirs[i]);
        *out = &step_task(r, 0)->proc;
        return 1;
    }
    return 0;
}

/* The failing command again, with waves over the window and its own files. */
static char **waves_argv(const rg_run *r, const char *dir, uint64_t from, uint64_t to)
{
    char **v = NULL;
    for (size_t i = 0; r->argv[i]; i++) {
        const char *a = r->argv[i];
        if ((!strcmp(a, "--fcov") || !strcmp(a, "--coverage")) && r->argv[i + 1]) {
            i++;
            continue;
        }
        rg_argv_push(&v, a);
        if (!strcmp(a, "--results") && r->argv[i + 1]) {
            char *res = rg_fmt("%s/results.json", dir);
            rg_argv_push(&v, res);
            free(res);
            i++;
        }
    }
    char num[32];
    rg_argv_push(&v, "--waves");
    rg_argv_push(&v, r->tr_fst);
    snprintf(num, sizeof num, "%llu", (unsigned long long)from);
    rg_argv_push(&v, "--wave-from");
    rg_argv_push(&v, num);
    snprintf(num, sizeof num, "%llu", (unsigned long long)to);
    rg_argv_push(&v, "--wave-to");
    rg_argv_push(&v, num);
    return v;
}

static uint64_t window_from(const rg_run *r)
{
    return r->mm_cycle > TRIAGE_BEFORE ? r->mm_cycle - TRIAGE_BEFORE : 0;
}

static void start_triage(runner *x, rg_run *r)
{
    char *dir = rg_fmt("%s/triage/%s", x->cfg->out, r->id);
    if (rg_mkdirs(dir) != 0) {
        r->tr_note = rg_fmt("cannot create %s", dir);
        free(dir);
        return;
    }
    r->tr_fst = rg_fmt("%s/window.fst", dir);
    char **argv = waves_argv(r, dir, window_from(r), r->mm_cycle + TRIAGE_AFTER);
    r->tr_cmd = rg_shell_join(NULL, argv);
    char *log = rg_fmt("%s/waves.log", dir);
    push_task(x, new_task(r, TASK_WAVES, argv, NULL, log, x->plan->triage_timeout));
    free(dir);
}

/* Waves written: the save file, then the PNG through GTKWave. */
static void triage_waves_done(runner *x, rg_run *r, const rg_proc *p)
{
    struct stat st;
    if (p->timed_out || stat(r->tr_fst, &st) != 0 || st.st_size == 0) {
        r->tr_note = p->timed_out
                         ? rg_fmt("waves re-run: timeout after %.0f s (%s)", p->timeout, p->log)
                         : rg_fmt("waves re-run wrote no FST (%s)", p->log);
        free(r->tr_fst);
        r->tr_fst = NULL;
        return;
    }
    if (p->exit_status == 0)
        r->tr_note = xstrdup("the re-run with waves did not fail again");
    char *dir = rg_fmt("%s/triage/%s", x->cfg->out, r->id);
    char abs[PATH_MAX], err[512];
    r->tr_gtkw = rg_fmt("%s/window.gtkw", dir);
    char *title = rg_fmt("cpumf regression triage: %s", r->cmdline);
    triage_window w = {title,
                       r->mm_field,
                       r->mm_cycle,
                       window_from(r),
                       r->mm_cycle + TRIAGE_AFTER,
                       realpath(r->tr_fst, abs) ? abs : r->tr_fst};
    char *tcl = rg_fmt("%s/png.tcl", dir), *png = rg_fmt("%s/window.png", dir);
    if (triage_write_gtkw(GTKW_TEMPLATE, r->tr_gtkw, &w, err, sizeof err) != 0) {
        free(r->tr_gtkw);
        r->tr_gtkw = NULL;
        r->tr_note = xstrdup(err);
    } else if (triage_write_tcl(tcl, png, &w) != 0) {
        r->tr_note = rg_fmt("cannot write %s", tcl);
    } else {
        char *log = rg_fmt("%s/png.log", dir);
        double limit =
            x->plan->triage_timeout < PNG_TIMEOUT ? x->plan->triage_timeout : PNG_TIMEOUT;
        remove(png);
        push_task(x, new_task(r, TASK_PNG, triage_png_argv(tcl, r->tr_gtkw), NULL, log, limit));
    }
    free(title);
    free(tcl);
    free(png);
    free(dir);
}

static void triage_png_done(runner *x, rg_run *r, const rg_proc *p)
{
    struct stat st;
    char *png = rg_fmt("%s/triage/%s/window.png", x->cfg->out, r->id);
    x->png_busy = 0;
    if (stat(png, &st) == 0 && st.st_size > 0) {
        r->tr_png = png;
        printf("  triage %s: %s\n", r->id, png);
    } else {
        free(png);
        char *note = p->timed_out ? rg_fmt("PNG: gtkwave under xvfb-run timed out (%s)", p->log)
                                  : rg_fmt("PNG not rendered (%s)", p->log);
        free(r->tr_note);
        r->tr_note = note;
        printf("  triage %s: %s\n", r->id, note);
    }
    fflush(stdout);
}

/* The last step of r has ended (or one that failed): its row, and triage. */
static void run_done(runner *x, rg_run *r, const rg_proc *p)
{
    rg_outcome(r, p);
    if (r->judged)
        rg_judge(r, p);
    if (r->ckpt && rg_finished(r))
        remove(r->ckpt); /* kept only for a run to go on from */
    if (r->mode == RG_UNIT) {
        size_t first = x->plan->n;
        rg_unit_rows(x->plan, r, p);
        if (!r->unit_parent)
            rg_print_row(r);
        for (size_t i = first; i < x->plan->n; i++)
            rg_print_row(x->plan->runs[i]);
    } else {
        rg_print_row(r);
    }
    int rtl = r->mode == RG_LOCKSTEP || r->mode == RG_XRAND || r->mode == RG_MUTANT ||
              r->mode == RG_NO_MUTANT;
    if (r->result != RG_PASS && r->mismatch && x->cfg->triage && rtl)
        start_triage(x, r);
}

static void proc_done(void *ctx, rg_proc *p)
{
    runner *x = ctx;
    task *t = p->user;
    rg_run *r = t->run;
    if (p->kind == TASK_WAVES) {
        triage_waves_done(x, r, p);
        if (r->tr_note && !r->tr_gtkw)
            printf("  triage %s: %s\n", r->id, r->tr_note);
    } else if (p->kind == TASK_PNG) {
        triage_png_done(x, r, p);
    } else {
        r->seconds += p->seconds;
        int ok = !p->spawn_failed && !p->interrupted && !p->timed_out && p->exit_status == 0;
        if (ok && r->step + 1 < rg_nsteps(r))
            push_task(x, step_task(r, ++r->step));
        else
            run_done(x, r, p);
    }
    rg_argv_free(p->argv);
    free((char *)p->log);
    free(t->banner);
    free(t);
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    remove(path);
    return 0;
}

/* Empty OUT's per-run directories and remove an earlier run's reports, so
 * nothing stale is reported, merged or taken for this run's; then check
 * that OUT can be written, before anything runs. */
static int prepare_out(const char *out)
{
    static const char *const dirs[] = {"runs", "triage", "coverage", "checkpoints"};
    static const char *const files[] = {"results.json", "junit.xml", "summary.md"};
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
        char *d = rg_fmt("%s/%s", out, dirs[i]);
        nftw(d, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
        free(d);
    }
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char *f = rg_fmt("%s/%s", out, files[i]);
        remove(f);
        free(f);
    }
    char *runs = rg_fmt("%s/runs", out), *tri = rg_fmt("%s/triage", out);
    char *cov = rg_fmt("%s/coverage/runs", out), *ck = rg_fmt("%s/checkpoints", out);
    int rc = rg_mkdirs(runs) | rg_mkdirs(tri) | rg_mkdirs(cov) | rg_mkdirs(ck);
    free(ck);
    if (!rc)
        rc = access(out, W_OK | X_OK) | access(runs, W_OK | X_OK);
    free(runs);
    free(tri);
    free(cov);
    return rc;
}

/* A failure with its reproducing command and triage, on the closing lines. */
static void print_failure(const rg_run *r)
{
    printf("FAIL %s [%s] %s: %s\n    %s\n", r->test, r->group, rg_mode_name(r->mode),
           r->reason ? r->reason : rg_result_name(r->result), r->cmdline);
    if (r->tr_png)
        printf("    waves: %s  %s  %s\n", r->tr_fst, r->tr_gtkw, r->tr_png);
    else if (r->tr_gtkw)
        printf("    waves: %s  %s\n", r->tr_fst, r->tr_gtkw);
    if (r->tr_note)
        printf("    triage: %s\n", r->tr_note);
}

/* The outputs, then the failures with their reproducing commands, what did
 * not run and what a merge lacks, and the closing line (runs not run are
 * failed there: CI reads "N passed, N failed"); the exit status.
 * interrupted: the signal that stopped the runs, or 0. */
static int finish(const rg_config *cfg, const rg_plan *plan, const rg_report_meta *m,
                  int interrupted)
{
    size_t pass, fail, notrun, shown = 0, nprob = rg_argv_len(m->problems);
    rg_write_outputs(cfg, plan, m);
    rg_count(plan, &pass, &fail, &notrun);
    if (fail)
        printf("\nFailures (reproduce each with the command below it):\n");
    for (size_t i = 0; i < plan->n; i++) {
        const rg_run *r = plan->runs[i];
        if (!r->unit_parent && r->result != RG_PASS && rg_finished(r))
            print_failure(r);
    }
    if (notrun)
        printf("\nNot run (cpumf-regress --resume %s runs them):\n", cfg->out);
    for (size_t i = 0; i < plan->n && shown < RG_LIST_MAX; i++) {
        const rg_run *r = plan->runs[i];
        if (r->unit_parent || rg_finished(r))
            continue;
        printf("NOT RUN %s [%s]: %s\n", r->id, r->group,
               r->reason ? r->reason : rg_result_name(r->result));
        shown++;
    }
    if (shown < notrun)
        printf("... and %zu more (%s/summary.md lists them)\n", notrun - shown, cfg->out);
    if (nprob)
        printf("\nIncomplete:\n");
    for (size_t i = 0; i < nprob; i++)
        printf("  %s\n", m->problems[i]);
    char *split = rg_time_split(cfg, plan, m, 8);
    printf("\nwall time %.0f s: %s\n%s/summary.md, junit.xml, results.json\n", m->wall, split,
           cfg->out);
    free(split);
    if (interrupted)
        printf("interrupted by %s\n", rg_signal_name(interrupted));
    if (notrun)
        printf("%zu not run (counted as failed): cpumf-regress --resume %s runs them\n", notrun,
               cfg->out);
    printf("%zu passed, %zu failed\n", pass, fail + notrun);
    return interrupted ? 128 + interrupted : fail || notrun || nprob ? 1 : 0;
}

/* --merge: one report of the reports in dirs, for the plan of the first; a
 * dir that is --out itself is the report being completed (a resume). */
static int merge_reports(rg_config *cfg, char *const *dirs, size_t ndirs)
{
    char out_abs[PATH_MAX], abs[PATH_MAX], err[1024];
    int base = -1;
    for (size_t i = 0; i < ndirs && realpath(cfg->out, out_abs); i++)
        if (realpath(dirs[i], abs) && !strcmp(abs, out_abs))
            base = (int)i;
    rg_merged m;
    int rc = rg_merge(dirs, ndirs, base, &m, err, sizeof err);
    if (rc == 2)
        fprintf(stderr, "%s\n", err);
    if (rc == 1) {
        fprintf(stderr, "cpumf-regress: no report to merge:\n");
        for (size_t i = 0; m.problems && m.problems[i]; i++)
            fprintf(stderr, "  %s\n", m.problems[i]);
        if (base < 0)
            prepare_out(cfg->out); /* an earlier report there must not pass for this one */
    }
    if (rc)
        return rc;
    if ((base < 0 ? prepare_out(cfg->out) : rg_coverage_in_place(cfg->out)) != 0) {
        fprintf(stderr, "cpumf-regress: --out %s: cannot create or write its directories\n",
                cfg->out);
        return 2;
    }
    cfg->mutant = m.plan->mutant;
    cfg->coverage = m.plan->coverage;
    rg_link_coverage(cfg, &m);
    rg_plan_info whole = *m.plan;
    if (base < 0) { /* the merged report stands for the whole plan */
        whole.shard_k = whole.shard_n = 1;
        whole.subset = NULL;
        whole.nsubset = 0;
    }
    rg_buf names = {0};
    for (size_t i = 0; i < ndirs; i++)
        rg_cat(&names, "%s%s", i ? ", " : "merged from ", dirs[i]);
    char *cov = rg_verilator_coverage(cfg, &m.rows);
    printf("cpumf-regress: %zu rows %s; wall time: the longest report's\n", m.rows.n, names.s);
    rg_report_meta meta = {&whole, names.s, m.wall, cov, NULL, m.problems, 0};
    return finish(cfg, &m.rows, &meta, 0);
}

/* --mutant NAME: a row of the registry. */
static int check_mutant(const char *name)
{
    rg_mutants reg;
    char err[1024];
    if (rg_mutants_load(RG_MUTANT_REGISTRY, &reg, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    int known = rg_mutants_find(&reg, name) != NULL;
    rg_mutants_free(&reg);
    if (known)
        return 0;
    fprintf(stderr, "cpumf-regress: --mutant: no mutant %s in %s\n", name, RG_MUTANT_REGISTRY);
    return 2;
}

static int mutant_package(const char *path)
{
    rg_mutants reg;
    char err[1024];
    int rc = rg_mutants_load(RG_MUTANT_REGISTRY, &reg, err, sizeof err);
    if (!rc && rg_mutants_write_package(&reg, RG_MUTANT_REGISTRY, path, err, sizeof err) != 0)
        rc = 2;
    if (rc)
        fprintf(stderr, "%s\n", err);
    rg_mutants_free(&reg);
    return rc;
}

/* The lists as cfg expands them: the rows of their runs (under cfg->out) in
 * plan and the record of the plan in info (K/N 1/1).  0, or 2 after a
 * message. */
static int plan_runs(rg_config *cfg, char *const *lists, size_t nlists, rg_plan *plan,
                     rg_plan_info *info)
{
    char err[1024];
    if (cfg->mutant && check_mutant(cfg->mutant) != 0)
        return 2;
    if (cfg->coverage) {
        char *cov = rg_fmt("%s/cpumf-cosim-cov", cfg->build);
        cfg->coverage_missing = !rg_is_exe(cov);
        free(cov);
    }
    if (rg_plan_lists(cfg, lists, nlists, plan, err, sizeof err) != 0 ||
        rg_plan_info_make(cfg, lists, nlists, info, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (!plan->n) {
        fprintf(stderr, "cpumf-regress: no run matches --test '%s'\n", cfg->test ? cfg->test : "");
        return 2;
    }
    return 0;
}

/* Keeps the rows of the runs info gives the report (ids keep the plan's
 * numbering, which a merge puts the reports back in); 0, or 2 after a message
 * when there are none or a program of theirs is not built. */
static int keep_members(rg_plan *plan, const rg_plan_info *info)
{
    size_t kept = 0;
    for (size_t i = 0; i < plan->n; i++)
        if (rg_plan_member(info, i))
            plan->runs[kept++] = plan->runs[i];
    plan->n = kept;
    if (!plan->n) {
        fprintf(stderr, "cpumf-regress: shard %u/%u has no runs\n", info->shard_k, info->shard_n);
        return 2;
    }
    for (size_t i = 0; i < plan->n; i++) {
        const rg_run *r = plan->runs[i];
        for (size_t k = 0; k < rg_nsteps(r); k++) {
            const char *bin = k ? r->steps[k - 1][0] : r->argv[0];
            if (strchr(bin, '/') && !rg_is_exe(bin)) {
                fprintf(stderr, "cpumf-regress: %s is not built (make %s)\n", bin, bin);
                return 2;
            }
        }
    }
    return 0;
}

/* Runs the rows of plan into cfg->out and reports them as the runs info
 * gives the report; names: what they come from. */
static int run_plan(rg_config *cfg, rg_plan *plan, const rg_plan_info *info, const char *names)
{
    if (prepare_out(cfg->out) != 0) {
        fprintf(stderr, "cpumf-regress: --out %s: cannot create or write its directories\n",
                cfg->out);
        return 2;
    }
    printf("cpumf-regress: %zu runs from %s, %d at a time%s%s\n\n", plan->n, names, cfg->jobs,
           cfg->mutant ? ", mutant " : "", cfg->mutant ? cfg->mutant : "");
    rg_print_header();
    double t0 = rg_now();
    runner x = {.cfg = cfg, .plan = plan};
    rg_sched_ops ops = {&x, next_proc, proc_done};
    int interrupted = rg_schedule(cfg->jobs, &ops);
    for (size_t i = 0; interrupted && i < plan->n; i++)
        if (plan->runs[i]->result == RG_PENDING && !plan->runs[i]->reason)
            plan->runs[i]->reason = rg_fmt("not started: the regression was interrupted by %s",
                                           rg_signal_name(interrupted));
    double t_cov = rg_now();
    char *cov = interrupted ? xstrdup("Not collected: the regression was interrupted.\n")
                            : rg_verilator_coverage(cfg, plan);
    rg_report_meta meta = {.plan = info,
                           .lists = names,
                           .wall = rg_now() - t0,
                           .coverage_text = cov,
                           .interrupted = interrupted ? rg_signal_name(interrupted) : NULL,
                           .coverage_seconds = rg_now() - t_cov};
    return finish(cfg, plan, &meta, interrupted);
}

/* What every task of a job array runs, up to its --shard and --out: the
 * lists with the options that change what they expand to, and -j. */
static char **list_task(const rg_config *cfg, char *const *lists, size_t nlists)
{
    char num[32];
    char **v = NULL;
    for (size_t i = 0; i < nlists; i++)
        rg_argv_push(&v, lists[i]);
    rg_argv_push(&v, "--build");
    rg_argv_push(&v, cfg->build);
    snprintf(num, sizeof num, "%d", cfg->jobs);
    rg_argv_push(&v, "-j");
    rg_argv_push(&v, num);
    if (cfg->seeds > 0) {
        snprintf(num, sizeof num, "%d", cfg->seeds);
        rg_argv_push(&v, "--seeds");
        rg_argv_push(&v, num);
    }
    if (cfg->test) {
        rg_argv_push(&v, "--test");
        rg_argv_push(&v, cfg->test);
    }
    if (cfg->mutant) {
        rg_argv_push(&v, "--mutant");
        rg_argv_push(&v, cfg->mutant);
    }
    if (cfg->coverage)
        rg_argv_push(&v, "--coverage");
    if (!cfg->triage)
        rg_argv_push(&v, "--no-triage");
    if (cfg->checkpoint_every) {
        snprintf(num, sizeof num, "%llu", (unsigned long long)cfg->checkpoint_every);
        rg_argv_push(&v, "--checkpoint-every");
        rg_argv_push(&v, num);
    }
    return v;
}

/* Plans the lists, keeps shard K/N of them, checks that their programs are
 * built, runs them and reports (or submits them to Slurm). */
static int run_lists(rg_config *cfg, char *const *lists, size_t nlists, unsigned shard_k,
                     unsigned shard_n, const rg_slurm *slurm)
{
    rg_plan plan = {0};
    rg_plan_info info;
    if (plan_runs(cfg, lists, nlists, &plan, &info) != 0)
        return 2;
    info.shard_k = shard_k;
    info.shard_n = shard_n;
    if (keep_members(&plan, &info) != 0)
        return 2;
    if (slurm->on) {
        rg_submit sub = {list_task(cfg, lists, nlists), cfg->out, NULL, cfg->out, plan.n, cfg->jobs,
                         cfg->checkpoint_every > 0};
        return rg_slurm_submit(slurm, &sub);
    }
    rg_buf names = {0};
    for (size_t i = 0; i < nlists; i++)
        rg_cat(&names, "%s%s", i ? ", " : "", lists[i]);
    return run_plan(cfg, &plan, &info, names.s);
}

/* A directory DIR/resume-M of its own for a resume's runs: the first M free. */
static char *resume_dir(const char *dir)
{
    for (unsigned m = 1;; m++) {
        char *d = rg_fmt("%s/resume-%u", dir, m);
        if (access(d, F_OK) != 0)
            return d;
        free(d);
    }
}

/* --resume DIR: the runs of DIR's report that did not run to their end, run
 * with the options of its plan into DIR/resume-M (or as shard K/N of them
 * into --out, one task of the job array of --resume --slurm), then merged
 * into DIR with the rest of its report. */
static int resume(rg_config *cfg, const char *dir, unsigned shard_k, unsigned shard_n, int in_task,
                  const rg_slurm *slurm)
{
    rg_report base = {0};
    char err[1024], *res = rg_fmt("%s/results.json", dir);
    if (rg_report_load(res, &base, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    const rg_plan_info *was = &base.plan;
    cfg->build = was->build;
    cfg->test = was->test;
    cfg->mutant = was->mutant;
    cfg->seeds = was->seeds;
    cfg->coverage = was->coverage;
    cfg->triage = was->triage;
    cfg->checkpoint_every = was->checkpoint_every;
    /* where the runs it lacks left theirs: DIR's, or a task's own (a task
     * that requeues itself resumes its --out) */
    cfg->ckpt_dir = rg_fmt("%s/checkpoints", in_task ? cfg->out : dir);
    size_t nsubset, *subset = rg_unfinished(&base, &nsubset);
    char *root = in_task ? NULL : resume_dir(dir);
    if (!in_task)
        cfg->out = root;
    rg_plan plan = {0};
    rg_plan_info info;
    if (plan_runs(cfg, was->lists, rg_argv_len(was->lists), &plan, &info) != 0)
        return 2;
    if (info.digest != was->digest) {
        fprintf(stderr,
                "%s: the plan has changed since (digest %016llx, was %016llx): the lists, the "
                "scenarios they name or the build expand to other runs; run the lists again\n",
                res, (unsigned long long)info.digest, (unsigned long long)was->digest);
        return 2;
    }
    char *dirs[] = {(char *)dir, root};
    if (!nsubset && !in_task) {
        printf("cpumf-regress: every run of %s ended; merging it again\n", dir);
        cfg->out = dir;
        return merge_reports(cfg, dirs, 1);
    }
    info.subset = subset;
    info.nsubset = nsubset;
    info.shard_k = shard_k;
    info.shard_n = shard_n;
    if (keep_members(&plan, &info) != 0)
        return 2;
    if (slurm->on) {
        char num[32];
        snprintf(num, sizeof num, "%d", cfg->jobs);
        rg_submit sub = {rg_argv(4, "--resume", dir, "-j", num),
                         root,
                         dir,
                         dir,
                         plan.n,
                         cfg->jobs,
                         cfg->checkpoint_every > 0};
        return rg_slurm_submit(slurm, &sub);
    }
    char *names = rg_fmt("the %zu runs %s lacks", nsubset, dir);
    int rc = run_plan(cfg, &plan, &info, names);
    if (in_task || rc >= 128)
        return rc;
    printf("\ncpumf-regress: merging %s and %s into %s\n", dir, root, dir);
    cfg->out = dir;
    return merge_reports(cfg, dirs, 2);
}

int main(int argc, char **argv)
{
    rg_config cfg = {.build = "build", .jobs = 0, .triage = 1, .build_seconds = -1};
    char **lists = xcalloc((size_t)argc, sizeof *lists);
    char **merges = xcalloc((size_t)argc, sizeof *merges);
    size_t nlists = 0, nmerges = 0;
    unsigned shard_k = 1, shard_n = 1, shard_given = 0;
    const char *package = NULL, *resume_from = NULL;
    int plan_opts = 0; /* options a resume takes from the plan instead */
    int rebaseline = 0;
    rg_slurm slurm = {.tasks = RG_SLURM_TASKS};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int took = rg_slurm_option(&slurm, argc, argv, i);
        if (took < 0)
            return 2;
        i += took > 1;
        if (took)
            continue;
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = !strcmp(a, "-j") || !strcmp(a, "--jobs") || !strcmp(a, "--seeds") ||
                    !strcmp(a, "--test") || !strcmp(a, "--out") || !strcmp(a, "--build") ||
                    !strcmp(a, "--mutant") || !strcmp(a, "--shard") || !strcmp(a, "--merge") ||
                    !strcmp(a, "--mutant-package") || !strcmp(a, "--resume") ||
                    !strcmp(a, "--checkpoint-every") || !strcmp(a, "--build-seconds");
        plan_opts += !strcmp(a, "--seeds") || !strcmp(a, "--test") || !strcmp(a, "--build") ||
                     !strcmp(a, "--mutant") || !strcmp(a, "--coverage") ||
                     !strcmp(a, "--no-triage") || !strcmp(a, "--checkpoint-every");
        if (takes && !val) {
            fprintf(stderr, "cpumf-regress: %s needs a value\n", a);
            usage(stderr);
            return 2;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "-j") || !strcmp(a, "--jobs") || !strcmp(a, "--seeds")) {
            char *end;
            errno = 0;
            long v = strtol(val, &end, 10);
            if (*end || errno || v < 1 || v > 1000000) {
                fprintf(stderr,
                        "cpumf-regress: %s: expected a number from 1 to 1000000, got '%s'\n", a,
                        val);
                return 2;
            }
            if (a[1] == 'j' || !strcmp(a, "--jobs"))
                cfg.jobs = (int)v;
            else
                cfg.seeds = (int)v;
        } else if (!strcmp(a, "--test")) {
            cfg.test = val;
        } else if (!strcmp(a, "--out")) {
            cfg.out = val;
        } else if (!strcmp(a, "--build")) {
            cfg.build = val;
        } else if (!strcmp(a, "--mutant")) {
            cfg.mutant = val;
        } else if (!strcmp(a, "--shard")) {
            int used = 0;
            shard_given = 1;
            if (sscanf(val, "%u/%u%n", &shard_k, &shard_n, &used) != 2 || val[used] ||
                shard_k < 1 || shard_k > shard_n) {
                fprintf(stderr, "cpumf-regress: --shard: expected K/N with 1 <= K <= N, got '%s'\n",
                        val);
                return 2;
            }
        } else if (!strcmp(a, "--mutant-package")) {
            package = val;
        } else if (!strcmp(a, "--merge")) {
            merges[nmerges++] = argv[i + 1];
        } else if (!strcmp(a, "--resume")) {
            resume_from = val;
        } else if (!strcmp(a, "--checkpoint-every")) {
            char *end;
            errno = 0;
            cfg.checkpoint_every = strtoull(val, &end, 10);
            if (*end || errno || !cfg.checkpoint_every || *val == '-') {
                fprintf(stderr, "cpumf-regress: --checkpoint-every: expected cycles, got '%s'\n",
                        val);
                return 2;
            }
        } else if (!strcmp(a, "--build-seconds")) {
            char *end;
            cfg.build_seconds = strtod(val, &end);
            if (*end || end == val || !(cfg.build_seconds >= 0 && cfg.build_seconds < 1e9)) {
                fprintf(stderr, "cpumf-regress: --build-seconds: expected seconds, got '%s'\n",
                        val);
                return 2;
            }
        } else if (!strcmp(a, "--rebaseline-mutants")) {
            rebaseline = 1;
            continue;
        } else if (!strcmp(a, "--coverage")) {
            cfg.coverage = 1;
            continue;
        } else if (!strcmp(a, "--no-triage")) {
            cfg.triage = 0;
            continue;
        } else if (a[0] == '-') {
            fprintf(stderr, "cpumf-regress: unknown option %s\n", a);
            usage(stderr);
            return 2;
        } else {
            lists[nlists++] = argv[i];
            continue;
        }
        i++;
    }
    if (nmerges && (nlists || shard_n > 1)) {
        fprintf(stderr,
                "cpumf-regress: --merge takes the shards' directories, not lists or --shard\n");
        return 2;
    }
    /* a resume's task (--shard) writes where it is told; the resume itself into DIR */
    if (resume_from && (nlists || nmerges || plan_opts || shard_given != (cfg.out != NULL))) {
        fprintf(stderr, "cpumf-regress: --resume DIR takes the lists and their options from "
                        "DIR's plan; only -j, --shard K/N with --out, and --slurm go with it\n");
        return 2;
    }
    if (rg_slurm_check(&slurm, nmerges || shard_given) != 0)
        return 2;
    if (package)
        return mutant_package(package);
    if (rebaseline)
        return rg_mutants_rebaseline(RG_MUTANT_REGISTRY, cfg.build, cfg.jobs ? cfg.jobs : 2);
    if (!nlists)
        lists[nlists++] = "tests/regress/full.json";
    char *out_default = rg_fmt("%s/regress", cfg.build);
    if (!cfg.out)
        cfg.out = out_default;
    cfg.ckpt_dir = rg_fmt("%s/checkpoints", cfg.out);
    if (nmerges)
        return merge_reports(&cfg, merges, nmerges);
    if (!cfg.jobs) {
        long n = slurm.on ? 1 : sysconf(_SC_NPROCESSORS_ONLN); /* a task asks for -j CPUs */
        cfg.jobs = n > 0 ? (int)n : 2;
    }
    if (resume_from)
        return resume(&cfg, resume_from, shard_k, shard_n, (int)shard_given, &slurm);
    return run_lists(&cfg, lists, nlists, shard_k, shard_n, &slurm);
}
