/*
 * snapshot.c - copying one system's state into another of the same
 * configuration, without allocating: what a caller that keeps snapshots of
 * a running system (the lockstep's history) does every few hundred cycles,
 * where cpumf_clone would allocate and build the register names each time.
 */
#include <stddef.h>
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

int cpumf_copy_state(cpumf_sys *dst, const cpumf_sys *src)
{
    char(*names)[REG_NAME_LEN];
    unsigned n_names;
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
    names = dst->reg_names;
    n_names = dst->n_reg_names;
    /* The configuration is equal already.  A CPU that is not installed keeps
     * its power-on rows in every system of the configuration (nothing
     * evaluates, commits or writes them), so only the installed CPUs' rows
     * are copied: a quarter of them in a 4-CPU system. */
    memcpy((char *)dst + sizeof dst->cfg, (const char *)src + sizeof src->cfg,
           offsetof(cpumf_sys, q) - sizeof src->cfg);
    memcpy(dst->q, src->q, src->cfg.n_cpus * sizeof src->q[0]);
    memcpy(dst->d, src->d, src->cfg.n_cpus * sizeof src->d[0]);
    memcpy(dst->fcov, src->fcov, sizeof src->fcov);
    dst->reg_names = names;
    dst->n_reg_names = n_names;
    /* the storage callbacks are held by value: point at dst's own copy */
    if (dst->stor_ops_p)
        dst->stor_ops_p = &dst->stor_ops;
    return 0;
}
