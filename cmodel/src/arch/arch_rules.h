/* SPDX-License-Identifier: Apache-2.0 */
/*
 * arch_rules.h - the architecture rules of the CPU-measurement counter
 * facility as pure functions (operands and state in, decision out).
 *
 * Nothing here holds state or knows about cycles: the cycle units
 * (cf_state, cf_counters, cf_global, mf_alert, mf_insn) call these functions
 * and tests/unit/test_arch_*.c check them against the architecture's rules.
 * Bit numbering is the code's: bit 0 is the least significant.
 */
#ifndef CPUMF_CMODEL_SRC_ARCH_ARCH_RULES_H
#define CPUMF_CMODEL_SRC_ARCH_ARCH_RULES_H

#include <stdint.h>
#include "cpumf/cpumf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every counter-set bit; the alert bits are CPUMF_AL_* (cpumf.h). */
#define ARCH_SETS_ALL 0x3Fu

/* Slot index of the MT counters in the naming space (448 -> NSLOT, 449 -> NSLOT+1). */
#define ARCH_SLOT_MT0 CPUMF_NSLOT

/* ---- counters and sets ---- */
/* Installed counters of a set (one CPUMF_SET_* bit): 0 when not installed. */
static inline unsigned arch_set_count(const cpumf_model_cfg *m, unsigned set)
{
    switch (set) {
    case CPUMF_SET_BASIC: return 6u;
    case CPUMF_SET_PROBLEM: return m->cfvn >= 3u ? 2u : 6u;
    case CPUMF_SET_CRYPTO: return m->csvn >= 6u ? 20u : 16u;
    case CPUMF_SET_EXT: return m->n_ext > CPUMF_MAX_EXT ? CPUMF_MAX_EXT : m->n_ext;
    case CPUMF_SET_MT: return m->csvn > 3u ? 2u : 0u;
    default: return 0u;
    }
}
/* Most extended counters a CSVN allows (CF-CT-4). */
unsigned arch_ext_max(unsigned csvn);
/* Mask of installed sets (CPUMF_SET_*). */
unsigned arch_installed_sets(const cpumf_model_cfg *m);
/* First slot of a set's slot range (MT: none). */
static inline unsigned arch_set_first_slot(unsigned set)
{
    switch (set) {
    case CPUMF_SET_BASIC: return CPUMF_SLOT_BASIC;
    case CPUMF_SET_PROBLEM: return CPUMF_SLOT_PROBLEM;
    case CPUMF_SET_CRYPTO: return CPUMF_SLOT_CRYPTO;
    case CPUMF_SET_EXT: return CPUMF_SLOT_EXT;
    case CPUMF_SET_MT: return ARCH_SLOT_MT0;
    default: return 0u;
    }
}
/* First counter number of a set. */
unsigned arch_set_first_counter(unsigned set);
/* Set (CPUMF_SET_*) that a slot belongs to, 0 for an out-of-range slot. */
unsigned arch_slot_set(unsigned slot);
/* Counter number -> slot, -1 not installed, -2 for an installed MT counter. */
int arch_counter_slot(const cpumf_model_cfg *m, unsigned number);
/* Slot -> counter number (CPUMF_NSLOT and +1 name 448 and 449). */
unsigned arch_slot_counter(unsigned slot);

/* ---- states and transitions (Figures 2-1, 2-2) ---- */
/* A/E/C of one set is one of 000, 100, 110, 111. */
int arch_state_valid(unsigned a, unsigned e, unsigned c);
/* LCCTL/LPCTL may move a set with authorization a to (e, c). */
int arch_transition_valid(unsigned a, unsigned e, unsigned c);

/* ---- instruction checks ---- */
/* Program exception recognized in DECODE (GEN-1..4), CPUMF_EXC_NONE if none. */
unsigned arch_decode_exception(const cpumf_model_cfg *m, unsigned op, unsigned m3, unsigned problem,
                               unsigned cr0_15, uint64_t r1, uint64_t r2, uint64_t addr);

typedef struct arch_load_result {
    unsigned exc;   /* CPUMF_EXC_SPECIFICATION or CPUMF_EXC_NONE */
    unsigned cc;    /* 0 or 3 when exc is none */
    unsigned apply; /* 1: take e/c */
    unsigned e, c;  /* LCCTL: the new full E/C masks; LPCTL: the global bits */
} arch_load_result;

