/* SPDX-License-Identifier: Apache-2.0 */
/* cosim.c - lockstep comparison of the RTL and the C model, cycle by cycle.
 *
 * The RTL is the device under test: the runner's stimulus and storage react
 * to its outputs.  The model gets the same inputs, the storage port's too:
 * up to the first difference both sides make the same storage requests in
 * every cycle, so a storage of the model's own would answer alike.  After it
 * (the runner goes on to the end of a wave window) the model has its own,
 * a clone of the runner's at that cycle.  On the first difference the
 * report names the cycle, unit.register, both values, a table of the last
 * cycles (inputs and state changes) and the command that reproduces the
 * failure with waves around it.
 *
 * Every cycle compares the model's registers with the RTL's, but the table
 * needs the model's registers of the last cycles only on a mismatch: the
 * history keeps the inputs of every cycle and a copy of the model every
 * SNAP_MIN (or more) cycles, and the report replays the model from the
 * newest copy that precedes the table. */
#include "cosim.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "shared/rtl_bundle.h"
#include "stimulus/storage.h"

#define MAX_DIFFS   12 /* differences listed for the failing cycle */
#define WAVE_BEFORE 20 /* cycles of waves before the failing cycle */
#define WAVE_AFTER  5

#define IN_WIDTH_MAX 40 /* widest inputs column of the history table */
#define CHG_WIDTH    72 /* width of its state-changes column */

/* Cycles between two copies of the model, at least: a copy (the whole
 * system, some 125 KB) takes about 2 us, some five cycles of the model,
 * about 15 ns a cycle when spread over these; the inputs of twice as many
 * cycles are kept. */
#define SNAP_MIN 128

/* A cell of the history table: a list of items, each ended by '\n';
 * printing wraps the items onto as many lines as the column needs. */
#define CELL_MAX 16384
typedef struct cell {
    char s[CELL_MAX];
    size_t len;
    int full; /* items were left out (the last one is "...") */
} cell;

/* One cycle of the history: the inputs both sides were given (only the
 * installed CPUs' are written, and are all that the caches see of it). */
typedef struct hist_entry {
    uint64_t cycle;
    cpumf_sys_in in;
} hist_entry;

typedef struct cosim_ctx {
    cpumf_sys *model;
    tb_rtl *rtl;
    tb_cosim_info info;
    const tb_storage *rstor; /* the runner's, which answers the RTL */
    tb_storage *mstor;       /* the model's own, from the first difference on */
    const cpumf_system_cfg *cfg;
    cpumf_sys_in min; /* the model's inputs, from the first difference on */
    cpumf_sys_out mout;
    cpumf_obs mobs;   /* the model's registers at the start of this cycle (the counter
                       * slots only when the waves show them or the sides differ) */
    cpumf_obs robs;   /* the RTL's, read out when they differ */
    hist_entry *hist; /* ring of rcap = 2 * snap_every entries */
    unsigned rcap, snap_every;
    /* the model at the start of history entry snap_at[k] (UINT64_MAX: none
     * yet), taken every snap_every entries into the two in turn */
    cpumf_sys *snap[2];
    uint64_t snap_at[2];
    /* the report's rows: hcap = history + 1, the oldest row shown needs its
     * predecessor */
    cpumf_obs *rows;
    unsigned hcap;
    uint64_t nhist;
    uint64_t mismatch;
    unsigned ndiff;
    cell cell_in, cell_chg; /* report-time scratch */
} cosim_ctx;

static void diff_u64(cosim_ctx *c, uint64_t cycle, const char *name, uint64_t rtl, uint64_t model,
                     int width)
{
    if (rtl == model)
        return;
    FILE *f = c->info.report;
    if (c->ndiff == 0)
        fprintf(f, "MISMATCH at cycle %" PRIu64 ": %s\n", cycle, name);
    if (c->ndiff < MAX_DIFFS)
        fprintf(f, "  %-44s rtl 0x%0*" PRIx64 "  model 0x%0*" PRIx64 "\n", name, width, rtl, width,
                model);
    c->ndiff++;
}

