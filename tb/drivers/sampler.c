/* SPDX-License-Identifier: Apache-2.0 */
/* sampler.c - the sampler driver (Linux perf_cpum_sf or z/OS HIS style), see sampler.h. */
#include "sampler.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "shared/ckpt.h"
#include "shared/names.h"
#include "smp.h"
#include "stimulus/rng.h"
#include "xalloc.h"

/* control page layout */
#define CTL_QSI        0
#define CTL_ENABLE     64
#define CTL_ACTIVATE   128
#define CTL_DEACTIVATE 192
#define CTL_LPP        256
#define CTL_QSI_SAVE   320
#define CTL_RESUME     384
/* z/OS dispatches: a ring of LPP operands, so that one queued LPP still
 * finds its own operand when later dispatches follow it closely */
#define CTL_DISPATCH   512
#define CTL_DISPATCH_N 64

#define TRL_F TB_TRL_F
#define TRL_A TB_TRL_A

enum { ST_WAITING, ST_SETUP, ST_RUNNING, ST_STOPPING, ST_STOPPED, ST_REFUSED, ST_FAILED };
/* The harvest (docs/uarch.md section 9): none; waiting to read the trailer
 * of the block at rd (at hv_at); waiting to swap the trailer read (at hv_at). */
enum { HV_IDLE, HV_READ, HV_SWAP };
static const char *const st_names[] = {"waiting", "setup",   "running", "stopping",
                                       "stopped", "refused", "failed"};

struct tb_sampler {
    const tb_driver *dv;
    unsigned idx;
    const cpumf_system_cfg *cfg;
    int state;
    uint8_t pending_stop, pending_resume;
    uint64_t bsize; /* B */
    uint64_t interval, min_int, max_int;
    uint16_t bsdes, dsdes;
    uint32_t cpu_speed, esize;
    uint32_t rd;     /* ring index of the block read next */
    uint64_t rd_off; /* offset in that block of the next unread entry */
    uint64_t samples_read, invalid, lost, blocks, drained, cas_retries;
    uint64_t alerts[TB_AL_N];
    uint64_t seed;         /* the run's: the delays' draws */
    uint8_t hv, hv_next;   /* HV_*; a program-request alert came during the harvest */
    uint64_t hv_at;        /* cycle of the harvest's next step */
    uint64_t hv_gap;       /* this harvest's cycles from a trailer's read to its swap */
    uint64_t hv_next_t;    /* the cycle of that alert */
    uint64_t hv_k;         /* harvests begun (the k of a sweep) */
    uint64_t hv_w0, hv_w1; /* the trailer read, compared by the swap */
    uint64_t saved_tear, saved_dear;
    uint64_t tod;
    uint64_t cur_pp;    /* z/OS: the program parameter of the last dispatch */
    uint32_t next_disp; /* z/OS: the next dispatch */
    uint8_t trl[64];    /* the trailer of the block being read */
    smp_writer w;       /* 4 KiB buffers into out (counted without --smp-dir) */
    outfile out;        /* the .SMP file; out.f NULL without --smp-dir */
    char path[1200];
};

const char *tb_sampler_tag_name(unsigned tag)
{
    static const char *const n[TB_SMPL_NTAGS] = {"qsi",        "enable",   "activate", "lpp",
                                                 "deactivate", "qsi-save", "resume",   "dispatch"};
    return tag < TB_SMPL_NTAGS ? n[tag] : "?";
}

