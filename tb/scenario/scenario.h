/*
 * scenario.h - strict parser of scenario files (SCENARIOS.md), with these
 * additions (for the README):
 *
 * Top level
 *   "description": string (ignored).
 *   "workload" defaults to "idle"; "seed" to 1 (--seed overrides); "cycles"
 *   to 10000 (--cycles overrides).  "name" defaults to the file name.
 *   "memory" entries take either "u64": [...] or "hex": "00ff..." (bytes at
 *   addr, any alignment) and an optional "comment"; memory outside the
 *   system's storage or in a hole is an error.
 *   "drivers": built-in control programs, one per CPU at most.  Only
 *     {"kind": "sampler"} exists (the Linux perf_cpum_sf protocol):
 *       "cpu" (0), "sdbs" (1..65536, required), "sdbs_per_table" (1..511,
 *       default 511), "interval" (required; clamped into [min, max] from QSI),
 *       "functions" (["basic"] default; "diagnostic" needs "basic"),
 *       "start" (cycle, default 0), "stop" (cycle > start), "resume"
 *       (cycle > stop), "buffer" ("4k" default | "1m": S = 1), "alert_bit"
 *       (true: A in every trailer), "program_parameter" (LPP operand,
 *       default 0x5346000000000000 | cpu), "sequence" (0..999, the xxx of
 *       the .SMP name, default 0), "check_intervals" (false; exact interval
 *       mode only: at the end, stored + overflow + collisions must equal
 *       the samples due by a bench-side interval count, and the samples the
 *       driver read must equal the stored count), "expect": {"samples_read",
 *       "overflow", "alerts" (program-request alerts serviced), "blocks"
 *       (full blocks read), "invalid_entry", "incorrect_sdbt", "loss"
 *       (alerts 0, 1, 9 taken): N or {"min": N, "max": N}}, "comment".
 *     Storage: a 4 KiB control page (QSI/LSCTL/LPP operands), one 4 KiB
 *     page per SDB table and the SDBs (B-aligned) are allocated from 1 MiB
 *     (or above the scenario's memory and the "random" memory, whichever is
 *     higher) upwards, below the storage size and outside holes; no room:
 *     exit 2.  At cycle "start" the driver writes the ring (tables: block
 *     links, then a table link to the next table, the last to the first;
 *     every trailer: A set), then presents QSI, LSCTL enable (E=1, C=0),
 *     LSCTL activate (E=C=1; interval, TEAR = first table, DEAR = first
 *     SDB; H = 1 at LPAR level), LPP.  Each program-request alert taken on
 *     its CPU makes it read the full blocks from its read position (ring
 *     order) up to a zero format code, append the entries to the .SMP file,
 *     zero their format codes, add the overflow counts, and reset F and the
 *     overflow count with one 16-byte compare-and-swap that keeps every
 *     other trailer bit (A set).  Alerts 0, 1, 9 are counted.  "stop":
 *     LSCTL E=1 C=0, QSI to save TEAR/DEAR, harvest; "resume": LSCTL
 *     activate with the saved TEAR/DEAR.  At the end of the run the driver
 *     reads (without writing) the remaining full blocks and the entries
 *     below DEAR.  Driver instructions take priority over the CPU's "insn"
 *     steps and are reported in results "driver_steps"; a driver
 *     instruction that ends with an exception or a cc other than 0, and a
 *     QSI block with impossible values, are failures.
 *   "expect_interruption_counts": [{"cpu" (0), "param", "min"?, "max"?}]:
 *      the number of interruptions taken on cpu whose parameter has every
 *      bit of param lies in [min, max] (min default 1).
 *   "expect_final": {"cpus": [ per CPU (index = CPU), null/{} to skip:
 *        {"counters": {"N": "0x.." | null},   null = ECCTR must give cc 3,
 *         "counter_sets": {"basic"|"problem_state"|"crypto"|"extended"|"mt"|"cg":
 *                          "unauthorized"|"disabled"|"inactive"|"active"},
 *         "sampling": {"basic"|"diagnostic": state},
 *         "alert_pending": "0x..", "program_parameter": "0x..",
 *         "samples": {"stored"|"overflow"|"collisions"|"read"|"lost":
 *                     N or {"min": N, "max": N}},   read/lost: the driver's
 *         "tear"|"dear"|"interval": "0x..", "s"|"h": 0|1} ],
 *      "global": {"e": 0|1, "c": 0|1, "change": 0|1, "mt_enabled": 0|1,
 *                 "cg_counters": {"GROUP INDEX": {"COUNTER 0-7": "0x.."}}}}
 *   "expect_interruptions": [{"cpu", "cycle"?, "param", "code"? ("0x1407")}]:
 *      the interruptions taken must be exactly these, in this order.
 *   "expect_dumps": [{"addr", "hex"}]: storage at the end of the run.
 *   "random": {"insns": N, "start": C (0), "gap": [MIN, MAX] (0, 12),
 *              "ops": ["LCCTL", ...] (all 12), "events": true}
 *      appends a constrained-random step stream made from the seed after the
 *      scenario's own steps (results "index" continues from them): every
 *      counter instruction with valid and invalid operands (LPP/LCCTL/LPCTL
 *      operands written into generated memory, some unaligned, some outside
 *      storage, in a hole or wrapping at 2^64), authorization changes, the
 *      four resets, stop/start, loss events, SIGP set-multithreading, group
 *      address change, CR0.58 flips; every CPU is started and CR0.58 set at
 *      the end.  Generated instructions that do not complete within "cycles"
 *      are not failures.
 *      "sampling": {"topologies": K (4, 1..64), "malformed": P (0.3, 0..1),
 *                   "buffer": "4k" | "1m" | ["4k", "1m"] (both), "interval":
 *                   [MIN, MAX] (clamped into the model's range; default the
 *                   model's range), "share": % of the steps (40, 1..100)}
 *      (needs the sampling facility) adds sampling stimulus from the seed.
 *      Memory (from 1 MiB or above the scenario's and the generator's other
 *      memory, outside holes; no room: exit 2): 64-byte LSCTL request blocks
 *      and LPP operands, a QSI page, and K SDB-table topologies, each a ring
 *      of 1-4 tables (4 KiB pages) of 1-6 block links and a table link to
 *      the next table (link entries with random ignored low bits), its SDBs
 *      4 KiB pages or (S = 1) 1 MiB blocks shared between topologies in the
 *      1 MiB slots above; trailers with random A, T, reserved bits and stale
 *      fields, some full (F = 1) with overflow counts near 2^64 or small;
 *      some tables fill their page (table link as the last entry).  With
 *      probability P a topology is malformed, one of: a table link that
 *      designates a table link; a table that fills its page (S = 1: the page
 *      ending at a 1 MiB boundary) with block links and no table link; a
 *      block or table link below 8192; a block or table link into a hole or
 *      beyond the storage size.  Steps: LSCTL (privileged; S of the
 *      topology, rarely flipped; random H) that activates basic, basic and
 *      diagnostic, or diagnostic sampling (sometimes one of the two only),
 *      enables, deactivates or disables, with the interval mostly within
 *      1/8 of the minimum above it, TEAR and DEAR into a topology (DEAR
 *      mostly a few entries below the trailer or at it: the block is full;
 *      with probability P inside the trailer, below 8192, in a hole or
 *      beyond storage; TEAR often so that the next entry read is the
 *      malformed one); LSCTL with the interval out of range, with (e = 0,
 *      c = 1) (cc 3) or reserved bits; QSI; LPP of random parameters;
 *      loss_sample_data; sampling authorize / unauthorize; stop / start;
 *      resets; activity overrides (or releases) of level (1 / 2),
 *      secure_guest, pcf49, uniq, uniq_count, entry_inconsistent, diag, dat,
 *      as, asn, ia, problem, wait, tod.  Most activations are then left
 *      alone for one to four intervals on their CPU (no LSCTL, reset, stop,
 *      sampling unauthorization or loss event is generated for it), so that
 *      samples are taken and the update process runs.
 * Steps
 *   "at" is required; "cpu" defaults to 0 (system events ignore it);
 *   "comment": string (ignored).  Operand keys are refused on other kinds.
 *   "event": "loss_cpu_counter_data" takes "set" as a name or a list.
 *   "activity": values force a field from that cycle on; null gives it back
 *   to the workload.  Fields: wait problem dat as asn ia insns uniq
 *   uniq_count l1i_dw l1i_pen l1d_dw l1d_pen cr_fn cr_busy cr_bfn cr_bcyc
 *   ext ([3 values]: bits 0-63, 64-127, 128-159) level secure_guest pcf49
 *   entry_inconsistent sf_lower_enabled tod diag (the diagnostic data bus,
 *   else 0).
 *   "expect" also takes "issued" and "done" (cycles of acceptance and RESP)
 *   to pin the timing.  "expect": {"cc"} is refused for LPP, QCTRI and QSI
 *   (their result cc is null); an instruction ending in an exception reports
 *   "cc": null.
 *   Instructions of one CPU are presented in the order of the steps array.
 *
 * Every error is "file:line:col: reason"; nothing runs before the whole
 * scenario (and its system and workload) has been read and checked.
 */
