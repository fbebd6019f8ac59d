/*
 * test_api.c - the golden-reference API (cpumf.h): version,
 * creation from files and JSON text, errors, registers by name, attached
 * storage, untimed execution against the cycle model, and independence of
 * several systems in one process.  Test names carry the requirement ID when
 * they check one.
 */
#define _POSIX_C_SOURCE 200809L
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cpumf/cpumf.h"

#ifndef CPUMF_CONFIGS_DEFAULT
#define CPUMF_CONFIGS_DEFAULT "configs"
#endif
#define SYSTEMS CPUMF_CONFIGS_DEFAULT "/systems/"

/* ------------------------------------------------------------ helpers */

typedef struct rng {
    uint64_t s;
} rng;

static uint64_t rnd64(rng *r)
{
    /* xorshift64* */
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545F4914F6CDD1Dull;
}

static unsigned rnd(rng *r, unsigned n)
{
    return (unsigned)((rnd64(r) >> 16) % n);
}

/* Big-endian storage of MEM_SIZE bytes with one hole; counts and hashes accesses. */
#define MEM_SIZE 2048u
#define HOLE_LO  0x400u
#define HOLE_HI  0x440u
typedef struct mem {
    uint8_t b[MEM_SIZE];
    unsigned reads, writes;
    uint64_t log; /* hash of the access sequence */
} mem;

static uint64_t mix(uint64_t h, uint64_t v)
{
    unsigned i;
    for (i = 0; i < 8u; i++) {
        h ^= (v >> (8u * i)) & 0xFFu;
        h *= 0x100000001B3ull;
    }
    return h;
}

static int mem_ok(uint64_t a)
{
    return a < MEM_SIZE && a + 8u <= MEM_SIZE && !(a + 8u > HOLE_LO && a < HOLE_HI);
}

static int mem_read(void *user, uint64_t a, uint64_t *data)
{
    mem *m = (mem *)user;
    uint64_t v = 0u;
    unsigned i;
    m->reads++;
    m->log = mix(mix(m->log, 1u), a);
    if (!mem_ok(a))
        return 1;
    for (i = 0; i < 8u; i++)
        v = (v << 8) | m->b[a + i];
    *data = v;
    return 0;
}

static int mem_write(void *user, uint64_t a, uint64_t data, uint8_t be)
{
    mem *m = (mem *)user;
    unsigned i;
    m->writes++;
    m->log = mix(mix(mix(mix(m->log, 2u), a), data), be);
    if (!mem_ok(a))
        return 1;
    for (i = 0; i < 8u; i++)
        if (be & (0x80u >> i))
            m->b[a + i] = (uint8_t)(data >> (56u - 8u * i));
    return 0;
}

static const cpumf_storage_ops mem_ops = {mem_read, mem_write};

static void mem_put(mem *m, uint64_t a, uint64_t v)
{
    unsigned i;
    for (i = 0; i < 8u; i++)
        m->b[a + i] = (uint8_t)(v >> (56u - 8u * i));
}

/* An operand worth loading: LCCTL masks, LPCTL codes, program parameters, noise. */
static uint64_t mem_operand(rng *r)
{
    switch (rnd(r, 7)) {
    case 6: /* LSCTL: enable sampling functions without activating them (no ticks) */
        return (uint64_t)rnd(r, 4) << 8;
    case 0: /* a valid LCCTL request when the sets are authorized */
    case 1: {
        unsigned e = rnd(r, 16) | CPUMF_SET_BASIC;
        return ((uint64_t)e << 16) | (e & rnd(r, 16));
    }
    case 2: return rnd(r, 4);
    case 3: return ((uint64_t)rnd(r, 64) << 16) | rnd(r, 64);
    case 4: return rnd(r, 2) ? 0u : ((uint64_t)0x0Fu << 16) | 0x0Fu;
    default: return rnd64(r);
    }
}

static void mem_fill(mem *m, rng *r)
{
    unsigned a;
    memset(m, 0, sizeof *m);
    for (a = 0; a < MEM_SIZE; a += 8u)
        mem_put(m, a, mem_operand(r));
}

/* Stores (QCTRI, STCCTM) leave mostly zeros behind: put operands back. */
static void mem_refresh(mem *m, rng *r, unsigned n)
{
    while (n--)
        mem_put(m, (uint64_t)rnd(r, MEM_SIZE / 8u) * 8u, mem_operand(r));
}

static cpumf_sys *load(const char *name)
{
    char path[512], err[256];
    cpumf_sys *s;
    snprintf(path, sizeof path, SYSTEMS "%s.json", name);
    s = cpumf_create_from_file(path, NULL, err, sizeof err);
    ck_assert_msg(s != NULL, "%s: %s", name, err);
    return s;
}

static unsigned n_cpus(const cpumf_sys *s)
{
    return cpumf_config(s)->n_cpus;
}

