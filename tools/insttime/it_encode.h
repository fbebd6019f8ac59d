/* SPDX-License-Identifier: Apache-2.0 */
/*
 * it_encode.h - the dump of a timed instruction, as INSTTIME's result file
 * shows it: the instruction's text in hex, as the timed program would hold
 * it (its registers and displacements: docs/insttime.md, Output).
 */
#ifndef CPUMF_TOOLS_INSTTIME_IT_ENCODE_H
#define CPUMF_TOOLS_INSTTIME_IT_ENCODE_H

#include "it_time.h"

#define IT_DUMP 13 /* hex digits of a 6-byte instruction, and the NUL */

/* The instruction statement s times, in hex; "-" for the update process,
 * which is no one instruction. */
void it_dump(const it_timer *t, const it_stmt *s, char hex[IT_DUMP]);

#endif