#ifndef TB_SCENARIO_H
#define TB_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#include "cpumf/cpumf.h"
#include "stimulus/workload.h"

enum tb_step_kind {
    TB_STEP_INSN, TB_STEP_AUTHORIZE, TB_STEP_UNAUTHORIZE, TB_STEP_RESET, TB_STEP_STOP,
    TB_STEP_START, TB_STEP_EVENT, TB_STEP_CR0_58, TB_STEP_ACTIVITY
};

enum tb_event {
    TB_EV_LOSS_CPU, TB_EV_LOSS_MT, TB_EV_LOSS_SAMPLE, TB_EV_CG_ADDR_CHANGE, TB_EV_SET_MT
};

/* expectation flags */
#define TB_EXP_CC 0x1u
#define TB_EXP_EXC 0x2u
#define TB_EXP_R1 0x4u
#define TB_EXP_ISSUED 0x8u
#define TB_EXP_DONE 0x10u

typedef struct tb_step {
    uint64_t at;
    uint8_t kind, cpu;
    uint8_t generated;         /* made by "random": no failure if it never completes */
    int line, col;             /* position in the scenario file (0 if generated) */
    /* insn */
    uint8_t op, m3, problem, cr0_15;
    uint64_t r1, r2, addr;
    uint8_t exp_flags, exp_cc, exp_exc;
    uint64_t exp_r1, exp_issued, exp_done;
    /* authorize / unauthorize */
    uint8_t cf_mask, sf_mask;
    /* reset */
    uint8_t reset;
    /* event */
    uint8_t event, ev_set;
    uint64_t ev_param;
    /* cr0_58 */
    uint8_t cr0_58;
    /* activity: index into tb_scenario.acts */
    uint32_t act;
} tb_step;

