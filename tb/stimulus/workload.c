/* SPDX-License-Identifier: Apache-2.0 */
/* workload.c - seeded CPU-activity generator and activity overrides. */
#include "workload.h"

#include <stdio.h>
#include <string.h>

#include "parse.h"
#include "rng.h"

static const char *const level_names[TB_WL_NLEVEL] = {"wait",
                                                      "problem",
                                                      "dat",
                                                      "as",
                                                      "asn",
                                                      "secure_guest",
                                                      "pcf49",
                                                      "entry_inconsistent",
                                                      "sf_lower_enabled"};
static const uint16_t level_max[TB_WL_NLEVEL] = {1, 1, 1, 3, 0xffff, 1, 1, 1, 1};

const char *tb_wl_level_name(unsigned k)
{
    return level_names[k];
}

static int find_level(const char *k)
{
    int i;
    for (i = 0; i < TB_WL_NLEVEL; i++)
        if (strcmp(k, level_names[i]) == 0)
            return i;
    return -1;
}

static int parse_l1(const jdoc *d, const cJSON *o, tb_workload_cfg *w, int which, char *err,
                    size_t errlen)
{
    static const char *const keys[] = {"miss", "penalty", NULL};
    const cJSON *n;
    if (jdoc_check_keys(d, o, keys, err, errlen) != 0)
        return -1;
    if ((n = cJSON_GetObjectItemCaseSensitive(o, "miss")) &&
        tb_parse_rate(d, n, &w->l1_miss[which], err, errlen))
        return -1;
    if ((n = cJSON_GetObjectItemCaseSensitive(o, "penalty")) &&
        tb_parse_range(d, n, 0, 1000, &w->l1_pen_min[which], &w->l1_pen_max[which], err, errlen))
        return -1;
    return 0;
}

static const char *const engine_names[5] = {"prng", "sha", "dea", "aes", "ecc"};

static int parse_crypto(const jdoc *d, const cJSON *o, tb_workload_cfg *w, char *err, size_t errlen)
{
    static const char *const keys[] = {
        "active", "engines", "functions", "busy", "blocked_functions", "blocked_cycles", NULL};
    static const char *const rk[4] = {"functions", "busy", "blocked_functions", "blocked_cycles"};
    const cJSON *n;
    int i;
    if (jdoc_check_keys(d, o, keys, err, errlen) != 0)
        return -1;
    if ((n = cJSON_GetObjectItemCaseSensitive(o, "active")) &&
        tb_parse_rate(d, n, &w->cr_active, err, errlen))
        return -1;
    w->cr_engines = 0x1f;
    if ((n = cJSON_GetObjectItemCaseSensitive(o, "engines"))) {
        const cJSON *e;
        if (!cJSON_IsArray(n))
            return jdoc_fail(d, n, err, errlen,
                             "engines: expected an array of prng, sha, dea, aes, ecc");
        w->cr_engines = 0;
        cJSON_ArrayForEach(e, n)
        {
            const char *s;
            int k, f = -1;
            if (jdoc_str(d, e, &s, err, errlen) != 0)
                return -1;
            for (k = 0; k < 5; k++)
                if (strcmp(s, engine_names[k]) == 0)
                    f = k;
            if (f < 0)
                return jdoc_fail(d, e, err, errlen,
                                 "unknown engine \"%s\" (prng, sha, dea, aes, ecc)", s);
            w->cr_engines |= (uint8_t)(1u << f);
        }
    }
    for (i = 0; i < 4; i++) {
        uint64_t t = 0;
        if ((n = cJSON_GetObjectItemCaseSensitive(o, rk[i]))) {
            if (tb_parse_rate(d, n, &t, err, errlen))
                return -1;
            w->cr_thr[i] = (uint32_t)((t + 32768u) >> 16);
        }
    }
    return 0;
}

