// rtl_shim.cpp - the Verilator shim: moves cpumf_sys_in/out/obs to and from
// the ports of cosim_top (packed arrays, CPU i at element i) and writes the
// FST.  This is the only C++ in the project; see tb/rtl.h for the contract.
#include "rtl.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "Vcosim_top.h"
#include "verilated.h"
#include "verilated_fst_c.h"
// The Makefile defines VM_COVERAGE=1 for the coverage build only.
#ifndef VM_COVERAGE
#define VM_COVERAGE 0
#endif
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

namespace {

// Bit-field access to a port: scalars (CData..QData) and VlWide alike.
template <typename T>
inline void put(T &port, unsigned lsb, unsigned width, uint64_t v) {
    const uint64_t mask = width >= 64 ? ~0ULL : ((1ULL << width) - 1);
    uint64_t p = static_cast<uint64_t>(port);
    p = (p & ~(mask << lsb)) | ((v & mask) << lsb);
    port = static_cast<T>(p);
}
template <std::size_t N>
inline void put(VlWide<N> &port, unsigned lsb, unsigned width, uint64_t v) {
    for (unsigned b = 0; b < width;) {
        const unsigned bit = lsb + b, word = bit / 32, off = bit % 32;
        const unsigned n = (32 - off) < (width - b) ? (32 - off) : (width - b);
        const uint32_t mask = n == 32 ? 0xffffffffu : (((1u << n) - 1) << off);
        const uint32_t val = static_cast<uint32_t>((v >> b) << off);
        port[word] = (port[word] & ~mask) | (val & mask);
        b += n;
    }
}
template <typename T>
inline uint64_t get(const T &port, unsigned lsb, unsigned width) {
    const uint64_t mask = width >= 64 ? ~0ULL : ((1ULL << width) - 1);
    return (static_cast<uint64_t>(port) >> lsb) & mask;
}
template <std::size_t N>
inline uint64_t get(const VlWide<N> &port, unsigned lsb, unsigned width) {
    uint64_t v = 0;
    for (unsigned b = 0; b < width;) {
        const unsigned bit = lsb + b, word = bit / 32, off = bit % 32;
        const unsigned n = (32 - off) < (width - b) ? (32 - off) : (width - b);
        const uint64_t chunk = (port[word] >> off) & (n == 32 ? 0xffffffffu : ((1u << n) - 1));
        v |= chunk << b;
        b += n;
    }
    return v;
}
// 64-bit element k of a packed array of 64-bit elements.
template <std::size_t N>
inline uint64_t get64(const VlWide<N> &port, unsigned k) {
    return static_cast<uint64_t>(port[2 * k]) | (static_cast<uint64_t>(port[2 * k + 1]) << 32);
}
template <std::size_t N>
inline void put64(VlWide<N> &port, unsigned k, uint64_t v) {
    port[2 * k] = static_cast<uint32_t>(v);
    port[2 * k + 1] = static_cast<uint32_t>(v >> 32);
}

}  // namespace