/* A random instruction, aimed at interesting operands most of the time. */
static void rand_insn(rng *r, const cpumf_sys *s, cpumf_insn *x)
{
    static const uint8_t ops[] = {CPUMF_OP_LPP,   CPUMF_OP_LCCTL,  CPUMF_OP_LPCTL, CPUMF_OP_QCTRI,
                                  CPUMF_OP_ECCTR, CPUMF_OP_EPCTR,  CPUMF_OP_SCCTR, CPUMF_OP_SPCTR,
                                  CPUMF_OP_ECPGA, CPUMF_OP_STCCTM, CPUMF_OP_LSCTL, CPUMF_OP_QSI};
    static const uint8_t m3s[] = {0, 1, 2, 3, 5, 9};
    static const unsigned nums[] = {0,   1,   5,   6,   32,  33,  34,  37,  64,  79,  80,  83, 84,
                                    128, 129, 159, 160, 227, 255, 256, 287, 288, 448, 449, 450};
    const cpumf_system_cfg *cfg = cpumf_config(s);
    memset(x, 0, sizeof *x);
    x->op = rnd(r, 10) ? ops[rnd(r, sizeof ops)] : (uint8_t)rnd(r, 16);
    x->m3 = rnd(r, 8) ? m3s[rnd(r, sizeof m3s)] : (uint8_t)rnd(r, 16);
    x->problem = rnd(r, 8) == 0;
    x->cr0_15 = (uint8_t)rnd(r, 2);
    x->r1 = rnd(r, 4) ? rnd64(r) : rnd(r, 8);
    switch (x->op) {
    case CPUMF_OP_ECCTR:
    case CPUMF_OP_SCCTR:
        x->r2 = nums[rnd(r, sizeof nums / sizeof nums[0])];
        if (rnd(r, 3) == 0) {
            int slot = -1;
            unsigned k;
            for (k = 0; k < 10u && slot < 0; k++) /* an installed counter */
                slot = cpumf_counter_slot(&cfg->model, (unsigned)(x->r2 = rnd(r, 290)));
        }
        break;
    case CPUMF_OP_EPCTR:
    case CPUMF_OP_SPCTR:
        x->r2 =
            ((uint64_t)(cfg->n_cg ? cfg->cg_addr[rnd(r, cfg->n_cg)] : rnd(r, 4)) << 8) | rnd(r, 10);
        break;
    case CPUMF_OP_ECPGA:
        x->r2 = rnd(r, 4) ? cfg->cpu_addr[rnd(r, cfg->n_cpus)] : rnd(r, 0x20);
        break;
    case CPUMF_OP_STCCTM:
        x->r1 = rnd(r, 6) ? rnd(r, 24) : (rnd(r, 2) ? 160u + rnd(r, 4) : rnd64(r));
        break;
    default: x->r2 = rnd64(r); break;
    }
    if (rnd(r, 20) == 0)
        x->r2 |= (uint64_t)1u << (16u + rnd(r, 48)); /* specification exceptions */
    switch (rnd(r, 8)) {
    case 0: x->addr = rnd64(r); break;                     /* far outside storage */
    case 1: x->addr = MEM_SIZE - 64u + rnd(r, 80); break;  /* across the end */
    case 2: x->addr = HOLE_LO - 64u + rnd(r, 0x80); break; /* around the hole */
    default: x->addr = (uint64_t)rnd(r, MEM_SIZE / 8u) * 8u + (rnd(r, 4) ? 0u : rnd(r, 8)); break;
    }
}

/* Random inputs of one cycle: activity, events, and instructions. */
static void rand_inputs(rng *r, const cpumf_sys *s, cpumf_sys_in *in, unsigned insn_pct)
{
    unsigned i, n = n_cpus(s);
    memset(in, 0, sizeof *in);
    for (i = 0; i < n; i++) {
        cpumf_cpu_in *c = &in->cpu[i];
        c->stopped = rnd(r, 40) == 0;
        c->wait = rnd(r, 3) == 0;
        c->problem = (uint8_t)rnd(r, 2);
        c->insns = (uint8_t)rnd(r, 8);
        c->l1i_dw = (uint8_t)rnd(r, 2);
        c->l1i_pen = (uint8_t)rnd(r, 2);
        c->l1d_dw = (uint8_t)rnd(r, 2);
        c->l1d_pen = (uint8_t)rnd(r, 2);
        c->cr_fn = (uint8_t)rnd(r, 32);
        c->cr_busy = (uint8_t)rnd(r, 32);
        c->cr_bfn = (uint8_t)rnd(r, 32);
        c->cr_bcyc = (uint8_t)rnd(r, 32);
        for (unsigned w = 0; w < CPUMF_EXT_WORDS; w++)
            c->ext[w] = rnd64(r) & rnd64(r);
        c->sf_lower_enabled = rnd(r, 8) == 0;
        c->cr0_58 = (uint8_t)rnd(r, 2);
        c->alert_taken = rnd(r, 4) == 0;
        if (rnd(r, 40) == 0)
            c->auth_set = (uint8_t)rnd(r, 128);
        if (rnd(r, 600) == 0)
            c->auth_clr = (uint8_t)(1u << rnd(r, 7));
        if (rnd(r, 60) == 0)
            c->sf_auth_set = (uint8_t)rnd(r, 4);
        if (rnd(r, 60) == 0)
            c->sf_auth_clr = (uint8_t)rnd(r, 4);
        if (rnd(r, 30) == 0)
            c->loss_cpu = (uint8_t)rnd(r, 64);
        c->loss_mt = rnd(r, 30) == 0;
        if (rnd(r, 3000) == 0)
            c->reset = (uint8_t)(1u + rnd(r, 4));
        if (rnd(r, 100) < insn_pct) {
            cpumf_insn x;
            rand_insn(r, s, &x);
            cpumf_in_present(in, i, &x);
        }
        /* garbage on the storage port: ignored while storage is attached */
        c->stor_req_ready = (uint8_t)rnd(r, 2);
        c->stor_rsp_valid = (uint8_t)rnd(r, 2);
        c->stor_rsp_err = (uint8_t)rnd(r, 2);
        c->stor_rsp_data = rnd64(r);
    }
    in->sigp_mt_valid = rnd(r, 100) == 0;
    in->sigp_mt_enable = (uint8_t)rnd(r, 2);
    in->cg_addr_change = rnd(r, 50) == 0;
}

static int all_idle(const cpumf_sys *s)
{
    unsigned i;
    for (i = 0; i < n_cpus(s); i++) {
        char name[32];
        uint64_t v = 1u;
        snprintf(name, sizeof name, "cpu%u.mf_insn.state_q", i);
        ck_assert_int_eq(cpumf_read_register(s, name, &v), 0);
        if (v != CPUMF_IS_IDLE)
            return 0;
    }
    return 1;
}

/* Idle cycles until every instruction unit is idle. */
static void drain(cpumf_sys *s)
{
    cpumf_sys_in in;
    cpumf_sys_out out;
    unsigned k;
    cpumf_in_idle(&in);
    for (k = 0; k < 2000u && !all_idle(s); k++)
        cpumf_step(s, &in, &out);
    ck_assert(all_idle(s));
}

static void observe0(const cpumf_sys *s, cpumf_obs *o)
{
    memset(o, 0, sizeof *o); /* padding compares equal */
    cpumf_observe(s, o);
}

/* ------------------------------------------------------------ tests */

START_TEST(test_version)
{
    ck_assert_str_eq(cpumf_version(), CPUMF_VERSION_STRING);
    ck_assert_int_eq(cpumf_version_number(),
                     CPUMF_VERSION_MAJOR * 10000 + CPUMF_VERSION_MINOR * 100 + CPUMF_VERSION_PATCH);
    ck_assert_int_eq(cpumf_version_number(), 500);
}
END_TEST

