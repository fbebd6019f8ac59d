/* SPDX-License-Identifier: Apache-2.0 */
/*
 * cpumf_dpi.c - DPI-C glue between SystemVerilog (tb/dpi/cpumf_dpi.sv) and the
 * cycle-accurate C model (libcpumf).  Plain C11; the prototypes below are the
 * ones the DPI imports of cpumf_dpi.sv map to (IEEE 1800 Annex H: a packed
 * `bit [N:0]` is svBitVecVal[], `longint unsigned` is unsigned long long,
 * `chandle` is void *, `string` is const char *).  The model's inputs,
 * outputs and registers travel as the packed structs of mf_system's ports,
 * moved field by field by common/rtl_bundle.c.
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
#include "shared/rtl_bundle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of the create error buffer (CPUMF_DPI_ERRLEN in cpumf_dpi.sv). */
#define CPUMF_DPI_ERRLEN 256
/* Room for a field name of the reports ("cpu15.cf_counters.ctr_q[191]"). */
#define CPUMF_DPI_NAMELEN 64

/* ---- DPI imports (keep in step with cpumf_dpi.sv) ------------------------ */
void *cpumf_dpi_create_c(const char *sys_path, const char *configs_dir, svBitVecVal *err);
void cpumf_dpi_destroy(void *h);
const char *cpumf_dpi_error(void *h);
const char *cpumf_dpi_version(void);
int cpumf_dpi_version_number(void);
int cpumf_dpi_get_cfg(void *h, svBitVecVal *cfg);
int cpumf_dpi_set_in(void *h, int cpu, const svBitVecVal *in);
int cpumf_dpi_set_sys(void *h, const svBitVecVal *sys);
int cpumf_dpi_clear_inputs(void *h);
int cpumf_dpi_step(void *h);
int cpumf_dpi_eval(void *h);
int cpumf_dpi_commit(void *h);
unsigned long long cpumf_dpi_cycle(void *h);
/* A failed assertion of rtl/ (rtl/mf_assert.svh, mf_pkg::mf_assert_failed)
 * when a bench Verilates the RTL with --assert beside the model. */
void mf_assert_failed(const char *path);
int cpumf_dpi_get_out(void *h, int cpu, svBitVecVal *out);
int cpumf_dpi_get_obs(void *h, int cpu, svBitVecVal *obs);
int cpumf_dpi_get_sys_obs(void *h, svBitVecVal *obs);
const char *cpumf_dpi_diff_out(void *h, int cpu, const svBitVecVal *a, const svBitVecVal *b);
const char *cpumf_dpi_diff_obs(void *h, int cpu, const svBitVecVal *a, const svBitVecVal *b);
const char *cpumf_dpi_diff_sys_obs(void *h, const svBitVecVal *a, const svBitVecVal *b);
int cpumf_dpi_read_register(void *h, const char *name, unsigned long long *value);

/* ---- the handle ----------------------------------------------------------- */
typedef struct cpumf_dpi {
    cpumf_sys *sys;
    unsigned n_cpus;
    cpumf_sys_in in;   /* inputs being built for this cycle (levels persist) */
    cpumf_sys_out out; /* outputs of the last evaluated cycle */
    cpumf_obs obs;     /* registers at the start of the last evaluated cycle */
    int evaluated;     /* an eval is waiting for its commit */
    int have_out;      /* some cycle has been evaluated */
    uint64_t cycle;    /* commits since create */
    char err[CPUMF_DPI_ERRLEN];
    char diff[CPUMF_DPI_NAMELEN]; /* the name the last diff returned */
} cpumf_dpi;

/* One output vector of bundle b from the C struct c: every word written. */
static void vout(rtl_bundle b, const void *c, svBitVecVal *v)
{
    memset(v, 0, ((rtl_bundle_bits(b) + 31u) / 32u) * sizeof *v);
    rtl_bundle_pack(b, c, v, 0);
}

static cpumf_dpi *H(void *h)
{
    return (cpumf_dpi *)h;
}

static int fail(cpumf_dpi *d, const char *what)
{
    snprintf(d->err, sizeof d->err, "%s", what);
    return -1;
}

