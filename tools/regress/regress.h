/* SPDX-License-Identifier: Apache-2.0 */
/*
 * regress.h - the regression runner (build/cpumf-regress): types shared by
 * its parts.  The list format is documented at the top of regress_list.c.
 *
 *   regress.c         command line, scheduling of runs, their steps and triage
 *   regress_list.c    regression lists: parse, check, expand into runs
 *   regress_plan.c    the plan's building blocks below the others: a group's
 *                     files, the runs, the plan they join, a row's plan run
 *   regress_kinds.c   the check kinds (bad, mutants, determinism, smp, shards,
 *                     commands): their runs, steps and what a pass needs
 *   regress_mutants.c the mutant registry (tests/mutants/mutants.md) and the
 *                     package of the mutant build made from it
 *   regress_exec.c    processes: spawn in own process group, time limits
 *   regress_report.c  outcome of a run, results.json, junit.xml, summary.md
 *   regress_read.c    a results.json read back (--merge, --resume)
 *   regress_coverage.c the Verilator coverage merged, for a run and a merge
 *   regress_merge.c   the plan a report belongs to, merging reports into one,
 *                     what a resume runs
 *   regress_slurm.c   --slurm: the lists as a Slurm job array and a merge job
 *   regress_util.c    strings, files, quoting
 *   triage.c          waves window, GTKWave save file, PNG of a mismatch
 */
#ifndef CPUMF_TOOLS_REGRESS_REGRESS_H
#define CPUMF_TOOLS_REGRESS_REGRESS_H

#include "json_strict.h"
#include "xalloc.h"

#include <stddef.h>
#include <stdint.h>

#define RG_MUTANT_REGISTRY "tests/mutants/mutants.md"
/* Runs not run that the closing lines and summary.md list, at most. */
#define RG_LIST_MAX 200

/* How a row ran: the simulator of a scenario run, or what a check kind did
 * (the MODE column). */
typedef enum {
    RG_MODEL,
    RG_LOCKSTEP,
    RG_XRAND,
    RG_SANITIZER,
    RG_NETLIST, /* lockstep of the netlist Yosys reads rtl/ as (cpumf-cosim-ys) */
    RG_UNIT,
    RG_MUTANT,
    RG_NO_MUTANT,
    RG_DETERMINISM,
    RG_SMP,
    RG_SHARDS,
    RG_COMMAND,
    RG_NMODES
} rg_mode;
/* What a group of a list checks (its "kind"). */
typedef enum {
    RG_KIND_SCENARIOS,
    RG_KIND_UNIT,
    RG_KIND_BAD,
    RG_KIND_MUTANTS,
    RG_KIND_DETERMINISM,
    RG_KIND_SMP,
    RG_KIND_SHARDS,
    RG_KIND_COMMANDS,
    RG_NKINDS
} rg_kind;
/* RG_PENDING: not started; RG_INTERRUPTED: stopped from outside before it
 * ended by itself (no verdict): neither has run, and a resume runs them. */
typedef enum {
    RG_PENDING,
    RG_PASS,
    RG_FAIL,
    RG_TIMEOUT,
    RG_CRASH,
    RG_BAD_INPUT,
    RG_INTERRUPTED,
    RG_NRESULTS
} rg_result;

/* What the runner was asked to do (command line). */
typedef struct rg_config {
    const char *build;  /* build directory, default "build" */
    const char *out;    /* output directory, default BUILD/regress */
    const char *test;   /* filter on test names; NULL: all */
    const char *mutant; /* lockstep runs use cpumf-cosim-mut +MUTANT_x */
    int jobs;
    int seeds;            /* > 0: replaces every seeded group's count */
    int coverage;         /* lockstep runs collect Verilator coverage */
    int coverage_missing; /* coverage asked for but cpumf-cosim-cov absent */
    int triage;
    double build_seconds;      /* --build-seconds: the builds before the runs; < 0: not given */
    uint64_t checkpoint_every; /* > 0: model runs write checkpoints this often */
    const char *ckpt_dir;      /* where their checkpoints are (OUT/checkpoints, a
                                * resume's: DIR/checkpoints) */
} rg_config;

