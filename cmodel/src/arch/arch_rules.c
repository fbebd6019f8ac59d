/* SPDX-License-Identifier: Apache-2.0 */
/*
 * arch_rules.c - pure functions for the architecture rules of the counter
 * facility: installed counters, state transitions, instruction checks and
 * decisions, operand byte arithmetic, alert clearing and counting rules.
 * No state, no side effects; see arch_rules.h.
 */
#include <string.h>
#include "arch/arch_rules.h"

unsigned arch_ext_max(unsigned csvn)
{
    if (csvn <= 1u)
        return 32u;
    if (csvn == 2u)
        return 48u;
    if (csvn <= 5u)
        return 128u;
    return 160u;
}

unsigned arch_installed_sets(const cpumf_model_cfg *m)
{
    unsigned s = CPUMF_SET_BASIC | CPUMF_SET_PROBLEM | CPUMF_SET_CRYPTO;
    if (m->n_ext > 0u)
        s |= CPUMF_SET_EXT;
    if (m->csvn > 3u)
        s |= CPUMF_SET_MT;
    return s;
}

unsigned arch_set_first_counter(unsigned set)
{
    switch (set) {
    case CPUMF_SET_BASIC: return 0u;
    case CPUMF_SET_PROBLEM: return 32u;
    case CPUMF_SET_CRYPTO: return 64u;
    case CPUMF_SET_EXT: return 128u;
    case CPUMF_SET_MT: return 448u;
    default: return 0u;
    }
}

unsigned arch_slot_set(unsigned slot)
{
    if (slot < CPUMF_SLOT_PROBLEM)
        return CPUMF_SET_BASIC;
    if (slot < CPUMF_SLOT_CRYPTO)
        return CPUMF_SET_PROBLEM;
    if (slot < CPUMF_SLOT_EXT)
        return CPUMF_SET_CRYPTO;
    if (slot < CPUMF_NSLOT)
        return CPUMF_SET_EXT;
    if (slot < CPUMF_NSLOT + 2u)
        return CPUMF_SET_MT;
    return 0u;
}

unsigned arch_slot_counter(unsigned slot)
{
    unsigned set = arch_slot_set(slot);
    if (set == 0u)
        return 0xFFFFFFFFu;
    return arch_set_first_counter(set) + (slot - arch_set_first_slot(set));
}

static unsigned counter_set(unsigned number)
{
    if (number < 32u)
        return CPUMF_SET_BASIC;
    if (number < 64u)
        return CPUMF_SET_PROBLEM;
    if (number < 128u)
        return CPUMF_SET_CRYPTO;
    if (number < 128u + CPUMF_MAX_EXT)
        return CPUMF_SET_EXT;
    if (number >= 448u && number < 496u)
        return CPUMF_SET_MT;
    return 0u;
}

int arch_counter_slot(const cpumf_model_cfg *m, unsigned number)
{
    unsigned set = counter_set(number);
    unsigned idx;
    if (set == 0u)
        return -1;
    idx = number - arch_set_first_counter(set);
    if (idx >= arch_set_count(m, set))
        return -1;
    if (set == CPUMF_SET_MT)
        return -2;
    return (int)(arch_set_first_slot(set) + idx);
}

int arch_state_valid(unsigned a, unsigned e, unsigned c)
{
    if (c && !e)
        return 0;
    if (e && !a)
        return 0;
    return 1;
}

int arch_transition_valid(unsigned a, unsigned e, unsigned c)
{
    if (!e && c)
        return 0;           /* no state has E = 0, C = 1 */
    return a || (!e && !c); /* an unauthorized set can only stay 000 */
}

static unsigned op_facility(const cpumf_model_cfg *m, unsigned op)
{
    switch (op) {
    case CPUMF_OP_LPP: return m->fac_lpp;
    case CPUMF_OP_LCCTL:
    case CPUMF_OP_LPCTL:
    case CPUMF_OP_QCTRI:
    case CPUMF_OP_ECCTR:
    case CPUMF_OP_EPCTR:
    case CPUMF_OP_SCCTR:
    case CPUMF_OP_SPCTR:
    case CPUMF_OP_ECPGA: return m->fac_cf;
    case CPUMF_OP_STCCTM: return m->fac_stcctm;
    case CPUMF_OP_LSCTL:
    case CPUMF_OP_QSI: return m->fac_sf;
    default: return 0u; /* >= 12: no such op */
    }
}

