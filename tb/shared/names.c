/* SPDX-License-Identifier: Apache-2.0 */
/* names.c - the names the bench prints for the instructions and exceptions (names.h). */
#include "names.h"

#include <stddef.h>

#include "cpumf/cpumf.h"

static const char *const op_names[CPUMF_OP_COUNT] = {"LPP",   "LCCTL", "LPCTL", "LSCTL",
                                                     "QCTRI", "QSI",   "ECCTR", "EPCTR",
                                                     "SCCTR", "SPCTR", "ECPGA", "STCCTM"};

const char *tb_op_name(unsigned op)
{
    return op < CPUMF_OP_COUNT ? op_names[op] : "?";
}

const char *tb_exc_name(unsigned exc)
{
    switch (exc) {
    case CPUMF_EXC_NONE: return NULL;
    case CPUMF_EXC_OPERATION: return "operation";
    case CPUMF_EXC_PRIVILEGED: return "privileged-operation";
    case CPUMF_EXC_SPECIAL_OP: return "special-operation";
    case CPUMF_EXC_SPECIFICATION: return "specification";
    case CPUMF_EXC_ACCESS: return "access";
    default: return "unknown";
    }
}
