/* SPDX-License-Identifier: Apache-2.0 */
/*
 * it_main.c - build/cpumf-insttime: instruction timing with the counters
 * (docs/insttime.md).  Reads the input whole, then times each instruction
 * line on one CPU of a system, the model alone or in lockstep with the RTL
 * (--cosim), and writes the INSTTIME.OUT layout (and --json), each file
 * whole or not at all; --baseline compares with an earlier --json.
 *
 * Exit status: 0 done; 1 a timing moved from the baseline, or the run
 * failed (lockstep mismatch); 2 bad command line or input (nothing ran), or
 * an output that cannot be written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "it_profile.h"
#include "it_run.h"
#include "lockstep/cosim.h"
#include "it_time.h"
#include "outfile.h"
#include "xalloc.h"

typedef struct opts {
    const char *input, *system, *configs, *timing, *out, *json, *baseline;
    it_profile_opts prof; /* --profile SCENARIO: the samples' analysis instead */
    uint64_t seed;
    unsigned rounds;
    int cosim;
    double table_pct;
} opts;

static void usage(FILE *f)
{
    fprintf(f, "usage: cpumf-insttime [--system NAME|FILE] [--configs DIR] [--timing FILE]\n"
               "                      [--seed N] [--rounds N] [--cosim] [-o INSTTIME.OUT]\n"
               "                      [--json FILE] [--baseline FILE] [--check-table PCT] INPUT\n"
               "       cpumf-insttime --profile SCENARIO --smp-dir DIR [--configs DIR]\n"
               "                      [--cpi-within PCT] [--z-max Z]\n");
}

static int parse_args(int argc, char **argv, opts *o)
{
    int i;
    memset(o, 0, sizeof *o);
    o->system = "z15-1cpu";
    o->seed = 1;
    o->rounds = 3;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **dst = NULL;
        char *end;
        if (strcmp(a, "--cosim") == 0) {
            o->cosim = 1;
            continue;
        }
        if (a[0] != '-') {
            if (o->input)
                return -1;
            o->input = a;
            continue;
        }
        if (i + 1 == argc)
            return -1;
        if (strcmp(a, "--system") == 0)
            dst = &o->system;
        else if (strcmp(a, "--configs") == 0)
            dst = &o->configs;
        else if (strcmp(a, "--timing") == 0)
            dst = &o->timing;
        else if (strcmp(a, "-o") == 0)
            dst = &o->out;
        else if (strcmp(a, "--json") == 0)
            dst = &o->json;
        else if (strcmp(a, "--baseline") == 0)
            dst = &o->baseline;
        else if (strcmp(a, "--profile") == 0)
            dst = &o->prof.scenario;
        else if (strcmp(a, "--smp-dir") == 0)
            dst = &o->prof.smp_dir;
        if (dst) {
            *dst = argv[++i];
            continue;
        }
        if (strcmp(a, "--seed") == 0) {
            o->seed = strtoull(argv[++i], &end, 0);
        } else if (strcmp(a, "--check-table") == 0) {
            o->table_pct = strtod(argv[++i], &end);
            if (!(o->table_pct > 0.0 && o->table_pct <= 100.0))
                return -1;
        } else if (strcmp(a, "--cpi-within") == 0) {
            o->prof.cpi_pct = strtod(argv[++i], &end);
        } else if (strcmp(a, "--z-max") == 0) {
            o->prof.z_max = strtod(argv[++i], &end);
        } else if (strcmp(a, "--rounds") == 0) {
            unsigned long r = strtoul(argv[++i], &end, 10);
            if (r < 1 || r > IT_MAX_ROUNDS)
                return -1;
            o->rounds = (unsigned)r;
        } else {
            return -1;
        }
        if (*end || end == argv[i])
            return -1;
    }
    o->prof.configs = o->configs;
    if (o->prof.scenario)
        return o->input || !o->prof.smp_dir ? -1 : 0;
    return o->input ? 0 : -1;
}

static int load_system(const opts *o, cpumf_system_cfg *cfg, char *err, size_t errlen)
{
    char path[1024];
    const char *dir = o->configs ? o->configs : cpumf_default_configs_dir();
    if (strchr(o->system, '/') || strstr(o->system, ".json"))
        snprintf(path, sizeof path, "%s", o->system);
    else
        snprintf(path, sizeof path, "%s/systems/%s.json", dir, o->system);
    return cpumf_load_system(path, cfg, err, errlen);
}

/* The model's timing table when none is named and configs/timing has one. */
static int load_timing(const opts *o, const cpumf_system_cfg *cfg, tb_timing *t, int *have,
                       char *err, size_t errlen)
{
    char path[1024];
    FILE *f;
    *have = 0;
    if (o->timing) {
        *have = 1;
        return tb_timing_load(o->timing, t, err, errlen);
    }
    snprintf(path, sizeof path, "%s/timing/%s.json",
             o->configs ? o->configs : cpumf_default_configs_dir(), cfg->model.name);
    if (!(f = fopen(path, "rb")))
        return 0;
    fclose(f);
    *have = 1;
    return tb_timing_load(path, t, err, errlen);
}

