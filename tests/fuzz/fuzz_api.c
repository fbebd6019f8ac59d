/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fuzz_api.c - random sequences of API calls, sampling included, and the
 * untimed execution checked against the cycle model at every instruction.
 *
 * The input chooses a system of configs/systems/ and its sampling settings,
 * then actions: cycles of random activity (busy CPUs, so that an active
 * sampling function ticks and the update process stores samples into the
 * buffers; events, alerts taken, instructions on the port), sample-data
 * buffers laid out in the attached storage (an SDB table, blocks, their
 * trailers, now and then a broken link or a full block) with an LSCTL
 * request block for them, storage pokes, and instructions.  Before each
 * instruction the system is left to settle (idle inputs until no
 * instruction or update runs); then cpumf_execute on one copy and the
 * instruction presented to the cycle model on another must give the same
 * cc, exception and R1, the same registers (the instruction unit's state
 * aside) and the same storage reads, writes and contents.  The sequence
 * goes on from the cycle model's copy.
 *
 * The systems run with "dedicated" off: the untimed execution passes no
 * cycle, so it equals the cycle model only where idle (waiting) cycles do
 * not count for the sample interval.  A model's minimum interval above 256
 * is lowered to 256 (the least the timing contract allows) so that samples
 * come within the cycles an input can afford.
 */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpumf/cpumf.h"

#define MEM_SIZE    0x10000u /* the least storage a system config takes */
#define TABLE       0x2000u  /* the SDB table, above the prefix area */
#define FIRST_SDB   0x3000u  /* 4 KB blocks from here */
#define MAX_SDBS    12u
#define LSCTL_BLOCK 0x1000u /* the LSCTL request block */
#define MAX_ACTIONS 64u
#define SETTLE      4096u /* idle cycles an update may take to end */
#define RESPONSE    2000u /* cycles an instruction may take to respond */

static const char *const systems[] = {"z15-1cpu", "z17-4cpu-2cg", "z13-2x2",   "generic-1cpu",
                                      "z10-1cpu", "z16-2x2",      "z196-1cpu", "zEC12-1cpu"};

/* Big-endian storage with one optional hole; accesses counted and hashed. */
typedef struct mem {
    uint8_t b[MEM_SIZE];
    uint64_t hole_lo, hole_hi;
    unsigned reads, writes;
    uint64_t log;
} mem;

typedef struct world {
    cpumf_sys *s;
    mem *m;
    unsigned latency, n_cpus;
    uint64_t rng, tod;
    unsigned wait_pct, event_pct, insn_pct;
} world;

static uint64_t mix(uint64_t h, uint64_t v)
{
    for (unsigned i = 0; i < 8u; i++) {
        h ^= (v >> (8u * i)) & 0xFFu;
        h *= 0x100000001B3ull;
    }
    return h;
}

static int mem_ok(const mem *m, uint64_t a)
{
    return a < MEM_SIZE && a + 8u <= MEM_SIZE && !(a + 8u > m->hole_lo && a < m->hole_hi);
}

static int mem_read(void *user, uint64_t a, uint64_t *data)
{
    mem *m = user;
    m->reads++;
    m->log = mix(mix(m->log, 1u), a);
    if (!mem_ok(m, a))
        return 1;
    uint64_t v = 0;
    for (unsigned i = 0; i < 8u; i++)
        v = v << 8 | m->b[a + i];
    *data = v;
    return 0;
}

static int mem_write(void *user, uint64_t a, uint64_t data, uint8_t be)
{
    mem *m = user;
    m->writes++;
    m->log = mix(mix(mix(mix(m->log, 2u), a), data), be);
    if (!mem_ok(m, a))
        return 1;
    for (unsigned i = 0; i < 8u; i++)
        if (be & (0x80u >> i))
            m->b[a + i] = (uint8_t)(data >> (56u - 8u * i));
    return 0;
}

static const cpumf_storage_ops mem_ops = {mem_read, mem_write};