unsigned arch_decode_exception(const cpumf_model_cfg *m, unsigned op, unsigned m3, unsigned problem,
                               unsigned cr0_15, uint64_t r1, uint64_t r2, uint64_t addr)
{
    if (op >= CPUMF_OP_COUNT || !op_facility(m, op))
        return CPUMF_EXC_OPERATION;
    if (problem && !((op == CPUMF_OP_ECCTR || op == CPUMF_OP_STCCTM) && cr0_15))
        return CPUMF_EXC_PRIVILEGED;
    if (op == CPUMF_OP_STCCTM && m3 == 9u && problem)
        return CPUMF_EXC_SPECIAL_OP;
    switch (op) {
    case CPUMF_OP_ECCTR:
    case CPUMF_OP_SCCTR:
    case CPUMF_OP_ECPGA:
        if (r2 >> 16)
            return CPUMF_EXC_SPECIFICATION;
        break;
    case CPUMF_OP_EPCTR:
    case CPUMF_OP_SPCTR:
        if (r2 >> 24)
            return CPUMF_EXC_SPECIFICATION;
        break;
    case CPUMF_OP_STCCTM:
        if ((r1 >> 16) || (addr & 7u))
            return CPUMF_EXC_SPECIFICATION;
        if (!(m3 <= 3u || m3 == 5u || m3 == 9u))
            return CPUMF_EXC_SPECIFICATION;
        break;
    default: break;
    }
    return CPUMF_EXC_NONE;
}

arch_load_result arch_lcctl(const cpumf_model_cfg *m, uint64_t x, unsigned a, unsigned e,
                            unsigned c)
{
    arch_load_result r = {CPUMF_EXC_NONE, 3u, 0u, e, c};
    unsigned sets = arch_installed_sets(m) & CPUMF_SETS_NON_MT;
    unsigned ignored = 0u;
    unsigned req_e = (unsigned)(x >> 16) & ARCH_SETS_ALL;
    unsigned req_c = (unsigned)x & ARCH_SETS_ALL;
    uint64_t allowed;
    unsigned b;

    if (m->csvn > 3u)
        ignored |= CPUMF_SET_MT;
    if (m->csvn == 4u)
        ignored |= CPUMF_SET_RSVD;
    allowed = ((uint64_t)(sets | ignored) << 16) | (uint64_t)(sets | ignored);
    if (x & ~allowed) {
        r.exc = CPUMF_EXC_SPECIFICATION;
        return r;
    }
    for (b = 1u; b <= CPUMF_SET_CRYPTO; b <<= 1) {
        if (!(sets & b))
            continue;
        if (!arch_transition_valid((a & b) != 0u, (req_e & b) != 0u, (req_c & b) != 0u))
            return r; /* cc 3, nothing changes */
    }
    r.cc = 0u;
    r.apply = 1u;
    r.e = (e & ~sets) | (req_e & sets);
    r.c = (c & ~sets) | (req_c & sets);
    return r;
}

arch_load_result arch_lpctl(unsigned has_cg, unsigned cg_a, uint64_t x)
{
    arch_load_result r = {CPUMF_EXC_NONE, 3u, 0u, 0u, 0u};
    unsigned e = (unsigned)(x >> 1) & 1u, c = (unsigned)x & 1u;
    if (x >> 2) {
        r.exc = CPUMF_EXC_SPECIFICATION;
        return r;
    }
    if (!has_cg)
        return r;
    if (!arch_transition_valid(cg_a, e, c))
        return r;
    r.cc = 0u;
    r.apply = cg_a ? 1u : 0u; /* unauthorized asking 00: cc 0, no change */
    r.e = e;
    r.c = c;
    return r;
}

static unsigned m3_set(unsigned m3)
{
    switch (m3) {
    case 0u: return CPUMF_SET_EXT;
    case 1u: return CPUMF_SET_BASIC;
    case 2u: return CPUMF_SET_PROBLEM;
    case 3u: return CPUMF_SET_CRYPTO;
    case 5u:
    case 9u: return CPUMF_SET_MT;
    default: return 0u;
    }
}

arch_stcctm_result arch_stcctm(const cpumf_model_cfg *m, unsigned m3, uint64_t r1, unsigned e_mask,
                               uint32_t pending)
{
    arch_stcctm_result r = {3u, 0u, m3_set(m3)};
    unsigned n = (unsigned)(r1 & 0xFFFFu);
    unsigned avail = r.set ? arch_set_count(m, r.set) : 0u;
    if (n == 0u || avail == 0u || !(e_mask & r.set))
        return r;
    if (m3 == 5u && (pending & CPUMF_AL_LOSS_MT))
        return r;
    r.count = n < avail ? n : avail;
    r.cc = n == avail ? 0u : (n < avail ? 1u : 2u);
    return r;
}

int arch_ecctr_target(const cpumf_model_cfg *m, uint64_t r2, unsigned e_mask, uint32_t pending,
                      int write)
{
    unsigned number = (unsigned)(r2 & 0xFFFFu);
    int slot = arch_counter_slot(m, number);
    if (slot == -1)
        return -1;
    if (slot == -2) {
        if (write || !(e_mask & CPUMF_SET_MT) || (pending & CPUMF_AL_LOSS_MT))
            return -1;
        return (int)(ARCH_SLOT_MT0 + (number - 448u));
    }
    if (!(e_mask & arch_slot_set((unsigned)slot)))
        return -1;
    return slot;
}

