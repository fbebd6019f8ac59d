// SPDX-License-Identifier: Apache-2.0
// rtl_shim.cpp - the Verilator shim: moves cpumf_sys_in/out/obs to and from
// the packed-struct ports of cosim_top (CPU i at element i; the layout is the
// tables', tb/shared/rtl_bundle.h) and writes the FST.  This is the only C++ in
// the project; see tb/lockstep/rtl.h for the contract.
#include "rtl.h"

#include "shared/rtl_bundle.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>

#include "Vcosim_top.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#include "verilated_syms.h"
// The Makefile defines VM_COVERAGE=1 for the coverage build only.
#ifndef VM_COVERAGE
#define VM_COVERAGE 0
#endif
#if VM_COVERAGE
#include "verilated_cov.h"
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace
{

// The words of a Verilated port: a packed vector wider than 64 bits is a
// VlWide, narrower ones an integer (copied through a word buffer).
template <std::size_t N> inline uint32_t *words(VlWide<N> &port)
{
    return &port[0];
}
template <std::size_t N> inline const uint32_t *words(const VlWide<N> &port)
{
    return &port[0];
}

// The words of one CPU's lane in a per-CPU port of mf_system: its struct
// rounded up to whole words (mf_pkg::CPU_*_LANE); CPU i at word i * that.
inline unsigned lane_words(rtl_bundle b)
{
    return (rtl_bundle_bits(b) + 31u) / 32u;
}

// An assertion's hierarchical name in the report's terms: the units of CPU i
// as cpuI.UNIT (cpuI.mf_cpu for mf_cpu's own), the system's as mf_system or
// by their unit (cf_global); TOP.cosim_top.rtl.g_cpu[0].mf_cpu.sf_ctrl.AecValid_A
// is cpu0.sf_ctrl.AecValid_A.
std::string assert_name(const char *path)
{
    std::string s(path);
    const std::string top = "TOP.cosim_top.rtl.", cpu = "g_cpu[", own = "mf_cpu.";
    if (s.compare(0, top.size(), top) != 0)
        return s;
    s.erase(0, top.size());
    if (s.compare(0, cpu.size(), cpu) != 0)
        return s.find('.') == std::string::npos ? "mf_system." + s : s;
    std::size_t close = s.find("].");
    if (close == std::string::npos)
        return s;
    std::string rest = s.substr(close + 2);
    // mf_cpu's own assertion has one name after mf_cpu., a unit's two or more
    if (rest.compare(0, own.size(), own) == 0 && rest.find('.', own.size()) != std::string::npos)
        rest.erase(0, own.size());
    return "cpu" + s.substr(cpu.size(), close - cpu.size()) + "." + rest;
}

} // namespace

// A model's context, with the assertions it has reported: each assertion is
// reported at its first failure only, so that a run gone on past the
// difference (--run-on) lists every assertion the fault breaks once.
struct assert_context : VerilatedContext {
    std::set<std::string> reported;
};

// A failed assertion of rtl/ (rtl/mf_assert.svh), reported on the report's
// stream with the cycle whose closing edge checked it (the shim keeps the
// context's time at that cycle while it evaluates an edge); every assertion
// that fails is reported, in the order the Verilated model checks them, and the
// context's error flag fails the run (tb_rtl_assert_failed).
extern "C" void mf_assert_failed(const char *path)
{
    auto *ctx = static_cast<assert_context *>(Verilated::threadContextp());
    ctx->gotError(true);
    if (!ctx->reported.insert(path).second)
        return;
    std::fprintf(stderr, "ASSERTION at cycle %llu: %s\n",
                 static_cast<unsigned long long>(ctx->time()), assert_name(path).c_str());
}