static void dfail(tb_sampler *s, tb_drv_io *io, uint64_t t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void dfail(tb_sampler *s, tb_drv_io *io, uint64_t t, const char *fmt, ...)
{
    char buf[768];
    int n;
    va_list ap;
    n = snprintf(buf, sizeof buf, "driver %u (sampler, cpu %u) cycle %" PRIu64 ": ", s->idx,
                 s->dv->cpu, t);
    if (n < 0)
        n = 0;
    va_start(ap, fmt);
    vsnprintf(buf + n, sizeof buf - (size_t)n, fmt, ap);
    va_end(ap);
    io->fail(io->ctx, buf);
}

static void wr64(tb_drv_io *io, uint64_t addr, uint64_t v)
{
    uint8_t b[8];
    be_put64(b, v);
    io->write(io->ctx, addr, b, 8);
}

static uint64_t rd64(tb_drv_io *io, uint64_t addr)
{
    return tb_storage_read_u64(io->stor, addr);
}

tb_sampler *tb_sampler_create(const tb_driver *dv, unsigned idx, const cpumf_system_cfg *cfg,
                              uint64_t seed, const char *smp_dir, uint64_t tod, uint64_t tod_start,
                              char *err, size_t errlen)
{
    tb_sampler *s = xcalloc(1, sizeof *s);
    s->dv = dv;
    s->seed = seed;
    s->idx = idx;
    s->cfg = cfg;
    s->bsize = s->dv->big ? 0x100000u : 0x1000u;
    s->tod = tod_start;
    s->cur_pp = s->dv->pp;
    if (smp_dir) {
        char name[96];
        smp_name(name, sizeof name, tod, s->dv->sequence, s->cfg->cpu_addr[s->dv->cpu]);
        snprintf(s->path, sizeof s->path, "%s/%s", smp_dir, name);
        if (outfile_open(&s->out, s->path, err, errlen) != 0) {
            free(s);
            return NULL;
        }
        s->w.f = s->out.f;
    }
    return s;
}

void tb_sampler_destroy(tb_sampler *s)
{
    if (!s)
        return;
    outfile_discard(&s->out); /* not finished: no half-written file */
    free(s);
}

/* ---- setup ------------------------------------------------------------------- */

static void build_ring(tb_sampler *s, tb_drv_io *io)
{
    const tb_driver *dv = s->dv;
    uint32_t k, j;
    for (k = 0; k < dv->n_tables; k++) {
        uint32_t first = k * dv->per_table,
                 n = dv->sdbs - first < dv->per_table ? dv->sdbs - first : dv->per_table;
        for (j = 0; j < n; j++)
            wr64(io, dv->table[k] + 8u * j, dv->sdb[first + j]);                 /* block link */
        wr64(io, dv->table[k] + 8u * n, dv->table[(k + 1) % dv->n_tables] | 1u); /* table link */
    }
    for (k = 0; k < dv->sdbs; k++) {
        uint64_t trl = dv->sdb[k] + s->bsize - 64;
        uint8_t z[64];
        memset(z, 0, sizeof z);
        if (dv->alert_bit)
            be_put64(z, TRL_A);
        io->write(io->ctx, trl, z, sizeof z);
    }
    s->rd = 0;
    s->rd_off = 0;
}

uint64_t tb_lsctl_x(unsigned s, unsigned h, uint8_t e, uint8_t c)
{
    uint64_t x = 0;
    if (s)
        x |= 1ull << 63;
    if (h)
        x |= 1ull << 62;
    if (e & CPUMF_SF_BASIC)
        x |= 1ull << 9;
    if (e & CPUMF_SF_DIAG)
        x |= 1ull << 8;
    if (c & CPUMF_SF_BASIC)
        x |= 1ull << 1;
    if (c & CPUMF_SF_DIAG)
        x |= 1ull;
    return x;
}

void tb_lsctl_block(uint8_t b[64], uint64_t x, uint64_t interval, uint64_t tear, uint64_t dear)
{
    memset(b, 0, 64);
    be_put64(b, x);
    be_put64(b + 8, interval);
    be_put64(b + 16, tear);
    be_put64(b + 24, dear);
}

static uint64_t lsctl_x(const tb_sampler *s, int active)
{
    uint8_t fn = s->dv->functions;
    /* Linux: H = 1 at LPAR level (host field); z/OS: H = 0 (guest field); the driver's own
     * level, not the system's: a partition's control program runs on a VM-level system too */
    return tb_lsctl_x(s->dv->big, !s->dv->zos && s->dv->level == CPUMF_LEVEL_LPAR, fn,
                      active ? fn : 0);
}

static void write_lsctl(tb_sampler *s, tb_drv_io *io, unsigned off, int active, uint64_t tear,
                        uint64_t dear)
{
    uint8_t b[64];
    tb_lsctl_block(b, lsctl_x(s, active), s->interval, tear, dear);
    io->write(io->ctx, s->dv->ctl + off, b, sizeof b);
}

static void queue(tb_sampler *s, tb_drv_io *io, unsigned tag, uint8_t op, unsigned off)
{
    io->queue(io->ctx, s->idx, s->dv->cpu, tag, op, 0, s->dv->ctl + off);
}

static void send_stop(tb_sampler *s, tb_drv_io *io)
{
    write_lsctl(s, io, CTL_DEACTIVATE, 0, 0, 0);
    queue(s, io, TB_SMPL_DEACTIVATE, CPUMF_OP_LSCTL, CTL_DEACTIVATE);
    queue(s, io, TB_SMPL_QSI_SAVE, CPUMF_OP_QSI, CTL_QSI_SAVE);
    s->state = ST_STOPPING;
}

static void send_resume(tb_sampler *s, tb_drv_io *io)
{
    write_lsctl(s, io, CTL_RESUME, 1, s->saved_tear, s->saved_dear);
    queue(s, io, TB_SMPL_RESUME, CPUMF_OP_LSCTL, CTL_RESUME);
    s->state = ST_SETUP;
}

/* z/OS: a dispatch loads the work unit's program parameter, as the
 * dispatcher does before it gives the CPU to a task or SRB. */
static void dispatch(tb_sampler *s, tb_drv_io *io)
{
    unsigned off = CTL_DISPATCH + 8u * (s->next_disp % CTL_DISPATCH_N);
    s->cur_pp = s->dv->disp[s->next_disp++].pp;
    wr64(io, s->dv->ctl + off, s->cur_pp);
    queue(s, io, TB_SMPL_DISPATCH, CPUMF_OP_LPP, off);
}

static void harvest_run(tb_sampler *s, tb_drv_io *io, uint64_t now);

void tb_sampler_tick(tb_sampler *s, uint64_t t, tb_drv_io *io)
{
    const tb_driver *dv = s->dv;
    if (t > 0) /* the harvest's steps run after the edge of their cycle */
        harvest_run(s, io, t - 1u);
    if (s->next_disp < dv->n_disp && dv->disp[s->next_disp].at == t)
        dispatch(s, io);
    if (t == dv->start && s->state == ST_WAITING) {
        uint8_t z[64];
        memset(z, 0, sizeof z);
        build_ring(s, io);
        io->write(io->ctx, dv->ctl + CTL_QSI, z, sizeof z);
        queue(s, io, TB_SMPL_QSI, CPUMF_OP_QSI, CTL_QSI);
        s->state = ST_SETUP;
    }
    if (dv->has_stop && t == dv->stop) {
        if (s->state == ST_RUNNING)
            send_stop(s, io);
        else if (s->state == ST_SETUP)
            s->pending_stop = 1;
    }
    if (dv->has_resume && t == dv->resume) {
        if (s->state == ST_STOPPED)
            send_resume(s, io);
        else if (s->state == ST_STOPPING || s->pending_stop)
            s->pending_resume = 1;
    }
}

/* ---- harvesting ---------------------------------------------------------------- */

/* An entry read: counted and put into the file's current 4 KiB buffer. */
static void emit(tb_sampler *s, tb_drv_io *io, uint64_t addr)
{
    uint8_t buf[SMP_DATA];
    uint64_t w0;
    tb_storage_read_bytes(io->stor, addr, buf, s->esize);
    w0 = be_get64(buf);
    if (w0 >> 32 & 1)
        s->invalid++;
    s->samples_read++;
    smp_put_entry(&s->w, buf, s->trl);
}

static void read_trailer(tb_sampler *s, tb_drv_io *io, uint64_t trl)
{
    tb_storage_read_bytes(io->stor, trl, s->trl, sizeof s->trl);
}

/* Bit 19 of an entry's first word (architecture numbering; byte 2, 0x10),
 * reserved for programming use: the driver sets it to its buffer size, as an
 * operating system does (0 4 KiB, 1 1 MiB), in the basic entry and in the
 * diagnostic entry after it. */
static void mark_buffer_size(tb_sampler *s, tb_drv_io *io, uint64_t a)
{
    uint64_t at[2];
    unsigned k, n = 0;
    at[n++] = a + 2;
    if (s->esize > s->bsdes)
        at[n++] = a + s->bsdes + 2;
    for (k = 0; k < n; k++) {
        uint8_t b;
        tb_storage_read_bytes(io->stor, at[k], &b, 1);
        if (((b & 0x10u) != 0) != (s->dv->big != 0)) {
            b = (uint8_t)(b ^ 0x10u);
            io->write(io->ctx, at[k], &b, 1);
        }
    }
}

/* Read the entries of block blk from offset off, below limit, up to a zero
 * format code, each with bit 19 set to the buffer size first; zero the
 * format codes read when `consume`.  Returns the offset after the last entry
 * read. */
static uint64_t read_entries(tb_sampler *s, tb_drv_io *io, uint64_t blk, uint64_t off,
                             uint64_t limit, int consume)
{
    static const uint8_t z2[2] = {0, 0};
    while (off + s->esize <= limit) {
        uint64_t a = blk + off;
        if (rd64(io, a) >> 48 == 0)
            break;
        mark_buffer_size(s, io, a);
        emit(s, io, a);
        if (consume) {
            io->write(io->ctx, a, z2, 2);
            if (s->esize > s->bsdes)
                io->write(io->ctx, a + s->bsdes, z2, 2);
        }
        off += s->esize;
    }
    return off;
}

/* The service delay d of the k-th harvest (docs/scenario-format.md section 7). */
static uint64_t draw_delay(const tb_sampler *s, const tb_delay *d, uint64_t k, uint64_t salt)
{
    uint64_t span = d->hi - d->lo + 1u;
    if (d->lo == d->hi)
        return d->lo;
    if (d->sweep)
        return d->lo + k % span;
    return d->lo + tb_mix64(s->seed ^ tb_mix64(salt ^ ((uint64_t)s->idx << 48) ^ k)) % span;
}

/* The block at rd, trailer (F set) at trl, harvested after a successful
 * swap: its entries read (and their format codes zeroed when `consume`),
 * its trailer into the file, the overflow count w1 counted as lost. */
static void take_block(tb_sampler *s, tb_drv_io *io, uint64_t trl, uint64_t w1, int consume)
{
    uint64_t blk = s->dv->sdb[s->rd];
    read_trailer(s, io, trl);
    read_entries(s, io, blk, s->rd_off, s->bsize - 64, consume);
    smp_put_trailer(&s->w, s->trl);
    s->lost += w1;
    s->blocks++;
    s->rd = (s->rd + 1) % s->dv->sdbs;
    s->rd_off = 0;
}

static uint64_t trailer_of(const tb_sampler *s, uint32_t k)
{
    return s->dv->sdb[k] + s->bsize - 64;
}

/* Begin a harvest in cycle now: for a program-request alert of cycle t
 * (`alert`) with the next delays drawn, else (a stop) at once. */
static void harvest_begin(tb_sampler *s, uint64_t t, uint64_t now, int alert)
{
    s->hv = HV_READ;
    s->hv_at = now;
    s->hv_gap = 0;
    if (alert) {
        uint64_t k = s->hv_k++;
        s->hv_at = t + draw_delay(s, &s->dv->latency, k, 0x4c4154u);
        if (s->hv_at < now)
            s->hv_at = now;
        s->hv_gap = draw_delay(s, &s->dv->harvest, k, 0x485256u);
    }
}

/* The harvest's steps due by cycle now (the driver runs after that cycle's
 * edge): read the next full block's trailer, then, hv_gap cycles later,
 * compare both doublewords with what was read and swap in F = 0 (A as
 * alert_bit; T, the sizes and the reserved bits kept) and overflow 0, or,
 * when the machine changed either, read again and retry in the next cycle. */
static void harvest_run(tb_sampler *s, tb_drv_io *io, uint64_t now)
{
    while (s->hv != HV_IDLE && s->hv_at <= now) {
        uint64_t trl = trailer_of(s, s->rd);
        if (s->hv == HV_READ) {
            s->hv_w0 = rd64(io, trl);
            s->hv_w1 = rd64(io, trl + 8);
            if (!s->esize || !(s->hv_w0 & TRL_F)) {
                s->hv = HV_IDLE;
                if (s->hv_next) { /* the alert that came meanwhile */
                    s->hv_next = 0;
                    harvest_begin(s, s->hv_next_t, now, 1);
                }
                continue;
            }
            s->hv = HV_SWAP;
            s->hv_at = now + s->hv_gap;
        } else if (rd64(io, trl) != s->hv_w0 || rd64(io, trl + 8) != s->hv_w1) {
            s->cas_retries++;
            s->hv_w0 = rd64(io, trl);
            s->hv_w1 = rd64(io, trl + 8);
            s->hv_at = now + 1u;
        } else {
            uint8_t b[16];
            be_put64(b, (s->hv_w0 & ~TRL_F) | (s->dv->alert_bit ? TRL_A : 0));
            be_put64(b + 8, 0);
            take_block(s, io, trl, s->hv_w1, 1);
            io->write(io->ctx, trl, b, sizeof b);
            s->hv = HV_READ;
        }
    }
}

/* Every full block from the read position, in ring order, read without
 * consuming anything (the end-of-run drain); returns the blocks read. */
static uint32_t drain_full(tb_sampler *s, tb_drv_io *io)
{
    uint32_t n;
    if (!s->esize)
        return 0;
    for (n = 0; n < s->dv->sdbs; n++) {
        uint64_t trl = trailer_of(s, s->rd);
        if (!(rd64(io, trl) & TRL_F))
            break;
        take_block(s, io, trl, rd64(io, trl + 8), 0);
    }
    return n;
}

void tb_sampler_alert(tb_sampler *s, uint64_t t, tb_drv_io *io)
{
    /* the parameter, big-endian at real 128-131 of this CPU */
    uint32_t param =
        (uint32_t)(rd64(io, tb_prefix_area(s->cfg, s->dv->cpu) + TB_PREFIX_ALERT_PARAM) >> 32);
    if (param & CPUMF_AL_PROGRAM_REQ) {
        s->alerts[TB_AL_PROGRAM_REQUEST]++;
        if (s->hv == HV_IDLE) {
            harvest_begin(s, t, t, 1);
            harvest_run(s, io, t);
        } else if (!s->hv_next) {
            s->hv_next = 1;
            s->hv_next_t = t;
        }
    }
    if (param & CPUMF_AL_INVALID_ENTRY)
        s->alerts[TB_AL_INVALID_ENTRY]++;
    if (param & CPUMF_AL_INCORRECT_SDBT)
        s->alerts[TB_AL_INCORRECT_SDBT]++;
    if (param & CPUMF_AL_LOSS_SAMPLE)
        s->alerts[TB_AL_LOSS]++;
    if (param & CPUMF_AL_SF_AUTH)
        s->alerts[TB_AL_AUTH]++;
}

uint64_t tb_sampler_next_due(const tb_sampler *s)
{
    return s->hv == HV_IDLE ? UINT64_MAX : s->hv_at + 1u;
}

/* ---- instruction completion ----------------------------------------------------- */

static void after_qsi(tb_sampler *s, uint64_t t, tb_drv_io *io)
{
    const tb_driver *dv = s->dv;
    uint64_t w0 = rd64(io, dv->ctl + CTL_QSI);
    uint8_t as = (uint8_t)(w0 >> 49 & 1), ad = (uint8_t)(w0 >> 48 & 1);
    s->bsdes = (uint16_t)(w0 >> 16);
    s->dsdes = (uint16_t)w0;
    s->min_int = rd64(io, dv->ctl + CTL_QSI + 8);
    s->max_int = rd64(io, dv->ctl + CTL_QSI + 16);
    s->cpu_speed = (uint32_t)rd64(io, dv->ctl + CTL_QSI + 40);
    if (s->bsdes != 32) {
        dfail(s, io, t, "QSI BSDES expected 32, actual %u", s->bsdes);
        s->state = ST_FAILED;
        return;
    }
    if ((dv->functions & CPUMF_SF_DIAG) && (s->dsdes < 16 || s->dsdes > 128 || s->dsdes % 8)) {
        dfail(s, io, t, "QSI DSDES expected a multiple of 8 in 16..128, actual %u", s->dsdes);
        s->state = ST_FAILED;
        return;
    }
    if (s->min_int == 0 || s->min_int > s->max_int) {
        dfail(s, io, t,
              "QSI interval range expected 0 < min <= max, actual min 0x%" PRIx64 " max 0x%" PRIx64,
              s->min_int, s->max_int);
        s->state = ST_FAILED;
        return;
    }
    if (!as || ((dv->functions & CPUMF_SF_DIAG) && !ad)) {
        s->state = ST_REFUSED; /* as Linux: no sampling without authorization */
        return;
    }
    /* Linux's 2026 fix: clamp into [min, max] */
    s->interval = dv->interval < s->min_int   ? s->min_int
                  : dv->interval > s->max_int ? s->max_int
                                              : dv->interval;
    s->esize = (uint32_t)s->bsdes + ((dv->functions & CPUMF_SF_DIAG) ? s->dsdes : 0u);
    write_lsctl(s, io, CTL_ENABLE, 0, dv->table[0], dv->sdb[0]);
    write_lsctl(s, io, CTL_ACTIVATE, 1, dv->table[0], dv->sdb[0]);
    s->w.esize = s->esize;
    wr64(io, dv->ctl + CTL_LPP, s->cur_pp);
    queue(s, io, TB_SMPL_ENABLE, CPUMF_OP_LSCTL, CTL_ENABLE);
    queue(s, io, TB_SMPL_ACTIVATE, CPUMF_OP_LSCTL, CTL_ACTIVATE);
    queue(s, io, TB_SMPL_LPP, CPUMF_OP_LPP, CTL_LPP);
}

void tb_sampler_done(tb_sampler *s, uint64_t t, unsigned tag, uint8_t cc, uint8_t exc,
                     tb_drv_io *io)
{
    if (s->state == ST_FAILED)
        return;
    if (exc != CPUMF_EXC_NONE) {
        dfail(s, io, t, "%s (%s) exception expected null, actual code 0x%02x",
              tb_sampler_tag_name(tag),
              tb_op_name(tag == TB_SMPL_QSI || tag == TB_SMPL_QSI_SAVE   ? CPUMF_OP_QSI
                         : tag == TB_SMPL_LPP || tag == TB_SMPL_DISPATCH ? CPUMF_OP_LPP
                                                                         : CPUMF_OP_LSCTL),
              exc);
        s->state = ST_FAILED;
        return;
    }
    if ((tag == TB_SMPL_ENABLE || tag == TB_SMPL_ACTIVATE || tag == TB_SMPL_DEACTIVATE ||
         tag == TB_SMPL_RESUME) &&
        cc != 0) {
        dfail(s, io, t, "%s (LSCTL) cc expected 0, actual %u", tb_sampler_tag_name(tag), cc);
        s->state = ST_FAILED;
        return;
    }
    switch (tag) {
    case TB_SMPL_QSI: after_qsi(s, t, io); break;
    case TB_SMPL_ACTIVATE:
    case TB_SMPL_RESUME:
        s->state = ST_RUNNING;
        if (s->pending_stop) {
            s->pending_stop = 0;
            send_stop(s, io);
        }
        break;
    case TB_SMPL_QSI_SAVE:
        s->saved_tear = rd64(io, s->dv->ctl + CTL_QSI_SAVE + 24);
        s->saved_dear = rd64(io, s->dv->ctl + CTL_QSI_SAVE + 32);
        s->state = ST_STOPPED;
        if (s->hv == HV_IDLE) { /* else the harvest under way goes on */
            harvest_begin(s, t, t, 0);
            harvest_run(s, io, t);
        }
        if (s->pending_resume) {
            s->pending_resume = 0;
            send_resume(s, io);
        }
        break;
    default: break;
    }
}

/* ---- end of the run ------------------------------------------------------------------ */

int tb_sampler_finish(tb_sampler *s, const cpumf_cpu_obs *o, tb_drv_io *io, char *err,
                      size_t errlen)
{
    uint64_t before = s->samples_read;
    if (s->esize) {
        uint64_t blk, lim;
        uint32_t n = drain_full(s, io), k;
        /* every sample accounted for: the overflow counts of the blocks not
         * full too (one can be added to after the driver reset F, uarch.md
         * section 19, "Choice (order)") */
        for (k = 0; k < s->dv->sdbs - n; k++)
            s->lost += rd64(io, trailer_of(s, (s->rd + k) % s->dv->sdbs) + 8);
        if (n == s->dv->sdbs)
            goto done; /* every block full: nothing is being filled */
        blk = s->dv->sdb[s->rd];
        lim = s->bsize - 64;
        /* the block being filled: only what lies below DEAR is complete */
        uint64_t dear = tb_obs_set_of(o, tb_drv_set(s->dv)).dear;
        uint64_t from = s->rd_off;
        if (dear >= blk && dear < blk + s->bsize && dear - blk < lim)
            lim = dear - blk;
        read_trailer(s, io, blk + s->bsize - 64);
        s->rd_off = read_entries(s, io, blk, s->rd_off, lim, 0);
        if (s->rd_off > from) /* a block still being filled is written when it holds entries */
            smp_put_trailer(&s->w, s->trl);
    }
done:
    s->drained = s->samples_read - before;
    if (s->out.f && s->w.err) {
        snprintf(err, errlen, "error writing %s", s->path);
        return -1;
    }
    return 0;
}

outfile *tb_sampler_file(tb_sampler *s)
{
    return &s->out;
}

void tb_sampler_get_stats(const tb_sampler *s, tb_sampler_stats *st)
{
    memset(st, 0, sizeof *st);
    st->state = st_names[s->state];
    st->interval = s->interval;
    st->min_interval = s->min_int;
    st->max_interval = s->max_int;
    st->bsdes = s->bsdes;
    st->dsdes = s->dsdes;
    st->entry_size = s->esize;
    st->samples_read = s->samples_read;
    st->invalid = s->invalid;
    st->lost = s->lost;
    st->blocks = s->blocks;
    st->drained = s->drained;
    st->cas_retries = s->cas_retries;
    memcpy(st->alerts, s->alerts, sizeof st->alerts);
    st->saved_tear = s->saved_tear;
    st->saved_dear = s->saved_dear;
    st->smp_path = s->path;
    st->cpu_speed = s->cpu_speed;
    st->tod_start = s->tod;
    st->smp_buffers = s->w.buffers;
}

void tb_sampler_save(tb_sampler *s, tb_ckw *w)
{
    tb_sampler c = *s;
    size_t n = (size_t)s->w.buffers * SMP_BUF;
    uint8_t *bytes = NULL;
    FILE *f;
    /* what belongs to the process, not to the run */
    c.dv = NULL;
    c.cfg = NULL;
    c.w.f = NULL;
    memset(&c.out, 0, sizeof c.out);
    memset(c.path, 0, sizeof c.path);
    tb_ckw_put(w, &c, sizeof c);
    /* the .SMP file so far: the 4 KiB buffers written (none without --smp-dir) */
    tb_ckw_u64(w, s->out.f != NULL);
    if (!s->out.f)
        return;
    bytes = xmalloc(n + 1);
    f = fflush(s->out.f) == 0 ? fopen(s->out.tmp, "rb") : NULL;
    if (!f || fread(bytes, 1, n, f) != n)
        s->w.err = 1; /* the file will not be committed: the run fails */
    if (f)
        fclose(f);
    tb_ckw_block(w, bytes, n);
    free(bytes);
}

int tb_sampler_load(tb_sampler *s, tb_ckr *r, char *err, size_t errlen)
{
    tb_sampler c;
    size_t n = 0;
    const uint8_t *bytes = NULL;
    if (tb_ckr_get(r, &c, sizeof c) != 0 || c.idx != s->idx)
        return -1;
    if (tb_ckr_u64(r) && !(bytes = tb_ckr_block(r, &n)))
        return -1;
    if (!bytes != !s->out.f) {
        snprintf(err, errlen, "%s --smp-dir, this run %s",
                 bytes ? "written with" : "written without", s->out.f ? "has it" : "has none");
        return -2;
    }
    c.dv = s->dv;
    c.cfg = s->cfg;
    c.out = s->out;
    c.w.f = s->out.f;
    memcpy(c.path, s->path, sizeof c.path);
    *s = c;
    if (bytes && fwrite(bytes, 1, n, s->out.f) != n)
        s->w.err = 1;
    return 0;
}