static void put64(mem *m, uint64_t a, uint64_t v)
{
    for (unsigned i = 0; i < 8u && a + i < MEM_SIZE; i++)
        m->b[a + i] = (uint8_t)(v >> (56u - 8u * i));
}

static uint64_t rnd64(world *w)
{
    w->rng ^= w->rng >> 12; /* xorshift64* */
    w->rng ^= w->rng << 25;
    w->rng ^= w->rng >> 27;
    return w->rng * 0x2545F4914F6CDD1Dull;
}

static unsigned rnd(world *w, unsigned n)
{
    return (unsigned)((rnd64(w) >> 16) % n);
}

/* An instruction from three random words: aimed at interesting operands. */
static void make_insn(const cpumf_system_cfg *cfg, uint64_t a, uint64_t b, uint64_t c,
                      cpumf_insn *x)
{
    static const uint8_t ops[16] = {CPUMF_OP_LSCTL,  CPUMF_OP_LSCTL, CPUMF_OP_QSI,   CPUMF_OP_LPP,
                                    CPUMF_OP_LCCTL,  CPUMF_OP_LPCTL, CPUMF_OP_QCTRI, CPUMF_OP_ECCTR,
                                    CPUMF_OP_EPCTR,  CPUMF_OP_SCCTR, CPUMF_OP_SPCTR, CPUMF_OP_ECPGA,
                                    CPUMF_OP_STCCTM, CPUMF_OP_LSCTL, CPUMF_OP_QSI,   12};
    static const uint16_t nums[8] = {0, 1, 32, 64, 128, 160, 448, 449};
    memset(x, 0, sizeof *x);
    x->op = ops[a & 15u];
    if (x->op == 12)
        x->op = (uint8_t)(12u + (a >> 4 & 3u)); /* operation exceptions */
    x->m3 = (a >> 8 & 7u) ? (uint8_t)(a >> 11 & 3u) : (uint8_t)(a >> 13 & 15u);
    x->problem = (a >> 17 & 15u) == 0;
    x->cr0_15 = (uint8_t)(a >> 21 & 1u);
    x->r1 = (a >> 22 & 3u) ? b : (b & 7u);
    x->r2 = c;
    if (x->op == CPUMF_OP_ECCTR || x->op == CPUMF_OP_SCCTR)
        x->r2 = (a >> 24 & 1u) ? nums[c & 7u] + (c >> 8 & 31u) : c % 300u;
    else if (x->op == CPUMF_OP_EPCTR || x->op == CPUMF_OP_SPCTR)
        x->r2 = (uint64_t)(cfg->n_cg ? cfg->cg_addr[(c >> 8) % cfg->n_cg] : c >> 8 & 3u) << 8 |
                (c & 15u);
    else if (x->op == CPUMF_OP_ECPGA)
        x->r2 = (c & 3u) ? cfg->cpu_addr[(c >> 8) % cfg->n_cpus] : c & 31u;
    else if (x->op == CPUMF_OP_STCCTM)
        x->r1 = (b & 7u) ? b >> 8 & 31u : b;
    if ((a >> 25 & 31u) == 0)
        x->r2 |= (uint64_t)1u << (16u + (a >> 30) % 48u); /* specification exceptions */
    switch (a >> 40 & 7u) {
    case 0: x->addr = b ^ c; break;                            /* far outside storage */
    case 1: x->addr = MEM_SIZE - 64u + (c >> 20) % 80u; break; /* across the end */
    case 2: x->addr = TABLE + (c >> 20) % 0x100u; break;       /* on the table */
    default: x->addr = x->op == CPUMF_OP_LSCTL ? LSCTL_BLOCK : (c >> 20) % 0x1000u & ~7u; break;
    }
    if ((a >> 43 & 7u) == 0)
        x->addr += a >> 46 & 7u; /* unaligned */
}

