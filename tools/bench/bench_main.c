/* bench_main.c - build/cpumf-bench: one scenario run four ways in one
 * process (model alone, RTL alone, lockstep, lockstep with waves), printing
 * simulated cycles per second of each and their ratios to the model alone.
 * Waves cover the whole run, written to a scratch FST that is removed. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "runner/cli.h"
#include "lockstep/cosim.h"
#include "lockstep/rtl.h"
#include "runner/runner.h"
#include "scenario/scenario.h"
#include "stimulus/storage.h"

enum { MODE_MODEL, MODE_RTL, MODE_LOCKSTEP, MODE_WAVES, MODE_COUNT };
static const char *const mode_name[MODE_COUNT] = {"model alone", "RTL alone", "lockstep",
                                                  "lockstep + FST waves"};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One run; returns simulated cycles per second, or a negative value on failure. */
static double run_mode(const tb_scenario *sc, const tb_options *opt, int mode, uint64_t *cycles)
{
    char err[512];
    const char *fst = "build/bench-waves.fst";
    tb_rtl_opts ro = {mode == MODE_WAVES ? fst : NULL, 0, UINT64_MAX, 0, NULL};
    tb_rtl *rtl = NULL;
    cpumf_sys *sys = NULL;
    tb_backend be;
    tb_run_summary sum;
    if (mode != MODE_MODEL && !(rtl = tb_rtl_create(&sc->system, &ro, err, sizeof err))) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    if (mode != MODE_RTL && !(sys = cpumf_create(&sc->system, err, sizeof err))) {
        fprintf(stderr, "%s\n", err);
        tb_rtl_destroy(rtl);
        return -1;
    }
    tb_cosim_info info = {.program = "build/cpumf-cosim",
                          .scenario_path = opt->scenario,
                          .seed = sc->seed,
                          .plusargs = "",
                          .report = stderr};
    be = mode == MODE_MODEL ? tb_model_backend(sys)
         : mode == MODE_RTL ? tb_rtl_backend(rtl)
                            : tb_cosim_backend(sys, rtl, &info);
    tb_storage *stor = tb_storage_create(&sc->system, sc->seed);
    double t0 = now();
    int rc = tb_run(sc, opt, &be, stor, &sum);
    double dt = now() - t0;
    be.destroy(be.ctx);
    tb_storage_destroy(stor);
    if (sys)
        cpumf_destroy(sys);
    tb_rtl_destroy(rtl);
    if (mode == MODE_WAVES)
        remove(fst);
    *cycles = sum.cycles_run;
    if (rc != 0) {
        fprintf(stderr, "%s: run failed (exit %d)\n", mode_name[mode], rc);
        return -1;
    }
    return (double)sum.cycles_run / dt;
}

int main(int argc, char **argv)
{
    tb_options opt;
    char err[1024];
    if (tb_cli_parse(argc, argv, 0, &opt, err, sizeof err) != 0) {
        fprintf(stderr, "cpumf-bench: %s\n", err);
        tb_cli_usage("cpumf-bench", 0);
        return 2;
    }
    opt.quiet = 1;
    opt.results = NULL;
    tb_scenario *sc = tb_scenario_load(opt.scenario, opt.configs_dir, opt.has_seed, opt.seed,
                                       opt.system, err, sizeof err);
    if (!sc) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    double rate[MODE_COUNT];
    uint64_t cycles[MODE_COUNT];
    printf("bench: %s, system %s, %u CPUs\n", opt.scenario, sc->system.name, sc->system.n_cpus);
    int failed = 0;
    for (int m = 0; m < MODE_COUNT; m++) {
        rate[m] = run_mode(sc, &opt, m, &cycles[m]);
        failed |= rate[m] <= 0;
    }
    if (!failed) {
        printf("%-22s %12s %14s %16s\n", "mode", "cycles", "cycles/s", "vs model alone");
        for (int m = 0; m < MODE_COUNT; m++)
            printf("%-22s %12" PRIu64 " %14.0f %15.1fx\n", mode_name[m], cycles[m], rate[m],
                   rate[MODE_MODEL] / rate[m]);
        printf("lockstep overhead over the RTL alone: %.1f%%\n",
               100.0 * (rate[MODE_RTL] / rate[MODE_LOCKSTEP] - 1.0));
    }
    tb_scenario_free(sc);
    return failed ? 1 : 0;
}
