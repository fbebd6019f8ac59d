/* SPDX-License-Identifier: Apache-2.0 */
/*
 * smp_plot.c - cpumf-smp --plot DIR: per CPU, PNG pictures drawn by gnuplot:
 * the hot instruction addresses, the samples over time and, when the
 * diagnostic entries carry timestamps, the spacing of the samples.  The data
 * and the script go to a private directory inside DIR; the pictures are
 * renamed into DIR only when gnuplot made every one of them.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "smp_tool.h"
#include "be.h"
#include "xalloc.h"

extern char **environ;

#define SPACING_BINS 50

typedef struct plot_ctx {
    const char *dir;
    char tmp[1100];
    FILE *gp;     /* the script */
    char **names; /* pictures made, "cpu12_hot" */
    size_t n_names;
    char **files; /* every file in tmp, to remove at the end */
    size_t n_files;
    int werr;
} plot_ctx;

static char *tmp_path(plot_ctx *c, const char *name, const char *ext)
{
    size_t n = strlen(c->tmp) + strlen(name) + strlen(ext) + 3;
    char *p = xmalloc(n);
    snprintf(p, n, "%s/%s%s", c->tmp, name, ext);
    c->files = xrealloc(c->files, (c->n_files + 1) * sizeof *c->files);
    c->files[c->n_files++] = p;
    return p;
}

static FILE *open_data(plot_ctx *c, const char *name, char **path)
{
    FILE *f;
    *path = tmp_path(c, name, ".dat");
    f = fopen(*path, "w");
    if (!f)
        c->werr = 1;
    return f;
}

static void close_data(plot_ctx *c, FILE *f)
{
    if (f && fclose(f) != 0)
        c->werr = 1;
}

/* The data file f is complete: close it and start the picture in the
 * script (terminal, output, title "tag: what"). */
static void begin_picture(plot_ctx *c, FILE *f, const char *name, const char *tag, const char *what)
{
    char *png = tmp_path(c, name, ".png");
    close_data(c, f);
    c->names = xrealloc(c->names, (c->n_names + 1) * sizeof *c->names);
    c->names[c->n_names++] = xstrdup(name);
    fprintf(c->gp,
            "reset\nset terminal pngcairo size 1000,560\nset output '%s'\nset title \"%s: %s\"\n"
            "set style fill solid 0.6\nset grid ytics\n",
            png, tag, what);
}

static void hot_picture(plot_ctx *c, const char *tag, const cpu_sum *s, unsigned long top)
{
    char name[64], *dat;
    FILE *f;
    size_t k;
    snprintf(name, sizeof name, "%s_hot", tag);
    if (!(f = open_data(c, name, &dat)))
        return;
    for (k = 0; k < s->ias.n && k < top; k++)
        fprintf(f, "%zu %" PRIu64 " %016" PRIx64 "\n", k, s->ias.k[k].n, s->ias.k[k].key);
    begin_picture(c, f, name, tag, "samples at the hottest instruction addresses");
    fprintf(c->gp,
            "set boxwidth 0.8\nset xtics rotate by -45 font \",8\"\nset ylabel \"samples\"\n"
            "set yrange [0:*]\nplot '%s' using 1:2:xtic(3) with boxes notitle\n",
            dat);
}

/* Sample k's time: its diagnostic entry's TOD; without one, the last
 * sample of a buffer has the buffer's timestamp; 0: none. */
static uint64_t sample_tod(const smp_file *f, uint64_t k)
{
    if (f->has_diag[k] && (f->dsdes == 0 || f->dsdes >= 24))
        return be_get64(f->data + f->off[k] + SMP_BSDES + 16);
    if (k + 1 == f->samples || f->off[k + 1] / SMP_BUF != f->off[k] / SMP_BUF)
        return smp_buffer_tod(f, f->off[k]);
    return 0;
}

