/* SPDX-License-Identifier: Apache-2.0 */
/*
 * results.c - the results JSON of a run (--results; the format is in
 * docs/scenario-format.md), one function per section, and the model's
 * functional coverage (--fcov), into files the runner opened before the
 * first cycle.  The same run gives the same bytes.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_strict.h"
#include "runner_int.h"
#include "xalloc.h"

/* A JSON string; bytes that are not UTF-8 (a path from the command line)
 * become U+FFFD, so that the file stays valid JSON text. */
static void json_str(FILE *f, const char *s)
{
    size_t left = strlen(s);
    fputc('"', f);
    while (left) {
        unsigned char ch = (unsigned char)*s;
        size_t n = jdoc_utf8_seq(s, left);
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(f, "\\u%04x", ch);
        else if (n)
            fwrite(s, 1, n, f);
        else
            fputs("\\ufffd", f);
        n = n ? n : 1;
        s += n;
        left -= n;
    }
    fputc('"', f);
}

/* The end of a list of n entries, each on its own line. */
static void close_list(FILE *f, size_t n)
{
    fprintf(f, "%s]", n ? "\n  " : "");
}

static void write_head(FILE *f, const run_ctx *r, uint64_t cycles, int passed)
{
    const tb_scenario *sc = r->sc;
    uint32_t i;
    fprintf(f, "{\n  \"scenario\": ");
    json_str(f, sc->name);
    fprintf(f, ", \"seed\": %" PRIu64 ", \"cycles\": %" PRIu64 ",\n  \"passed\": %s,\n", sc->seed,
            cycles, passed ? "true" : "false");
    fprintf(f, "  \"system\": ");
    json_str(f, sc->system.name);
    fprintf(f, ", \"workload\": ");
    json_str(f, sc->workload.name);
    fprintf(f, ",\n  \"requirements\": [");
    for (i = 0; i < sc->n_req; i++) {
        fprintf(f, i ? ", " : "");
        json_str(f, sc->req[i]);
    }
    fprintf(f, "],\n  ");
}

/* Instructions accepted, completed, and completed with an exception. */
typedef struct insn_counts {
    uint64_t issued, done, excs;
} insn_counts;

/* "done", "cc", "exception" of a completed instruction (then ", " if more). */
static void write_outcome(FILE *f, unsigned op, unsigned cc, unsigned exc, const char *more)
{
    if (rn_cc_unchanged(op) || exc)
        fprintf(f, "\"cc\": null, ");
    else
        fprintf(f, "\"cc\": %u, ", cc);
    if (exc)
        fprintf(f, "\"exception\": \"%s\"%s", rn_exc_str(exc), more);
    else
        fprintf(f, "\"exception\": null%s", more);
}

static void write_steps(FILE *f, const run_ctx *r, insn_counts *n)
{
    const tb_scenario *sc = r->sc;
    uint32_t i, listed = 0;
    fprintf(f, "\"steps\": [");
    for (i = 0; i < sc->n_steps; i++) {
        const tb_step *st = &sc->steps[i];
        const step_res *x = &r->res[i];
        if (st->kind != TB_STEP_INSN)
            continue;
        fprintf(f, "%s\n    {\"index\": %u, \"cpu\": %u, \"insn\": \"%s\", ", listed++ ? "," : "",
                i, st->cpu, tb_op_name(st->op));
        n->issued += x->issued_ok;
        if (x->issued_ok)
            fprintf(f, "\"issued\": %" PRIu64 ", ", x->issued);
        else
            fprintf(f, "\"issued\": null, ");
        if (x->done_ok) {
            n->done++;
            n->excs += x->exc != 0;
            fprintf(f, "\"done\": %" PRIu64 ", ", x->done);
            write_outcome(f, st->op, x->cc, x->exc, ", ");
            fprintf(f, "\"r1\": \"0x%016" PRIx64 "\", ", x->r1);
        } else {
            fprintf(f, "\"done\": null, \"cc\": null, \"exception\": null, \"r1\": null, ");
        }
        fprintf(f, "\"ok\": %s}", x->ok ? "true" : "false");
    }
    close_list(f, listed);
}

