/* cosim.c - lockstep comparison of the RTL and the C model, cycle by cycle.
 *
 * The RTL is the device under test: the runner's stimulus and storage react
 * to its outputs.  The model gets the same inputs, except the storage port,
 * which its own storage model (a clone of the runner's at cycle 0) answers.
 * On the first difference the report names the cycle, unit.register, both
 * values, the inputs of the last cycles and the command that reproduces the
 * failure with waves around it. */
#include "cosim.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "storage.h"

#define HISTORY 8       /* cycles of inputs kept for the report */
#define MAX_DIFFS 12    /* differences listed for the failing cycle */
#define WAVE_BEFORE 20  /* cycles of waves before the failing cycle */
#define WAVE_AFTER 5

typedef struct cosim_ctx {
    cpumf_sys *model;
    tb_rtl *rtl;
    tb_cosim_info info;
    tb_storage *mstor;
    const cpumf_system_cfg *cfg;
    cpumf_sys_in min;
    cpumf_sys_out mout;
    cpumf_obs robs, mobs;
    cpumf_sys_in hist[HISTORY];
    uint64_t hist_cycle[HISTORY];
    unsigned nhist;
    uint64_t mismatch;
    unsigned ndiff;
} cosim_ctx;

static void diff_u64(cosim_ctx *c, uint64_t cycle, const char *name, uint64_t rtl, uint64_t model, int width) {
    if (rtl == model) return;
    FILE *f = c->info.report;
    if (c->ndiff == 0) fprintf(f, "MISMATCH at cycle %" PRIu64 ": %s\n", cycle, name);
    if (c->ndiff < MAX_DIFFS)
        fprintf(f, "  %-44s rtl 0x%0*" PRIx64 "  model 0x%0*" PRIx64 "\n", name, width, rtl, width, model);
    c->ndiff++;
}

static void compare_outputs(cosim_ctx *c, uint64_t cycle, const cpumf_sys_out *r, const cpumf_sys_out *m) {
    char n[96];
    for (unsigned i = 0; i < c->cfg->n_cpus; i++) {
        const cpumf_cpu_out *a = &r->cpu[i], *b = &m->cpu[i];
#define OUT(field, unit, port, w)                                              \
    if (a->field != b->field) {                                                \
        snprintf(n, sizeof n, "cpu%u.%s.%s", i, unit, port);                   \
        diff_u64(c, cycle, n, a->field, b->field, w);                          \
    }
        OUT(insn_ready, "mf_insn", "insn_ready_o", 1);
        OUT(insn_done, "mf_insn", "insn_done_o", 1);
        OUT(cc, "mf_insn", "insn_cc_o", 1);
        OUT(exc, "mf_insn", "insn_exc_o", 2);
        OUT(r1, "mf_insn", "insn_r1_o", 16);
        OUT(stor_req_valid, "mf_insn", "stor_req_valid_o", 1);
        OUT(stor_req_we, "mf_insn", "stor_req_we_o", 1);
        OUT(stor_req_be, "mf_insn", "stor_req_be_o", 2);
        OUT(stor_req_addr, "mf_insn", "stor_req_addr_o", 16);
        OUT(stor_req_wdata, "mf_insn", "stor_req_wdata_o", 16);
        OUT(alert_req, "mf_alert", "alert_req_o", 1);
        OUT(alert_param, "mf_alert", "alert_param_o", 8);
#undef OUT
    }
}

