/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpumf.h - public interface of the cycle-accurate C model of the
 * z/Architecture CPU-measurement facility (libcpumf).
 *
 * The model is a set of units (cf_state, cf_counters, cf_global, mf_alert,
 * mf_insn, sf_ctrl, sf_interval, sf_update, mf_cpu, mf_system) advanced one
 * clock at a time with evaluate-then-commit semantics.  Everything lives in
 * the cpumf_sys object: the library has no global mutable state, so any
 * number of systems can run in one process.  The library never prints and
 * never exits; errors are returned as codes with a message in a
 * caller-supplied buffer.
 *
 * Per cycle:   fill a cpumf_sys_in  ->  cpumf_eval()  (outputs of this cycle)
 *              ->  cpumf_commit()   (clock edge: next state becomes current)
 * docs/uarch.md is the timing contract these calls implement.
 */
#ifndef CPUMF_CMODEL_INCLUDE_CPUMF_CPUMF_H
#define CPUMF_CMODEL_INCLUDE_CPUMF_CPUMF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CPUMF_VERSION_MAJOR  0
#define CPUMF_VERSION_MINOR  5
#define CPUMF_VERSION_PATCH  0
#define CPUMF_VERSION_STRING "0.5.0"

/* Limits of the model (the RTL build is NCPU=4, NCG=2, see docs/uarch.md).
 * The constants the RTL shares are CPUMF_ and the name of rtl/mf_pkg.sv;
 * cpumf_consts.def lists them (bit positions there, masks here). */
#define CPUMF_MAX_CPUS 16
#define CPUMF_MAX_CGS  8
#define CPUMF_MAX_EXT  160 /* extended counters 128..287 */
#define CPUMF_NSLOT    192 /* per-CPU counter slots, see CPUMF_SLOT_* */
#define CPUMF_CG_NCTR  8   /* counters per coprocessor-group set */
/* The extended-counter events of a cycle: 4 bits (0-15 events) per counter. */
#define CPUMF_EXT_WORDS (CPUMF_MAX_EXT / 16)

/* Counter slots of one CPU (the MT-diagnostic counters live per core). */
#define CPUMF_SLOT_BASIC   0  /* counters 0..5    -> slots 0..5    */
#define CPUMF_SLOT_PROBLEM 6  /* counters 32..37  -> slots 6..11   */
#define CPUMF_SLOT_CRYPTO  12 /* counters 64..83  -> slots 12..31  */
#define CPUMF_SLOT_EXT     32 /* counters 128..287-> slots 32..191 */

/* Counter-set bit masks, in the layout of the LCCTL operand. */
#define CPUMF_SET_EXT     0x01u
#define CPUMF_SET_BASIC   0x02u
#define CPUMF_SET_PROBLEM 0x04u
#define CPUMF_SET_CRYPTO  0x08u
#define CPUMF_SET_RSVD    0x10u /* reserved for IBM use: never installed */
#define CPUMF_SET_MT      0x20u
#define CPUMF_AUTH_CG     0x40u /* authorization mask only: coprocessor groups */
/* Every CPU set except MT: the sets loss of data, resets and alert 25 concern. */
#define CPUMF_SETS_NON_MT 0x1Fu

/* Sampling-function bits. */
#define CPUMF_SF_BASIC 0x1u
#define CPUMF_SF_DIAG  0x2u

/* Bits of the measurement-alert parameter (alert_param; architecture bit b
 * is bit 31-b of the value). */
#define CPUMF_AL_INVALID_ENTRY  0x80000000u /* 0: invalid entry address */
#define CPUMF_AL_INCORRECT_SDBT 0x40000000u /* 1: incorrect SDB-table entry */
#define CPUMF_AL_PROGRAM_REQ    0x20000000u /* 2: program request */
#define CPUMF_AL_SF_AUTH        0x00800000u /* 8: sampling authorization change */
#define CPUMF_AL_LOSS_SAMPLE    0x00400000u /* 9: loss of sample data */
#define CPUMF_AL_LOSS_MT        0x00008000u /* 16: loss of MT counter data */
#define CPUMF_AL_CF_AUTH        0x00000080u /* 24: counter authorization change */
#define CPUMF_AL_LOSS_CPU       0x00000040u /* 25: loss of counter data */
#define CPUMF_AL_SF_GROUP       0xE0400000u /* 0, 1, 2, 9: cleared with sampling */

