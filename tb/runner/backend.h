/* SPDX-License-Identifier: Apache-2.0 */
/*
 * backend.h - what the scenario runner drives: the plain C model, or (in
 * cpumf-cosim) the lockstep pair of Verilated RTL and C model.
 *
 * Per cycle t the runner calls eval() with the inputs of t, reads the
 * outputs, then commit() (the clock edge).  See docs/uarch.md section 1.
 */
#ifndef CPUMF_TB_RUNNER_BACKEND_H
#define CPUMF_TB_RUNNER_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "cpumf/cpumf.h"

typedef struct tb_storage tb_storage;

typedef struct tb_backend {
    void *ctx;
    /* Outputs of cycle `cycle` from the current registers and `in`.
     * 0 ok; 1 lockstep mismatch (already reported by the backend). */
    int (*eval)(void *ctx, uint64_t cycle, const cpumf_sys_in *in, cpumf_sys_out *out);
    /* Clock edge. */
    void (*commit)(void *ctx);
    /* Current architected and implementation state. */
    void (*observe)(void *ctx, cpumf_obs *obs);
    /* Called once after memory init, before cycle 0; may be NULL.  `initial`
     * is the runner's storage and lives for the whole run: the lockstep reads
     * the model's storage answers from it until the first difference, and
     * clones it (tb_storage_clone) for the model then. */
    void (*attach_storage)(void *ctx, const tb_storage *initial);
    /* Frees ctx (not the model it was given). */
    void (*destroy)(void *ctx);
    /* May be NULL (the plain model).  A bench driver (the sampler) wrote
     * `len` bytes at `addr` directly into storage, between the clock edge of
     * one cycle and the inputs of the next, as an operating system does.  The
     * runner has already applied the write to its own storage; a backend with
     * a second storage (the lockstep clone) applies it there too. */
    void (*mem_write)(void *ctx, uint64_t addr, const uint8_t *buf, size_t len);
    /* May be NULL (the lockstep steps every cycle): fast-forward over quiet cycles
     * (docs/uarch.md section 21). quiet_cycles: how many cycles from now, the inputs `in`
     * held, bring nothing but counting, and their outputs in out
     * (cpumf_cycles_to_next_event); advance: runs n such cycles at once (cpumf_advance): 0, or
     * -1 with the reason in the model's last error. */
    uint64_t (*quiet_cycles)(void *ctx, const cpumf_sys_in *in, cpumf_sys_out *out);
    int (*advance)(void *ctx, const cpumf_sys_in *in, uint64_t n, cpumf_sys_out *out);
    /* May be NULL (the RTL alone): the C model the backend runs, the plain
     * model or the lockstep's model side; --fcov writes its coverage. */
    const cpumf_sys *model;
    /* May be NULL: nonzero when the run failed a check of the backend's own
     * besides the lockstep comparison (an RTL assertion: the backend has
     * reported it); the runner then fails the run at its end. */
    int (*failed)(void *ctx);
} tb_backend;

/* The plain model.  The backend does not own `sys`: destroy() leaves it. */
tb_backend tb_model_backend(cpumf_sys *sys);

#endif