static void apply_cpu_inputs(Vcosim_top *t, unsigned i, const cpumf_cpu_in *c) {
    put(t->stopped_i, i, 1, c->stopped);
    put(t->wait_i, i, 1, c->wait);
    put(t->problem_i, i, 1, c->problem);
    put(t->dat_i, i, 1, c->dat);
    put(t->as_i, 2 * i, 2, c->as);
    put(t->asn_i, 16 * i, 16, c->asn);
    put(t->ia_i, 64 * i, 64, c->ia);
    put(t->insns_i, 3 * i, 3, c->insns);
    put(t->uniq_i, i, 1, c->uniq);
    put(t->uniq_count_i, 4 * i, 4, c->uniq_count);
    put(t->l1i_dw_i, i, 1, c->l1i_dw);
    put(t->l1i_pen_i, i, 1, c->l1i_pen);
    put(t->l1d_dw_i, i, 1, c->l1d_dw);
    put(t->l1d_pen_i, i, 1, c->l1d_pen);
    put(t->cr_fn_i, 5 * i, 5, c->cr_fn);
    put(t->cr_busy_i, 5 * i, 5, c->cr_busy);
    put(t->cr_bfn_i, 5 * i, 5, c->cr_bfn);
    put(t->cr_bcyc_i, 5 * i, 5, c->cr_bcyc);
    put(t->ext_ev_i, 160 * i, 64, c->ext[0]);
    put(t->ext_ev_i, 160 * i + 64, 64, c->ext[1]);
    put(t->ext_ev_i, 160 * i + 128, 32, c->ext[2]);
    put(t->level_i, 2 * i, 2, c->level);
    put(t->secure_guest_i, i, 1, c->secure_guest);
    put(t->pcf49_i, i, 1, c->pcf49);
    put(t->entry_inconsistent_i, i, 1, c->entry_inconsistent);
    put(t->sf_lower_en_i, i, 1, c->sf_lower_enabled);
    put(t->tod_i, 64 * i, 64, c->tod);
    put(t->diag_i, 64 * i, 64, c->diag);
    put(t->cr0_58_i, i, 1, c->cr0_58);
    put(t->insn_valid_i, i, 1, c->insn_valid);
    put(t->insn_op_i, 4 * i, 4, c->op);
    put(t->insn_m3_i, 4 * i, 4, c->m3);
    put(t->insn_problem_i, i, 1, c->insn_problem);
    put(t->insn_cr0_15_i, i, 1, c->cr0_15);
    put(t->insn_r1_i, 64 * i, 64, c->r1);
    put(t->insn_r2_i, 64 * i, 64, c->r2);
    put(t->insn_addr_i, 64 * i, 64, c->addr);
    put(t->auth_set_i, 7 * i, 7, c->auth_set);
    put(t->auth_clr_i, 7 * i, 7, c->auth_clr);
    put(t->sf_auth_set_i, 2 * i, 2, c->sf_auth_set);
    put(t->sf_auth_clr_i, 2 * i, 2, c->sf_auth_clr);
    put(t->reset_i, 3 * i, 3, c->reset);
    put(t->loss_cpu_i, 6 * i, 6, c->loss_cpu);
    put(t->loss_mt_i, i, 1, c->loss_mt);
    put(t->loss_sample_i, i, 1, c->loss_sample);
    put(t->alert_taken_i, i, 1, c->alert_taken);
    put(t->stor_req_ready_i, i, 1, c->stor_req_ready);
    put(t->stor_rsp_valid_i, i, 1, c->stor_rsp_valid);
    put(t->stor_rsp_err_i, i, 1, c->stor_rsp_err);
    put(t->stor_rsp_data_i, 64 * i, 64, c->stor_rsp_data);
}

struct tb_rtl {
    VerilatedContext *ctx;
    Vcosim_top *top;
    VerilatedFstC *fst;
    uint64_t wave_from, wave_to, cycle;
    unsigned ncpu;
};

