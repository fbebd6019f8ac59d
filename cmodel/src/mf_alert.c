/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mf_alert.c - unit mf_alert: the 32-bit measurement-alert pending parameter
 * of one CPU and its interruption request (code 1407 hex).
 */
#include "cpumf_int.h"

void mf_alert_eval(const mf_alert_state *q, const mf_alert_in *in, mf_alert_out *out,
                   mf_alert_state *d)
{
    unsigned req = (q->pending != 0u) && in->cr0_58;
    out->req = (uint8_t)req;
    out->param = q->pending;
    d->pending = arch_alert_next(q->pending, req && in->taken, in->clear_mt, in->raised,
                                 in->sf_enabled_d, in->cf_nonmt_enabled_d, in->any_reset);
}