/* LCCTL with operand x against the CPU's masks a, e, c. */
arch_load_result arch_lcctl(const cpumf_model_cfg *m, uint64_t x, unsigned a, unsigned e,
                            unsigned c);
/* LPCTL with operand x; has_cg: groups installed; cg_a: this CPU's authorization. */
arch_load_result arch_lpctl(unsigned has_cg, unsigned cg_a, uint64_t x);

typedef struct arch_stcctm_result {
    unsigned cc;
    unsigned count; /* doublewords to store */
    unsigned set;   /* CPUMF_SET_* named by M3 (0 for a reserved M3) */
} arch_stcctm_result;
/* STCCTM decision from M3, R1, this CPU's E mask and pending alerts. */
arch_stcctm_result arch_stcctm(const cpumf_model_cfg *m, unsigned m3, uint64_t r1, unsigned e_mask,
                               uint32_t pending);

/* ECCTR (write = 0) / SCCTR (write = 1): slot to access (>= 0; ARCH_SLOT_MT0
 * and +1 for 448/449), or -1 for cc 3. */
int arch_ecctr_target(const cpumf_model_cfg *m, uint64_t r2, unsigned e_mask, uint32_t pending,
                      int write);
/* EPCTR/SPCTR: cc 0 with group index and counter, or 3. */
unsigned arch_epctr_target(const cpumf_system_cfg *s, uint64_t r2, unsigned cg_a, unsigned g_e,
                           unsigned *grp, unsigned *ctr);
/* ECPGA: cc, and R1 after the instruction. */
unsigned arch_ecpga(const cpumf_system_cfg *s, uint64_t r1, uint64_t r2, uint64_t *r1_out);
/* QCTRI information block as 8 big-endian doublewords. */
void arch_qctri_block(const cpumf_model_cfg *m, unsigned a, unsigned e, unsigned c, unsigned cg_a,
                      unsigned g_e, unsigned g_c, unsigned g_change, uint64_t blk[8]);

/* ---- operand storage arithmetic (docs/uarch.md section 4) ---- */
unsigned arch_operand_ndw(uint64_t addr, unsigned len);
uint64_t arch_operand_dw_addr(uint64_t addr, unsigned k);
/* Byte-enable mask of doubleword k (bit 7 = byte 0). */
unsigned arch_operand_be(uint64_t addr, unsigned len, unsigned k);
/* Operand (len <= 8, big-endian value) after merging read data of doubleword k. */
uint64_t arch_fetch_merge(uint64_t addr, unsigned len, unsigned k, uint64_t data, uint64_t operand);
/* Operand of len bytes kept as nw big-endian doublewords (bytes past 8*nw are
 * dropped) after merging read data of doubleword k. */
void arch_fetch_merge_block(uint64_t addr, unsigned len, unsigned k, uint64_t data, uint64_t *opnd,
                            unsigned nw);
/* Write data of doubleword k for an operand made of len/8 big-endian doublewords. */
uint64_t arch_store_data(uint64_t addr, unsigned len, unsigned k, const uint64_t *opnd);

/* ---- authorization, alerts ---- */
typedef struct arch_auth_result {
    unsigned a, e, c;
    uint32_t raised;
} arch_auth_result;
/* External authorization pulses on the CPU sets (bits 0-5). */
arch_auth_result arch_auth_change(unsigned a, unsigned e, unsigned c, unsigned set_bits,
                                  unsigned clr_bits);
/* loss-of-CPU-counter-data for the named sets: the new C and the alert. */
arch_auth_result arch_loss_cpu(unsigned a, unsigned e, unsigned c, unsigned named);
/* Next pending parameter (docs/uarch.md section 7, Alert). */
uint32_t arch_alert_next(uint32_t pending, unsigned taken, unsigned clear_mt, uint32_t raised,
                         unsigned sf_enabled_next, unsigned cf_nonmt_enabled_next,
                         unsigned any_reset);

/* ---- counting ---- */
/* The increments of the six basic counters for one cycle's activity, byte
 * k that of counter k (a cycle's counting takes them in one word). */