int tb_workload_from_json(const jdoc *d, const cJSON *obj, tb_workload_cfg *w, char *err,
                          size_t errlen)
{
    static const char *const keys[] = {
        "name", "description", "levels", "flips", "insn_rate", "insn_burst", "l1i",     "l1d",
        "uniq", "crypto",      "ext",    "ia",    "branch",    "tod",        "program", NULL};
    const cJSON *n, *it;
    uint64_t v;
    memset(w, 0, sizeof *w);
    w->insn_burst = 1;
    w->tod_step = 1;
    w->ia0 = 0x10000;
    if (!cJSON_IsObject(obj))
        return jdoc_fail(d, obj, err, errlen, "workload: expected an object");
    if (jdoc_check_keys(d, obj, keys, err, errlen) != 0)
        return -1;
    n = cJSON_GetObjectItemCaseSensitive(obj, "name");
    if (n) {
        const char *s;
        if (jdoc_str(d, n, &s, err, errlen) != 0)
            return -1;
        if (strlen(s) >= sizeof w->name)
            return jdoc_fail(d, n, err, errlen, "name longer than %zu characters",
                             sizeof w->name - 1);
        snprintf(w->name, sizeof w->name, "%s", s);
    } else {
        snprintf(w->name, sizeof w->name, "inline");
    }
    if ((n = cJSON_GetObjectItemCaseSensitive(obj, "description"))) {
        const char *s;
        if (jdoc_str(d, n, &s, err, errlen) != 0)
            return -1;
    }
    if ((n = cJSON_GetObjectItemCaseSensitive(obj, "levels"))) {
        if (!cJSON_IsObject(n))
            return jdoc_fail(d, n, err, errlen, "levels: expected an object");
        cJSON_ArrayForEach(it, n)
        {
            int k = find_level(it->string);
            if (k < 0)
                return jdoc_fail(d, it, err, errlen, "unknown key \"%s\" in levels", it->string);
            if (tb_parse_u64(d, it, 0, level_max[k], &v, err, errlen))
                return -1;
            w->level0[k] = (uint16_t)v;
        }
    }
    if ((n = cJSON_GetObjectItemCaseSensitive(obj, "flips"))) {
        if (!cJSON_IsObject(n))
            return jdoc_fail(d, n, err, errlen, "flips: expected an object");
        cJSON_ArrayForEach(it, n)
        {
            int k = find_level(it->string);
            if (k < 0)
                return jdoc_fail(d, it, err, errlen, "unknown key \"%s\" in flips", it->string);
            if (tb_parse_rate(d, it, &w->flip[k], err, errlen))
                return -1;
        }
    }
    if ((n = cJSON_GetObjectItemCaseSensitive(obj, "insn_rate")) &&
        tb_parse_rate(d, n, &w->insn_rate, err, errlen))
        return -1;
    if ((n = cJSON_GetObjectItemCaseSensitive(obj, "insn_burst"))) {
        if (tb_parse_u64(d, n, 1, 7, &v, err, errlen))
            return -1;
        w->insn_burst = (uint8_t)v;
    }
    if ((n = cJSON_GetObjectItemCaseSensitive(obj, "l1i")) && parse_l1(d, n, w, 0, err, errlen))
        return -1;
    if ((n = cJSON_GetObjectItemCaseSensitive(obj, "l1d")) && parse_l1(d, n, w, 1, err, errlen))
        return -1;
    if ((n = cJSON_GetObjectItemCaseSensitive(obj, "uniq")) &&
        tb_parse_rate(d, n, &w->uniq_rate, err, errlen))
        return -1;
    if ((n = cJSON_GetObjectItemCaseSensitive(obj, "crypto")) && parse_crypto(d, n, w, err, errlen))
        return -1;
    if ((n = cJSON_GetObjectItemCaseSensitive(obj, "ext"))) {
        int on;
        if (jdoc_bool(d, n, &on, err, errlen))
            return tb_parse_qualify(n, err, errlen);
        w->ext = (uint8_t)on;
    }
    if ((n = cJSON_GetObjectItemCaseSensitive(obj, "ia")) &&
        tb_parse_u64(d, n, 0, UINT64_MAX, &w->ia0, err, errlen))
        return -1;
    if ((n = cJSON_GetObjectItemCaseSensitive(obj, "branch")) &&
        tb_parse_rate(d, n, &w->branch_rate, err, errlen))
        return -1;
    if ((n = cJSON_GetObjectItemCaseSensitive(obj, "tod"))) {
        static const char *const tk[] = {"start", "per_cycle", NULL};
        const cJSON *m;
        if (jdoc_check_keys(d, n, tk, err, errlen) != 0)
            return -1;
        if ((m = cJSON_GetObjectItemCaseSensitive(n, "start")) &&
            tb_parse_u64(d, m, 0, UINT64_MAX, &w->tod0, err, errlen))
            return -1;
        if ((m = cJSON_GetObjectItemCaseSensitive(n, "per_cycle")) &&
            tb_parse_u64(d, m, 0, 0xffffffffu, &w->tod_step, err, errlen))
            return -1;
    }
    if ((n = cJSON_GetObjectItemCaseSensitive(obj, "program")) &&
        tb_program_from_json(d, n, NULL, &w->prog, err, errlen))
        return -1;
    return 0;
}

