/* SPDX-License-Identifier: Apache-2.0 */
/* cosim_main.c - build/cpumf-cosim: a scenario on the Verilated RTL and the
 * C model in lockstep.  Arguments starting with '+' are Verilator plusargs
 * (+MUTANT_<NAME> in the mutant build, +verilator+seed+N, ...). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"
#include "runner/cli.h"
#include "cosim.h"
#include "rtl.h"
#include "runner/runner.h"
#include "scenario/scenario.h"
#include "stimulus/storage.h"

static int write_coverage(void *ctx, const char *tmp, char *err, size_t errlen)
{
    return tb_rtl_write_coverage(ctx, tmp, err, errlen);
}

int main(int argc, char **argv)
{
    static const char prog[] = "cpumf-cosim";
    char err[1024], plus[512] = "";
    char **args = (char **)calloc((size_t)argc + 1, sizeof *args);
    char **pargs = (char **)calloc((size_t)argc + 1, sizeof *pargs);
    int nargs = 0, npargs = 0, rc;
    tb_options opt;

    if (!args || !pargs)
        return 2;
    pargs[npargs++] = argv[0];
    for (int i = 0; i < argc; i++) {
        if (i > 0 && argv[i][0] == '+') {
            pargs[npargs++] = argv[i];
            if (strlen(plus) + strlen(argv[i]) + 2 < sizeof plus) {
                if (plus[0])
                    strcat(plus, " ");
                strcat(plus, argv[i]);
            }
        } else {
            args[nargs++] = argv[i];
        }
    }
    rc = tb_cli_parse(nargs, args, TB_CLI_ALLOW_WAVES, &opt, err, sizeof err);
    if (rc == 1) {
        tb_cli_usage(prog, TB_CLI_ALLOW_WAVES);
        return 0;
    }
    if (rc != 0) {
        fprintf(stderr, "%s: %s\n", prog, err);
        tb_cli_usage(prog, TB_CLI_ALLOW_WAVES);
        return 2;
    }
    /* Refused before anything runs: only the coverage build can write it. */
    if (opt.coverage && !tb_rtl_has_coverage()) {
        fprintf(stderr, "%s: --coverage needs the coverage build (build/cpumf-cosim-cov)\n", prog);
        return 2;
    }
    tb_scenario *sc = tb_scenario_load(opt.scenario, opt.configs_dir, opt.has_seed, opt.seed,
                                       opt.system, err, sizeof err);
    if (!sc) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    /* The FST and the coverage go through temporary names too: Verilator
     * writes them there, and the names are checked before the first cycle. */
    outfile waves = {0}, cov = {0};
    if ((opt.waves && outfile_open(&waves, opt.waves, err, sizeof err) != 0) ||
        (opt.coverage && outfile_open(&cov, opt.coverage, err, sizeof err) != 0)) {
        fprintf(stderr, "%s: %s\n", prog, err);
        outfile_discard(&waves);
        tb_scenario_free(sc);
        return 2;
    }
    /* Before the RTL starts its threads, which inherit the mask. */
    tb_hold_stop_signals();
    tb_rtl_opts ro = {opt.waves ? outfile_tmp_name(&waves) : NULL, opt.wave_from, opt.wave_to,
                      npargs, pargs};
    tb_rtl *rtl = tb_rtl_create(&sc->system, &ro, err, sizeof err);
    cpumf_sys *sys = rtl ? cpumf_create(&sc->system, err, sizeof err) : NULL;
    tb_storage *stor = sys ? tb_storage_create(&sc->system, sc->seed) : NULL;
    if (!stor) {
        fprintf(stderr, "%s: %s\n", opt.scenario, err);
        if (sys)
            cpumf_destroy(sys);
        tb_rtl_destroy(rtl);
        outfile_discard(&waves);
        outfile_discard(&cov);
        tb_scenario_free(sc);
        return 2;
    }
    tb_cosim_info info = {.program = argv[0],
                          .scenario_path = opt.scenario,
                          .seed = sc->seed,
                          .plusargs = plus,
                          .report = stderr,
                          .system = opt.system,
                          .configs_dir = opt.configs_dir,
                          .cycles = opt.has_cycles ? opt.cycles : 0,
                          .history = opt.history};
    tb_backend be = tb_cosim_backend(sys, rtl, &info);
    /* Written whatever the result (a failing run's coverage counts too), with
     * the run's other outputs: none when the run was interrupted or one of
     * them could not be written. */
    tb_extra_output cov_out = {&cov, write_coverage, rtl};
    opt.extra_out = cov.path ? &cov_out : NULL;
    rc = be.ctx ? tb_run(sc, &opt, &be, stor, NULL) : 2;
    if (be.ctx)
        be.destroy(be.ctx);
    outfile_discard(&cov);
    tb_storage_destroy(stor);
    cpumf_destroy(sys);
    tb_rtl_destroy(rtl); /* closes the FST: never exit before this */
    /* The waves of an interrupted run are complete up to where it stopped. */
    if (waves.path && outfile_commit(&waves, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", prog, err);
        rc = 2;
    } else if (opt.waves) {
        fprintf(stderr, "waves: %s (open with: gtkwave %s waves/cpumf.gtkw)\n", opt.waves,
                opt.waves);
    }
    tb_scenario_free(sc);
    free(args);
    free(pargs);
    return rc;
}
