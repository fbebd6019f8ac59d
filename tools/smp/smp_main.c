/* SPDX-License-Identifier: Apache-2.0 */
/*
 * smp_main.c - cpumf-smp (usage: --help): a per-CPU summary of .SMP sample files as z/OS HIS
 * writes them (common/smp.h); its output and exit status are described in
 * docs/scenario-format.md (".SMP sample files").
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_strict.h"
#include "be.h"
#include "smp_tool.h"
#include "xalloc.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: cpumf-smp [--json] [--list] [--top N] [--plot DIR] FILE.SMP...\n"
               "  summarize .SMP sample files as z/OS HIS writes them (and cpumf-sim/cpumf-cosim\n"
               "  --smp-dir)\n"
               "  --json     print the summary (and with --list every sample) as JSON\n"
               "  --list     print every sample\n"
               "  --top N    instruction addresses and z/OS work to show per CPU (default 10,\n"
               "             0..1000)\n"
               "  --plot DIR write PNG pictures per CPU into DIR (gnuplot)\n");
}

static int cmp_key(const void *a, const void *b)
{
    const key_count *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key;
}

static int cmp_share(const void *a, const void *b)
{
    const key_count *x = a, *y = b;
    if (x->n != y->n)
        return x->n > y->n ? -1 : 1;
    return x->key < y->key ? -1 : x->key > y->key;
}

static void tally_add(tally *t, uint64_t key)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 256;
        t->k = xrealloc(t->k, t->cap * sizeof *t->k);
    }
    t->k[t->n].key = key;
    t->k[t->n++].n = 1;
}

/* sort by key, merge duplicates, sort by count */
static void tally_finish(tally *t)
{
    size_t i, o = 0;
    if (!t->n)
        return; /* no entries: qsort of a null array is undefined */
    qsort(t->k, t->n, sizeof *t->k, cmp_key);
    for (i = 0; i < t->n; i++) {
        if (o && t->k[o - 1].key == t->k[i].key)
            t->k[o - 1].n += t->k[i].n;
        else
            t->k[o++] = t->k[i];
    }
    t->n = o;
    qsort(t->k, t->n, sizeof *t->k, cmp_share);
}

static int parse_uint(const char *s, unsigned long max, unsigned long *out)
{
    char *e;
    unsigned long v;
    if (!s || !*s || *s < '0' || *s > '9')
        return -1;
    v = strtoul(s, &e, 10);
    if (*e || v > max)
        return -1;
    *out = v;
    return 0;
}

/* "cpu 12" or "cpu ?" (text), 18 or null (JSON) */
static void print_cpu(int json, int cpu)
{
    if (cpu < 0)
        printf(json ? "null" : "?");
    else
        printf(json ? "%d" : "%X", cpu);
}

static void list_zos(int json, uint64_t pp)
{
    smp_zos_pp z;
    smp_zos_pp_decode(pp, &z);
    if (json)
        printf(", \"zos\": {\"w\": %u, \"s\": %u, \"%s\": \"0x%08x\", \"asid\": \"0x%04x\", "
               "\"%s\": \"0x%04x\"}",
               z.w, z.s, z.s ? "web" : "tcb", z.addr, z.asn, z.s ? "partial_web" : "token",
               z.token);
    else
        printf("  zos W%u %s %08x asid %04x %s %04x", z.w, z.s ? "srb web" : "task tcb", z.addr,
               z.asn, z.s ? "pweb" : "token", z.token);
}