/* Instruction opcodes on the instruction port. */
enum cpumf_op {
    CPUMF_OP_LPP = 0,
    CPUMF_OP_LCCTL = 1,
    CPUMF_OP_LPCTL = 2,
    CPUMF_OP_LSCTL = 3,
    CPUMF_OP_QCTRI = 4,
    CPUMF_OP_QSI = 5,
    CPUMF_OP_ECCTR = 6,
    CPUMF_OP_EPCTR = 7,
    CPUMF_OP_SCCTR = 8,
    CPUMF_OP_SPCTR = 9,
    CPUMF_OP_ECPGA = 10,
    CPUMF_OP_STCCTM = 11,
    CPUMF_OP_COUNT = 12
};

/* Program-interruption codes reported on the instruction response. */
enum cpumf_exc {
    CPUMF_EXC_NONE = 0x00,
    CPUMF_EXC_OPERATION = 0x01,
    CPUMF_EXC_PRIVILEGED = 0x02,
    CPUMF_EXC_ACCESS = 0x05, /* addressing: operand outside configured storage */
    CPUMF_EXC_SPECIFICATION = 0x06,
    CPUMF_EXC_SPECIAL_OP = 0x13
};

/* Resets presented on the external port. */
enum cpumf_reset {
    CPUMF_RESET_NONE = 0,
    CPUMF_RESET_CPU = 1,
    CPUMF_RESET_INITIAL_CPU = 2,
    CPUMF_RESET_CLEAR = 3,
    CPUMF_RESET_POWER_ON = 4,
    CPUMF_RESET_BASIC_MACHINE_CLEAR = 5 /* a clear reset of the basic machine */
};

/* States of the instruction unit (mf_insn), compared every cycle. */
enum cpumf_insn_state {
    CPUMF_IS_IDLE = 0,
    CPUMF_IS_DECODE = 1,
    CPUMF_IS_FETCH = 2,
    CPUMF_IS_PROBE = 3,
    CPUMF_IS_EXEC = 4,
    CPUMF_IS_STORE = 5,
    CPUMF_IS_RESP = 6
};

/* States of the sample-data-block update process (sf_update). */
enum cpumf_upd_state {
    CPUMF_US_IDLE = 0,
    CPUMF_US_RD_TRL = 1,  /* read trailer doubleword 0 (F, T) */
    CPUMF_US_ADD_OVF = 2, /* interlocked add of 1 to the overflow count (block full) */
    CPUMF_US_OR_F = 3,    /* interlocked OR of F into the trailer (the old A comes back) */
    CPUMF_US_WR_ENT = 4,  /* write the data entry, one doubleword at a time */
    CPUMF_US_WR_SZ = 5,   /* write BSDES and DSDES into the trailer */
    CPUMF_US_WR_TS = 6,   /* write the timestamp (1 or 2 doublewords) */
    CPUMF_US_RD_SDBT = 7, /* read the next SDB-table entry */
    CPUMF_US_RD_SDBT2 = 8 /* read the entry a table link designates */
};

/* Configuration levels (cpumf_cpu_in.level, the CL of a sample); 3 is
 * reserved and never an input (cpumf_cpu_in_possible). */
enum cpumf_level {
    CPUMF_LEVEL_NONE = 0, /* no configuration level specified */
    CPUMF_LEVEL_LPAR = 1, /* logical-partition level */
    CPUMF_LEVEL_VM = 2    /* virtual-machine level */
};

/* What a storage request does (docs/uarch.md section 4). */
enum cpumf_stor_op {
    CPUMF_STOR_OP_PLAIN = 0, /* a read or a write of the enabled bytes */
    CPUMF_STOR_OP_OR = 1,    /* interlocked: enabled bytes ORed with wdata; old doubleword back */
    CPUMF_STOR_OP_ADD = 2    /* interlocked: doubleword plus wdata; old doubleword back */
};

/* Owner of a CPU's storage port (mf_cpu's arbiter). */
enum cpumf_arb {
    CPUMF_ARB_NONE = 0,
    CPUMF_ARB_INSN = 1, /* the instruction unit (mf_insn) */
    CPUMF_ARB_UPD = 2   /* the update process (sf_update) */
};