static void write_driver_steps(FILE *f, const run_ctx *r)
{
    uint32_t i;
    fprintf(f, ",\n  \"driver_steps\": [");
    for (i = 0; i < r->n_drec; i++) {
        const drv_rec *d = &r->drec[i];
        fprintf(f,
                "%s\n    {\"driver\": %u, \"cpu\": %u, \"insn\": \"%s\", \"action\": \"%s\", "
                "\"addr\": \"0x%" PRIx64 "\", \"queued\": %" PRIu64 ", ",
                i ? "," : "", d->drv, d->cpu, tb_op_name(d->op), tb_sampler_tag_name(d->tag),
                d->addr, d->queued);
        if (d->issued_ok)
            fprintf(f, "\"issued\": %" PRIu64 ", ", d->issued);
        else
            fprintf(f, "\"issued\": null, ");
        if (d->done_ok) {
            fprintf(f, "\"done\": %" PRIu64 ", ", d->done);
            write_outcome(f, d->op, d->cc, d->exc, "}");
        } else {
            fprintf(f, "\"done\": null, \"cc\": null, \"exception\": null}");
        }
    }
    close_list(f, r->n_drec);
}

static void write_driver(FILE *f, const run_ctx *r, uint32_t i)
{
    const tb_driver *dv = &r->sc->drivers[i];
    tb_sampler_stats st;
    tb_sampler_get_stats(r->smp[i], &st);
    fprintf(f,
            "%s\n    {\"index\": %u, \"cpu\": %u, \"kind\": \"sampler\", \"state\": \"%s\", "
            "\"interval\": \"0x%" PRIx64 "\", \"qsi_min\": \"0x%" PRIx64 "\", "
            "\"qsi_max\": \"0x%" PRIx64 "\", \"bsdes\": %u, \"dsdes\": %u, \"entry_size\": %u, "
            "\"sdbs\": %u, \"tables\": %u, \"first_table\": \"0x%" PRIx64 "\", "
            "\"first_sdb\": \"0x%" PRIx64 "\", \"control\": \"0x%" PRIx64 "\",\n",
            i ? "," : "", i, dv->cpu, st.state, st.interval, st.min_interval, st.max_interval,
            st.bsdes, st.dsdes, st.entry_size, dv->sdbs, dv->n_tables, dv->table[0], dv->sdb[0],
            dv->ctl);
    fprintf(f,
            "     \"samples_read\": %" PRIu64 ", \"invalid\": %" PRIu64 ", \"lost\": %" PRIu64
            ", \"blocks\": %" PRIu64 ", \"drained\": %" PRIu64 ", \"cas_retries\": %" PRIu64
            ", \"alerts\": "
            "{\"program_request\": %" PRIu64 ", \"invalid_entry\": %" PRIu64
            ", \"incorrect_sdbt\": %" PRIu64 ", \"loss\": %" PRIu64 ", \"authorization\": %" PRIu64
            "}, \"saved_tear\": \"0x%" PRIx64 "\", \"saved_dear\": \"0x%" PRIx64 "\", ",
            st.samples_read, st.invalid, st.lost, st.blocks, st.drained, st.cas_retries,
            st.alerts[TB_AL_PROGRAM_REQUEST], st.alerts[TB_AL_INVALID_ENTRY],
            st.alerts[TB_AL_INCORRECT_SDBT], st.alerts[TB_AL_LOSS], st.alerts[TB_AL_AUTH],
            st.saved_tear, st.saved_dear);
    /* what an HIS file does not hold (docs/scenario-format.md section 10) */
    fprintf(f,
            "\"smp_buffers\": %" PRIu64 ", \"control_program\": \"%s\", \"cpu_address\": "
            "\"0x%04x\", \"cpu_speed\": %u, \"functions\": [\"basic\"%s], \"buffer\": \"%s\", "
            "\"tod_start\": \"0x%016" PRIx64 "\",\n     \"smp\": ",
            st.smp_buffers, dv->zos ? "zos" : "linux", r->sc->system.cpu_addr[dv->cpu],
            st.cpu_speed, (dv->functions & CPUMF_SF_DIAG) ? ", \"diagnostic\"" : "",
            dv->big ? "1m" : "4k", st.tod_start);
    if (st.smp_path[0]) {
        /* the name within --smp-dir, so that results do not depend on where they were written */
        const char *base = strrchr(st.smp_path, '/');
        json_str(f, base ? base + 1 : st.smp_path);
    } else {
        fprintf(f, "null");
    }
    fprintf(f, "}");
}

static void write_drivers(FILE *f, const run_ctx *r)
{
    uint32_t i;
    fprintf(f, ",\n  \"drivers\": [");
    for (i = 0; i < r->sc->n_drivers; i++)
        write_driver(f, r, i);
    close_list(f, r->sc->n_drivers);
}