// A cycle costs one full evaluation: tb_rtl_commit only lowers the clock
// (nothing reacts to that) and leaves the edge due, and the next tb_rtl_eval
// raises it together with the new inputs, which cosim_top takes through flops
// in the same region as the RTL's registers, so that these still see the
// inputs of the cycle that ends. Anything that reads the registers in between
// (tb_rtl_observe) applies the edge first. The waves show it as it is
// evaluated: cycle t from the rising edge at 10t (its registers, inputs and
// outputs), the clock falling at 10t+5.
struct tb_rtl {
    assert_context *ctx;
    Vcosim_top *top;
    VerilatedFstC *fst;
    uint64_t wave_from, wave_to, cycle;
    unsigned ncpu;
    unsigned in_words, out_words, obs_words; // lane_words of cpu_in_t, cpu_out_t, cpu_obs_t
    const uint32_t *obs;                     // mf_system's obs_o, where the RTL drives it
    bool edge_due; // the clock is low and the edge that ends r->cycle is not evaluated yet
    // What the mirror's ports hold (tb_rtl_mirror packs only what changed), once mirrored
    bool mirrored;
    cpumf_cpu_out mirror_out[RTL_NCPU];
    cpumf_cpu_obs mirror_obs[RTL_NCPU];
    cpumf_obs *mirror_sys;
};

// The edge left due by tb_rtl_commit, alone.
static void apply_edge(tb_rtl *r)
{
    if (!r->edge_due)
        return;
    r->top->clk_i = 1;
    r->ctx->time(r->cycle);
    r->top->eval();
    r->edge_due = false;
}

// Straps, and the CPUs that are not installed see all-zero inputs for the whole run.
static void apply_straps(tb_rtl *r, const cpumf_system_cfg *cfg)
{
    Vcosim_top *t = r->top;
    cpumf_system_cfg c = *cfg;
    // cpumf_create does the same: without groups there is none
    if (!c.model.has_cg)
        c.n_cg = 0;
    rtl_bundle_pack(RTL_CFG, &c, words(t->cfg_i), 0);
    const cpumf_cpu_in zero = {};
    for (unsigned i = 0; i < RTL_NCPU; i++)
        rtl_bundle_pack(RTL_CPU_IN, &zero, words(t->in_i) + i * r->in_words, 0);
}

extern "C" tb_rtl *tb_rtl_create(const cpumf_system_cfg *cfg, const tb_rtl_opts *opts, char *err,
                                 size_t errlen)
{
    if (cfg->n_cpus > RTL_NCPU || cfg->n_cg > RTL_NCG) {
        std::snprintf(err, errlen,
                      "system %s has %u CPUs and %u groups; the RTL build has at most %d and %d",
                      cfg->name, cfg->n_cpus, cfg->n_cg, RTL_NCPU, RTL_NCG);
        return nullptr;
    }
    tb_rtl *r = new tb_rtl();
    r->in_words = lane_words(RTL_CPU_IN);
    r->out_words = lane_words(RTL_CPU_OUT);
    r->obs_words = lane_words(RTL_CPU_OBS);
    r->ctx = new assert_context;
    // a failed assertion is reported by mf_assert_failed and the run goes on
    // to the lockstep's verdict, which it fails
    r->ctx->fatalOnError(false);
    r->ctx->commandArgs(opts->argc, opts->argv);
    // Tracing must be allowed before the model is built.
    r->ctx->traceEverOn(opts->fst_path != nullptr);
    r->top = new Vcosim_top{r->ctx, "TOP"};
    // The CPUs' registers, read in place where mf_system drives them: obs_o is public
    // (public_flat_rd), so the Verilated model lists it in the scope of its instance, which
    // Verilator's runtime finds by the design's own names (as VPI does), not by the member
    // name the generated C++ happens to give it.
    const VerilatedScope *rtl_scope = r->ctx->scopeFind("TOP.cosim_top.rtl");
    const VerilatedVar *obs_var = rtl_scope ? rtl_scope->varFind("obs_o") : nullptr;
    if (!obs_var) {
        std::snprintf(err, errlen, "the RTL build has no public TOP.cosim_top.rtl.obs_o");
        delete r->top;
        delete r->ctx;
        delete r;
        return nullptr;
    }
    r->obs = static_cast<const uint32_t *>(obs_var->datap());
    // the lanes the RTL was built with (rtl/mf_pkg_gen.svh) are the tables'
    if (sizeof r->top->in_i != 4u * RTL_NCPU * r->in_words ||
        sizeof r->top->out_o != 4u * RTL_NCPU * r->out_words ||
        obs_var->totalSize() != 4u * RTL_NCPU * r->obs_words) {
        std::snprintf(err, errlen, "the RTL build's port lanes differ from the tables: make gen");
        delete r->top;
        delete r->ctx;
        delete r;
        return nullptr;
    }
    r->ncpu = cfg->n_cpus;
    r->wave_from = opts->wave_from;
    r->wave_to = opts->wave_to;
    if (opts->fst_path) {
        r->mirror_sys = new cpumf_obs();
        r->fst = new VerilatedFstC;
        r->top->trace(r->fst, 99);
        r->fst->open(opts->fst_path);
    }
    // One reset edge before cycle 0 (docs/uarch.md section 1). The first
    // evaluation only initialises (it sees no edge); the straps then reach
    // the RTL through the input flops before the edge that reads them. The
    // strobe is toggled, not set: the xrand build starts it random.
    Vcosim_top *t = r->top;
    t->rst_ni = 0;
    t->clk_i = 0;
    t->eval();
    apply_straps(r, cfg);
    t->in_strobe_i = !t->in_strobe_i;
    t->eval();
    t->clk_i = 1;
    t->eval();
    t->rst_ni = 1;
    return r;
}