START_TEST(test_create_from_file)
{
    char err[256];
    cpumf_sys *s = load("z15-1cpu");
    const cpumf_system_cfg *c = cpumf_config(s);
    cpumf_sys *t;
    ck_assert_str_eq(c->name, "z15-1cpu");
    ck_assert_str_eq(c->model.name, "z15");
    ck_assert_int_eq(c->n_cpus, 1);
    ck_assert_str_eq(cpumf_last_error(s), "");
    cpumf_destroy(s);
    /* an explicit configs directory */
    t = cpumf_create_from_file(SYSTEMS "z17-4cpu-2cg.json", CPUMF_CONFIGS_DEFAULT, err, sizeof err);
    ck_assert_msg(t != NULL, "%s", err);
    ck_assert_int_eq(cpumf_config(t)->n_cpus, 4);
    ck_assert_int_eq(cpumf_config(t)->n_cg, 2);
    cpumf_destroy(t);
    /* a missing file */
    t = cpumf_create_from_file("/nonexistent/x.json", NULL, err, sizeof err);
    ck_assert_ptr_null(t);
    ck_assert_msg(strstr(err, "/nonexistent/x.json") == err, "%s", err);
}
END_TEST

static const char json_ok[] =
    "{\n"
    "  \"name\": \"inline-2cpu\",\n"
    "  \"model\": \"z16\",\n"
    "  \"cpus\": 2,\n"
    "  \"threads_per_core\": 2,\n"
    "  \"multithreading\": true,\n"
    "  \"cpu_addresses\": [\"0x0000\", \"0x0001\"],\n"
    "  \"coprocessor_groups\": [{\"address\": \"0x0002\", \"cpus\": [0, 1]}],\n"
    "  \"storage\": {\"size\": \"0x10000\", \"latency\": [1, 1], \"backpressure\": 0}\n"
    "}\n";

START_TEST(test_create_from_json)
{
    char err[256];
    cpumf_sys *s = cpumf_create_from_json(json_ok, NULL, err, sizeof err);
    const cpumf_system_cfg *c;
    uint64_t v;
    ck_assert_msg(s != NULL, "%s", err);
    c = cpumf_config(s);
    ck_assert_str_eq(c->name, "inline-2cpu");
    ck_assert_str_eq(c->model.name, "z16");
    ck_assert_int_eq(c->n_cpus, 2);
    ck_assert_int_eq(c->cg_addr[0], 2);
    ck_assert_int_eq(cpumf_read_register(s, "cf_global.mt_en_q", &v), 0);
    ck_assert_uint_eq(v, 1u);
    cpumf_destroy(s);
}
END_TEST

START_TEST(test_bad_config_positions)
{
    char err[256], path[] = "/tmp/cpumf_test_api_XXXXXX";
    static const char bad_key[] =
        "{\n  \"name\": \"x\",\n  \"model\": \"z15\",\n  \"bogus\": 1\n}\n";
    static const char bad_syntax[] = "{\n  \"name\": \"x\",\n    \"cpus\": 01\n}\n";
    static const char bad_range[] =
        "{\"name\": \"x\", \"model\": \"z15\",\n \"cpus\": 99, \"threads_per_core\": 1}";
    cpumf_sys *s;
    FILE *f;
    int fd;

    s = cpumf_create_from_json(bad_key, NULL, err, sizeof err);
    ck_assert_ptr_null(s);
    ck_assert_msg(strncmp(err, "<json>:4:3: ", 12) == 0, "%s", err);
    ck_assert_msg(strstr(err, "bogus") != NULL, "%s", err);

    s = cpumf_create_from_json(bad_range, NULL, err, sizeof err);
    ck_assert_ptr_null(s);
    ck_assert_msg(strncmp(err, "<json>:2:10: ", 13) == 0, "%s", err);

    /* a file: the same positions, under the file's name */
    fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    f = fdopen(fd, "w");
    ck_assert_ptr_nonnull(f);
    fputs(bad_syntax, f);
    fclose(f);
    s = cpumf_create_from_file(path, NULL, err, sizeof err);
    unlink(path);
    ck_assert_ptr_null(s);
    {
        char want[64];
        snprintf(want, sizeof want, "%s:3:13: ", path);
        ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
    }
    /* a model that does not exist, at the "model" value */
    s = cpumf_create_from_json("{\"name\": \"x\",\n\"model\": \"z99\"}", NULL, err, sizeof err);
    ck_assert_ptr_null(s);
    ck_assert_msg(strncmp(err, "<json>:2:10: ", 13) == 0, "%s", err);
}
END_TEST

