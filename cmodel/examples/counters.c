/* SPDX-License-Identifier: Apache-2.0 */
/* counters.c - a short counter measurement with the installed libcpumf.
 *
 * Build against an installed copy:
 *   cc counters.c $(pkg-config --cflags --libs cpumf) -o counters
 *   ./counters $(pkg-config --variable=configsdir cpumf)/systems/z15-1cpu.json
 *
 * The bench owns storage (a small array here) and hands it to the model with
 * cpumf_attach_storage.  It enables and activates the basic and problem-state
 * sets with LCCTL through the cycle-level instruction port, runs 1000 cycles
 * of a simple activity pattern, then reads the counters both by register name
 * and with the untimed ECCTR entry point. */
#include <stdio.h>
#include <string.h>

#include <cpumf/cpumf.h>

#define MEM_BYTES 65536u

typedef struct bench_mem {
    uint64_t dw[MEM_BYTES / 8];
} bench_mem;

static int mem_read(void *user, uint64_t addr, uint64_t *data)
{
    bench_mem *m = (bench_mem *)user;
    if (addr >= MEM_BYTES)
        return 1; /* not available */
    *data = m->dw[addr / 8];
    return 0;
}

static int mem_write(void *user, uint64_t addr, uint64_t data, uint8_t byte_mask)
{
    bench_mem *m = (bench_mem *)user;
    uint64_t mask = 0;
    if (addr >= MEM_BYTES)
        return 1;
    for (int b = 0; b < 8; b++)
        if (byte_mask & (0x80u >> b))
            mask |= 0xffull << (56 - 8 * b);
    m->dw[addr / 8] = (m->dw[addr / 8] & ~mask) | (data & mask);
    return 0;
}

int main(int argc, char **argv)
{
    static bench_mem mem;
    static cpumf_sys_in in;
    static cpumf_sys_out out;
    char err[256];
    const char *path = argc > 1 ? argv[1] : "configs/systems/z15-1cpu.json";
    cpumf_sys *sys = cpumf_create_from_file(path, NULL, err, sizeof err);
    if (!sys) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    static const cpumf_storage_ops ops = {mem_read, mem_write};
    cpumf_attach_storage(sys, &ops, &mem, 2);
    printf("libcpumf %s, system %s\n", cpumf_version(), cpumf_config(sys)->name);

    /* LCCTL operand at 0x1000: enable and activate basic (0x02) and problem-state (0x04). */
    mem.dw[0x1000 / 8] = (0x06ull << 16) | 0x06ull;
    cpumf_insn lcctl = {CPUMF_OP_LCCTL, 0, 0, 0, 0, 0, 0x1000};
    cpumf_in_present(&in, 0, &lcctl);

    for (unsigned cycle = 0; cycle < 1000; cycle++) {
        in.cpu[0].cr0_58 = 1;
        in.cpu[0].insns = (uint8_t)(cycle % 3 == 0 ? 2 : 1); /* 4 instructions every 3 cycles */
        in.cpu[0].problem = cycle >= 500;                    /* second half in the problem state */
        in.cpu[0].l1d_dw = cycle % 50 == 0;
        cpumf_step(sys, &in, &out);
        if (out.cpu[0].insn_ready && in.cpu[0].insn_valid)
            in.cpu[0].insn_valid = 0; /* accepted */
        if (out.cpu[0].insn_done)
            printf("cycle %u: LCCTL done, cc %u, exception 0x%02x\n", cycle, out.cpu[0].cc,
                   out.cpu[0].exc);
    }

    static const unsigned shown[] = {0, 1, 4, 32, 33};
    for (unsigned k = 0; k < sizeof shown / sizeof shown[0]; k++) {
        char name[32];
        uint64_t by_name = 0;
        cpumf_insn_result r;
        snprintf(name, sizeof name, "cpu0.counter.%u", shown[k]);
        cpumf_read_register(sys, name, &by_name);
        cpumf_x_ecctr(sys, 0, 0, shown[k], 0, 0, &r);
        printf("counter %3u %-24s %10llu (ECCTR cc %u: %llu)\n", shown[k],
               cpumf_counter_name(&cpumf_config(sys)->model, shown[k]), (unsigned long long)by_name,
               r.cc, (unsigned long long)r.r1);
    }
    cpumf_destroy(sys);
    return 0;
}
