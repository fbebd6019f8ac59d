/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sys_error.c - a system's last error message (cpumf_last_error), which every part of the API
 * sets: a unit of its own below them all (api.c, regs.c, snapshot.c, execute.c, advance.c).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include "cpumf_int.h"

void sys_set_error(const cpumf_sys *s, const char *fmt, ...)
{
    /* s was allocated writable by cpumf_create; only the message buffer is written */
    cpumf_sys *w = (cpumf_sys *)(uintptr_t)s;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->last_err, sizeof w->last_err, fmt, ap);
    va_end(ap);
}