/* What needs the machine's model: SPIN of the update timings a multiple of
 * an SDB's entries, and the SDBs they use within one table. */
static int check_model(const opts *o, const it_input *in, const cpumf_system_cfg *cfg, char *err,
                       size_t errlen)
{
    uint64_t blocks = 0;
    unsigned i;
    for (i = 0; i < in->n; i++) {
        const it_stmt *s = &in->s[i];
        unsigned per;
        if (s->kind != IT_INSN || s->what != IT_UPDATE)
            continue;
        if (!cfg->model.fac_sf) {
            snprintf(err, errlen, "%s:%u:%u: UPDATE: %s has no sampling facility", in->path,
                     s->line, s->icol, cfg->model.name);
            return -1;
        }
        per = it_entries_per_sdb(cfg, s->arg);
        if (s->spin % per) {
            snprintf(err, errlen,
                     "%s:%u:%u: SPIN ERROR: SPIN %07u is not a multiple of %u, the %s entries "
                     "of one sample-data block on %s",
                     in->path, s->line, s->icol, s->spin, per, s->arg ? "combined" : "basic",
                     cfg->model.name);
            return -1;
        }
        blocks += (uint64_t)o->rounds * s->spin / per + 1u;
        if (blocks > IT_SDBT_MAX) {
            snprintf(err, errlen,
                     "%s:%u:%u: UPDATE: the update timings need more than %u sample-data "
                     "blocks (SPIN x rounds / entries per block)",
                     in->path, s->line, s->icol, IT_SDBT_MAX);
            return -1;
        }
    }
    return 0;
}

/* The machine (the model, or the lockstep pair) and the run on it. */
static int run(const opts *o, const cpumf_system_cfg *cfg, const tb_timing *timing,
               const it_input *in, const it_baseline *base, FILE *out, FILE *json,
               const char *program)
{
    tb_rtl_opts rto = {NULL, 0, UINT64_MAX, 0, NULL};
    it_run_opts ro = {o->seed, o->rounds, o->cosim, {0}, o->table_pct};
    char err[1024];
    tb_rtl *rtl = NULL;
    cpumf_sys *sys = cpumf_create(cfg, err, sizeof err);
    int rc;
    if (!sys || (o->cosim && !(rtl = tb_rtl_create(cfg, &rto, err, sizeof err)))) {
        fprintf(stderr, "cpumf-insttime: %s\n", err);
        if (sys)
            cpumf_destroy(sys);
        return IT_RUN_FAILED;
    }
    if (o->cosim) {
        tb_cosim_info info = {.program = program,
                              .scenario_path = in->path,
                              .seed = o->seed,
                              .plusargs = "",
                              .report = stderr};
        ro.be = tb_cosim_backend(sys, rtl, &info);
    } else {
        ro.be = tb_model_backend(sys);
    }
    rc = it_run(&ro, cfg, timing, in, base, out, json);
    cpumf_destroy(sys);
    tb_rtl_destroy(rtl);
    return rc;
}

int main(int argc, char **argv)
{
    opts o;
    char err[1024];
    cpumf_system_cfg cfg;
    tb_timing *timing = xcalloc(1, sizeof *timing);
    it_input in;
    it_baseline base = {0};
    outfile out = {0}, js = {0};
    int have_timing, rc;
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        usage(stdout);
        return 0;
    }
    if (parse_args(argc, argv, &o) != 0) {
        usage(stderr);
        return 2;
    }
    if (o.prof.scenario) {
        free(timing);
        return it_profile(&o.prof, stdout);
    }
    if (load_system(&o, &cfg, err, sizeof err) ||
        load_timing(&o, &cfg, timing, &have_timing, err, sizeof err) ||
        it_input_load(o.input, have_timing ? timing : NULL, &in, err, sizeof err)) {
        fprintf(stderr, "cpumf-insttime: %s\n", err);
        free(timing);
        return 2;
    }
    if (check_model(&o, &in, &cfg, err, sizeof err) ||
        (o.baseline && it_baseline_load(o.baseline, &base, err, sizeof err)) ||
        (o.out && outfile_open(&out, o.out, err, sizeof err)) ||
        (o.json && outfile_open(&js, o.json, err, sizeof err))) {
        fprintf(stderr, "cpumf-insttime: %s\n", err);
        outfile_discard(&out);
        it_input_free(&in);
        it_baseline_free(&base);
        free(timing);
        return 2;
    }
    rc = run(&o, &cfg, have_timing ? timing : NULL, &in, &base, out.f ? out.f : stdout, js.f,
             argv[0]);
    if (rc == IT_RUN_FAILED) {
        outfile_discard(&out);
        outfile_discard(&js);
        rc = 1;
    } else if ((o.out && outfile_commit(&out, err, sizeof err)) ||
               (o.json && outfile_commit(&js, err, sizeof err))) {
        outfile_discard(&out);
        outfile_discard(&js);
        fprintf(stderr, "cpumf-insttime: %s\n", err);
        rc = 2;
    }
    it_input_free(&in);
    it_baseline_free(&base);
    free(timing);
    return rc;
}
