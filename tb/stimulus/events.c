/* SPDX-License-Identifier: Apache-2.0 */
/* events.c - a machine's event model: its file, and its events cycle by cycle. */
#include "events.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "rng.h"

/* ---- reading the file ---- */

typedef struct ev_rd {
    const jdoc *d;
    const cpumf_model_cfg *m;
    unsigned level; /* the CPUs' configuration level (enum cpumf_level) */
    tb_events_cfg *e;
    char *err;
    size_t errlen;
} ev_rd;

#define EFAIL(node, ...) jdoc_fail(r->d, (node), r->err, r->errlen, __VA_ARGS__)

/* A defined extended counter of the model: 1 and *k, or 0. */
static int defined_ext(const cpumf_model_cfg *m, uint64_t n, uint8_t *k)
{
    uint64_t i = n - 128u;
    if (n < 128u || i >= m->n_ext || (m->ext_undef[i / 64u] >> (i % 64u)) & 1u)
        return 0;
    *k = (uint8_t)i;
    return 1;
}

/* A counter number that must be a defined extended counter of the model. */
static int read_ext(ev_rd *r, const cJSON *n, uint8_t *k)
{
    uint64_t v;
    if (jdoc_u64(r->d, n, 0, 495, &v, r->err, r->errlen))
        return -1;
    if (!defined_ext(r->m, v, k))
        return EFAIL(n, "counter %u is not a defined extended counter of %s", (unsigned)v,
                     r->m->name);
    return 0;
}

/* "counters": [N or [N, COUNT], ...]: each adds 1, or COUNT (1-15). */
static int read_bumps(ev_rd *r, const cJSON *arr, tb_ev_bumps *b)
{
    const cJSON *it;
    if (!cJSON_IsArray(arr))
        return EFAIL(arr, "expected an array of counters (N or [N, COUNT])");
    cJSON_ArrayForEach(it, arr)
    {
        const cJSON *num = it;
        uint64_t cnt = 1;
        unsigned j;
        if (b->n == TB_EV_BUMPS)
            return EFAIL(it, "at most %d counters", TB_EV_BUMPS);
        if (cJSON_IsArray(it)) {
            if (cJSON_GetArraySize(it) != 2)
                return EFAIL(it, "expected [counter, count]");
            num = cJSON_GetArrayItem(it, 0);
            if (jdoc_u64(r->d, cJSON_GetArrayItem(it, 1), 1, 15, &cnt, r->err, r->errlen))
                return -1;
        }
        if (read_ext(r, num, &b->k[b->n]))
            return -1;
        for (j = 0; j < b->n; j++)
            if (b->k[j] == b->k[b->n])
                return EFAIL(num, "counter %u listed twice", 128u + b->k[j]);
        b->cnt[b->n++] = (uint8_t)cnt;
    }
    return 0;
}

/* "on": what draws a table or starts a process. */
static int read_on(ev_rd *r, const cJSON *n, uint8_t *on)
{
    static const char *const names[] = {"cycle", "insn", "l1i_dw", "l1d_dw"};
    const char *s;
    unsigned i;
    if (jdoc_str(r->d, n, &s, r->err, r->errlen))
        return -1;
    for (i = 0; i < 4; i++)
        if (!strcmp(s, names[i])) {
            *on = (uint8_t)(1u << i);
            return 0;
        }
    return EFAIL(n, "on: unknown trigger \"%s\" (cycle, insn, l1i_dw, l1d_dw)", s);
}

static int proc_index(const tb_events_cfg *e, const char *name)
{
    int i;
    for (i = 0; i < e->n_proc; i++)
        if (!strcmp(e->proc[i].name, name))
            return i;
    return -1;
}

/* A member that must be there. */
static const cJSON *need(ev_rd *r, const cJSON *o, const char *key)
{
    const cJSON *n = jdoc_get(o, key);
    if (!n)
        EFAIL(o, "missing required key \"%s\"", key);
    return n;
}