static void time_picture(plot_ctx *c, const char *tag, const cpu_sum *s, const smp_file *files,
                         int nfiles)
{
    char name[64], *dat;
    uint64_t t0 = UINT64_MAX, n = 0, timed = 0, k;
    FILE *f;
    int i;
    snprintf(name, sizeof name, "%s_time", tag);
    for (i = 0; i < nfiles; i++)
        for (k = 0; files[i].cpu == s->cpu && k < files[i].samples; k++) {
            uint64_t t = sample_tod(&files[i], k);
            timed += t != 0;
            if (t && t < t0)
                t0 = t;
        }
    if (timed < 2)
        t0 = UINT64_MAX; /* too few timestamps for a time axis: by sample number */
    if (!(f = open_data(c, name, &dat)))
        return;
    for (i = 0; i < nfiles; i++)
        for (k = 0; files[i].cpu == s->cpu && k < files[i].samples; k++) {
            uint64_t t = sample_tod(&files[i], k);
            n++;
            if (t0 == UINT64_MAX)
                fprintf(f, "%" PRIu64 " %" PRIu64 "\n", n, n);
            else if (t >= t0)
                fprintf(f, "%.3f %" PRIu64 "\n", (double)(t - t0) / 4096.0, n);
        }
    begin_picture(c, f, name, tag, "samples over time");
    fprintf(c->gp,
            "set xlabel \"%s\"\nset ylabel \"samples so far\"\nset yrange [0:*]\n"
            "plot '%s' using 1:2 with linespoints pointtype 7 pointsize 0.4 notitle\n",
            t0 == UINT64_MAX ? "sample" : "microseconds (TOD) since the first sample", dat);
}

/* The spacing of consecutive diagnostic timestamps, in TOD units. */
static size_t spacings(const cpu_sum *s, const smp_file *files, int nfiles, uint64_t **out)
{
    uint64_t prev = 0, k;
    size_t n = 0;
    int i;
    *out = xcalloc((size_t)s->samples + 1, sizeof **out);
    for (i = 0; i < nfiles; i++)
        for (k = 0; files[i].cpu == s->cpu && k < files[i].samples; k++) {
            uint64_t t;
            if (!files[i].has_diag[k] || (files[i].dsdes && files[i].dsdes < 24))
                continue; /* only diagnostic timestamps: one per sample */
            t = sample_tod(&files[i], k);
            if (prev && t > prev)
                (*out)[n++] = t - prev;
            prev = t;
        }
    return n;
}

static void spacing_picture(plot_ctx *c, const char *tag, const cpu_sum *s, const smp_file *files,
                            int nfiles)
{
    char name[64], *dat;
    uint64_t *d, lo = UINT64_MAX, hi = 0, bins[SPACING_BINS];
    size_t n = spacings(s, files, nfiles, &d), k;
    double width;
    FILE *f;
    if (n < 2) {
        free(d);
        return;
    }
    for (k = 0; k < n; k++) {
        lo = d[k] < lo ? d[k] : lo;
        hi = d[k] > hi ? d[k] : hi;
    }
    width = hi > lo ? (double)(hi - lo) / SPACING_BINS : 1.0;
    memset(bins, 0, sizeof bins);
    for (k = 0; k < n; k++) {
        size_t b = (size_t)((double)(d[k] - lo) / width);
        bins[b < SPACING_BINS ? b : SPACING_BINS - 1]++;
    }
    free(d);
    snprintf(name, sizeof name, "%s_spacing", tag);
    if (!(f = open_data(c, name, &dat)))
        return;
    for (k = 0; k < SPACING_BINS; k++)
        fprintf(f, "%.4f %" PRIu64 "\n", ((double)lo + ((double)k + 0.5) * width) / 4096.0,
                bins[k]);
    begin_picture(c, f, name, tag, "spacing of consecutive samples");
    fprintf(c->gp,
            "set boxwidth %.6f absolute\nset xlabel \"microseconds (diagnostic TOD)\"\n"
            "set ylabel \"sample pairs\"\nset yrange [0:*]\n"
            "plot '%s' using 1:2 with boxes notitle\n",
            width / 4096.0 * 0.9, dat);
}

