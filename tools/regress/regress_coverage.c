/* SPDX-License-Identifier: Apache-2.0 */
/*
 * regress_coverage.c - the Verilator line, toggle and cover-point coverage of a
 * regression's lockstep runs: their .dat files merged at the end into one
 * report (tests/coverage_report.sh), and, for a merge of reports, each
 * report's coverage brought together to be merged again.
 */
#define _XOPEN_SOURCE 700
#include "regress.h"

#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define COVERAGE_SCRIPT  "tests/coverage_report.sh"
#define COVERAGE_TIMEOUT 1800.0
#define UNCOVERED_LINES  20

/* One process through the scheduler: its time limit and own group. */
typedef struct single {
    rg_proc *p;
    int given;
} single;

static int single_next(void *ctx, rg_proc **out)
{
    single *s = ctx;
    if (s->given)
        return 0;
    s->given = 1;
    *out = s->p;
    return 1;
}

static void single_done(void *ctx, rg_proc *p)
{
    (void)ctx;
    (void)p;
}

/* The RTL's cover points (COVER, rtl/mf_assert.svh) no run reached: the
 * lines "MODULE.NAME 0" of coverage/covers.txt. */
static void unreached_covers(rg_buf *b, const char *out)
{
    char *path = rg_fmt("%s/coverage/covers.txt", out), *text = rg_read_file(path);
    int n = 0;
    for (char *l = text ? strtok(text, "\n") : NULL; l; l = strtok(NULL, "\n")) {
        const char *sp = strrchr(l, ' ');
        if (!sp || strcmp(sp, " 0"))
            continue;
        rg_cat(b, "%s`%.*s`", n++ ? ", " : "\nCover points not reached: ", (int)(sp - l), l);
    }
    rg_cat(b, "%s", n ? ".\n" : text && *text ? "\nEvery cover point was reached.\n" : "");
    free(text);
    free(path);
}

/* After a good merge the runs' .dat files (about 1 MB each) go: merged.dat
 * holds them all, and --merge of shards uses each shard's merged.dat. */
static void drop_run_dats(const rg_config *cfg, rg_plan *plan)
{
    for (size_t i = 0; i < plan->n; i++) {
        rg_run *r = plan->runs[i];
        if (!r->covdat)
            continue;
        remove(r->covdat);
        free(r->covdat);
        r->covdat = NULL;
    }
    char *pat = rg_fmt("%s/coverage/runs/*.dat", cfg->out);
    glob_t gl;
    if (glob(pat, 0, NULL, &gl) == 0) {
        for (size_t i = 0; i < gl.gl_pathc; i++)
            remove(gl.gl_pathv[i]);
        globfree(&gl);
    }
    free(pat);
}

