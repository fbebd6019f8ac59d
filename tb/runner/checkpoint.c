/* SPDX-License-Identifier: Apache-2.0 */
/*
 * checkpoint.c - a run's whole state in a file, and the run continued from
 * it (cpumf-sim --checkpoint FILE --checkpoint-every N, --restore FILE;
 * docs/scenario-format.md section 1).
 *
 * Between two cycles everything a run depends on is: the model's state
 * (cpumf_save_state), the storage (its pages and the responses in flight),
 * each CPU's workload and event streams, the runner's own (the steps' and
 * drivers' instructions so far, the inputs held from cycle to cycle, the
 * interruptions, the failures, each CPU's queue and port), and each sampler
 * driver's state with its .SMP file so far.  The scenario itself is read
 * again by the restored run, which must name the same one: the checkpoint
 * holds a digest of its text, its effective seed, cycles and steps.  The
 * registers the drivers' interval check reads are observed again from the
 * restored model, which is what they were.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shared/ckpt.h"
#include "runner_int.h"
#include "xalloc.h"

#define CKPT_MAGIC 0x31544b4346504d43ull /* "CMPFCKT1" */
#define CKPT_MAX   (64ull << 30)         /* a file larger than this is not read */
#define CYCLE_MARK "{cycle}"

/* FNV-1a (a digest to tell runs apart, not a guard against forgery). */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* Which run this is: the scenario's text, the effective seed and cycles,
 * and what the steps became (the random generators expand from the seed). */
static uint64_t run_digest(const run_ctx *r, uint64_t cycles)
{
    const tb_scenario *sc = r->sc;
    uint64_t h = 0xcbf29ce484222325ull;
    FILE *f = fopen(sc->path, "rb");
    char buf[65536];
    size_t n;
    while (f && (n = fread(buf, 1, sizeof buf, f)) > 0)
        h = fnv(h, buf, n);
    if (f)
        fclose(f);
    h = fnv(h, &sc->seed, sizeof sc->seed);
    h = fnv(h, &cycles, sizeof cycles);
    h = fnv(h, sc->system.name, strlen(sc->system.name));
    for (uint32_t i = 0; i < sc->n_steps; i++) {
        const tb_step *st = &sc->steps[i];
        uint64_t v[6] = {st->at, st->kind, st->cpu, st->op, st->r2, st->addr};
        h = fnv(h, v, sizeof v);
    }
    return fnv(h, &sc->n_drivers, sizeof sc->n_drivers);
}

/* The sizes of the bench's parts written as they are in memory: a build that
 * lays them out otherwise does not read the file. */
static uint64_t layout(void)
{
    uint64_t v[] = {sizeof(step_res),        sizeof(intr_rec),      sizeof(drv_rec),
                    sizeof(cpu_rt),          sizeof(cpumf_sys_in),  sizeof(cpumf_sys_out),
                    sizeof(tb_workload_cpu), sizeof(tb_run_summary)};
    return fnv(0xcbf29ce484222325ull, v, sizeof v);
}

/* opt->checkpoint with {cycle} replaced by t: a file per checkpoint. */
static char *ckpt_path(const char *pattern, uint64_t t)
{
    const char *m = strstr(pattern, CYCLE_MARK);
    size_t n = strlen(pattern) + 24;
    char *p = xmalloc(n);
    if (m)
        snprintf(p, n, "%.*s%" PRIu64 "%s", (int)(m - pattern), pattern, t, m + strlen(CYCLE_MARK));
    else
        snprintf(p, n, "%s", pattern);
    return p;
}

static void save_runner(const run_ctx *r, tb_ckw *w, const tb_run_summary *sum)
{
    tb_ckw_put(w, r->res, r->sc->n_steps * sizeof *r->res);
    tb_ckw_block(w, r->intr, r->n_intr * sizeof *r->intr);
    tb_ckw_block(w, r->drec, r->n_drec * sizeof *r->drec);
    tb_ckw_u64(w, r->n_fail);
    for (uint32_t i = 0; i < r->n_fail; i++)
        tb_ckw_block(w, r->fail[i], strlen(r->fail[i]));
    for (unsigned c = 0; c < r->ncpu; c++) {
        tb_ckw_put(w, &r->rt[c], sizeof r->rt[c]);
        tb_ckw_block(w, r->rt[c].dq, r->rt[c].dqn * sizeof *r->rt[c].dq);
    }
    tb_ckw_put(w, r->in, sizeof *r->in);
    tb_ckw_put(w, r->out, sizeof *r->out);
    tb_ckw_put(w, r->wl->cpu, r->ncpu * sizeof r->wl->cpu[0]);
    tb_ckw_put(w, sum, sizeof *sum);
    uint64_t v[4] = {(uint64_t)r->apart, r->op, r->now, r->rel_due};
    tb_ckw_put(w, v, sizeof v);
}