static void write_interruptions(FILE *f, const run_ctx *r)
{
    size_t i;
    fprintf(f, ",\n  \"interruptions\": [");
    for (i = 0; i < r->n_intr; i++)
        fprintf(f,
                "%s\n    {\"cpu\": %u, \"cycle\": %" PRIu64 ", \"code\": \"0x1407\", "
                "\"param\": \"0x%08x\"}",
                i ? "," : "", r->intr[i].cpu, r->intr[i].cycle, r->intr[i].param);
    close_list(f, r->n_intr);
}

static const char *state_name(int a, int e, int c)
{
    return rn_state_names[rn_state_code(a, e, c)];
}

/* The state of sampling function mask in set `set` of CPU co. */
static const char *sf_state(const cpumf_cpu_obs *co, unsigned set, uint8_t mask)
{
    tb_obs_set x = tb_obs_set_of(co, set);
    return state_name(co->sf_ctrl.a_q & mask, x.e & mask, x.c & mask);
}

/* Whether CPU c's results show its VM level's set (docs/uarch.md section
 * 22): on a VM-level system, or when that set was used; otherwise results keep
 * the shape they had before the set existed. */
static int show_vm_set(const run_ctx *r, unsigned c)
{
    const cpumf_cpu_obs *co = &r->obs->cpu[c];
    uint64_t v[4], rd, lost;
    rn_set_counts(co, 1, v);
    rn_sampler_counts(r, c, 1, &rd, &lost);
    return r->sc->system.level == CPUMF_LEVEL_VM ||
           (v[0] | v[1] | v[2] | v[3] | rd | lost | co->sf_ctrl.e_vm_q) != 0;
}

/* The states and registers of CPU c. */
static void write_cpu_state(FILE *f, const run_ctx *r, unsigned c)
{
    const cpumf_obs *o = r->obs;
    const cpumf_cpu_obs *co = &o->cpu[c];
    unsigned k;
    fprintf(f, "%s\n      {\"counter_sets\": {", c ? "," : "");
    for (k = 0; k < 5; k++) {
        uint8_t m = rn_sets[k].mask;
        fprintf(f, "\"%s\": \"%s\", ", rn_sets[k].name,
                state_name(co->cf_state.a_q & m, co->cf_state.e_q & m, co->cf_state.c_q & m));
    }
    fprintf(f, "\"cg\": \"%s\"},\n",
            state_name(co->cf_state.cg_a_q && r->sc->system.model.has_cg, o->cf_global.g_e_q,
                       o->cf_global.g_c_q));
    fprintf(f, "       \"sampling\": {\"basic\": \"%s\", \"diagnostic\": \"%s\"},\n",
            sf_state(co, 0, CPUMF_SF_BASIC), sf_state(co, 0, CPUMF_SF_DIAG));
    fprintf(f,
            "       \"tear\": \"0x%016" PRIx64 "\", \"dear\": \"0x%016" PRIx64 "\", "
            "\"interval\": \"0x%016" PRIx64 "\", \"s\": %u, \"h\": %u,\n",
            co->sf_ctrl.tear_q, co->sf_ctrl.dear_q, co->sf_ctrl.interval_q, co->sf_ctrl.s_q,
            co->sf_ctrl.h_q);
    if (show_vm_set(r, c))
        fprintf(f,
                "       \"sampling_vm\": {\"basic\": \"%s\", \"diagnostic\": \"%s\"}, "
                "\"tear_vm\": \"0x%016" PRIx64 "\", \"dear_vm\": \"0x%016" PRIx64 "\",\n",
                sf_state(co, 1, CPUMF_SF_BASIC), sf_state(co, 1, CPUMF_SF_DIAG),
                co->sf_ctrl.tear_vm_q, co->sf_ctrl.dear_vm_q);
    fprintf(f,
            "       \"program_parameter\": \"0x%016" PRIx64 "\", \"program_parameter_vm\": "
            "\"0x%016" PRIx64 "\", \"alert_pending\": \"0x%08x\",\n",
            co->sf_ctrl.pp_q, co->sf_ctrl.pp_vm_q, co->mf_alert.pend_q);
}

/* The counter numbers the results list: 0-287, then 448 and 449. */
#define N_NUMBERS (288u + 2u)
static unsigned number_of(unsigned k)
{
    return k < 288u ? k : 448u + (k - 288u);
}

