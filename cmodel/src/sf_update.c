/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sf_update.c - unit sf_update: the sample-data-block update process of one
 * CPU (docs/uarch.md section 19).  A captured sample is stored through the
 * CPU's storage port, one request at a time: trailer read, entry writes, or
 * block-full handling (sizes, timestamp, F, SDB-table walk), or the overflow
 * count; F and the overflow count change by interlocked OR and ADD.  TEAR
 * and DEAR are sf_ctrl's registers: this unit reads them and hands its
 * writes to sf_ctrl (step 1 of section 20).  An update serves the set of
 * sampling controls its sample was captured for (lvl, section 22).
 */
#include <string.h>
#include "cpumf_int.h"

/* The counts of the update's set (SF-LVL-3): stored, overflow, stopped. */
enum { N_STORED, N_OVERFLOW, N_STOPPED };
static uint64_t *count_of(sf_update_state *d, unsigned k)
{
    uint64_t *lpar[3] = {&d->n_stored, &d->n_overflow, &d->n_stopped};
    uint64_t *vm[3] = {&d->n_stored_vm, &d->n_overflow_vm, &d->n_stopped_vm};
    return d->lvl == ARCH_LVL_VM ? vm[k] : lpar[k];
}

static void load_req(sf_update_state *d, unsigned we, unsigned be, uint64_t addr, uint64_t wdata)
{
    mf_stor_req_load(&d->req, we, CPUMF_STOR_OP_PLAIN, be, addr & ~(uint64_t)7u, wdata);
}

/* An interlocked read-modify-write of the trailer (uarch.md sections 4, 19):
 * a program may reset F and the overflow count with COMPARE DOUBLE AND SWAP
 * while sampling stays active, and neither side's change may be lost. */
static void load_rmw(sf_update_state *d, unsigned op, unsigned be, uint64_t addr, uint64_t wdata)
{
    mf_stor_req_load(&d->req, 1u, op, be, addr, wdata);
}

/* End of the update at this edge, raising alert (0 or bits 0/1) and bit 2
 * when a block whose A was one became full; bin: the coverage bin of the
 * ending error, or FCOV_NBINS. */
static void finish(const sf_update_in *in, sf_update_state *d, sf_update_out *out, uint32_t alert,
                   unsigned bin)
{
    d->state = CPUMF_US_IDLE;
    if (alert & (CPUMF_AL_INVALID_ENTRY | CPUMF_AL_INCORRECT_SDBT)) {
        out->clear_c = 1u; /* of the update's set only (SF-LVL-5) */
        if (d->lvl == ARCH_LVL_VM)
            fcov_hit(in->fc, FCOV_UPD_ALERT_VM_SET);
    }
    if (d->prog_req)
        alert |= CPUMF_AL_PROGRAM_REQ;
    d->prog_req = 0u;
    out->raised |= alert;
    if (bin < FCOV_NBINS)
        fcov_hit(in->fc, bin);
}

/* Check(dear): the inner-loop start. */
static void check(const sf_update_in *in, sf_update_state *d, sf_update_out *out, uint64_t dear,
                  uint64_t b)
{
    if (arch_sdb_entry_invalid(dear, b)) {
        finish(in, d, out, CPUMF_AL_INVALID_ENTRY,
               dear < ARCH_SDB_MIN_ADDR ? FCOV_UPD_INVALID_DEAR_LOW
                                        : FCOV_UPD_INVALID_DEAR_TRAILER);
        return;
    }
    d->trl = arch_sdb_trailer(dear, b);
    d->ent_addr = dear;
    d->state = CPUMF_US_RD_TRL;
    load_req(d, 0u, 0xFFu, d->trl, 0u);
}