extern "C" tb_rtl *tb_rtl_create(const cpumf_system_cfg *cfg, const tb_rtl_opts *opts, char *err,
                                 size_t errlen) {
    if (cfg->n_cpus > TB_RTL_NCPU || cfg->n_cg > TB_RTL_NCG) {
        std::snprintf(err, errlen, "system %s has %u CPUs and %u groups; the RTL build has at most %d and %d",
                      cfg->name, cfg->n_cpus, cfg->n_cg, TB_RTL_NCPU, TB_RTL_NCG);
        return nullptr;
    }
    tb_rtl *r = new tb_rtl();
    r->ctx = new VerilatedContext;
    r->ctx->commandArgs(opts->argc, opts->argv);
    // Tracing must be allowed before the model is built (STYLE.md).
    r->ctx->traceEverOn(opts->fst_path != nullptr);
    r->top = new Vcosim_top{r->ctx, "TOP"};
    r->ncpu = cfg->n_cpus;
    r->wave_from = opts->wave_from;
    r->wave_to = opts->wave_to;
    if (opts->fst_path) {
        r->fst = new VerilatedFstC;
        r->top->trace(r->fst, 99);
        r->fst->open(opts->fst_path);
    }
    Vcosim_top *t = r->top;
    const cpumf_model_cfg *m = &cfg->model;
    t->cfg_cfvn_i = m->cfvn;
    t->cfg_csvn_i = m->csvn;
    t->cfg_fac_i = static_cast<CData>((m->fac_lpp ? 1 : 0) | (m->fac_cf ? 2 : 0) | (m->fac_sf ? 4 : 0) |
                                      (m->fac_stcctm ? 8 : 0));
    t->cfg_unified_l1_i = m->unified_l1;
    t->cfg_has_cg_i = m->has_cg;
    t->cfg_n_ext_i = static_cast<CData>(m->n_ext);
    t->cfg_max_cpu_addr_i = m->max_cpu_addr;
    t->cfg_max_cg_addr_i = m->max_cg_addr;
    t->cfg_n_cpus_i = cfg->n_cpus;
    t->cfg_tpc_i = cfg->threads_per_core;
    t->cfg_n_cg_i = cfg->n_cg;
    for (unsigned i = 0; i < TB_RTL_NCPU; i++) {
        put(t->cfg_cpu_addr_i, 16 * i, 16, i < cfg->n_cpus ? cfg->cpu_addr[i] : 0);
        put(t->cfg_cpu_cg_i, i, 1, i < cfg->n_cpus ? cfg->cpu_cg[i] : 0);
    }
    for (unsigned g = 0; g < TB_RTL_NCG; g++) put(t->cfg_cg_addr_i, 16 * g, 16, g < cfg->n_cg ? cfg->cg_addr[g] : 0);
    t->pwr_auth_cf_i = cfg->auth_cf;
    t->pwr_auth_sf_i = cfg->auth_sf;
    t->pwr_mt_i = cfg->mt_enabled;
    t->cfg_bsdes_i = m->bsdes;
    t->cfg_dsdes_i = m->dsdes;
    t->cfg_dsde_fmt_i = m->dsde_format;
    t->cfg_min_int_i = m->min_interval;
    t->cfg_max_int_i = m->max_interval;
    t->cfg_cpu_speed_i = m->cpu_speed;
    t->cfg_int_mode_i = cfg->interval_mode;
    t->cfg_lfsr_seed_i = cfg->lfsr_seed;
    t->cfg_dedicated_i = cfg->dedicated;
    // CPUs that are not installed see all-zero inputs for the whole run.
    const cpumf_cpu_in zero = {};
    for (unsigned i = 0; i < TB_RTL_NCPU; i++) apply_cpu_inputs(t, i, &zero);
    // One reset edge before cycle 0 (docs/uarch.md section 1).
    t->rst_ni = 0;
    t->clk_i = 0;
    t->eval();
    t->clk_i = 1;
    t->eval();
    t->rst_ni = 1;
    return r;
}

extern "C" void tb_rtl_destroy(tb_rtl *r) {
    if (!r) return;
    if (r->fst) {
        r->fst->close();
        delete r->fst;
    }
    r->top->final();
    delete r->top;
    delete r->ctx;
    delete r;
}

extern "C" int tb_rtl_tracing(const tb_rtl *r, uint64_t cycle) {
    return r->fst && cycle >= r->wave_from && cycle <= r->wave_to;
}

extern "C" void tb_rtl_eval(tb_rtl *r, uint64_t cycle, const cpumf_sys_in *in, cpumf_sys_out *out) {
    Vcosim_top *t = r->top;
    r->cycle = cycle;
    for (unsigned i = 0; i < r->ncpu; i++) apply_cpu_inputs(t, i, &in->cpu[i]);
    t->sigp_mt_valid_i = in->sigp_mt_valid;
    t->sigp_mt_enable_i = in->sigp_mt_enable;
    t->cg_addr_change_i = in->cg_addr_change;
    t->clk_i = 0;
    t->eval();
    for (unsigned i = 0; i < r->ncpu; i++) {
        cpumf_cpu_out *o = &out->cpu[i];
        o->insn_ready = static_cast<uint8_t>(get(t->insn_ready_o, i, 1));
        o->insn_done = static_cast<uint8_t>(get(t->insn_done_o, i, 1));
        o->cc = static_cast<uint8_t>(get(t->insn_cc_o, 2 * i, 2));
        o->exc = static_cast<uint8_t>(get(t->insn_exc_o, 8 * i, 8));
        o->r1 = get(t->insn_r1_o, 64 * i, 64);
        o->stor_req_valid = static_cast<uint8_t>(get(t->stor_req_valid_o, i, 1));
        o->stor_req_we = static_cast<uint8_t>(get(t->stor_req_we_o, i, 1));
        o->stor_req_be = static_cast<uint8_t>(get(t->stor_req_be_o, 8 * i, 8));
        o->stor_req_addr = get(t->stor_req_addr_o, 64 * i, 64);
        o->stor_req_wdata = get(t->stor_req_wdata_o, 64 * i, 64);
        o->alert_req = static_cast<uint8_t>(get(t->alert_req_o, i, 1));
        o->alert_param = static_cast<uint32_t>(get(t->alert_param_o, 32 * i, 32));
    }
    if (tb_rtl_tracing(r, cycle)) r->fst->dump(10 * cycle);
}

