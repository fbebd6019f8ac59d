/* SPDX-License-Identifier: Apache-2.0 */
/*
 * snapshot.c - copying one system's state into another of the same
 * configuration, without allocating: what a caller that keeps snapshots of
 * a running system (the lockstep's history) does every few hundred cycles,
 * where cpumf_clone would allocate and build the register names each time;
 * and the same state as bytes, saved into and restored from a checkpoint.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "cpumf_int.h"

/* The CPU rows end the system, the coverage counts after them: what the copy
 * below skips is only the rows of CPUs that are not installed. */
STATIC_ASSERT(offsetof(cpumf_sys, cfg) == 0, "cpumf_sys: cfg comes first");
STATIC_ASSERT(offsetof(cpumf_sys, d) ==
                  offsetof(cpumf_sys, q) + sizeof(mf_cpu_state[CPUMF_MAX_CPUS]),
              "cpumf_sys: d follows q");
STATIC_ASSERT(offsetof(cpumf_sys, fcov) ==
                  offsetof(cpumf_sys, d) + sizeof(mf_cpu_state[CPUMF_MAX_CPUS]),
              "cpumf_sys: fcov follows d");
STATIC_ASSERT(offsetof(cpumf_sys, fcov) + sizeof(uint64_t[FCOV_NBINS]) == sizeof(cpumf_sys),
              "cpumf_sys: fcov is last");

/* The parts of a system that hold its state: everything after the
 * configuration up to the CPU rows (the API state and the global unit), the
 * installed CPUs' rows of q and d, and the coverage counts. */
typedef struct region {
    char *p;
    size_t len;
} region;
#define NREGIONS 4

static void regions(const cpumf_sys *s, region r[NREGIONS])
{
    char *base = (char *)(uintptr_t)s; /* the caller decides what is written */
    size_t at[NREGIONS] = {sizeof s->cfg, offsetof(cpumf_sys, q), offsetof(cpumf_sys, d),
                           offsetof(cpumf_sys, fcov)};
    size_t len[NREGIONS] = {offsetof(cpumf_sys, q) - sizeof s->cfg, s->cfg.n_cpus * sizeof s->q[0],
                            s->cfg.n_cpus * sizeof s->d[0], sizeof s->fcov};
    for (unsigned i = 0; i < NREGIONS; i++) {
        r[i].p = base + at[i];
        r[i].len = len[i];
    }
}

/* What a system keeps of its own when it takes another's state: the
 * register names built from its configuration, and (keep_storage) the
 * storage it has attached. */
typedef struct own {
    char (*names)[REG_NAME_LEN];
    unsigned n_names;
    const cpumf_storage_ops *ops_p;
    cpumf_storage_ops ops;
    void *user;
    unsigned latency;
} own;

static own own_of(const cpumf_sys *s)
{
    own o = {s->reg_names, s->n_reg_names, s->stor_ops_p,
             s->stor_ops,  s->stor_user,   s->stor_latency};
    return o;
}

static void own_back(cpumf_sys *s, const own *o, int keep_storage)
{
    s->reg_names = o->names;
    s->n_reg_names = o->n_names;
    if (keep_storage) {
        s->stor_ops_p = o->ops_p;
        s->stor_ops = o->ops;
        s->stor_user = o->user;
        s->stor_latency = o->latency;
    }
    /* the storage callbacks are held by value: point at s's own copy */
    if (s->stor_ops_p)
        s->stor_ops_p = &s->stor_ops;
}

int cpumf_copy_state(cpumf_sys *dst, const cpumf_sys *src)
{
    region rd[NREGIONS], rs[NREGIONS];
    own o;
    if (!dst || !src)
        return -1;
    if (dst == src)
        return 0;
    /* The register names are built from the configuration: equal ones keep
     * dst's table valid. */
    if (memcmp(&dst->cfg, &src->cfg, sizeof dst->cfg)) {
        sys_set_error(dst, "copy state: the systems differ in configuration (%s, %s)",
                      dst->cfg.name, src->cfg.name);
        return -1;
    }
    /* The configuration is equal already.  A CPU that is not installed keeps
     * its power-on rows in every system of the configuration (nothing
     * evaluates, commits or writes them), so only the installed CPUs' rows
     * are copied: a quarter of them in a 4-CPU system. */
    o = own_of(dst);
    regions(dst, rd);
    regions(src, rs);
    for (unsigned i = 0; i < NREGIONS; i++)
        memcpy(rd[i].p, rs[i].p, rs[i].len);
    own_back(dst, &o, 0);
    return 0;
}

/* A saved state: this header, then the regions one after the other. */
#define SAVE_MAGIC 0x3130545346504d43ull /* "CMPFST01" */
typedef struct save_head {
    uint64_t magic;
    uint64_t version, sys_size; /* the build that saved it */
    cpumf_system_cfg cfg;
} save_head;

size_t cpumf_save_state(const cpumf_sys *s, void *buf, size_t len)
{
    region r[NREGIONS];
    size_t need = sizeof(save_head), at;
    if (!s)
        return 0;
    regions(s, r);
    for (unsigned i = 0; i < NREGIONS; i++)
        need += r[i].len;
    if (!buf || len < need)
        return need;
    save_head h;
    memset(&h, 0, sizeof h);
    h.magic = SAVE_MAGIC;
    h.version = (uint64_t)cpumf_version_number();
    h.sys_size = sizeof *s;
    h.cfg = s->cfg;
    memcpy(buf, &h, sizeof h);
    at = sizeof h;
    for (unsigned i = 0; i < NREGIONS; i++) {
        memcpy((char *)buf + at, r[i].p, r[i].len);
        at += r[i].len;
    }
    return need;
}

int cpumf_restore_state(cpumf_sys *s, const void *buf, size_t len)
{
    region r[NREGIONS];
    save_head h;
    size_t at = sizeof h, need = sizeof h;
    own o;
    if (!s || !buf)
        return -1;
    regions(s, r);
    for (unsigned i = 0; i < NREGIONS; i++)
        need += r[i].len;
    if (len >= sizeof h)
        memcpy(&h, buf, sizeof h);
    if (len < sizeof h || h.magic != SAVE_MAGIC) {
        sys_set_error(s, "restore state: not a saved state");
        return -1;
    }
    if (h.version != (uint64_t)cpumf_version_number() || h.sys_size != sizeof *s) {
        sys_set_error(s, "restore state: saved by another build of the library");
        return -1;
    }
    if (memcmp(&h.cfg, &s->cfg, sizeof h.cfg)) {
        sys_set_error(s, "restore state: saved from another configuration (%s, this is %s)",
                      h.cfg.name, s->cfg.name);
        return -1;
    }
    if (len != need) {
        sys_set_error(s, "restore state: %zu bytes, a saved state of %s has %zu", len, s->cfg.name,
                      need);
        return -1;
    }
    o = own_of(s);
    for (unsigned i = 0; i < NREGIONS; i++) {
        memcpy(r[i].p, (const char *)buf + at, r[i].len);
        at += r[i].len;
    }
    own_back(s, &o, 1);
    return 0;
}