/* One cycle's activity of every CPU, from the world's random stream. */
static void activity(world *w, cpumf_sys_in *in)
{
    const cpumf_system_cfg *cfg = cpumf_config(w->s);
    memset(in, 0, sizeof *in);
    for (unsigned i = 0; i < w->n_cpus; i++) {
        cpumf_cpu_in *c = &in->cpu[i];
        uint64_t r = rnd64(w);
        c->stopped = (r & 255u) == 0;
        c->wait = rnd(w, 100) < w->wait_pct;
        c->problem = (uint8_t)(r >> 8 & 1u);
        c->dat = (uint8_t)(r >> 9 & 1u);
        c->as = (uint8_t)(r >> 10 & 3u);
        c->asn = (uint16_t)(r >> 12);
        c->ia = rnd64(w) & ~1ull;
        c->insns = (uint8_t)(r >> 28 & 7u);
        c->uniq = (uint8_t)(r >> 31 & 1u);
        c->uniq_count = (uint8_t)(r >> 32 & 15u);
        c->l1d_dw = (uint8_t)(r >> 36 & 1u);
        c->cr_fn = (uint8_t)(r >> 37 & 31u);
        c->ext[0] = rnd64(w) & rnd64(w);
        c->level = (uint8_t)(1u + (r >> 42 & 1u));
        c->secure_guest = (r >> 43 & 15u) == 0;
        c->pcf49 = (uint8_t)(r >> 47 & 1u);
        c->entry_inconsistent = (r >> 48 & 31u) == 0;
        c->sf_lower_enabled = (r >> 53 & 15u) == 0;
        c->tod = w->tod;
        c->diag = rnd64(w);
        c->cr0_58 = (uint8_t)(r >> 57 & 1u);
        c->alert_taken = c->cr0_58 && (r >> 58 & 3u) == 0;
        if (rnd(w, 1000) < w->event_pct) {
            unsigned e = rnd(w, 9), m = rnd(w, 128);
            c->auth_set = e == 0 ? (uint8_t)m : 0u;
            c->auth_clr = e == 1 ? (uint8_t)(1u << (m % 7u)) : 0u;
            c->sf_auth_set = e == 2 ? (uint8_t)(m & 3u) : 0u;
            c->sf_auth_clr = e == 3 ? (uint8_t)(m & 3u) : 0u;
            c->loss_cpu = e == 4 ? (uint8_t)(m & 63u) : 0u;
            c->loss_mt = e == 5;
            c->loss_sample = e == 6;
            c->reset = e == 7 && m < 16u ? (uint8_t)(1u + m % 5u) : 0u;
            in->sigp_mt_valid = e == 8 && (m & 1u);
            in->sigp_mt_enable = (uint8_t)(m >> 1 & 1u);
            in->cg_addr_change = e == 8 && !(m & 1u);
        }
        if (rnd(w, 100) < w->insn_pct) {
            cpumf_insn x;
            make_insn(cfg, rnd64(w), rnd64(w), rnd64(w), &x);
            cpumf_in_present(in, i, &x);
        }
    }
}

static void cycles(world *w, unsigned n)
{
    cpumf_sys_in in;
    cpumf_sys_out out;
    while (n--) {
        activity(w, &in);
        cpumf_step(w->s, &in, &out);
        w->tod += 16u;
    }
}

/* The registers of s (a new copy; padding and absent CPUs zero); with
 * !insn the instruction unit's state zero too. */
static cpumf_obs *registers(const cpumf_sys *s, int insn)
{
    cpumf_obs *o = calloc(1, sizeof *o);
    if (!o)
        fz_fail("out of memory");
    cpumf_observe(s, o);
    for (unsigned i = 0; i < CPUMF_MAX_CPUS && !insn; i++)
        o->cpu[i].mf_insn.state_q = 0;
    return o;
}

/* Is an instruction or a sample update running, or the storage port owned? */
static int busy(const world *w)
{
    cpumf_obs *o = registers(w->s, 1);
    int any = 0;
    for (unsigned i = 0; i < w->n_cpus; i++)
        any |= o->cpu[i].mf_insn.state_q || o->cpu[i].sf_update.state_q || o->cpu[i].mf_cpu.own_q;
    free(o);
    return any;
}