int rn_checkpoint_save(run_ctx *r, uint64_t t, const tb_run_summary *sum)
{
    const tb_options *opt = r->opt;
    uint64_t cycles = opt->has_cycles ? opt->cycles : r->sc->cycles;
    size_t n = cpumf_save_state(opt->state_model, NULL, 0);
    char *path = ckpt_path(opt->checkpoint, t), err[1400];
    tb_ckw w = {0};
    outfile o;
    int rc = 0;
    uint64_t head[5] = {CKPT_MAGIC, layout(), run_digest(r, cycles), t, n};
    tb_ckw_put(&w, head, sizeof head);
    cpumf_save_state(opt->state_model, tb_ckw_reserve(&w, n), n);
    tb_storage_save(r->stor, &w);
    save_runner(r, &w, sum);
    for (uint32_t i = 0; i < r->sc->n_drivers; i++)
        tb_sampler_save(r->smp[i], &w);
    if (outfile_open(&o, path, err, sizeof err) != 0) {
        rc = -1;
    } else {
        fwrite(w.p, 1, w.len, o.f); /* a short write fails the commit */
        rc = outfile_commit(&o, err, sizeof err);
    }
    if (rc)
        fprintf(stderr, "cpumf: checkpoint at cycle %" PRIu64 ": %s\n", t, err);
    free(w.p);
    free(path);
    return rc;
}

/* A counted array of elem-sized items into a buffer of its own (*p), *n of
 * them; 0, or -1 when the bytes are short or not whole items. */
static int load_array(tb_ckr *rd, void **p, size_t elem, size_t *n)
{
    size_t len;
    const uint8_t *b = tb_ckr_block(rd, &len);
    if (!b || len % elem)
        return -1;
    *n = len / elem;
    *p = xmalloc(len + elem);
    memcpy(*p, b, len);
    return 0;
}

static int load_runner(run_ctx *r, tb_ckr *rd, tb_run_summary *sum)
{
    size_t n, len;
    void *p;
    tb_ckr_get(rd, r->res, r->sc->n_steps * sizeof *r->res);
    if (load_array(rd, &p, sizeof *r->intr, &n) != 0)
        return -1;
    free(r->intr);
    r->intr = p;
    r->n_intr = r->cap_intr = n;
    if (load_array(rd, &p, sizeof *r->drec, &n) != 0)
        return -1;
    free(r->drec);
    r->drec = p;
    r->n_drec = r->cap_drec = (uint32_t)n;
    uint64_t nfail = tb_ckr_u64(rd);
    for (uint64_t i = 0; i < nfail && !rd->bad; i++) {
        const uint8_t *b = tb_ckr_block(rd, &len);
        char *msg = b ? xmalloc(len + 1) : NULL;
        if (!msg)
            return -1;
        memcpy(msg, b, len);
        msg[len] = '\0';
        if (r->n_fail == r->cap_fail) {
            r->cap_fail = r->cap_fail ? r->cap_fail * 2 : 16;
            r->fail = xrealloc(r->fail, r->cap_fail * sizeof *r->fail);
        }
        r->fail[r->n_fail++] = msg;
    }
    for (unsigned c = 0; c < r->ncpu && !rd->bad; c++) {
        cpu_rt own = r->rt[c]; /* its instruction queue is the scenario's */
        tb_ckr_get(rd, &r->rt[c], sizeof r->rt[c]);
        r->rt[c].q = own.q;
        free(own.dq);
        r->rt[c].dq = NULL;
        if (load_array(rd, &p, sizeof *r->rt[c].dq, &n) != 0 || n != r->rt[c].dqn)
            return -1;
        r->rt[c].dq = p;
        r->rt[c].dqcap = (uint32_t)n;
    }
    tb_ckr_get(rd, r->in, sizeof *r->in);
    tb_ckr_get(rd, r->out, sizeof *r->out);
    tb_ckr_get(rd, r->wl->cpu, r->ncpu * sizeof r->wl->cpu[0]);
    tb_ckr_get(rd, sum, sizeof *sum);
    uint64_t v[4];
    if (tb_ckr_get(rd, v, sizeof v) != 0)
        return -1;
    r->apart = (int)v[0];
    r->op = (uint32_t)v[1];
    r->now = v[2];
    r->rel_due = (uint8_t)v[3];
    return 0;
}