extern "C" void tb_rtl_commit(tb_rtl *r) {
    r->top->clk_i = 1;
    r->top->eval();
    if (tb_rtl_tracing(r, r->cycle)) r->fst->dump(10 * r->cycle + 5);
}

extern "C" void tb_rtl_observe(tb_rtl *r, cpumf_obs *obs) {
    Vcosim_top *t = r->top;
    for (unsigned i = 0; i < r->ncpu; i++) {
        cpumf_cpu_obs *c = &obs->cpu[i];
        c->cf_a = static_cast<uint8_t>(get(t->obs_cf_a_o, 6 * i, 6));
        c->cf_e = static_cast<uint8_t>(get(t->obs_cf_e_o, 6 * i, 6));
        c->cf_c = static_cast<uint8_t>(get(t->obs_cf_c_o, 6 * i, 6));
        c->cg_a = static_cast<uint8_t>(get(t->obs_cg_a_o, i, 1));
        for (unsigned s = 0; s < CPUMF_NSLOT; s++) c->ctr[s] = get64(t->obs_ctr_o, i * CPUMF_NSLOT + s);
        c->alert_pending = static_cast<uint32_t>(get(t->obs_alert_o, 32 * i, 32));
        c->insn_state = static_cast<uint8_t>(get(t->obs_insn_state_o, 3 * i, 3));
        c->pp = get(t->obs_pp_o, 64 * i, 64);
        c->sf_a = static_cast<uint8_t>(get(t->obs_sf_a_o, 2 * i, 2));
        for (unsigned k = 0; k < 2; k++) obs->mt_ctr[i][k] = get64(t->obs_mt_ctr_o, 2 * i + k);
        c->sf_e = static_cast<uint8_t>(get(t->obs_sf_e_o, 2 * i, 2));
        c->sf_c = static_cast<uint8_t>(get(t->obs_sf_c_o, 2 * i, 2));
        c->sf_s = static_cast<uint8_t>(get(t->obs_sf_s_o, i, 1));
        c->sf_h = static_cast<uint8_t>(get(t->obs_sf_h_o, i, 1));
        c->interval = get64(t->obs_interval_o, i);
        c->tear = get64(t->obs_tear_o, i);
        c->dear = get64(t->obs_dear_o, i);
        c->int_cnt = get64(t->obs_int_cnt_o, i);
        c->int_sec = static_cast<uint8_t>(get(t->obs_int_sec_o, 8 * i, 8));
        c->int_sec_act = static_cast<uint8_t>(get(t->obs_int_sec_act_o, i, 1));
        c->lfsr = static_cast<uint32_t>(get(t->obs_lfsr_o, 32 * i, 32));
        c->collisions = get64(t->obs_coll_o, i);
        c->upd_state = static_cast<uint8_t>(get(t->obs_upd_state_o, 4 * i, 4));
        c->n_stored = get64(t->obs_n_stored_o, i);
        c->n_overflow = get64(t->obs_n_overflow_o, i);
        c->arb_own = static_cast<uint8_t>(get(t->obs_arb_o, 2 * i, 2));
    }
    const uint64_t g = get(t->obs_g_o, 0, 4);
    obs->g_e = g & 1;
    obs->g_c = (g >> 1) & 1;
    obs->g_change = (g >> 2) & 1;
    obs->mt_enabled = (g >> 3) & 1;
    for (unsigned gi = 0; gi < TB_RTL_NCG; gi++)
        for (unsigned k = 0; k < CPUMF_CG_NCTR; k++) obs->cg_ctr[gi][k] = get64(t->obs_cg_ctr_o, gi * CPUMF_CG_NCTR + k);
}