/* Sample-interval modes (cpumf_system_cfg.interval_mode). */
enum cpumf_interval_mode {
    CPUMF_INT_EXACT = 0,
    CPUMF_INT_RANDOM = 1,
    CPUMF_INT_RANDOM_SEC = 2 /* random secondary count */
};
/* Galois LFSR of the random intervals: x^32 + x^22 + x^2 + x + 1. */
#define CPUMF_LFSR_TAPS 0x80200003u

/* Longest counter names plus their NUL: short names, Linux perf event names. */
#define CPUMF_NAME_LEN      32
#define CPUMF_PERF_NAME_LEN 40

/* Machine model: what a model config (configs/models/NAME.json) holds. */
typedef struct cpumf_model_cfg {
    char name[32];
    uint16_t cfvn, csvn;
    uint8_t fac_lpp;       /* facility bit 40 */
    uint8_t fac_cf;        /* facility bit 67 */
    uint8_t fac_sf;        /* facility bit 68 */
    uint8_t fac_stcctm;    /* facility bit 142 */
    uint8_t unified_l1;    /* L1 D-cache counters stay zero */
    uint8_t has_cg;        /* coprocessor-group counter sets installed */
    uint16_t n_ext;        /* extended counters installed: 128..128+n_ext-1 */
    uint64_t ext_undef[3]; /* bit k: counter 128+k is undefined on this model, never counts */
    uint16_t max_cpu_addr, max_cg_addr;
    /* sampling facility (used by the sampling slice) */
    uint16_t bsdes, dsdes, dsde_format;
    uint64_t min_interval, max_interval;
    uint32_t cpu_speed; /* cycles per microsecond */
    /* names: [slot] for CPU counters, [CPUMF_NSLOT + 0/1] for 448/449; the
     * short name, and the Linux perf event name ("" where perf has none) */
    char names[CPUMF_NSLOT + 2][CPUMF_NAME_LEN];
    char perf_names[CPUMF_NSLOT + 2][CPUMF_PERF_NAME_LEN];
} cpumf_model_cfg;

typedef struct cpumf_hole {
    uint64_t base, size;
} cpumf_hole;

#define CPUMF_MAX_HOLES 8

/* System: what a system config (configs/systems/NAME.json) holds. */
typedef struct cpumf_system_cfg {
    char name[48];
    cpumf_model_cfg model;
    uint8_t n_cpus;                    /* CPUs 0..n_cpus-1 */
    uint8_t threads_per_core;          /* 1 or 2; CPU i is in core i / threads_per_core */
    uint8_t mt_enabled;                /* multithreading enabled at power-on */
    uint8_t n_cg;                      /* coprocessor groups 0..n_cg-1 (0 when !has_cg) */
    uint16_t cpu_addr[CPUMF_MAX_CPUS]; /* CPU address at the basic-machine level */
    uint8_t cpu_cg[CPUMF_MAX_CPUS];    /* group index each CPU is attached to */
    uint16_t cg_addr[CPUMF_MAX_CGS];   /* group address of each group */
    /* authorization at power-on (masks as CPUMF_SET_* | CPUMF_AUTH_CG) */
    uint8_t auth_cf;
    uint8_t auth_sf; /* CPUMF_SF_* */
    /* storage */
    uint64_t storage_size;
    uint8_t n_holes;
    cpumf_hole holes[CPUMF_MAX_HOLES];
    uint16_t latency_min, latency_max; /* cycles from accept to response, >= 1 */
    uint8_t backpressure_pct;          /* chance (0-99) that ready is low */
    /* sampling (used by the sampling slice) */
    uint8_t interval_mode; /* enum cpumf_interval_mode */
    uint32_t lfsr_seed;
    uint8_t dedicated; /* wait-state cycles count for the interval */
    uint8_t level;     /* 1 LPAR, 2 VM */
} cpumf_system_cfg;