unsigned arch_epctr_target(const cpumf_system_cfg *s, uint64_t r2, unsigned cg_a, unsigned g_e,
                           unsigned *grp, unsigned *ctr)
{
    unsigned addr = (unsigned)(r2 >> 8) & 0xFFFFu;
    unsigned n = (unsigned)(r2 & 0xFFu);
    unsigned g;
    if (!s->model.has_cg || n >= CPUMF_CG_NCTR || !cg_a || !g_e)
        return 3u;
    for (g = 0; g < s->n_cg && g < CPUMF_MAX_CGS; g++) {
        if (s->cg_addr[g] == addr) {
            *grp = g;
            *ctr = n;
            return 0u;
        }
    }
    return 3u;
}

unsigned arch_ecpga(const cpumf_system_cfg *s, uint64_t r1, uint64_t r2, uint64_t *r1_out)
{
    unsigned addr = (unsigned)(r2 & 0xFFFFu);
    unsigned i;
    *r1_out = r1;
    for (i = 0; i < s->n_cpus && i < CPUMF_MAX_CPUS; i++) {
        if (s->cpu_addr[i] == addr) {
            uint64_t ga = 0u;
            if (s->model.has_cg && s->cpu_cg[i] < CPUMF_MAX_CGS)
                ga = s->cg_addr[s->cpu_cg[i]];
            *r1_out = (r1 & 0xFFFFFFFF00000000ull) | (ga << 8);
            return 0u;
        }
    }
    return 3u;
}

void arch_qctri_block(const cpumf_model_cfg *m, unsigned a, unsigned e, unsigned c, unsigned cg_a,
                      unsigned g_e, unsigned g_c, unsigned g_change, uint64_t blk[8])
{
    uint64_t ga = (m->has_cg && cg_a) ? 1u : 0u;
    uint64_t ahw = (ga << 15) | (a & ARCH_SETS_ALL);
    uint64_t ehw = ((ga & (g_e ? 1u : 0u)) << 15) | (e & ARCH_SETS_ALL);
    uint64_t chw = ((ga & (g_c ? 1u : 0u)) << 15) | (c & ARCH_SETS_ALL);
    unsigned k;
    blk[0] = ((uint64_t)m->cfvn << 48) | (ahw << 32) | (ehw << 16) | chw;
    blk[1] = ((uint64_t)m->max_cpu_addr << 48) | ((uint64_t)m->csvn << 32) |
             ((uint64_t)m->max_cg_addr << 16) | ((ga & (g_change ? 1u : 0u)) << 15);
    for (k = 2; k < 8; k++)
        blk[k] = 0u;
}

unsigned arch_operand_ndw(uint64_t addr, unsigned len)
{
    return (unsigned)(((addr & 7u) + len + 7u) / 8u);
}

uint64_t arch_operand_dw_addr(uint64_t addr, unsigned k)
{
    return (addr & ~(uint64_t)7u) + 8u * (uint64_t)k;
}

unsigned arch_operand_be(uint64_t addr, unsigned len, unsigned k)
{
    uint64_t d = arch_operand_dw_addr(addr, k);
    unsigned be = 0u, b;
    for (b = 0; b < 8u; b++) {
        uint64_t off = d + b - addr; /* wraps modulo 2^64 */
        if (off < len)
            be |= 0x80u >> b;
    }
    return be;
}

uint64_t arch_fetch_merge(uint64_t addr, unsigned len, unsigned k, uint64_t data, uint64_t operand)
{
    uint64_t d = arch_operand_dw_addr(addr, k);
    unsigned b;
    for (b = 0; b < 8u; b++) {
        uint64_t off = d + b - addr;
        if (off < len) {
            uint64_t byte = (data >> (56u - 8u * b)) & 0xFFu;
            unsigned sh = 8u * (len - 1u - (unsigned)off);
            operand = (operand & ~((uint64_t)0xFFu << sh)) | (byte << sh);
        }
    }
    return operand;
}

void arch_fetch_merge_block(uint64_t addr, unsigned len, unsigned k, uint64_t data, uint64_t *opnd,
                            unsigned nw)
{
    uint64_t d = arch_operand_dw_addr(addr, k);
    unsigned b;
    for (b = 0; b < 8u; b++) {
        uint64_t off = d + b - addr;
        if (off < len && off < 8u * (uint64_t)nw) {
            unsigned j = (unsigned)off;
            unsigned sh = 56u - 8u * (j % 8u);
            uint64_t byte = (data >> (56u - 8u * b)) & 0xFFu;
            opnd[j / 8u] = (opnd[j / 8u] & ~((uint64_t)0xFFu << sh)) | (byte << sh);
        }
    }
}