/* -1 with a message when cpu is not installed. */
static int check_cpu(cpumf_dpi *d, int cpu)
{
    if (cpu < 0 || (unsigned)cpu >= d->n_cpus) {
        snprintf(d->err, sizeof d->err, "cpu %d is not installed (system has %u CPUs)", cpu,
                 d->n_cpus);
        return -1;
    }
    return 0;
}

/* ---- life cycle ----------------------------------------------------------- */
/* Character j of msg at bits [8*(ERRLEN-1-j) +: 8], as cpumf_dpi.sv reads it. */
static void err_to_vec(svBitVecVal *v, const char *msg)
{
    memset(v, 0, CPUMF_DPI_ERRLEN / 4u * sizeof *v);
    for (unsigned j = 0; j + 1 < CPUMF_DPI_ERRLEN && msg[j]; j++) {
        const unsigned bit = 8u * (CPUMF_DPI_ERRLEN - 1u - j);
        v[bit / 32u] |= (svBitVecVal)((uint8_t)msg[j]) << (bit % 32u);
    }
}

void *cpumf_dpi_create_c(const char *sys_path, const char *configs_dir, svBitVecVal *err)
{
    char msg[CPUMF_DPI_ERRLEN] = "";
    cpumf_dpi *d = (cpumf_dpi *)calloc(1, sizeof *d);
    if (!d) {
        err_to_vec(err, "cpumf_dpi_create: out of memory");
        return NULL;
    }
    d->sys = cpumf_create_from_file(sys_path ? sys_path : "",
                                    (configs_dir && configs_dir[0]) ? configs_dir : NULL, msg,
                                    sizeof msg);
    if (!d->sys) {
        err_to_vec(err, msg[0] ? msg : "cpumf_create_from_file failed");
        free(d);
        return NULL;
    }
    d->n_cpus = cpumf_config(d->sys)->n_cpus;
    err_to_vec(err, "");
    return d;
}

void cpumf_dpi_destroy(void *h)
{
    cpumf_dpi *d = H(h);
    if (!d)
        return;
    cpumf_destroy(d->sys);
    free(d);
}

const char *cpumf_dpi_error(void *h)
{
    return h ? H(h)->err : "null cpumf_dpi handle";
}

const char *cpumf_dpi_version(void)
{
    return cpumf_version();
}

int cpumf_dpi_version_number(void)
{
    return cpumf_version_number();
}

int cpumf_dpi_get_cfg(void *h, svBitVecVal *cfg)
{
    cpumf_dpi *d = H(h);
    if (!d)
        return -1;
    const cpumf_system_cfg *c = cpumf_config(d->sys);
    vout(RTL_CFG, c, cfg);
    if (c->n_cpus > RTL_NCPU || c->n_cg > RTL_NCG) {
        snprintf(d->err, sizeof d->err,
                 "system %s has %u CPUs and %u groups; the RTL build has at most %d and %d",
                 c->name, c->n_cpus, c->n_cg, RTL_NCPU, RTL_NCG);
        return -1;
    }
    return 0;
}

/* ---- inputs --------------------------------------------------------------- */
int cpumf_dpi_set_in(void *h, int cpu, const svBitVecVal *in)
{
    cpumf_dpi *d = H(h);
    if (!d || check_cpu(d, cpu))
        return -1;
    rtl_bundle_unpack(RTL_CPU_IN, in, 0, &d->in.cpu[cpu]);
    return 0;
}

int cpumf_dpi_set_sys(void *h, const svBitVecVal *sys)
{
    cpumf_dpi *d = H(h);
    if (!d)
        return -1;
    rtl_bundle_unpack(RTL_SYS_IN, sys, 0, &d->in);
    return 0;
}

int cpumf_dpi_clear_inputs(void *h)
{
    cpumf_dpi *d = H(h);
    if (!d)
        return -1;
    memset(&d->in, 0, sizeof d->in);
    return 0;
}

/* ---- clock ------------------------------------------------------------------ */
int cpumf_dpi_eval(void *h)
{
    cpumf_dpi *d = H(h);
    if (!d)
        return -1;
    /* The observation ports of cycle t are the registers at its start. */
    cpumf_observe(d->sys, &d->obs);
    cpumf_eval(d->sys, &d->in, &d->out);
    d->evaluated = 1;
    d->have_out = 1;
    return 0;
}