/* The sampling counts of set `set` of CPU c (docs/uarch.md section 22) and
 * what its driver of that level read and lost, as "samples" or "samples_vm". */
static void write_set_counts(FILE *f, const run_ctx *r, unsigned c, unsigned set)
{
    const cpu_rt *rt = &r->rt[c];
    uint64_t v[4], rd, lost;
    rn_set_counts(&r->obs->cpu[c], set, v);
    rn_sampler_counts(r, c, set, &rd, &lost);
    fprintf(f,
            ",\n       \"samples%s\": {\"stored\": %" PRIu64 ", \"overflow\": %" PRIu64
            ", \"collisions\": %" PRIu64 ", \"stopped\": %" PRIu64 ", \"read\": %" PRIu64
            ", \"lost\": %" PRIu64,
            set ? "_vm" : "", v[0], v[1], v[2], v[3], rd, lost);
    if (rt->drv[set] >= 0 && r->sc->drivers[rt->drv[set]].check_intervals)
        fprintf(f, ", \"due\": %" PRIu64, rt->chk_due[set]);
    fprintf(f, "}");
}

/* Every counter of CPU c that ECCTR would read, and its sampling counts (the
 * VM level's as show_vm_set says). */
static void write_cpu_counts(FILE *f, const run_ctx *r, unsigned c)
{
    unsigned k, listed = 0;
    fprintf(f, "       \"counters\": {");
    for (k = 0; k < N_NUMBERS; k++) {
        unsigned n = number_of(k);
        uint64_t v;
        if (!rn_readable(&r->sc->system, r->obs, c, n, &v))
            continue;
        fprintf(f, "%s\"%u\": \"0x%016" PRIx64 "\"", listed++ ? ", " : "", n, v);
    }
    fprintf(f, "}");
    write_set_counts(f, r, c, 0);
    if (show_vm_set(r, c))
        write_set_counts(f, r, c, 1);
    fprintf(f, "}");
}

/* [short name, perf name or null] of every counter a CPU's counters list. */
static void write_counter_names(FILE *f, const run_ctx *r)
{
    const cpumf_system_cfg *cfg = &r->sc->system;
    unsigned k, c, listed = 0;
    for (k = 0; k < N_NUMBERS; k++) {
        unsigned n = number_of(k);
        const char *perf = cpumf_counter_perf_name(&cfg->model, n);
        uint64_t v;
        for (c = 0; c < r->ncpu && !rn_readable(cfg, r->obs, c, n, &v); c++)
            ;
        if (c == r->ncpu)
            continue;
        fprintf(f, "%s\"%u\": [", listed++ ? ", " : "", n);
        json_str(f, cpumf_counter_name(&cfg->model, n));
        fprintf(f, ", ");
        if (perf[0])
            json_str(f, perf);
        else
            fprintf(f, "null");
        fprintf(f, "]");
    }
}

static void write_final(FILE *f, const run_ctx *r)
{
    const cpumf_system_cfg *cfg = &r->sc->system;
    const cpumf_obs *o = r->obs;
    unsigned c, k;
    fprintf(f, ",\n  \"final\": {\n    \"cpus\": [");
    for (c = 0; c < cfg->n_cpus; c++) {
        write_cpu_state(f, r, c);
        write_cpu_counts(f, r, c);
    }
    fprintf(f,
            "\n    ],\n    \"global\": {\"e\": %u, \"c\": %u, \"change\": %u, "
            "\"mt_enabled\": %u, \"cg_counters\": {",
            o->cf_global.g_e_q, o->cf_global.g_c_q, o->cf_global.change_q, o->cf_global.mt_en_q);
    for (c = 0; cfg->model.has_cg && c < cfg->n_cg && c < CPUMF_MAX_CGS; c++) {
        fprintf(f, "%s\"%u\": {", c ? ", " : "", c);
        for (k = 0; k < CPUMF_CG_NCTR; k++)
            fprintf(f, "%s\"%u\": \"0x%016" PRIx64 "\"", k ? ", " : "", k,
                    o->cf_global.cg_ctr_q[c][k]);
        fprintf(f, "}");
    }
    fprintf(f, "}},\n    \"counter_names\": {");
    write_counter_names(f, r);
    fprintf(f, "}\n  }");
}