uint64_t arch_store_data(uint64_t addr, unsigned len, unsigned k, const uint64_t *opnd)
{
    uint64_t d = arch_operand_dw_addr(addr, k);
    uint64_t data = 0u;
    unsigned b;
    for (b = 0; b < 8u; b++) {
        uint64_t off = d + b - addr;
        if (off < len) {
            unsigned j = (unsigned)off;
            uint64_t byte = (opnd[j / 8u] >> (56u - 8u * (j % 8u))) & 0xFFu;
            data |= byte << (56u - 8u * b);
        }
    }
    return data;
}

arch_auth_result arch_auth_change(unsigned a, unsigned e, unsigned c, unsigned set_bits,
                                  unsigned clr_bits)
{
    arch_auth_result r;
    unsigned lost;
    r.raised = 0u;
    a |= set_bits & ARCH_SETS_ALL & ~CPUMF_SET_RSVD;
    lost = a & clr_bits & ARCH_SETS_ALL;
    if (lost & e)
        r.raised |= CPUMF_AL_CF_AUTH;
    r.a = a & ~lost;
    r.e = e & ~lost;
    r.c = c & ~lost;
    return r;
}

arch_auth_result arch_loss_cpu(unsigned a, unsigned e, unsigned c, unsigned named)
{
    arch_auth_result r;
    unsigned hit = named & CPUMF_SETS_NON_MT & a & e & c;
    r.a = a;
    r.e = e;
    r.c = c & ~hit;
    r.raised = hit ? CPUMF_AL_LOSS_CPU : 0u;
    return r;
}

uint32_t arch_alert_next(uint32_t pending, unsigned taken, unsigned clear_mt, uint32_t raised,
                         unsigned sf_enabled_next, unsigned cf_nonmt_enabled_next,
                         unsigned any_reset)
{
    uint32_t p = taken ? 0u : pending;
    if (clear_mt)
        p &= ~CPUMF_AL_LOSS_MT;
    p |= raised;
    if (!sf_enabled_next)
        p &= ~CPUMF_AL_SF_GROUP;
    if (!cf_nonmt_enabled_next)
        p &= ~CPUMF_AL_LOSS_CPU;
    if (any_reset)
        p = 0u;
    return p;
}

uint64_t arch_crypto_increment(const cpumf_cpu_in *io, unsigned k)
{
    unsigned eng = k / 4u;
    uint8_t v;
    switch (k % 4u) {
    case 0: v = io->cr_fn; break;
    case 1: v = io->cr_busy; break;
    case 2: v = io->cr_bfn; break;
    default: v = io->cr_bcyc; break;
    }
    return (uint64_t)(((unsigned)v >> eng) & 1u);
}

uint64_t arch_ext_increment(const cpumf_cpu_in *io, unsigned k)
{
    return cpumf_ext_count(io, k);
}

void arch_cg_accumulate(const cpumf_cpu_in *io, uint64_t inc[CPUMF_CG_NCTR])
{
    unsigned sha_fn = (io->cr_fn >> 1) & 1u, sha_busy = (io->cr_busy >> 1) & 1u;
    unsigned sha_bfn = (io->cr_bfn >> 1) & 1u, sha_bcyc = (io->cr_bcyc >> 1) & 1u;
    unsigned da_fn = ((io->cr_fn >> 2) & 1u) + ((io->cr_fn >> 3) & 1u);
    unsigned da_bfn = ((io->cr_bfn >> 2) & 1u) + ((io->cr_bfn >> 3) & 1u);
    unsigned da_busy = (io->cr_busy & 0x0Cu) ? 1u : 0u;
    unsigned da_bcyc = (io->cr_bcyc & 0x0Cu) ? 1u : 0u;
    inc[0] += sha_fn;
    inc[1] |= sha_busy;
    inc[2] += sha_bfn;
    inc[3] += sha_bcyc;
    inc[4] += da_fn;
    inc[5] |= da_busy;
    inc[6] += da_bfn;
    inc[7] += da_bcyc;
}

unsigned arch_change_next(unsigned e_next, unsigned change, unsigned disable, unsigned addr_change)
{
    return (e_next && ((change && !disable) || addr_change)) ? 1u : 0u;
}

int arch_mt_counter(unsigned n_running, unsigned any_active)
{
    if (!any_active)
        return -1;
    if (n_running == 1u)
        return 0;
    if (n_running == 2u)
        return 1;
    return -1;
}