/* Idle inputs until nothing runs: the state cpumf_execute starts from. */
static void settle(world *w)
{
    cpumf_sys_in in;
    cpumf_sys_out out;
    cpumf_in_idle(&in);
    for (unsigned k = 0; busy(w); k += 8) {
        if (k >= SETTLE)
            fz_fail("still busy after %u idle cycles", SETTLE);
        for (unsigned j = 0; j < 8; j++)
            cpumf_step(w->s, &in, &out);
    }
}

/* The cycle model: x presented in the first cycle of idle inputs, then idle
 * cycles until it responds; its response in *out. */
static void timed(cpumf_sys *s, unsigned cpu, const cpumf_insn *x, cpumf_cpu_out *res)
{
    cpumf_sys_in in;
    cpumf_sys_out out;
    for (unsigned cyc = 0; cyc < RESPONSE; cyc++) {
        cpumf_in_idle(&in);
        if (cyc == 0)
            cpumf_in_present(&in, cpu, x);
        cpumf_eval(s, &in, &out);
        if (cyc == 0 && !out.cpu[cpu].insn_ready)
            fz_fail("cpu%u not ready for an instruction after settling", cpu);
        cpumf_commit(s);
        if (out.cpu[cpu].insn_done) {
            *res = out.cpu[cpu];
            return;
        }
    }
    fz_fail("op %u on cpu%u: no response in %u cycles", x->op, cpu, RESPONSE);
}

/* Every register but the instruction unit's state the same in a and b;
 * else the first that differs, by name. */
static void same_registers(const cpumf_sys *a, const cpumf_sys *b, const cpumf_insn *x)
{
    cpumf_obs *oa = registers(a, 0), *ob = registers(b, 0);
    int same = !memcmp(oa, ob, sizeof *oa);
    free(oa);
    free(ob);
    const char *name;
    for (unsigned i = 0; !same && (name = cpumf_register_name(a, i)) != NULL; i++) {
        uint64_t va = 0, vb = 0;
        if (strstr(name, ".mf_insn.state_q"))
            continue;
        if (cpumf_read_register(a, name, &va) || cpumf_read_register(b, name, &vb))
            fz_fail("cannot read %s", name);
        if (va != vb)
            fz_fail("op %u m3 %u r1 %llx r2 %llx addr %llx: %s is 0x%llx untimed, 0x%llx timed",
                    x->op, x->m3, (unsigned long long)x->r1, (unsigned long long)x->r2,
                    (unsigned long long)x->addr, name, (unsigned long long)va,
                    (unsigned long long)vb);
    }
    if (!same)
        fz_fail("op %u: the observations differ in no named register", x->op);
}

static mem *mem_copy(const mem *m)
{
    mem *c = malloc(sizeof *c);
    if (!c)
        fz_fail("out of memory");
    *c = *m;
    c->reads = c->writes = 0;
    c->log = 0;
    return c;
}