extern "C" void tb_rtl_destroy(tb_rtl *r)
{
    if (!r)
        return;
    apply_edge(r);
    if (r->fst) {
        r->fst->close();
        delete r->fst;
        delete r->mirror_sys;
    }
    r->top->final();
    delete r->top;
    delete r->ctx;
    delete r;
}

extern "C" int tb_rtl_assert_failed(const tb_rtl *r)
{
    return r->ctx->gotError();
}

extern "C" int tb_rtl_tracing(const tb_rtl *r, uint64_t cycle)
{
    return r->fst && cycle >= r->wave_from && cycle <= r->wave_to;
}

extern "C" void tb_rtl_eval(tb_rtl *r, uint64_t cycle, const cpumf_sys_in *in, cpumf_sys_out *out)
{
    Vcosim_top *t = r->top;
    uint32_t sys[1] = {0};
    r->ctx->time(r->cycle); // the edge, if due, ends r->cycle
    r->cycle = cycle;
    for (unsigned i = 0; i < r->ncpu; i++)
        rtl_bundle_pack(RTL_CPU_IN, &in->cpu[i], words(t->in_i) + i * r->in_words, 0);
    rtl_bundle_pack(RTL_SYS_IN, in, sys, 0);
    t->sys_i = static_cast<CData>(sys[0]);
    t->in_strobe_i = !t->in_strobe_i;
    if (r->edge_due) {
        t->clk_i = 1;
        r->edge_due = false;
    }
    t->eval();
    for (unsigned i = 0; i < r->ncpu; i++)
        rtl_bundle_unpack(RTL_CPU_OUT, words(t->out_o) + i * r->out_words, 0, &out->cpu[i]);
    if (tb_rtl_tracing(r, cycle))
        r->fst->dump(10 * cycle);
}

extern "C" void tb_rtl_commit(tb_rtl *r)
{
    Vcosim_top *t = r->top;
    if (t->clk_i) {
        t->clk_i = 0;
        t->eval();
    }
    r->edge_due = true;
    if (tb_rtl_tracing(r, r->cycle))
        r->fst->dump(10 * r->cycle + 5);
}

// The registers of CPU i where mf_system drives them (rtl.obs_o is public,
// not a port of the top: a port would copy all of them in every evaluation).
static const uint32_t *cpu_obs(tb_rtl *r, unsigned i)
{
    return r->obs + i * r->obs_words;
}

extern "C" void tb_rtl_observe(tb_rtl *r, cpumf_obs *obs)
{
    Vcosim_top *t = r->top;
    apply_edge(r);
    for (unsigned i = 0; i < r->ncpu; i++)
        rtl_bundle_unpack(RTL_CPU_OBS, cpu_obs(r, i), 0, &obs->cpu[i]);
    rtl_bundle_unpack(RTL_SYS_OBS, words(t->sys_obs_o), 0, obs);
}