/* Inputs of one CPU for one cycle.  Pulses are one cycle wide. */
typedef struct cpumf_cpu_in {
    /* activity (levels) */
    uint8_t stopped;                /* 1: CPU in the stopped state */
    uint8_t wait, problem, dat, as; /* PSW bits; as is 2 bits */
    uint16_t asn;
    uint64_t ia;
    uint8_t insns; /* instructions completed this cycle, 0..7 */
    uint8_t uniq, uniq_count;
    uint8_t l1i_dw, l1i_pen, l1d_dw, l1d_pen; /* 0 or 1 each */
    /* crypto, bit e = engine e: 0 PRNG, 1 SHA, 2 DEA, 3 AES, 4 ECC */
    uint8_t cr_fn, cr_busy, cr_bfn, cr_bcyc;
    uint64_t ext[CPUMF_EXT_WORDS]; /* events of counter 128+k: 4 bits, cpumf_ext_count() */
    uint8_t level;                 /* 1 LPAR, 2 VM */
    uint8_t secure_guest, pcf49, entry_inconsistent;
    uint8_t sf_lower_enabled; /* a sampling function enabled at the level below */
    uint64_t tod;
    uint64_t diag;  /* diagnostic data bus (diagnostic-sampling entries) */
    uint8_t cr0_58; /* measurement-alert subclass mask */
    /* instruction request */
    uint8_t insn_valid, op, m3, insn_problem, cr0_15;
    uint64_t r1, r2, addr;
    /* external events (pulses) */
    uint8_t auth_set, auth_clr;       /* CPUMF_SET_* | CPUMF_AUTH_CG */
    uint8_t sf_auth_set, sf_auth_clr; /* CPUMF_SF_* */
    uint8_t reset;                    /* enum cpumf_reset */
    uint8_t loss_cpu;                 /* CPUMF_SET_* of the set that lost data */
    uint8_t loss_mt, loss_sample;
    uint8_t alert_taken;
    /* storage port, inputs */
    uint8_t stor_req_ready, stor_rsp_valid, stor_rsp_err;
    uint64_t stor_rsp_data;
} cpumf_cpu_in;

typedef struct cpumf_sys_in {
    cpumf_cpu_in cpu[CPUMF_MAX_CPUS];
    uint8_t sigp_mt_valid;  /* SIGP set-multithreading accepted this cycle */
    uint8_t sigp_mt_enable; /* its parameter was nonzero */
    uint8_t cg_addr_change; /* potential coprocessor-group address change */
} cpumf_sys_in;

/* Events of extended counter 128+k in a cycle's inputs: nibble k of ext. */
static inline unsigned cpumf_ext_count(const cpumf_cpu_in *in, unsigned k)
{
    return (unsigned)(in->ext[k / 16u] >> (4u * (k % 16u))) & 0xFu;
}
/* Sets them (n is cut to 4 bits, as the port carries it). */
static inline void cpumf_ext_set(cpumf_cpu_in *in, unsigned k, unsigned n)
{
    uint64_t m = (uint64_t)0xFu << (4u * (k % 16u));
    in->ext[k / 16u] = (in->ext[k / 16u] & ~m) | (((uint64_t)n << (4u * (k % 16u))) & m);
}

/* Outputs of one CPU in one cycle. */
typedef struct cpumf_cpu_out {
    uint8_t insn_ready, insn_done, cc, exc;
    uint64_t r1; /* R1 after the instruction (input R1 if unchanged) */
    uint8_t stor_req_valid, stor_req_we, stor_req_be; /* be bit 7 = byte 0 */
    uint8_t stor_req_op;                              /* enum cpumf_stor_op */
    uint64_t stor_req_addr, stor_req_wdata;           /* addr is doubleword aligned */
    uint8_t alert_req;
    uint32_t alert_param;
} cpumf_cpu_out;

typedef struct cpumf_sys_out {
    cpumf_cpu_out cpu[CPUMF_MAX_CPUS];
} cpumf_sys_out;

/* Architected and implementation state, as the lockstep compares it:
 * cpumf_cpu_obs (one CPU) and cpumf_obs (the system) hold one field per RTL
 * register, obs->cpu[i].<unit>.<reg> and obs->cf_global.<reg>, e.g.
 * obs->cpu[0].mf_alert.pend_q, obs->cpu[0].cf_counters.ctr_q[slot],
 * obs->cf_global.cg_ctr_q[group][k].  cpumf_regs.def lists them. */
#include "cpumf_obs.h"

typedef struct cpumf_sys cpumf_sys;

/* Create a system in its power-on state; NULL with a message in err. */
cpumf_sys *cpumf_create(const cpumf_system_cfg *cfg, char *err, size_t errlen);
void cpumf_destroy(cpumf_sys *s);
/* Evaluate one cycle from the current state and in; fills out. */
void cpumf_eval(cpumf_sys *s, const cpumf_sys_in *in, cpumf_sys_out *out);
/* Clock edge: the next state computed by the last cpumf_eval becomes current. */
void cpumf_commit(cpumf_sys *s);
/* Copy the current state.  Entries of CPUs that are not installed are left
 * as they are. */