static void list_sample(int json, int first, const smp_file *f, uint64_t k)
{
    const uint8_t *e = f->data + f->off[k];
    const uint8_t *d = e + SMP_BSDES;
    smp_basic b;
    smp_decode(e, &b);
    if (json)
        printf("%s\n        {\"index\": %" PRIu64 ", \"offset\": %" PRIu64
               ", \"fc\": \"0x%04x\", \"u\": %u, \"t\": %u, \"w\": %u, \"p\": %u, "
               "\"as\": %u, \"i\": %u, \"cl\": %u, \"h\": %u, \"ls\": %u, \"asn\": %u, \"ia\": "
               "\"0x%016" PRIx64 "\", \"guest\": \"0x%016" PRIx64 "\", \"host\": \"0x%016" PRIx64
               "\"",
               first ? "" : ",", k, f->off[k], b.fc, b.u, b.t, b.w, b.p, b.as, b.i, b.cl, b.hb,
               b.ls, b.asn, b.ia, b.guest, b.host);
    else
        printf("  %8" PRIu64 " @%-8" PRIu64
               " fc %04x U %2u T%u W%u P%u AS%u I%u CL%u H%u LS%u asn %04x ia %016" PRIx64
               " guest %016" PRIx64 " host %016" PRIx64,
               k, f->off[k], b.fc, b.u, b.t, b.w, b.p, b.as, b.i, b.cl, b.hb, b.ls, b.asn, b.ia,
               b.guest, b.host);
    if (!b.hb && b.guest)
        list_zos(json, b.guest);
    if (f->has_diag[k]) {
        /* DSDES 16 has no second doubleword */
        uint64_t w0 = be_get64(d);
        if (json) {
            printf(", \"diag\": {\"fc\": \"0x%04x\", \"i\": %u, \"dw1\": \"0x%016" PRIx64
                   "\", \"dw2\": ",
                   (unsigned)(w0 >> 48), (unsigned)(w0 >> 32 & 1), be_get64(d + 8));
            if (f->dsdes == 0 || f->dsdes >= 24)
                printf("\"0x%016" PRIx64 "\"}", be_get64(d + 16));
            else
                printf("null}");
        } else {
            printf("  diag fc %04x dw1 %016" PRIx64, (unsigned)(w0 >> 48), be_get64(d + 8));
            if (f->dsdes == 0 || f->dsdes >= 24)
                printf(" dw2 %016" PRIx64, be_get64(d + 16));
        }
    }
    printf(json ? "}" : "\n");
}

static double pct(uint64_t a, uint64_t b)
{
    return b ? 100.0 * (double)a / (double)b : 0.0;
}

/* The command line. */
typedef struct smp_opts {
    int json, list;
    unsigned long top;
    const char *plot; /* --plot DIR, or NULL */
    int nfiles;       /* the files are argv[1..nfiles] */
} smp_opts;

/* Options, and the file names moved to argv[1..]; 0 run, 1 --help, 2 bad usage. */
static int parse_args(int argc, char **argv, smp_opts *o)
{
    int i;
    memset(o, 0, sizeof *o);
    o->top = 10;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--json") == 0) {
            o->json = 1;
        } else if (strcmp(a, "--list") == 0) {
            o->list = 1;
        } else if (strcmp(a, "--top") == 0) {
            if (i + 1 >= argc || parse_uint(argv[i + 1], 1000, &o->top)) {
                fprintf(stderr, "cpumf-smp: --top needs a number 0..1000\n");
                return 2;
            }
            i++;
        } else if (strcmp(a, "--plot") == 0) {
            if (i + 1 >= argc || !argv[i + 1][0]) {
                fprintf(stderr, "cpumf-smp: --plot needs a directory\n");
                return 2;
            }
            o->plot = argv[++i];
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            return 1;
        } else if (strcmp(a, "--") == 0) {
            for (i++; i < argc; i++)
                argv[++o->nfiles] = argv[i];
            break;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "cpumf-smp: unknown option %s\n", a);
            return 2;
        } else {
            argv[++o->nfiles] = argv[i];
        }
    }
    if (o->nfiles == 0) {
        fprintf(stderr, "cpumf-smp: no .SMP file given\n");
        return 2;
    }
    return 0;
}