arch_access arch_operand_access(unsigned op, uint64_t addr, unsigned stc_count)
{
    arch_access a = {ARCH_ACC_NONE, 0u, 0u};
    switch (op) {
    case CPUMF_OP_LPP:
    case CPUMF_OP_LCCTL:
    case CPUMF_OP_LPCTL:
        a.kind = ARCH_ACC_FETCH;
        a.len = 8u;
        a.ndw = arch_operand_ndw(addr, 8u);
        break;
    case CPUMF_OP_LSCTL:
        a.kind = ARCH_ACC_FETCH;
        a.len = 64u;
        a.ndw = arch_operand_ndw(addr, 64u);
        break;
    case CPUMF_OP_QCTRI:
    case CPUMF_OP_QSI:
        a.kind = ARCH_ACC_PROBE;
        a.len = 64u;
        a.ndw = arch_operand_ndw(addr, 64u);
        break;
    case CPUMF_OP_STCCTM:
        if (stc_count > 0u) {
            a.kind = ARCH_ACC_PROBE;
            a.len = 8u * stc_count;
            a.ndw = stc_count;
        }
        break;
    default: break;
    }
    return a;
}

unsigned arch_stcctm_slot(unsigned set, unsigned k)
{
    if (set == CPUMF_SET_MT)
        return ARCH_SLOT_MT0 + (k & 1u);
    return arch_set_first_slot(set) + k;
}

arch_exec_result arch_exec(const cpumf_system_cfg *cfg, const arch_exec_in *x)
{
    const cpumf_model_cfg *m = &cfg->model;
    arch_exec_result r;
    arch_load_result lr;
    unsigned grp = 0u, ctr = 0u;
    int t;

    memset(&r, 0, sizeof r);
    r.r1 = x->r1;
    switch (x->op) {
    case CPUMF_OP_LPP: {
        /* the register of the level the CPU runs at (SF-LPP-1); sf_e is the
         * executing set's E, the LPAR set's below level 2 (SF-LVL-2) */
        unsigned vm = arch_sf_exec_set(x->level) == ARCH_LVL_VM;
        if (arch_lpp_loads(x->level, vm ? x->sf_e_lpar : x->sf_e, vm ? x->sf_e : 0u, x->sf_lower)) {
            r.fx = ARCH_FX_LPP;
            r.value = x->operand;
            r.vm = vm;
        }
        break;
    }
    case CPUMF_OP_LCCTL:
    case CPUMF_OP_LPCTL:
        if (x->op == CPUMF_OP_LCCTL)
            lr = arch_lcctl(m, x->operand, x->a, x->e, x->c);
        else
            lr = arch_lpctl(m->has_cg, x->cg_a, x->operand);
        if (lr.exc) {
            r.exc = lr.exc;
            break;
        }
        r.cc = lr.cc;
        if (lr.apply) {
            r.fx = x->op == CPUMF_OP_LCCTL ? ARCH_FX_LCCTL : ARCH_FX_LPCTL;
            r.e = lr.e;
            r.c = lr.c;
        }
        break;
    case CPUMF_OP_ECCTR:
    case CPUMF_OP_SCCTR:
        t = arch_ecctr_target(m, x->r2, x->e, x->pending, x->op == CPUMF_OP_SCCTR);
        if (t < 0) {
            r.cc = 3u;
        } else if (x->op == CPUMF_OP_SCCTR) {
            r.fx = ARCH_FX_SCCTR;
            r.slot = (unsigned)t;
            r.value = x->r1;
        } else {
            r.rd = ARCH_RD_CTR;
            r.slot = (unsigned)t;
        }
        break;
    case CPUMF_OP_EPCTR:
    case CPUMF_OP_SPCTR:
        r.cc = arch_epctr_target(cfg, x->r2, x->cg_a, x->g_e, &grp, &ctr);
        if (r.cc == 0u) {
            r.grp = grp;
            r.ctr = ctr;
            if (x->op == CPUMF_OP_EPCTR) {
                r.rd = ARCH_RD_CG;
            } else {
                r.fx = ARCH_FX_SPCTR;
                r.value = x->r1;
            }
        }
        break;
    case CPUMF_OP_ECPGA: r.cc = arch_ecpga(cfg, x->r1, x->r2, &r.r1); break;
    case CPUMF_OP_QCTRI:
    case CPUMF_OP_QSI: r.store = 1u; break;
    case CPUMF_OP_LSCTL: {
        static const uint64_t zero[4] = {0u, 0u, 0u, 0u};
        arch_lsctl_result lr2 =
            arch_lsctl(m, x->blk ? x->blk : zero, x->sf_a, x->sf_e, x->sf_c, x->level);
        r.exc = lr2.exc;
        r.cc = lr2.exc ? 0u : lr2.cc;
        r.unauth_bad_interval = lr2.unauth_bad_interval;
        if (lr2.apply) {
            r.fx = ARCH_FX_LSCTL;
            r.set = arch_sf_exec_set(x->level);
            r.e = lr2.e;
            r.c = lr2.c;
            r.sf_load = lr2.load;
            r.s = lr2.s;
            r.h = lr2.h;
            r.interval = lr2.interval;
            r.tear = lr2.tear;
            r.dear = lr2.dear;
        }
        break;
    }
    case CPUMF_OP_STCCTM:
        r.clear_mt = x->m3 == 9u;
        r.cc = x->stc_cc;
        r.store = x->stc_count > 0u;
        break;
    default: break;
    }
    return r;
}