static int run_gnuplot(const char *script, char *err, size_t errlen)
{
    char *argv[3];
    pid_t pid;
    int st, rc;
    argv[0] = (char *)"gnuplot";
    argv[1] = (char *)script;
    argv[2] = NULL;
    rc = posix_spawnp(&pid, "gnuplot", NULL, NULL, argv, environ);
    if (rc != 0) {
        snprintf(err, errlen, "cannot run gnuplot: %s (make deps installs gnuplot-nox)",
                 strerror(rc));
        return -1;
    }
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            snprintf(err, errlen, "gnuplot: %s", strerror(errno));
            return -1;
        }
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        snprintf(err, errlen, "gnuplot failed on %s", script);
        return -1;
    }
    return 0;
}

/* Every picture non-empty, then renamed into the directory (undone when one
 * rename fails). */
static int publish(plot_ctx *c, char *err, size_t errlen)
{
    size_t k, j;
    for (k = 0; k < c->n_names; k++) {
        char src[1300];
        struct stat sb;
        snprintf(src, sizeof src, "%s/%s.png", c->tmp, c->names[k]);
        if (stat(src, &sb) != 0 || sb.st_size == 0) {
            snprintf(err, errlen, "gnuplot wrote no picture %s.png", c->names[k]);
            return -1;
        }
    }
    for (k = 0; k < c->n_names; k++) {
        char src[1300], dst[1300];
        snprintf(src, sizeof src, "%s/%s.png", c->tmp, c->names[k]);
        snprintf(dst, sizeof dst, "%s/%s.png", c->dir, c->names[k]);
        if (rename(src, dst) != 0) {
            snprintf(err, errlen, "%s: cannot write: %s", dst, strerror(errno));
            for (j = 0; j < k; j++) {
                snprintf(dst, sizeof dst, "%s/%s.png", c->dir, c->names[j]);
                remove(dst);
            }
            return -1;
        }
    }
    return 0;
}

static void cleanup(plot_ctx *c)
{
    size_t k;
    for (k = 0; k < c->n_files; k++) {
        remove(c->files[k]);
        free(c->files[k]);
    }
    for (k = 0; k < c->n_names; k++)
        free(c->names[k]);
    free(c->files);
    free(c->names);
    rmdir(c->tmp);
}

int smp_plot(const char *dir, const cpu_sum *sums, size_t n_sums, const smp_file *files, int nfiles,
             unsigned long top, char *err, size_t errlen)
{
    plot_ctx c;
    char *script;
    size_t s;
    int rc = -1;
    memset(&c, 0, sizeof c);
    c.dir = dir;
    if (strpbrk(dir, "'\"\n\\")) {
        snprintf(err, errlen, "%s: a --plot directory cannot hold quotes, backslashes or newlines",
                 dir);
        return -1;
    }
    snprintf(c.tmp, sizeof c.tmp, "%s/.cpumf-smp-plot.%ld", dir, (long)getpid());
    if (mkdir(c.tmp, 0700) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", dir, strerror(errno));
        return -1;
    }
    script = tmp_path(&c, "plot", ".gp");
    c.gp = fopen(script, "w");
    if (c.gp) {
        for (s = 0; s < n_sums; s++) {
            char tag[32];
            if (!sums[s].samples)
                continue; /* nothing to draw */
            if (sums[s].cpu < 0)
                snprintf(tag, sizeof tag, "cpu-unknown");
            else
                snprintf(tag, sizeof tag, "cpu%X", (unsigned)sums[s].cpu);
            hot_picture(&c, tag, &sums[s], top ? top : 10);
            time_picture(&c, tag, &sums[s], files, nfiles);
            spacing_picture(&c, tag, &sums[s], files, nfiles);
        }
        if (fclose(c.gp) != 0)
            c.werr = 1;
    } else {
        c.werr = 1;
    }
    if (c.werr)
        snprintf(err, errlen, "%s: cannot write: %s", c.tmp, strerror(errno));
    else if (run_gnuplot(script, err, errlen) == 0 && publish(&c, err, errlen) == 0)
        rc = 0;
    cleanup(&c);
    return rc;
}
