/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mf_system.c - unit mf_system and the public API: the whole model (one
 * mf_cpu per installed CPU and one cf_global), its creation in the power-on
 * state, the evaluate/commit clock step and observation, and the
 * attached-storage port emulation (cpumf_attach_storage, api.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpumf_int.h"

static void set_err(char *err, size_t errlen, const char *msg)
{
    if (err && errlen)
        snprintf(err, errlen, "%s", msg);
}

static const char *check_cfg(const cpumf_system_cfg *c)
{
    unsigned i;
    if (c->n_cpus < 1u || c->n_cpus > CPUMF_MAX_CPUS)
        return "n_cpus must be 1..16";
    if (c->threads_per_core != 1u && c->threads_per_core != 2u)
        return "threads_per_core must be 1 or 2";
    if (c->model.n_ext > CPUMF_MAX_EXT)
        return "n_ext must be at most 160";
    if (c->model.n_ext > arch_ext_max(c->model.csvn))
        return "n_ext above the maximum the CSVN allows";
    /* the entry sizes the update process holds (docs/uarch.md section 14) */
    if (c->model.fac_sf && c->model.bsdes != 32u)
        return "bsdes must be 32";
    if (c->model.fac_sf && (c->model.dsdes < 8u || c->model.dsdes > 128u || c->model.dsdes % 8u))
        return "dsdes must be a multiple of 8 from 8 to 128";
    if (c->model.has_cg) {
        if (c->n_cg < 1u || c->n_cg > CPUMF_MAX_CGS)
            return "n_cg must be 1..8 when coprocessor groups are installed";
        for (i = 0; i < c->n_cpus; i++)
            if (c->cpu_cg[i] >= c->n_cg)
                return "cpu_cg names a group that does not exist";
    }
    return NULL;
}

cpumf_sys *cpumf_create(const cpumf_system_cfg *cfg, char *err, size_t errlen)
{
    cpumf_sys *s;
    const char *msg;
    unsigned i;

    if (!cfg) {
        set_err(err, errlen, "no configuration");
        return NULL;
    }
    msg = check_cfg(cfg);
    if (msg) {
        set_err(err, errlen, msg);
        return NULL;
    }
    s = (cpumf_sys *)calloc(1, sizeof *s);
    if (!s) {
        set_err(err, errlen, "out of memory");
        return NULL;
    }
    s->cfg = *cfg;
    cf_counters_ext_mask(&s->cfg.model, s->ext_mask);
    if (!s->cfg.model.has_cg)
        s->cfg.n_cg = 0u;
    for (i = 0; i < CPUMF_MAX_CPUS; i++) {
        mf_cpu_power_on(&s->cfg, i, &s->q[i]);
        s->d[i] = s->q[i];
    }
    s->gq.mt_enabled = (uint8_t)(cfg->mt_enabled && cfg->model.csvn > 3u);
    s->gd = s->gq;
    if (regs_build(s)) {
        free(s);
        set_err(err, errlen, "out of memory");
        return NULL;
    }
    return s;
}

void cpumf_destroy(cpumf_sys *s)
{
    if (!s)
        return;
    regs_free(s);
    free(s);
}

/* Attached storage: inputs of CPU i's storage port for this cycle. */
static const cpumf_cpu_in *port_inputs(cpumf_sys *s, unsigned i, const cpumf_cpu_in *io,
                                       cpumf_cpu_in *tmp)
{
    port_emu *p = &s->port[i];
    *tmp = *io;
    p->rsp_shown = (uint8_t)(p->rsp_valid && p->rsp_due == s->cycle);
    tmp->stor_req_ready = 1u;
    tmp->stor_rsp_valid = p->rsp_shown;
    tmp->stor_rsp_err = p->rsp_shown ? p->rsp_err : 0u;
    tmp->stor_rsp_data = p->rsp_shown ? p->rsp_data : 0u;
    return tmp;
}

/* Attached storage, clock edge: retire the response shown, serve the request
 * accepted (ready is always one; OR and ADD as a read and a write at this
 * edge, uarch.md section 4) and schedule its response. */
static void port_commit(cpumf_sys *s, unsigned i)
{
    port_emu *p = &s->port[i];
    if (p->rsp_shown) {
        p->rsp_valid = 0u;
        p->rsp_shown = 0u;
    }
    if (p->acc_valid) {
        uint64_t data = 0u;
        int rc;
        if (!p->acc_we) {
            rc = s->stor_ops.read(s->stor_user, p->acc_addr, &data);
        } else if (p->acc_op == CPUMF_STOR_OP_PLAIN) {
            rc = s->stor_ops.write(s->stor_user, p->acc_addr, p->acc_wdata, p->acc_be);
        } else {
            /* interlocked: read and write within this edge, the old value back;
             * nothing else runs between the two callbacks */
            rc = s->stor_ops.read(s->stor_user, p->acc_addr, &data);
            if (!rc)
                rc = s->stor_ops.write(s->stor_user, p->acc_addr,
                                       arch_stor_update(p->acc_op, data, p->acc_wdata, p->acc_be),
                                       0xFFu);
        }
        p->rsp_valid = 1u;
        p->rsp_err = (uint8_t)(rc != 0);
        p->rsp_data = rc ? 0u : data;
        p->rsp_due = s->cycle + s->stor_latency;
        p->acc_valid = 0u;
    }
}

void sys_cpu_in(const cpumf_sys *s, const cpumf_sys_in *in, unsigned no_tick, mf_cpu_in *ci)
{
    ci->ext_mask = s->ext_mask;
    ci->sys = in;
    ci->cfg = &s->cfg;
    ci->g = &s->gq;
    ci->no_tick = (uint8_t)no_tick;
    ci->mt_ended = (uint8_t)arch_resets_end_mt(&s->cfg, in->cpu);
}

void cpumf_eval(cpumf_sys *s, const cpumf_sys_in *in, cpumf_sys_out *out)
{
    cf_global_in gin;
    unsigned i, n = s->cfg.n_cpus;

    mf_cpu_in ci;

    gin.cfg = &s->cfg; /* gin.cpu: the installed CPUs' rows only */
    gin.sys = in;
    sys_cpu_in(s, in, 0u, &ci);
    gin.mt_ended = ci.mt_ended;
    for (i = 0; i < n; i++) {
        mf_cpu_out co = {&out->cpu[i], &gin.cpu[i], 0u};
        cpumf_cpu_in tmp;
        ci.io = s->stor_ops_p ? port_inputs(s, i, &in->cpu[i], &tmp) : &in->cpu[i];
        ci.index = i;
        mf_cpu_eval(&s->q[i], &ci, &co, &s->d[i]);
        s->touched[i] = co.touched;
        if (s->stor_ops_p) {
            port_emu *p = &s->port[i];
            p->acc_valid = out->cpu[i].stor_req_valid;
            p->acc_we = out->cpu[i].stor_req_we;
            p->acc_op = out->cpu[i].stor_req_op;
            p->acc_be = out->cpu[i].stor_req_be;
            p->acc_addr = out->cpu[i].stor_req_addr;
            p->acc_wdata = out->cpu[i].stor_req_wdata;
        }
    }
    for (; i < CPUMF_MAX_CPUS; i++)
        memset(&out->cpu[i], 0, sizeof out->cpu[i]);
    cf_global_eval(&s->gq, &gin, &s->gd);
    s->evaluated = 1u;
}

void sys_commit_units(cpumf_sys *s)
{
    unsigned i;
    for (i = 0; i < s->cfg.n_cpus; i++) {
        mf_cpu_commit(&s->q[i], &s->d[i], s->touched[i], &s->cfg.model);
        if (s->d[i].fc.n)
            fcov_commit(s->fcov, &s->d[i].fc, arch_installed_sets(&s->cfg.model));
    }
    cf_global_commit(&s->gq, &s->gd, 1u, &s->cfg);
    if (s->gd.fc.n)
        fcov_commit(s->fcov, &s->gd.fc, 0u);
}

void cpumf_commit(cpumf_sys *s)
{
    unsigned i;
    if (!s->evaluated)
        return;
    sys_commit_units(s);
    if (s->stor_ops_p)
        for (i = 0; i < s->cfg.n_cpus; i++)
            port_commit(s, i);
    s->cycle++;
    s->evaluated = 0u;
}

/* Copies of the registers cpumf_regs.def lists from the state of their unit
 * (regs.c checks that the sizes agree): CPU rows into o from c, the others
 * into obs from the global unit. */
#define OBS_CPU_CPU(unit, reg, model)                                                              \
    if (counters || (void *)&o->unit.reg != (void *)o->cf_counters.ctr_q)                          \
        memcpy(&o->unit.reg, &c->model, sizeof o->unit.reg);
#define OBS_CPU_SYSTEM(unit, reg, model)
#define OBS_CPU_CORE  OBS_CPU_SYSTEM
#define OBS_CPU_GROUP OBS_CPU_SYSTEM
#define OBS_SYS_CPU(unit, reg, model)
#define OBS_SYS_SYSTEM(unit, reg, model) memcpy(&obs->unit.reg, &s->gq.model, sizeof obs->unit.reg);
#define OBS_SYS_CORE                     OBS_SYS_SYSTEM
#define OBS_SYS_GROUP                    OBS_SYS_SYSTEM

/* The registers into obs, the CPUs' counter slots with counters 1 (else
 * they are left as they are). */
static void observe(const cpumf_sys *s, cpumf_obs *obs, int counters)
{
    unsigned i;
    /* Installed CPUs only: the lockstep calls this every cycle. */
    for (i = 0; i < s->cfg.n_cpus; i++) {
        const mf_cpu_state *c = &s->q[i];
        cpumf_cpu_obs *o = &obs->cpu[i];
#define CPUMF_REG(unit, reg, width, count, scope, type, model, desc)                               \
    OBS_CPU_##scope(unit, reg, model)
#include "cpumf/cpumf_regs.def"
        if (counters)
            cf_counters_add_pending(&c->ctr, o->cf_counters.ctr_q);
    }
#define CPUMF_REG(unit, reg, width, count, scope, type, model, desc)                               \
    OBS_SYS_##scope(unit, reg, model)
#include "cpumf/cpumf_regs.def"
}

void cpumf_observe(const cpumf_sys *s, cpumf_obs *obs)
{
    observe(s, obs, 1);
}

void cpumf_observe_regs(const cpumf_sys *s, cpumf_obs *obs)
{
    observe(s, obs, 0);
}

const uint64_t *cpumf_counter_slots(cpumf_sys *s, unsigned cpu)
{
    if (!s || cpu >= s->cfg.n_cpus)
        return NULL;
    cf_counters_settle(&s->q[cpu].ctr);
    return s->q[cpu].ctr.ctr;
}

const cpumf_system_cfg *cpumf_config(const cpumf_sys *s)
{
    return &s->cfg;
}

int cpumf_counter_slot(const cpumf_model_cfg *m, unsigned number)
{
    return arch_counter_slot(m, number);
}

unsigned cpumf_slot_counter(unsigned slot)
{
    return arch_slot_counter(slot);
}
