/* SPDX-License-Identifier: Apache-2.0 */
/*
 * api.c - the golden-reference API around the cycle model: version, creation
 * from config files or JSON text, the per-system last error, the one-call
 * clock step, cloning, input helpers and attaching the user's storage.
 * Register access is regs.c, untimed execution execute.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cpumf_int.h"
#include "config_int.h"

const char *cpumf_version(void)
{
    return CPUMF_VERSION_STRING;
}

int cpumf_version_number(void)
{
    return CPUMF_VERSION_MAJOR * 10000 + CPUMF_VERSION_MINOR * 100 + CPUMF_VERSION_PATCH;
}

static cpumf_sys *create_from_doc(jdoc *d, const char *configs_dir, char *err, size_t errlen)
{
    cpumf_system_cfg cfg;
    cpumf_sys *s;
    int r;
    if (!d)
        return NULL;
    if (!configs_dir)
        configs_dir = cfg_default_dir();
    memset(&cfg, 0, sizeof cfg);
    r = cfg_system_from_json(d, jdoc_root(d), configs_dir, &cfg, err, errlen);
    if (r) {
        jdoc_free(d);
        return NULL;
    }
    s = cpumf_create(&cfg, err, errlen);
    if (!s && err && errlen) {
        /* cpumf_create's checks have no position: report the document start */
        char msg[SYS_ERR_LEN];
        snprintf(msg, sizeof msg, "%s", err);
        snprintf(err, errlen, "%s:1:1: %s", jdoc_name(d), msg);
    }
    jdoc_free(d);
    return s;
}

cpumf_sys *cpumf_create_from_file(const char *path, const char *configs_dir, char *err,
                                  size_t errlen)
{
    if (!path) {
        if (err && errlen)
            snprintf(err, errlen, "<system>:1:1: no file name");
        return NULL;
    }
    return create_from_doc(jdoc_parse_file(path, err, errlen), configs_dir, err, errlen);
}

cpumf_sys *cpumf_create_from_json(const char *json_text, const char *configs_dir, char *err,
                                  size_t errlen)
{
    if (!json_text) {
        if (err && errlen)
            snprintf(err, errlen, "<json>:1:1: no text");
        return NULL;
    }
    return create_from_doc(jdoc_parse_text("<json>", json_text, err, errlen), configs_dir, err,
                           errlen);
}

const char *cpumf_last_error(const cpumf_sys *s)
{
    return s ? s->last_err : "no system";
}

void cpumf_step(cpumf_sys *s, const cpumf_sys_in *in, cpumf_sys_out *out)
{
    cpumf_eval(s, in, out);
    cpumf_commit(s);
}

cpumf_sys *cpumf_clone(const cpumf_sys *s)
{
    cpumf_sys *c;
    if (!s)
        return NULL;
    c = (cpumf_sys *)malloc(sizeof *c);
    if (!c)
        return NULL;
    *c = *s;
    if (c->stor_ops_p)
        c->stor_ops_p = &c->stor_ops;
    c->reg_names = NULL;
    if (regs_build(c)) {
        free(c);
        return NULL;
    }
    return c;
}

void sys_idle_inputs(cpumf_sys_in *in)
{
    unsigned i;
    memset(in, 0, sizeof *in);
    for (i = 0; i < CPUMF_MAX_CPUS; i++)
        in->cpu[i].wait = 1u;
}

void cpumf_in_idle(cpumf_sys_in *in)
{
    sys_idle_inputs(in);
}

int cpumf_cpu_in_possible(const cpumf_cpu_in *in)
{
    return (int)arch_level_possible(in->level, in->secure_guest);
}

int cpumf_in_present(cpumf_sys_in *in, unsigned cpu, const cpumf_insn *insn)
{
    cpumf_cpu_in *c;
    if (!in || !insn || cpu >= CPUMF_MAX_CPUS)
        return -1;
    c = &in->cpu[cpu];
    c->insn_valid = 1u;
    c->op = insn->op;
    c->m3 = insn->m3;
    c->insn_problem = insn->problem;
    c->cr0_15 = insn->cr0_15;
    c->r1 = insn->r1;
    c->r2 = insn->r2;
    c->addr = insn->addr;
    return 0;
}

int cpumf_attach_storage(cpumf_sys *s, const cpumf_storage_ops *ops, void *user, unsigned latency)
{
    if (!s)
        return -1;
    if (ops && (!ops->read || !ops->write)) {
        sys_set_error(s, "attach_storage: read and write callbacks are both required");
        return -1;
    }
    if (ops && latency < 1u) {
        sys_set_error(s, "attach_storage: latency must be at least 1");
        return -1;
    }
    memset(s->port, 0, sizeof s->port);
    if (!ops) {
        s->stor_ops_p = NULL;
        memset(&s->stor_ops, 0, sizeof s->stor_ops);
        s->stor_user = NULL;
        s->stor_latency = 0u;
    } else {
        s->stor_ops = *ops;
        s->stor_ops_p = &s->stor_ops;
        s->stor_user = user;
        s->stor_latency = latency;
    }
    s->last_err[0] = '\0';
    return 0;
}
