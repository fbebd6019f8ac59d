/* SPDX-License-Identifier: Apache-2.0 */
/* storage.c - sparse big-endian storage and per-CPU storage ports. */
#include "storage.h"

#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "rng.h"
#include "shared/ckpt.h"
#include "xalloc.h"

#define PAGE_SHIFT 12
#define PAGE_SIZE  (1u << PAGE_SHIFT)

typedef struct page_slot {
    uint64_t pno; /* page number + 1; 0 = empty slot */
    uint8_t *data;
} page_slot;

typedef struct port_state {
    uint8_t pending; /* a response is scheduled */
    uint8_t err;
    uint8_t late_wr; /* fault injection: the OR/ADD's write waits for the response edge */
    uint64_t due;    /* cycle of the response pulse */
    uint64_t data;
    uint64_t late_addr, late_val;
} port_state;

struct tb_storage {
    cpumf_system_cfg cfg;
    uint64_t ready_key, lat_key; /* the seed mixed with each draw's salt, once */
    page_slot *slots;
    size_t nslots, used; /* open addressing, nslots power of two */
    unsigned ncpu;
    port_state port[CPUMF_MAX_CPUS];
    tb_storage_stats stats;
    uint8_t nonatomic; /* tb_storage_set_nonatomic */
};

/* key: tb_mix64(seed ^ salt) of the draw (ready or latency) */
static uint64_t port_hash(uint64_t key, unsigned cpu, uint64_t cycle)
{
    return tb_mix64(key ^ tb_mix64(((uint64_t)cpu << 56) ^ cycle));
}

int tb_storage_ready(const tb_storage *s, unsigned cpu, uint64_t cycle)
{
    if (s->cfg.backpressure_pct == 0)
        return 1;
    return (port_hash(s->ready_key, cpu, cycle) % 100u) >= s->cfg.backpressure_pct;
}

unsigned tb_storage_latency(const tb_storage *s, unsigned cpu, uint64_t cycle)
{
    unsigned lo = s->cfg.latency_min ? s->cfg.latency_min : 1u;
    unsigned hi = s->cfg.latency_max > lo ? s->cfg.latency_max : lo;
    if (hi == lo)
        return lo;
    return lo + (unsigned)(port_hash(s->lat_key, cpu, cycle) % (uint64_t)(hi - lo + 1u));
}

int tb_storage_cfg_available(const cpumf_system_cfg *cfg, uint64_t addr)
{
    unsigned i;
    if (addr >= cfg->storage_size)
        return 0;
    for (i = 0; i < cfg->n_holes && i < CPUMF_MAX_HOLES; i++) {
        uint64_t b = cfg->holes[i].base;
        if (addr >= b && addr - b < cfg->holes[i].size)
            return 0;
    }
    return 1;
}

int tb_storage_available(const tb_storage *s, uint64_t addr)
{
    return tb_storage_cfg_available(&s->cfg, addr);
}

uint64_t tb_prefix_area(const cpumf_system_cfg *cfg, unsigned cpu)
{
    uint64_t top = cfg->storage_size & ~(uint64_t)(TB_PREFIX_SIZE - 1u);
    return top - (uint64_t)(cfg->n_cpus - cpu) * TB_PREFIX_SIZE;
}

int tb_prefix_areas_fit(const cpumf_system_cfg *cfg)
{
    uint64_t a, end = cfg->storage_size & ~(uint64_t)(TB_PREFIX_SIZE - 1u);
    if (end < (uint64_t)cfg->n_cpus * TB_PREFIX_SIZE)
        return 0;
    for (a = tb_prefix_area(cfg, 0); a < end; a += 4096u) /* holes are 4 KiB pages */
        if (!tb_storage_cfg_available(cfg, a))
            return 0;
    return 1;
}

int tb_prefix_overlap(const cpumf_system_cfg *cfg, uint64_t addr, uint64_t len)
{
    uint64_t lo = tb_prefix_area(cfg, 0), hi = tb_prefix_area(cfg, cfg->n_cpus);
    uint64_t end = addr + len < addr ? UINT64_MAX : addr + len; /* stop at 2^64 */
    if (!len || addr >= hi || end <= lo)
        return -1;
    return (int)(((addr > lo ? addr : lo) - lo) / TB_PREFIX_SIZE);
}

tb_storage *tb_storage_create(const cpumf_system_cfg *cfg, uint64_t seed)
{
    tb_storage *s = xcalloc(1, sizeof *s);
    s->cfg = *cfg;
    s->ready_key = tb_mix64(seed ^ 0x5244590000000001ull);
    s->lat_key = tb_mix64(seed ^ 0x4c41540000000002ull);
    s->ncpu = cfg->n_cpus > CPUMF_MAX_CPUS ? CPUMF_MAX_CPUS : cfg->n_cpus;
    s->nslots = 64;
    s->slots = xcalloc(s->nslots, sizeof *s->slots);
    return s;
}