/* One outcome {"weight", "counters", "label", "start", "level"}.  "level":
 * "vm": the event needs a guest of a guest (a CPU at the virtual-machine
 * level); at another level the outcome is left out, its weight shared by
 * the others, as what it stands for cannot happen there (CF-CT-8). */
static int read_outcome(ev_rd *r, const cJSON *o, tb_ev_table *t, int may_start)
{
    static const char *const keys[] = {"weight", "counters", "label", "start", "level", NULL};
    tb_ev_outcome *x = &t->o[t->n];
    const cJSON *n;
    const char *s;
    uint64_t w;
    int here = 1;
    x->start = -1;
    if (jdoc_check_keys(r->d, o, keys, r->err, r->errlen) || !(n = need(r, o, "weight")) ||
        jdoc_u64(r->d, n, 1, 0xffffffffu, &w, r->err, r->errlen))
        return -1;
    if ((uint64_t)t->total + w > 0xffffffffu)
        return EFAIL(n, "the weights of a table add up to more than 2^32-1");
    if ((n = jdoc_get(o, "counters")) && read_bumps(r, n, &x->b))
        return -1;
    if ((n = jdoc_get(o, "label")) && jdoc_str(r->d, n, &s, r->err, r->errlen))
        return -1;
    if ((n = jdoc_get(o, "start"))) {
        if (!may_start)
            return EFAIL(n, "start: only a table's outcome starts a process");
        if (jdoc_str(r->d, n, &s, r->err, r->errlen))
            return -1;
        if ((x->start = (int8_t)proc_index(r->e, s)) < 0)
            return EFAIL(n, "start: no process \"%s\"", s);
    }
    if ((n = jdoc_get(o, "level"))) {
        if (jdoc_str(r->d, n, &s, r->err, r->errlen))
            return -1;
        if (strcmp(s, "vm") != 0)
            return EFAIL(n, "level: expected \"vm\" (an event only at the virtual-machine level)");
        here = r->level == CPUMF_LEVEL_VM;
    }
    if (!here) {
        memset(x, 0, sizeof *x); /* left out at this level: no weight, no outcome */
        return 0;
    }
    t->total += (uint32_t)w;
    x->upto = t->total;
    t->n++;
    return 0;
}

/* A non-empty array of outcomes. */
static int read_outcomes(ev_rd *r, const cJSON *arr, tb_ev_table *t, int may_start)
{
    const cJSON *it;
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) < 1)
        return EFAIL(arr, "expected a non-empty array of outcomes");
    cJSON_ArrayForEach(it, arr)
    {
        if (t->n == TB_EV_OUTCOMES)
            return EFAIL(it, "at most %d outcomes", TB_EV_OUTCOMES);
        if (read_outcome(r, it, t, may_start))
            return -1;
    }
    return 0;
}

static int read_table(ev_rd *r, const cJSON *o)
{
    static const char *const keys[] = {"name", "description", "on", "outcomes", NULL};
    tb_ev_table *t = &r->e->tab[r->e->n_tab];
    const cJSON *n;
    const char *s;
    if (r->e->n_tab == TB_EV_TABLES)
        return EFAIL(o, "at most %d tables", TB_EV_TABLES);
    if (jdoc_check_keys(r->d, o, keys, r->err, r->errlen) || !(n = need(r, o, "name")) ||
        jdoc_str(r->d, n, &s, r->err, r->errlen) || !(n = need(r, o, "on")) ||
        read_on(r, n, &t->on) || !(n = need(r, o, "outcomes")) || read_outcomes(r, n, t, 1))
        return -1;
    r->e->n_tab++;
    return 0;
}

/* "phases": [{"cycles": [MIN, MAX], "busy": [counters]}]; the last at least
 * one cycle long, so that a run is busy at least once before it ends. */