/* "cpu0: an instruction in flight, cpu1: a sample-data update in progress"
 * (what a test looks for), or "between events". */
static void describe(const run_ctx *r, char *buf, size_t len)
{
    size_t at = 0;
    r->be->observe(r->be->ctx, r->obs);
    buf[0] = '\0';
    for (unsigned c = 0; c < r->ncpu && at < len; c++) {
        if (r->rt[c].busy)
            at += (size_t)snprintf(buf + at, len - at, "%scpu%u: an instruction in flight",
                                   at ? ", " : "", c);
        if (at < len && r->obs->cpu[c].sf_update.state_q != CPUMF_US_IDLE)
            at += (size_t)snprintf(buf + at, len - at, "%scpu%u: a sample-data update in progress",
                                   at ? ", " : "", c);
    }
    if (!at)
        snprintf(buf, len, "between events");
}

int rn_checkpoint_restore(run_ctx *r, uint64_t *t, tb_run_summary *sum)
{
    const tb_options *opt = r->opt;
    uint64_t cycles = opt->has_cycles ? opt->cycles : r->sc->cycles, head[5];
    char *text = NULL, err[256] = "";
    size_t len = 0;
    FILE *f = fopen(opt->restore, "rb");
    int rc = -1;
    if (f && fseek(f, 0, SEEK_END) == 0) {
        long sz = ftell(f);
        len = sz > 0 && (uint64_t)sz <= CKPT_MAX ? (size_t)sz : 0;
        text = xmalloc(len + 1);
        if (fseek(f, 0, SEEK_SET) != 0 || fread(text, 1, len, f) != len)
            len = 0;
    }
    if (f)
        fclose(f);
    tb_ckr rd = {(const uint8_t *)text, len, 0, 0};
    if (!f)
        snprintf(err, sizeof err, "cannot read it");
    else if (tb_ckr_get(&rd, head, sizeof head) != 0 || head[0] != CKPT_MAGIC)
        snprintf(err, sizeof err, "not a checkpoint of cpumf-sim");
    else if (head[1] != layout())
        snprintf(err, sizeof err, "written by another build");
    else if (head[2] != run_digest(r, cycles))
        snprintf(err, sizeof err, "a checkpoint of another run (scenario, seed or cycles)");
    else if (head[3] >= cycles)
        snprintf(err, sizeof err, "at cycle %" PRIu64 ", past the run's end", head[3]);
    else if (head[4] > len - rd.at)
        rc = -1; /* truncated */
    else if (cpumf_restore_state(opt->state_model, text + rd.at, (size_t)head[4]) != 0)
        snprintf(err, sizeof err, "the model's state: %s", cpumf_last_error(opt->state_model));
    else
        rc = 0;
    rd.at += rc ? 0 : (size_t)head[4];
    if (!rc && (tb_storage_load(r->stor, &rd) != 0 || load_runner(r, &rd, sum) != 0))
        rc = -1;
    for (uint32_t i = 0; !rc && i < r->sc->n_drivers; i++)
        rc = tb_sampler_load(r->smp[i], &rd, err, sizeof err);
    if (!rc && rd.at != rd.len)
        rc = -1;
    if (rc && !*err)
        snprintf(err, sizeof err, "truncated or damaged");
    if (rc) {
        fprintf(stderr, "%s: --restore: %s\n", opt->restore, err);
    } else {
        *t = head[3];
        if (r->any_chk)
            r->be->observe(r->be->ctx, r->chk);
        describe(r, err, sizeof err);
        if (!opt->quiet)
            fprintf(stderr, "%s: restored from %s at cycle %" PRIu64 " (%s)\n", r->sc->name,
                    opt->restore, *t, err);
    }
    free(text);
    return rc ? -1 : 0;
}
