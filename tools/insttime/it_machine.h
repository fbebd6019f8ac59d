/* SPDX-License-Identifier: Apache-2.0 */
/*
 * it_machine.h - the machine cpumf-insttime times on: one CPU of a system,
 * the model alone or the lockstep pair (the bench's backends), driven cycle
 * by cycle as a program runs on it.  The CPU is always busy: a facility
 * instruction occupies it from its presentation to its response, an
 * instruction of the program workload for the cycles of its timing table.
 */
#ifndef CPUMF_TOOLS_INSTTIME_IT_MACHINE_H
#define CPUMF_TOOLS_INSTTIME_IT_MACHINE_H

#include <stdint.h>

#include "runner/backend.h"
#include "stimulus/program.h"
#include "stimulus/storage.h"

/* Where the program keeps its operands (real addresses above the prefix area). */
enum it_addr {
    IT_A_OPERANDS = 0x3000,  /* where the facility's operands start (a dump's base register) */
    IT_A_LCCTL = 0x3000,     /* the counter sets timed with */
    IT_A_LCCTL_OFF = 0x3008, /* the same less one set (LCCTL OFF) */
    IT_A_LPP = 0x3010,
    IT_A_LPCTL = 0x3018,
    IT_A_QCTRI = 0x3100,
    IT_A_QSI = 0x3200,
    IT_A_LSCTL_ON = 0x3400,  /* basic sampling, longest interval */
    IT_A_LSCTL_OFF = 0x3440, /* both functions disabled */
    IT_A_LSCTL_UPD = 0x3480, /* the update timing's activation */
    IT_A_STCCTM = 0x4000,
    IT_A_SDBT = 0x100000, /* one SDB table of IT_SDBT_MAX blocks */
    IT_A_SDB = 0x200000
};
#define IT_SDBT_MAX 510u

typedef struct it_machine {
    cpumf_system_cfg cfg;
    tb_backend be; /* the model, or the lockstep pair; destroyed with the machine */
    tb_storage *st;
    uint64_t cycle;
    uint64_t ia; /* address of the loop (the facility instructions and BCT) */
    int mismatch;
    cpumf_sys_in in;
    cpumf_sys_out out;
} it_machine;

/* The result of the last instruction of a timed loop. */
typedef struct it_last {
    uint8_t cc, exc;
    uint64_t r1;
} it_last;

/* be: the backend of a system made from cfg, which it does not own (it_machine_free
 * destroys be, not its model nor its RTL).  0, or -1 with the message.  The
 * counter sets (basic, problem-state, extended) are active when it returns. */
int it_machine_init(it_machine *m, const cpumf_system_cfg *cfg, uint64_t seed, tb_backend be,
                    char *err, size_t errlen);
void it_machine_free(it_machine *m);

/* One facility instruction; returns 0, -1 on a lockstep mismatch. */
int it_insn(it_machine *m, const cpumf_insn *x, it_last *res);
/* Counter 0 (cycles) read with ECCTR. */
int it_clock(it_machine *m, uint64_t *now);
/* `cycles` cycles of one execution of t. */
int it_pgm(it_machine *m, const tb_timing_insn *t, uint32_t cycles);
/* QSI's CPU speed (cycles per microsecond). */
int it_cpu_speed(it_machine *m, uint32_t *speed);
/* Storage written as the program's data (both sides of the lockstep). */
void it_store(it_machine *m, uint64_t addr, uint64_t v);

#endif