static int read_phases(ev_rd *r, const cJSON *arr, tb_ev_proc *p)
{
    static const char *const keys[] = {"cycles", "busy", NULL};
    const cJSON *it, *n;
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) < 1 ||
        cJSON_GetArraySize(arr) > TB_EV_PHASES)
        return EFAIL(arr, "phases: expected 1 to %d phases", TB_EV_PHASES);
    cJSON_ArrayForEach(it, arr)
    {
        tb_ev_phase *ph = &p->ph[p->n_phase++];
        if (jdoc_check_keys(r->d, it, keys, r->err, r->errlen) || !(n = need(r, it, "cycles")) ||
            tb_parse_range(r->d, n, 0, 1000, &ph->min, &ph->max, r->err, r->errlen) ||
            ((n = jdoc_get(it, "busy")) && read_bumps(r, n, &ph->busy)))
            return -1;
        if (!it->next && ph->min == 0)
            return EFAIL(it, "the last phase lasts at least one cycle");
    }
    return 0;
}

static int read_proc(ev_rd *r, const cJSON *o)
{
    static const char *const keys[] = {"name",  "description", "on",  "rate",
                                       "slots", "phases",      "end", NULL};
    tb_ev_proc *p = &r->e->proc[r->e->n_proc];
    const cJSON *n, *on = jdoc_get(o, "on"), *rate = jdoc_get(o, "rate");
    const char *s;
    uint64_t v;
    if (r->e->n_proc == TB_EV_PROCS)
        return EFAIL(o, "at most %d processes", TB_EV_PROCS);
    if (jdoc_check_keys(r->d, o, keys, r->err, r->errlen) || !(n = need(r, o, "name")) ||
        jdoc_str(r->d, n, &s, r->err, r->errlen))
        return -1;
    if (!s[0] || strlen(s) >= sizeof p->name || proc_index(r->e, s) >= 0)
        return EFAIL(n, "name: 1 to %zu characters, unique", sizeof p->name - 1);
    snprintf(p->name, sizeof p->name, "%s", s);
    if (!on != !rate)
        return EFAIL(o, "\"on\" and \"rate\" go together");
    if ((on &&
         (read_on(r, on, &p->on) || tb_parse_rate(r->d, rate, &p->rate, r->err, r->errlen))) ||
        !(n = need(r, o, "slots")) || jdoc_u64(r->d, n, 1, TB_EV_SLOTS, &v, r->err, r->errlen) ||
        !(n = need(r, o, "phases")) || read_phases(r, n, p) ||
        ((n = jdoc_get(o, "end")) && read_outcomes(r, n, &p->end, 0)))
        return -1;
    p->slots = (uint8_t)v;
    r->e->n_proc++;
    return 0;
}

/* {"counter": N, "when": ["l1i_pen", "l1d_pen", PROCESS...]} */
static int read_any(ev_rd *r, const cJSON *o)
{
    static const char *const keys[] = {"counter", "when", NULL};
    tb_ev_any *a = &r->e->any[r->e->n_any];
    const cJSON *n, *it;
    if (r->e->n_any == TB_EV_ANY)
        return EFAIL(o, "at most %d \"any\" counters", TB_EV_ANY);
    if (jdoc_check_keys(r->d, o, keys, r->err, r->errlen) || !(n = need(r, o, "counter")) ||
        read_ext(r, n, &a->k) || !(n = need(r, o, "when")))
        return -1;
    if (!cJSON_IsArray(n) || cJSON_GetArraySize(n) < 1)
        return EFAIL(n, "when: expected a non-empty array of conditions");
    cJSON_ArrayForEach(it, n)
    {
        const char *s;
        int pi;
        if (jdoc_str(r->d, it, &s, r->err, r->errlen))
            return -1;
        pi = proc_index(r->e, s);
        if (!strcmp(s, "l1i_pen"))
            a->when |= TB_EV_WHEN_L1I_PEN;
        else if (!strcmp(s, "l1d_pen"))
            a->when |= TB_EV_WHEN_L1D_PEN;
        else if (pi >= 0)
            a->when |= TB_EV_WHEN_PROC(pi);
        else
            return EFAIL(it, "when: \"%s\" is neither l1i_pen, l1d_pen nor a process", s);
    }
    r->e->n_any++;
    return 0;
}