int tb_workload_load(const char *path, tb_workload_cfg *out, char *err, size_t errlen)
{
    jdoc *d = jdoc_parse_file(path, err, errlen);
    int rc;
    if (!d)
        return -1;
    rc = tb_workload_from_json(d, jdoc_root(d), out, err, errlen);
    jdoc_free(d);
    return rc;
}

/* CPU c's cycles to its earliest flip, counted from its last (flip_wait,
 * flip_span). */
static void next_flip(const tb_workload *w, tb_workload_cpu *c)
{
    uint64_t next = UINT64_MAX;
    unsigned i;
    for (i = 0; i < w->n_flip; i++)
        if (c->gap[TB_WG_FLIP + w->flip_k[i]].left < next)
            next = c->gap[TB_WG_FLIP + w->flip_k[i]].left;
    c->flip_wait = c->flip_span = next;
}

void tb_workload_init(tb_workload *w, const tb_workload_cfg *cfg, const tb_events_cfg *ev,
                      uint64_t seed, const cpumf_system_cfg *sys)
{
    unsigned i, k;
    memset(w, 0, sizeof *w);
    w->cfg = *cfg;
    w->ev = cfg->ext ? ev : NULL;
    w->level = sys->level;
    w->tpc = sys->mt_enabled && sys->threads_per_core == 2 ? 2 : 1;
    w->ncpu = sys->n_cpus > CPUMF_MAX_CPUS ? CPUMF_MAX_CPUS : sys->n_cpus;
    for (k = 0; k < TB_WL_NLEVEL; k++) {
        /* a secure guest runs at the VM level only (SF-BSDE-5) */
        uint64_t rate = k == TB_WL_SECURE_GUEST && sys->level != CPUMF_LEVEL_VM ? 0 : cfg->flip[k];
        w->len[TB_WG_FLIP + k] = tb_gap_len(rate);
        if (rate)
            w->flip_k[w->n_flip++] = (uint8_t)k;
    }
    w->insn_always = cfg->insn_rate >= 4294967296ull && cfg->insn_burst == 1;
    w->len[TB_WG_INSN] = w->insn_always ? 0 : tb_gap_len(cfg->insn_rate);
    w->len[TB_WG_L1I] = tb_gap_len(cfg->l1_miss[0]);
    w->len[TB_WG_L1D] = tb_gap_len(cfg->l1_miss[1]);
    w->len[TB_WG_UNIQ] = tb_gap_len(cfg->uniq_rate);
    w->len[TB_WG_CRYPTO] = tb_gap_len(cfg->cr_active);
    w->len[TB_WG_BRANCH] = tb_gap_len(cfg->branch_rate);
    w->any_event = (uint8_t)(cfg->l1_miss[0] || cfg->l1_miss[1] || cfg->uniq_rate ||
                             cfg->cr_active || cfg->branch_rate || w->ev);
    for (i = 0; i < w->ncpu; i++) {
        tb_workload_cpu *c = &w->cpu[i];
        c->rng = tb_mix64(seed ^ tb_mix64(0x574f524b4c4f4144ull + i)) | 1u;
        for (k = 0; k < TB_WG_N; k++)
            tb_gap_init(&c->gap[k], w->len[k], &c->rng);
        for (k = 0; k < TB_WL_NLEVEL; k++)
            c->lvl[k] = cfg->level0[k];
        /* as if a flip had been just before cycle 0 */
        next_flip(w, c);
        c->ia = cfg->ia0;
        tb_events_init(&c->ev, w->ev, seed, i);
    }
}