static void add_sample(cpu_sum *c, const smp_basic *b)
{
    c->invalid += b->i;
    c->problem += b->p;
    if (b->w) {
        c->wait++;
    } else {
        c->busy++;
        c->sum_u += b->u;
    }
    tally_add(&c->ias, b->ia);
    if (!b->hb && b->guest) { /* z/OS: its parameter in the guest field */
        smp_zos_pp z;
        smp_zos_pp_decode(b->guest, &z);
        c->zos++;
        if (z.w) {
            c->zos_wait++;
        } else {
            tally_add(&c->asids, z.asn);
            tally_add(&c->units, b->guest);
        }
    }
}

/* Per CPU, in the order CPUs first appear (files of one CPU merged). */
static cpu_sum *summarize(const smp_file *files, int nfiles, size_t *n_sums)
{
    cpu_sum *sums = NULL;
    size_t s, k;
    int i;
    *n_sums = 0;
    for (i = 0; i < nfiles; i++) {
        const smp_file *f = &files[i];
        cpu_sum *c = NULL;
        for (s = 0; s < *n_sums; s++)
            if (sums[s].cpu == f->cpu)
                c = &sums[s];
        if (!c) {
            sums = xrealloc(sums, (*n_sums + 1) * sizeof *sums);
            c = &sums[(*n_sums)++];
            memset(c, 0, sizeof *c);
            c->cpu = f->cpu;
        }
        c->n_files++;
        c->samples += f->samples;
        c->lost += f->lost;
        c->buffers += f->n_bufs;
        for (k = 0; k < f->samples; k++) {
            smp_basic b;
            smp_decode(f->data + f->off[k], &b);
            add_sample(c, &b);
        }
    }
    for (s = 0; s < *n_sums; s++) {
        tally_finish(&sums[s].ias);
        tally_finish(&sums[s].asids);
        tally_finish(&sums[s].units);
    }
    return sums;
}

static void print_json_file(const smp_file *f, int first)
{
    size_t k;
    printf("%s\n    {\"path\": \"", first ? "" : ",");
    for (k = 0; f->path[k];) {
        unsigned char ch = (unsigned char)f->path[k];
        size_t n = jdoc_utf8_seq(f->path + k, strlen(f->path + k));
        if (ch == '"' || ch == '\\')
            printf("\\%c", ch);
        else if (ch < 0x20)
            printf("\\u%04x", ch);
        else if (n)
            fwrite(f->path + k, 1, n, stdout);
        else
            printf("\\ufffd"); /* not UTF-8: the output stays JSON */
        k += n ? n : 1;
    }
    printf("\", \"cpu\": ");
    print_cpu(1, f->cpu);
    printf(", \"buffers\": %u, \"samples\": %" PRIu64 ", \"lost\": %" PRIu64
           ", \"diagnostic\": %s, \"dsdes\": %u}",
           f->n_bufs, f->samples, f->lost,
           f->samples && memchr(f->has_diag, 1, (size_t)f->samples) ? "true" : "false", f->dsdes);
}

/* One z/OS work unit: a task or an SRB. */
static void print_unit(int json, uint64_t pp, uint64_t n, uint64_t of)
{
    smp_zos_pp z;
    smp_zos_pp_decode(pp, &z);
    if (json)
        printf("{\"kind\": \"%s\", \"asid\": \"0x%04x\", \"%s\": \"0x%08x\", \"%s\": \"0x%04x\", "
               "\"samples\": %" PRIu64 "}",
               z.s ? "srb" : "task", z.asn, z.s ? "web" : "tcb", z.addr,
               z.s ? "partial_web" : "token", z.token, n);
    else
        printf("    %-4s asid %04x %s %08x %s %04x  %8" PRIu64 "  %6.2f%%\n", z.s ? "srb" : "task",
               z.asn, z.s ? "web" : "tcb", z.addr, z.s ? "pweb " : "token", z.token, n, pct(n, of));
}

