/*
 * cpumf_dpi.c - DPI-C glue between SystemVerilog (tb/dpi/cpumf_dpi.sv) and the
 * cycle-accurate C model (libcpumf).  Plain C11; the prototypes below are the
 * ones the DPI imports of cpumf_dpi.sv map to (IEEE 1800 Annex H: `bit` is
 * svBit, a packed `bit [N:0]` is svBitVecVal[], `longint unsigned` is
 * unsigned long long, `chandle` is void *, `string` is const char *).
 *
 * Everything lives behind the chandle (struct cpumf_dpi): no global mutable
 * state, so any number of model instances run in one simulation.  The calling
 * order per cycle is documented in cpumf_dpi.sv.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svdpi.h"

#include "cpumf/cpumf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The build of the RTL the straps describe (rtl/mf_pkg.sv). */
#define CPUMF_DPI_RTL_NCPU 4
#define CPUMF_DPI_RTL_NCG 2
/* Bytes of the create error buffer (CPUMF_DPI_ERRLEN in cpumf_dpi.sv). */
#define CPUMF_DPI_ERRLEN 256

/* ---- DPI imports (keep in step with cpumf_dpi.sv) ------------------------ */
void *cpumf_dpi_create_c(const char *sys_path, const char *configs_dir, svBitVecVal *err);
void cpumf_dpi_destroy(void *h);
const char *cpumf_dpi_error(void *h);
const char *cpumf_dpi_version(void);
int cpumf_dpi_version_number(void);
int cpumf_dpi_get_straps(void *h, svBitVecVal *cfg_cfvn_i, svBitVecVal *cfg_csvn_i, svBitVecVal *cfg_fac_i,
                         svBit *cfg_unified_l1_i, svBit *cfg_has_cg_i, svBitVecVal *cfg_n_ext_i,
                         svBitVecVal *cfg_max_cpu_addr_i, svBitVecVal *cfg_max_cg_addr_i,
                         svBitVecVal *cfg_n_cpus_i, svBitVecVal *cfg_tpc_i, svBitVecVal *cfg_n_cg_i,
                         svBitVecVal *cfg_cpu_addr_i, svBitVecVal *cfg_cpu_cg_i, svBitVecVal *cfg_cg_addr_i,
                         svBitVecVal *pwr_auth_cf_i, svBitVecVal *pwr_auth_sf_i, svBit *pwr_mt_i);
int cpumf_dpi_set_activity(void *h, int cpu, svBit stopped_i, svBit wait_i, svBit problem_i, svBit dat_i,
                           const svBitVecVal *as_i, const svBitVecVal *asn_i, unsigned long long ia_i,
                           const svBitVecVal *insns_i, svBit uniq_i, const svBitVecVal *uniq_count_i,
                           svBit l1i_dw_i, svBit l1i_pen_i, svBit l1d_dw_i, svBit l1d_pen_i,
                           const svBitVecVal *cr_fn_i, const svBitVecVal *cr_busy_i,
                           const svBitVecVal *cr_bfn_i, const svBitVecVal *cr_bcyc_i,
                           const svBitVecVal *ext_ev_i, const svBitVecVal *level_i, svBit secure_guest_i,
                           svBit pcf49_i, svBit entry_inconsistent_i, svBit sf_lower_en_i,
                           unsigned long long tod_i, svBit cr0_58_i);
int cpumf_dpi_set_insn(void *h, int cpu, svBit insn_valid_i, const svBitVecVal *insn_op_i,
                       const svBitVecVal *insn_m3_i, svBit insn_problem_i, svBit insn_cr0_15_i,
                       unsigned long long insn_r1_i, unsigned long long insn_r2_i,
                       unsigned long long insn_addr_i);
int cpumf_dpi_set_events(void *h, int cpu, const svBitVecVal *auth_set_i, const svBitVecVal *auth_clr_i,
                         const svBitVecVal *sf_auth_set_i, const svBitVecVal *sf_auth_clr_i,
                         const svBitVecVal *reset_i, const svBitVecVal *loss_cpu_i, svBit loss_mt_i,
                         svBit loss_sample_i, svBit alert_taken_i);