extern "C" int tb_rtl_state_equal(tb_rtl *r, const cpumf_obs *expect, const uint64_t *const *ctr)
{
    Vcosim_top *t = r->top;
    apply_edge(r);
    for (unsigned i = 0; i < r->ncpu; i++)
        if (!rtl_cpu_obs_equal(cpu_obs(r, i), &expect->cpu[i], ctr ? ctr[i] : nullptr))
            return 0;
    return rtl_sys_obs_equal(words(t->sys_obs_o), expect);
}

// The first call packs everything and then brings the copies up to date; a
// later one packs only what differs from them.
extern "C" void tb_rtl_mirror(tb_rtl *r, const cpumf_sys_out *out, const cpumf_obs *obs)
{
    Vcosim_top *t = r->top;
    const unsigned out_bits = rtl_bundle_bits(RTL_CPU_OUT), obs_bits = rtl_bundle_bits(RTL_CPU_OBS);
    for (unsigned i = 0; i < r->ncpu; i++) {
        if (!r->mirrored) {
            rtl_bundle_pack(RTL_CPU_OUT, &out->cpu[i], words(t->model_out_i), i * out_bits);
            rtl_bundle_pack(RTL_CPU_OBS, &obs->cpu[i], words(t->model_obs_i), i * obs_bits);
        }
        rtl_bundle_pack_changed(RTL_CPU_OUT, &out->cpu[i], &r->mirror_out[i], words(t->model_out_i),
                                i * out_bits);
        rtl_bundle_pack_changed(RTL_CPU_OBS, &obs->cpu[i], &r->mirror_obs[i], words(t->model_obs_i),
                                i * obs_bits);
    }
    if (!r->mirrored)
        rtl_bundle_pack(RTL_SYS_OBS, obs, words(t->model_sys_obs_i), 0);
    rtl_bundle_pack_changed(RTL_SYS_OBS, obs, r->mirror_sys, words(t->model_sys_obs_i), 0);
    r->mirrored = true;
    // the mirror takes the values at the next evaluation
    t->model_strobe_i = !t->model_strobe_i;
}

extern "C" int tb_rtl_has_coverage(void)
{
    return VM_COVERAGE ? 1 : 0;
}

#if VM_COVERAGE
// Copies everything from fd in into the file f; 0, or -1 when a read or write
// failed.  Reads to the end whatever happens, so that the writer never meets
// a closed pipe.  Closes f.
static int copy_out(int in, std::FILE *f)
{
    char buf[65536];
    ssize_t n;
    bool bad = false;
    while ((n = read(in, buf, sizeof buf)) > 0)
        bad = bad || std::fwrite(buf, 1, (size_t)n, f) != (size_t)n;
    bad |= n < 0;
    bad |= std::fclose(f) != 0;
    return bad ? -1 : 0;
}
#endif

extern "C" int tb_rtl_write_coverage(tb_rtl *r, const char *path, char *err, size_t errlen)
{
#if VM_COVERAGE
    // VerilatedCovContext::write() stops the process when it cannot open its
    // file and says nothing when a write fails (a full disk would leave a
    // cut file): it writes into a pipe, and a child process copies the pipe
    // into the file with every error checked.
    int fd[2] = {-1, -1};
    std::FILE *f = std::fopen(path, "wb");
    pid_t pid = f && pipe(fd) == 0 ? fork() : -1;
    if (pid == 0) {
        close(fd[1]);
        _exit(copy_out(fd[0], f) ? 1 : 0);
    }
    if (pid < 0) {
        std::snprintf(err, errlen, "%s: cannot write: %s", path, std::strerror(errno));
        for (int k = 0; k < 2; k++)
            if (fd[k] >= 0)
                close(fd[k]);
        if (f)
            std::fclose(f);
        return -1;
    }
    std::fclose(f);
    close(fd[0]);
    char name[64];
    std::snprintf(name, sizeof name, "/proc/self/fd/%d", fd[1]);
    apply_edge(r);
    r->ctx->coveragep()->write(name);
    close(fd[1]);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
        return 0;
    std::snprintf(err, errlen, "%s: error writing: write failed (disk full?)", path);
    return -1;
#else
    (void)r;
    std::snprintf(err, errlen, "%s: this binary has no coverage (use cpumf-cosim-cov)", path);
    return -1;
#endif
}
