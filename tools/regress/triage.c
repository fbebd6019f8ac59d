/* SPDX-License-Identifier: Apache-2.0 */
/*
 * triage.c - GTKWave save file and PNG for a lockstep mismatch (triage.h).
 *
 * The template (waves/cpumf.gtkw) holds one group per unit for CPU 0, each
 * opened by a flags line with the group-begin bit and a "-title" line and
 * closed by a flags line with the group-end bit and the same title; every
 * group sets its own trace flags first, so groups can be dropped freely.
 * For a failure on another CPU the kept groups are rewritten to it.
 */
#define _XOPEN_SOURCE 700
#include "triage.h"
#include "regress.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GRP_BEGIN 0x800000ul /* GTKWave trace flags */
#define GRP_END   0x1000000ul
/* Window geometry: the zoom is computed for the width left to the waves. */
#define WIN_W         1800
#define WIN_H         1150
#define SST_W         160
#define SIGNALS_W     430
#define WAVES_W       900
#define NAMED_MARKERS 26
#define SCREEN        "-screen 0 1920x1200x24"

static unsigned long flags_of(const char *line)
{
    return line[0] == '@' ? strtoul(line + 1, NULL, 16) : 0;
}

/* Is word a token of title (tokens split at spaces, '/', '(' and ')')? */
static int has_word(const char *title, const char *word)
{
    size_t n = strlen(word);
    for (const char *s = strstr(title, word); s; s = strstr(s + 1, word)) {
        int left = s == title || strchr(" /(", s[-1]);
        int right = s[n] == '\0' || strchr(" /)", s[n]);
        if (left && right)
            return 1;
    }
    return 0;
}

static int port_group(const char *title)
{
    return !strncmp(title, "mf_insn ", 8) || !strncmp(title, "mf_cpu ", 7);
}

/* Is line a trace ("+{alias} path") of register reg (its rtl or model
 * alias: "dear_q", "model sf_e_q" for "e_q", "model insn_cc" for "insn_cc_o")? */
static int traces_reg(const char *line, const char *reg)
{
    const char *a = line[0] == '+' && line[1] == '{' ? line + 2 : NULL;
    const char *close = a ? strchr(a, '}') : NULL;
    if (!close || !*reg)
        return 0;
    const char *w = close;
    while (w > a && w[-1] != ' ')
        w--; /* last word of the alias */
    size_t wl = strcspn(w, "[}"), rl = strlen(reg);
    size_t stem =
        rl > 2 && (!strcmp(reg + rl - 2, "_q") || !strcmp(reg + rl - 2, "_o")) ? rl - 2 : rl;
    if ((wl == rl || wl == stem) && !strncmp(w, reg, wl))
        return 1;
    return wl > rl && w[wl - rl - 1] == '_' && !strncmp(w + wl - rl, reg, rl);
}

/* Append line to b, moved from CPU 0 to cpu; the failing register's traces
 * in red. */
static void put_line(rg_buf *b, const char *line, unsigned cpu, const char *reg)
{
    if (traces_reg(line, reg))
        rg_cat(b, "[color] 1\n");
    if (cpu == 0) {
        rg_cat(b, "%s\n", line);
        return;
    }
    for (const char *s = line; *s;) {
        if (!strncmp(s, "g_cpu[0]", 8)) {
            rg_cat(b, "g_cpu[%u]", cpu);
            s += 8;
        } else if (!strncmp(s, " cpu0", 5) && strchr(" )", s[5])) { /* not "cpu0..3" */
            rg_cat(b, " cpu%u", cpu);
            s += 5;
        } else {
            rg_cat(b, "%c", *s++);
        }
    }
    rg_cat(b, "\n");
}

