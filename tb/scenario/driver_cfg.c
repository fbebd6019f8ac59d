/* SPDX-License-Identifier: Apache-2.0 */
/*
 * driver_cfg.c - the scenario's "drivers" (the sampler, tb/drivers/), one per
 * CPU and configuration level at most, and their storage: a control page,
 * the SDB tables and the SDBs, placed once everything else the scenario
 * writes is known.
 */
#include "parse.h"

#include <stdlib.h>
#include <string.h>

#include "smp.h"
#include "stimulus/storage.h"
#include "xalloc.h"

/* "kind" (required: the sampler), "cpu", "sdbs" (required), "sdbs_per_table". */
static int parse_driver_head(parse_ctx *p, const cJSON *o, tb_driver *dv)
{
    const cJSON *n;
    const char *s;
    uint64_t v;
    if (!(n = GET(o, "kind")))
        return FAIL(o, "driver needs \"kind\" (sampler)");
    if (scn_str(p, n, &s))
        return -1;
    if (strcmp(s, "sampler") != 0)
        return FAIL(n, "kind: unknown driver \"%s\" (sampler)", s);
    dv->kind = TB_DRV_SAMPLER;
    if ((n = GET(o, "cpu")) && scn_cpu(p, n, &dv->cpu))
        return -1;
    if (!(n = GET(o, "sdbs")))
        return FAIL(o, "sampler needs \"sdbs\" (number of sample-data blocks)");
    if (scn_u64(p, n, 1, 65536, &v))
        return -1;
    dv->sdbs = (uint32_t)v;
    v = 511;
    if (scn_opt_u64(p, o, "sdbs_per_table", 1, 511, &v) < 0)
        return -1;
    dv->per_table = (uint32_t)v;
    return 0;
}

/* key: the string off (default, *flag = 0) or on (*flag = 1). */
static int parse_choice(parse_ctx *p, const cJSON *o, const char *key, const char *off,
                        const char *on, uint8_t *flag)
{
    const cJSON *n = GET(o, key);
    const char *s;
    if (!n)
        return 0;
    if (scn_str(p, n, &s))
        return -1;
    if (strcmp(s, on) == 0)
        *flag = 1;
    else if (strcmp(s, off) != 0)
        return FAIL(n, "%s: \"%s\" or \"%s\", not \"%s\"", key, off, on, s);
    return 0;
}

/* "level": "lpar" or "vm" (default: the system's level, so that a scenario
 * without it keeps its meaning); "vm" only on a system at the VM level. */
static int parse_driver_level(parse_ctx *p, const cJSON *o, tb_driver *dv)
{
    const cpumf_system_cfg *sys = &p->sc->system;
    const cJSON *n = GET(o, "level");
    const char *s;
    dv->level = sys->level;
    if (!n)
        return 0;
    if (scn_str(p, n, &s))
        return -1;
    if (strcmp(s, "lpar") == 0) {
        dv->level = CPUMF_LEVEL_LPAR;
    } else if (strcmp(s, "vm") == 0) {
        if (sys->level != CPUMF_LEVEL_VM)
            return FAIL(n,
                        "level: \"vm\" needs a system at the virtual-machine level (system %s "
                        "is at level %u)",
                        sys->name, sys->level);
        dv->level = CPUMF_LEVEL_VM;
    } else {
        return FAIL(n, "level: \"lpar\" or \"vm\", not \"%s\"", s);
    }
    return 0;
}

/* "interval" (required), "functions" (basic, optionally diagnostic). */
static int parse_driver_sampling(parse_ctx *p, const cJSON *o, tb_driver *dv)
{
    const cJSON *n;
    if (!(n = GET(o, "interval")))
        return FAIL(o, "sampler needs \"interval\" (cycles; clamped into the QSI range)");
    if (scn_u64(p, n, 0, UINT64_MAX, &dv->interval))
        return -1;
    dv->functions = CPUMF_SF_BASIC;
    if ((n = GET(o, "functions"))) {
        if (scn_set_list(p, n, 1, &dv->functions))
            return -1;
        if (!(dv->functions & CPUMF_SF_BASIC))
            return FAIL(n, "functions: \"basic\" is required (diagnostic sampling comes with "
                           "basic)");
    }
    return 0;
}

