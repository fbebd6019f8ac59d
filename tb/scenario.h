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
 *   "drivers": a nonempty list is refused (exit 2): the sampler belongs to
 *   the sampling slice.
 *   "expect_final": {"cpus": [ per CPU (index = CPU), null/{} to skip:
 *        {"counters": {"N": "0x.." | null},   null = ECCTR must give cc 3,
 *         "counter_sets": {"basic"|"problem_state"|"crypto"|"extended"|"mt"|"cg":
 *                          "unauthorized"|"disabled"|"inactive"|"active"},
 *         "sampling": {"basic"|"diagnostic": state},
 *         "alert_pending": "0x..", "program_parameter": "0x.."} ],
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
 * Steps
 *   "at" is required; "cpu" defaults to 0 (system events ignore it);
 *   "comment": string (ignored).  Operand keys are refused on other kinds.
 *   "event": "loss_cpu_counter_data" takes "set" as a name or a list.
 *   "activity": values force a field from that cycle on; null gives it back
 *   to the workload.  Fields: wait problem dat as asn ia insns uniq
 *   uniq_count l1i_dw l1i_pen l1d_dw l1d_pen cr_fn cr_busy cr_bfn cr_bcyc
 *   ext ([3 values]: bits 0-63, 64-127, 128-159) level secure_guest pcf49
 *   entry_inconsistent sf_lower_enabled tod.
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
#include "workload.h"

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
} tb_scenario;

/* Load, check and expand (the "random" generator uses the effective seed:
 * seed_override when has_seed_override, else the scenario's "seed").
 * configs_dir: root holding systems/ and workloads/ (NULL: cfg_default_dir()).
 * Returns NULL with "file:line:col: reason" in err. */
tb_scenario *tb_scenario_load(const char *path, const char *configs_dir, int has_seed_override,
                              uint64_t seed_override, char *err, size_t errlen);
void tb_scenario_free(tb_scenario *sc);

const char *tb_op_name(unsigned op);
const char *tb_exc_name(unsigned exc);   /* NULL for no exception */

#endif
