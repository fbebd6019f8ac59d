/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cli.h - command line shared by cpumf-sim and cpumf-cosim; its usage is tb_cli_usage (--help),
 * its options docs/scenario-format.md section 1.
 */
#ifndef CPUMF_TB_RUNNER_CLI_H
#define CPUMF_TB_RUNNER_CLI_H

#include <stddef.h>
#include <stdint.h>

struct outfile;
/* An output a program writes itself at the end of a run (cpumf-cosim's
 * Verilator coverage): write() fills the file's temporary name, and the
 * runner commits it with the run's own outputs, all of them or none. */
typedef struct tb_extra_output {
    struct outfile *file; /* open (common/outfile.h) */
    int (*write)(void *ctx, const char *tmp, char *err, size_t errlen); /* 0, or -1 */
    void *ctx;
} tb_extra_output;

typedef struct tb_options {
    const char *scenario;
    const char *results;         /* NULL: no results file */
    const char *smp_dir;         /* NULL: none */
    const char *configs_dir;     /* NULL: cpumf_default_configs_dir() */
    const char *waves;           /* cosim only; NULL: none */
    const char *coverage;        /* cosim only: Verilator coverage .dat; NULL: none */
    const char *system;          /* replaces the scenario's system; NULL: none */
    const char *fcov;            /* functional coverage JSON; NULL: none */
    unsigned history;            /* cosim only: cycles in the mismatch report; 0: default */
    uint64_t wave_from, wave_to; /* wave_to = UINT64_MAX when not given */
    uint64_t run_on;             /* cosim only: cycles run past the first difference */
    int has_seed;
    uint64_t seed;
    int has_cycles;
    uint64_t cycles;
    int quiet;
    int no_fast_forward; /* sim only: step every cycle */
    int nonatomic_rmw;   /* sim only, a test's fault: tb_storage_set_nonatomic */
    /* The runner fast-forwards over quiet spans through the backend where it can (cpumf-sim
     * sets it unless --no-fast-forward); 0: every cycle is stepped. */
    int fast_forward;
    const tb_extra_output *extra_out; /* NULL: none */
    /* sim only: --checkpoint FILE (NULL: none) every checkpoint_every cycles,
     * --restore FILE (NULL: none); state_model is the model they save and
     * restore (cpumf-sim sets it) */
    const char *checkpoint, *restore;
    uint64_t checkpoint_every;
    struct cpumf_sys *state_model;
} tb_options;

/* cosim only options: --waves, --wave-from, --wave-to, --coverage, --history, --run-on */
#define TB_CLI_ALLOW_WAVES 0x1u

/* 0: ok; 1: --help was printed (exit 0); 2: bad usage, message in err
 * (the caller prints it and the usage, and exits 2). */
int tb_cli_parse(int argc, char **argv, unsigned flags, tb_options *opt, char *err, size_t errlen);
void tb_cli_usage(const char *prog, unsigned flags);

#endif