/* A delay: N, {"min": N, "max": N} or {"sweep": [FROM, TO]}, each at most
 * TB_DELAY_MAX. */
static int parse_delay(parse_ctx *p, const cJSON *n, tb_delay *d)
{
    static const char *const sk[] = {"sweep", NULL};
    const cJSON *w = cJSON_IsObject(n) ? GET(n, "sweep") : NULL;
    tb_range r;
    if (w) {
        if (scn_keys(p, n, sk))
            return scn_qualify(p, n);
        if (!cJSON_IsArray(w) || cJSON_GetArraySize(w) != 2)
            return FAIL(w, "sweep: expected [FROM, TO]");
        if (scn_u64(p, w->child, 0, TB_DELAY_MAX, &d->lo) ||
            scn_u64(p, w->child->next, d->lo, TB_DELAY_MAX, &d->hi))
            return scn_qualify(p, n);
        d->sweep = 1;
        return 0;
    }
    if (scn_range(p, n, &r))
        return -1;
    if (r.hi > TB_DELAY_MAX)
        return FAIL(n, "%s: at most %u cycles", n->string, TB_DELAY_MAX);
    d->lo = r.lo;
    d->hi = r.hi;
    return 0;
}

/* "latency", "harvest" (default 0: the harvest in the cycle of the alert). */
static int parse_driver_delays(parse_ctx *p, const cJSON *o, tb_driver *dv)
{
    const cJSON *n;
    if ((n = GET(o, "latency")) && parse_delay(p, n, &dv->latency))
        return -1;
    if ((n = GET(o, "harvest")) && parse_delay(p, n, &dv->harvest))
        return -1;
    return 0;
}

/* "start", "stop" (after start), "resume" (after stop). */
static int parse_driver_times(parse_ctx *p, const cJSON *o, tb_driver *dv)
{
    const cJSON *n;
    if ((n = GET(o, "start")) && scn_u64(p, n, 0, UINT64_MAX - 1, &dv->start))
        return -1;
    if ((n = GET(o, "stop"))) {
        if (scn_u64(p, n, 0, UINT64_MAX - 1, &dv->stop))
            return -1;
        if (dv->stop <= dv->start)
            return FAIL(n, "stop: must be after start (%llu)", (unsigned long long)dv->start);
        dv->has_stop = 1;
    }
    if ((n = GET(o, "resume"))) {
        if (!dv->has_stop)
            return FAIL(n, "resume: needs \"stop\"");
        if (scn_u64(p, n, 0, UINT64_MAX - 1, &dv->resume))
            return -1;
        if (dv->resume <= dv->stop)
            return FAIL(n, "resume: must be after stop (%llu)", (unsigned long long)dv->stop);
        dv->has_resume = 1;
    }
    return 0;
}

/* "buffer", "alert_bit", "program_parameter", "sequence", "check_intervals",
 * "comment", "expect". */
static int parse_driver_options(parse_ctx *p, const cJSON *o, tb_driver *dv)
{
    const char *const *ek = tb_drv_expect_keys;
    const cJSON *n, *m;
    const char *s;
    uint64_t v;
    unsigned i;
    if (parse_choice(p, o, "buffer", "4k", "1m", &dv->big))
        return -1;
    dv->alert_bit = 1;
    if ((n = GET(o, "alert_bit")) && scn_bool(p, n, &dv->alert_bit))
        return -1;
    /* z/OS starts waiting (W = 1) until its first dispatch */
    dv->pp = dv->zos ? 1ull << 63 : 0x5346000000000000ull | dv->cpu;
    if ((n = GET(o, "program_parameter")) && scn_u64(p, n, 0, UINT64_MAX, &dv->pp))
        return -1;
    v = 0;
    if (scn_opt_u64(p, o, "sequence", 0, 999, &v) < 0)
        return -1;
    dv->sequence = (uint32_t)v;
    if ((n = GET(o, "check_intervals"))) {
        if (scn_bool(p, n, &dv->check_intervals))
            return -1;
        if (dv->check_intervals && p->sc->system.interval_mode != 0)
            return FAIL(n, "check_intervals: only in the exact interval mode (system %s is not)",
                        p->sc->system.name);
    }
    if ((n = GET(o, "comment")) && scn_str(p, n, &s))
        return -1;
    if (!(n = GET(o, "expect")))
        return 0;
    if (scn_keys(p, n, ek))
        return -1;
    for (i = 0; i < TB_DRV_NEXP; i++)
        if ((m = GET(n, ek[i])) && scn_range(p, m, &dv->expect[i]))
            return -1;
    return 0;
}