typedef struct tb_mem_init {
    uint64_t addr;
    size_t len;
    uint8_t *bytes;
} tb_mem_init;

typedef struct tb_dump {
    uint64_t addr;
    size_t len;
} tb_dump;

typedef struct tb_expect_dump {
    uint64_t addr;
    size_t len;
    uint8_t *bytes;
} tb_expect_dump;

typedef struct tb_range {
    uint8_t has;
    uint64_t lo, hi;
} tb_range;

/* expect_final samples: stored overflow collisions (DUT) read lost (driver) */
#define TB_SMP_NEXP 5

/* expect_final, per CPU */
#define TB_NSETS 7   /* basic problem_state crypto extended mt cg (+ reserved slot unused) */
typedef struct tb_expect_cpu {
    uint8_t present;
    uint32_t n_ctr;
    uint16_t *ctr_num;
    uint64_t *ctr_val;
    uint8_t *ctr_absent;        /* 1: the counter must not be readable (value null) */
    int8_t set_state[6];        /* basic, problem_state, crypto, extended, mt, cg: -1 = unchecked */
    int8_t sf_state[2];
    uint8_t has_alert, has_pp;
    uint32_t alert;
    uint64_t pp;
    tb_range samples[TB_SMP_NEXP];
    uint8_t has_tear, has_dear, has_interval;
    int8_t s, h;                /* -1 = unchecked */
    uint64_t tear, dear, interval;
} tb_expect_cpu;