/* x on cpu, untimed and timed from the same settled state: the same result. */
static void compare(world *w, unsigned cpu, const cpumf_insn *x)
{
    settle(w);
    cpumf_sys *a = cpumf_clone(w->s), *b = cpumf_clone(w->s);
    mem *ma = mem_copy(w->m), *mb = mem_copy(w->m);
    cpumf_insn_result res;
    cpumf_cpu_out out;
    if (!a || !b || cpumf_attach_storage(a, &mem_ops, ma, w->latency) ||
        cpumf_attach_storage(b, &mem_ops, mb, w->latency))
        fz_fail("cannot clone the system or attach its storage");
    if (cpumf_execute(a, cpu, x, &res) != 0)
        fz_fail("cpumf_execute refused op %u on cpu%u: %s", x->op, cpu, cpumf_last_error(a));
    timed(b, cpu, x, &out);
    if (out.cc != res.cc || out.exc != res.exc || out.r1 != res.r1)
        fz_fail("op %u m3 %u r1 %llx r2 %llx addr %llx: timed cc %u exc %u r1 %llx, untimed cc %u "
                "exc %u r1 %llx",
                x->op, x->m3, (unsigned long long)x->r1, (unsigned long long)x->r2,
                (unsigned long long)x->addr, out.cc, out.exc, (unsigned long long)out.r1, res.cc,
                res.exc, (unsigned long long)res.r1);
    if (res.cc_valid != (res.exc == 0 && x->op < 12u && x->op != CPUMF_OP_LPP &&
                         x->op != CPUMF_OP_QCTRI && x->op != CPUMF_OP_QSI))
        fz_fail("op %u exc %u: cc_valid %u", x->op, res.exc, res.cc_valid);
    same_registers(a, b, x);
    if (memcmp(ma->b, mb->b, MEM_SIZE) || ma->reads != mb->reads || ma->writes != mb->writes ||
        ma->log != mb->log)
        fz_fail("op %u on cpu%u: storage accesses differ (untimed %u reads %u writes, timed %u "
                "reads %u writes)",
                x->op, cpu, ma->reads, ma->writes, mb->reads, mb->writes);
    cpumf_destroy(a);
    free(ma);
    cpumf_destroy(w->s); /* the sequence goes on from the cycle model */
    free(w->m);
    w->s = b;
    w->m = mb;
}

/* Sample-data buffers: a table of block links to n SDBs and a last entry
 * that links back to the table (or, now and then, somewhere wrong), the
 * blocks' trailers (one full, A bits now and then), and the LSCTL request
 * block that names them. */
static void lay_buffers(world *w, fz_bytes *in)
{
    const cpumf_model_cfg *model = &cpumf_config(w->s)->model;
    mem *m = w->m;
    unsigned n = 1 + fz_below(in, MAX_SDBS), shape = fz_byte(in), fn = fz_byte(in);
    for (unsigned k = 0; k < n; k++) {
        uint64_t trl = FIRST_SDB + 0x1000u * k + 0x1000u - 64u;
        put64(m, TABLE + 8u * k, FIRST_SDB + 0x1000u * k);
        put64(m, trl,
              (shape >> 2 & 15u) == k         ? 1ull << 63 /* full */
              : (shape >> 6 & 1u) && (k & 1u) ? 1ull << 62 /* alert request */
                                              : 0u);
        put64(m, trl + 8u, 0u);
    }
    static const uint64_t last[4] = {TABLE | 1u, TABLE | 1u, FIRST_SDB, TABLE + 0x10u};
    put64(m, TABLE + 8u * n, last[shape & 3u]);
    /* X: S (rarely), H, the functions enabled and, mostly, active */
    uint64_t x = (uint64_t)((fn & 0xF0u) == 0xF0u) << 63 | (uint64_t)(fn >> 3 & 1u) << 62 |
                 (uint64_t)(fn & 3u) << 8 | ((fn >> 2 & 1u) ? 0u : (fn & 3u));
    uint64_t interval = (shape >> 7) ? fz_bits(in, 8) : model->min_interval + fz_byte(in);
    put64(m, LSCTL_BLOCK, x);
    put64(m, LSCTL_BLOCK + 8u, interval);
    put64(m, LSCTL_BLOCK + 16u, TABLE + 8u * fz_below(in, n));
    put64(m, LSCTL_BLOCK + 24u, FIRST_SDB + 0x1000u * fz_below(in, n) + 32u * fz_below(in, 130));
    for (unsigned k = 4; k < 8; k++)
        put64(m, LSCTL_BLOCK + 8u * k, 0u);
}

/* A doubleword of storage: a trailer's F or A bit, a link, or anything. */
static void poke(world *w, fz_bytes *in)
{
    uint64_t a = fz_bits(in, 2) % MEM_SIZE & ~7ull, v;
    switch (fz_below(in, 4)) {
    case 0: v = 1ull << 63; break;
    case 1: v = 1ull << 62; break;
    case 2: v = FIRST_SDB + 0x1000u * fz_below(in, MAX_SDBS) + fz_below(in, 2); break;
    default: v = fz_bits(in, 8); break;
    }
    put64(w->m, a, v);
}

