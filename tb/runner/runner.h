/*
 * runner.h - the cycle loop of the test bench (docs/uarch.md section 9).
 *
 * tb_run() initializes storage from the scenario's memory, hands it to the
 * backend (attach_storage), then for each cycle t builds the inputs
 * (workload activity, steps due at t, instruction presentation, alert
 * taken, storage port), evaluates the backend, records instruction
 * acceptance/response and interruptions, clocks storage and commits.  At
 * the end it reads the final state, checks every expectation and writes the
 * results JSON (SCENARIOS.md) when opt->results is set.
 *
 * Drivers (scenario "drivers", tb/sampler.h): each driver acts between the
 * clock edge of one cycle and the inputs of the next.  Its storage writes go
 * to the runner's storage and then to be->mem_write (the other side's
 * storage); its instructions are queued per CPU and presented before the
 * CPU's own "insn" steps (same presentation rules).  Results additions:
 *   "driver_steps": [{"driver", "cpu", "insn", "action" (qsi enable activate
 *      lpp deactivate qsi-save resume), "addr", "queued", "issued", "done",
 *      "cc", "exception"}], in the order the driver queued them;
 *   "drivers": [{"index", "cpu", "kind", "state" (waiting setup running
 *      stopping stopped refused failed), "interval" (as loaded), "qsi_min",
 *      "qsi_max", "bsdes", "dsdes", "entry_size", "sdbs", "tables",
 *      "first_table", "first_sdb", "control", "samples_read", "invalid",
 *      "lost" (overflow counts summed), "blocks", "drained" (entries read by
 *      the end-of-run drain), "alerts": {"program_request", "invalid_entry",
 *      "incorrect_sdbt", "loss", "authorization"}, "saved_tear",
 *      "saved_dear", "smp" (path or null)}];
 *   final.cpus[i]: "sampling" states from A/E/C, "tear", "dear",
 *      "interval", "s", "h" from the observed registers; "samples":
 *      {"stored", "overflow", "collisions"} (observed n_stored, n_overflow,
 *      collisions), "read", "lost" (this CPU's driver), "due" (bench
 *      interval count, with "check_intervals").
 */
#ifndef TB_RUNNER_H
#define TB_RUNNER_H

#include <stdint.h>

#include "backend.h"
#include "cli.h"
#include "scenario/scenario.h"
#include "stimulus/storage.h"

typedef struct tb_run_summary {
    uint64_t cycles_run;      /* cycles evaluated */
    uint32_t failures;        /* expectations that did not hold */
    int mismatch;             /* the backend reported a lockstep mismatch */
    uint64_t mismatch_cycle;
    uint64_t insns_done, interruptions;
} tb_run_summary;

/* Returns the exit status: 0 every expectation held; 1 an expectation failed
 * or the backend reported a mismatch; 2 the results file could not be
 * written.  Messages go to stderr (failures always; progress unless
 * opt->quiet).  sum may be NULL.  stor must come from tb_storage_create()
 * for sc->system and the effective seed; tb_run does not free be or stor. */
int tb_run(const tb_scenario *sc, const tb_options *opt, tb_backend *be, tb_storage *stor,
           tb_run_summary *sum);

#endif