START_TEST(test_errors_bad_cpu_register_storage)
{
    cpumf_sys *s = load("z15-1cpu");
    cpumf_insn_result res;
    cpumf_insn x;
    cpumf_sys_in in;
    uint64_t v;
    const char *e;

    /* out-of-range CPU */
    memset(&x, 0, sizeof x);
    x.op = CPUMF_OP_ECPGA;
    ck_assert_int_eq(cpumf_execute(s, 1, &x, &res), -1);
    ck_assert_msg(strstr(cpumf_last_error(s), "cpu 1") != NULL, "%s", cpumf_last_error(s));
    ck_assert_int_eq(cpumf_x_ecctr(s, 7, 0, 0, 0, 0, &res), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu1.sf_ctrl.pp_q", &v), -1);
    ck_assert_int_eq(cpumf_in_present(&in, CPUMF_MAX_CPUS, &x), -1);
    /* a good call clears the error */
    ck_assert_int_eq(cpumf_execute(s, 0, &x, &res), 0);
    ck_assert_str_eq(cpumf_last_error(s), "");

    /* unknown register names */
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.bogus", &v), -1);
    e = cpumf_last_error(s);
    ck_assert_msg(strstr(e, "cpu0.bogus") != NULL, "%s", e);
    ck_assert_int_eq(cpumf_read_register(s, "cpu00.sf_ctrl.pp_q", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.6", &v), -1);  /* not installed */
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.34", &v), -1); /* CFVN 3 */
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cg1.counter.0", &v), -1); /* one group */
    ck_assert_int_eq(cpumf_read_register(s, "cg0.counter.8", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "core1.counter.448", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "core0.counter.447", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cf_global.G_E_Q", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_counters.ctr_q[8]", &v), -1); /* CFVN 3 */
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_counters.ctr_q", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_state.e_q[0]", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cf_global.cg_ctr_q[1][0]", &v), -1); /* one group */
    ck_assert_int_eq(cpumf_read_register(s, "cf_global.cg_ctr_q[0]", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cf_global.mt_ctr_q[1][0]", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_global.g_e_q", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cf_state.a_q", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "", &v), -1);
    /* by perf name: only the model's perf names, only for CPU and core counters */
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.NOT_A_COUNTER", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.l1d_ro_excl", &v), -1); /* short */
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.CPU_CYCLES ", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu1.counter.CPU_CYCLES", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cg0.counter.CPU_CYCLES", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "core0.counter.CPU_CYCLES", &v), -1);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.DTLB1_WRITES", &v), -1); /* z10's */
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.counter.L1D_RO_EXCL_WRITES", &v), 0);
    ck_assert_int_eq(cpumf_read_register(s, "core0.counter.MT_DIAG_CYCLES_TWO_THR_ACTIVE", &v), 0);
    ck_assert_int_eq(cpumf_read_register(s, "cf_global.g_e_q", &v), 0);
    ck_assert_str_eq(cpumf_last_error(s), "");

    /* storage needed, none attached: misuse, nothing changes */
    ck_assert_int_eq(cpumf_x_lcctl(s, 0, 0x100, 0, &res), -1);
    ck_assert_msg(strstr(cpumf_last_error(s), "storage") != NULL, "%s", cpumf_last_error(s));
    ck_assert_int_eq(cpumf_x_qctri(s, 0, 0x100, 0, &res), -1);
    ck_assert_int_eq(cpumf_x_stcctm(s, 0, 0, 1, 0x100, 0, 0, &res), 0); /* n = 0: no store */
    ck_assert_int_eq(res.cc, 3);
    /* ... but an exception found in DECODE needs no storage */
    ck_assert_int_eq(cpumf_x_lcctl(s, 0, 0x100, 1, &res), 0);
    ck_assert_int_eq(res.exc, CPUMF_EXC_PRIVILEGED);
    ck_assert_int_eq(res.cc_valid, 0);
    /* opcodes: 12..15 are the operation exception, above 15 misuse */
    x.op = 12;
    ck_assert_int_eq(cpumf_execute(s, 0, &x, &res), 0);
    ck_assert_int_eq(res.exc, CPUMF_EXC_OPERATION);
    x.op = 16;
    ck_assert_int_eq(cpumf_execute(s, 0, &x, &res), -1);
    ck_assert_int_eq(cpumf_attach_storage(s, &mem_ops, NULL, 0), -1);
    cpumf_destroy(s);
}
END_TEST

/* Register name -> value of cpumf_observe, written independently of regs.c:
 * the canonical names are the fields of cpumf_obs. */
static int obs_value(const cpumf_sys *s, const cpumf_obs *o, const char *name, uint64_t *v)
{
    const cpumf_system_cfg *c = cpumf_config(s);
    unsigned tpc = c->threads_per_core, i, k, g;
    char f[40];
    int n = 0;
    if (sscanf(name, "cpu%u.counter.%u%n", &i, &k, &n) == 2 && name[n] == '\0') {
        int slot = cpumf_counter_slot(&c->model, k);
        if (slot == -2)
            *v = o->cf_global.mt_ctr_q[i / tpc][k - 448u];
        else
            *v = o->cpu[i].cf_counters.ctr_q[slot];
        return 0;
    }
    if (sscanf(name, "cpu%u.cf_counters.ctr_q[%u]%n", &i, &k, &n) == 2 && name[n] == '\0') {
        *v = o->cpu[i].cf_counters.ctr_q[k];
        return 0;
    }
    if (sscanf(name, "cpu%u.%39s", &i, f) == 2) {
        const cpumf_cpu_obs *p = &o->cpu[i];
#define F(unit, reg) else if (!strcmp(f, #unit "." #reg)) *v = p->unit.reg
        if (0) {
        }
        F(cf_state, a_q);
        F(cf_state, e_q);
        F(cf_state, c_q);
        F(cf_state, cg_a_q);
        F(mf_alert, pend_q);
        F(mf_insn, state_q);
        F(sf_ctrl, pp_q);
        F(sf_ctrl, pp_vm_q);
        F(sf_ctrl, a_q);
        F(sf_ctrl, e_q);
        F(sf_ctrl, c_q);
        F(sf_ctrl, s_q);
        F(sf_ctrl, h_q);
        F(sf_ctrl, interval_q);
        F(sf_ctrl, tear_q);
        F(sf_ctrl, dear_q);
        F(sf_interval, cnt_q);
        F(sf_interval, sec_q);
        F(sf_interval, sec_act_q);
        F(sf_interval, lfsr_q);
        F(sf_interval, coll_q);
        F(sf_update, state_q);
        F(sf_update, n_stored_q);
        F(sf_update, n_overflow_q);
        F(mf_cpu, own_q);
        else return -1;
#undef F
        return 0;
    }
    if (sscanf(name, "cg%u.counter.%u", &i, &k) == 2 ||
        (sscanf(name, "cf_global.cg_ctr_q[%u][%u]%n", &i, &k, &n) == 2 && name[n] == '\0')) {
        *v = o->cf_global.cg_ctr_q[i][k];
        return 0;
    }
    if (sscanf(name, "core%u.counter.%u", &i, &k) == 2) {
        *v = o->cf_global.mt_ctr_q[i][k - 448u];
        return 0;
    }
    if (sscanf(name, "cf_global.mt_ctr_q[%u][%u]%n", &g, &k, &n) == 2 && name[n] == '\0') {
        *v = o->cf_global.mt_ctr_q[g][k];
        return 0;
    }
    if (!strcmp(name, "cf_global.g_e_q"))
        *v = o->cf_global.g_e_q;
    else if (!strcmp(name, "cf_global.g_c_q"))
        *v = o->cf_global.g_c_q;
    else if (!strcmp(name, "cf_global.change_q"))
        *v = o->cf_global.change_q;
    else if (!strcmp(name, "cf_global.mt_en_q"))
        *v = o->cf_global.mt_en_q;
    else
        return -1;
    return 0;
}

/* The architected alias of a canonical counter name ("" when it has none). */
static void alias_of(const char *name, char *alias, size_t len)
{
    unsigned i, k, n = 0;
    alias[0] = '\0';
    if (sscanf(name, "cpu%u.cf_counters.ctr_q[%u]", &i, &k) == 2)
        snprintf(alias, len, "cpu%u.counter.%u", i, cpumf_slot_counter(k));
    else if (sscanf(name, "cf_global.cg_ctr_q[%u][%u]", &i, &k) == 2)
        snprintf(alias, len, "cg%u.counter.%u", i, k);
    else if (sscanf(name, "cf_global.mt_ctr_q[%u][%u]", &n, &k) == 2)
        snprintf(alias, len, "core%u.counter.%u", n, 448u + k);
}

/* The perf-name alias of a canonical counter name ("" when perf does not name it). */
static void perf_alias_of(const cpumf_sys *s, const char *name, char *alias, size_t len)
{
    const cpumf_model_cfg *m = &cpumf_config(s)->model;
    unsigned i, k;
    alias[0] = '\0';
    if (sscanf(name, "cpu%u.cf_counters.ctr_q[%u]", &i, &k) == 2 &&
        cpumf_counter_perf_name(m, cpumf_slot_counter(k))[0])
        snprintf(alias, len, "cpu%u.counter.%s", i,
                 cpumf_counter_perf_name(m, cpumf_slot_counter(k)));
    else if (sscanf(name, "cf_global.mt_ctr_q[%u][%u]", &i, &k) == 2 &&
             cpumf_counter_perf_name(m, 448u + k)[0])
        snprintf(alias, len, "core%u.counter.%s", i, cpumf_counter_perf_name(m, 448u + k));
}

static unsigned expected_names(const cpumf_system_cfg *c)
{
    const cpumf_model_cfg *m = &c->model;
    unsigned per_cpu = 8u + 17u /* sampling, arbiter */ + 6u + (m->cfvn >= 3u ? 2u : 6u) +
                       (m->csvn >= 6u ? 20u : 16u) + m->n_ext;
    unsigned cores = (c->n_cpus + c->threads_per_core - 1u) / c->threads_per_core;
    return c->n_cpus * per_cpu + 4u + (m->has_cg ? c->n_cg * 8u : 0u) +
           (m->csvn > 3u ? cores * 2u : 0u);
}

START_TEST(test_register_reads_equal_observe)
{
    static const char *const systems[] = {"z17-4cpu-2cg", "z13-2x2", "generic-1cpu", "z10-1cpu",
                                          "z16-2x2"};
    const char *sysname = systems[_i];
    cpumf_sys *s = load(sysname);
    mem m;
    rng r;
    cpumf_sys_in in;
    cpumf_sys_out out;
    cpumf_obs o;
    unsigned cyc, i, nonzero = 0u, perf_aliases = 0u;

    r.s = UINT64_C(0x9E3779B97F4A7C15) + (unsigned)_i;
    mem_fill(&m, &r);
    ck_assert_int_eq(cpumf_attach_storage(s, &mem_ops, &m, 2), 0);
    for (cyc = 0; cyc < 3000u; cyc++) {
        rand_inputs(&r, s, &in, 20);
        cpumf_step(s, &in, &out);
        if (cyc % 500u != 499u)
            continue;
        observe0(s, &o);
        for (i = 0; cpumf_register_name(s, i); i++) {
            const char *name = cpumf_register_name(s, i);
            char alias[64];
            uint64_t got = 0xDEADu, want = 0xBEEFu, by_alias = 0xF00Du;
            ck_assert_msg(cpumf_read_register(s, name, &got) == 0, "%s: %s", name,
                          cpumf_last_error(s));
            ck_assert_msg(obs_value(s, &o, name, &want) == 0, "%s", name);
            ck_assert_msg(got == want, "%s %s: %llu != %llu", sysname, name,
                          (unsigned long long)got, (unsigned long long)want);
            alias_of(name, alias, sizeof alias);
            if (alias[0]) {
                ck_assert_msg(cpumf_read_register(s, alias, &by_alias) == 0, "%s", alias);
                ck_assert_msg(by_alias == got, "%s %s != %s", sysname, alias, name);
            }
            perf_alias_of(s, name, alias, sizeof alias);
            if (alias[0]) {
                by_alias = ~got;
                ck_assert_msg(cpumf_read_register(s, alias, &by_alias) == 0, "%s", alias);
                ck_assert_msg(by_alias == got, "%s %s != %s", sysname, alias, name);
                perf_aliases++;
            }
            nonzero += got != 0u;
        }
        ck_assert_uint_eq(i, expected_names(cpumf_config(s)));
    }
    ck_assert_uint_gt(nonzero, 10u);
    /* every real machine's counters have perf names (the generic model's do not) */
    ck_assert(perf_aliases > 0u || !strcmp(sysname, "generic-1cpu"));
    /* names are unique and only installed numbers */
    for (i = 0; cpumf_register_name(s, i); i++) {
        unsigned j, cpu, num;
        const char *a = cpumf_register_name(s, i);
        if (sscanf(a, "cpu%u.cf_counters.ctr_q[%u]", &cpu, &num) == 2)
            ck_assert_int_eq(cpumf_counter_slot(&cpumf_config(s)->model, cpumf_slot_counter(num)),
                             (int)num);
        for (j = i + 1u; j < i + 40u && cpumf_register_name(s, j); j++)
            ck_assert_str_ne(a, cpumf_register_name(s, j));
    }
    cpumf_destroy(s);
}
END_TEST

/* CF-LCCTL-1 through the cycle API with attached storage: accepted in t, DECODE
 * t+1, fetch request in t+2 (accepted: ready is one), response in t+2+L, EXEC
 * t+3+L, RESP t+4+L; the port inputs of the bench are ignored. */
START_TEST(test_CF_LCCTL_1_attached_storage_latency)
{
    static const unsigned lat[] = {1, 2, 3, 7};
    cpumf_sys *s = load("z15-1cpu");
    unsigned L = lat[_i], cyc, done_at = 0u;
    mem m;
    rng r = {42u};
    cpumf_sys_in in;
    cpumf_sys_out out;
    cpumf_insn x;
    uint64_t e = 0u, c = 0u;

    memset(&m, 0, sizeof m);
    mem_put(&m, 0x100, ((uint64_t)(CPUMF_SET_BASIC | CPUMF_SET_CRYPTO) << 16) | CPUMF_SET_BASIC);
    ck_assert_int_eq(cpumf_attach_storage(s, &mem_ops, &m, L), 0);
    memset(&x, 0, sizeof x);
    x.op = CPUMF_OP_LCCTL;
    x.addr = 0x100;
    for (cyc = 0; cyc < 40u && !done_at; cyc++) {
        cpumf_in_idle(&in);
        if (cyc == 0u)
            cpumf_in_present(&in, 0, &x);
        /* garbage on the port: must be ignored */
        in.cpu[0].stor_req_ready = (uint8_t)rnd(&r, 2);
        in.cpu[0].stor_rsp_valid = (uint8_t)rnd(&r, 2);
        in.cpu[0].stor_rsp_err = (uint8_t)rnd(&r, 2);
        in.cpu[0].stor_rsp_data = rnd64(&r);
        cpumf_eval(s, &in, &out);
        if (cyc == 0u)
            ck_assert_int_eq(out.cpu[0].insn_ready, 1);
        ck_assert_int_eq(out.cpu[0].stor_req_valid, cyc == 2u);
        if (cyc == 2u) {
            ck_assert_uint_eq(out.cpu[0].stor_req_addr, 0x100);
            ck_assert_int_eq(out.cpu[0].stor_req_we, 0);
        }
        if (out.cpu[0].insn_done) {
            done_at = cyc;
            ck_assert_int_eq(out.cpu[0].exc, 0);
            ck_assert_int_eq(out.cpu[0].cc, 0);
        }
        cpumf_commit(s);
    }
    ck_assert_uint_eq(done_at, 4u + L);
    ck_assert_uint_eq(m.reads, 1u);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_state.e_q", &e), 0);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_state.c_q", &c), 0);
    ck_assert_uint_eq(e, CPUMF_SET_BASIC | CPUMF_SET_CRYPTO);
    ck_assert_uint_eq(c, CPUMF_SET_BASIC);
    cpumf_destroy(s);
}
END_TEST