int arch_sets_cc(unsigned op, unsigned exc)
{
    if (exc != CPUMF_EXC_NONE)
        return 0;
    return !(op == CPUMF_OP_LPP || op == CPUMF_OP_QCTRI || op == CPUMF_OP_QSI);
}

/* ------------------------------------------------------------ sampling */

#define LSCTL_ALLOWED 0xC000000000000303ull /* S, H, Es, Ed, Cs, Cd */

int arch_sf_interval_valid(const cpumf_model_cfg *m, uint64_t interval)
{
    return interval >= m->min_interval && interval <= m->max_interval;
}

arch_lsctl_result arch_lsctl(const cpumf_model_cfg *m, const uint64_t opnd[4], unsigned a,
                             unsigned e, unsigned c, unsigned level)
{
    arch_lsctl_result r;
    uint64_t x = opnd[0];
    unsigned b, bad_interval;
    memset(&r, 0, sizeof r);
    r.cc = 3u;
    r.e = (unsigned)(((x >> 9) & 1u) ? CPUMF_SF_BASIC : 0u) |
          (unsigned)(((x >> 8) & 1u) ? CPUMF_SF_DIAG : 0u);
    r.c = (unsigned)(((x >> 1) & 1u) ? CPUMF_SF_BASIC : 0u) |
          (unsigned)((x & 1u) ? CPUMF_SF_DIAG : 0u);
    r.s = (unsigned)(x >> 63) & 1u;
    r.h = level == 2u ? 0u : (unsigned)(x >> 62) & 1u;
    r.interval = opnd[1];
    r.tear = opnd[2];
    r.dear = opnd[3];
    r.load = (r.e & r.c) != 0u;
    bad_interval = !arch_sf_interval_valid(m, r.interval);
    /* (1) reserved bits, (2) the interval when an authorized function is
     * activated (from disabled, inactive or active: SF-LSCTL-2) */
    if ((x & ~LSCTL_ALLOWED) || ((r.e & r.c & a) && bad_interval)) {
        r.exc = CPUMF_EXC_SPECIFICATION;
        r.load = 0u;
        return r;
    }
    /* (3) every function's transition valid, else cc 3 whatever the interval */
    for (b = 1u; b <= CPUMF_SF_DIAG; b <<= 1) {
        if (!arch_transition_valid((a & b) != 0u, (r.e & b) != 0u, (r.c & b) != 0u)) {
            r.unauth_bad_interval = r.load && bad_interval;
            r.load = 0u;
            return r;
        }
    }
    (void)e;
    (void)c;
    r.cc = 0u;
    r.apply = 1u;
    return r;
}

void arch_qsi_block(const cpumf_model_cfg *m, unsigned a, unsigned e, unsigned c, uint64_t tear,
                    uint64_t dear, uint64_t blk[8])
{
    /* basic: bits 49/41/33, diagnostic: 48/40/32 */
#define SFBITS(v, sh)                                                                              \
    ((uint64_t)(((v)&CPUMF_SF_BASIC) ? 2u : 0u) << (sh) |                                          \
     (uint64_t)(((v)&CPUMF_SF_DIAG) ? 1u : 0u) << (sh))
    blk[0] = SFBITS(a, 48) | SFBITS(e, 40) | SFBITS(c, 32) | ((uint64_t)m->bsdes << 16) |
             (uint64_t)m->dsdes;
#undef SFBITS
    blk[1] = m->min_interval;
    blk[2] = m->max_interval;
    blk[3] = tear;
    blk[4] = dear;
    blk[5] = (uint64_t)m->cpu_speed;
    blk[6] = 0u;
    blk[7] = 0u;
}

uint32_t arch_lfsr_step(uint32_t x)
{
    uint32_t b = x & 1u;
    x >>= 1;
    if (b)
        x ^= CPUMF_LFSR_TAPS;
    return x;
}

arch_draw arch_lfsr_draw(uint32_t *x)
{
    arch_draw d;
    uint32_t v = *x;
    unsigned i;
    for (i = 0; i < 8u; i++)
        v = arch_lfsr_step(v);
    *x = v;
    d.r = v & 0xFFu;
    d.b = (v >> 8) & 1u;
    return d;
}

uint32_t arch_lfsr_power_on(uint32_t seed, unsigned index)
{
    unsigned r = index & 31u;
    return r ? (uint32_t)((seed << r) | (seed >> (32u - r))) : seed;
}

uint32_t arch_lfsr_power_on_set(uint32_t seed, unsigned index, unsigned set)
{
    return arch_lfsr_power_on(seed, set == ARCH_LVL_VM ? index + 16u : index);
}

unsigned arch_sf_exec_set(unsigned level)
{
    return (level & 3u) == 2u ? ARCH_LVL_VM : ARCH_LVL_LPAR;
}