char *rg_verilator_coverage(const rg_config *cfg, rg_plan *plan)
{
    if (!cfg->coverage)
        return xstrdup("Not collected (the regression ran without --coverage).\n");
    if (cfg->coverage_missing)
        return rg_fmt(
            "Not collected: %s/cpumf-cosim-cov is not built, lockstep runs used cpumf-cosim.\n",
            cfg->build);
    if (cfg->mutant)
        return xstrdup("Not collected: lockstep runs used the mutant build.\n");
    if (!rg_is_exe(COVERAGE_SCRIPT))
        return xstrdup("Not collected into a report: " COVERAGE_SCRIPT
                       " is missing; the runs' .dat files are in coverage/runs/.\n");
    char *pat = rg_fmt("%s/coverage/runs/*.dat", cfg->out);
    glob_t gl;
    int found = glob(pat, 0, NULL, &gl) == 0;
    if (found)
        globfree(&gl);
    free(pat);
    if (!found)
        return xstrdup("Not collected: no lockstep run wrote a coverage .dat file.\n");

    char *in = rg_fmt("%s/coverage/runs", cfg->out), *outdir = rg_fmt("%s/coverage", cfg->out);
    char *log = rg_fmt("%s/coverage/report.log", cfg->out);
    rg_proc p = {
        .argv = rg_argv(3, COVERAGE_SCRIPT, in, outdir), .log = log, .timeout = COVERAGE_TIMEOUT};
    single one = {&p, 0};
    rg_sched_ops ops = {&one, single_next, single_done};
    printf("\ncoverage: %s %s %s\n", COVERAGE_SCRIPT, in, outdir);
    fflush(stdout);
    rg_buf b = {0};
    rg_cat(&b, "%s", "");
    if (rg_schedule(1, &ops) != 0 || p.exit_status != 0) {
        rg_cat(&b,
               "The coverage report failed (%s); see [coverage/report.log](coverage/report.log).\n",
               p.timed_out         ? "timeout"
               : p.exit_status < 0 ? "killed"
                                   : "non-zero exit status");
    } else {
        char *text = rg_read_file(log);
        for (char *l = text ? strtok(text, "\n") : NULL; l; l = strtok(NULL, "\n"))
            if (!strncmp(l, "line:", 5) || !strncmp(l, "toggle:", 7) || !strncmp(l, "cover:", 6))
                rg_cat(&b, "- %s\n", l);
        free(text);
        rg_cat(&b, "\nReport: [coverage/html/index.html](coverage/html/index.html); all points in "
                   "[coverage/merged.dat](coverage/merged.dat).\n");
        drop_run_dats(cfg, plan);
        char *unc = rg_fmt("%s/coverage/uncovered.txt", cfg->out);
        text = rg_read_file(unc);
        if (text && !*text) {
            rg_cat(&b, "\nEvery measured line of `rtl/` ran.\n");
        } else if (text) {
            rg_cat(&b, "\nNot covered (first lines of "
                       "[coverage/uncovered.txt](coverage/uncovered.txt)):\n\n");
            int n = 0;
            for (char *l = strtok(text, "\n"); l && n < UNCOVERED_LINES;
                 l = strtok(NULL, "\n"), n++)
                rg_cat(&b, "    %s\n", l);
        }
        free(text);
        free(unc);
        unreached_covers(&b, cfg->out);
    }
    for (size_t i = 0; p.argv[i]; i++)
        free(p.argv[i]);
    free(p.argv);
    free(in);
    free(outdir);
    free(log);
    return b.s;
}

void rg_link_coverage(const rg_config *cfg, const rg_merged *m)
{
    for (size_t i = 0; i < m->nreports; i++) {
        const rg_report *rep = &m->reports[i];
        char abs[PATH_MAX];
        char *dat = rg_fmt("%s/coverage/merged.dat", rep->dir);
        if (rep->used && realpath(dat, abs)) {
            char *link = rg_fmt("%s/coverage/runs/report-%zu.dat", cfg->out, i + 1);
            if (symlink(abs, link) != 0)
                fprintf(stderr, "cpumf-regress: cannot link %s to %s\n", link, abs);
            free(link);
        }
        for (size_t k = 0; rep->used && !realpath(dat, abs) && k < rep->rows.n; k++) {
            const rg_run *r = rep->rows.runs[k];
            size_t j = 0;
            while (j < m->rows.n && m->rows.runs[j] != r)
                j++;
            if (j == m->rows.n || !r->covdat || !realpath(r->covdat, abs))
                continue;
            const char *base = strrchr(r->covdat, '/');
            char *link = rg_fmt("%s/coverage/runs/%s", cfg->out, base ? base + 1 : r->covdat);
            if (symlink(abs, link) != 0)
                fprintf(stderr, "cpumf-regress: cannot link %s to %s\n", link, abs);
            free(link);
        }
        free(dat);
    }
}

int rg_coverage_in_place(const char *out)
{
    char *runs = rg_fmt("%s/coverage/runs", out), *dat = rg_fmt("%s/coverage/merged.dat", out);
    char *keep = rg_fmt("%s/coverage/runs/base.dat", out);
    int rc = rg_mkdirs(runs);
    if (!rc && access(dat, F_OK) == 0)
        rc = rename(dat, keep);
    free(runs);
    free(dat);
    free(keep);
    return rc;
}