typedef struct tb_expect_global {
    int8_t e, c, change, mt_enabled;   /* -1 = unchecked */
    uint32_t n_cg;
    uint8_t *cg_group, *cg_index;
    uint64_t *cg_val;
} tb_expect_global;

typedef struct tb_expect_intr {
    uint8_t cpu, has_cycle;
    uint64_t cycle;
    uint32_t param;
} tb_expect_intr;

/* "drivers": the sampler (see the header comment) */
#define TB_DRV_SAMPLER 1
/* driver expectations: samples_read overflow alerts blocks invalid_entry
 * incorrect_sdbt loss */
#define TB_DRV_NEXP 7
typedef struct tb_driver {
    int line, col;
    uint8_t kind, cpu;
    uint8_t functions;          /* CPUMF_SF_* */
    uint8_t big;                /* "buffer": "1m" (S = 1) */
    uint8_t alert_bit, check_intervals;
    uint8_t has_stop, has_resume;
    uint32_t sdbs, per_table, sequence;
    uint64_t interval, start, stop, resume, pp;
    tb_range expect[TB_DRV_NEXP];
    /* storage layout (chosen by the loader) */
    uint64_t ctl;               /* 4 KiB control page */
    uint32_t n_tables;
    uint64_t *table;            /* n_tables 4 KiB pages */
    uint64_t *sdb;              /* sdbs blocks of 4 KiB or 1 MiB */
} tb_driver;

typedef struct tb_expect_icount {
    uint8_t cpu;
    uint32_t param;
    uint64_t lo, hi;
} tb_expect_icount;

typedef struct tb_scenario {
    char path[512];
    char name[128];
    uint32_t n_req;
    char **req;
    cpumf_system_cfg system;
    tb_workload_cfg workload;
    uint64_t seed;
    uint64_t cycles;
    uint32_t n_mem;
    tb_mem_init *mem;
    uint32_t n_steps;
    tb_step *steps;
    uint32_t n_acts;
    tb_activity *acts;
    uint32_t n_dump;
    tb_dump *dump;
    /* additions */
    uint8_t has_expect_final;
    tb_expect_cpu exp_cpu[CPUMF_MAX_CPUS];
    tb_expect_global exp_global;
    uint8_t has_expect_intr;
    uint32_t n_exp_intr;
    tb_expect_intr *exp_intr;
    uint32_t n_exp_dump;
    tb_expect_dump *exp_dump;
    uint32_t n_drivers;
    tb_driver *drivers;
    uint32_t n_exp_icount;
    tb_expect_icount *exp_icount;
} tb_scenario;

/* Load, check and expand (the "random" generator uses the effective seed:
 * seed_override when has_seed_override, else the scenario's "seed").
 * system_override (NULL: none) names a system in systems/ that replaces the
 * scenario's "system" (the regression runs one generator on many systems).
 * configs_dir: root holding systems/ and workloads/ (NULL: cfg_default_dir()).
 * Returns NULL with "file:line:col: reason" in err. */
tb_scenario *tb_scenario_load(const char *path, const char *configs_dir, int has_seed_override,
                              uint64_t seed_override, const char *system_override, char *err, size_t errlen);
void tb_scenario_free(tb_scenario *sc);

const char *tb_op_name(unsigned op);
const char *tb_exc_name(unsigned exc);   /* NULL for no exception */

#endif