tb_storage *tb_storage_clone(const tb_storage *src)
{
    size_t i;
    tb_storage *s = xmalloc(sizeof *s);
    *s = *src;
    s->slots = xcalloc(s->nslots, sizeof *s->slots);
    for (i = 0; i < s->nslots; i++) {
        if (!src->slots[i].pno)
            continue;
        s->slots[i].pno = src->slots[i].pno;
        s->slots[i].data = xmalloc(PAGE_SIZE);
        memcpy(s->slots[i].data, src->slots[i].data, PAGE_SIZE);
    }
    return s;
}

void tb_storage_destroy(tb_storage *s)
{
    size_t i;
    if (!s)
        return;
    for (i = 0; i < s->nslots; i++)
        free(s->slots[i].data);
    free(s->slots);
    free(s);
}

static size_t slot_index(const tb_storage *s, uint64_t key)
{
    return (size_t)(tb_mix64(key) & (s->nslots - 1));
}

static const uint8_t *page_get(const tb_storage *s, uint64_t pno)
{
    uint64_t key = pno + 1;
    size_t i = slot_index(s, key);
    for (;;) {
        if (s->slots[i].pno == key)
            return s->slots[i].data;
        if (!s->slots[i].pno)
            return NULL;
        i = (i + 1) & (s->nslots - 1);
    }
}

static void grow(tb_storage *s)
{
    size_t n = s->nslots * 2, i;
    page_slot *ns = xcalloc(n, sizeof *ns);
    page_slot *old = s->slots;
    size_t on = s->nslots;
    s->slots = ns;
    s->nslots = n;
    for (i = 0; i < on; i++) {
        size_t j;
        if (!old[i].pno)
            continue;
        j = slot_index(s, old[i].pno);
        while (ns[j].pno)
            j = (j + 1) & (n - 1);
        ns[j] = old[i];
    }
    free(old);
}

static uint8_t *page_make(tb_storage *s, uint64_t pno)
{
    uint64_t key = pno + 1;
    size_t i;
    if ((s->used + 1) * 4 > s->nslots * 3)
        grow(s);
    i = slot_index(s, key);
    for (;;) {
        if (s->slots[i].pno == key)
            return s->slots[i].data;
        if (!s->slots[i].pno)
            break;
        i = (i + 1) & (s->nslots - 1);
    }
    s->slots[i].data = xcalloc(1, PAGE_SIZE);
    s->slots[i].pno = key;
    s->used++;
    return s->slots[i].data;
}

void tb_storage_read_bytes(const tb_storage *s, uint64_t addr, uint8_t *buf, size_t len)
{
    while (len) {
        uint64_t pno = addr >> PAGE_SHIFT;
        size_t off = (size_t)(addr & (PAGE_SIZE - 1));
        size_t n = PAGE_SIZE - off;
        const uint8_t *p = page_get(s, pno);
        if (n > len)
            n = len;
        if (p)
            memcpy(buf, p + off, n);
        else
            memset(buf, 0, n);
        buf += n;
        len -= n;
        addr += n; /* wraps modulo 2^64 */
    }
}

void tb_storage_write_bytes(tb_storage *s, uint64_t addr, const uint8_t *buf, size_t len)
{
    while (len) {
        uint64_t pno = addr >> PAGE_SHIFT;
        size_t off = (size_t)(addr & (PAGE_SIZE - 1));
        size_t n = PAGE_SIZE - off;
        uint8_t *p = page_make(s, pno);
        if (n > len)
            n = len;
        memcpy(p + off, buf, n);
        buf += n;
        len -= n;
        addr += n;
    }
}

uint64_t tb_storage_read_u64(const tb_storage *s, uint64_t addr)
{
    uint8_t b[8];
    tb_storage_read_bytes(s, addr, b, 8);
    return be_get64(b);
}

void tb_storage_write_u64(tb_storage *s, uint64_t addr, uint64_t v)
{
    uint8_t b[8];
    be_put64(b, v);
    tb_storage_write_bytes(s, addr, b, 8);
}

void tb_storage_inputs(tb_storage *s, uint64_t cycle, cpumf_sys_in *in)
{
    unsigned i;
    for (i = 0; i < s->ncpu; i++) {
        cpumf_cpu_in *c = &in->cpu[i];
        c->stor_req_ready = (uint8_t)tb_storage_ready(s, i, cycle);
        if (s->port[i].pending && s->port[i].due == cycle) {
            c->stor_rsp_valid = 1;
            c->stor_rsp_err = s->port[i].err;
            c->stor_rsp_data = s->port[i].data;
        } else {
            c->stor_rsp_valid = 0;
            c->stor_rsp_err = 0;
            c->stor_rsp_data = 0;
        }
    }
}

void tb_storage_set_nonatomic(tb_storage *s, int on)
{
    s->nonatomic = (uint8_t)(on != 0);
}