/* One "work" entry: a task ("tcb", "token") or an SRB ("web", "partial_web")
 * of address space "asid"; its guest program parameter in *pp. */
static int parse_work(parse_ctx *p, const cJSON *o, uint64_t *pp)
{
    static const char *const wk[] = {"name", "asid", "tcb", "token", "web", "partial_web", NULL};
    const cJSON *tcb = GET(o, "tcb"), *web = GET(o, "web");
    smp_zos_pp z;
    uint64_t v;
    if (scn_keys(p, o, wk))
        return -1;
    memset(&z, 0, sizeof z);
    if (!GET(o, "asid"))
        return FAIL(o, "work needs \"asid\" (its home address space, 1..0x7FFF)");
    if (scn_u64(p, GET(o, "asid"), 1, SMP_ZOS_ASN_MAX, &v))
        return -1;
    z.asn = (uint16_t)v;
    if (!tcb == !web)
        return FAIL(o, "work needs \"tcb\" (a task) or \"web\" (an SRB), not both");
    z.s = web != NULL;
    if (scn_u64(p, tcb ? tcb : web, 0, tcb ? SMP_ZOS_TCB_MAX : SMP_ZOS_WEB_MAX, &v))
        return -1;
    z.addr = (uint32_t)v;
    if (tcb && GET(o, "partial_web"))
        return FAIL(GET(o, "partial_web"), "partial_web: only for an SRB (\"web\")");
    if (web && GET(o, "token"))
        return FAIL(GET(o, "token"), "token: only for a task (\"tcb\")");
    v = 0;
    if (scn_opt_u64(p, o, tcb ? "token" : "partial_web", 0, 0xFFFF, &v) < 0)
        return -1;
    z.token = (uint16_t)v;
    *pp = smp_zos_pp_encode(&z);
    return 0;
}

/* The index of the "work" entry named name in wl, -1 for none. */
static int work_index(const cJSON *wl, int below, const char *name)
{
    const cJSON *e;
    int i = 0;
    for (e = wl ? wl->child : NULL; e && i < below; e = e->next, i++)
        if (strcmp(GET(e, "name")->valuestring, name) == 0)
            return i;
    return -1;
}

/* "work": the tasks and SRBs, by name ("wait" is the wait state). */
static int parse_work_list(parse_ctx *p, const cJSON *wl, uint64_t *pps)
{
    const cJSON *e;
    int i = 0;
    for (e = wl->child; e; e = e->next, i++) {
        const cJSON *n;
        const char *name;
        if (!cJSON_IsObject(e) || !(n = GET(e, "name")))
            return FAIL(e, "expected an object with \"name\"");
        if (scn_str(p, n, &name) || parse_work(p, e, &pps[i]))
            return -1;
        if (strcmp(name, "wait") == 0 || work_index(wl, i, name) >= 0)
            return FAIL(n, "name: \"%s\" is \"wait\" or used twice", name);
    }
    return 0;
}