/* A hit of decision k of CPU c in this eligible cycle; *r its draw. */
static inline int gap_hit(const tb_workload *w, tb_workload_cpu *c, unsigned k, uint64_t *r)
{
    return w->len[k] && tb_gap_step(&c->gap[k], w->len[k], &c->rng, r);
}

/* The events of a running cycle: L1 misses (in a cycle without a penalty of
 * that L1), unique instructions, crypto activity, the event model's
 * extended-counter events (from its own stream: the rest does not depend on
 * it), branches. */
static void wl_events(const tb_workload *w, tb_workload_cpu *c, cpumf_cpu_in *in)
{
    const tb_workload_cfg *g = &w->cfg;
    uint64_t r;
    unsigned j;
    for (j = 0; j < 2; j++) {
        if ((j ? in->l1d_pen : in->l1i_pen) || !gap_hit(w, c, TB_WG_L1I + j, &r))
            continue;
        if (j == 0)
            in->l1i_dw = 1;
        else
            in->l1d_dw = 1;
        c->pen_left[j] = (uint16_t)(g->l1_pen_min[j] +
                                    TB_GAP_PAYLOAD(r) % (g->l1_pen_max[j] - g->l1_pen_min[j] + 1u));
    }
    if (gap_hit(w, c, TB_WG_UNIQ, &r)) {
        in->uniq = 1;
        in->uniq_count = (uint8_t)(TB_GAP_PAYLOAD(r) >> 44);
    }
    if (gap_hit(w, c, TB_WG_CRYPTO, &r)) {
        unsigned e;
        for (e = 0; e < 5; e++) {
            if (!(g->cr_engines & (1u << e)))
                continue;
            r = tb_rnd(&c->rng);
            if ((uint32_t)(r & 0xffff) < g->cr_thr[0])
                in->cr_fn |= (uint8_t)(1u << e);
            if ((uint32_t)((r >> 16) & 0xffff) < g->cr_thr[1])
                in->cr_busy |= (uint8_t)(1u << e);
            if ((uint32_t)((r >> 32) & 0xffff) < g->cr_thr[2])
                in->cr_bfn |= (uint8_t)(1u << e);
            if ((uint32_t)((r >> 48) & 0xffff) < g->cr_thr[3])
                in->cr_bcyc |= (uint8_t)(1u << e);
        }
    }
    if (w->ev)
        tb_events_cycle(w->ev, &c->ev, in);
    if (gap_hit(w, c, TB_WG_BRANCH, &r))
        c->ia = tb_rnd(&c->rng) & 0x7ffffffffffffffeull;
}

void tb_ext_from_bits(cpumf_cpu_in *in, const uint64_t bits[3])
{
    unsigned k;
    for (k = 0; k < CPUMF_MAX_EXT; k++)
        cpumf_ext_set(in, k, (unsigned)(bits[k / 64u] >> (k % 64u)) & 1u);
}

/* CPU c's level flips in the cycle its earliest one falls due, the first
 * decisions of its cycle: each flip's gap steps the cycles since the last
 * flip (the last of them this one), in level order; a flip always changes
 * the level (as and asn to another value, drawn).  Then the cycles to the
 * next flip. */
static void flip_levels(const tb_workload *w, tb_workload_cpu *c)
{
    uint64_t r;
    unsigned i;
    for (i = 0; i < w->n_flip; i++) {
        unsigned k = w->flip_k[i];
        c->gap[TB_WG_FLIP + k].left -= c->flip_span - 1u;
        if (gap_hit(w, c, TB_WG_FLIP + k, &r)) {
            if (k == TB_WL_ASN)
                c->lvl[k] ^= (uint16_t)(1u + TB_GAP_PAYLOAD(r) % 0xffffu);
            else if (k == TB_WL_AS)
                c->lvl[k] = (uint16_t)((c->lvl[k] + 1u + TB_GAP_PAYLOAD(r) % 3u) & 3u);
            else
                c->lvl[k] ^= 1u;
        }
    }
    next_flip(w, c);
}