static void print_json_zos(const cpu_sum *c, const smp_opts *o)
{
    size_t k;
    if (!c->zos) {
        printf(",\n     \"zos\": null");
        return;
    }
    printf(",\n     \"zos\": {\"samples\": %" PRIu64 ", \"wait\": %" PRIu64
           ", \"address_spaces\": [",
           c->zos, c->zos_wait);
    for (k = 0; k < c->asids.n && k < o->top; k++)
        printf("%s{\"asid\": \"0x%04" PRIx64 "\", \"samples\": %" PRIu64 "}", k ? ", " : "",
               c->asids.k[k].key, c->asids.k[k].n);
    printf("],\n             \"work\": [");
    for (k = 0; k < c->units.n && k < o->top; k++) {
        printf("%s", k ? ",\n                      " : "");
        print_unit(1, c->units.k[k].key, c->units.k[k].n, c->zos);
    }
    printf("]}");
}

static void print_json_cpu(const cpu_sum *c, int first, const smp_file *files, int nfiles,
                           const smp_opts *o)
{
    size_t k;
    int i, none = 1;
    printf("%s\n    {\"cpu\": ", first ? "" : ",");
    print_cpu(1, c->cpu);
    printf(", \"files\": %u, \"buffers\": %" PRIu64 ", \"samples\": %" PRIu64 ", \"lost\": %" PRIu64
           ", \"valid\": %" PRIu64 ", \"invalid\": %" PRIu64 ", \"busy\": %" PRIu64
           ", \"wait\": %" PRIu64 ", \"problem\": %" PRIu64 ", \"supervisor\": %" PRIu64
           ", \"sum_u\": %" PRIu64 ", \"cpi\": ",
           c->n_files, c->buffers, c->samples, c->lost, c->samples - c->invalid, c->invalid,
           c->busy, c->wait, c->problem, c->samples - c->problem, c->sum_u);
    if (c->sum_u)
        printf("%.4f", (double)c->busy / (double)c->sum_u);
    else
        printf("null");
    printf(",\n     \"top\": [");
    for (k = 0; k < c->ias.n && k < o->top; k++)
        printf("%s{\"ia\": \"0x%016" PRIx64 "\", \"samples\": %" PRIu64 ", \"share\": %.4f}",
               k ? ", " : "", c->ias.k[k].key, c->ias.k[k].n,
               c->samples ? (double)c->ias.k[k].n / (double)c->samples : 0.0);
    printf("]");
    print_json_zos(c, o);
    if (o->list) {
        printf(",\n     \"list\": [");
        for (i = 0; i < nfiles; i++) {
            if (files[i].cpu != c->cpu)
                continue;
            for (k = 0; k < files[i].samples; k++) {
                list_sample(1, none, &files[i], k);
                none = 0;
            }
        }
        printf("%s]", none ? "" : "\n     ");
    }
    printf("}");
}

static void print_json(const smp_file *files, int nfiles, const cpu_sum *sums, size_t n_sums,
                       const smp_opts *o)
{
    size_t s;
    int i;
    printf("{\n  \"files\": [");
    for (i = 0; i < nfiles; i++)
        print_json_file(&files[i], i == 0);
    printf("\n  ],\n  \"cpus\": [");
    for (s = 0; s < n_sums; s++)
        print_json_cpu(&sums[s], s == 0, files, nfiles, o);
    printf("\n  ]\n}\n");
}

static void print_text_zos(const cpu_sum *c, const smp_opts *o)
{
    size_t k;
    printf("  z/OS samples        %" PRIu64 "  (wait dispatched %" PRIu64 ")\n", c->zos,
           c->zos_wait);
    if (!o->top)
        return;
    printf("  address spaces (home ASID)\n");
    for (k = 0; k < c->asids.n && k < o->top; k++)
        printf("    asid %04" PRIx64 "  %8" PRIu64 "  %6.2f%%\n", c->asids.k[k].key,
               c->asids.k[k].n, pct(c->asids.k[k].n, c->zos));
    printf("  tasks and SRBs\n");
    for (k = 0; k < c->units.n && k < o->top; k++)
        print_unit(0, c->units.k[k].key, c->units.k[k].n, c->zos);
}