/* {"cycles": [ALONE, SHARED], "instructions": [ALONE, SHARED]} */
static int read_threads(ev_rd *r, const cJSON *o)
{
    static const char *const keys[] = {"cycles", "instructions", NULL};
    static const char *const two[] = {"cycles", "instructions"};
    unsigned i, j;
    if (jdoc_check_keys(r->d, o, keys, r->err, r->errlen))
        return -1;
    for (i = 0; i < 2; i++) {
        const cJSON *n = need(r, o, two[i]);
        uint8_t *dst = i ? r->e->thr_ins : r->e->thr_cyc;
        if (!n)
            return -1;
        if (!cJSON_IsArray(n) || cJSON_GetArraySize(n) != 2)
            return EFAIL(n, "%s: expected [alone, shared]", two[i]);
        for (j = 0; j < 2; j++)
            if (read_ext(r, cJSON_GetArrayItem(n, (int)j), &dst[j]))
                return -1;
    }
    r->e->has_threads = 1;
    return 0;
}

/* "cycles": [counters adding at most one a cycle]; "limits": {"N": MOST}. */
static int read_limits(ev_rd *r, const cJSON *cyc, const cJSON *lim)
{
    const cJSON *it;
    uint8_t k;
    if (cyc && !cJSON_IsArray(cyc))
        return EFAIL(cyc, "cycles: expected an array of counters");
    if (lim && !cJSON_IsObject(lim))
        return EFAIL(lim, "limits: expected {\"counter\": most per cycle}");
    for (it = cyc ? cyc->child : NULL; it; it = it->next) {
        if (read_ext(r, it, &k))
            return -1;
        r->e->limit[k] = 1;
    }
    for (it = lim ? lim->child : NULL; it; it = it->next) {
        uint64_t num, most;
        char *end;
        num = strtoull(it->string, &end, 10);
        if (*end || !defined_ext(r->m, num, &k))
            return jdoc_fail_key(r->d, it, r->err, r->errlen,
                                 "limits: \"%s\" is not a defined extended counter of %s",
                                 it->string, r->m->name);
        if (jdoc_u64(r->d, it, 2, 15, &most, r->err, r->errlen))
            return -1;
        if (r->e->limit[k])
            return jdoc_fail_key(r->d, it, r->err, r->errlen, "counter %s is a counter of cycles",
                                 it->string);
        r->e->limit[k] = (uint8_t)most;
    }
    return 0;
}

/* The most each counter can add in one cycle: one outcome per table, every
 * run of a process busy or ending at once, one per "any", and the thread
 * counters (a cycle, up to 7 instructions). */
static void table_most(unsigned *mx, const tb_ev_table *t, unsigned runs)
{
    uint8_t most[CPUMF_MAX_EXT] = {0};
    unsigned i, j;
    for (i = 0; i < t->n; i++)
        for (j = 0; j < t->o[i].b.n; j++)
            if (t->o[i].b.cnt[j] > most[t->o[i].b.k[j]])
                most[t->o[i].b.k[j]] = t->o[i].b.cnt[j];
    for (i = 0; i < CPUMF_MAX_EXT; i++)
        mx[i] += runs * most[i];
}

static void most_per_cycle(const tb_events_cfg *e, unsigned *mx)
{
    unsigned i, ph, j;
    for (i = 0; i < e->n_tab; i++)
        table_most(mx, &e->tab[i], 1);
    for (i = 0; i < e->n_proc; i++) {
        const tb_ev_proc *p = &e->proc[i];
        uint8_t busy[CPUMF_MAX_EXT] = {0};
        for (ph = 0; ph < p->n_phase; ph++)
            for (j = 0; j < p->ph[ph].busy.n; j++)
                if (p->ph[ph].busy.cnt[j] > busy[p->ph[ph].busy.k[j]])
                    busy[p->ph[ph].busy.k[j]] = p->ph[ph].busy.cnt[j];
        for (j = 0; j < CPUMF_MAX_EXT; j++)
            mx[j] += p->slots * busy[j];
        table_most(mx, &p->end, p->slots);
    }
    for (i = 0; i < e->n_any; i++)
        mx[e->any[i].k]++;
    for (i = 0; e->has_threads && i < 2; i++) {
        mx[e->thr_cyc[i]]++;
        mx[e->thr_ins[i]] += 7;
    }
}