/* CPU cpu's cycle once its levels have flipped. */
static void cpu_step(tb_workload *w, unsigned cpu, uint64_t cycle, cpumf_cpu_in *in)
{
    const tb_workload_cfg *g = &w->cfg;
    tb_workload_cpu *c = &w->cpu[cpu];
    uint8_t insns = 0;
    uint64_t r;

    in->wait = (uint8_t)c->lvl[TB_WL_WAIT];
    in->problem = (uint8_t)c->lvl[TB_WL_PROBLEM];
    in->dat = (uint8_t)c->lvl[TB_WL_DAT];
    in->as = (uint8_t)c->lvl[TB_WL_AS];
    in->asn = c->lvl[TB_WL_ASN];
    in->secure_guest = (uint8_t)c->lvl[TB_WL_SECURE_GUEST];
    in->pcf49 = (uint8_t)c->lvl[TB_WL_PCF49];
    in->entry_inconsistent = (uint8_t)c->lvl[TB_WL_ENTRY_INCONSISTENT];
    in->sf_lower_enabled = (uint8_t)c->lvl[TB_WL_SF_LOWER];
    in->level = w->level;
    in->tod = g->tod0 + cycle * g->tod_step;
    in->l1i_dw = in->l1i_pen = in->l1d_dw = in->l1d_pen = 0;
    in->uniq = in->uniq_count = 0;
    in->cr_fn = in->cr_busy = in->cr_bfn = in->cr_bcyc = 0;
    in->insns = 0;
    memset(in->ext, 0, sizeof in->ext);
    in->diag = 0; /* the diagnostic data bus: only an activity override drives it */

    if (!in->wait) {
        int stall = 0;
        unsigned j;
        for (j = 0; j < 2; j++) {
            if (c->pen_left[j]) {
                c->pen_left[j]--;
                stall = 1;
                if (j == 0)
                    in->l1i_pen = 1;
                else
                    in->l1d_pen = 1;
            }
        }
        if (!stall && w->insn_always)
            insns = 1;
        else if (!stall && gap_hit(w, c, TB_WG_INSN, &r))
            insns = (uint8_t)(1u + TB_GAP_PAYLOAD(r) % g->insn_burst);
        in->insns = insns;
        if (g->prog.n) {
            tb_program_step(&g->prog, &c->prog, in);
            return;
        }
        if (w->any_event)
            wl_events(w, c, in);
    }
    in->ia = c->ia;
    c->ia += 4u * (uint64_t)insns;
}

void tb_workload_cycle(tb_workload *w, uint64_t cycle, cpumf_sys_in *in)
{
    unsigned cpu;
    for (cpu = 0; cpu < w->ncpu; cpu++) {
        if (!--w->cpu[cpu].flip_wait)
            flip_levels(w, &w->cpu[cpu]);
        cpu_step(w, cpu, cycle, &in->cpu[cpu]);
    }
}

uint64_t tb_workload_constant(const tb_workload *w, unsigned cpu)
{
    const tb_workload_cfg *g = &w->cfg;
    const tb_workload_cpu *c = &w->cpu[cpu];
    /* a program workload's instructions take their own cycles: never constant */
    if (w->n_flip || w->any_event || g->prog.n || c->pen_left[0] || c->pen_left[1])
        return 0;
    /* a running CPU completes instructions by a draw, unless always one */
    if (!c->lvl[TB_WL_WAIT] && g->insn_rate && !w->insn_always)
        return 0;
    return UINT64_MAX;
}

void tb_workload_skip(tb_workload *w, unsigned cpu, uint64_t k)
{
    tb_workload_cpu *c = &w->cpu[cpu];
    if (!c->lvl[TB_WL_WAIT] && w->cfg.insn_rate)
        c->ia += 4u * k; /* one instruction a cycle */
}

void tb_workload_cores(const tb_workload *w, cpumf_sys_in *in, uint32_t skip)
{
    if (w->ev)
        tb_events_threads(w->ev, in, w->ncpu, w->tpc, skip);
}