static void compare_state(cosim_ctx *c, uint64_t cycle, const cpumf_obs *r, const cpumf_obs *m) {
    char n[96];
    const cpumf_model_cfg *mc = &c->cfg->model;
    for (unsigned i = 0; i < c->cfg->n_cpus; i++) {
        const cpumf_cpu_obs *a = &r->cpu[i], *b = &m->cpu[i];
#define REG(field, unit, reg, w)                                               \
    if (a->field != b->field) {                                                \
        snprintf(n, sizeof n, "cpu%u.%s.%s", i, unit, reg);                    \
        diff_u64(c, cycle, n, a->field, b->field, w);                          \
    }
        REG(cf_a, "cf_state", "a_q", 2);
        REG(cf_e, "cf_state", "e_q", 2);
        REG(cf_c, "cf_state", "c_q", 2);
        REG(cg_a, "cf_state", "cg_a_q", 1);
        REG(alert_pending, "mf_alert", "pend_q", 8);
        REG(insn_state, "mf_insn", "state_q", 1);
        REG(pp, "sf_ctrl", "pp_q", 16);
        REG(sf_a, "sf_ctrl", "a_q", 1);
        REG(sf_e, "sf_ctrl", "e_q", 1);
        REG(sf_c, "sf_ctrl", "c_q", 1);
        REG(sf_s, "sf_ctrl", "s_q", 1);
        REG(sf_h, "sf_ctrl", "h_q", 1);
        REG(interval, "sf_ctrl", "interval_q", 16);
        REG(tear, "sf_ctrl", "tear_q", 16);
        REG(dear, "sf_ctrl", "dear_q", 16);
        REG(int_cnt, "sf_interval", "cnt_q", 16);
        REG(int_sec, "sf_interval", "sec_q", 2);
        REG(int_sec_act, "sf_interval", "sec_act_q", 1);
        REG(lfsr, "sf_interval", "lfsr_q", 8);
        REG(collisions, "sf_interval", "coll_q", 16);
        REG(upd_state, "sf_update", "state_q", 1);
        REG(n_stored, "sf_update", "n_stored_q", 16);
        REG(n_overflow, "sf_update", "n_overflow_q", 16);
        REG(arb_own, "mf_cpu", "own_q", 1);
#undef REG
        if (memcmp(a->ctr, b->ctr, sizeof a->ctr) != 0) {
            for (unsigned s = 0; s < CPUMF_NSLOT; s++) {
                if (a->ctr[s] == b->ctr[s]) continue;
                unsigned num = cpumf_slot_counter(s);
                snprintf(n, sizeof n, "cpu%u.cf_counters.ctr_q[%u] (counter %u %s)", i, s, num,
                         cpumf_counter_name(mc, num));
                diff_u64(c, cycle, n, a->ctr[s], b->ctr[s], 16);
            }
        }
    }
    diff_u64(c, cycle, "cf_global.e_q", r->g_e, m->g_e, 1);
    diff_u64(c, cycle, "cf_global.c_q", r->g_c, m->g_c, 1);
    diff_u64(c, cycle, "cf_global.change_q", r->g_change, m->g_change, 1);
    diff_u64(c, cycle, "cf_global.mt_enabled_q", r->mt_enabled, m->mt_enabled, 1);
    for (unsigned g = 0; g < c->cfg->n_cg; g++)
        for (unsigned k = 0; k < CPUMF_CG_NCTR; k++) {
            if (r->cg_ctr[g][k] == m->cg_ctr[g][k]) continue;
            snprintf(n, sizeof n, "cf_global.cg_ctr_q[%u][%u]", g, k);
            diff_u64(c, cycle, n, r->cg_ctr[g][k], m->cg_ctr[g][k], 16);
        }
    unsigned ncores = c->cfg->n_cpus / c->cfg->threads_per_core;
    for (unsigned k = 0; k < ncores; k++)
        for (unsigned j = 0; j < 2; j++) {
            if (r->mt_ctr[k][j] == m->mt_ctr[k][j]) continue;
            snprintf(n, sizeof n, "cf_global.mt_ctr_q[%u][%u] (counter %u)", k, j, 448 + j);
            diff_u64(c, cycle, n, r->mt_ctr[k][j], m->mt_ctr[k][j], 16);
        }
}

/* The inputs of one CPU that are not zero, as name=value pairs. */
static void print_inputs(FILE *f, const cpumf_cpu_in *in) {
#define F(x) if (in->x) fprintf(f, " " #x "=0x%" PRIx64, (uint64_t)in->x)
    F(stopped); F(wait); F(problem); F(insns); F(l1i_dw); F(l1i_pen); F(l1d_dw); F(l1d_pen);
    F(cr_fn); F(cr_busy); F(cr_bfn); F(cr_bcyc); F(ext[0]); F(ext[1]); F(ext[2]); F(cr0_58);
    F(insn_valid); F(op); F(m3); F(insn_problem); F(cr0_15); F(r1); F(r2); F(addr);
    F(auth_set); F(auth_clr); F(sf_auth_set); F(sf_auth_clr); F(reset); F(loss_cpu); F(loss_mt);
    F(loss_sample); F(alert_taken); F(stor_req_ready); F(stor_rsp_valid); F(stor_rsp_err);
    F(stor_rsp_data); F(sf_lower_enabled); F(dat); F(as); F(asn); F(ia); F(uniq); F(uniq_count);
    F(level); F(secure_guest); F(pcf49); F(entry_inconsistent); F(diag);
#undef F
    fputc('\n', f);
}

static void report_context(cosim_ctx *c, uint64_t cycle) {
    FILE *f = c->info.report;
    if (c->ndiff > MAX_DIFFS) fprintf(f, "  ... and %u more differences in this cycle\n", c->ndiff - MAX_DIFFS);
    fprintf(f, "last inputs applied (RTL side; the model's storage inputs come from its own storage):\n");
    unsigned n = c->nhist < HISTORY ? c->nhist : HISTORY;
    for (unsigned k = n; k-- > 0;) {
        unsigned slot = (unsigned)((c->nhist - 1 - k) % HISTORY);
        const cpumf_sys_in *in = &c->hist[slot];
        for (unsigned i = 0; i < c->cfg->n_cpus; i++) {
            fprintf(f, "  cycle %" PRIu64 " cpu%u:", c->hist_cycle[slot], i);
            print_inputs(f, &in->cpu[i]);
        }
        if (in->sigp_mt_valid || in->cg_addr_change)
            fprintf(f, "  cycle %" PRIu64 " system: sigp_mt_valid=%u sigp_mt_enable=%u cg_addr_change=%u\n",
                    c->hist_cycle[slot], in->sigp_mt_valid, in->sigp_mt_enable, in->cg_addr_change);
    }
    uint64_t from = cycle > WAVE_BEFORE ? cycle - WAVE_BEFORE : 0;
    fprintf(f, "reproduce with waves:\n  %s %s --seed %" PRIu64 " --waves waves/mismatch.fst"
               " --wave-from %" PRIu64 " --wave-to %" PRIu64 "%s%s\n",
            c->info.program, c->info.scenario_path, c->info.seed, from, cycle + WAVE_AFTER,
            c->info.plusargs && *c->info.plusargs ? " " : "", c->info.plusargs ? c->info.plusargs : "");
}

