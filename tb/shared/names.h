/* SPDX-License-Identifier: Apache-2.0 */
/*
 * names.h - the names the bench prints and reads for the facility's instructions and the
 * program exceptions: the scenario reader, the drivers, the runner and the results share them.
 */
#ifndef CPUMF_TB_SHARED_NAMES_H
#define CPUMF_TB_SHARED_NAMES_H

/* The instruction's mnemonic (CPUMF_OP_*), "?" for none. */
const char *tb_op_name(unsigned op);
/* The exception's name (CPUMF_EXC_*), NULL for no exception. */
const char *tb_exc_name(unsigned exc);

#endif