unsigned arch_set_has_h(unsigned set)
{
    return set == ARCH_LVL_LPAR;
}

unsigned arch_lpp_loads(unsigned level, unsigned e_lpar, unsigned e_vm, unsigned sf_lower)
{
    if (arch_sf_exec_set(level) == ARCH_LVL_VM)
        return (e_vm | e_lpar) != 0u;
    return e_lpar != 0u || (sf_lower & 1u);
}

unsigned arch_sf_set_tick(unsigned set, unsigned active, const cpumf_cpu_in *io, unsigned dedicated,
                          unsigned core_busy)
{
    if (set == ARCH_LVL_VM && arch_sf_exec_set(io->level) != ARCH_LVL_VM)
        return 0u;
    return arch_sf_tick(active, io, dedicated, core_busy);
}

unsigned arch_sf_capture(unsigned set, unsigned due, unsigned upd_idle, unsigned lsctl_exec,
                         unsigned due_lpar)
{
    return due && upd_idle && !lsctl_exec && !(set == ARCH_LVL_VM && due_lpar);
}

unsigned arch_entry_hb(unsigned set, unsigned h)
{
    return set == ARCH_LVL_LPAR ? h & 1u : 0u;
}

uint64_t arch_interval_reload(unsigned mode, uint64_t interval, arch_draw d)
{
    /* r + b spans 0..256 with mean 128 (r, b uniform): R is centred on I.  Our
     * own reload, not the Arm SPE's random low byte, whose mean is 128 above
     * the interval (docs/uarch.md section 16) */
    if (mode == CPUMF_INT_RANDOM)
        return interval - 128u + (d.r & 0xFFu) + (d.b & 1u);
    return interval;
}

int arch_interval_draws(unsigned mode)
{
    return mode == CPUMF_INT_RANDOM;
}

unsigned arch_core_busy(const cpumf_system_cfg *cfg, const cpumf_cpu_in *cpus, unsigned index)
{
    unsigned tpc = cfg->threads_per_core ? cfg->threads_per_core : 1u;
    unsigned first = index - index % tpc, j;
    for (j = first; j < first + tpc && j < cfg->n_cpus && j < CPUMF_MAX_CPUS; j++)
        if (j != index && !(cpus[j].stopped & 1u) && !(cpus[j].wait & 1u))
            return 1u;
    return 0u;
}

unsigned arch_sf_tick(unsigned active, const cpumf_cpu_in *io, unsigned dedicated,
                      unsigned core_busy)
{
    if (!active || (io->stopped & 1u))
        return 0u;
    return dedicated || !(io->wait & 1u) || core_busy;
}

unsigned arch_reset_any(unsigned reset)
{
    return reset >= CPUMF_RESET_CPU && reset <= CPUMF_RESET_BASIC_MACHINE_CLEAR;
}

unsigned arch_reset_clears(unsigned reset)
{
    return reset >= CPUMF_RESET_INITIAL_CPU && reset <= CPUMF_RESET_BASIC_MACHINE_CLEAR;
}

unsigned arch_reset_disables_groups(unsigned reset)
{
    return reset == CPUMF_RESET_POWER_ON || reset == CPUMF_RESET_BASIC_MACHINE_CLEAR;
}

unsigned arch_level_possible(unsigned level, unsigned secure_guest)
{
    return level <= CPUMF_LEVEL_VM && (!secure_guest || level == CPUMF_LEVEL_VM);
}

unsigned arch_reset_ends_mt(unsigned reset)
{
    return reset >= CPUMF_RESET_CLEAR && reset <= CPUMF_RESET_BASIC_MACHINE_CLEAR;
}

unsigned arch_resets_end_mt(const cpumf_system_cfg *cfg, const cpumf_cpu_in *cpus)
{
    unsigned i;
    for (i = 0; i < cfg->n_cpus && i < CPUMF_MAX_CPUS; i++)
        if (arch_reset_ends_mt(cpus[i].reset))
            return 1u;
    return 0u;
}

unsigned arch_mt_next(unsigned mt, unsigned sigp, unsigned enable, unsigned ended)
{
    if (sigp)
        mt = enable;
    return ended ? 0u : mt;
}

unsigned arch_mt_controls(unsigned a, unsigned mt)
{
    return mt ? a & CPUMF_SET_MT : 0u;
}

unsigned arch_entry_size(const cpumf_model_cfg *m, unsigned active)
{
    unsigned e = 0u;
    if (active & CPUMF_SF_BASIC)
        e += 32u;
    if (active & CPUMF_SF_DIAG)
        e += m->dsdes;
    return e;
}