/* "dispatch": [{"at", "work"}] by increasing cycle. */
static int parse_dispatch_list(parse_ctx *p, const cJSON *dl, const cJSON *wl, const uint64_t *pps,
                               tb_driver *dv)
{
    static const char *const dk[] = {"at", "work", NULL};
    const cJSON *e;
    int nw = wl ? cJSON_GetArraySize(wl) : 0;
    uint32_t i = 0;
    dv->n_disp = (uint32_t)cJSON_GetArraySize(dl);
    dv->disp = xcalloc((size_t)dv->n_disp + 1, sizeof *dv->disp);
    for (e = dl->child; e; e = e->next, i++) {
        tb_dispatch *d = &dv->disp[i];
        const char *name;
        int k;
        if (!cJSON_IsObject(e) || !GET(e, "at") || !GET(e, "work"))
            return FAIL(e, "expected an object with \"at\" and \"work\"");
        if (scn_keys(p, e, dk) || scn_u64(p, GET(e, "at"), 0, UINT64_MAX - 1, &d->at) ||
            scn_str(p, GET(e, "work"), &name))
            return -1;
        if (i && d->at <= d[-1].at)
            return FAIL(GET(e, "at"), "at: after the previous dispatch (%llu)",
                        (unsigned long long)d[-1].at);
        k = work_index(wl, nw, name);
        if (k < 0 && strcmp(name, "wait") != 0)
            return FAIL(GET(e, "work"), "work: no work named \"%s\" (nor \"wait\")", name);
        d->pp = k < 0 ? 1ull << 63 : pps[k]; /* "wait": W alone */
    }
    return 0;
}

/* "work" and "dispatch", only for a z/OS-style driver. */
static int parse_dispatch(parse_ctx *p, const cJSON *o, tb_driver *dv)
{
    const cJSON *wl = GET(o, "work"), *dl = GET(o, "dispatch");
    uint64_t *pps;
    int rc;
    if (!dv->zos && (wl || dl))
        return FAIL(wl ? wl : dl, "%s: only with \"control_program\": \"zos\"",
                    wl ? "work" : "dispatch");
    if (wl && !cJSON_IsArray(wl))
        return FAIL(wl, "work: expected an array");
    if (dl && !cJSON_IsArray(dl))
        return FAIL(dl, "dispatch: expected an array");
    pps = xcalloc(wl ? (size_t)cJSON_GetArraySize(wl) + 1 : 1, sizeof *pps);
    rc = (wl && parse_work_list(p, wl, pps)) || (dl && parse_dispatch_list(p, dl, wl, pps, dv));
    free(pps);
    return rc ? -1 : 0;
}

static int parse_driver(parse_ctx *p, const cJSON *o, tb_driver *dv)
{
    static const char *const dk[] = {"cpu",
                                     "kind",
                                     "sdbs",
                                     "sdbs_per_table",
                                     "interval",
                                     "functions",
                                     "start",
                                     "stop",
                                     "resume",
                                     "buffer",
                                     "alert_bit",
                                     "program_parameter",
                                     "sequence",
                                     "check_intervals",
                                     "expect",
                                     "comment",
                                     "control_program",
                                     "work",
                                     "dispatch",
                                     "latency",
                                     "harvest",
                                     "level",
                                     NULL};
    memset(dv, 0, sizeof *dv);
    jdoc_pos(p->d, o, &dv->line, &dv->col);
    if (scn_keys(p, o, dk) || parse_driver_head(p, o, dv) ||
        parse_choice(p, o, "control_program", "linux", "zos", &dv->zos) ||
        parse_driver_level(p, o, dv) || parse_driver_sampling(p, o, dv) ||
        parse_driver_times(p, o, dv) || parse_driver_options(p, o, dv) ||
        parse_driver_delays(p, o, dv) || parse_dispatch(p, o, dv))
        return -1;
    return 0;
}

/* One driver: a model with sampling, one driver per CPU and set of controls
 * (a partition's control program beside its guest's). */
static int parse_driver_entry(parse_ctx *p, const cJSON *e)
{
    tb_scenario *sc = p->sc;
    tb_driver *dv = &sc->drivers[sc->n_drivers];
    uint32_t k;
    sc->n_drivers++; /* counted first: the scenario frees what a failed parse allocated */
    if (parse_driver(p, e, dv))
        return -1;
    if (!sc->system.model.fac_sf)
        return FAIL(e, "drivers: the sampler needs the sampling facility (model %s has none)",
                    sc->system.model.name);
    for (k = 0; k + 1 < sc->n_drivers; k++)
        if (sc->drivers[k].cpu == dv->cpu && tb_drv_set(&sc->drivers[k]) == tb_drv_set(dv))
            return FAIL(e,
                        "drivers: a second driver for cpu %u at the %s level (one per level: "
                        "\"lpar\" and \"vm\")",
                        dv->cpu, tb_drv_set(dv) ? "virtual-machine" : "logical-partition");
    /* the .SMP file is named by TOD, sequence and CPU address: one file for two drivers */
    for (k = 0; k + 1 < sc->n_drivers; k++)
        if (sc->drivers[k].cpu == dv->cpu && sc->drivers[k].sequence == dv->sequence)
            return FAIL(e,
                        "drivers: the .SMP file of driver %u would be driver %u's (cpu %u, "
                        "sequence %u): give one another \"sequence\"",
                        sc->n_drivers - 1, k, dv->cpu, dv->sequence);
    return 0;
}