void cpumf_observe(const cpumf_sys *s, cpumf_obs *obs);
/* cpumf_observe but for the CPUs' counter slots (cf_counters.ctr_q keeps what
 * obs had), which cpumf_counter_slots shows in place: a check of every cycle
 * (the lockstep's) then copies a few hundred bytes instead of 1.5 KB a CPU. */
void cpumf_observe_regs(const cpumf_sys *s, cpumf_obs *obs);
/* The counter slots of CPU cpu now, as cpumf_observe would copy them to
 * cf_counters.ctr_q, read in place; valid until the next call that takes s.
 * The model first adds the counts it keeps pending into them (which changes
 * nothing that any call shows).  NULL when the CPU is not installed. */
const uint64_t *cpumf_counter_slots(cpumf_sys *s, unsigned cpu);
const cpumf_system_cfg *cpumf_config(const cpumf_sys *s);

/* Counter number -> slot of the per-CPU array, or -1 when the number is not
 * installed on this model (MT counters 448/449 return -2: they are per core). */
int cpumf_counter_slot(const cpumf_model_cfg *m, unsigned number);
/* Slot -> counter number. */
unsigned cpumf_slot_counter(unsigned slot);

/* Config loading (strict JSON).  Return 0 on success; on failure return -1
 * and write "file:line:col: reason" into err. */
int cpumf_load_model(const char *path, cpumf_model_cfg *out, char *err, size_t errlen);
int cpumf_load_system(const char *path, cpumf_system_cfg *out, char *err, size_t errlen);
/* A system config given as JSON text (len bytes, no NUL needed) that stands
 * at line `line`, column `col` (1-based) of the file source_name, e.g. an
 * object inside a larger file: error positions are that file's.  Its "model"
 * names configs_dir/models/MODEL.json (configs_dir NULL: the default below). */
int cpumf_load_system_text(const char *text, size_t len, const char *source_name, unsigned line,
                           unsigned col, const char *configs_dir, cpumf_system_cfg *out, char *err,
                           size_t errlen);
/* The configs directory (models/, systems/, workloads/) used when none is
 * given: $CPUMF_CONFIGS when set and not empty, else the one built in. */
const char *cpumf_default_configs_dir(void);
/* Short name of counter `number` on model m ("" when not installed).  An
 * extended counter the model leaves undefined is named "ext_NUMBER_undef". */
const char *cpumf_counter_name(const cpumf_model_cfg *m, unsigned number);
/* Linux perf event name of counter `number` on model m, e.g.
 * "L1D_RO_EXCL_WRITES" ("" when not installed or when perf does not name it;
 * the Linux kernel's tools/perf/pmu-events/arch/s390/ lists perf's names). */
const char *cpumf_counter_perf_name(const cpumf_model_cfg *m, unsigned number);
/* The counter whose perf event name is `perf_name` on model m: its number,
 * or -1 when no installed counter has that name. */
int cpumf_counter_by_perf_name(const cpumf_model_cfg *m, const char *perf_name);

/* ---- golden-reference API -------------------------------------------------
 * For benches that load the model as a reference (C/C++, SystemVerilog DPI-C).
 * Functions that can fail return -1 (or NULL) and leave a message in
 * cpumf_last_error(s); a successful call of such a function clears it. */

/* Version: "MAJOR.MINOR.PATCH" and MAJOR*10000 + MINOR*100 + PATCH. */
const char *cpumf_version(void);
int cpumf_version_number(void);

/* Create from a system config file (configs/systems/NAME.json schema) or from
 * JSON text of the same schema.  configs_dir: root holding models/ (NULL: the
 * installed/compiled-in default, or $CPUMF_CONFIGS).  NULL on error, with
 * "file:line:col: reason" in err. */
cpumf_sys *cpumf_create_from_file(const char *path, const char *configs_dir, char *err,
                                  size_t errlen);
cpumf_sys *cpumf_create_from_json(const char *json_text, const char *configs_dir, char *err,
                                  size_t errlen);

/* The last error of calls on s (never NULL; "" when none). */
const char *cpumf_last_error(const cpumf_sys *s);