static inline uint64_t arch_basic_increments(const cpumf_cpu_in *io, unsigned unified_l1)
{
    uint64_t d = unified_l1 ? 0u : (uint64_t)(io->l1d_dw & 1u) | (uint64_t)(io->l1d_pen & 1u) << 8;
    return (io->wait ? 0u : 1u)                 /* cycles outside the wait state */
           | (uint64_t)(io->insns & 7u) << 8    /* instructions (3-bit port) */
           | (uint64_t)(io->l1i_dw & 1u) << 16  /* L1 I directory writes */
           | (uint64_t)(io->l1i_pen & 1u) << 24 /* L1 I penalty cycles */
           | d << 32;                           /* L1 D directory writes and penalty cycles */
}
/* Increment of basic counter idx (0..5). */
static inline uint64_t arch_basic_increment(const cpumf_cpu_in *io, unsigned unified_l1,
                                            unsigned idx)
{
    return idx < 6u ? (arch_basic_increments(io, unified_l1) >> (8u * idx)) & 0xFFu : 0u;
}
/* Increment of crypto counter 64+k. */
uint64_t arch_crypto_increment(const cpumf_cpu_in *io, unsigned k);
/* Increment of extended counter 128+k: its events of the cycle (0-15); an
 * undefined counter's events are not counted (cf_counters). */
uint64_t arch_ext_increment(const cpumf_cpu_in *io, unsigned k);
/* Add one (installed, not stopped) CPU's activity into the increments of its
 * group's 8 counters: functions and blocked counts add up, counters 1 and 5
 * (busy cycles) become one when any CPU is busy. */
void arch_cg_accumulate(const cpumf_cpu_in *io, uint64_t inc[CPUMF_CG_NCTR]);
/* Next change indicator of the global register. */
unsigned arch_change_next(unsigned e_next, unsigned change, unsigned disable, unsigned addr_change);
/* MT counter to bump (0 for 448, 1 for 449, -1 none). */
int arch_mt_counter(unsigned n_running, unsigned any_active);

/* ---- instruction flow and EXEC decision (docs/uarch.md sections 5, 6) ----
 * Shared by the cycle model (mf_insn) and the untimed execution (execute.c). */
#define ARCH_ACC_NONE  0u /* no storage operand */
#define ARCH_ACC_FETCH 1u /* 8-byte operand read before EXEC */
#define ARCH_ACC_PROBE 2u /* store operand: probed (read) before EXEC, written after */
typedef struct arch_access {
    unsigned kind; /* ARCH_ACC_* */
    unsigned len;  /* operand bytes */
    unsigned ndw;  /* doublewords read (and, for PROBE, written) */
} arch_access;
/* Storage access of an instruction that passed the DECODE checks; stc_count
 * is the STCCTM count decided in DECODE (arch_stcctm). */
arch_access arch_operand_access(unsigned op, uint64_t addr, unsigned stc_count);
/* Slot whose value STCCTM stores in doubleword k of a set (ARCH_SLOT_MT0 + 0/1:
 * the core's MT counters 448/449). */
unsigned arch_stcctm_slot(unsigned set, unsigned k);

/* What EXEC sees: the captured request, the fetched operand, the STCCTM
 * decision latched in DECODE and this cycle's registers of the CPU. */
typedef struct arch_exec_in {
    unsigned op, m3;
    uint64_t r1, r2, addr;
    uint64_t operand;
    unsigned stc_cc, stc_count;
    unsigned a, e, c, cg_a, sf_e;
    unsigned sf_lower; /* sf_lower_enabled input of the cycle */
    uint32_t pending;
    unsigned g_e; /* global E register */
    /* sampling (LSCTL) */
    const uint64_t *blk; /* LSCTL: operand doublewords 0-3 (interval, TEAR, DEAR) */
    unsigned sf_a, sf_c; /* sampling A and C masks (sf_e above: E) */
    unsigned level;      /* level_i of the cycle */
    /* the sampling masks above are the executing set's (arch_sf_exec_set);
     * at level 2 LPP also reads the LPAR set's E */
    unsigned sf_e_lpar;
} arch_exec_in;