/* Every counter within what the file declares: counters of cycles at most
 * one a cycle, the others of "limits" exactly their limit (so that they do
 * add that many), and none beyond the port's 15. */
static int check_limits(ev_rd *r, const cJSON *root)
{
    unsigned mx[CPUMF_MAX_EXT] = {0}, k;
    most_per_cycle(r->e, mx);
    for (k = 0; k < CPUMF_MAX_EXT; k++) {
        unsigned lim = r->e->limit[k];
        if (lim == 1 && mx[k] > 1)
            return EFAIL(root, "counter %u counts cycles, but the model can add %u in a cycle",
                         128u + k, mx[k]);
        if (lim > 1 && mx[k] != lim)
            return EFAIL(root, "counter %u: limit %u, but the model adds at most %u in a cycle",
                         128u + k, lim, mx[k]);
        if (mx[k] > 15)
            return EFAIL(root, "counter %u: the model can add %u in a cycle, the port 15", 128u + k,
                         mx[k]);
    }
    return 0;
}

/* Each element of an optional array member, read by fn. */
static int read_each(ev_rd *r, const cJSON *root, const char *key,
                     int (*fn)(ev_rd *r, const cJSON *o))
{
    const cJSON *arr = jdoc_get(root, key), *it;
    if (!arr)
        return 0;
    if (!cJSON_IsArray(arr))
        return EFAIL(arr, "%s: expected an array", key);
    cJSON_ArrayForEach(it, arr)
    {
        if (!cJSON_IsObject(it))
            return EFAIL(it, "%s: expected an object", key);
        if (fn(r, it))
            return -1;
    }
    return 0;
}

static int read_root(ev_rd *r, const cJSON *root)
{
    static const char *const keys[] = {"model",     "description", "cycles",  "limits",    "tables",
                                       "processes", "any",         "threads", "relations", NULL};
    const cJSON *n;
    const char *s;
    if (!cJSON_IsObject(root))
        return EFAIL(root, "an events file is a JSON object");
    if (jdoc_check_keys(r->d, root, keys, r->err, r->errlen) || !(n = need(r, root, "model")) ||
        jdoc_str(r->d, n, &s, r->err, r->errlen))
        return -1;
    if (strcmp(s, r->m->name) != 0)
        return EFAIL(n, "model: \"%s\", but the system's model is %s", s, r->m->name);
    if ((n = jdoc_get(root, "description")) && jdoc_str(r->d, n, &s, r->err, r->errlen))
        return -1;
    /* processes first: table outcomes and "any" name them */
    if (read_each(r, root, "processes", read_proc) || read_each(r, root, "tables", read_table) ||
        read_each(r, root, "any", read_any) ||
        ((n = jdoc_get(root, "threads")) && read_threads(r, n)) ||
        read_limits(r, jdoc_get(root, "cycles"), jdoc_get(root, "limits")))
        return -1;
    return check_limits(r, root);
}

/* Keep the outcomes that do something (counters or a start) and their
 * gap among the triggers: the others are the triggers between hits.  Then
 * the first outcome of each draw bucket: a draw y (32 bits) gives
 * x = y * total / 2^32, the least of bucket i being that of y = i << 24. */