static void print_text_cpu(const cpu_sum *c, const smp_file *files, int nfiles, const smp_opts *o)
{
    size_t k;
    int i;
    printf("cpu ");
    print_cpu(0, c->cpu);
    printf(" (%u file%s, %" PRIu64 " buffers)\n", c->n_files, c->n_files == 1 ? "" : "s",
           c->buffers);
    printf("  samples             %" PRIu64 "  (lost %" PRIu64 ", %.2f%% of %" PRIu64 ")\n",
           c->samples, c->lost, pct(c->lost, c->samples + c->lost), c->samples + c->lost);
    printf("  valid / invalid     %" PRIu64 " / %" PRIu64 "\n", c->samples - c->invalid,
           c->invalid);
    printf("  busy / wait         %" PRIu64 " / %" PRIu64 "  (%.2f%% busy)\n", c->busy, c->wait,
           pct(c->busy, c->samples));
    printf("  problem / supervisor %" PRIu64 " / %" PRIu64 "  (%.2f%% problem)\n", c->problem,
           c->samples - c->problem, pct(c->problem, c->samples));
    if (c->sum_u)
        printf("  CPI estimate        %.4f  (busy samples %" PRIu64 " / sum of U %" PRIu64 ")\n",
               (double)c->busy / (double)c->sum_u, c->busy, c->sum_u);
    else
        printf("  CPI estimate        n/a  (no sample with U > 0)\n");
    if (o->top && c->ias.n) {
        printf("  top instruction addresses\n");
        for (k = 0; k < c->ias.n && k < o->top; k++)
            printf("    %016" PRIx64 "  %8" PRIu64 "  %6.2f%%\n", c->ias.k[k].key, c->ias.k[k].n,
                   pct(c->ias.k[k].n, c->samples));
    }
    if (c->zos)
        print_text_zos(c, o);
    if (o->list) {
        printf("  samples\n");
        for (i = 0; i < nfiles; i++)
            if (files[i].cpu == c->cpu)
                for (k = 0; k < files[i].samples; k++)
                    list_sample(0, 0, &files[i], k);
    }
}

int main(int argc, char **argv)
{
    smp_opts o;
    smp_file *files;
    cpu_sum *sums;
    size_t n_sums, s;
    char err[1400];
    int i, rc = parse_args(argc, argv, &o);

    if (rc) {
        usage(rc == 1 ? stdout : stderr);
        return rc == 1 ? 0 : 2;
    }
    files = xcalloc((size_t)o.nfiles, sizeof *files);
    for (i = 0; i < o.nfiles; i++) {
        if (smp_load(argv[i + 1], &files[i], err, sizeof err) != 0) {
            fprintf(stderr, "cpumf-smp: %s\n", err);
            while (i > 0)
                smp_free(&files[--i]);
            free(files);
            return 2;
        }
    }
    sums = summarize(files, o.nfiles, &n_sums);
    if (o.json)
        print_json(files, o.nfiles, sums, n_sums, &o);
    else
        for (s = 0; s < n_sums; s++)
            print_text_cpu(&sums[s], files, o.nfiles, &o);
    rc = 0;
    if (o.plot && smp_plot(o.plot, sums, n_sums, files, o.nfiles, o.top, err, sizeof err) != 0) {
        fprintf(stderr, "cpumf-smp: %s\n", err);
        rc = 2;
    }
    for (s = 0; s < n_sums; s++) {
        free(sums[s].ias.k);
        free(sums[s].asids.k);
        free(sums[s].units.k);
    }
    free(sums);
    for (i = 0; i < o.nfiles; i++)
        smp_free(&files[i]);
    free(files);
    return rc;
}