/* ---- activity overrides ---- */

static const char *const act_names[TB_ACT_N] = {"wait",
                                                "problem",
                                                "dat",
                                                "as",
                                                "asn",
                                                "ia",
                                                "insns",
                                                "uniq",
                                                "uniq_count",
                                                "l1i_dw",
                                                "l1i_pen",
                                                "l1d_dw",
                                                "l1d_pen",
                                                "cr_fn",
                                                "cr_busy",
                                                "cr_bfn",
                                                "cr_bcyc",
                                                "ext",
                                                "level",
                                                "secure_guest",
                                                "pcf49",
                                                "entry_inconsistent",
                                                "sf_lower_enabled",
                                                "tod",
                                                "diag"};
static const uint64_t act_max[TB_ACT_N] = {1, 1, 1, 3, 0xffff, UINT64_MAX, 7,         1,  15,
                                           1, 1, 1, 1, 31,     31,         31,        31, 0,
                                           3, 1, 1, 1, 1,      UINT64_MAX, UINT64_MAX};

static void act_store(cpumf_cpu_in *in, int f, uint64_t v)
{
    uint8_t b = (uint8_t)v;
    switch (f) {
    case TB_ACT_WAIT: in->wait = b; break;
    case TB_ACT_PROBLEM: in->problem = b; break;
    case TB_ACT_DAT: in->dat = b; break;
    case TB_ACT_AS: in->as = b; break;
    case TB_ACT_ASN: in->asn = (uint16_t)v; break;
    case TB_ACT_IA: in->ia = v; break;
    case TB_ACT_INSNS: in->insns = b; break;
    case TB_ACT_UNIQ: in->uniq = b; break;
    case TB_ACT_UNIQ_COUNT: in->uniq_count = b; break;
    case TB_ACT_L1I_DW: in->l1i_dw = b; break;
    case TB_ACT_L1I_PEN: in->l1i_pen = b; break;
    case TB_ACT_L1D_DW: in->l1d_dw = b; break;
    case TB_ACT_L1D_PEN: in->l1d_pen = b; break;
    case TB_ACT_CR_FN: in->cr_fn = b; break;
    case TB_ACT_CR_BUSY: in->cr_busy = b; break;
    case TB_ACT_CR_BFN: in->cr_bfn = b; break;
    case TB_ACT_CR_BCYC: in->cr_bcyc = b; break;
    case TB_ACT_LEVEL: in->level = b; break;
    case TB_ACT_SECURE_GUEST: in->secure_guest = b; break;
    case TB_ACT_PCF49: in->pcf49 = b; break;
    case TB_ACT_ENTRY_INCONSISTENT: in->entry_inconsistent = b; break;
    case TB_ACT_SF_LOWER_ENABLED: in->sf_lower_enabled = b; break;
    case TB_ACT_TOD: in->tod = v; break;
    case TB_ACT_DIAG: in->diag = v; break;
    default: break;
    }
}

int tb_activity_parse(const jdoc *d, const cJSON *obj, tb_activity *out, char *err, size_t errlen)
{
    const cJSON *it;
    memset(out, 0, sizeof *out);
    if (!cJSON_IsObject(obj))
        return jdoc_fail(d, obj, err, errlen, "activity: expected an object");
    cJSON_ArrayForEach(it, obj)
    {
        int f, k;
        for (f = 0; f < TB_ACT_N; f++)
            if (strcmp(it->string, act_names[f]) == 0)
                break;
        if (f == TB_ACT_N)
            return jdoc_fail(d, it, err, errlen, "unknown activity field \"%s\"", it->string);
        if (cJSON_IsNull(it)) {
            out->release |= 1u << f;
            continue;
        }
        if (f == TB_ACT_EXT) {
            if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) != 3)
                return jdoc_fail(
                    d, it, err, errlen,
                    "ext: expected [bits 0-63, bits 64-127, bits 128-159] as three values");
            uint64_t bits[3];
            for (k = 0; k < 3; k++)
                if (tb_parse_u64(d, cJSON_GetArrayItem(it, k), 0,
                                 k == 2 ? 0xffffffffull : UINT64_MAX, &bits[k], err, errlen))
                    return -1;
            tb_ext_from_bits(&out->val, bits);
        } else {
            uint64_t v;
            if (cJSON_IsBool(it))
                v = cJSON_IsTrue(it) ? 1u : 0u;
            else if (tb_parse_u64(d, it, 0, act_max[f], &v, err, errlen))
                return -1;
            if (v > act_max[f])
                return jdoc_fail(d, it, err, errlen, "%s: value out of range", it->string);
            if (f == TB_ACT_LEVEL && v > CPUMF_LEVEL_VM)
                return jdoc_fail(d, it, err, errlen,
                                 "level: 3 is reserved (0 none, 1 LPAR, 2 VM; SF-BSDE-5)");
            act_store(&out->val, f, v);
        }
        out->set |= 1u << f;
    }
    return 0;
}