static void index_table(tb_ev_table *t)
{
    uint32_t below = 0;
    unsigned i, o = 0, n = 0;
    t->whole = t->total;
    t->total = 0;
    for (i = 0; i < t->n; i++) {
        uint32_t w = t->o[i].upto - below;
        below = t->o[i].upto;
        if (!t->o[i].b.n && t->o[i].start < 0)
            continue;
        t->o[n] = t->o[i];
        t->total += w;
        t->o[n++].upto = t->total;
    }
    t->n = (uint8_t)n;
    t->len = t->total ? ((uint64_t)t->whole << 16) / t->total : 0;
    for (i = 0; i < 256u && n; i++) {
        uint32_t x = (uint32_t)(((uint64_t)i << 24) * t->total >> 32);
        while (o + 1u < t->n && x >= t->o[o].upto)
            o++;
        t->first[i] = (uint8_t)o;
    }
}

int tb_events_from_json(const jdoc *d, const cJSON *root, const cpumf_model_cfg *m, unsigned level,
                        tb_events_cfg *out, char *err, size_t errlen)
{
    tb_events_cfg e;
    ev_rd r = {d, m, level, &e, err, errlen};
    unsigned i;
    memset(&e, 0, sizeof e);
    if (read_root(&r, root))
        return -1;
    for (i = 0; i < e.n_tab; i++) {
        index_table(&e.tab[i]);
        e.tab_on[i] = e.tab[i].len ? e.tab[i].on : 0u;
    }
    for (i = 0; i < e.n_proc; i++) {
        index_table(&e.proc[i].end);
        e.proc[i].len = tb_gap_len(e.proc[i].rate);
        e.start_on[i] = e.proc[i].len ? e.proc[i].on : 0u;
    }
    snprintf(e.model, sizeof e.model, "%s", m->name);
    *out = e;
    return 0;
}

/* ---- the events of a cycle ---- */

void tb_events_init(tb_events_cpu *c, const tb_events_cfg *e, uint64_t seed, unsigned cpu)
{
    unsigned i;
    memset(c, 0, sizeof *c);
    c->rng = tb_mix64(seed ^ tb_mix64(0x4556454e54530000ull + cpu)) | 1u;
    for (i = 0; e && i < e->n_tab; i++)
        tb_gap_init(&c->tab[i], e->tab[i].len, &c->rng);
    for (i = 0; e && i < e->n_proc; i++) {
        tb_gap_init(&c->start[i], e->proc[i].len, &c->rng);
        tb_gap_init(&c->end[i], e->proc[i].end.len, &c->rng);
    }
}

/* n more events of counter 128+k: a plain add, as the load checked that no
 * counter gets more than 15 in a cycle (its nibble never carries over). */
static void add(cpumf_cpu_in *in, unsigned k, unsigned n)
{
    in->ext[k / 16u] += (uint64_t)n << (4u * (k % 16u));
}

static void bump(cpumf_cpu_in *in, const tb_ev_bumps *b)
{
    unsigned i;
    for (i = 0; i < b->n; i++)
        add(in, b->k[i], b->cnt[i]);
}

/* The outcome of table t, by weight, that a hit's draw y picks. */
static const tb_ev_outcome *pick(const tb_ev_table *t, uint64_t y)
{
    y &= 0xffffffffu;
    uint32_t x = (uint32_t)((y * t->total) >> 32);
    const tb_ev_outcome *o = &t->o[t->first[y >> 24]];
    while (x >= o->upto)
        o++;
    return o;
}

/* The first phase from `from` on that lasts (its length drawn): 1, or 0 when
 * none is left. */
static int enter(const tb_ev_proc *p, tb_ev_run *x, unsigned from, uint64_t *rng)
{
    unsigned ph;
    for (ph = from; ph < p->n_phase; ph++) {
        const tb_ev_phase *f = &p->ph[ph];
        unsigned len = f->min;
        if (f->max > f->min)
            len += (unsigned)((tb_rnd(rng) >> 33) % (f->max - f->min + 1u));
        if (len) {
            x->phase = (uint8_t)ph;
            x->left = (uint16_t)len;
            return 1;
        }
    }
    return 0;
}