extern "C" void tb_rtl_mirror(tb_rtl *r, const cpumf_sys_out *out, const cpumf_obs *obs) {
    Vcosim_top *t = r->top;
    for (unsigned i = 0; i < r->ncpu; i++) {
        const cpumf_cpu_out *o = &out->cpu[i];
        const cpumf_cpu_obs *c = &obs->cpu[i];
        put(t->m_stor_req_valid_i, i, 1, o->stor_req_valid);
        put(t->m_stor_req_we_i, i, 1, o->stor_req_we);
        put(t->m_stor_req_be_i, 8 * i, 8, o->stor_req_be);
        put(t->m_stor_req_addr_i, 64 * i, 64, o->stor_req_addr);
        put(t->m_stor_req_wdata_i, 64 * i, 64, o->stor_req_wdata);
        put(t->m_insn_ready_i, i, 1, o->insn_ready);
        put(t->m_insn_done_i, i, 1, o->insn_done);
        put(t->m_insn_cc_i, 2 * i, 2, o->cc);
        put(t->m_insn_exc_i, 8 * i, 8, o->exc);
        put(t->m_insn_r1_i, 64 * i, 64, o->r1);
        put(t->m_alert_req_i, i, 1, o->alert_req);
        put(t->m_alert_param_i, 32 * i, 32, o->alert_param);
        put(t->m_cf_a_i, 6 * i, 6, c->cf_a);
        put(t->m_cf_e_i, 6 * i, 6, c->cf_e);
        put(t->m_cf_c_i, 6 * i, 6, c->cf_c);
        put(t->m_cg_a_i, i, 1, c->cg_a);
        for (unsigned s = 0; s < CPUMF_NSLOT; s++) put64(t->m_ctr_i, i * CPUMF_NSLOT + s, c->ctr[s]);
        put(t->m_alert_i, 32 * i, 32, c->alert_pending);
        put(t->m_insn_state_i, 3 * i, 3, c->insn_state);
        put(t->m_pp_i, 64 * i, 64, c->pp);
        put(t->m_sf_a_i, 2 * i, 2, c->sf_a);
        for (unsigned k = 0; k < 2; k++) put64(t->m_mt_ctr_i, 2 * i + k, obs->mt_ctr[i][k]);
        put(t->m_sf_e_i, 2 * i, 2, c->sf_e);
        put(t->m_sf_c_i, 2 * i, 2, c->sf_c);
        put64(t->m_tear_i, i, c->tear);
        put64(t->m_dear_i, i, c->dear);
        put64(t->m_int_cnt_i, i, c->int_cnt);
        put(t->m_lfsr_i, 32 * i, 32, c->lfsr);
        put64(t->m_coll_i, i, c->collisions);
        put(t->m_upd_state_i, 4 * i, 4, c->upd_state);
        put(t->m_arb_i, 2 * i, 2, c->arb_own);
    }
    t->m_g_i = static_cast<CData>(obs->g_e | (obs->g_c << 1) | (obs->g_change << 2) | (obs->mt_enabled << 3));
    for (unsigned gi = 0; gi < TB_RTL_NCG; gi++)
        for (unsigned k = 0; k < CPUMF_CG_NCTR; k++) put64(t->m_cg_ctr_i, gi * CPUMF_CG_NCTR + k, obs->cg_ctr[gi][k]);
}

extern "C" int tb_rtl_has_coverage(void) { return VM_COVERAGE ? 1 : 0; }

extern "C" int tb_rtl_write_coverage(tb_rtl *r, const char *path, char *err, size_t errlen) {
#if VM_COVERAGE
    // VerilatedCovContext::write() stops the process when it cannot open the
    // file; try it first so that a bad path is an ordinary error.
    std::FILE *f = std::fopen(path, "w");
    if (!f) {
        std::snprintf(err, errlen, "%s: cannot write: %s", path, std::strerror(errno));
        return -1;
    }
    std::fclose(f);
    r->ctx->coveragep()->write(path);
    return 0;
#else
    (void)r;
    std::snprintf(err, errlen, "%s: this binary has no coverage (use cpumf-cosim-cov)", path);
    return -1;
#endif
}