/* GEN-5: an error response of the attached storage is the access exception. */
START_TEST(test_GEN_5_attached_storage_error)
{
    cpumf_sys *s = load("z15-1cpu");
    mem m;
    cpumf_sys_in in;
    cpumf_sys_out out;
    cpumf_insn x;
    unsigned cyc;
    int seen = 0;
    memset(&m, 0, sizeof m);
    ck_assert_int_eq(cpumf_attach_storage(s, &mem_ops, &m, 3), 0);
    memset(&x, 0, sizeof x);
    x.op = CPUMF_OP_QCTRI;
    x.addr = HOLE_LO + 8u;
    for (cyc = 0; cyc < 40u && !seen; cyc++) {
        cpumf_in_idle(&in);
        if (cyc == 0u)
            cpumf_in_present(&in, 0, &x);
        cpumf_step(s, &in, &out);
        if (out.cpu[0].insn_done) {
            seen = 1;
            ck_assert_int_eq(out.cpu[0].exc, CPUMF_EXC_ACCESS);
        }
    }
    ck_assert(seen);
    ck_assert_uint_eq(m.writes, 0u);
    cpumf_destroy(s);
}
END_TEST

/* Untimed examples, one per requirement. */
START_TEST(test_CF_LCCTL_3_untimed_all_or_nothing)
{
    cpumf_sys *s = load("z15-1cpu");
    cpumf_sys_in in;
    cpumf_sys_out out;
    cpumf_insn_result res;
    mem m;
    uint64_t e;
    memset(&m, 0, sizeof m);
    ck_assert_int_eq(cpumf_attach_storage(s, &mem_ops, &m, 1), 0);
    /* take away the crypto authorization */
    cpumf_in_idle(&in);
    in.cpu[0].auth_clr = CPUMF_SET_CRYPTO;
    cpumf_step(s, &in, &out);
    mem_put(&m, 0x10, ((uint64_t)(CPUMF_SET_BASIC | CPUMF_SET_CRYPTO) << 16));
    ck_assert_int_eq(cpumf_x_lcctl(s, 0, 0x10, 0, &res), 0);
    ck_assert_int_eq(res.exc, 0);
    ck_assert_int_eq(res.cc_valid, 1);
    ck_assert_int_eq(res.cc, 3);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_state.e_q", &e), 0);
    ck_assert_uint_eq(e, 0u);
    mem_put(&m, 0x10, ((uint64_t)CPUMF_SET_BASIC << 16) | CPUMF_SET_BASIC);
    ck_assert_int_eq(cpumf_x_lcctl(s, 0, 0x10, 0, &res), 0);
    ck_assert_int_eq(res.cc, 0);
    ck_assert_int_eq(cpumf_read_register(s, "cpu0.cf_state.e_q", &e), 0);
    ck_assert_uint_eq(e, CPUMF_SET_BASIC);
    /* SCCTR then ECCTR of counter 1 */
    ck_assert_int_eq(cpumf_x_scctr(s, 0, 12345, 1, 0, &res), 0);
    ck_assert_int_eq(res.cc, 0);
    ck_assert_int_eq(cpumf_x_ecctr(s, 0, 0, 1, 0, 0, &res), 0);
    ck_assert_int_eq(res.cc, 0);
    ck_assert_uint_eq(res.r1, 12345u);
    /* ECCTR in the problem state needs CR0.15 */
    ck_assert_int_eq(cpumf_x_ecctr(s, 0, 7, 1, 1, 0, &res), 0);
    ck_assert_int_eq(res.exc, CPUMF_EXC_PRIVILEGED);
    ck_assert_uint_eq(res.r1, 7u);
    ck_assert_int_eq(cpumf_x_ecctr(s, 0, 7, 1, 1, 1, &res), 0);
    ck_assert_int_eq(res.exc, 0);
    ck_assert_uint_eq(res.r1, 12345u);
    /* STCCTM of the basic set: cc 0 for n = 6, stored big-endian */
    ck_assert_int_eq(cpumf_x_stcctm(s, 0, 6, 1, 0x200, 0, 0, &res), 0);
    ck_assert_int_eq(res.cc, 0);
    ck_assert_uint_eq(m.b[0x208 + 7], 12345u & 0xFFu);
    ck_assert_uint_eq(m.b[0x208 + 6], 12345u >> 8);
    cpumf_destroy(s);
}
END_TEST