/* What a pass needs besides ending by itself (the check kinds). */
typedef struct rg_expect {
    int exit_status;  /* of the last step */
    char **output;    /* texts the log must hold (NULL-terminated; may be NULL) */
    char **forbid;    /* texts it must not hold */
    char **files;     /* globs that must each match a non-empty file */
    char ***contains; /* per glob: texts that file must hold (NULL: none) */
    int mismatch;     /* the first report must be "MISMATCH at cycle CYCLE: FIELD" */
    uint64_t mm_cycle;
    char *mm_field;
    /* the ASSERTION lines before and after the first MISMATCH line, as
     * rg_log_assertions gives them (NULL: not checked) */
    char *as_before, *as_after;
} rg_expect;

/* One row of the result table: a scenario run, a check, or one unit test
 * case (those are made from their binary's run when it ends). */
typedef struct rg_run {
    char *id; /* unique, used in file names */
    char *group;
    char *test;     /* scenario name, mutant, check or unit test case */
    char *scenario; /* scenario file, unit test binary, list; NULL for a command */
    rg_kind kind;
    rg_mode mode;
    int has_seed;
    uint64_t seed;
    char *system; /* --system NAME; NULL: the scenario's own */
    int has_cycles;
    uint64_t cycles; /* --cycles override */
    double timeout;  /* seconds */
    char **argv;     /* NULL-terminated: the command, or the first step */
    char ***steps;   /* the later steps, NULL-terminated; may be NULL */
    size_t step;     /* the step running (0: argv) */
    char **env;      /* extra NAME=VALUE, NULL-terminated; may be NULL */
    char *cmdline;   /* the reproducing command, shell-quoted */
    char *log, *results, *fcov, *covdat, *xml;
    char *ckpt;    /* the run's checkpoint (--checkpoint-every); NULL: none */
    char *dir;     /* the run's own directory ({out}); NULL if none */
    char **mkdirs; /* directories made before the first step; may be NULL */
    int judged;    /* the check kinds: expect says what passes */
    rg_expect expect;
    int unit_parent; /* unit binary runs: rows are its test cases */
    /* outcome */
    rg_result result;
    char *reason;
    int exit_status; /* -1: killed by a signal */
    int has_run_cycles;
    uint64_t run_cycles;
    char *run_system; /* from the results file */
    double seconds;
    char **reqs; /* requirement IDs the run names */
    size_t nreqs;
    int mismatch; /* MISMATCH line seen */
    uint64_t mm_cycle;
    char *mm_field;
    /* triage */
    char *tr_cmd; /* the re-run with waves */
    char *tr_fst, *tr_gtkw, *tr_png, *tr_note;
} rg_run;

typedef struct rg_plan {
    rg_run **runs;
    size_t n, cap;
    double triage_timeout;
} rg_plan;

/* The plan a report belongs to (results.json "plan", docs/scenario-format.md
 * section 12): the lists and the options that expanded them, every run of
 * the expanded plan (its first row, the output directory written {out}), a
 * digest of them, and the runs the report was given: every N-th from the
 * K-th of the plan's runs, or of a subset of them (a resume's). */
typedef struct rg_plan_info {
    char **lists; /* NULL-terminated */
    char *build, *test, *mutant;
    int seeds, coverage, triage;
    uint64_t checkpoint_every;
    uint64_t digest;
    rg_plan runs;
    unsigned shard_k, shard_n;
    size_t *subset; /* plan indices (from 0), increasing; NULL: every run */
    size_t nsubset;
} rg_plan_info;

/* A report read back (a shard's, or a whole or merged regression's). */
typedef struct rg_report {
    char *dir;
    rg_plan rows;
    rg_plan_info plan;
    double wall;
    char *interrupted; /* the signal that stopped it, NULL: none */
    int used;          /* a merge takes its rows */
} rg_report;