int scn_parse_drivers(parse_ctx *p, const cJSON *arr)
{
    p->sc->drivers = xcalloc((size_t)cJSON_GetArraySize(arr) + 1, sizeof *p->sc->drivers);
    return scn_each(p, arr, "drivers", parse_driver_entry);
}

/* 1 when [a, a + size) is in storage and outside every hole and the prefix
 * areas; 0 when it meets a hole (*next: the hole's end) or the prefix areas
 * (*next: their end); -1 beyond the storage size. */
static int region_free(const cpumf_system_cfg *cfg, uint64_t a, uint64_t size, uint64_t *next)
{
    unsigned h;
    if (a + size < a || a + size > cfg->storage_size)
        return -1;
    if (tb_prefix_overlap(cfg, a, size) >= 0) {
        *next = tb_prefix_area(cfg, cfg->n_cpus);
        return 0;
    }
    for (h = 0; h < cfg->n_holes; h++) {
        const cpumf_hole *x = &cfg->holes[h];
        if (a < x->base + x->size && x->base < a + size) {
            *next = x->base + x->size;
            return 0;
        }
    }
    return 1;
}

/* bump allocation of size bytes aligned to size (size is a power of 2) */
static int drv_alloc(const cpumf_system_cfg *cfg, uint64_t *bump, uint64_t size, uint64_t *out)
{
    for (;;) {
        uint64_t a = (*bump + size - 1) & ~(size - 1), nx = 0;
        int r;
        if (a < *bump)
            return -1;
        r = region_free(cfg, a, size, &nx);
        if (r < 0)
            return -1;
        if (r == 1) {
            *out = a;
            *bump = a + size;
            return 0;
        }
        *bump = nx;
    }
}

/* The control page, the tables and the SDBs of one driver from *bump up. */
static int layout_driver(const cpumf_system_cfg *cfg, tb_driver *dv, uint64_t *bump)
{
    uint64_t bsz = dv->big ? 0x100000u : 0x1000u;
    uint32_t k;
    dv->n_tables = (dv->sdbs + dv->per_table - 1) / dv->per_table;
    dv->table = xcalloc(dv->n_tables, sizeof *dv->table);
    dv->sdb = xcalloc(dv->sdbs, sizeof *dv->sdb);
    if (drv_alloc(cfg, bump, 0x1000, &dv->ctl))
        return -1;
    for (k = 0; k < dv->n_tables; k++)
        if (drv_alloc(cfg, bump, 0x1000, &dv->table[k]))
            return -1;
    for (k = 0; k < dv->sdbs; k++)
        if (drv_alloc(cfg, bump, bsz, &dv->sdb[k]))
            return -1;
    return 0;
}

int scn_layout_drivers(parse_ctx *p, const cJSON *arr)
{
    tb_scenario *sc = p->sc;
    uint64_t bump = 0x100000;
    uint32_t i;
    const cJSON *e = arr->child;
    for (i = 0; i < sc->n_mem; i++)
        if (sc->mem[i].addr + sc->mem[i].len > bump)
            bump = sc->mem[i].addr + sc->mem[i].len;
    for (i = 0; i < sc->n_drivers; i++, e = e->next) {
        tb_driver *dv = &sc->drivers[i];
        if (layout_driver(&sc->system, dv, &bump))
            return FAIL(e,
                        "drivers: no room for the sampler's %u tables and %u SDBs of %s above "
                        "the scenario's memory in system %s (storage 0x%llx)",
                        dv->n_tables, dv->sdbs, dv->big ? "1 MiB" : "4 KiB", sc->system.name,
                        (unsigned long long)sc->system.storage_size);
    }
    return 0;
}