int cpumf_dpi_set_storage(void *h, int cpu, svBit stor_req_ready_i, svBit stor_rsp_valid_i,
                          svBit stor_rsp_err_i, unsigned long long stor_rsp_data_i);
int cpumf_dpi_set_system(void *h, svBit sigp_mt_valid_i, svBit sigp_mt_enable_i, svBit cg_addr_change_i);
int cpumf_dpi_clear_inputs(void *h);
int cpumf_dpi_step(void *h);
int cpumf_dpi_eval(void *h);
int cpumf_dpi_commit(void *h);
unsigned long long cpumf_dpi_cycle(void *h);
int cpumf_dpi_get_outputs(void *h, int cpu, svBit *stor_req_valid_o, svBit *stor_req_we_o,
                          svBitVecVal *stor_req_be_o, unsigned long long *stor_req_addr_o,
                          unsigned long long *stor_req_wdata_o, svBit *insn_ready_o, svBit *insn_done_o,
                          svBitVecVal *insn_cc_o, svBitVecVal *insn_exc_o, unsigned long long *insn_r1_o,
                          svBit *alert_req_o, svBitVecVal *alert_param_o);
int cpumf_dpi_get_obs(void *h, int cpu, svBitVecVal *obs_cf_a_o, svBitVecVal *obs_cf_e_o,
                      svBitVecVal *obs_cf_c_o, svBit *obs_cg_a_o, svBitVecVal *obs_alert_o,
                      svBitVecVal *obs_insn_state_o, unsigned long long *obs_pp_o, svBitVecVal *obs_sf_a_o);
int cpumf_dpi_get_counters(void *h, int cpu, svBitVecVal *obs_ctr_o);
int cpumf_dpi_get_global(void *h, svBitVecVal *obs_g_o);
int cpumf_dpi_get_cg_counters(void *h, int g, svBitVecVal *obs_cg_ctr_o);
int cpumf_dpi_get_mt_counters(void *h, int core, svBitVecVal *obs_mt_ctr_o);
int cpumf_dpi_read_register(void *h, const char *name, unsigned long long *value);

/* ---- the handle ----------------------------------------------------------- */
typedef struct cpumf_dpi {
    cpumf_sys *sys;
    unsigned n_cpus, n_cg, n_cores;
    cpumf_sys_in in;    /* inputs being built for this cycle (levels persist) */
    cpumf_sys_out out;  /* outputs of the last evaluated cycle */
    cpumf_obs obs;      /* registers at the start of the last evaluated cycle */
    int evaluated;      /* an eval is waiting for its commit */
    int have_out;       /* some cycle has been evaluated */
    uint64_t cycle;     /* commits since create */
    char err[CPUMF_DPI_ERRLEN];
} cpumf_dpi;

/* ---- packed-vector helpers (svBitVecVal word k = bits 32k+31..32k) -------- */
static uint64_t vget(const svBitVecVal *v, unsigned lsb, unsigned width) {
    uint64_t r = 0;
    for (unsigned b = 0; b < width; b++) {
        const unsigned bit = lsb + b;
        r |= (uint64_t)((v[bit / 32] >> (bit % 32)) & 1u) << b;
    }
    return r;
}

/* Write `width` bits of val at lsb; callers fill every word of an output. */
static void vput(svBitVecVal *v, unsigned lsb, unsigned width, uint64_t val) {
    for (unsigned b = 0; b < width; b++) {
        const unsigned bit = lsb + b;
        const svBitVecVal m = (svBitVecVal)(1u << (bit % 32));
        if ((val >> b) & 1u)
            v[bit / 32] |= m;
        else
            v[bit / 32] &= (svBitVecVal)~m;
    }
}

static void vzero(svBitVecVal *v, unsigned width) { memset(v, 0, ((width + 31) / 32) * sizeof *v); }

/* One scalar output vector of width <= 64, zero above width. */
static void vout(svBitVecVal *v, unsigned width, uint64_t val) {
    vzero(v, width);
    vput(v, 0, width, val);
}

static uint8_t u8(uint64_t v) { return (uint8_t)(v & 0xffu); }