/* ---- regress_util.c ---- */
char *rg_fmt(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
typedef struct rg_buf {
    char *s;
    size_t len, cap;
} rg_buf;
void rg_cat(rg_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void rg_cat_xml(rg_buf *b, const char *text);
/* A regular file of at most JDOC_MAX_BYTES; NULL if unreadable or larger. */
char *rg_read_file(const char *path);
/* Written under a temporary name and renamed (common/outfile.h); 0 ok. */
int rg_write_file(const char *path, const char *text);
/* A copy in which bytes that are not UTF-8 are U+FFFD. */
char *rg_utf8_clean(const char *s);
int rg_mkdirs(const char *dir); /* 0 ok */
/* The first line of text starting with prefix, or NULL. */
const char *rg_find_line(const char *text, const char *prefix);
char *rg_shell_join(char *const *env, char *const *argv);
char **rg_argv(size_t n, ...); /* copies, NULL-terminated */
void rg_argv_push(char ***argv, const char *s);
double rg_now(void);
void rg_argv_free(char **argv);
size_t rg_argv_len(char *const *argv);
char **rg_argv_copy(char *const *argv);
const char *rg_mode_name(rg_mode m);
const char *rg_result_name(rg_result r);
/* "file.json" -> "file"; a new string without directory and extension. */
char *rg_stem(const char *path);
/* A scenario as lists and the mutant registry name it: a bare name (no '/',
 * no ".json") stands for tests/scenarios/NAME.json.  A new string. */
char *rg_scenario_path(const char *name);
int rg_is_exe(const char *path); /* regular and executable */
/* Glob or substring: does pattern select name? */
int rg_match(const char *pattern, const char *name);

/* ---- regress_list.c, and regress_plan.c below it ---- */
/* Parse list files and expand them into runs; 0 ok, 2 with err set. */
int rg_plan_lists(const rg_config *cfg, char *const *lists, size_t nlists, rg_plan *plan, char *err,
                  size_t errlen);
/* The same for one list given as text (NUL-terminated) named name in
 * messages; nothing runs and nothing is written. */
int rg_plan_list_text(const rg_config *cfg, const char *name, const char *text, rg_plan *plan,
                      char *err, size_t errlen);
void rg_plan_add(rg_plan *plan, rg_run *r);
/* The expanded lists hold at most RG_MAX_RUNS runs: 0 when `more` fit,
 * else -1 with the reason in why. */
#define RG_MAX_RUNS 50000u
int rg_plan_room(const rg_plan *plan, uint64_t more, char *why, size_t whylen);

/* A group of a list while it is expanded into runs. */
typedef struct rg_group {
    const jdoc *doc;
    const cJSON *obj;
    const char *list; /* the list file */
    const char *name;
    rg_kind kind;
    double timeout;
    int has_cycles;
    uint64_t cycles;
    int has_seeds;
    uint64_t seed_from, seed_count;
    int modes[RG_NMODES]; /* selected by "modes" */
    const cJSON *systems; /* array or NULL */
    const cJSON *exclude; /* array or NULL */
    uint64_t cov_seeds;   /* "coverage": the first N seeds' runs collect it (true: all) */
} rg_group;
/* A new row of group g for test, numbered after the plan's rows; its log
 * under OUT/runs/, its own directory OUT/runs/ID/ when dir is set. */
rg_run *rg_new_run(const rg_config *cfg, const rg_plan *plan, const rg_group *g, const char *test,
                   rg_mode mode, const char *tag, int dir);
/* A row and everything it holds (one that never made it into a plan). */
void rg_run_free(rg_run *r);
/* Takes one scenario file of a group: 0, or -1 with the reason in why. */
typedef int (*rg_file_fn)(void *ctx, const char *file, char *why, size_t whylen);
/* The files of the globs in list ("scenarios", or with unit set the "unit" binaries under the
 * build directory; each glob checked to match, "exclude" and --test applied); each is handed to
 * fn.  0, or -1 with err set. */
int rg_group_globs(const rg_config *cfg, const rg_group *g, const cJSON *list, int unit, void *ctx,
                   rg_file_fn fn, char *err, size_t errlen);
/* The scenario files of g's "scenarios", as rg_group_globs hands them to fn. */
int rg_group_scenarios(const rg_config *cfg, const rg_group *g, void *ctx, rg_file_fn fn, char *err,
                       size_t errlen);
/* How many seeds of g run from g->seed_from (--seeds applied); 1 without "seeds". */
uint64_t rg_group_seed_count(const rg_config *cfg, const rg_group *g);
/* A non-empty array of non-empty strings; 0 or -1 with err set. */
int rg_str_array(const jdoc *d, const cJSON *a, char *err, size_t errlen);
/* A simulator of the build for mode m (model, lockstep, ...): a new path. */
char *rg_mode_binary(const rg_config *cfg, rg_mode m);
/* The kind's name in a list ("scenarios", "unit", ...). */
const char *rg_kind_name(rg_kind k);

/* ---- regress_mutants.c ---- */
typedef struct rg_mutant {
    char *name, *requirement, *scenario, *field, *description;
    uint64_t seed, cycle;
    /* the failed RTL assertions of its run with --run-on RG_MUTANT_RUN_ON,
     * before and after the first mismatch ("NAME@CYCLE, ..." or "-") */
    char *as_before, *as_after;
} rg_mutant;
typedef struct rg_mutants {
    rg_mutant *v;
    size_t n;
} rg_mutants;
/* Read the registry; 0, or 2 with "path:line:col: reason" in err. */
int rg_mutants_load(const char *path, rg_mutants *m, char *err, size_t errlen);
const rg_mutant *rg_mutants_find(const rg_mutants *m, const char *name);
/* Write the mutant build's package (one flag per mutant) unless the file
 * already holds it; 0, or -1 with err set. */
int rg_mutants_write_package(const rg_mutants *m, const char *registry, const char *path, char *err,
                             size_t errlen);
void rg_mutants_free(rg_mutants *m);
/* A mutant's run goes on this many cycles past the lockstep's first
 * difference (cpumf-cosim --run-on), so that the assertions that fail at the
 * edges after it are reported too. */
#define RG_MUTANT_RUN_ON "5"
/* The ASSERTION lines of a lockstep log as the registry's cells: those before
 * its first MISMATCH line and those after, each as "NAME@CYCLE, ..." in the
 * order reported, or "-" (both malloc'd). */
void rg_log_assertions(const char *log, char **before, char **after);
/* cpumf-regress --rebaseline-mutants: run every mutant of the registry on
 * BUILD/cpumf-cosim-mut (jobs at a time) and rewrite the cycle, field,
 * assertion and after cells of its row from its first MISMATCH line and its
 * ASSERTION lines; 0, or 1 (registry unchanged) when a mutant is not caught. */
int rg_mutants_rebaseline(const char *registry, const char *build, int jobs);

/* ---- regress_exec.c ---- */
typedef struct rg_proc {
    char **argv, **env; /* env: extra NAME=VALUE entries, may be NULL */
    const char *log;    /* stdout and stderr */
    const char *banner; /* written to the log first; NULL: none */
    int append;         /* append to the log instead of emptying it */
    double timeout;     /* seconds; SIGTERM to the group, SIGKILL 2 s later */
    void *user;
    int kind; /* the owner's tag */
    /* result */
    int exit_status; /* -1 when ended by a signal */
    int signal;      /* the signal that ended it, 0 if none */
    int timed_out;
    int interrupted; /* killed because the regression was */
    int spawn_failed;
    double start, seconds, kill_at;
    int pid;
} rg_proc;

/* next() hands out the next process to start (0: none now); done() is
 * called as each ends and may make more available to next(). */
typedef struct rg_sched_ops {
    void *ctx;
    int (*next)(void *ctx, rg_proc **p);
    void (*done)(void *ctx, rg_proc *p);
} rg_sched_ops;
/* Runs until next() has nothing and nothing runs.  0, or the signal when
 * interrupted (SIGINT/SIGTERM/SIGHUP): every running group was sent SIGTERM,
 * then SIGKILL after the grace time, and nothing more was started. */
int rg_schedule(int jobs, const rg_sched_ops *ops);

/* ---- regress_kinds.c ---- */
/* Parse group g of a check kind and add its runs; 0, or -1 with err set. */
int rg_kind_plan(const rg_config *cfg, rg_plan *plan, const rg_group *g, char *err, size_t errlen);
/* How many steps r takes (1 + its later steps). */
size_t rg_nsteps(const rg_run *r);
/* The argv of step k of r (a new array), NULL when r has no step k. */
char **rg_step_argv(const rg_run *r, size_t k);
/* After the outcome of a judged run: pass or fail by what it expects and
 * by its kind's own check of the files it wrote. */
void rg_judge(rg_run *r, const rg_proc *p);

/* ---- regress_merge.c ---- */
/* The record of the plan of the lists as cfg expands them (K/N 1/1). */
int rg_plan_info_make(const rg_config *cfg, char *const *lists, size_t nlists, rg_plan_info *p,
                      char *err, size_t errlen);
/* Is run i of the plan one of those the report was given? */
int rg_plan_member(const rg_plan_info *p, size_t i);
/* The plan run a row belongs to (its id, or for a unit test case its
 * binary's id and "-CASE"); SIZE_MAX when none (regress_plan.c). */
size_t rg_plan_index(const rg_plan_info *p, const char *row_id);
/* The reports merged: one row set for the plan of the first report read,
 * with every run the merge lacks as a row that did not run, and what was
 * wrong with the reports (a missing, interrupted or duplicate shard, a
 * report of another plan).  base: the index of the report that is being
 * completed in place (a resume), whose runs the result holds; -1: the
 * whole plan. */
typedef struct rg_merged {
    rg_report *reports;
    size_t nreports;
    rg_plan rows;
    const rg_plan_info *plan;
    char **problems; /* NULL-terminated; may be NULL */
    double wall;
} rg_merged;
/* Reads DIR/results.json of each dir (a dir without one is a missing
 * shard).  0; 1 when no dir holds a report; 2 with "file:line:col: reason"
 * in err for a malformed one. */
int rg_merge(char *const *dirs, size_t ndirs, int base, rg_merged *m, char *err, size_t errlen);
/* The runs of the report's plan that it was given and has not finished (a
 * resume runs them): plan indices, increasing, *n of them. */
size_t *rg_unfinished(const rg_report *rep, size_t *n);

/* ---- regress_report.c ---- */
/* Fill the outcome of r from its process and files; unit runs add their
 * test case rows to plan (returns how many rows r stands for now). */
void rg_outcome(rg_run *r, const rg_proc *p);
size_t rg_unit_rows(rg_plan *plan, rg_run *r, const rg_proc *p);
/* "SIGINT" ... for the signals the runner names, else NULL. */
const char *rg_signal_name(int sig);
void rg_print_header(void);
void rg_print_row(const rg_run *r);
/* What the outputs say besides the rows. */
typedef struct rg_report_meta {
    const rg_plan_info *plan;  /* the plan and the runs the report was given */
    const char *lists;         /* the lists' names, or where a merge took them from */
    double wall;               /* seconds */
    const char *coverage_text; /* the Verilator coverage section */
    const char *interrupted;   /* the signal's name, NULL: none */
    char *const *problems;     /* NULL-terminated, may be NULL: what a merge lacks */
    double coverage_seconds;   /* of the wall time, the coverage report's */
} rg_report_meta;
/* Where the wall time went: the runs, the coverage report, the builds before them
 * (when given), and the groups by their runs' seconds, largest first (at most max; 0: all),
 * each "NAME N s"; a new string. */
char *rg_time_split(const rg_config *cfg, const rg_plan *plan, const rg_report_meta *m, size_t max);
/* results.json, junit.xml, summary.md; 0, or -1 with a message. */
int rg_write_outputs(const rg_config *cfg, const rg_plan *plan, const rg_report_meta *meta);
/* The requirement IDs of a "requirements" array (of strings) into r. */
void rg_read_reqs(rg_run *r, const cJSON *req);
/* Has the row run to its end (a verdict of its own)? */
int rg_finished(const rg_run *r);
/* Counts of the rows: passed, finished but failed, not run (pending or
 * interrupted). */
void rg_count(const rg_plan *plan, size_t *pass, size_t *fail, size_t *notrun);

/* ---- regress_read.c ---- */
/* A report's results.json read back (its rows in rep->rows).  0, or 2 with
 * "file:line:col: reason" in err; rep is filled as far as it was read. */
int rg_report_load(const char *path, rg_report *rep, char *err, size_t errlen);
/* The same for a results.json given as text (NUL-terminated) named name. */
int rg_report_load_text(const char *name, const char *text, rg_report *rep, char *err,
                        size_t errlen);
void rg_report_free(rg_report *rep);
void rg_plan_info_free(rg_plan_info *p);

/* ---- regress_coverage.c ---- */
/* The Verilator coverage of the lockstep runs (the .dat files in OUT/coverage/runs)
 * merged into OUT/coverage (merged.dat, the HTML report); the markdown of
 * summary.md's section.  The runs' own files go once merged. */
char *rg_verilator_coverage(const rg_config *cfg, rg_plan *plan);
/* A merge's coverage: each used report's merged.dat, or, for one that has
 * none (it was interrupted before merging its own), the files of its rows
 * that are in the merge, linked into OUT/coverage/runs. */
void rg_link_coverage(const rg_config *cfg, const rg_merged *m);
/* A merge into the directory of one of its reports (a resume): that
 * report's logs, triage and coverage stay where its rows name them, and its
 * merged coverage joins the others to be merged again; 0, or -1. */
int rg_coverage_in_place(const char *out);

/* ---- regress_slurm.c ---- */
#define RG_SLURM_TASKS 4 /* default --slurm-tasks */
typedef struct rg_slurm {
    int on;         /* --slurm */
    int wait;       /* --wait: until the merge job ends; its exit status */
    unsigned tasks; /* --slurm-tasks N */
    char **sbatch;  /* options every sbatch takes (--partition ..., --sbatch-arg) */
} rg_slurm;
/* The Slurm option at argv[i]: how many arguments it takes (1 or 2), 0 when
 * argv[i] is none, -1 after a message on stderr (a bad or missing value). */
int rg_slurm_option(rg_slurm *s, int argc, char **argv, int i);
/* The options go together (sharded: --merge or --shard given); 0, or -1
 * after a message on stderr. */
int rg_slurm_check(const rg_slurm *s, int sharded);
/* A job array and its merge job: task K of N runs `cpumf-regress TASK...
 * --shard K/N --out ROOT/shard-K`; the merge job, once every task has
 * ended, merges BASE (when given) and the shards into OUT. */
typedef struct rg_submit {
    char **task;      /* the arguments every task runs with, up to --shard and --out */
    const char *root; /* where shard-K/ and slurm/ (scripts and logs) go */
    const char *base; /* a report the merge completes (a resume's); NULL: none */
    const char *out;  /* where the merge job writes the report */
    size_t runs;      /* runs split over the tasks (no more tasks than runs) */
    int jobs;         /* runs at a time in a task, its CPUs */
    int requeue;      /* near its time limit a task stops its runs (which leave
                       * checkpoints) and requeues itself; started again, it
                       * resumes its report */
} rg_submit;
/* Submit: 0 once submitted (with --wait: the merge job's exit status), 2
 * when sbatch failed. */
int rg_slurm_submit(const rg_slurm *s, const rg_submit *sub);

#endif