/* A deep copy of s (state, clock, attached-storage port state and callbacks:
 * the copy uses the same storage until cpumf_attach_storage is called on it).
 * NULL when out of memory.  Snapshot/restore: clone, later destroy. */
cpumf_sys *cpumf_clone(const cpumf_sys *s);
/* Copy the whole state of src into dst, as cpumf_clone would but into an
 * existing system and without allocating: state, clock, coverage counts,
 * attached-storage port state and callbacks, the last error.  dst must have
 * the same configuration (a clone of src, or src a clone of dst, or both
 * clones of one system).  0, or -1 (dst's state unchanged, the reason in
 * cpumf_last_error(dst)) when the configurations differ or an argument is NULL. */
int cpumf_copy_state(cpumf_sys *dst, const cpumf_sys *src);
/* The state cpumf_copy_state copies, as bytes (a checkpoint of a long run):
 * returns their number, and writes them into buf when len is at least that
 * (buf NULL: only the number).  They hold the configuration they were saved
 * from, the library's version and the size of the state: a restore checks
 * them, into a system of the same configuration (the bytes are meant for the
 * build that saved them).  0 when s is NULL. */
size_t cpumf_save_state(const cpumf_sys *s, void *buf, size_t len);
/* s takes the saved state, as cpumf_copy_state from the system saved, but
 * keeps its own attached storage (callbacks, user pointer and latency; the
 * port's state in flight is the saved one's).  0, or -1 (s unchanged, the
 * reason in cpumf_last_error(s)): not a saved state, another build, another
 * configuration, a size that does not match. */
int cpumf_restore_state(cpumf_sys *s, const void *buf, size_t len);

/* One clock: cpumf_eval then cpumf_commit. */
void cpumf_step(cpumf_sys *s, const cpumf_sys_in *in, cpumf_sys_out *out);

/* ---- fast-forward (0.5) ----------------------------------------------------
 * Skipping a span of quiet cycles in one call (docs/uarch.md section 21).  A
 * cycle is quiet when its clock edge changes nothing but counting: the
 * counters of the CPU, group and MT sets add their increments (wrapping
 * modulo 2^64, which is silent), the sample-interval counts move by their
 * tick, and nothing else: no sample falls due, no storage request is
 * presented or response awaited, no instruction is presented, in flight or
 * completing, no alert bit is raised or dropped, no state register or
 * coverage transition changes.  Inputs that only an event reads (ia, tod,
 * diag, asn, as, dat, uniq, uniq_count, secure_guest, pcf49,
 * entry_inconsistent, sf_lower_enabled, and the storage port's stor_req_ready
 * while nothing is requested) may differ from cycle to cycle; every other
 * field must hold over the span for the result to be k single steps, level
 * included: the VM level's interval counts only cycles at level 2 (section 22). */

/* The number of quiet cycles from the current state on when every one of
 * them has inputs `in`: 0 when the next cycle is an event, UINT64_MAX when
 * no event comes while the inputs hold.  out (may be NULL) receives the
 * outputs of those cycles (the same in each; all zero when 0 is returned).
 * Nothing in s changes. */
uint64_t cpumf_cycles_to_next_event(const cpumf_sys *s, const cpumf_sys_in *in, cpumf_sys_out *out);
/* k clock edges with inputs `in`, exactly as k cpumf_step calls would leave
 * the state, the clock, the coverage counts and the attached storage, for
 * k up to cpumf_cycles_to_next_event(s, in, NULL); the counters add k times
 * their per-cycle increment, the interval counts move by k ticks (the LFSR
 * only moves at an event).  out (may be NULL): the outputs of each of those
 * cycles.  An uncommitted cpumf_eval is discarded.  0, or -1 (nothing done,
 * message in cpumf_last_error) when k is more than the quiet cycles. */
int cpumf_advance(cpumf_sys *s, const cpumf_sys_in *in, uint64_t k, cpumf_sys_out *out);

/* Instruction request of the instruction port, and its untimed result. */
typedef struct cpumf_insn {
    uint8_t op; /* enum cpumf_op */
    uint8_t m3, problem, cr0_15;
    uint64_t r1, r2, addr;
} cpumf_insn;
typedef struct cpumf_insn_result {
    uint8_t cc_valid; /* 0 when the cc is unchanged (LPP, QCTRI, QSI) or an exception */
    uint8_t cc;
    uint8_t exc; /* enum cpumf_exc */
    uint64_t r1; /* R1 after the instruction */
} cpumf_insn_result;

