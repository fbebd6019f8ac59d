/* SPDX-License-Identifier: Apache-2.0 */
/*
 * storage.h - big-endian sparse storage and the per-CPU storage ports of the
 * test bench (docs/uarch.md sections 4 and 9).
 *
 * Storage is allocated in 4 KiB pages on first write; unwritten bytes read
 * as zero.  An address is available when it is below the configured size
 * and outside every hole.  Ready and latency are pure functions of (seed,
 * cpu, cycle), so two instances built from the same config and seed answer
 * every request identically (the two sides of the co-simulation).
 */
#ifndef CPUMF_TB_STIMULUS_STORAGE_H
#define CPUMF_TB_STIMULUS_STORAGE_H

#include <stddef.h>
#include <stdint.h>

#include "cpumf/cpumf.h"

typedef struct tb_storage tb_storage;

/* Never NULL: running out of memory ends the program (xalloc.h). */
tb_storage *tb_storage_create(const cpumf_system_cfg *cfg, uint64_t seed);
/* Deep copy: contents, port state and counters. */
tb_storage *tb_storage_clone(const tb_storage *s);
void tb_storage_destroy(tb_storage *s);

/* Availability by the configuration alone (no storage object needed). */
int tb_storage_cfg_available(const cpumf_system_cfg *cfg, uint64_t addr);
int tb_storage_available(const tb_storage *s, uint64_t addr);

/* Prefix areas (docs/uarch.md section 12): real locations 0-8191 of each
 * installed CPU are its own 8 KiB of absolute storage, the top n_cpus x 8 KiB
 * below the storage size rounded down to 8 KiB, CPU 0 lowest.  The bench
 * stores a measurement-alert interruption's parameter at real 128-131. */
#define TB_PREFIX_SIZE        0x2000u
#define TB_PREFIX_ALERT_PARAM 128u
/* Absolute address of CPU cpu's prefix area; the lowest one for cpu 0. */
uint64_t tb_prefix_area(const cpumf_system_cfg *cfg, unsigned cpu);
/* 1 when every installed CPU's prefix area is available storage. */
int tb_prefix_areas_fit(const cpumf_system_cfg *cfg);
/* The CPU whose prefix area [addr, addr + len) meets, or -1. */
int tb_prefix_overlap(const cpumf_system_cfg *cfg, uint64_t addr, uint64_t len);

/* Direct access (bench and memory init): no availability check.  Doublewords
 * are big-endian and need not be aligned. */
void tb_storage_write_u64(tb_storage *s, uint64_t addr, uint64_t v);
uint64_t tb_storage_read_u64(const tb_storage *s, uint64_t addr);
void tb_storage_read_bytes(const tb_storage *s, uint64_t addr, uint8_t *buf, size_t len);
void tb_storage_write_bytes(tb_storage *s, uint64_t addr, const uint8_t *buf, size_t len);

/* Pure port functions (exposed for the co-simulation and tests). */
int tb_storage_ready(const tb_storage *s, unsigned cpu, uint64_t cycle);
unsigned tb_storage_latency(const tb_storage *s, unsigned cpu, uint64_t cycle);

/* Fill stor_req_ready / stor_rsp_* of every installed CPU for cycle t (the
 * others' are left as they are: every caller's inputs hold zeros there). */
void tb_storage_inputs(tb_storage *s, uint64_t cycle, cpumf_sys_in *in);
/* Clock edge of cycle t: retire the responses given in t, accept every
 * request with valid && ready (reads latched, writes applied with the byte
 * mask, interlocked OR and ADD read, combined and written in this edge with
 * the old doubleword as response data; response scheduled latency cycles
 * later). */
void tb_storage_clock(tb_storage *s, uint64_t cycle, const cpumf_sys_out *out);
/* Test only (cpumf-sim --test-nonatomic-rmw): OR and ADD read at the
 * accepting edge but write at the response's edge, so that a driver's
 * compare-and-swap can fall inside them; proves the end-of-run sample check
 * can fail (docs/scenario-format.md section 1). */
void tb_storage_set_nonatomic(tb_storage *s, int on);
/* No response in flight on any port: the clock edges of cycles without a
 * request change nothing (the fast-forward may skip them). */
int tb_storage_idle(const tb_storage *s);

typedef struct tb_storage_stats {
    uint64_t reads, writes, interlocked, errors; /* interlocked: OR and ADD */
} tb_storage_stats;
void tb_storage_get_stats(const tb_storage *s, tb_storage_stats *st);

/* A checkpoint's part (shared/ckpt.h): the contents, the ports' responses in
 * flight and the counts; load replaces s's with them (the configuration and
 * seed stay s's own).  Load: 0, or -1 when the bytes run short. */
struct tb_ckw;
struct tb_ckr;
void tb_storage_save(const tb_storage *s, struct tb_ckw *w);
int tb_storage_load(tb_storage *s, struct tb_ckr *r);

#endif