static cpumf_dpi *H(void *h) { return (cpumf_dpi *)h; }

static int fail(cpumf_dpi *d, const char *what) {
    snprintf(d->err, sizeof d->err, "%s", what);
    return -1;
}

/* The CPU input struct for cpu, or NULL (message set) when cpu is not installed. */
static cpumf_cpu_in *cpu_in(cpumf_dpi *d, int cpu) {
    if (cpu < 0 || (unsigned)cpu >= d->n_cpus) {
        snprintf(d->err, sizeof d->err, "cpu %d is not installed (system has %u CPUs)", cpu, d->n_cpus);
        return NULL;
    }
    return &d->in.cpu[cpu];
}

static int check_cpu_out(cpumf_dpi *d, int cpu) {
    if (cpu < 0 || (unsigned)cpu >= d->n_cpus) {
        snprintf(d->err, sizeof d->err, "cpu %d is not installed (system has %u CPUs)", cpu, d->n_cpus);
        return -1;
    }
    return 0;
}

/* ---- life cycle ----------------------------------------------------------- */
static void err_to_vec(svBitVecVal *v, const char *msg) {
    vzero(v, 8 * CPUMF_DPI_ERRLEN);
    for (unsigned j = 0; j + 1 < CPUMF_DPI_ERRLEN && msg[j]; j++)
        vput(v, 8 * (CPUMF_DPI_ERRLEN - 1 - j), 8, (uint8_t)msg[j]);
}

void *cpumf_dpi_create_c(const char *sys_path, const char *configs_dir, svBitVecVal *err) {
    char msg[CPUMF_DPI_ERRLEN] = "";
    cpumf_dpi *d = (cpumf_dpi *)calloc(1, sizeof *d);
    if (!d) {
        err_to_vec(err, "cpumf_dpi_create: out of memory");
        return NULL;
    }
    d->sys = cpumf_create_from_file(sys_path ? sys_path : "",
                                    (configs_dir && configs_dir[0]) ? configs_dir : NULL, msg, sizeof msg);
    if (!d->sys) {
        err_to_vec(err, msg[0] ? msg : "cpumf_create_from_file failed");
        free(d);
        return NULL;
    }
    const cpumf_system_cfg *cfg = cpumf_config(d->sys);
    d->n_cpus = cfg->n_cpus;
    d->n_cg = cfg->n_cg;
    {
        const unsigned tpc = cfg->threads_per_core ? cfg->threads_per_core : 1u;
        d->n_cores = (d->n_cpus + tpc - 1) / tpc;
    }
    err_to_vec(err, "");
    return d;
}

void cpumf_dpi_destroy(void *h) {
    cpumf_dpi *d = H(h);
    if (!d) return;
    cpumf_destroy(d->sys);
    free(d);
}

const char *cpumf_dpi_error(void *h) { return h ? H(h)->err : "null cpumf_dpi handle"; }

const char *cpumf_dpi_version(void) { return cpumf_version(); }

int cpumf_dpi_version_number(void) { return cpumf_version_number(); }