#define ARCH_FX_NONE  0u
#define ARCH_FX_LPP   1u /* program parameter (vm: of the VM level) = value */
#define ARCH_FX_LCCTL 2u /* CPU E/C masks = e, c */
#define ARCH_FX_LPCTL 3u /* global E/C = e, c */
#define ARCH_FX_SCCTR 4u /* counter slot = value */
#define ARCH_FX_SPCTR 5u /* group grp counter ctr = value */
#define ARCH_FX_LSCTL 6u /* sampling E/C masks = e, c; sf_load: S, H, interval, TEAR, DEAR */
#define ARCH_RD_NONE  0u
#define ARCH_RD_CTR   1u /* R1 = counter slot (ARCH_SLOT_MT0 + k: the core's 448 + k) */
#define ARCH_RD_CG    2u /* R1 = group grp counter ctr */
typedef struct arch_exec_result {
    unsigned exc, cc;
    uint64_t r1; /* R1 after the instruction, unless rd names a counter */
    unsigned rd; /* ARCH_RD_* */
    unsigned fx; /* ARCH_FX_*, applied at the EXEC edge */
    unsigned e, c;
    uint64_t value;
    unsigned slot, grp, ctr;
    unsigned clear_mt; /* clear alert bit 16 (STCCTM M3 = 9) */
    unsigned store;    /* a STORE phase follows (QCTRI, QSI, STCCTM with count > 0) */
    /* LSCTL with cc 0 (fx ARCH_FX_LSCTL): load the controls below when sf_load */
    unsigned sf_load, s, h;
    uint64_t interval, tear, dear;
    unsigned unauth_bad_interval; /* LSCTL cc 3: see arch_lsctl_result */
    unsigned vm;                  /* LPP at the VM level: pp_vm is loaded */
    unsigned set;                 /* LSCTL: the executing set (ARCH_LVL_*) */
} arch_exec_result;
/* The EXEC decision of one instruction (section 6). */
arch_exec_result arch_exec(const cpumf_system_cfg *cfg, const arch_exec_in *x);
/* Response fields: whether the instruction sets a condition code (not for an
 * exception, LPP, QCTRI, QSI). */
int arch_sets_cc(unsigned op, unsigned exc);

/* ---- sampling facility (docs/uarch.md Part II) ---- */
#define ARCH_SF_ALL       3u    /* CPUMF_SF_BASIC | CPUMF_SF_DIAG */
#define ARCH_SDB_MIN_ADDR 8192u /* entry addresses below are invalid */
#define ARCH_TRAILER_SIZE 64u
#define ARCH_ENTRY_MAX_DW (4u + 16u) /* basic (32 bytes) + diagnostic (DSDES <= 128) */

typedef struct arch_lsctl_result {
    unsigned exc; /* CPUMF_EXC_SPECIFICATION or none */
    unsigned cc;  /* 0 or 3 when exc is none */
    /* cc 3 for an unauthorized function asked active, with an interval out of
     * range that was not checked (SF-LSCTL-2) */
    unsigned unauth_bad_interval;
    unsigned apply; /* cc 0: E, C take e, c */
    unsigned e, c;  /* requested masks (CPUMF_SF_*) */
    unsigned load;  /* some function requested active: load the controls */
    unsigned s, h;
    uint64_t interval, tear, dear;
} arch_lsctl_result;
/* LSCTL with operand doublewords 0-3 against the sampling A/E/C masks; level
 * is the CPU's configuration level (2: VM, H is ignored). */
arch_lsctl_result arch_lsctl(const cpumf_model_cfg *m, const uint64_t opnd[4], unsigned a,
                             unsigned e, unsigned c, unsigned level);
/* The interval an activating LSCTL may load: min <= interval <= max. */
int arch_sf_interval_valid(const cpumf_model_cfg *m, uint64_t interval);
/* QSI information block as 8 doublewords. */
void arch_qsi_block(const cpumf_model_cfg *m, unsigned a, unsigned e, unsigned c, uint64_t tear,
                    uint64_t dear, uint64_t blk[8]);

/* Pseudo-random source: one LFSR step; a draw (8 steps, *x advanced: byte r
 * = bits 7..0 of the new value, bit b = its bit 8); the power-on value of CPU
 * index. */
typedef struct arch_draw {
    unsigned r, b;
} arch_draw;
uint32_t arch_lfsr_step(uint32_t x);
arch_draw arch_lfsr_draw(uint32_t *x);
uint32_t arch_lfsr_power_on(uint32_t seed, unsigned index);
/* Reload value R of the primary interval count for the interval I: exact and
 * random-secondary I, random I - 128 + r + b (d: the draw; SF-INT-5). */
uint64_t arch_interval_reload(unsigned mode, uint64_t interval, arch_draw d);
/* Whether the reload of this mode draws (random mode). */
int arch_interval_draws(unsigned mode);
/* Whether some other installed CPU of CPU index's core is neither stopped nor
 * waiting in this cycle (cpus: the inputs of every CPU). */