/* An operand worth loading: LCCTL and LSCTL requests, LPCTL codes, noise. */
static uint64_t operand(world *w)
{
    unsigned e = rnd(w, 16) | CPUMF_SET_BASIC;
    switch (rnd(w, 5)) {
    case 0: return (uint64_t)rnd(w, 4) << 8 | rnd(w, 4);
    case 1: return (uint64_t)e << 16 | (e & rnd(w, 16));
    case 2: return rnd(w, 4);
    case 3: return (uint64_t)rnd(w, 64) << 16 | rnd(w, 64);
    default: return rnd64(w);
    }
}

static void make_world(world *w, fz_bytes *in)
{
    char path[1024], err[512];
    cpumf_system_cfg cfg;
    snprintf(path, sizeof path, "%s/systems/%s.json", cpumf_default_configs_dir(),
             systems[fz_below(in, sizeof systems / sizeof *systems)]);
    if (cpumf_load_system(path, &cfg, err, sizeof err) != 0)
        fz_fail("%s", err);
    unsigned o = fz_byte(in);
    cfg.dedicated = 0;
    cfg.interval_mode = (uint8_t)(o % 3u);
    cfg.level = (uint8_t)(1u + (o >> 2 & 1u));
    cfg.lfsr_seed = (uint32_t)fz_bits(in, 4) | 1u;
    if ((o >> 3 & 3u) == 0)
        cfg.auth_sf = (uint8_t)(o >> 5 & 3u);
    if (cfg.model.min_interval > 256u)
        cfg.model.min_interval = 256u;
    w->s = cpumf_create(&cfg, err, sizeof err);
    w->m = calloc(1, sizeof *w->m);
    if (!w->s || !w->m)
        fz_fail("cannot create %s: %s", cfg.name, err);
    w->n_cpus = cfg.n_cpus;
    w->rng = fz_bits(in, 8) | 1u;
    w->latency = 1u + (o >> 7) * 3u;
    w->wait_pct = 10;
    w->event_pct = 5;
    w->insn_pct = 1;
    if (fz_byte(in) & 1u) {
        w->m->hole_lo = 0xE000u; /* the last two SDBs' trailers in a hole */
        w->m->hole_hi = 0xF000u;
    }
    for (uint64_t a = 0; a < TABLE; a += 8u)
        put64(w->m, a, operand(w));
    if (cpumf_attach_storage(w->s, &mem_ops, w->m, w->latency) != 0)
        fz_fail("cannot attach storage: %s", cpumf_last_error(w->s));
}

static void act(world *w, fz_bytes *in)
{
    unsigned k = fz_byte(in) % 8u;
    if (k < 2) {
        cycles(w, 1u + 4u * fz_byte(in));
    } else if (k == 2) {
        lay_buffers(w, in);
    } else if (k == 3) {
        poke(w, in);
    } else if (k == 4) {
        unsigned mixb = fz_byte(in);
        w->wait_pct = (mixb & 3u) * 30u;
        w->event_pct = (mixb >> 2 & 7u) * 8u;
        w->insn_pct = (mixb >> 5) * 3u;
    } else {
        cpumf_insn x;
        uint64_t a = fz_bits(in, 6), b = fz_bits(in, 4), c = fz_bits(in, 4);
        make_insn(cpumf_config(w->s), a, b, c, &x);
        compare(w, fz_below(in, w->n_cpus), &x);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes in = {data, size};
    world w;
    memset(&w, 0, sizeof w);
    make_world(&w, &in);
    for (unsigned k = 0; k < MAX_ACTIONS && in.n; k++)
        act(&w, &in);
    cpumf_destroy(w.s);
    free(w.m);
    return 0;
}