int cpumf_dpi_get_straps(void *h, svBitVecVal *cfg_cfvn_i, svBitVecVal *cfg_csvn_i, svBitVecVal *cfg_fac_i,
                         svBit *cfg_unified_l1_i, svBit *cfg_has_cg_i, svBitVecVal *cfg_n_ext_i,
                         svBitVecVal *cfg_max_cpu_addr_i, svBitVecVal *cfg_max_cg_addr_i,
                         svBitVecVal *cfg_n_cpus_i, svBitVecVal *cfg_tpc_i, svBitVecVal *cfg_n_cg_i,
                         svBitVecVal *cfg_cpu_addr_i, svBitVecVal *cfg_cpu_cg_i, svBitVecVal *cfg_cg_addr_i,
                         svBitVecVal *pwr_auth_cf_i, svBitVecVal *pwr_auth_sf_i, svBit *pwr_mt_i) {
    cpumf_dpi *d = H(h);
    if (!d) return -1;
    const cpumf_system_cfg *c = cpumf_config(d->sys);
    const cpumf_model_cfg *m = &c->model;
    vout(cfg_cfvn_i, 16, m->cfvn);
    vout(cfg_csvn_i, 16, m->csvn);
    vout(cfg_fac_i, 4,
         (m->fac_lpp ? 1u : 0u) | (m->fac_cf ? 2u : 0u) | (m->fac_sf ? 4u : 0u) | (m->fac_stcctm ? 8u : 0u));
    *cfg_unified_l1_i = m->unified_l1 ? 1 : 0;
    *cfg_has_cg_i = m->has_cg ? 1 : 0;
    vout(cfg_n_ext_i, 8, m->n_ext);
    vout(cfg_max_cpu_addr_i, 16, m->max_cpu_addr);
    vout(cfg_max_cg_addr_i, 16, m->max_cg_addr);
    vout(cfg_n_cpus_i, 3, c->n_cpus);
    vout(cfg_tpc_i, 2, c->threads_per_core);
    vout(cfg_n_cg_i, 2, c->n_cg);
    vzero(cfg_cpu_addr_i, 16 * CPUMF_DPI_RTL_NCPU);
    vzero(cfg_cpu_cg_i, CPUMF_DPI_RTL_NCPU);
    for (unsigned i = 0; i < CPUMF_DPI_RTL_NCPU && i < c->n_cpus; i++) {
        vput(cfg_cpu_addr_i, 16 * i, 16, c->cpu_addr[i]);
        vput(cfg_cpu_cg_i, i, 1, c->cpu_cg[i]);
    }
    vzero(cfg_cg_addr_i, 16 * CPUMF_DPI_RTL_NCG);
    for (unsigned g = 0; g < CPUMF_DPI_RTL_NCG && g < c->n_cg; g++) vput(cfg_cg_addr_i, 16 * g, 16, c->cg_addr[g]);
    vout(pwr_auth_cf_i, 7, c->auth_cf);
    vout(pwr_auth_sf_i, 2, c->auth_sf);
    *pwr_mt_i = c->mt_enabled ? 1 : 0;
    if (c->n_cpus > CPUMF_DPI_RTL_NCPU || c->n_cg > CPUMF_DPI_RTL_NCG) {
        snprintf(d->err, sizeof d->err, "system %s has %u CPUs and %u groups; the RTL build has at most %d and %d",
                 c->name, c->n_cpus, c->n_cg, CPUMF_DPI_RTL_NCPU, CPUMF_DPI_RTL_NCG);
        return -1;
    }
    return 0;
}

/* ---- inputs --------------------------------------------------------------- */
int cpumf_dpi_set_activity(void *h, int cpu, svBit stopped_i, svBit wait_i, svBit problem_i, svBit dat_i,
                           const svBitVecVal *as_i, const svBitVecVal *asn_i, unsigned long long ia_i,
                           const svBitVecVal *insns_i, svBit uniq_i, const svBitVecVal *uniq_count_i,
                           svBit l1i_dw_i, svBit l1i_pen_i, svBit l1d_dw_i, svBit l1d_pen_i,
                           const svBitVecVal *cr_fn_i, const svBitVecVal *cr_busy_i,
                           const svBitVecVal *cr_bfn_i, const svBitVecVal *cr_bcyc_i,
                           const svBitVecVal *ext_ev_i, const svBitVecVal *level_i, svBit secure_guest_i,
                           svBit pcf49_i, svBit entry_inconsistent_i, svBit sf_lower_en_i,
                           unsigned long long tod_i, svBit cr0_58_i) {
    if (!h) return -1;
    cpumf_cpu_in *c = cpu_in(H(h), cpu);
    if (!c) return -1;
    c->stopped = stopped_i & 1u;
    c->wait = wait_i & 1u;
    c->problem = problem_i & 1u;
    c->dat = dat_i & 1u;
    c->as = u8(vget(as_i, 0, 2));
    c->asn = (uint16_t)vget(asn_i, 0, 16);
    c->ia = (uint64_t)ia_i;
    c->insns = u8(vget(insns_i, 0, 3));
    c->uniq = uniq_i & 1u;
    c->uniq_count = u8(vget(uniq_count_i, 0, 4));
    c->l1i_dw = l1i_dw_i & 1u;
    c->l1i_pen = l1i_pen_i & 1u;
    c->l1d_dw = l1d_dw_i & 1u;
    c->l1d_pen = l1d_pen_i & 1u;
    c->cr_fn = u8(vget(cr_fn_i, 0, 5));
    c->cr_busy = u8(vget(cr_busy_i, 0, 5));
    c->cr_bfn = u8(vget(cr_bfn_i, 0, 5));
    c->cr_bcyc = u8(vget(cr_bcyc_i, 0, 5));
    c->ext[0] = vget(ext_ev_i, 0, 64);
    c->ext[1] = vget(ext_ev_i, 64, 64);
    c->ext[2] = vget(ext_ev_i, 128, 32);
    c->level = u8(vget(level_i, 0, 2));
    c->secure_guest = secure_guest_i & 1u;
    c->pcf49 = pcf49_i & 1u;
    c->entry_inconsistent = entry_inconsistent_i & 1u;
    c->sf_lower_enabled = sf_lower_en_i & 1u;
    c->tod = (uint64_t)tod_i;
    c->cr0_58 = cr0_58_i & 1u;
    return 0;
}