static int cosim_eval(void *ctx, uint64_t cycle, const cpumf_sys_in *in, cpumf_sys_out *out) {
    cosim_ctx *c = (cosim_ctx *)ctx;
    unsigned slot = c->nhist % HISTORY;
    memcpy(&c->hist[slot], in, sizeof *in);
    c->hist_cycle[slot] = cycle;
    c->nhist++;

    memcpy(&c->min, in, sizeof *in);
    tb_storage_inputs(c->mstor, cycle, &c->min);
    cpumf_eval(c->model, &c->min, &c->mout);
    cpumf_observe(c->model, &c->mobs);
    if (tb_rtl_tracing(c->rtl, cycle)) tb_rtl_mirror(c->rtl, &c->mout, &c->mobs);
    tb_rtl_eval(c->rtl, cycle, in, out);
    tb_rtl_observe(c->rtl, &c->robs);

    c->ndiff = 0;
    compare_outputs(c, cycle, out, &c->mout);
    compare_state(c, cycle, &c->robs, &c->mobs);
    if (c->ndiff) {
        c->mismatch = cycle;
        report_context(c, cycle);
        return 1;
    }
    tb_storage_clock(c->mstor, cycle, &c->mout);
    return 0;
}

static void cosim_commit(void *ctx) {
    cosim_ctx *c = (cosim_ctx *)ctx;
    cpumf_commit(c->model);
    if (tb_rtl_tracing(c->rtl, c->hist_cycle[(c->nhist - 1) % HISTORY])) {
        /* The waves show the RTL after the edge with this cycle's inputs still
         * applied; evaluate the model the same way, so both sides change at
         * the same instant.  The next cycle's eval recomputes everything. */
        cpumf_sys_out after;
        cpumf_eval(c->model, &c->min, &after);
        cpumf_observe(c->model, &c->mobs);
        tb_rtl_mirror(c->rtl, &after, &c->mobs);
    }
    tb_rtl_commit(c->rtl);
}

static void cosim_observe(void *ctx, cpumf_obs *obs) {
    cosim_ctx *c = (cosim_ctx *)ctx;
    tb_rtl_observe(c->rtl, obs);
}

static void cosim_attach_storage(void *ctx, const tb_storage *initial) {
    cosim_ctx *c = (cosim_ctx *)ctx;
    c->mstor = tb_storage_clone(initial);
}

static void cosim_mem_write(void *ctx, uint64_t addr, const uint8_t *buf, size_t len) {
    cosim_ctx *c = (cosim_ctx *)ctx;
    tb_storage_write_bytes(c->mstor, addr, buf, len);
}

static void cosim_destroy(void *ctx) {
    cosim_ctx *c = (cosim_ctx *)ctx;
    if (c->mstor) tb_storage_destroy(c->mstor);
    free(c);
}

tb_backend tb_cosim_backend(cpumf_sys *model, tb_rtl *rtl, const tb_cosim_info *info) {
    cosim_ctx *c = (cosim_ctx *)calloc(1, sizeof *c);
    tb_backend be;
    memset(&be, 0, sizeof be);
    if (!c) return be;
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
    return be;
}

uint64_t tb_cosim_mismatch_cycle(const tb_backend *be) {
    return ((const cosim_ctx *)be->ctx)->mismatch;
}

/* ---- the RTL alone (for the bench) ------------------------------------------ */
static int rtl_only_eval(void *ctx, uint64_t cycle, const cpumf_sys_in *in, cpumf_sys_out *out) {
    tb_rtl_eval((tb_rtl *)ctx, cycle, in, out);
    return 0;
}
static void rtl_only_commit(void *ctx) { tb_rtl_commit((tb_rtl *)ctx); }
static void rtl_only_observe(void *ctx, cpumf_obs *obs) { tb_rtl_observe((tb_rtl *)ctx, obs); }
static void rtl_only_destroy(void *ctx) { (void)ctx; }

tb_backend tb_rtl_backend(tb_rtl *rtl) {
    tb_backend be = {rtl, rtl_only_eval, rtl_only_commit, rtl_only_observe, NULL, rtl_only_destroy, NULL};
    return be;
}