/* Helpers filling a cpumf_sys_in (no effect on the system); -1 on a bad cpu
 * (cpu >= CPUMF_MAX_CPUS). */
int cpumf_in_present(cpumf_sys_in *in, unsigned cpu, const cpumf_insn *insn); /* insn_valid = 1 */
/* 1 when a CPU's inputs are ones the architecture lets occur, which the
 * model assumes (the RTL too: mf_cpu's LevelPossible_M): level is not 3, and
 * secure_guest is 1 only at the virtual-machine level (a secure guest runs
 * there).  A bench checks its inputs with it; the model does not. */
int cpumf_cpu_in_possible(const cpumf_cpu_in *in);
/* The idle inputs the untimed semantics are defined against: everything zero,
 * every CPU operating (not stopped) in the wait state. */
void cpumf_in_idle(cpumf_sys_in *in);

/* Storage owned by the user's bench.  With storage attached, cpumf_eval and
 * cpumf_step serve the storage port themselves: the in->cpu[i].stor_* fields
 * are ignored, ready is always one and the response comes `latency` cycles
 * (>= 1) after acceptance.  read: 0 and *data, or nonzero when the doubleword
 * is not available.  write: byte mask bit 7 = byte 0 (most significant).  An
 * interlocked request (CPUMF_STOR_OP_OR, _ADD) is served at the accepting
 * edge by a read and then, when it succeeded, a write of the whole combined
 * doubleword (mask 0xFF); its response carries the doubleword read. */
typedef struct cpumf_storage_ops {
    int (*read)(void *user, uint64_t dw_addr, uint64_t *data);
    int (*write)(void *user, uint64_t dw_addr, uint64_t data, uint8_t byte_mask);
} cpumf_storage_ops;
int cpumf_attach_storage(cpumf_sys *s, const cpumf_storage_ops *ops, void *user, unsigned latency);
/* (ops NULL detaches; both callbacks are required otherwise.  The callbacks
 * run in cpumf_commit/cpumf_step, at the edge that accepts the request, and
 * in cpumf_execute.  A write error is reported to the instruction unit as
 * stor_rsp_err, which the STORE phase ignores, as with the bench's storage.) */

/* Read an architected or implementation register by name, for the user's own
 * comparisons.  0 on success; -1 for an unknown name (message in
 * cpumf_last_error).  A register is named as in rtl/ and in the mismatch
 * report of the lockstep (cpumf_regs.def lists them):
 *   cpuN.<unit>.<reg>          e.g. cpu0.cf_state.e_q, cpu0.mf_alert.pend_q,
 *                              cpu0.sf_update.n_stored_q, cpu0.mf_cpu.own_q
 *   cpuN.cf_counters.ctr_q[S]  counter slot S (cpumf_slot_counter)
 *   cf_global.<reg>            e.g. cf_global.change_q
 *   cf_global.cg_ctr_q[G][K]   counter K (0-7) of coprocessor group G (index)
 *   cf_global.mt_ctr_q[C][K]   counter 448+K of core C
 * and, as aliases of these, by architected counter number:
 *   cpuN.counter.NUM           counter NUM of CPU N (448, 449: its core's)
 *   cpuN.counter.PERF_NAME     the same, by the counter's Linux perf event name
 *                              on this model (cpumf_counter_perf_name), e.g.
 *                              cpu0.counter.L1D_RO_EXCL_WRITES
 *   cgG.counter.K              = cf_global.cg_ctr_q[G][K]
 *   coreC.counter.448|449      = cf_global.mt_ctr_q[C][0|1] (or by perf name,
 *                              coreC.counter.MT_DIAG_CYCLES_ONE_THR_ACTIVE)
 * Only what the system has installed (CPUs, counters of installed sets,
 * groups, cores); indices are decimal without leading zeros.
 * cpumf_register_name(s, i) enumerates every canonical name for i = 0.. (NULL
 * past the end), in the order of cpumf_regs.def. */
int cpumf_read_register(const cpumf_sys *s, const char *name, uint64_t *value);
const char *cpumf_register_name(const cpumf_sys *s, unsigned i);