int cpumf_dpi_set_insn(void *h, int cpu, svBit insn_valid_i, const svBitVecVal *insn_op_i,
                       const svBitVecVal *insn_m3_i, svBit insn_problem_i, svBit insn_cr0_15_i,
                       unsigned long long insn_r1_i, unsigned long long insn_r2_i,
                       unsigned long long insn_addr_i) {
    if (!h) return -1;
    cpumf_cpu_in *c = cpu_in(H(h), cpu);
    if (!c) return -1;
    c->insn_valid = insn_valid_i & 1u;
    c->op = u8(vget(insn_op_i, 0, 4));
    c->m3 = u8(vget(insn_m3_i, 0, 4));
    c->insn_problem = insn_problem_i & 1u;
    c->cr0_15 = insn_cr0_15_i & 1u;
    c->r1 = (uint64_t)insn_r1_i;
    c->r2 = (uint64_t)insn_r2_i;
    c->addr = (uint64_t)insn_addr_i;
    return 0;
}

int cpumf_dpi_set_events(void *h, int cpu, const svBitVecVal *auth_set_i, const svBitVecVal *auth_clr_i,
                         const svBitVecVal *sf_auth_set_i, const svBitVecVal *sf_auth_clr_i,
                         const svBitVecVal *reset_i, const svBitVecVal *loss_cpu_i, svBit loss_mt_i,
                         svBit loss_sample_i, svBit alert_taken_i) {
    if (!h) return -1;
    cpumf_cpu_in *c = cpu_in(H(h), cpu);
    if (!c) return -1;
    c->auth_set = u8(vget(auth_set_i, 0, 7));
    c->auth_clr = u8(vget(auth_clr_i, 0, 7));
    c->sf_auth_set = u8(vget(sf_auth_set_i, 0, 2));
    c->sf_auth_clr = u8(vget(sf_auth_clr_i, 0, 2));
    c->reset = u8(vget(reset_i, 0, 3));
    c->loss_cpu = u8(vget(loss_cpu_i, 0, 6));
    c->loss_mt = loss_mt_i & 1u;
    c->loss_sample = loss_sample_i & 1u;
    c->alert_taken = alert_taken_i & 1u;
    return 0;
}

int cpumf_dpi_set_storage(void *h, int cpu, svBit stor_req_ready_i, svBit stor_rsp_valid_i,
                          svBit stor_rsp_err_i, unsigned long long stor_rsp_data_i) {
    if (!h) return -1;
    cpumf_cpu_in *c = cpu_in(H(h), cpu);
    if (!c) return -1;
    c->stor_req_ready = stor_req_ready_i & 1u;
    c->stor_rsp_valid = stor_rsp_valid_i & 1u;
    c->stor_rsp_err = stor_rsp_err_i & 1u;
    c->stor_rsp_data = (uint64_t)stor_rsp_data_i;
    return 0;
}

