/* SPDX-License-Identifier: Apache-2.0 */
/* it_profile.c - sampled CPI and profile of a program workload (it_profile.h). */
#define _POSIX_C_SOURCE 200809L /* opendir */
#include "it_profile.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scenario/scenario.h"
#include "smp.h"

typedef struct tally {
    uint64_t busy, sum_u;
    uint64_t at[TB_PROG_MAX_LOOP]; /* busy samples at each loop address */
    uint64_t elsewhere;
} tally;

static void count_file(const tb_program_cfg *p, const smp_file *f, tally *t)
{
    uint64_t i;
    for (i = 0; i < f->samples; i++) {
        smp_basic b;
        unsigned k;
        smp_decode(f->data + f->off[i], &b);
        if (b.w)
            continue;
        t->busy++;
        t->sum_u += b.u;
        for (k = 0; k < p->n && p->loop[k].ia != b.ia; k++)
            ;
        if (k < p->n)
            t->at[k]++;
        else
            t->elsewhere++;
    }
}

/* Every .SMP file of the CPU whose address is cpu in dir; the number read, or -1. */
static int read_dir(const char *dir, int cpu, const tb_program_cfg *p, tally *t)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    char path[2048], err[1200];
    if (!d) {
        fprintf(stderr, "cpumf-insttime: %s: cannot read the directory\n", dir);
        return -1;
    }
    while ((e = readdir(d))) {
        smp_file f;
        if (!strstr(e->d_name, ".SMP.cpu"))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (smp_load(path, &f, err, sizeof err)) {
            fprintf(stderr, "cpumf-insttime: %s\n", err);
            smp_free(&f);
            closedir(d);
            return -1;
        }
        if (f.cpu == cpu) {
            count_file(p, &f, t);
            n++;
        }
        smp_free(&f);
    }
    closedir(d);
    return n;
}

static double report(const tb_program_cfg *p, const tally *t, FILE *out)
{
    uint64_t cyc = 0;
    double zmax = 0.0;
    unsigned k;
    for (k = 0; k < p->n; k++)
        cyc += p->loop[k].cycles;
    fprintf(out, "%-16s %-7s %7s %10s %10s %10s %8s\n", "IA", "INST", "CYCLES", "SAMPLES", "SHARE",
            "CYC SHARE", "Z");
    for (k = 0; k < p->n; k++) {
        const tb_prog_insn *e = &p->loop[k];
        double pc = (double)e->cycles / (double)cyc, ps = (double)t->at[k] / (double)t->busy;
        double sd = sqrt(pc * (1.0 - pc) / (double)t->busy);
        double z = sd > 0.0 ? (ps - pc) / sd : 0.0;
        if (fabs(z) > zmax)
            zmax = fabs(z);
        fprintf(out, "%016llx %-7s %7u %10llu %10.6f %10.6f %8.2f\n", (unsigned long long)e->ia,
                p->timing.insn[e->insn].name, e->cycles, (unsigned long long)t->at[k], ps, pc, z);
    }
    fprintf(out, "MAX |Z| = %.2f over %u addresses; %llu busy samples elsewhere\n", zmax, p->n,
            (unsigned long long)t->elsewhere);
    return zmax;
}

int it_profile(const it_profile_opts *o, FILE *out)
{
    char err[1024];
    tb_scenario *sc = tb_scenario_load(o->scenario, o->configs, 0, 0, NULL, err, sizeof err);
    const tb_program_cfg *p;
    tally *t;
    uint64_t cyc = 0;
    double cpi, est, pct, zmax;
    unsigned k;
    int n, rc = 0;
    if (!sc) {
        fprintf(stderr, "cpumf-insttime: %s\n", err);
        return 2;
    }
    p = &sc->workload.prog;
    if (!p->n) {
        fprintf(stderr, "cpumf-insttime: %s: not a program workload\n", o->scenario);
        tb_scenario_free(sc);
        return 2;
    }
    t = calloc(1, sizeof *t);
    n = t ? read_dir(o->smp_dir, sc->system.cpu_addr[0], p, t) : -1;
    if (n <= 0 || !t->busy || !t->sum_u) {
        if (n == 0 || (n > 0 && (!t->busy || !t->sum_u)))
            fprintf(stderr, "cpumf-insttime: %s: no busy samples with instructions of CPU 0\n",
                    o->smp_dir);
        free(t);
        tb_scenario_free(sc);
        return 2;
    }
    for (k = 0; k < p->n; k++)
        cyc += p->loop[k].cycles;
    cpi = (double)cyc / p->n;
    est = (double)t->busy / (double)t->sum_u;
    pct = 100.0 * fabs(est - cpi) / cpi;
    fprintf(out, "PROFILE   %s (%s, interval mode %u), %d .SMP files\n", o->scenario,
            sc->system.name, sc->system.interval_mode, n);
    fprintf(out,
            "CPI       samples %.4f (%llu busy samples / %llu U), program %.4f (%llu cycles "
            "/ %u instructions), %.3f%% off\n",
            est, (unsigned long long)t->busy, (unsigned long long)t->sum_u, cpi,
            (unsigned long long)cyc, p->n, pct);
    zmax = report(p, t, out);
    if (o->cpi_pct > 0.0 && pct > o->cpi_pct) {
        fprintf(out, "CPI OFF: more than %g%%\n", o->cpi_pct);
        rc = 1;
    }
    if (o->z_max > 0.0 && zmax > o->z_max) {
        fprintf(out,
                "PROFILE BIASED: an address %.2f deviations from its share of the cycles "
                "(bound %g)\n",
                zmax, o->z_max);
        rc = 1;
    }
    free(t);
    tb_scenario_free(sc);
    return rc;
}
