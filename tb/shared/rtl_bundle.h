/* SPDX-License-Identifier: Apache-2.0 */
/* rtl_bundle.h - the packed-struct ports of the RTL (rtl/mf_pkg_gen.svh) as
 * the C structs of cpumf.h they mirror field for field.  The layout comes
 * from the tables (cmodel/include/cpumf/cpumf_ports.def, cpumf_regs.def): a
 * packed struct holds its fields in table order, the first one most
 * significant.  A packed vector is an array of 32-bit words, word k holding
 * bits 32k..32k+31, as Verilator's ports and DPI-C's svBitVecVal hold it.
 * Used by the lockstep's Verilator shim and by the DPI-C glue. */
#ifndef CPUMF_TB_SHARED_RTL_BUNDLE_H
#define CPUMF_TB_SHARED_RTL_BUNDLE_H

#include <stdint.h>

#include "cpumf/cpumf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Sizes of the RTL build (mf_pkg: NCPU, NCG). */
enum {
#define CPUMF_BUILD(name, value, desc) RTL_##name = value,
#include "cpumf/cpumf_consts.def"
};

typedef enum rtl_bundle {
    RTL_CPU_IN,  /* cpu_in_t    <-> cpumf_cpu_in */
    RTL_SYS_IN,  /* sys_in_t    <-> cpumf_sys_in (its system fields) */
    RTL_CPU_OUT, /* cpu_out_t   <-> cpumf_cpu_out */
    RTL_CPU_OBS, /* cpu_obs_t   <-> cpumf_cpu_obs */
    RTL_SYS_OBS, /* sys_obs_t   <-> cpumf_obs (its system units) */
    RTL_CFG      /* cfg_t       <-  cpumf_system_cfg (the straps) */
} rtl_bundle;

/* The scope of a field (the tables' CPU, SYSTEM, CORE, GROUP). */
typedef enum rtl_scope {
    RTL_SCOPE_CPU,
    RTL_SCOPE_SYSTEM,
    RTL_SCOPE_CORE,
    RTL_SCOPE_GROUP
} rtl_scope;

/* A field of a packed struct: n elements of width bits (element 0 least
 * significant; n = count, or count per core or group of the RTL build for
 * the scopes CORE and GROUP), named in the lockstep's reports "unit.name"
 * (or "name" when unit is "").  In the C struct element e of a field up to
 * 64 bits wide is at off + e * esz. */
typedef struct rtl_field {
    const char *unit, *name;
    rtl_scope scope;
    size_t off;
    unsigned esz, n, count, width;
} rtl_field;

/* Field k of b, in the order of the tables; NULL past the end. */
const rtl_field *rtl_bundle_field(rtl_bundle b, unsigned k);
/* Element e of field f (at most 64 bits wide) of the C struct c. */
uint64_t rtl_field_get(const rtl_field *f, const void *c, unsigned e);

/* Bits of the packed struct. */
unsigned rtl_bundle_bits(rtl_bundle b);
/* The C struct c into bits [lsb, lsb + rtl_bundle_bits(b)) of words. */
void rtl_bundle_pack(rtl_bundle b, const void *c, uint32_t *words, unsigned lsb);
/* The same for the elements of c that differ from last, the C struct whose
 * fields those bits hold (the last one packed there); they are then copied
 * into last.  What changed costs, not what stayed (the waves' mirror). */
void rtl_bundle_pack_changed(rtl_bundle b, const void *c, void *last, uint32_t *words,
                             unsigned lsb);
/* Those bits into the fields of c (the other fields are left as they are). */
void rtl_bundle_unpack(rtl_bundle b, const uint32_t *words, unsigned lsb, void *c);

/* 1 when every field of c equals the bits of a cpu_obs_t at bit 0 of words
 * (what rtl_bundle_unpack would write there), else 0: the lockstep's check
 * of every cycle, without copying the registers out.  ctr, when not NULL,
 * stands for c's counter slots (cf_counters.ctr_q; cpumf_counter_slots). */
int rtl_cpu_obs_equal(const uint32_t *words, const cpumf_cpu_obs *c, const uint64_t *ctr);
/* The same for the system units: 1 when every element of the RTL build
 * (RTL_NCPU cores, RTL_NCG groups) equals the bits of a sys_obs_t at bit 0
 * of words; the elements past those are not looked at. */
int rtl_sys_obs_equal(const uint32_t *words, const cpumf_obs *c);

/* The first field where two packed values of b differ, named as the
 * lockstep's reports name it without the "cpuN." of a CPU bundle
 * ("cf_counters.ctr_q[3]", "mf_insn.insn_cc_o", "cf_global.change_q"), or
 * NULL when they are equal.  name is a buffer of len bytes. */
const char *rtl_bundle_diff(rtl_bundle b, const uint32_t *x, const uint32_t *y, char *name,
                            unsigned len);

#ifdef __cplusplus
}
#endif
#endif