static void compare_outputs(cosim_ctx *c, uint64_t cycle, const cpumf_sys_out *r,
                            const cpumf_sys_out *m)
{
    char n[96];
    for (unsigned i = 0; i < c->cfg->n_cpus; i++) {
        const cpumf_cpu_out *a = &r->cpu[i], *b = &m->cpu[i];
        /* the ports of cpumf_ports.def, named as the port of their RTL unit */
#define CPUMF_OUT(f, unit, port, w, d)                                                             \
    if (a->f != b->f) {                                                                            \
        snprintf(n, sizeof n, "cpu%u." #unit "." #port, i);                                        \
        diff_u64(c, cycle, n, a->f, b->f, ((w) + 3) / 4);                                          \
    }
#include "cpumf/cpumf_ports.def"
    }
}

/* ---- the observed registers (cpumf_regs.def), one walk for the comparison
 * and the history ------------------------------------------------------------
 * fn(ctx, "unit.reg", x, y, z, hex digits) is called for every register
 * whose value in x differs from y or from z, in the order of the report.
 * The comparison passes (model, rtl, model); the history passes (model now,
 * model a cycle earlier, rtl now). */
typedef void reg_fn(void *ctx, const char *name, uint64_t x, uint64_t y, uint64_t z, int w);

/* The architected counter behind an array element, for the reader. */
static void counter_note(const cpumf_model_cfg *mc, const rtl_field *f, unsigned e, char *buf,
                         size_t len)
{
    buf[0] = '\0';
    if (!strcmp(f->name, "ctr_q")) {
        unsigned num = cpumf_slot_counter(e);
        const char *perf = cpumf_counter_perf_name(mc, num);
        snprintf(buf, len, " (counter %u %s%s%s)", num, cpumf_counter_name(mc, num),
                 perf[0] ? " " : "", perf);
    } else if (!strcmp(f->name, "mt_ctr_q")) {
        snprintf(buf, len, " (counter %u)", 448 + e % f->count);
    }
}

/* Elements of field f that the system has: per group its groups, per core
 * its cores. */
static unsigned installed(const cpumf_system_cfg *cfg, const rtl_field *f)
{
    if (f->scope == RTL_SCOPE_GROUP)
        return cfg->n_cg * f->count;
    if (f->scope == RTL_SCOPE_CORE)
        return cfg->n_cpus / cfg->threads_per_core * f->count;
    return f->n;
}

/* Every field of bundle b of the C structs x, y, z. */
static void visit(const cpumf_system_cfg *cfg, rtl_bundle b, const void *x, const void *y,
                  const void *z, reg_fn *fn, void *ctx)
{
    const rtl_field *f;
    char n[160], note[96];
    for (unsigned k = 0; (f = rtl_bundle_field(b, k)) != NULL; k++) {
        unsigned elems = installed(cfg, f);
        size_t bytes = (size_t)elems * f->esz;
        const char *px = (const char *)x + f->off;
        if (!memcmp(px, (const char *)y + f->off, bytes) &&
            (z == x || !memcmp(px, (const char *)z + f->off, bytes)))
            continue;
        for (unsigned e = 0; e < elems; e++) {
            uint64_t vx = rtl_field_get(f, x, e), vy = rtl_field_get(f, y, e);
            uint64_t vz = rtl_field_get(f, z, e);
            int len;
            if (vx == vy && vx == vz)
                continue;
            len = snprintf(n, sizeof n, "%s.%s", f->unit, f->name);
            if (f->n > f->count)
                len += snprintf(n + len, sizeof n - (size_t)len, "[%u][%u]", e / f->count,
                                e % f->count);
            else if (f->n > 1)
                len += snprintf(n + len, sizeof n - (size_t)len, "[%u]", e);
            counter_note(&cfg->model, f, e, note, sizeof note);
            snprintf(n + len, sizeof n - (size_t)len, "%s", note);
            fn(ctx, n, vx, vy, vz, (int)(f->width + 3) / 4);
        }
    }
}

static void visit_cpu(const cpumf_system_cfg *cfg, unsigned i, const cpumf_obs *xo,
                      const cpumf_obs *yo, const cpumf_obs *zo, reg_fn *fn, void *ctx)
{
    const cpumf_cpu_obs *x = &xo->cpu[i], *y = &yo->cpu[i], *z = zo == xo ? x : &zo->cpu[i];
    /* Most cycles nothing differs: the structs are written field by field
     * over zeroed memory, so their padding compares equal too. */
    if (!memcmp(x, y, sizeof *x) && (z == x || !memcmp(x, z, sizeof *x)))
        return;
    visit(cfg, RTL_CPU_OBS, x, y, z, fn, ctx);
}

static void visit_system(const cpumf_system_cfg *cfg, const cpumf_obs *x, const cpumf_obs *y,
                         const cpumf_obs *z, reg_fn *fn, void *ctx)
{
    visit(cfg, RTL_SYS_OBS, x, y, z, fn, ctx);
}

typedef struct diff_ctx {
    cosim_ctx *c;
    uint64_t cycle;
    int cpu; /* -1: system level, no prefix */
} diff_ctx;

static void diff_reg(void *ctx, const char *name, uint64_t model, uint64_t rtl, uint64_t z, int w)
{
    diff_ctx *d = (diff_ctx *)ctx;
    char n[176];
    (void)z;
    if (d->cpu >= 0) {
        snprintf(n, sizeof n, "cpu%d.%s", d->cpu, name);
        name = n;
    }
    diff_u64(d->c, d->cycle, name, rtl, model, w);
}

static void compare_state(cosim_ctx *c, uint64_t cycle, const cpumf_obs *r, const cpumf_obs *m)
{
    diff_ctx d = {c, cycle, 0};
    for (unsigned i = 0; i < c->cfg->n_cpus; i++) {
        d.cpu = (int)i;
        visit_cpu(c->cfg, i, m, r, m, diff_reg, &d);
    }
    d.cpu = -1;
    visit_system(c->cfg, m, r, m, diff_reg, &d);
}

/* ---- the history table ------------------------------------------------------- */
static void cell_clear(cell *cl)
{
    cl->len = 0;
    cl->full = 0;
    cl->s[0] = '\0';
}

static void __attribute__((format(printf, 2, 3))) cell_add(cell *cl, const char *fmt, ...)
{
    char item[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(item, sizeof item, fmt, ap);
    va_end(ap);
    size_t n = strlen(item);
    if (cl->full)
        return;
    /* Keep room for the "..." that says items were left out. */
    if (cl->len + n + 1 + 5 > CELL_MAX) {
        cl->full = 1;
        strcpy(item, "...");
        n = 3;
    }
    memcpy(cl->s + cl->len, item, n);
    cl->s[cl->len + n] = '\n';
    cl->len += n + 1;
    cl->s[cl->len] = '\0';
}

/* The nonzero inputs of one CPU, as name=value items. */
static void cpu_inputs(cell *cl, const cpumf_cpu_in *in)
{
#define F(x)                                                                                       \
    if (in->x)                                                                                     \
    cell_add(cl, #x "=0x%" PRIx64, (uint64_t)in->x)
    F(stopped);
    F(wait);
    F(problem);
    F(insns);
    F(l1i_dw);
    F(l1i_pen);
    F(l1d_dw);
    F(l1d_pen);
    F(cr_fn);
    F(cr_busy);
    F(cr_bfn);
    F(cr_bcyc);
    for (unsigned w = 0; w < CPUMF_EXT_WORDS; w++)
        if (in->ext[w])
            cell_add(cl, "ext[%u]=0x%" PRIx64, w, in->ext[w]);
    F(cr0_58);
    F(insn_valid);
    F(op);
    F(m3);
    F(insn_problem);
    F(cr0_15);
    F(r1);
    F(r2);
    F(addr);
    F(auth_set);
    F(auth_clr);
    F(sf_auth_set);
    F(sf_auth_clr);
    F(reset);
    F(loss_cpu);
    F(loss_mt);
    F(loss_sample);
    F(alert_taken);
    F(stor_req_ready);
    F(stor_rsp_valid);
    F(stor_rsp_err);
    F(stor_rsp_data);
    F(sf_lower_enabled);
    F(dat);
    F(as);
    F(asn);
    F(ia);
    F(uniq);
    F(uniq_count);
    F(level);
    F(secure_guest);
    F(pcf49);
    F(entry_inconsistent);
    F(diag);
#undef F
}

static void system_inputs(cell *cl, const cpumf_sys_in *in)
{
#define F(x)                                                                                       \
    if (in->x)                                                                                     \
    cell_add(cl, #x "=0x%x", (unsigned)in->x)
    F(sigp_mt_valid);
    F(sigp_mt_enable);
    F(cg_addr_change);
#undef F
}

/* reg_fn of the history: x the model's value now, y a cycle earlier, z the
 * RTL's now (equal to x except in the failing cycle). */
static void change_reg(void *ctx, const char *name, uint64_t now, uint64_t prev, uint64_t rtl,
                       int w)
{
    cell *cl = (cell *)ctx;
    (void)w;
    if (rtl != now)
        cell_add(cl, "%s 0x%" PRIx64 "->0x%" PRIx64 " (rtl 0x%" PRIx64 ")", name, prev, now, rtl);
    else
        cell_add(cl, "%s 0x%" PRIx64 "->0x%" PRIx64, name, prev, now);
}

/* One line of a cell: items from *p joined by sep while they fit in width
 * (at least one item, and items are shorter than out); *p moves past them.
 * out is "" when the cell is used up. */
static void cell_line(const char **p, unsigned width, const char *sep, char *out, size_t outlen)
{
    size_t len = 0;
    out[0] = '\0';
    while (**p) {
        const char *e = strchr(*p, '\n');
        size_t n = (size_t)(e - *p), add = n + (len ? strlen(sep) : 0);
        if (len && (len + add > width || len + add + 1 > outlen))
            break;
        if (len) {
            memcpy(out + len, sep, strlen(sep));
            len += strlen(sep);
        }
        memcpy(out + len, *p, n);
        len += n;
        out[len] = '\0';
        *p = e + 1;
    }
}

typedef struct table {
    FILE *f;
    int wcyc;     /* width of the cycle column */
    unsigned win; /* width of the inputs column */
} table;

static void print_row(const table *t, uint64_t cycle, const char *who, const cell *in,
                      const cell *chg)
{
    const char *pi = in->s, *pc = chg->s;
    char li[512], lc[512];
    int first = 1;
    while (first || *pi || *pc) {
        cell_line(&pi, t->win, " ", li, sizeof li);
        cell_line(&pc, CHG_WIDTH, ", ", lc, sizeof lc);
        if (first && !li[0])
            strcpy(li, "-");
        if (first && !lc[0])
            strcpy(lc, "-");
        if (first)
            fprintf(t->f, "  %*" PRIu64 "  %-6s  ", t->wcyc, cycle, who);
        else
            fprintf(t->f, "  %*s  %-6s  ", t->wcyc, "", "");
        if (lc[0])
            fprintf(t->f, "%-*s  %s%s\n", (int)t->win, li, lc, *pc ? "," : "");
        else
            fprintf(t->f, "%s\n", li);
        first = 0;
    }
}

/* The inputs of the installed CPUs and of the system: the others stay zero. */
static void copy_inputs(cpumf_sys_in *dst, const cpumf_sys_in *src, unsigned ncpu)
{
    const size_t sys = offsetof(cpumf_sys_in, sigp_mt_valid);
    memcpy(dst->cpu, src->cpu, ncpu * sizeof src->cpu[0]);
    memcpy((char *)dst + sys, (const char *)src + sys, sizeof *src - sys);
}

/* The model's registers of history entries [lo, nhist) into rows: replayed
 * on the model's inputs from the newest copy taken at or before entry lo.
 * The copy is used up: nothing is compared after the report. */
static void replay_rows(cosim_ctx *c, uint64_t lo)
{
    unsigned k = c->snap_at[1] <= lo && (c->snap_at[0] > lo || c->snap_at[1] > c->snap_at[0]);
    cpumf_sys *s = c->snap[k];
    cpumf_sys_out out;
    for (uint64_t e = c->snap_at[k]; e < c->nhist; e++) {
        cpumf_eval(s, &c->hist[e % c->rcap].in, &out);
        if (e >= lo)
            cpumf_observe(s, &c->rows[e - lo]);
        cpumf_commit(s);
    }
}

static void report_history(cosim_ctx *c, uint64_t cycle)
{
    cell *in = &c->cell_in, *chg = &c->cell_chg;
    FILE *f = c->info.report;
    unsigned want = c->hcap - 1;
    uint64_t n = c->nhist < want ? c->nhist : want;
    uint64_t first = c->nhist - n, lo = first > 0 ? first - 1 : 0;
    char num[24];
    replay_rows(c, lo);
    /* The replay ends where the run is, unless the copies miss some state. */
    if (memcmp(&c->rows[c->nhist - 1 - lo], &c->mobs, sizeof c->mobs))
        fprintf(f, "(the model's registers below are replayed from a copy of the model, and "
                   "the replay\nends elsewhere than the run: cpumf_copy_state misses some "
                   "state)\n");
    table t = {f, snprintf(num, sizeof num, "%" PRIu64, cycle), 6};
    if (t.wcyc < 5)
        t.wcyc = 5;
    /* The inputs column is as wide as the widest row needs, up to IN_WIDTH_MAX. */
    for (uint64_t k = first; k < c->nhist; k++) {
        const hist_entry *h = &c->hist[k % c->rcap];
        for (unsigned i = 0; i < c->cfg->n_cpus; i++) {
            cell_clear(in);
            cpu_inputs(in, &h->in.cpu[i]);
            size_t w =
                in->len ? in->len - 1 : 0; /* items joined by one space, the last '\n' dropped */
            if (w > t.win)
                t.win = w > IN_WIDTH_MAX ? IN_WIDTH_MAX : (unsigned)w;
        }
    }
    fprintf(f,
            "last %" PRIu64
            " cycles: inputs applied to the RTL (the model's storage inputs come from its own\n"
            "storage); state changes: the model's registers that differ from the cycle before\n"
            "(in cycle %" PRIu64 " with the RTL's value where it differs from the model's):\n",
            n, cycle);
    fprintf(f, "  %*s  %-6s  %-*s  %s\n", t.wcyc, "cycle", "cpu", (int)t.win, "inputs",
            "state changes");
    for (uint64_t k = first; k < c->nhist; k++) {
        const hist_entry *h = &c->hist[k % c->rcap];
        const cpumf_obs *obs = &c->rows[k - lo];
        /* There is one row more than is shown; only the very first cycle of
         * the run has no predecessor (it is compared with itself). */
        const cpumf_obs *prev = k > 0 ? obs - 1 : obs;
        const cpumf_obs *rtl = k + 1 == c->nhist ? &c->robs : obs;
        for (unsigned i = 0; i < c->cfg->n_cpus; i++) {
            char who[16];
            cell_clear(in);
            cell_clear(chg);
            cpu_inputs(in, &h->in.cpu[i]);
            visit_cpu(c->cfg, i, obs, prev, rtl, change_reg, chg);
            snprintf(who, sizeof who, "cpu%u", i);
            print_row(&t, h->cycle, who, in, chg);
        }
        cell_clear(in);
        cell_clear(chg);
        system_inputs(in, &h->in);
        visit_system(c->cfg, obs, prev, rtl, change_reg, chg);
        if (in->len || chg->len)
            print_row(&t, h->cycle, "system", in, chg);
    }
}

static void report_context(cosim_ctx *c, uint64_t cycle)
{
    FILE *f = c->info.report;
    if (c->ndiff > MAX_DIFFS)
        fprintf(f, "  ... and %u more differences in this cycle\n", c->ndiff - MAX_DIFFS);
    report_history(c, cycle);
    uint64_t from = cycle > WAVE_BEFORE ? cycle - WAVE_BEFORE : 0;
    fprintf(f, "reproduce with waves:\n  %s %s --seed %" PRIu64, c->info.program,
            c->info.scenario_path, c->info.seed);
    if (c->info.system)
        fprintf(f, " --system %s", c->info.system);
    if (c->info.cycles)
        fprintf(f, " --cycles %" PRIu64, c->info.cycles);
    if (c->info.configs_dir)
        fprintf(f, " --configs %s", c->info.configs_dir);
    fprintf(f, " --waves waves/mismatch.fst --wave-from %" PRIu64 " --wave-to %" PRIu64 "%s%s\n",
            from, cycle + WAVE_AFTER, c->info.plusargs && *c->info.plusargs ? " " : "",
            c->info.plusargs ? c->info.plusargs : "");
}

/* The model's side of a cycle up to its outputs and registers, which the
 * waves show. */
static void model_eval(cosim_ctx *c, uint64_t cycle, const cpumf_sys_in *in)
{
    cpumf_eval(c->model, in, &c->mout);
    if (tb_rtl_tracing(c->rtl, cycle)) {
        cpumf_observe(c->model, &c->mobs);
        tb_rtl_mirror(c->rtl, &c->mout, &c->mobs);
    } else {
        cpumf_observe_regs(c->model, &c->mobs); /* the counters are compared in place */
    }
}

/* A cycle after the first difference, which the runner goes on to for the
 * waves only: the two sides are apart and are not compared, and the model's
 * storage answers the model. */
static void apart_eval(cosim_ctx *c, uint64_t cycle, const cpumf_sys_in *in, cpumf_sys_out *out)
{
    copy_inputs(&c->min, in, c->cfg->n_cpus);
    tb_storage_inputs(c->mstor, cycle, &c->min);
    model_eval(c, cycle, &c->min);
    tb_rtl_eval(c->rtl, cycle, in, out);
    tb_storage_clock(c->mstor, cycle, &c->mout);
}

/* Until the first difference the storage requests of the two sides are the
 * same in every cycle (they are compared), so a storage of the model's own
 * would answer as the runner's does: the model gets the RTL's inputs. */
static int cosim_eval(void *ctx, uint64_t cycle, const cpumf_sys_in *in, cpumf_sys_out *out)
{
    cosim_ctx *c = (cosim_ctx *)ctx;
    hist_entry *h = &c->hist[c->nhist % c->rcap];
    const uint64_t *ctr[CPUMF_MAX_CPUS];
    if (c->mismatch != UINT64_MAX) {
        apart_eval(c, cycle, in, out);
        return 0;
    }
    if (c->nhist % c->snap_every == 0) {
        unsigned k = (unsigned)(c->nhist / c->snap_every % 2);
        /* cannot fail: the copies are clones of the model */
        cpumf_copy_state(c->snap[k], c->model);
        c->snap_at[k] = c->nhist;
    }
    h->cycle = cycle;
    copy_inputs(&h->in, in, c->cfg->n_cpus);
    c->nhist++;
    model_eval(c, cycle, &h->in);
    tb_rtl_eval(c->rtl, cycle, in, out);

    c->ndiff = 0;
    compare_outputs(c, cycle, out, &c->mout);
    for (unsigned i = 0; i < c->cfg->n_cpus; i++)
        ctr[i] = cpumf_counter_slots(c->model, i);
    /* The registers are read out and walked only when something differs. */
    if (c->ndiff || !tb_rtl_state_equal(c->rtl, &c->mobs, ctr)) {
        cpumf_observe(c->model, &c->mobs);
        tb_rtl_observe(c->rtl, &c->robs);
        compare_state(c, cycle, &c->robs, &c->mobs);
    }
    if (!c->ndiff)
        return 0;
    c->mismatch = cycle;
    /* the runner's storage has answered this cycle and not yet seen its edge */
    c->mstor = tb_storage_clone(c->rstor);
    report_context(c, cycle);
    return 1;
}

static void cosim_commit(void *ctx)
{
    cosim_ctx *c = (cosim_ctx *)ctx;
    cpumf_commit(c->model);
    tb_rtl_commit(c->rtl);
}

static void cosim_observe(void *ctx, cpumf_obs *obs)
{
    cosim_ctx *c = (cosim_ctx *)ctx;
    tb_rtl_observe(c->rtl, obs);
}

static void cosim_attach_storage(void *ctx, const tb_storage *initial)
{
    cosim_ctx *c = (cosim_ctx *)ctx;
    c->rstor = initial;
}

static void cosim_mem_write(void *ctx, uint64_t addr, const uint8_t *buf, size_t len)
{
    cosim_ctx *c = (cosim_ctx *)ctx;
    if (c->mstor)
        tb_storage_write_bytes(c->mstor, addr, buf, len);
}

static void cosim_destroy(void *ctx)
{
    cosim_ctx *c = (cosim_ctx *)ctx;
    if (c->mstor)
        tb_storage_destroy(c->mstor);
    cpumf_destroy(c->snap[0]);
    cpumf_destroy(c->snap[1]);
    free(c->rows);
    free(c->hist);
    free(c);
}

static int cosim_failed(void *ctx)
{
    return tb_rtl_assert_failed(((const cosim_ctx *)ctx)->rtl);
}

tb_backend tb_cosim_backend(cpumf_sys *model, tb_rtl *rtl, const tb_cosim_info *info)
{
    cosim_ctx *c = (cosim_ctx *)calloc(1, sizeof *c);
    tb_backend be;
    memset(&be, 0, sizeof be);
    if (!c)
        return be;
    c->hcap = (info->history ? info->history : TB_COSIM_HISTORY) + 1;
    /* With snap_every >= hcap - 1 a copy at or before the row before the
     * table's first is always among the last 2 * snap_every entries. */
    c->snap_every = c->hcap > SNAP_MIN ? c->hcap : SNAP_MIN;
    c->rcap = 2 * c->snap_every;
    c->snap_at[0] = c->snap_at[1] = UINT64_MAX;
    /* calloc: the entries of CPUs that are not installed stay zero. */
    c->hist = (hist_entry *)calloc(c->rcap, sizeof *c->hist);
    c->rows = (cpumf_obs *)calloc(c->hcap, sizeof *c->rows);
    c->snap[0] = cpumf_clone(model);
    c->snap[1] = cpumf_clone(model);
    if (!c->hist || !c->rows || !c->snap[0] || !c->snap[1]) {
        cosim_destroy(c);
        return be;
    }
    c->model = model;
    c->rtl = rtl;
    c->info = *info;
    c->cfg = cpumf_config(model);
    c->mismatch = UINT64_MAX;
    be.ctx = c;
    be.eval = cosim_eval;
    be.commit = cosim_commit;
    be.observe = cosim_observe;
    be.attach_storage = cosim_attach_storage;
    be.destroy = cosim_destroy;
    be.mem_write = cosim_mem_write;
    be.quiet_cycles = NULL; /* the lockstep steps every cycle */
    be.advance = NULL;
    be.model = model;
    be.failed = cosim_failed;
    return be;
}

/* ---- the RTL alone (for the bench) ------------------------------------------ */
static int rtl_only_eval(void *ctx, uint64_t cycle, const cpumf_sys_in *in, cpumf_sys_out *out)
{
    tb_rtl_eval((tb_rtl *)ctx, cycle, in, out);
    return 0;
}
static void rtl_only_commit(void *ctx)
{
    tb_rtl_commit((tb_rtl *)ctx);
}
static void rtl_only_observe(void *ctx, cpumf_obs *obs)
{
    tb_rtl_observe((tb_rtl *)ctx, obs);
}
static int rtl_only_failed(void *ctx)
{
    return tb_rtl_assert_failed((const tb_rtl *)ctx);
}
static void rtl_only_destroy(void *ctx)
{
    (void)ctx;
}

tb_backend tb_rtl_backend(tb_rtl *rtl)
{
    tb_backend be = {.ctx = rtl,
                     .eval = rtl_only_eval,
                     .commit = rtl_only_commit,
                     .observe = rtl_only_observe,
                     .destroy = rtl_only_destroy,
                     .failed = rtl_only_failed};
    return be;
}
