/*
 * snapshot.c - copying one system's state into another of the same
 * configuration, without allocating: what a caller that keeps snapshots of
 * a running system (the lockstep's history) does every few hundred cycles,
 * where cpumf_clone would allocate and build the register names each time.
 */
#include <string.h>
#include "cpumf_int.h"

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
    *dst = *src;
    dst->reg_names = names;
    dst->n_reg_names = n_names;
    /* the storage callbacks are held by value: point at dst's own copy */
    if (dst->stor_ops_p)
        dst->stor_ops_p = &dst->stor_ops;
    return 0;
}
