/* SPDX-License-Identifier: Apache-2.0 */
/* it_time.c - the timing loops of cpumf-insttime (it_time.h). */
#include "it_time.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The sample entry's size and the entries of one block (4096 bytes less the trailer). */
static unsigned entry_size(const it_timer *t, int combined)
{
    return 32u + (combined ? t->m.cfg.model.dsdes : 0u);
}

unsigned it_entries_per_sdb(const cpumf_system_cfg *cfg, int combined)
{
    return (4096u - 64u) / (32u + (combined ? cfg->model.dsdes : 0u));
}

/* The LSCTL operand that activates the update timing's sampling for its
 * entry j: TEAR and DEAR where the previous entry left them.  A block's
 * first entry is written after the previous block's end (DEAR at its
 * trailer), the first of all too, so every SPIN entries of a round meet
 * SPIN / per block ends. */
static void update_operand(it_timer *t, const it_stmt *s, uint64_t j, uint64_t interval)
{
    unsigned e = entry_size(t, s->arg), per = it_entries_per_sdb(&t->m.cfg, s->arg);
    uint64_t n = t->upd_e + j, b = t->next_block + 1u + n / per, k = n % per;
    if (k == 0) {
        b--;
        k = per;
    }
    it_store(&t->m, IT_A_LSCTL_UPD, s->arg ? 0x303u : 0x202u);
    it_store(&t->m, IT_A_LSCTL_UPD + 8, interval);
    it_store(&t->m, IT_A_LSCTL_UPD + 16, IT_A_SDBT + 8u * b);
    it_store(&t->m, IT_A_LSCTL_UPD + 24, IT_A_SDB + 4096u * b + k * e);
}

void it_fac_insn(const it_timer *t, const it_stmt *s, cpumf_insn *x, cpumf_insn *restore)
{
    const cpumf_system_cfg *c = &t->m.cfg;
    memset(x, 0, sizeof *x);
    memset(restore, 0, sizeof *restore);
    restore->op = CPUMF_OP_COUNT;
    x->op = s->op;
    switch (s->op) {
    case CPUMF_OP_LPP: x->addr = IT_A_LPP; break;
    case CPUMF_OP_LCCTL:
        x->addr = s->arg ? IT_A_LCCTL_OFF : IT_A_LCCTL;
        if (s->arg) {
            restore->op = CPUMF_OP_LCCTL;
            restore->addr = IT_A_LCCTL;
        }
        break;
    case CPUMF_OP_LPCTL: x->addr = IT_A_LPCTL; break;
    case CPUMF_OP_LSCTL:
        x->addr = s->arg ? IT_A_LSCTL_ON : IT_A_LSCTL_OFF;
        if (s->arg) {
            restore->op = CPUMF_OP_LSCTL;
            restore->addr = IT_A_LSCTL_OFF;
        }
        break;
    case CPUMF_OP_QCTRI: x->addr = IT_A_QCTRI; break;
    case CPUMF_OP_QSI: x->addr = IT_A_QSI; break;
    case CPUMF_OP_ECCTR:
    case CPUMF_OP_SCCTR: x->r2 = s->value; break;
    case CPUMF_OP_EPCTR:
    case CPUMF_OP_SPCTR: x->r2 = (uint64_t)c->cg_addr[c->cpu_cg[0]] << 8 | s->value; break;
    case CPUMF_OP_ECPGA: x->r2 = c->cpu_addr[0]; break;
    default: /* STCCTM */
        x->m3 = s->arg;
        x->r1 = s->len[0];
        x->addr = IT_A_STCCTM;
        break;
    }
}

/* Samples the update process has stored (an observation, not the clock). */
static uint64_t n_stored(it_timer *t)
{
    t->m.be.observe(t->m.be.ctx, t->obs);
    return t->obs->cpu[0].sf_update.n_stored_q;
}

static int restoring(const it_stmt *s)
{
    return s->what == IT_UPDATE ||
           (s->what == IT_FAC && (s->op == CPUMF_OP_LCCTL || s->op == CPUMF_OP_LSCTL) && s->arg);
}

/* Sampling activated for one interval of busy cycles, then deactivated:
 * with the shortest interval a sample falls due while the deactivating
 * LSCTL fetches its operand, and that LSCTL waits for its update; with the
 * longest (restoring only) none does. */
static int update_body(it_timer *t, const it_stmt *s, int restore_only, uint64_t j, it_last *last)
{
    const cpumf_model_cfg *md = &t->m.cfg.model;
    cpumf_insn on = {.op = CPUMF_OP_LSCTL, .addr = IT_A_LSCTL_UPD};
    cpumf_insn off = {.op = CPUMF_OP_LSCTL, .addr = IT_A_LSCTL_OFF};
    it_last r;
    update_operand(t, s, j, restore_only ? md->max_interval : md->min_interval);
    if (it_insn(&t->m, &on, last) || it_pgm(&t->m, &t->bct, (uint32_t)md->min_interval - 6u))
        return -1;
    return it_insn(&t->m, &off, &r);
}

