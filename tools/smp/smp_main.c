/*
 * smp_main.c - build/cpumf-smp [--json] [--list] [--top N] FILE.SMP...:
 * a per-CPU summary of .SMP sample files (common/smp.h); its output and exit
 * status are described in docs/scenario-format.md (".SMP sample files").
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_strict.h"
#include "smp.h"
#include "xalloc.h"

#define MAX_CPU 65536u

typedef struct ia_count {
    uint64_t ia, n;
} ia_count;

typedef struct cpu_sum {
    unsigned cpu;
    uint64_t samples, lost, invalid, wait, problem, busy, sum_u, alerts;
    uint32_t n_files;
    ia_count *ias;
    size_t n_ia, cap_ia;
} cpu_sum;

static void usage(FILE *f)
{
    fprintf(f, "usage: cpumf-smp [--json] [--list] [--top N] FILE.SMP...\n"
               "  summarize .SMP sample files written by cpumf-sim/cpumf-cosim --smp-dir\n"
               "  --json     print the summary (and with --list every sample) as JSON\n"
               "  --list     print every sample\n"
               "  --top N    instruction addresses to show per CPU (default 10, 0..1000)\n");
}

static int cmp_ia(const void *a, const void *b)
{
    const ia_count *x = a, *y = b;
    return x->ia < y->ia ? -1 : x->ia > y->ia;
}

static int cmp_share(const void *a, const void *b)
{
    const ia_count *x = a, *y = b;
    if (x->n != y->n)
        return x->n > y->n ? -1 : 1;
    return x->ia < y->ia ? -1 : x->ia > y->ia;
}

static void add_ia(cpu_sum *c, uint64_t ia)
{
    if (c->n_ia == c->cap_ia) {
        c->cap_ia = c->cap_ia ? c->cap_ia * 2 : 256;
        c->ias = xrealloc(c->ias, c->cap_ia * sizeof *c->ias);
    }
    c->ias[c->n_ia].ia = ia;
    c->ias[c->n_ia++].n = 1;
}

/* sort by address, merge duplicates, sort by count */
static void finish_ias(cpu_sum *c)
{
    size_t i, o = 0;
    if (!c->n_ia)
        return; /* no entries: qsort of a null array is undefined */
    qsort(c->ias, c->n_ia, sizeof *c->ias, cmp_ia);
    for (i = 0; i < c->n_ia; i++) {
        if (o && c->ias[o - 1].ia == c->ias[i].ia)
            c->ias[o - 1].n += c->ias[i].n;
        else
            c->ias[o++] = c->ias[i];
    }
    c->n_ia = o;
    qsort(c->ias, c->n_ia, sizeof *c->ias, cmp_share);
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

static void list_sample(FILE *o, int json, int first, const tb_smp_file *f, uint64_t k)
{
    const uint8_t *e = f->data + k * f->entry_size;
    tb_smp_basic b;
    tb_smp_decode(e, &b);
    if (json) {
        fprintf(o,
                "%s\n        {\"index\": %" PRIu64
                ", \"fc\": \"0x%04x\", \"u\": %u, \"t\": %u, \"w\": %u, \"p\": %u, "
                "\"as\": %u, \"i\": %u, \"cl\": %u, \"h\": %u, \"ls\": %u, \"asn\": %u, \"ia\": "
                "\"0x%016" PRIx64 "\", \"guest\": \"0x%016" PRIx64 "\", \"host\": \"0x%016" PRIx64
                "\"",
                first ? "" : ",", k, b.fc, b.u, b.t, b.w, b.p, b.as, b.i, b.cl, b.hb, b.ls, b.asn,
                b.ia, b.guest, b.host);
        if (f->h.flags & TB_SMP_F_DIAG) {
            const uint8_t *d = e + f->h.bsdes;
            uint64_t w0 = tb_be64(d);
            fprintf(o,
                    ", \"diag\": {\"fc\": \"0x%04x\", \"i\": %u, \"dw1\": \"0x%016" PRIx64
                    "\", \"dw2\": ",
                    (unsigned)(w0 >> 48), (unsigned)(w0 >> 32 & 1), tb_be64(d + 8));
            if (f->h.dsdes >= 24)
                fprintf(o, "\"0x%016" PRIx64 "\"}", tb_be64(d + 16));
            else
                fprintf(o, "null}");
        }
        fprintf(o, "}");
    } else {
        fprintf(o,
                "  %8" PRIu64
                "  fc %04x U %2u T%u W%u P%u AS%u I%u CL%u H%u LS%u asn %04x ia %016" PRIx64
                " guest %016" PRIx64 " host %016" PRIx64,
                k, b.fc, b.u, b.t, b.w, b.p, b.as, b.i, b.cl, b.hb, b.ls, b.asn, b.ia, b.guest,
                b.host);
        if (f->h.flags & TB_SMP_F_DIAG) {
            /* DSDES 16 has no second doubleword */
            const uint8_t *d = e + f->h.bsdes;
            fprintf(o, "  diag fc %04x dw1 %016" PRIx64, (unsigned)(tb_be64(d) >> 48),
                    tb_be64(d + 8));
            if (f->h.dsdes >= 24)
                fprintf(o, " dw2 %016" PRIx64, tb_be64(d + 16));
        }
        fputc('\n', o);
    }
}

static double pct(uint64_t a, uint64_t b)
{
    return b ? 100.0 * (double)a / (double)b : 0.0;
}

/* The command line. */
typedef struct smp_opts {
    int json, list;
    unsigned long top;
    int nfiles; /* the files are argv[1..nfiles] */
} smp_opts;

/* Options, and the file names moved to argv[1..]; 0 run, 1 --help, 2 bad usage. */
static int parse_args(int argc, char **argv, smp_opts *o)
{
    int i;
    o->json = o->list = 0;
    o->top = 10;
    o->nfiles = 0;
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

/* Per CPU, in the order CPUs first appear (files of one CPU merged). */
static cpu_sum *summarize(const tb_smp_file *files, int nfiles, size_t *n_sums)
{
    cpu_sum *sums = NULL;
    size_t s, k;
    int i;
    *n_sums = 0;
    for (i = 0; i < nfiles; i++) {
        const tb_smp_file *f = &files[i];
        cpu_sum *c = NULL;
        for (s = 0; s < *n_sums; s++)
            if (sums[s].cpu == f->h.cpu)
                c = &sums[s];
        if (!c) {
            sums = xrealloc(sums, (*n_sums + 1) * sizeof *sums);
            c = &sums[(*n_sums)++];
            memset(c, 0, sizeof *c);
            c->cpu = f->h.cpu;
        }
        c->n_files++;
        c->samples += f->h.samples;
        c->lost += f->h.lost;
        c->alerts += f->h.alerts;
        for (k = 0; k < f->h.samples; k++) {
            tb_smp_basic b;
            tb_smp_decode(f->data + k * f->entry_size, &b);
            c->invalid += b.i;
            c->problem += b.p;
            if (b.w) {
                c->wait++;
            } else {
                c->busy++;
                c->sum_u += b.u;
            }
            add_ia(c, b.ia);
        }
    }
    for (s = 0; s < *n_sums; s++)
        finish_ias(&sums[s]);
    return sums;
}

static void print_json_file(const tb_smp_file *f, int first)
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
    printf("\", \"cpu\": %u, \"samples\": %" PRIu64 ", \"lost\": %" PRIu64
           ", \"interval\": \"0x%" PRIx64
           "\", \"bsdes\": %u, \"dsdes\": %u, \"diagnostic\": %s, \"buffer\": \"%s\", "
           "\"cpu_speed\": %u, \"tod\": \"0x%016" PRIx64 "\", \"alerts\": %u}",
           f->h.cpu, f->h.samples, f->h.lost, f->h.interval, f->h.bsdes, f->h.dsdes,
           f->h.flags & TB_SMP_F_DIAG ? "true" : "false", f->h.flags & TB_SMP_F_1M ? "1m" : "4k",
           f->h.cpu_speed, f->h.tod, f->h.alerts);
}

static void print_json_cpu(const cpu_sum *c, int first, const tb_smp_file *files, int nfiles,
                           const smp_opts *o)
{
    size_t k;
    int i, none = 1;
    printf("%s\n    {\"cpu\": %u, \"files\": %u, \"samples\": %" PRIu64 ", \"lost\": %" PRIu64
           ", \"valid\": %" PRIu64 ", \"invalid\": %" PRIu64 ", \"busy\": %" PRIu64
           ", \"wait\": %" PRIu64 ", \"problem\": %" PRIu64 ", \"supervisor\": %" PRIu64
           ", \"sum_u\": %" PRIu64 ", \"cpi\": ",
           first ? "" : ",", c->cpu, c->n_files, c->samples, c->lost, c->samples - c->invalid,
           c->invalid, c->busy, c->wait, c->problem, c->samples - c->problem, c->sum_u);
    if (c->sum_u)
        printf("%.4f", (double)c->busy / (double)c->sum_u);
    else
        printf("null");
    printf(",\n     \"top\": [");
    for (k = 0; k < c->n_ia && k < o->top; k++)
        printf("%s{\"ia\": \"0x%016" PRIx64 "\", \"samples\": %" PRIu64 ", \"share\": %.4f}",
               k ? ", " : "", c->ias[k].ia, c->ias[k].n,
               c->samples ? (double)c->ias[k].n / (double)c->samples : 0.0);
    printf("]");
    if (o->list) {
        printf(",\n     \"list\": [");
        for (i = 0; i < nfiles; i++) {
            if (files[i].h.cpu != c->cpu)
                continue;
            for (k = 0; k < files[i].h.samples; k++) {
                list_sample(stdout, 1, none, &files[i], k);
                none = 0;
            }
        }
        printf("%s]", none ? "" : "\n     ");
    }
    printf("}");
}

static void print_json(const tb_smp_file *files, int nfiles, const cpu_sum *sums, size_t n_sums,
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

static void print_text_cpu(const cpu_sum *c, const tb_smp_file *files, int nfiles,
                           const smp_opts *o)
{
    size_t k;
    int i;
    printf("cpu %u (%u file%s)\n", c->cpu, c->n_files, c->n_files == 1 ? "" : "s");
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
    if (o->top && c->n_ia) {
        printf("  top instruction addresses\n");
        for (k = 0; k < c->n_ia && k < o->top; k++)
            printf("    %016" PRIx64 "  %8" PRIu64 "  %6.2f%%\n", c->ias[k].ia, c->ias[k].n,
                   pct(c->ias[k].n, c->samples));
    }
    if (o->list) {
        printf("  samples\n");
        for (i = 0; i < nfiles; i++)
            if (files[i].h.cpu == c->cpu)
                for (k = 0; k < files[i].h.samples; k++)
                    list_sample(stdout, 0, 0, &files[i], k);
    }
}

int main(int argc, char **argv)
{
    smp_opts o;
    tb_smp_file *files;
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
        if (tb_smp_load(argv[i + 1], &files[i], err, sizeof err) != 0) {
            fprintf(stderr, "cpumf-smp: %s\n", err);
            while (i > 0)
                tb_smp_free(&files[--i]);
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
    for (s = 0; s < n_sums; s++)
        free(sums[s].ias);
    free(sums);
    for (i = 0; i < o.nfiles; i++)
        tb_smp_free(&files[i]);
    free(files);
    return 0;
}