int cpumf_dpi_set_system(void *h, svBit sigp_mt_valid_i, svBit sigp_mt_enable_i, svBit cg_addr_change_i) {
    cpumf_dpi *d = H(h);
    if (!d) return -1;
    d->in.sigp_mt_valid = sigp_mt_valid_i & 1u;
    d->in.sigp_mt_enable = sigp_mt_enable_i & 1u;
    d->in.cg_addr_change = cg_addr_change_i & 1u;
    return 0;
}

int cpumf_dpi_clear_inputs(void *h) {
    cpumf_dpi *d = H(h);
    if (!d) return -1;
    memset(&d->in, 0, sizeof d->in);
    return 0;
}

/* ---- clock ------------------------------------------------------------------ */
int cpumf_dpi_eval(void *h) {
    cpumf_dpi *d = H(h);
    if (!d) return -1;
    /* The observation ports of cycle t are the registers at its start. */
    cpumf_observe(d->sys, &d->obs);
    cpumf_eval(d->sys, &d->in, &d->out);
    d->evaluated = 1;
    d->have_out = 1;
    return 0;
}

int cpumf_dpi_commit(void *h) {
    cpumf_dpi *d = H(h);
    if (!d) return -1;
    if (!d->evaluated) return fail(d, "cpumf_dpi_commit without cpumf_dpi_eval in this cycle");
    cpumf_commit(d->sys);
    d->evaluated = 0;
    d->cycle++;
    return 0;
}

int cpumf_dpi_step(void *h) {
    cpumf_dpi *d = H(h);
    if (!d) return -1;
    if (d->evaluated) return fail(d, "cpumf_dpi_step after cpumf_dpi_eval: call cpumf_dpi_commit");
    cpumf_observe(d->sys, &d->obs);
    cpumf_step(d->sys, &d->in, &d->out);
    d->have_out = 1;
    d->cycle++;
    return 0;
}

unsigned long long cpumf_dpi_cycle(void *h) { return h ? (unsigned long long)H(h)->cycle : 0ull; }

/* ---- outputs of the last evaluated cycle ------------------------------------- */
int cpumf_dpi_get_outputs(void *h, int cpu, svBit *stor_req_valid_o, svBit *stor_req_we_o,
                          svBitVecVal *stor_req_be_o, unsigned long long *stor_req_addr_o,
                          unsigned long long *stor_req_wdata_o, svBit *insn_ready_o, svBit *insn_done_o,
                          svBitVecVal *insn_cc_o, svBitVecVal *insn_exc_o, unsigned long long *insn_r1_o,
                          svBit *alert_req_o, svBitVecVal *alert_param_o) {
    cpumf_dpi *d = H(h);
    if (!d || check_cpu_out(d, cpu)) return -1;
    if (!d->have_out) return fail(d, "no cycle evaluated yet");
    const cpumf_cpu_out *o = &d->out.cpu[cpu];
    *stor_req_valid_o = o->stor_req_valid & 1u;
    *stor_req_we_o = o->stor_req_we & 1u;
    vout(stor_req_be_o, 8, o->stor_req_be);
    *stor_req_addr_o = o->stor_req_addr;
    *stor_req_wdata_o = o->stor_req_wdata;
    *insn_ready_o = o->insn_ready & 1u;
    *insn_done_o = o->insn_done & 1u;
    vout(insn_cc_o, 2, o->cc);
    vout(insn_exc_o, 8, o->exc);
    *insn_r1_o = o->r1;
    *alert_req_o = o->alert_req & 1u;
    vout(alert_param_o, 32, o->alert_param);
    return 0;
}