/* A run of process i, when a slot is free (the last phase always lasts). */
static void start(const tb_events_cfg *e, tb_events_cpu *c, unsigned i)
{
    if (c->n_run[i] < e->proc[i].slots && enter(&e->proc[i], &c->run[i][c->n_run[i]], 0, &c->rng))
        c->n_run[i]++;
}

static void apply(const tb_events_cfg *e, tb_events_cpu *c, const tb_ev_outcome *o,
                  cpumf_cpu_in *in)
{
    bump(in, &o->b);
    if (o->start >= 0)
        start(e, c, (unsigned)o->start);
}

/* A cycle of table t (with outcomes that count), triggered or not (1 or 0):
 * when one of them is due, that outcome, drawn from the gap's draw. */
static inline void trigger(const tb_events_cfg *e, tb_events_cpu *c, const tb_ev_table *t,
                           tb_gap *g, unsigned trig, cpumf_cpu_in *in)
{
    uint64_t y;
    if (tb_gap_step_if(g, trig, t->len, &c->rng, &y))
        apply(e, c, pick(t, y), in);
}

/* The runs of process i in this cycle: their busy counters, then the ends. */
static void advance(const tb_events_cfg *e, tb_events_cpu *c, unsigned i, cpumf_cpu_in *in)
{
    const tb_ev_proc *p = &e->proc[i];
    unsigned j = 0;
    while (j < c->n_run[i]) {
        tb_ev_run *x = &c->run[i][j];
        bump(in, &p->ph[x->phase].busy);
        if (--x->left || enter(p, x, x->phase + 1u, &c->rng)) {
            j++;
            continue;
        }
        if (p->end.len)
            trigger(e, c, &p->end, &c->end[i], 1u, in);
        *x = c->run[i][--c->n_run[i]];
    }
}

void tb_events_cycle(const tb_events_cfg *e, tb_events_cpu *c, cpumf_cpu_in *in)
{
    unsigned on = TB_EV_CYCLE | (in->insns ? TB_EV_INSN : 0u) | (in->l1i_dw ? TB_EV_L1I : 0u) |
                  (in->l1d_dw ? TB_EV_L1D : 0u);
    uint32_t cond =
        (in->l1i_pen ? TB_EV_WHEN_L1I_PEN : 0u) | (in->l1d_pen ? TB_EV_WHEN_L1D_PEN : 0u);
    uint64_t r;
    unsigned i;
    /* whether a table or a process is triggered is as random as the
     * instructions and misses: it counts without a branch (tb_gap_step_if) */
    for (i = 0; i < e->n_tab; i++)
        if (e->tab_on[i])
            trigger(e, c, &e->tab[i], &c->tab[i], (e->tab_on[i] & on) != 0u, in);
    for (i = 0; i < e->n_proc; i++) {
        if (e->start_on[i] &&
            tb_gap_step_if(&c->start[i], (e->start_on[i] & on) != 0u, e->proc[i].len, &c->rng, &r))
            start(e, c, i);
        if (c->n_run[i]) {
            cond |= TB_EV_WHEN_PROC(i);
            advance(e, c, i, in);
        }
    }
    for (i = 0; i < e->n_any; i++)
        if (e->any[i].when & cond)
            add(in, e->any[i].k, 1u);
}

void tb_events_threads(const tb_events_cfg *e, cpumf_sys_in *in, unsigned ncpu, unsigned tpc,
                       uint32_t skip)
{
    unsigned c;
    if (!e->has_threads)
        return;
    for (c = 0; c < ncpu; c++) {
        cpumf_cpu_in *ci = &in->cpu[c], *sib = &in->cpu[c ^ 1u];
        unsigned shared;
        if ((skip >> c) & 1u || ci->stopped || ci->wait)
            continue;
        shared = tpc == 2u && (c ^ 1u) < ncpu && !sib->stopped && !sib->wait;
        add(ci, e->thr_cyc[shared], 1u);
        add(ci, e->thr_ins[shared], ci->insns); /* none in a cycle without: no branch */
    }
}
