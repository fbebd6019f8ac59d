/* SPDX-License-Identifier: Apache-2.0 */
/* it_machine.c - one CPU run as a program runs on it, for cpumf-insttime. */
#include "it_machine.h"

#include <stdio.h>
#include <string.h>

#include "be.h"

/* Longest wait for one instruction's response. */
#define IT_INSN_LIMIT 1000000u

/* The inputs of a busy CPU that completes nothing in this cycle. */
static void busy(it_machine *m)
{
    cpumf_cpu_in *c = &m->in.cpu[0];
    memset(&m->in, 0, sizeof m->in);
    c->level = m->cfg.level;
    c->tod = m->cycle;
    c->ia = m->ia;
}

static int step(it_machine *m)
{
    tb_storage_inputs(m->st, m->cycle, &m->in);
    if (m->be.eval(m->be.ctx, m->cycle, &m->in, &m->out) != 0)
        m->mismatch = 1;
    tb_storage_clock(m->st, m->cycle, &m->out);
    m->be.commit(m->be.ctx);
    m->cycle++;
    return m->mismatch ? -1 : 0;
}

void it_store(it_machine *m, uint64_t addr, uint64_t v)
{
    uint8_t b[8];
    be_put64(b, v);
    tb_storage_write_bytes(m->st, addr, b, 8);
    if (m->be.mem_write)
        m->be.mem_write(m->be.ctx, addr, b, 8);
}

int it_insn(it_machine *m, const cpumf_insn *x, it_last *res)
{
    int presented = 1;
    uint64_t n;
    for (n = 0; n < IT_INSN_LIMIT; n++) {
        const cpumf_cpu_out *o = &m->out.cpu[0];
        busy(m);
        if (presented)
            cpumf_in_present(&m->in, 0, x);
        if (step(m))
            return -1;
        if (presented && o->insn_ready)
            presented = 0;
        else if (!presented && o->insn_done) {
            res->cc = o->cc;
            res->exc = o->exc;
            res->r1 = o->r1;
            return 0;
        }
    }
    return -1;
}

int it_clock(it_machine *m, uint64_t *now)
{
    cpumf_insn x = {.op = CPUMF_OP_ECCTR, .r2 = 0};
    it_last r;
    if (it_insn(m, &x, &r))
        return -1;
    *now = r.r1;
    return 0;
}

int it_pgm(it_machine *m, const tb_timing_insn *t, uint32_t cycles)
{
    uint32_t k;
    for (k = 0; k < cycles; k++) {
        busy(m);
        tb_program_cycle(t, cycles, k, -1, m->ia, &m->in.cpu[0]);
        if (step(m))
            return -1;
    }
    return 0;
}

int it_cpu_speed(it_machine *m, uint32_t *speed)
{
    cpumf_insn x = {.op = CPUMF_OP_QSI, .addr = IT_A_QSI};
    it_last r;
    if (it_insn(m, &x, &r))
        return -1;
    *speed = (uint32_t)tb_storage_read_u64(m->st, IT_A_QSI + 40);
    return 0;
}

int it_machine_init(it_machine *m, const cpumf_system_cfg *cfg, uint64_t seed, tb_backend be,
                    char *err, size_t errlen)
{
    cpumf_insn lcctl = {.op = CPUMF_OP_LCCTL, .addr = IT_A_LCCTL};
    it_last r = {0, 0, 0};
    uint64_t sets = CPUMF_SET_BASIC | CPUMF_SET_PROBLEM | (cfg->model.n_ext ? CPUMF_SET_EXT : 0);
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    m->ia = 0x10000;
    m->be = be;
    m->st = tb_storage_create(cfg, seed);
    /* LCCTL's operand: E and C of the counter sets timed with */
    tb_storage_write_u64(m->st, IT_A_LCCTL, sets << 16 | sets);
    if (m->be.attach_storage)
        m->be.attach_storage(m->be.ctx, m->st);
    if (it_insn(m, &lcctl, &r) || r.cc || r.exc) {
        snprintf(err, errlen, "%s: the counter sets could not be activated (LCCTL cc %u exc %u)",
                 cfg->name, r.cc, r.exc);
        it_machine_free(m);
        return -1;
    }
    return 0;
}

void it_machine_free(it_machine *m)
{
    if (m->be.destroy)
        m->be.destroy(m->be.ctx);
    if (m->st)
        tb_storage_destroy(m->st);
    memset(m, 0, sizeof *m);
}