void tb_activity_merge(tb_activity *cur, const tb_activity *st)
{
    int f;
    cur->set = (cur->set & ~st->release) | st->set;
    for (f = 0; f < TB_ACT_N; f++) {
        if (!(st->set & (1u << f)))
            continue;
        switch (f) {
        case TB_ACT_WAIT: cur->val.wait = st->val.wait; break;
        case TB_ACT_PROBLEM: cur->val.problem = st->val.problem; break;
        case TB_ACT_DAT: cur->val.dat = st->val.dat; break;
        case TB_ACT_AS: cur->val.as = st->val.as; break;
        case TB_ACT_ASN: cur->val.asn = st->val.asn; break;
        case TB_ACT_IA: cur->val.ia = st->val.ia; break;
        case TB_ACT_INSNS: cur->val.insns = st->val.insns; break;
        case TB_ACT_UNIQ: cur->val.uniq = st->val.uniq; break;
        case TB_ACT_UNIQ_COUNT: cur->val.uniq_count = st->val.uniq_count; break;
        case TB_ACT_L1I_DW: cur->val.l1i_dw = st->val.l1i_dw; break;
        case TB_ACT_L1I_PEN: cur->val.l1i_pen = st->val.l1i_pen; break;
        case TB_ACT_L1D_DW: cur->val.l1d_dw = st->val.l1d_dw; break;
        case TB_ACT_L1D_PEN: cur->val.l1d_pen = st->val.l1d_pen; break;
        case TB_ACT_CR_FN: cur->val.cr_fn = st->val.cr_fn; break;
        case TB_ACT_CR_BUSY: cur->val.cr_busy = st->val.cr_busy; break;
        case TB_ACT_CR_BFN: cur->val.cr_bfn = st->val.cr_bfn; break;
        case TB_ACT_CR_BCYC: cur->val.cr_bcyc = st->val.cr_bcyc; break;
        case TB_ACT_EXT: memcpy(cur->val.ext, st->val.ext, sizeof cur->val.ext); break;
        case TB_ACT_LEVEL: cur->val.level = st->val.level; break;
        case TB_ACT_SECURE_GUEST: cur->val.secure_guest = st->val.secure_guest; break;
        case TB_ACT_PCF49: cur->val.pcf49 = st->val.pcf49; break;
        case TB_ACT_ENTRY_INCONSISTENT:
            cur->val.entry_inconsistent = st->val.entry_inconsistent;
            break;
        case TB_ACT_SF_LOWER_ENABLED: cur->val.sf_lower_enabled = st->val.sf_lower_enabled; break;
        case TB_ACT_TOD: cur->val.tod = st->val.tod; break;
        case TB_ACT_DIAG: cur->val.diag = st->val.diag; break;
        default: break;
        }
    }
}

void tb_activity_apply(const tb_activity *a, cpumf_cpu_in *in)
{
    cpumf_cpu_in tmp = *in;
    tb_activity t;
    t.set = a->set;
    t.release = 0;
    t.val = a->val;
    /* reuse merge's field copy: a temporary activity whose val is `in` */
    {
        tb_activity dst;
        dst.set = 0;
        dst.release = 0;
        dst.val = tmp;
        tb_activity_merge(&dst, &t);
        *in = dst.val;
    }
}