/* The untimed result of one instruction equals the cycle model's for the same
 * instruction presented to the otherwise idle system: cc, exception, R1,
 * observed state (but the instruction unit's) and storage (reads, writes and
 * contents).  Random states reached by random cycle-level stimulus. */
typedef struct cover {
    unsigned n, by_exc[32], cc0_effect, stores, access;
} cover;

static void compare_one(cpumf_sys *s, const mem *m0, unsigned cpu, const cpumf_insn *x, cover *cv,
                        const char *sysname)
{
    cpumf_sys *a = cpumf_clone(s), *b = cpumf_clone(s);
    mem *ma = (mem *)malloc(sizeof *ma), *mb = (mem *)malloc(sizeof *mb);
    cpumf_insn_result res;
    cpumf_sys_in in;
    cpumf_sys_out out;
    cpumf_obs oa, ob, o0;
    unsigned cyc, lat = 1u + (unsigned)(x->r2 % 4u), i;
    int done = 0;

    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    *ma = *m0;
    *mb = *m0;
    ma->reads = ma->writes = mb->reads = mb->writes = 0u;
    ma->log = mb->log = 0u;
    ck_assert_int_eq(cpumf_attach_storage(a, &mem_ops, ma, lat), 0);
    ck_assert_int_eq(cpumf_attach_storage(b, &mem_ops, mb, lat), 0);
    observe0(s, &o0);

    /* (a) untimed */
    ck_assert_int_eq(cpumf_execute(a, cpu, x, &res), 0);
    /* (b) the cycle model, idle inputs */
    for (cyc = 0; cyc < 1000u && !done; cyc++) {
        cpumf_in_idle(&in);
        if (cyc == 0u)
            cpumf_in_present(&in, cpu, x);
        cpumf_eval(b, &in, &out);
        if (cyc == 0u)
            ck_assert_int_eq(out.cpu[cpu].insn_ready, 1);
        if (out.cpu[cpu].insn_done) {
            done = 1;
            ck_assert_msg(out.cpu[cpu].cc == res.cc && out.cpu[cpu].exc == res.exc &&
                              out.cpu[cpu].r1 == res.r1,
                          "%s cpu%u op %u m3 %u p %u r1 %llx r2 %llx addr %llx: timed cc %u "
                          "exc %u r1 %llx, untimed cc %u exc %u r1 %llx",
                          sysname, cpu, x->op, x->m3, x->problem, (unsigned long long)x->r1,
                          (unsigned long long)x->r2, (unsigned long long)x->addr, out.cpu[cpu].cc,
                          out.cpu[cpu].exc, (unsigned long long)out.cpu[cpu].r1, res.cc, res.exc,
                          (unsigned long long)res.r1);
        }
        cpumf_commit(b);
    }
    ck_assert(done);
    ck_assert_int_eq(res.cc_valid, res.exc == 0 && x->op != CPUMF_OP_LPP &&
                                       x->op != CPUMF_OP_QCTRI && x->op < 12u &&
                                       x->op != CPUMF_OP_QSI);
    observe0(a, &oa);
    observe0(b, &ob);
    for (i = 0; i < CPUMF_MAX_CPUS; i++) {
        oa.cpu[i].mf_insn.state_q = 0u;
        ob.cpu[i].mf_insn.state_q = 0u;
    }
    ck_assert_msg(memcmp(&oa, &ob, sizeof oa) == 0, "%s: state differs after op %u (exc %u)",
                  sysname, x->op, res.exc);
    ck_assert_msg(memcmp(ma->b, mb->b, MEM_SIZE) == 0, "%s: storage differs after op %u", sysname,
                  x->op);
    ck_assert_uint_eq(ma->reads, mb->reads);
    ck_assert_uint_eq(ma->writes, mb->writes);
    ck_assert_uint_eq(ma->log, mb->log);

    cv->n++;
    cv->by_exc[res.exc & 31u]++;
    if (res.exc == 0 && memcmp(&o0, &oa, sizeof oa) != 0)
        cv->cc0_effect++;
    cv->stores += ma->writes != 0u;
    cv->access += res.exc == CPUMF_EXC_ACCESS;
    free(ma);
    free(mb);
    cpumf_destroy(a);
    cpumf_destroy(b);
}

