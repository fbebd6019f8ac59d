/* SPDX-License-Identifier: Apache-2.0 */
/* rtl.h - C interface of the Verilated RTL (tb/lockstep/rtl_shim.cpp, the only C++).
 *
 * One cycle is tb_rtl_eval() (inputs applied, outputs read) then
 * tb_rtl_commit() (the edge: evaluated with the next tb_rtl_eval, or first
 * when tb_rtl_observe reads the registers).  Waves, when asked for, cover the
 * cycles [wave_from, wave_to] only, with the RTL under scope `rtl` and the
 * model values given to tb_rtl_mirror() under scope `model`. */
#ifndef CPUMF_TB_LOCKSTEP_RTL_H
#define CPUMF_TB_LOCKSTEP_RTL_H

#include <stddef.h>
#include <stdint.h>

#include "cpumf/cpumf.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tb_rtl tb_rtl;

typedef struct tb_rtl_opts {
    const char *fst_path; /* NULL: no waves */
    uint64_t wave_from, wave_to;
    int argc; /* plusargs (+MUTANT_..., +verilator+...) */
    char **argv;
} tb_rtl_opts;

/* NULL with a message when the system does not fit the RTL build. */
tb_rtl *tb_rtl_create(const cpumf_system_cfg *cfg, const tb_rtl_opts *opts, char *err,
                      size_t errlen);
void tb_rtl_destroy(tb_rtl *r); /* closes the FST */
void tb_rtl_eval(tb_rtl *r, uint64_t cycle, const cpumf_sys_in *in, cpumf_sys_out *out);
void tb_rtl_commit(tb_rtl *r);
void tb_rtl_observe(tb_rtl *r, cpumf_obs *obs);
/* 1 when the registers tb_rtl_observe would write equal expect's, else 0,
 * without copying them out; ctr (may be NULL) holds for each CPU the counter
 * slots that stand for expect's (rtl_cpu_obs_equal).  The system units are
 * compared over the cores and groups of the RTL build, those the system does
 * not have included: a 0 only says that a field-by-field comparison is
 * needed. */
int tb_rtl_state_equal(tb_rtl *r, const cpumf_obs *expect, const uint64_t *const *ctr);
/* Nonzero once an assertion of rtl/ has failed (rtl/mf_assert.svh): the
 * first is reported as "ASSERTION at cycle N: NAME" on stderr when it fails. */
int tb_rtl_assert_failed(const tb_rtl *r);
/* Nonzero when cycle lies in the wave window (the mirror is then wanted). */
int tb_rtl_tracing(const tb_rtl *r, uint64_t cycle);
/* The model's outputs and state of this cycle, shown in the waves. Call
 * before tb_rtl_eval of the same cycle. */
void tb_rtl_mirror(tb_rtl *r, const cpumf_sys_out *out, const cpumf_obs *obs);
/* 1 in the coverage build (cpumf-cosim-cov, Verilated with line and toggle
 * coverage of rtl/), else 0. */
int tb_rtl_has_coverage(void);
/* Writes the coverage counts gathered so far to path (Verilator .dat).
 * 0: written; -1: not a coverage build or the file cannot be written, with
 * a message in err. */
int tb_rtl_write_coverage(tb_rtl *r, const char *path, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