unsigned arch_core_busy(const cpumf_system_cfg *cfg, const cpumf_cpu_in *cpus, unsigned index);
/* An interval tick (SF-INT-1): a function active, the CPU not stopped, and
 * dedicated, not waiting or its core busy. */
unsigned arch_sf_tick(unsigned active, const cpumf_cpu_in *io, unsigned dedicated,
                      unsigned core_busy);

/* ---- two configuration levels (docs/uarch.md section 22, SF-LVL-1..5) ----
 * Each CPU holds two sets of sampling controls: the LPAR set (index 0, used
 * at level 0 or 1) and the VM set (index 1, level 2). */
#define ARCH_LVL_LPAR 0u
#define ARCH_LVL_VM   1u
#define ARCH_LVL_N    2u
/* The set an instruction executing at level acts on (SF-LVL-1). */
unsigned arch_sf_exec_set(unsigned level);
/* Whether set holds H: only the LPAR set (an LSCTL of the VM set leaves H as
 * it is, SF-LVL-1; step 7 of section 20 clears H with the LPAR set). */
unsigned arch_set_has_h(unsigned set);
/* Whether LPP at level loads a program parameter (pp_vm at level 2, else pp):
 * a function enabled in the VM or the LPAR set at level 2, in the LPAR set or
 * at the basic-machine level below (sf_lower) at level 0 or 1 (SF-LVL-2). */
unsigned arch_lpp_loads(unsigned level, unsigned e_lpar, unsigned e_vm, unsigned sf_lower);
/* An interval tick of set (active: a function of that set active): the VM
 * set's also needs level 2 in the cycle (SF-LVL-3). */
unsigned arch_sf_set_tick(unsigned set, unsigned active, const cpumf_cpu_in *io, unsigned dedicated,
                          unsigned core_busy);
/* Whether a sample of set due in a cycle is captured: the update idle, no
 * LSCTL executing and, for the VM set, no LPAR sample due in the same cycle
 * (due_lpar); otherwise it is a collision of set (SF-LVL-3). */
unsigned arch_sf_capture(unsigned set, unsigned due, unsigned upd_idle, unsigned lsctl_exec,
                         unsigned due_lpar);
/* Power-on LFSR of set on CPU index: the seed rotated left by index (LPAR)
 * or index + 16 (VM), modulo 32 (SF-LVL-3). */
uint32_t arch_lfsr_power_on_set(uint32_t seed, unsigned index, unsigned set);
/* The Hb bit of a basic entry stored into set's blocks: H for the LPAR set,
 * 0 for the VM set's (SF-LVL-4). */
unsigned arch_entry_hb(unsigned set, unsigned h);

/* The configuration level and secure-guest inputs can occur (SF-BSDE-5):
 * level 3 is reserved and a secure guest runs at the virtual-machine level. */
unsigned arch_level_possible(unsigned level, unsigned secure_guest);

/* ---- resets (enum cpumf_reset; codes 6-7 are no reset) ---- */
/* Any reset: alerts are cleared. */
unsigned arch_reset_any(unsigned reset);
/* Initial-CPU, clear, basic-machine clear or power-on: E and C of the non-MT
 * sets and of both sampling functions, and both program parameters, clear. */
unsigned arch_reset_clears(unsigned reset);
/* Power-on or basic-machine clear: the coprocessor-group sets are disabled
 * (CF-GL-6); a clear reset of one CPU leaves them. */
unsigned arch_reset_disables_groups(unsigned reset);
/* Clear, basic-machine clear or power-on: multithreading, a state of the
 * whole configuration, ends (MT-2); CPU and initial-CPU resets leave it. */
unsigned arch_reset_ends_mt(unsigned reset);
/* Some installed CPU (of cpus) has a reset that ends multithreading. */
unsigned arch_resets_end_mt(const cpumf_system_cfg *cfg, const cpumf_cpu_in *cpus);
/* Multithreading in the next state from mt: an accepted SIGP
 * set-multithreading order (sigp; enable: its parameter is nonzero), then a
 * reset that ends it (ended). */