/* The 64-bit mask of the bytes be enables (bit 7: byte 0). */
static uint64_t byte_mask(uint8_t be)
{
    uint64_t m = 0;
    unsigned b;
    for (b = 0; b < 8; b++)
        if (be & (0x80u >> b))
            m |= 0xffull << (56 - 8 * b);
    return m;
}

/* A write request's effect on the doubleword old (docs/uarch.md section 4):
 * plain stores the enabled bytes, OR ors them in, ADD adds the doubleword. */
static uint64_t write_result(const cpumf_cpu_out *o, uint64_t old)
{
    uint64_t m = byte_mask(o->stor_req_be);
    if (o->stor_req_op == CPUMF_STOR_OP_ADD)
        return old + o->stor_req_wdata;
    if (o->stor_req_op == CPUMF_STOR_OP_OR)
        return old | (o->stor_req_wdata & m);
    return (old & ~m) | (o->stor_req_wdata & m);
}

/* The statistic of request o's kind: a read, a plain write, an interlocked operation. */
static uint64_t *kind_count(tb_storage_stats *st, const cpumf_cpu_out *o)
{
    return !o->stor_req_we                         ? &st->reads
           : o->stor_req_op == CPUMF_STOR_OP_PLAIN ? &st->writes
                                                   : &st->interlocked;
}

/* The request o of port p accepted in this edge, at available address a. */
static void serve(tb_storage *s, port_state *p, const cpumf_cpu_out *o, uint64_t a)
{
    uint64_t old = tb_storage_read_u64(s, a), v;
    if (!o->stor_req_we) {
        p->data = old;
        return;
    }
    if (o->stor_req_op == CPUMF_STOR_OP_PLAIN) {
        if (o->stor_req_be)
            tb_storage_write_u64(s, a, write_result(o, old));
        return;
    }
    /* interlocked: read, combine and write in this edge; the old value back */
    p->data = old;
    v = write_result(o, old);
    if (s->nonatomic) {
        p->late_wr = 1;
        p->late_addr = a;
        p->late_val = v;
    } else {
        tb_storage_write_u64(s, a, v);
    }
}

void tb_storage_clock(tb_storage *s, uint64_t cycle, const cpumf_sys_out *out)
{
    unsigned i;
    for (i = 0; i < s->ncpu; i++) {
        const cpumf_cpu_out *o = &out->cpu[i];
        port_state *p = &s->port[i];
        if (p->pending && p->due <= cycle) {
            p->pending = 0;
            if (p->late_wr)
                tb_storage_write_u64(s, p->late_addr, p->late_val);
            p->late_wr = 0;
        }
        if (!o->stor_req_valid || !tb_storage_ready(s, i, cycle))
            continue;
        {
            uint64_t a = o->stor_req_addr & ~(uint64_t)7;
            int ok = tb_storage_available(s, a);
            p->pending = 1;
            p->due = cycle + tb_storage_latency(s, i, cycle);
            p->err = (uint8_t)!ok;
            p->data = 0;
            (*kind_count(&s->stats, o))++;
            if (ok)
                serve(s, p, o, a);
            else
                s->stats.errors++; /* an error changes nothing */
        }
    }
}

void tb_storage_get_stats(const tb_storage *s, tb_storage_stats *st)
{
    *st = s->stats;
}

int tb_storage_idle(const tb_storage *s)
{
    unsigned i;
    for (i = 0; i < s->ncpu; i++)
        if (s->port[i].pending)
            return 0;
    return 1;
}

void tb_storage_save(const tb_storage *s, tb_ckw *w)
{
    size_t i;
    tb_ckw_u64(w, s->used);
    for (i = 0; i < s->nslots; i++) {
        if (!s->slots[i].pno)
            continue;
        tb_ckw_u64(w, s->slots[i].pno);
        tb_ckw_put(w, s->slots[i].data, PAGE_SIZE);
    }
    tb_ckw_put(w, s->port, sizeof s->port);
    tb_ckw_put(w, &s->stats, sizeof s->stats);
}

int tb_storage_load(tb_storage *s, tb_ckr *r)
{
    uint64_t n = tb_ckr_u64(r), k;
    size_t i;
    for (i = 0; i < s->nslots; i++) {
        free(s->slots[i].data);
        s->slots[i].data = NULL;
        s->slots[i].pno = 0;
    }
    s->used = 0;
    for (k = 0; k < n && !r->bad; k++) {
        uint64_t key = tb_ckr_u64(r);
        if (!key) /* a slot's key is its page number plus one */
            r->bad = 1;
        else
            tb_ckr_get(r, page_make(s, key - 1), PAGE_SIZE);
    }
    tb_ckr_get(r, s->port, sizeof s->port);
    tb_ckr_get(r, &s->stats, sizeof s->stats);
    return r->bad ? -1 : 0;
}