START_TEST(test_GEN_4_CF_untimed_equals_timed)
{
    static const char *const systems[] = {"z15-1cpu", "z17-4cpu-2cg", "z13-2x2", "generic-1cpu",
                                          "z10-1cpu", "z196-1cpu",    "z16-2x2", "zEC12-1cpu"};
    const char *sysname = systems[_i];
    cpumf_sys *s = load(sysname);
    mem *m = (mem *)malloc(sizeof *m);
    rng r;
    cpumf_sys_in in;
    cpumf_sys_out out;
    cover cv;
    unsigned trial, cyc;

    memset(&cv, 0, sizeof cv);
    r.s = UINT64_C(0xC0FFEE) * (unsigned)(_i + 1);
    mem_fill(m, &r);
    ck_assert_int_eq(cpumf_attach_storage(s, &mem_ops, m, 2), 0);
    for (trial = 0; trial < 1000u; trial++) {
        unsigned burst = rnd(&r, 4) ? rnd(&r, 30) : rnd(&r, 400);
        cpumf_insn x;
        for (cyc = 0; cyc < burst; cyc++) {
            rand_inputs(&r, s, &in, 25);
            cpumf_step(s, &in, &out);
        }
        mem_refresh(m, &r, 32);
        drain(s);
        rand_insn(&r, s, &x);
        compare_one(s, m, rnd(&r, n_cpus(s)), &x, &cv, sysname);
    }
    /* the comparisons covered the interesting outcomes */
    ck_assert_uint_eq(cv.n, 1000u);
    ck_assert_uint_gt(cv.by_exc[0], 400u);
    ck_assert_uint_gt(cv.by_exc[CPUMF_EXC_SPECIFICATION], 10u);
    ck_assert_uint_gt(cv.by_exc[CPUMF_EXC_PRIVILEGED], 10u);
    ck_assert_uint_gt(cv.access, 10u);
    ck_assert_uint_gt(cv.stores, 15u);
    ck_assert_uint_gt(cv.cc0_effect, 20u);
    free(m);
    cpumf_destroy(s);
}
END_TEST

/* ---- two systems in one process == two processes ---- */