/* Architectural (untimed) execution: the instruction runs to completion on the
 * current state at once, with no clock and no activity, and its effects (state,
 * counters, storage through the attached callbacks) are applied as the cycle
 * model would apply them.  Returns 0, or -1 on misuse (bad cpu, storage needed
 * but none attached, bad opcode, LSCTL while the CPU's sample update is in
 * progress: the cycle model's LSCTL waits for it), message in cpumf_last_error.
 * No cycle passes: the sample interval does not count.  The idle inputs put
 * the CPU at level 0: LSCTL, QSI and LPP act on the LPAR level's sampling
 * controls (docs/uarch.md section 22); the VM level's take the cycle model
 * with level 2. */
int cpumf_execute(cpumf_sys *s, unsigned cpu, const cpumf_insn *insn, cpumf_insn_result *res);
/* Semantics: exactly what the cycle model does with the instruction presented
 * to an otherwise idle system (cpumf_in_idle inputs, attached storage answering)
 * until its response: the same cc, exception, R1, state effects and storage
 * reads and writes.  The fields are taken as the instruction port takes them
 * (op, m3: 4 bits; problem, cr0_15: bit 0); op or m3 above 15 is misuse, op
 * 12..15 the operation exception.  The instruction unit's state (insn.state)
 * and the clock are not touched; an uncommitted cpumf_eval is discarded.
 * A read error of the attached storage is the access exception (nothing
 * changes), as a stor_rsp_err response is for the cycle model. */
/* One entry point per instruction (thin wrappers of cpumf_execute; problem and
 * cr0_15: nonzero is one; fields not named are zero). */
int cpumf_x_lpp(cpumf_sys *s, unsigned cpu, uint64_t addr, int problem, cpumf_insn_result *res);
int cpumf_x_lcctl(cpumf_sys *s, unsigned cpu, uint64_t addr, int problem, cpumf_insn_result *res);
int cpumf_x_lpctl(cpumf_sys *s, unsigned cpu, uint64_t addr, int problem, cpumf_insn_result *res);
int cpumf_x_qctri(cpumf_sys *s, unsigned cpu, uint64_t addr, int problem, cpumf_insn_result *res);
int cpumf_x_ecctr(cpumf_sys *s, unsigned cpu, uint64_t r1, uint64_t r2, int problem, int cr0_15,
                  cpumf_insn_result *res);
int cpumf_x_epctr(cpumf_sys *s, unsigned cpu, uint64_t r1, uint64_t r2, int problem,
                  cpumf_insn_result *res);
int cpumf_x_scctr(cpumf_sys *s, unsigned cpu, uint64_t r1, uint64_t r2, int problem,
                  cpumf_insn_result *res);
int cpumf_x_spctr(cpumf_sys *s, unsigned cpu, uint64_t r1, uint64_t r2, int problem,
                  cpumf_insn_result *res);
int cpumf_x_ecpga(cpumf_sys *s, unsigned cpu, uint64_t r1, uint64_t r2, int problem,
                  cpumf_insn_result *res);
int cpumf_x_stcctm(cpumf_sys *s, unsigned cpu, uint64_t r1, unsigned m3, uint64_t addr, int problem,
                   int cr0_15, cpumf_insn_result *res);

/* ---- functional coverage (0.4) --------------------------------------------
 * Every system counts, always, how often each bin of a fixed universe was hit
 * at its clock edges (cpumf_commit, cpumf_step, cpumf_execute), summed over
 * its CPUs: "transition.*" (counter-set and sampling-function state
 * transitions with their cause), "update.*" (steps and outcomes of the
 * sample-data-block update), "alert.*" (measurement-alert bits raised, taken,
 * cleared).  docs/coverage.md describes every bin.  The universe, its order
 * and its names are the same for every system; cpumf_clone copies the counts. */
/* Number of bins; name of bin i (NULL for i >= count); index of a name (-1 if none). */
unsigned cpumf_fcov_count(void);
const char *cpumf_fcov_name(unsigned i);
int cpumf_fcov_index(const char *name);
/* Hits of bin i in s since creation or the last cpumf_fcov_clear (0 for i >= count). */
uint64_t cpumf_fcov_hits(const cpumf_sys *s, unsigned i);
void cpumf_fcov_clear(cpumf_sys *s);

#ifdef __cplusplus
}
#endif
#endif