static void respond(const sf_update_state *q, const sf_update_in *in, sf_update_out *out,
                    sf_update_state *d)
{
    const sf_ctrl_state *sc = in->sc;
    const cpumf_model_cfg *m = in->m;
    const sf_set_regs x = sf_set_get(sc, q->lvl); /* the update's set (section 22) */
    uint64_t r = in->io->stor_rsp_data;
    uint64_t b = arch_sdb_size(x.s), n;
    arch_sdbt_entry se;

    /* A function the entry was captured for is no longer active (an
     * authorization loss, a reset, a loss of sample data; LSCTL waits for
     * the update): the access issued before completes, as the port cannot
     * take it back, and nothing follows it (SF-UPD-10) */
    if (q->act & ~sf_set_active(sc, q->lvl)) {
        d->state = CPUMF_US_IDLE;
        d->prog_req = 0u;
        *count_of(d, N_STOPPED) += 1u;
        fcov_hit(in->fc, FCOV_UPD_ENDED_DISABLED);
        return;
    }
    if (in->io->stor_rsp_err & 1u) {
        finish(in, d, out, CPUMF_AL_INVALID_ENTRY, FCOV_UPD_INVALID_STORAGE);
        return;
    }
    switch (q->state) {
    case CPUMF_US_RD_TRL:
        if (ARCH_TRL_F(r)) {
            d->state = CPUMF_US_ADD_OVF;
            load_rmw(d, CPUMF_STOR_OP_ADD, 0xFFu, q->trl + 8u, 1u);
        } else if (arch_sdb_fits(q->trl, q->ent_addr, q->ebytes)) {
            d->state = CPUMF_US_WR_ENT;
            d->k = 0u;
            load_req(d, 1u, 0xFFu, q->ent_addr, q->ent[0]);
        } else {
            d->state = CPUMF_US_WR_SZ;
            d->t = (uint8_t)ARCH_TRL_T(r);
            d->a_read = (uint8_t)ARCH_TRL_A(r);
            fcov_hit(in->fc, d->t ? FCOV_UPD_FULL_STCKE : FCOV_UPD_FULL_STCK);
            load_req(d, 1u, ARCH_TRAILER_SZ_BE, q->trl, arch_trailer_sizes(m->bsdes, m->dsdes));
        }
        break;
    case CPUMF_US_ADD_OVF: /* r: the count before the add */
        *count_of(d, N_OVERFLOW) += 1u;
        if (r + 1u == 0u)
            fcov_hit(in->fc, FCOV_UPD_OVERFLOW_WRAP);
        if (q->act == ARCH_SF_ALL)
            fcov_hit(in->fc, FCOV_UPD_OVERFLOW_COMBINED);
        finish(in, d, out, 0u, FCOV_UPD_OVERFLOW);
        break;
    case CPUMF_US_WR_ENT:
        if ((unsigned)q->k + 1u < q->nent) {
            d->k = (uint8_t)(q->k + 1u);
            load_req(d, 1u, 0xFFu, q->ent_addr + 8u * (uint64_t)d->k, q->ent[d->k]);
        } else {
            out->dear_wr = 1u;
            out->dear = q->ent_addr + q->ebytes;
            *count_of(d, N_STORED) += 1u;
            if (out->dear == q->trl)
                fcov_hit(in->fc, FCOV_UPD_ENTRY_FILLS_BLOCK);
            finish(in, d, out, 0u,
                   q->act == ARCH_SF_ALL      ? FCOV_UPD_ENTRY_COMBINED
                   : q->act == CPUMF_SF_BASIC ? FCOV_UPD_ENTRY_BASIC
                                              : FCOV_UPD_ENTRY_DIAG);
        }
        break;
    case CPUMF_US_WR_SZ:
        d->state = CPUMF_US_WR_TS;
        d->k = 0u;
        load_req(d, 1u, 0xFFu, q->trl + 16u, arch_timestamp_dw(q->tod, q->t, 0u));
        break;
    case CPUMF_US_WR_TS:
        if ((unsigned)q->k + 1u < arch_timestamp_ndw(q->t)) {
            d->k = (uint8_t)(q->k + 1u);
            load_req(d, 1u, 0xFFu, q->trl + 16u + 8u * (uint64_t)d->k,
                     arch_timestamp_dw(q->tod, q->t, d->k));
        } else {
            /* F last: a program that sees it finds the whole trailer */
            d->state = CPUMF_US_OR_F;
            load_rmw(d, CPUMF_STOR_OP_OR, ARCH_TRAILER_F_BE, q->trl, ARCH_TRAILER_F_OR);
        }
        break;
    case CPUMF_US_OR_F: /* r: the trailer before F was set; its A is the program's latest */
        if (ARCH_TRL_A(r)) {
            d->prog_req = 1u;
            fcov_hit(in->fc, q->a_read ? FCOV_UPD_FULL_ALERT_REQ : FCOV_UPD_FULL_ALERT_REQ_LATE);
        }
        n = x.tear + 8u;
        out->tear_wr = 1u;
        out->tear = n;
        if (n < ARCH_SDB_MIN_ADDR) {
            finish(in, d, out, CPUMF_AL_INVALID_ENTRY, FCOV_UPD_INVALID_TEAR_LOW);
        } else {
            d->state = CPUMF_US_RD_SDBT;
            load_req(d, 0u, 0xFFu, n, 0u);
        }
        break;
    case CPUMF_US_RD_SDBT:
        se = arch_sdbt_classify(r, x.tear, b);
        if (se.kind == ARCH_SDBT_BLOCK) {
            if (se.last) {
                finish(in, d, out, CPUMF_AL_INCORRECT_SDBT, FCOV_UPD_INCORRECT_LAST);
            } else {
                out->dear_wr = 1u;
                out->dear = se.origin;
                fcov_hit(in->fc, FCOV_UPD_SDBT_BLOCK);
                check(in, d, out, se.origin, b);
            }
        } else {
            out->tear_wr = 1u;
            out->tear = se.origin;
            if (se.origin < ARCH_SDB_MIN_ADDR) {
                finish(in, d, out, CPUMF_AL_INVALID_ENTRY, FCOV_UPD_INVALID_TABLE_LOW);
            } else {
                fcov_hit(in->fc, FCOV_UPD_SDBT_TABLE);
                d->state = CPUMF_US_RD_SDBT2;
                load_req(d, 0u, 0xFFu, se.origin, 0u);
            }
        }
        break;
    case CPUMF_US_RD_SDBT2:
        se = arch_sdbt_classify(r, x.tear, b);
        if (se.kind == ARCH_SDBT_TABLE) {
            finish(in, d, out, CPUMF_AL_INCORRECT_SDBT, FCOV_UPD_INCORRECT_TABLE_TABLE);
        } else {
            out->dear_wr = 1u;
            out->dear = se.origin;
            fcov_hit(in->fc, FCOV_UPD_SDBT_TABLE_BLOCK);
            check(in, d, out, se.origin, b);
        }
        break;
    default: break;
    }
}