int triage_write_gtkw(const char *template_path, const char *gtkw, const triage_window *w,
                      char *err, size_t errlen)
{
    char *text = rg_read_file(template_path);
    if (!text) {
        snprintf(err, errlen, "cannot read %s", template_path);
        return -1;
    }
    /* "cpuN.unit.reg" or "unit.reg" (the global unit) */
    unsigned cpu = 0;
    char unit[64] = "";
    const char *f = w->field;
    if (sscanf(f, "cpu%u.", &cpu) == 1)
        f = strchr(f, '.') + 1;
    size_t ul = strcspn(f, ".");
    if (ul >= sizeof unit)
        ul = sizeof unit - 1;
    memcpy(unit, f, ul);
    unit[ul] = '\0';
    /* the register: "dear_q" of "sf_ctrl.dear_q", "ctr_q" of "ctr_q[3] (counter 1 ...)" */
    char reg[64] = "";
    const char *rs = f + ul + (f[ul] == '.');
    size_t rl = strcspn(rs, "[ ");
    if (rl >= sizeof reg)
        rl = sizeof reg - 1;
    memcpy(reg, rs, rl);
    reg[rl] = '\0';

    size_t nl = 0;
    for (char *s = text; *s; s++)
        nl += *s == '\n';
    char **lines = xcalloc(nl + 2, sizeof *lines);
    size_t n = 0;
    for (char *s = text; s && *s;) {
        lines[n++] = s;
        s = strchr(s, '\n');
        if (s)
            *s++ = '\0';
    }
    /* Which groups to keep: the unit's, if the template has one, and the ports. */
    int unit_known = 0;
    for (size_t i = 0; i + 1 < n; i++)
        if ((flags_of(lines[i]) & GRP_BEGIN) && lines[i + 1][0] == '-' &&
            has_word(lines[i + 1] + 1, unit))
            unit_known = 1;

    rg_buf b = {0};
    double span = 10.0 * (double)(w->to - w->from + 1);
    /* GTKWave shows 2^-zoom / 200 time units per pixel; the pane for the
     * waves is what the signal names leave, assumed WAVES_W. */
    double zoom = -log2(200.0 * span / WAVES_W);
    rg_cat(&b, "[*] %s\n", w->title);
    rg_cat(&b, "[*] first difference at cycle %llu: %s; waves for cycles %llu..%llu\n",
           (unsigned long long)w->cycle, w->field, (unsigned long long)w->from,
           (unsigned long long)w->to);
    rg_cat(&b,
           "[*] primary marker: cycle %llu, where the sides differ; marker A: the cycle "
           "before it\n",
           (unsigned long long)w->cycle);
    rg_cat(&b, "[dumpfile] \"%s\"\n[timestart] %llu\n[size] %d %d\n[pos] -1 -1\n", w->fst,
           (unsigned long long)(10 * w->from), WIN_W, WIN_H);
    /* Cycle t starts at time 10t, with the edge that made its registers. */
    rg_cat(&b, "*%f %llu %lld", zoom, (unsigned long long)(10 * w->cycle),
           w->cycle ? (long long)(10 * w->cycle - 10) : -1LL);
    for (int i = 1; i < NAMED_MARKERS; i++)
        rg_cat(&b, " -1");
    rg_cat(&b, "\n[markername] Aprevious\n[sst_width] %d\n[signals_width] %d\n[sst_expanded] 0\n",
           SST_W, SIGNALS_W);

    /* Signals before the first group (clock, reset) stay on top; then the
     * failing unit's groups, then the ports. */
    size_t i = 0;
    while (i < n && (lines[i][0] == '[' || lines[i][0] == '*'))
        i++; /* the template's header */
    size_t body = i;
    for (; i < n && !((flags_of(lines[i]) & GRP_BEGIN) && i + 1 < n && lines[i + 1][0] == '-'); i++)
        put_line(&b, lines[i], 0, reg);
    for (int pass = 0; pass < 2; pass++) {
        for (i = body; i < n;) {
            if (!((flags_of(lines[i]) & GRP_BEGIN) && i + 1 < n && lines[i + 1][0] == '-')) {
                i++;
                continue;
            }
            const char *title = lines[i + 1] + 1;
            size_t end = i + 2;
            while (end + 1 < n &&
                   !((flags_of(lines[end]) & GRP_END) && !strcmp(lines[end + 1] + 1, title)))
                end++;
            end = end + 1 < n ? end + 2 : n;
            int unit_group = unit_known && has_word(title, unit);
            int keep = pass == 0 ? unit_group : !unit_group && (port_group(title) || !unit_known);
            for (size_t k = i; keep && k < end; k++)
                put_line(&b, lines[k], cpu, reg);
            i = end;
        }
    }
    free(lines);
    free(text);
    int rc = rg_write_file(gtkw, b.s);
    free(b.s);
    if (rc)
        snprintf(err, errlen, "cannot write %s", gtkw);
    return rc;
}

int triage_write_tcl(const char *tcl, const char *png, const triage_window *w)
{
    /* GTKWave widens the signal pane to fit the names, so the save file's
     * zoom is only approximate: zoom to the window once the layout is done
     * (which drops the primary marker: set it again). */
    char *s = rg_fmt("gtkwave::setZoomRangeTimes %llu %llu\ngtkwave::setMarker %llu\n"
                     "gtkwave::/File/Grab_To_File {%s}\ngtkwave::/File/Quit\n",
                     (unsigned long long)(10 * w->from), (unsigned long long)(10 * w->to + 10),
                     (unsigned long long)(10 * w->cycle), png);
    int rc = rg_write_file(tcl, s);
    free(s);
    return rc;
}

char **triage_png_argv(const char *tcl, const char *gtkw)
{
    /* The save file alone: it names the dump, so this also proves it loads. */
    return rg_argv(8, "xvfb-run", "-a", "-s", SCREEN, "gtkwave", "-S", tcl, gtkw);
}