void arch_bsde(const cpumf_cpu_in *io, const arch_sample_regs *sr, uint64_t dw[4])
{
    unsigned cl = io->level & 3u;
    unsigned ls = (io->secure_guest & 1u) && !(io->pcf49 & 1u);
    unsigned w = io->wait & 1u;
    uint64_t u = (!w && (io->uniq & 1u)) ? (io->uniq_count & 0xFu) : 0u;
    /* H is the LPAR level's host indicator: Hb is H in an entry of the LPAR
     * set's blocks, 0 in one of the VM set's (SF-LVL-4); the parameters follow
     * H and the level whatever the blocks.  The VM level's parameter is the
     * guest one (with H = 0 the architecture leaves that field unpredictable:
     * it holds pp_vm) */
    uint64_t h = sr->h & 1u, hb = arch_entry_hb(sr->set, sr->h);
    uint64_t host = h ? sr->pp : 0u;
    uint64_t guest = cl == 2u ? sr->pp_vm : h ? 0u : sr->pp;
    dw[0] = ((uint64_t)1u << 48) | ((uint64_t)(io->entry_inconsistent & 1u) << 32) |
            ((uint64_t)cl << 30) | (hb << 29) | ((uint64_t)ls << 28);
    dw[1] = 0u;
    dw[2] = 0u;
    dw[3] = host;
    if (!ls) {
        dw[0] |= (u << 40) | ((uint64_t)(io->dat & 1u) << 37) | ((uint64_t)w << 36) |
                 ((uint64_t)(io->problem & 1u) << 35) | ((uint64_t)(io->as & 3u) << 33) |
                 (uint64_t)io->asn;
        dw[1] = io->ia;
        dw[2] = guest;
    }
}

void arch_dsde(const cpumf_model_cfg *m, const cpumf_cpu_in *io, uint64_t *dw)
{
    unsigned n = m->dsdes / 8u, k;
    unsigned ls = (io->secure_guest & 1u) && !(io->pcf49 & 1u);
    if (n > 16u)
        n = 16u;
    for (k = 0; k < n; k++)
        dw[k] = 0u;
    if (n > 0u)
        dw[0] = ((uint64_t)m->dsde_format << 48) | ((uint64_t)(io->entry_inconsistent & 1u) << 32);
    if (ls)
        return; /* bytes 4 to the end are zero */
    if (n > 1u)
        dw[1] = io->diag;
    if (n > 2u)
        dw[2] = io->tod;
}

unsigned arch_sample_entry(const cpumf_model_cfg *m, unsigned active, const cpumf_cpu_in *io,
                           const arch_sample_regs *sr, uint64_t dw[ARCH_ENTRY_MAX_DW])
{
    unsigned n = 0u;
    if (active & CPUMF_SF_BASIC) {
        arch_bsde(io, sr, dw);
        n = 4u;
    }
    if (active & CPUMF_SF_DIAG) {
        arch_dsde(m, io, dw + n);
        n += (m->dsdes / 8u > 16u) ? 16u : m->dsdes / 8u;
    }
    return n;
}

uint64_t arch_sdb_size(unsigned s)
{
    return s ? 1048576u : 4096u;
}

uint64_t arch_sdb_trailer(uint64_t d, uint64_t b)
{
    return (d & ~(b - 1u)) + b - ARCH_TRAILER_SIZE;
}

int arch_sdb_entry_invalid(uint64_t d, uint64_t b)
{
    return d < ARCH_SDB_MIN_ADDR || (d & (b - 1u)) > b - ARCH_TRAILER_SIZE;
}

int arch_sdb_fits(uint64_t trl, uint64_t d, unsigned e)
{
    return trl - d >= (uint64_t)e;
}

uint64_t arch_trailer_sizes(unsigned bsdes, unsigned dsdes)
{
    return ((uint64_t)(bsdes & 0xFFFFu) << 16) | (uint64_t)(dsdes & 0xFFFFu);
}

uint64_t arch_stor_update(unsigned op, uint64_t old, uint64_t wdata, unsigned be)
{
    uint64_t m = 0u;
    unsigned b;
    if (op == CPUMF_STOR_OP_ADD)
        return old + wdata;
    for (b = 0; b < 8u; b++)
        if (be & (0x80u >> b))
            m |= (uint64_t)0xFFu << (56u - 8u * b);
    if (op == CPUMF_STOR_OP_OR)
        return old | (wdata & m);
    return (old & ~m) | (wdata & m);
}

unsigned arch_timestamp_ndw(unsigned t)
{
    return t ? 2u : 1u;
}

uint64_t arch_timestamp_dw(uint64_t tod, unsigned t, unsigned k)
{
    if (!t)
        return tod;
    return k == 0u ? tod >> 8 : (tod & 0xFFu) << 56;
}

arch_sdbt_entry arch_sdbt_classify(uint64_t e, uint64_t n, uint64_t b)
{
    arch_sdbt_entry r;
    r.kind = (unsigned)(e & 1u);
    r.origin = r.kind == ARCH_SDBT_TABLE ? e & ~(uint64_t)0xFu : e & ~(b - 1u);
    r.last = ((n + 8u) & (b - 1u)) == 0u;
    return r;
}