static int body(it_timer *t, const it_stmt *s, int restore_only, uint64_t j, it_last *last)
{
    cpumf_insn x, rx;
    it_last r;
    if (!s)
        return 0;
    if (s->what == IT_PGM) {
        const tb_timing_insn *ti = &t->timing->insn[s->pgm];
        last->cc = 0;
        last->exc = 0;
        last->r1 = 0;
        return it_pgm(&t->m, ti, tb_timing_cycles(ti, s->len[0], s->len[1]));
    }
    if (s->what == IT_UPDATE)
        return update_body(t, s, restore_only, j, last);
    it_fac_insn(t, s, &x, &rx);
    if (!restore_only && it_insn(&t->m, &x, last))
        return -1;
    return rx.op == CPUMF_OP_COUNT ? 0 : it_insn(&t->m, &rx, &r);
}

/* n executions of the body and a BCT between two clock reads: their cycles. */
static int loop(it_timer *t, const it_stmt *s, int restore_only, uint64_t n, uint64_t *dt,
                it_last *last)
{
    uint64_t t0, t1, i;
    uint32_t bct = tb_timing_cycles(&t->bct, 0, 0);
    if (it_clock(&t->m, &t0))
        return -1;
    for (i = 0; i < n; i++)
        if (body(t, s, restore_only, i, last) || it_pgm(&t->m, &t->bct, bct))
            return -1;
    if (it_clock(&t->m, &t1))
        return -1;
    *dt = t1 - t0 - t->overhead;
    return 0;
}

static int failed(const it_timer *t, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s at cycle %llu",
             t->m.mismatch ? "lockstep mismatch" : "an instruction did not complete",
             (unsigned long long)t->m.cycle);
    return -1;
}

int it_time_bct(it_timer *t, uint64_t bcts, char *err, size_t errlen)
{
    uint64_t dt;
    it_last r;
    if (loop(t, NULL, 0, bcts, &dt, &r))
        return failed(t, err, errlen);
    t->bct_cycles = (double)dt / (double)bcts;
    return 0;
}

int it_timer_init(it_timer *t, uint64_t bcts, char *err, size_t errlen)
{
    const cpumf_system_cfg *c = &t->m.cfg;
    uint64_t sets = CPUMF_SET_BASIC | CPUMF_SET_PROBLEM | (c->model.n_ext ? CPUMF_SET_EXT : 0);
    uint64_t off = sets & ~(uint64_t)(c->model.n_ext ? CPUMF_SET_EXT : CPUMF_SET_PROBLEM);
    cpumf_insn lpctl = {.op = CPUMF_OP_LPCTL, .addr = IT_A_LPCTL};
    it_last r;
    uint64_t a, b;
    unsigned i;
    int k = t->timing ? tb_timing_find(t->timing, "BCT") : -1;
    memset(&t->bct, 0, sizeof t->bct);
    if (k >= 0) {
        t->bct = t->timing->insn[k];
    } else {
        snprintf(t->bct.name, sizeof t->bct.name, "BCT");
        t->bct.ilen = 4;
        t->bct.a = 1.0;
    }
    it_store(&t->m, IT_A_LCCTL_OFF, off << 16 | off);
    it_store(&t->m, IT_A_LPP, 0x1234);
    it_store(&t->m, IT_A_LPCTL, 3); /* the groups' counters enabled and active */
    it_store(&t->m, IT_A_LSCTL_ON, 0x202);
    it_store(&t->m, IT_A_LSCTL_ON + 8, c->model.max_interval);
    it_store(&t->m, IT_A_LSCTL_ON + 16, IT_A_SDBT);
    it_store(&t->m, IT_A_LSCTL_ON + 24, IT_A_SDB);
    for (i = 0; i < IT_SDBT_MAX; i++)
        it_store(&t->m, IT_A_SDBT + 8u * i, IT_A_SDB + 4096u * i);
    if (it_insn(&t->m, &lpctl, &r) || it_cpu_speed(&t->m, &t->speed) || it_clock(&t->m, &a) ||
        it_clock(&t->m, &b))
        return failed(t, err, errlen);
    t->overhead = b - a;
    return it_time_bct(t, bcts, err, errlen);
}

int it_time_stmt(it_timer *t, const it_stmt *s, it_result *r, char *err, size_t errlen)
{
    double sum = 0.0, ss = 0.0;
    unsigned i;
    memset(r, 0, sizeof *r);
    for (i = 0; i < t->rounds; i++) {
        uint64_t dm, dx = 0;
        it_last x;
        uint64_t n0 = n_stored(t);
        t->upd_e = (uint64_t)i * s->spin;
        if (loop(t, s, 0, s->spin, &dm, &r->last))
            return failed(t, err, errlen);
        if (s->what == IT_UPDATE && n_stored(t) - n0 != s->spin) {
            snprintf(err, errlen, "line %u: UPDATE: %llu samples stored of %u", s->line,
                     (unsigned long long)(n_stored(t) - n0), s->spin);
            return -1;
        }
        if (restoring(s) && loop(t, s, 1, s->spin, &dx, &x))
            return failed(t, err, errlen);
        r->round[i] = restoring(s) ? ((double)dm - (double)dx) / s->spin
                                   : (double)dm / s->spin - t->bct_cycles;
        sum += r->round[i];
    }
    if (s->what == IT_UPDATE)
        t->next_block += (uint64_t)t->rounds * s->spin / it_entries_per_sdb(&t->m.cfg, s->arg) + 1u;
    r->cycles = sum / t->rounds;
    for (i = 0; i < t->rounds; i++)
        ss += (r->round[i] - r->cycles) * (r->round[i] - r->cycles);
    r->sd = t->rounds > 1 ? sqrt(ss / (t->rounds - 1)) : 0.0;
    return 0;
}
