/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sampler.h - the built-in sampler driver ("drivers": [{"kind": "sampler"}],
 * docs/scenario-format.md): a control program following Linux perf_cpum_sf,
 * or z/OS ("control_program": "zos": H = 0, and an LPP at every dispatch of
 * the scenario's tasks and SRBs).
 *
 * The runner calls, for each driver:
 *   tb_sampler_tick()  before building the inputs of cycle t (time-driven
 *                      actions: start, stop, resume, and the steps of a
 *                      delayed harvest due after the edge of t - 1);
 *   tb_sampler_done()  after the clock edge of the cycle in which one of its
 *                      instructions responded;
 *   tb_sampler_alert() after the clock edge of the cycle in which a
 *                      measurement-alert interruption was taken on its CPU,
 *                      once the runner has stored its parameter at real
 *                      128-131 of the CPU's prefix area (the driver reads it
 *                      from there, as an interruption handler does); both
 *                      drivers of a CPU (one per level) get every alert, as
 *                      the CPU has one alert register: each scans its own
 *                      blocks and one that finds none full does nothing;
 *   tb_sampler_finish() once after the last cycle.
 * The driver touches storage only through io (reads from io->stor, writes
 * through io->write, which keeps every side's storage identical) and presents
 * instructions only through io->queue.
 */
#ifndef CPUMF_TB_DRIVERS_SAMPLER_H
#define CPUMF_TB_DRIVERS_SAMPLER_H

#include <stddef.h>
#include <stdint.h>

#include "cpumf/cpumf.h"
#include "driver.h"
#include "outfile.h"
#include "stimulus/storage.h"

/* instruction tags */
enum tb_sampler_tag {
    TB_SMPL_QSI,
    TB_SMPL_ENABLE,
    TB_SMPL_ACTIVATE,
    TB_SMPL_LPP,
    TB_SMPL_DEACTIVATE,
    TB_SMPL_QSI_SAVE,
    TB_SMPL_RESUME,
    TB_SMPL_DISPATCH,
    TB_SMPL_NTAGS
};

typedef struct tb_drv_io {
    void *ctx;
    const tb_storage *stor;
    void (*write)(void *ctx, uint64_t addr, const uint8_t *buf, size_t len);
    void (*queue)(void *ctx, unsigned drv, unsigned cpu, unsigned tag, uint8_t op, uint64_t r2,
                  uint64_t addr);
    void (*fail)(void *ctx, const char *msg);
} tb_drv_io;

enum tb_sampler_alert_kind {
    TB_AL_PROGRAM_REQUEST,
    TB_AL_INVALID_ENTRY,
    TB_AL_INCORRECT_SDBT,
    TB_AL_LOSS,
    TB_AL_AUTH,
    TB_AL_N
};

typedef struct tb_sampler_stats {
    const char *state; /* waiting setup running stopped refused failed */
    uint64_t interval; /* as loaded (after clamping); 0 before QSI */
    uint64_t min_interval, max_interval;
    uint16_t bsdes, dsdes;
    uint32_t entry_size;
    uint64_t samples_read, invalid, lost, blocks, drained;
    uint64_t cas_retries; /* compare-and-swaps that found the trailer changed */
    uint64_t alerts[TB_AL_N];
    uint64_t saved_tear, saved_dear;
    uint32_t cpu_speed;   /* from QSI */
    uint64_t tod_start;   /* TOD clock at the driver's start */
    uint64_t smp_buffers; /* 4 KiB buffers of the .SMP file (counted without --smp-dir) */
    const char *smp_path; /* "" without --smp-dir */
} tb_sampler_stats;

typedef struct tb_sampler tb_sampler;

/* Storage formats shared with the "random" generator's "sampling" option
 * (scenario.c).  SDB trailer doubleword 0: F, A, T bits. */
#define TB_TRL_F (1ull << 63)
#define TB_TRL_A (1ull << 62)
#define TB_TRL_T (1ull << 61)
/* LSCTL request doubleword 0: s = S, h = H, e and c: CPUMF_SF_* masks. */
uint64_t tb_lsctl_x(unsigned s, unsigned h, uint8_t e, uint8_t c);
/* The 64-byte LSCTL request block: X, interval, TEAR, DEAR, 32 bytes of 0. */
void tb_lsctl_block(uint8_t b[64], uint64_t x, uint64_t interval, uint64_t tear, uint64_t dear);

/* seed: the run's (the service delays' draws); tod: TOD clock for the .SMP
 * name.  NULL with a reason in err
 * when the .SMP file cannot be created (it is written under a temporary
 * name, common/outfile.h, and the runner commits it with the run's other
 * outputs: all of them or none). */
tb_sampler *tb_sampler_create(const tb_driver *dv, unsigned idx, const cpumf_system_cfg *cfg,
                              uint64_t seed, const char *smp_dir, uint64_t tod, uint64_t tod_start,
                              char *err, size_t errlen);
void tb_sampler_tick(tb_sampler *s, uint64_t t, tb_drv_io *io);
/* The first cycle whose tick has a harvest step to run (UINT64_MAX: none):
 * the fast-forward stops there. */
uint64_t tb_sampler_next_due(const tb_sampler *s);
void tb_sampler_done(tb_sampler *s, uint64_t t, unsigned tag, uint8_t cc, uint8_t exc,
                     tb_drv_io *io);
void tb_sampler_alert(tb_sampler *s, uint64_t t, tb_drv_io *io);
/* Drain into the file: 0, or -1 with a reason in err (write error). */
int tb_sampler_finish(tb_sampler *s, const cpumf_cpu_obs *o, tb_drv_io *io, char *err,
                      size_t errlen);
/* The .SMP file, still under its temporary name (unused without --smp-dir). */
outfile *tb_sampler_file(tb_sampler *s);
void tb_sampler_get_stats(const tb_sampler *s, tb_sampler_stats *st);
/* A checkpoint's part (shared/ckpt.h): the driver's state and its .SMP file
 * so far; load gives s (created for the same scenario and driver) that state
 * and writes the file's bytes into its own .SMP file.  Load: 0; -1 when the
 * bytes run short or are another driver's; -2 with the reason in err when
 * one run has --smp-dir and the other not. */
struct tb_ckw;
struct tb_ckr;
void tb_sampler_save(tb_sampler *s, struct tb_ckw *w);
int tb_sampler_load(tb_sampler *s, struct tb_ckr *r, char *err, size_t errlen);
/* Also removes a .SMP file that was not committed. */
void tb_sampler_destroy(tb_sampler *s);
const char *tb_sampler_tag_name(unsigned tag);

#endif
