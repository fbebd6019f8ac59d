/* SPDX-License-Identifier: Apache-2.0 */
/* sim_main.c - build/cpumf-sim: a scenario on the C model alone. */
#include <stdio.h>

#include "backend.h"
#include "cli.h"
#include "runner.h"
#include "scenario/scenario.h"
#include "stimulus/storage.h"

int main(int argc, char **argv)
{
    tb_options opt;
    char err[1024];
    tb_scenario *sc;
    cpumf_sys *sys;
    tb_storage *stor;
    tb_backend be;
    int rc = tb_cli_parse(argc, argv, 0, &opt, err, sizeof err);

    if (rc == 1) {
        tb_cli_usage("cpumf-sim", 0);
        return 0;
    }
    if (rc != 0) {
        fprintf(stderr, "cpumf-sim: %s\n", err);
        tb_cli_usage("cpumf-sim", 0);
        return 2;
    }
    sc = tb_scenario_load(opt.scenario, opt.configs_dir, opt.has_seed, opt.seed, opt.system, err,
                          sizeof err);
    if (!sc) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    sys = cpumf_create(&sc->system, err, sizeof err);
    if (!sys) {
        fprintf(stderr, "%s: %s\n", opt.scenario, err);
        tb_scenario_free(sc);
        return 2;
    }
    stor = tb_storage_create(&sc->system, sc->seed);
    tb_storage_set_nonatomic(stor, opt.nonatomic_rmw);
    be = tb_model_backend(sys);
    opt.fast_forward = !opt.no_fast_forward;
    opt.state_model = sys;
    tb_hold_stop_signals();
    rc = tb_run(sc, &opt, &be, stor, NULL);
    be.destroy(be.ctx);
    tb_storage_destroy(stor);
    cpumf_destroy(sys);
    tb_scenario_free(sc);
    return rc;
}