unsigned arch_mt_next(unsigned mt, unsigned sigp, unsigned enable, unsigned ended);
/* E and C of the MT-diagnostic set (CPUMF_SET_MT or 0): one exactly while
 * the set is authorized (a) and multithreading is enabled (mt); nothing
 * else moves them (MT-1, MT-2). */
unsigned arch_mt_controls(unsigned a, unsigned mt);

/* Entries.  Sample inputs are the CPU's inputs of the capture cycle. */
/* Size in bytes of the entry for the active functions (E). */
unsigned arch_entry_size(const cpumf_model_cfg *m, unsigned active);
/* The sampling registers an entry reads: H and both program parameters. */
typedef struct arch_sample_regs {
    unsigned h;
    uint64_t pp, pp_vm; /* set at the LPAR level, at the VM level */
    unsigned set;       /* whose blocks the entry goes to (ARCH_LVL_*): its Hb */
} arch_sample_regs;
/* Basic-sampling data entry (4 doublewords; SF-BSDE-1, SF-BSDE-3). */
void arch_bsde(const cpumf_cpu_in *io, const arch_sample_regs *sr, uint64_t dw[4]);
/* Diagnostic-sampling data entry: DSDES/8 doublewords (at most 16). */
void arch_dsde(const cpumf_model_cfg *m, const cpumf_cpu_in *io, uint64_t *dw);
/* The whole entry for the active functions (basic first); returns its doublewords. */
unsigned arch_sample_entry(const cpumf_model_cfg *m, unsigned active, const cpumf_cpu_in *io,
                           const arch_sample_regs *sr, uint64_t dw[ARCH_ENTRY_MAX_DW]);

/* Sample-data blocks: size B of the maximum buffer (S), the trailer address
 * of the block holding d, and Check(d): 0 when d is a valid entry address. */
uint64_t arch_sdb_size(unsigned s);
uint64_t arch_sdb_trailer(uint64_t d, uint64_t b);
int arch_sdb_entry_invalid(uint64_t d, uint64_t b);
/* Whether an entry of e bytes at d fits before the trailer trl. */
int arch_sdb_fits(uint64_t trl, uint64_t d, unsigned e);
/* A block becoming full (uarch.md section 19): BSDES and DSDES go into
 * trailer bytes 4-7 (mask ARCH_TRAILER_SZ_BE, data arch_trailer_sizes), and F
 * is set last by an interlocked OR of byte 0 alone (ARCH_TRAILER_F_BE,
 * ARCH_TRAILER_F_OR), so no request writes A, T or the reserved bits. */
#define ARCH_TRAILER_SZ_BE 0x0Fu
#define ARCH_TRAILER_F_BE  0x80u
#define ARCH_TRAILER_F_OR  ((uint64_t)1u << 63)
uint64_t arch_trailer_sizes(unsigned bsdes, unsigned dsdes);
/* The doubleword storage holds after a write request of kind op (enum
 * cpumf_stor_op) with data wdata and byte mask be (bit 7: byte 0) on old:
 * PLAIN replaces the enabled bytes, OR ors them, ADD adds (mod 2^64) the
 * whole doubleword (uarch.md section 4). */
uint64_t arch_stor_update(unsigned op, uint64_t old, uint64_t wdata, unsigned be);
/* Trailer flags of doubleword 0. */
#define ARCH_TRL_F(dw0) ((unsigned)((dw0) >> 63) & 1u)
#define ARCH_TRL_A(dw0) ((unsigned)((dw0) >> 62) & 1u)
#define ARCH_TRL_T(dw0) ((unsigned)((dw0) >> 61) & 1u)
/* Timestamp: doublewords written (1 STCK, 2 STCKE) and the data of number k
 * (at trailer + 16 + 8k). */
unsigned arch_timestamp_ndw(unsigned t);
uint64_t arch_timestamp_dw(uint64_t tod, unsigned t, unsigned k);

/* SDB-table entry e fetched at address n. */
#define ARCH_SDBT_BLOCK 0u
#define ARCH_SDBT_TABLE 1u
typedef struct arch_sdbt_entry {
    unsigned kind;   /* ARCH_SDBT_* */
    uint64_t origin; /* block origin (B-aligned) or table origin (16-aligned) */
    unsigned last;   /* n is the last entry before a B boundary */
} arch_sdbt_entry;
arch_sdbt_entry arch_sdbt_classify(uint64_t e, uint64_t n, uint64_t b);

#ifdef __cplusplus
}
#endif
#endif
