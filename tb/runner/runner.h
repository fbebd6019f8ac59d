/* SPDX-License-Identifier: Apache-2.0 */
/*
 * runner.h - a scenario run on a backend, cycle by cycle (the timing is
 * docs/uarch.md's; the results JSON is described in docs/scenario-format.md).
 *
 * Each cycle the runner builds the inputs (steps due, workload activity,
 * instruction presentation, alerts taken, storage port), evaluates the
 * backend, records acceptance, completion and interruptions, clocks storage
 * and commits.  Drivers (tb/drivers/sampler.h) act between the clock edge of
 * one cycle and the inputs of the next: their storage writes go to the
 * runner's storage and to be->mem_write, their instructions are presented
 * before the CPU's own "insn" steps.  At the end every expectation is
 * checked and the results are written when opt->results is set.
 *
 * Every output (--results, --fcov, the .SMP files, the --smp-dir directory)
 * is opened before the first cycle and completed at the end
 * (common/outfile.h).  A run is interrupted by SIGINT, SIGTERM or SIGHUP
 * once the program has held them (tb_hold_stop_signals): the runner looks
 * for one every TB_SIGNAL_POLL cycles, ends the run there and leaves no
 * results, coverage or .SMP file.
 */
#ifndef CPUMF_TB_RUNNER_RUNNER_H
#define CPUMF_TB_RUNNER_RUNNER_H

#include <stdint.h>

#include "backend.h"
#include "cli.h"
#include "scenario/scenario.h"
#include "stimulus/storage.h"

typedef struct tb_run_summary {
    uint64_t cycles_run; /* cycles evaluated */
    uint32_t failures;   /* expectations that did not hold */
    int mismatch;        /* the backend reported a lockstep mismatch */
    uint64_t mismatch_cycle;
    uint64_t insns_done, interruptions;
    int signal; /* the run was interrupted by this signal; 0: it was not */
} tb_run_summary;

#define TB_SIGNAL_POLL 1024

/* Holds (blocks) SIGINT, SIGTERM and SIGHUP for the rest of the process, so
 * that tb_run notices them instead of the process dying in the middle of
 * its files.  The programs call it before tb_run. */
void tb_hold_stop_signals(void);

/* Returns the exit status: 0 every expectation held; 1 an expectation failed
 * or the backend reported a mismatch; 2 an output could not be opened
 * (before the first cycle) or written; 128 + the signal when interrupted.
 * Messages go to stderr (failures always; progress unless opt->quiet).
 * sum may be NULL.  stor must come from tb_storage_create() for sc->system
 * and the effective seed; tb_run does not free be or stor. */
int tb_run(const tb_scenario *sc, const tb_options *opt, tb_backend *be, tb_storage *stor,
           tb_run_summary *sum);

#endif