int cpumf_dpi_get_obs(void *h, int cpu, svBitVecVal *obs_cf_a_o, svBitVecVal *obs_cf_e_o,
                      svBitVecVal *obs_cf_c_o, svBit *obs_cg_a_o, svBitVecVal *obs_alert_o,
                      svBitVecVal *obs_insn_state_o, unsigned long long *obs_pp_o, svBitVecVal *obs_sf_a_o) {
    cpumf_dpi *d = H(h);
    if (!d || check_cpu_out(d, cpu)) return -1;
    if (!d->have_out) return fail(d, "no cycle evaluated yet");
    const cpumf_cpu_obs *o = &d->obs.cpu[cpu];
    vout(obs_cf_a_o, 6, o->cf_a);
    vout(obs_cf_e_o, 6, o->cf_e);
    vout(obs_cf_c_o, 6, o->cf_c);
    *obs_cg_a_o = o->cg_a & 1u;
    vout(obs_alert_o, 32, o->alert_pending);
    vout(obs_insn_state_o, 3, o->insn_state);
    *obs_pp_o = o->pp;
    vout(obs_sf_a_o, 2, o->sf_a);
    return 0;
}

int cpumf_dpi_get_counters(void *h, int cpu, svBitVecVal *obs_ctr_o) {
    cpumf_dpi *d = H(h);
    if (!d || check_cpu_out(d, cpu)) return -1;
    if (!d->have_out) return fail(d, "no cycle evaluated yet");
    for (unsigned s = 0; s < CPUMF_NSLOT; s++) {
        const uint64_t v = d->obs.cpu[cpu].ctr[s];
        obs_ctr_o[2 * s] = (svBitVecVal)(v & 0xffffffffu);
        obs_ctr_o[2 * s + 1] = (svBitVecVal)(v >> 32);
    }
    return 0;
}

int cpumf_dpi_get_global(void *h, svBitVecVal *obs_g_o) {
    cpumf_dpi *d = H(h);
    if (!d) return -1;
    if (!d->have_out) return fail(d, "no cycle evaluated yet");
    const cpumf_obs *o = &d->obs;
    vout(obs_g_o, 4,
         (o->g_e & 1u) | (unsigned)(o->g_c & 1u) << 1 | (unsigned)(o->g_change & 1u) << 2 |
             (unsigned)(o->mt_enabled & 1u) << 3);
    return 0;
}

int cpumf_dpi_get_cg_counters(void *h, int g, svBitVecVal *obs_cg_ctr_o) {
    cpumf_dpi *d = H(h);
    if (!d) return -1;
    if (!d->have_out) return fail(d, "no cycle evaluated yet");
    if (g < 0 || g >= CPUMF_MAX_CGS) {
        snprintf(d->err, sizeof d->err, "group index %d out of range", g);
        return -1;
    }
    for (unsigned k = 0; k < CPUMF_CG_NCTR; k++) {
        const uint64_t v = d->obs.cg_ctr[g][k];
        obs_cg_ctr_o[2 * k] = (svBitVecVal)(v & 0xffffffffu);
        obs_cg_ctr_o[2 * k + 1] = (svBitVecVal)(v >> 32);
    }
    return 0;
}

int cpumf_dpi_get_mt_counters(void *h, int core, svBitVecVal *obs_mt_ctr_o) {
    cpumf_dpi *d = H(h);
    if (!d) return -1;
    if (!d->have_out) return fail(d, "no cycle evaluated yet");
    if (core < 0 || core >= CPUMF_MAX_CPUS) {
        snprintf(d->err, sizeof d->err, "core index %d out of range", core);
        return -1;
    }
    for (unsigned k = 0; k < 2; k++) {
        const uint64_t v = d->obs.mt_ctr[core][k];
        obs_mt_ctr_o[2 * k] = (svBitVecVal)(v & 0xffffffffu);
        obs_mt_ctr_o[2 * k + 1] = (svBitVecVal)(v >> 32);
    }
    return 0;
}

/* ---- registers by name ------------------------------------------------------ */
int cpumf_dpi_read_register(void *h, const char *name, unsigned long long *value) {
    cpumf_dpi *d = H(h);
    uint64_t v = 0;
    if (!d) return -1;
    if (cpumf_read_register(d->sys, name ? name : "", &v) != 0) {
        snprintf(d->err, sizeof d->err, "%s", cpumf_last_error(d->sys));
        *value = 0;
        return -1;
    }
    *value = (unsigned long long)v;
    return 0;
}

#ifdef __cplusplus
}
#endif