/* The relations scenario expects, on every CPU at the end. */
static void write_relations(FILE *f, const run_ctx *r)
{
    const tb_scenario *sc = r->sc;
    unsigned c, listed = 0;
    uint32_t i;
    if (!sc->exp_rel)
        return;
    fprintf(f, ",\n  \"relations\": [");
    for (c = 0; c < r->ncpu; c++) {
        rn_rel_ctx x = {&sc->system, r->obs, c};
        for (i = 0; i < sc->rels.n; i++) {
            const tb_relation *rel = &sc->rels.r[i];
            uint64_t left, right;
            unsigned num;
            int ok;
            if (!((sc->exp_rel >> i) & 1u))
                continue;
            ok = tb_relation_eval(rel, &sc->system.model, rn_rel_get, &x, &left, &right, &num);
            fprintf(f, "%s\n    {\"cpu\": %u, \"name\": ", listed++ ? "," : "", c);
            json_str(f, rel->name);
            fprintf(f, ", \"relation\": ");
            json_str(f, rel->text);
            fprintf(f,
                    ", \"basis\": \"%s\", \"holds\": %s, \"left\": %" PRIu64 ", \"right\": %" PRIu64
                    "}",
                    tb_relation_basis_name(rel->basis),
                    ok < 0 ? "null"
                    : ok   ? "true"
                           : "false",
                    left, right);
        }
    }
    close_list(f, listed);
}

static void write_dumps(FILE *f, const run_ctx *r)
{
    const tb_scenario *sc = r->sc;
    uint32_t i;
    fprintf(f, ",\n  \"dumps\": [");
    for (i = 0; i < sc->n_dump; i++) {
        uint8_t *b = xmalloc(sc->dump[i].len);
        char *h = xmalloc(2 * sc->dump[i].len + 1);
        tb_storage_read_bytes(r->stor, sc->dump[i].addr, b, sc->dump[i].len);
        rn_hex_of(h, b, sc->dump[i].len);
        fprintf(f, "%s\n    {\"addr\": \"0x%" PRIx64 "\", \"hex\": \"%s\"}", i ? "," : "",
                sc->dump[i].addr, h);
        free(b);
        free(h);
    }
    close_list(f, sc->n_dump);
}

static void write_tail(FILE *f, const run_ctx *r, const insn_counts *n, const tb_run_summary *sum)
{
    tb_storage_stats ss;
    uint32_t i;
    tb_storage_get_stats(r->stor, &ss);
    fprintf(f,
            ",\n  \"stats\": {\"insns_issued\": %" PRIu64 ", \"insns_done\": %" PRIu64
            ", \"exceptions\": %" PRIu64 ", \"interruptions\": %zu, \"storage_reads\": %" PRIu64
            ", \"storage_writes\": %" PRIu64 ", \"storage_interlocked\": %" PRIu64
            ", \"storage_errors\": %" PRIu64 "},\n",
            n->issued, n->done, n->excs, r->n_intr, ss.reads, ss.writes, ss.interlocked, ss.errors);
    if (sum->mismatch)
        fprintf(f, "  \"mismatch\": {\"cycle\": %" PRIu64 "},\n", sum->mismatch_cycle);
    fprintf(f, "  \"failures\": [");
    for (i = 0; i < r->n_fail; i++) {
        fprintf(f, "%s\n    ", i ? "," : "");
        json_str(f, r->fail[i]);
    }
    close_list(f, r->n_fail);
    fprintf(f, "\n}\n");
}

void rn_write_results(const run_ctx *r, FILE *f, uint64_t cycles, const tb_run_summary *sum)
{
    insn_counts n = {0, 0, 0};
    write_head(f, r, cycles, r->n_fail == 0);
    write_steps(f, r, &n);
    write_driver_steps(f, r);
    write_drivers(f, r);
    write_interruptions(f, r);
    write_final(f, r);
    write_relations(f, r);
    write_dumps(f, r);
    write_tail(f, r, &n, sum);
}

void rn_write_fcov(FILE *f, const cpumf_sys *sys)
{
    unsigned i, n = cpumf_fcov_count();
    fprintf(f, "{\n  \"format\": 1,\n  \"bins\": {");
    for (i = 0; i < n; i++) {
        fprintf(f, "%s\n    ", i ? "," : "");
        json_str(f, cpumf_fcov_name(i));
        fprintf(f, ": %" PRIu64, cpumf_fcov_hits(sys, i));
    }
    fprintf(f, "\n  }\n}\n");
}