int cpumf_dpi_commit(void *h)
{
    cpumf_dpi *d = H(h);
    if (!d)
        return -1;
    if (!d->evaluated)
        return fail(d, "cpumf_dpi_commit without cpumf_dpi_eval in this cycle");
    cpumf_commit(d->sys);
    d->evaluated = 0;
    d->cycle++;
    return 0;
}

int cpumf_dpi_step(void *h)
{
    cpumf_dpi *d = H(h);
    if (!d)
        return -1;
    if (d->evaluated)
        return fail(d, "cpumf_dpi_step after cpumf_dpi_eval: call cpumf_dpi_commit");
    cpumf_observe(d->sys, &d->obs);
    cpumf_step(d->sys, &d->in, &d->out);
    d->have_out = 1;
    d->cycle++;
    return 0;
}

unsigned long long cpumf_dpi_cycle(void *h)
{
    return h ? (unsigned long long)H(h)->cycle : 0ull;
}

/* ---- outputs and registers of the last evaluated cycle ---------------------- */
static int check_evaluated(cpumf_dpi *d)
{
    return d->have_out ? 0 : fail(d, "no cycle evaluated yet");
}

int cpumf_dpi_get_out(void *h, int cpu, svBitVecVal *out)
{
    cpumf_dpi *d = H(h);
    if (!d || check_cpu(d, cpu) || check_evaluated(d))
        return -1;
    vout(RTL_CPU_OUT, &d->out.cpu[cpu], out);
    return 0;
}

int cpumf_dpi_get_obs(void *h, int cpu, svBitVecVal *obs)
{
    cpumf_dpi *d = H(h);
    if (!d || check_cpu(d, cpu) || check_evaluated(d))
        return -1;
    vout(RTL_CPU_OBS, &d->obs.cpu[cpu], obs);
    return 0;
}

int cpumf_dpi_get_sys_obs(void *h, svBitVecVal *obs)
{
    cpumf_dpi *d = H(h);
    if (!d || check_evaluated(d))
        return -1;
    vout(RTL_SYS_OBS, &d->obs, obs);
    return 0;
}

/* The name of the first field of b where x and y differ, "cpuN." first for
 * a CPU's bundle (cpu >= 0); "" when they are equal. */
static const char *diff(cpumf_dpi *d, rtl_bundle b, int cpu, const svBitVecVal *x,
                        const svBitVecVal *y)
{
    int n = cpu >= 0 ? snprintf(d->diff, sizeof d->diff, "cpu%d.", cpu) : 0;
    if (!rtl_bundle_diff(b, x, y, d->diff + n, (unsigned)(sizeof d->diff - (size_t)n)))
        d->diff[0] = '\0';
    return d->diff;
}

const char *cpumf_dpi_diff_out(void *h, int cpu, const svBitVecVal *a, const svBitVecVal *b)
{
    return h ? diff(H(h), RTL_CPU_OUT, cpu, a, b) : "";
}

const char *cpumf_dpi_diff_obs(void *h, int cpu, const svBitVecVal *a, const svBitVecVal *b)
{
    return h ? diff(H(h), RTL_CPU_OBS, cpu, a, b) : "";
}

const char *cpumf_dpi_diff_sys_obs(void *h, const svBitVecVal *a, const svBitVecVal *b)
{
    return h ? diff(H(h), RTL_SYS_OBS, -1, a, b) : "";
}

/* ---- registers by name ------------------------------------------------------ */
int cpumf_dpi_read_register(void *h, const char *name, unsigned long long *value)
{
    cpumf_dpi *d = H(h);
    uint64_t v = 0;
    if (!d)
        return -1;
    if (cpumf_read_register(d->sys, name ? name : "", &v) != 0) {
        snprintf(d->err, sizeof d->err, "%s", cpumf_last_error(d->sys));
        *value = 0;
        return -1;
    }
    *value = (unsigned long long)v;
    return 0;
}

void mf_assert_failed(const char *path)
{
    fprintf(stderr, "ASSERTION failed: %s\n", path);
}

#ifdef __cplusplus
}
#endif