static uint64_t hash_out(uint64_t h, const cpumf_sys_out *o, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++) {
        const cpumf_cpu_out *c = &o->cpu[i];
        h = mix(h, (uint64_t)c->insn_ready | (uint64_t)c->insn_done << 8 | (uint64_t)c->cc << 16 |
                       (uint64_t)c->exc << 24 | (uint64_t)c->stor_req_valid << 32 |
                       (uint64_t)c->stor_req_we << 40 | (uint64_t)c->stor_req_be << 48 |
                       (uint64_t)c->alert_req << 56);
        h = mix(h, c->r1);
        h = mix(h, c->stor_req_addr);
        h = mix(h, c->stor_req_wdata);
        h = mix(h, c->alert_param);
    }
    return h;
}

static uint64_t hash_obs(uint64_t h, const cpumf_sys *s)
{
    cpumf_obs o;
    const unsigned char *p = (const unsigned char *)&o;
    size_t i;
    observe0(s, &o);
    for (i = 0; i < sizeof o; i++) {
        h ^= p[i];
        h *= 0x100000001B3ull;
    }
    return h;
}

typedef struct runner {
    cpumf_sys *s;
    mem *m;
    rng r;
    uint64_t h;
} runner;

static void runner_init(runner *u, const char *sysname, uint64_t seed)
{
    u->s = load(sysname);
    u->m = (mem *)malloc(sizeof *u->m);
    u->r.s = seed;
    mem_fill(u->m, &u->r);
    u->h = 0xCBF29CE484222325ull;
    ck_assert_int_eq(cpumf_attach_storage(u->s, &mem_ops, u->m, 3), 0);
}

static void runner_cycle(runner *u)
{
    cpumf_sys_in in;
    cpumf_sys_out out;
    rand_inputs(&u->r, u->s, &in, 30);
    if (rnd(&u->r, 16) == 0)
        mem_refresh(u->m, &u->r, 1);
    cpumf_step(u->s, &in, &out);
    u->h = hash_out(u->h, &out, n_cpus(u->s));
}

static uint64_t runner_finish(runner *u)
{
    uint64_t h = hash_obs(u->h, u->s);
    h = mix(h, u->m->log);
    cpumf_destroy(u->s);
    free(u->m);
    return h;
}

#define PAIR_CYCLES 20000u

START_TEST(test_two_systems_equal_two_processes)
{
    runner a, b;
    uint64_t ha, hb, child[2];
    unsigned cyc;
    int fds[2], status;
    pid_t pid;

    ck_assert_int_eq(pipe(fds), 0);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        /* child: each stream alone, one system at a time */
        close(fds[0]);
        runner_init(&a, "z17-4cpu-2cg", 1u);
        for (cyc = 0; cyc < PAIR_CYCLES; cyc++)
            runner_cycle(&a);
        child[0] = runner_finish(&a);
        runner_init(&b, "z13-2x2", 2u);
        for (cyc = 0; cyc < PAIR_CYCLES; cyc++)
            runner_cycle(&b);
        child[1] = runner_finish(&b);
        _exit(write(fds[1], child, sizeof child) == (ssize_t)sizeof child ? 0 : 1);
    }
    close(fds[1]);
    /* parent: both streams interleaved cycle by cycle in this process */
    runner_init(&a, "z17-4cpu-2cg", 1u);
    runner_init(&b, "z13-2x2", 2u);
    for (cyc = 0; cyc < PAIR_CYCLES; cyc++) {
        runner_cycle(&a);
        runner_cycle(&b);
    }
    ha = runner_finish(&a);
    hb = runner_finish(&b);
    ck_assert_int_eq(read(fds[0], child, sizeof child), (ssize_t)sizeof child);
    close(fds[0]);
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    ck_assert_uint_eq(ha, child[0]);
    ck_assert_uint_eq(hb, child[1]);
    ck_assert_uint_ne(ha, hb);
}
END_TEST

/* A clone runs on like the original (snapshot and restore). */
START_TEST(test_clone_is_a_snapshot)
{
    runner a;
    cpumf_sys *c;
    mem *mc = (mem *)malloc(sizeof *mc);
    rng r2;
    uint64_t h1 = 0u, h2 = 0u;
    unsigned cyc;
    runner_init(&a, "z16-2x2", 7u);
    for (cyc = 0; cyc < 500u; cyc++)
        runner_cycle(&a);
    drain(a.s);
    c = cpumf_clone(a.s);
    ck_assert_ptr_nonnull(c);
    *mc = *a.m;
    ck_assert_int_eq(cpumf_attach_storage(c, &mem_ops, mc, 3), 0);
    r2 = a.r;
    for (cyc = 0; cyc < 2000u; cyc++) {
        cpumf_sys_in in;
        cpumf_sys_out out;
        rand_inputs(&a.r, a.s, &in, 30);
        cpumf_step(a.s, &in, &out);
        h1 = hash_out(h1, &out, n_cpus(a.s));
        rand_inputs(&r2, c, &in, 30);
        cpumf_step(c, &in, &out);
        h2 = hash_out(h2, &out, n_cpus(c));
    }
    ck_assert_uint_eq(h1, h2);
    ck_assert_uint_eq(hash_obs(0u, a.s), hash_obs(0u, c));
    ck_assert(memcmp(a.m->b, mc->b, MEM_SIZE) == 0);
    cpumf_destroy(c);
    free(mc);
    runner_finish(&a);
}
END_TEST

static Suite *api_suite(void)
{
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("api");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_version);
    tcase_add_test(tc, test_create_from_file);
    tcase_add_test(tc, test_create_from_json);
    tcase_add_test(tc, test_bad_config_positions);
    tcase_add_test(tc, test_errors_bad_cpu_register_storage);
    tcase_add_loop_test(tc, test_register_reads_equal_observe, 0, 5);
    tcase_add_loop_test(tc, test_CF_LCCTL_1_attached_storage_latency, 0, 4);
    tcase_add_test(tc, test_GEN_5_attached_storage_error);
    tcase_add_test(tc, test_CF_LCCTL_3_untimed_all_or_nothing);
    tcase_add_loop_test(tc, test_GEN_4_CF_untimed_equals_timed, 0, 8);
    tcase_add_test(tc, test_two_systems_equal_two_processes);
    tcase_add_test(tc, test_clone_is_a_snapshot);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(api_suite());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