void sf_update_eval(const sf_update_state *q, const sf_update_in *in, sf_update_out *out,
                    sf_update_state *d)
{
    memset(out, 0, sizeof out[0]);
    if (q->state == CPUMF_US_IDLE && !in->capture && !q->req.valid) {
        *d = *q;
        return;
    }
    *d = *q;
    mf_stor_req_present(&q->req, in->req_ready, &out->stor, &d->req);
    if (q->state == CPUMF_US_IDLE) {
        if (in->capture) {
            /* the update serves the set of the sample throughout (section 22) */
            const sf_ctrl_state *sc = in->sc;
            unsigned lvl = in->capture_lvl & 1u;
            const sf_set_regs x = sf_set_get(sc, lvl);
            unsigned active = sf_set_active(sc, lvl);
            arch_sample_regs sr;
            d->lvl = (uint8_t)lvl;
            sr.h = sc->h;
            sr.pp = sc->pp;
            sr.pp_vm = sc->pp_vm;
            sr.set = lvl;
            if (lvl == ARCH_LVL_VM)
                fcov_hit(in->fc, FCOV_UPD_SAMPLE_VM_SET);
            d->nent = (uint8_t)arch_sample_entry(in->m, active, in->io, &sr, d->ent);
            d->ebytes = (uint16_t)arch_entry_size(in->m, active);
            d->act = (uint8_t)active;
            d->tod = in->io->tod;
            d->k = 0u;
            d->t = 0u;
            d->prog_req = 0u;
            if ((in->io->secure_guest & 1u) && !(in->io->pcf49 & 1u))
                fcov_hit(in->fc, FCOV_UPD_LIMITED_SAMPLE);
            if ((in->io->level & 3u) == 2u && sc->h && (active & CPUMF_SF_BASIC))
                fcov_hit(in->fc, FCOV_UPD_ENTRY_VM_HOST);
            check(in, d, out, x.dear, arch_sdb_size(x.s));
        }
        out->lvl = d->lvl;
        return;
    }
    if (in->rsp_valid)
        respond(q, in, out, d);
    out->lvl = d->lvl;
}
