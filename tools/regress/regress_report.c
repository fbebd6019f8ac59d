/* SPDX-License-Identifier: Apache-2.0 */
/*
 * regress_report.c - what a run's process, log and results file say about
 * it (result, reason, cycles, first mismatch, requirements), the table rows
 * printed as runs finish, and the files written at the end: results.json,
 * junit.xml, summary.md and the merged functional coverage.
 */
#define _XOPEN_SOURCE 700
#include "regress.h"
#include "json_strict.h"

#include <cjson/cJSON.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REASON_MAX     200
#define LOG_TAIL_LINES 40
/* One heading per requirement: "### ID: short title". */
#define REQUIREMENTS "docs/requirements.md"

const char *rg_signal_name(int sig)
{
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    case SIGINT: return "SIGINT";
    case SIGPIPE: return "SIGPIPE";
    case SIGHUP: return "SIGHUP";
    default: return NULL;
    }
}

/* A copy of the line starting at s, without the newline, at most REASON_MAX. */
static char *line_at(const char *s)
{
    size_t n = strcspn(s, "\n");
    if (n > REASON_MAX)
        n = REASON_MAX;
    char *l = xcalloc(n + 1, 1);
    memcpy(l, s, n);
    while (n && (l[n - 1] == '\r' || l[n - 1] == ' '))
        l[--n] = '\0';
    return l;
}

static char *last_line(const char *text)
{
    const char *best = NULL;
    for (const char *s = text; s && *s; s = strchr(s, '\n'), s = s ? s + 1 : NULL)
        if (*s != '\n' && *s != '\r')
            best = s;
    return best ? line_at(best) : xstrdup("(empty log)");
}

/* The tool prints "..., N cycles, ..." in its summary line. */
static int cycles_from_log(const char *text, uint64_t *out)
{
    int found = 0;
    for (const char *s = strstr(text, " cycles"); s; s = strstr(s + 1, " cycles")) {
        const char *b = s;
        while (b > text && b[-1] >= '0' && b[-1] <= '9')
            b--;
        if (b == s)
            continue;
        *out = strtoull(b, NULL, 10);
        found = 1;
    }
    return found;
}

/* The requirement IDs of a "requirements" array (a run's or a row's). */
void rg_read_reqs(rg_run *r, const cJSON *req)
{
    size_t n = (size_t)cJSON_GetArraySize(req);
    if (!cJSON_IsArray(req) || !n)
        return;
    r->reqs = xcalloc(n, sizeof *r->reqs);
    for (const cJSON *e = req->child; e; e = e->next)
        if (cJSON_IsString(e))
            r->reqs[r->nreqs++] = xstrdup(e->valuestring);
}

static void read_results(rg_run *r)
{
    char *text = r->results ? rg_read_file(r->results) : NULL;
    cJSON *j = text ? cJSON_Parse(text) : NULL;
    free(text);
    if (!j)
        return;
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(j, "cycles");
    if (cJSON_IsNumber(c) && c->valuedouble >= 0) {
        r->has_run_cycles = 1;
        r->run_cycles = (uint64_t)c->valuedouble;
    }
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(j, "system");
    if (cJSON_IsString(s))
        r->run_system = xstrdup(s->valuestring);
    rg_read_reqs(r, cJSON_GetObjectItemCaseSensitive(j, "requirements"));
    cJSON_Delete(j);
}

/* Ended by a stop signal its time limit did not send (SIGKILL, SIGTERM,
 * SIGINT, SIGHUP: a kill from outside, a job cancelled or at its time
 * limit), or by the tools' own exit status for those (128 + the signal). */
static int stopped_from_outside(const rg_proc *p)
{
    int sig = p->exit_status < 0 ? p->signal : p->exit_status - 128;
    return sig == SIGKILL || sig == SIGTERM || sig == SIGINT || sig == SIGHUP;
}

void rg_outcome(rg_run *r, const rg_proc *p)
{
    char *all = rg_read_file(r->log);
    if (!all)
        all = xstrdup("");
    /* A run of several steps: what its last step printed, after its "$ command". */
    const char *log = all;
    for (const char *s = r->steps ? rg_find_line(all, "$ ") : NULL; s;
         s = rg_find_line(s + 1, "$ "))
        log = s + strcspn(s, "\n") + (s[strcspn(s, "\n")] == '\n');
    r->exit_status = p->exit_status;
    read_results(r);
    if (!r->has_run_cycles)
        r->has_run_cycles = cycles_from_log(log, &r->run_cycles);
    const char *mm = rg_find_line(log, "MISMATCH at cycle ");
    if (mm) {
        char field[160] = "";
        unsigned long long cyc;
        if (sscanf(mm, "MISMATCH at cycle %llu: %159s", &cyc, field) == 2) {
            r->mismatch = 1;
            r->mm_cycle = cyc;
            r->mm_field = xstrdup(field);
        }
    }
    if (p->spawn_failed) {
        r->result = RG_CRASH;
        r->reason = rg_fmt("could not start %s", p->argv[0]);
    } else if (p->interrupted) {
        r->result = RG_INTERRUPTED;
        r->reason = xstrdup("interrupted: the regression was stopped");
    } else if (p->timed_out) {
        r->result = RG_TIMEOUT;
        r->reason = rg_fmt("timeout after %.0f s", p->timeout);
    } else if (stopped_from_outside(p)) {
        /* no verdict of its own (a kill, a cancelled job): a resume runs it */
        const char *n = rg_signal_name(p->signal ? p->signal : p->exit_status - 128);
        r->result = RG_INTERRUPTED;
        r->reason = p->exit_status < 0
                        ? rg_fmt("interrupted: killed by %s", n)
                        : rg_fmt("interrupted: stopped by %s (exit status %d)", n, p->exit_status);
    } else if (p->exit_status < 0) {
        const char *n = rg_signal_name(p->signal);
        r->result = RG_CRASH;
        r->reason = n ? rg_fmt("crashed: %s", n) : rg_fmt("crashed: signal %d", p->signal);
    } else if (p->exit_status == 0) {
        r->result = RG_PASS;
    } else if (p->exit_status == 2 && !mm) {
        /* The tools name the bad input (file:line:col: reason) first. */
        const char *first = log + strspn(log, "\r\n");
        char *l = *first ? line_at(first) : xstrdup("(empty log)");
        r->result = RG_BAD_INPUT;
        r->reason = rg_fmt("bad input: %s", l);
        free(l);
    } else {
        const char *fail = rg_find_line(log, "FAIL");
        r->result = RG_FAIL;
        if (mm)
            r->reason = line_at(mm);
        else if (fail)
            r->reason = line_at(fail);
        else if (p->exit_status == 1)
            r->reason = last_line(log);
        else {
            char *l = last_line(log);
            r->reason = rg_fmt("exit status %d: %s", p->exit_status, l);
            free(l);
        }
    }
    free(all);
}

/* ---- unit tests: Check's XML log, one row per test case ---- */

/* Text of <tag>...</tag> inside [s, end), unescaped; NULL if absent. */
static char *xml_tag(const char *s, const char *end, const char *tag)
{
    char open[32], close[32];
    snprintf(open, sizeof open, "<%s>", tag);
    snprintf(close, sizeof close, "</%s>", tag);
    const char *a = strstr(s, open);
    if (!a || a >= end)
        return NULL;
    a += strlen(open);
    const char *b = strstr(a, close);
    if (!b || b > end)
        return NULL;
    char *t = xcalloc((size_t)(b - a) + 1, 1);
    size_t n = 0;
    static const char *const ent[][2] = {
        {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}, {"&quot;", "\""}, {"&apos;", "'"}};
    while (a < b) {
        size_t k;
        for (k = 0; k < 5; k++) {
            size_t l = strlen(ent[k][0]);
            if ((size_t)(b - a) >= l && !strncmp(a, ent[k][0], l)) {
                t[n++] = ent[k][1][0];
                a += l;
                break;
            }
        }
        if (k == 5)
            t[n++] = *a++;
    }
    t[n] = '\0';
    return t;
}

size_t rg_unit_rows(rg_plan *plan, rg_run *r, const rg_proc *p)
{
    char *xml = r->xml ? rg_read_file(r->xml) : NULL;
    size_t rows = 0, failed = 0;
    for (const char *s = xml ? strstr(xml, "<test result=\"") : NULL; s;
         s = strstr(s + 1, "<test result=\"")) {
        const char *end = strstr(s, "</test>");
        if (!end)
            break;
        char *id = xml_tag(s, end, "id"), *dur = xml_tag(s, end, "duration");
        char *msg = xml_tag(s, end, "message"), *fn = xml_tag(s, end, "fn");
        char *iter = xml_tag(s, end, "iteration");
        if (id) {
            rg_run *c = xcalloc(1, sizeof *c);
            /* the iterations of a loop test after the first are named name[i] */
            c->test = iter && strcmp(iter, "0") ? rg_fmt("%s[%s]", id, iter) : xstrdup(id);
            c->id = rg_fmt("%s-%s", r->id, c->test);
            c->group = xstrdup(r->group);
            c->scenario = xstrdup(r->scenario);
            c->mode = RG_UNIT;
            c->cmdline = xstrdup(r->cmdline);
            c->log = xstrdup(r->log);
            c->seconds = dur ? strtod(dur, NULL) : 0;
            c->exit_status = r->exit_status;
            if (!strncmp(s, "<test result=\"success\"", 22)) {
                c->result = RG_PASS;
            } else {
                c->result = RG_FAIL;
                c->reason = rg_fmt("%s: %s", fn ? fn : "?", msg ? msg : "failed");
                failed++;
            }
            rg_plan_add(plan, c);
            rows++;
        }
        free(id);
        free(dur);
        free(msg);
        free(fn);
        free(iter);
        s = end;
    }
    free(xml);
    /* The binary itself is a row when its cases do not explain its end. */
    int explained = rows && (p->exit_status == 0 || (p->exit_status == 1 && failed));
    if (!explained) {
        r->unit_parent = 0;
        if (r->result == RG_PASS) {
            r->result = RG_FAIL;
            r->reason = xstrdup("no test case results (Check XML log missing)");
        }
    }
    return rows + !explained;
}

/* ---- the table ---- */

static const char *seed_text(const rg_run *r, char *buf, size_t n)
{
    if (!r->has_seed)
        return "-";
    snprintf(buf, n, "%llu", (unsigned long long)r->seed);
    return buf;
}

static const char *system_text(const rg_run *r)
{
    return r->system ? r->system : r->run_system ? r->run_system : "-";
}

void rg_print_header(void)
{
    printf("%-48s %6s %-16s %-8s %10s %-9s %8s\n", "TEST", "SEED", "SYSTEM", "MODE", "CYCLES",
           "RESULT", "SECONDS");
}

void rg_print_row(const rg_run *r)
{
    char sb[32], cb[32];
    if (r->has_run_cycles)
        snprintf(cb, sizeof cb, "%llu", (unsigned long long)r->run_cycles);
    else
        snprintf(cb, sizeof cb, "-");
    printf("%-48s %6s %-16s %-8s %10s %-9s %8.2f%s%s\n", r->test, seed_text(r, sb, sizeof sb),
           system_text(r), rg_mode_name(r->mode), cb, rg_result_name(r->result), r->seconds,
           r->reason ? "  " : "", r->reason ? r->reason : "");
    fflush(stdout);
}

/* ---- results.json ---- */

/* Text from logs and command lines may hold bytes that are not UTF-8: they
 * become U+FFFD, so that results.json stays JSON text. */
static void add_str(cJSON *o, const char *k, const char *v)
{
    char *u = v ? rg_utf8_clean(v) : NULL;
    cJSON_AddItemToObject(o, k, u ? cJSON_CreateString(u) : cJSON_CreateNull());
    free(u);
}

/* An integer above 2^53 is not exact as a JSON number: a decimal string then
 * (--merge reads both). */
static void add_u64(cJSON *o, const char *k, uint64_t v)
{
    char num[24];
    snprintf(num, sizeof num, "%llu", (unsigned long long)v);
    cJSON_AddItemToObject(
        o, k, v <= (1ull << 53) ? cJSON_CreateNumber((double)v) : cJSON_CreateString(num));
}

/* v, or null when the report has none (has is 0). */
static void add_u64_or_null(cJSON *o, const char *k, int has, uint64_t v)
{
    if (has)
        add_u64(o, k, v);
    else
        cJSON_AddNullToObject(o, k);
}

static int is_row(const rg_run *r)
{
    return !r->unit_parent;
}

int rg_finished(const rg_run *r)
{
    return r->result != RG_PENDING && r->result != RG_INTERRUPTED;
}

void rg_count(const rg_plan *plan, size_t *pass, size_t *fail, size_t *notrun)
{
    *pass = *fail = *notrun = 0;
    for (size_t i = 0; i < plan->n; i++) {
        const rg_run *r = plan->runs[i];
        if (!is_row(r))
            continue;
        if (r->result == RG_PASS)
            ++*pass;
        else if (rg_finished(r))
            ++*fail;
        else
            ++*notrun;
    }
}

/* Who a run is: what a row and a run of the plan both say. */
static void add_who(cJSON *o, const rg_run *r)
{
    add_str(o, "id", r->id);
    add_str(o, "test", r->test);
    add_str(o, "group", r->group);
    add_str(o, "scenario", r->scenario);
    add_u64_or_null(o, "seed", r->has_seed, r->seed);
    add_str(o, "system", r->mode == RG_UNIT ? NULL : system_text(r));
    add_str(o, "mode", rg_mode_name(r->mode));
    add_str(o, "command", r->cmdline);
}

static cJSON *row_json(const rg_run *r)
{
    cJSON *o = cJSON_CreateObject();
    add_who(o, r);
    cJSON_AddNumberToObject(o, "exit_status", r->exit_status);
    add_str(o, "result", rg_result_name(r->result));
    add_str(o, "reason", r->reason);
    add_u64_or_null(o, "cycles", r->has_run_cycles, r->run_cycles);
    cJSON_AddNumberToObject(o, "seconds", r->seconds);
    add_str(o, "log", r->log);
    cJSON *req = cJSON_AddArrayToObject(o, "requirements");
    for (size_t k = 0; k < r->nreqs; k++)
        cJSON_AddItemToArray(req, cJSON_CreateString(r->reqs[k]));
    add_str(o, "fcov", r->fcov);
    add_str(o, "coverage", r->covdat);
    if (r->mismatch) {
        cJSON *m = cJSON_AddObjectToObject(o, "mismatch");
        add_u64(m, "cycle", r->mm_cycle);
        add_str(m, "field", r->mm_field);
    }
    if (r->tr_note || r->tr_fst) {
        cJSON *t = cJSON_AddObjectToObject(o, "triage");
        add_str(t, "command", r->tr_cmd);
        add_str(t, "fst", r->tr_fst);
        add_str(t, "gtkw", r->tr_gtkw);
        add_str(t, "png", r->tr_png);
        add_str(t, "note", r->tr_note);
    }
    return o;
}

static cJSON *plan_json(const rg_plan_info *p)
{
    char digest[17];
    cJSON *o = cJSON_CreateObject(), *a = cJSON_AddArrayToObject(o, "lists");
    for (size_t i = 0; p->lists && p->lists[i]; i++)
        cJSON_AddItemToArray(a, cJSON_CreateString(p->lists[i]));
    add_str(o, "build", p->build);
    add_u64_or_null(o, "seeds", p->seeds > 0, (uint64_t)p->seeds);
    add_str(o, "test", p->test);
    add_str(o, "mutant", p->mutant);
    cJSON_AddBoolToObject(o, "coverage", p->coverage);
    cJSON_AddBoolToObject(o, "triage", p->triage);
    add_u64_or_null(o, "checkpoint_every", p->checkpoint_every != 0, p->checkpoint_every);
    snprintf(digest, sizeof digest, "%016llx", (unsigned long long)p->digest);
    add_str(o, "digest", digest);
    a = cJSON_AddArrayToObject(o, "shard");
    cJSON_AddItemToArray(a, cJSON_CreateNumber(p->shard_k));
    cJSON_AddItemToArray(a, cJSON_CreateNumber(p->shard_n));
    if (p->subset) {
        a = cJSON_AddArrayToObject(o, "subset");
        for (size_t i = 0; i < p->nsubset; i++)
            cJSON_AddItemToArray(a, cJSON_CreateNumber((double)p->subset[i] + 1));
    } else {
        cJSON_AddNullToObject(o, "subset");
    }
    a = cJSON_AddArrayToObject(o, "runs");
    for (size_t i = 0; i < p->runs.n; i++) {
        cJSON *r = cJSON_CreateObject();
        add_who(r, p->runs.runs[i]);
        cJSON_AddItemToArray(a, r);
    }
    return o;
}

static char *results_json(const rg_plan *plan, const rg_report_meta *m)
{
    size_t pass, fail, notrun;
    rg_count(plan, &pass, &fail, &notrun);
    cJSON *root = cJSON_CreateObject();
    cJSON_AddNumberToObject(root, "format", 2);
    add_str(root, "lists", m->lists);
    cJSON_AddNumberToObject(root, "wall_seconds", m->wall);
    cJSON_AddNumberToObject(root, "passed", (double)pass);
    cJSON_AddNumberToObject(root, "failed", (double)(fail + notrun));
    cJSON_AddNumberToObject(root, "not_run", (double)notrun);
    add_str(root, "interrupted", m->interrupted);
    cJSON *runs = cJSON_AddArrayToObject(root, "runs");
    for (size_t i = 0; i < plan->n; i++)
        if (is_row(plan->runs[i]))
            cJSON_AddItemToArray(runs, row_json(plan->runs[i]));
    cJSON *probs = cJSON_AddArrayToObject(root, "problems");
    for (size_t i = 0; m->problems && m->problems[i]; i++)
        cJSON_AddItemToArray(probs, cJSON_CreateString(m->problems[i]));
    cJSON_AddItemToObject(root, "plan", plan_json(m->plan));
    char *s = cJSON_Print(root);
    cJSON_Delete(root);
    char *out = rg_fmt("%s\n", s);
    free(s);
    return out;
}

/* ---- per group ---- */

typedef struct group_totals {
    size_t rows, passed, notrun;
    double seconds;
} group_totals;

/* Does a group start at run g (its first run)?  If so, its totals. */
static int group_at(const rg_plan *plan, size_t g, group_totals *t)
{
    const char *grp = plan->runs[g]->group;
    for (size_t k = 0; k < g; k++)
        if (!strcmp(plan->runs[k]->group, grp))
            return 0;
    *t = (group_totals){0, 0, 0, 0};
    for (size_t i = g; i < plan->n; i++) {
        const rg_run *r = plan->runs[i];
        if (!is_row(r) || strcmp(r->group, grp))
            continue;
        t->rows++;
        t->passed += r->result == RG_PASS;
        t->notrun += !rg_finished(r);
        t->seconds += r->seconds;
    }
    return 1;
}

typedef struct group_seconds {
    const char *name;
    double seconds;
} group_seconds;

static int by_seconds_desc(const void *a, const void *b)
{
    double x = ((const group_seconds *)a)->seconds, y = ((const group_seconds *)b)->seconds;
    return (x < y) - (x > y);
}

char *rg_time_split(const rg_config *cfg, const rg_plan *plan, const rg_report_meta *m, size_t max)
{
    rg_buf b = {0};
    rg_cat(&b, "runs %.0f s, coverage report %.0f s", m->wall - m->coverage_seconds,
           m->coverage_seconds);
    if (cfg->build_seconds >= 0)
        rg_cat(&b, ", and the builds before them %.0f s", cfg->build_seconds);
    rg_cat(&b, "; the groups' run seconds:");
    group_seconds *gs = xcalloc(plan->n + 1, sizeof *gs);
    size_t n = 0;
    for (size_t g = 0; g < plan->n; g++) {
        group_totals t;
        if (group_at(plan, g, &t))
            gs[n++] = (group_seconds){plan->runs[g]->group, t.seconds};
    }
    qsort(gs, n, sizeof *gs, by_seconds_desc);
    for (size_t i = 0; i < n && (!max || i < max); i++)
        rg_cat(&b, "%s %s %.0f s", i ? "," : "", gs[i].name, gs[i].seconds);
    if (max && n > max)
        rg_cat(&b, ", ...");
    free(gs);
    return b.s;
}

/* ---- junit.xml ---- */

static void log_tail(rg_buf *b, const char *path)
{
    char *t = path ? rg_read_file(path) : NULL;
    if (!t)
        return;
    size_t n = strlen(t);
    int lines = 0;
    while (n > 0 && lines <= LOG_TAIL_LINES)
        if (t[--n] == '\n')
            lines++;
    rg_cat_xml(b, t + (lines > LOG_TAIL_LINES ? n + 1 : n));
    free(t);
}

/* A run that did not run is an error (JUnit's word for a test that could
 * not give a verdict), with how to run it. */
static void junit_verdict(rg_buf *b, const rg_run *r, const char *out)
{
    int run = rg_finished(r);
    rg_cat(b, "      <%s type=\"%s\" message=\"", run ? "failure" : "error",
           rg_result_name(r->result));
    rg_cat_xml(b, r->reason ? r->reason : "");
    if (run) {
        rg_cat(b, "\">reproduce: ");
        rg_cat_xml(b, r->cmdline);
        rg_cat(b, "</failure>\n");
    } else {
        rg_cat(b, "\">not run; run it with: cpumf-regress --resume ");
        rg_cat_xml(b, out);
        rg_cat(b, "</error>\n");
    }
}

/* What a merge lacks besides its runs: one erring test case each. */
static void junit_problems(rg_buf *b, char *const *problems)
{
    size_t n = rg_argv_len(problems);
    if (!n)
        return;
    rg_cat(b, "  <testsuite name=\"merge\" tests=\"%zu\" failures=\"0\" errors=\"%zu\">\n", n, n);
    for (size_t i = 0; i < n; i++) {
        rg_cat(b,
               "    <testcase classname=\"merge.reports\" name=\"problem %zu\">\n"
               "      <error type=\"incomplete\" message=\"",
               i + 1);
        rg_cat_xml(b, problems[i]);
        rg_cat(b, "\"/>\n    </testcase>\n");
    }
    rg_cat(b, "  </testsuite>\n");
}

static char *junit_xml(const rg_plan *plan, const rg_report_meta *m, const char *out)
{
    rg_buf b = {0};
    size_t pass, fail, notrun, nprob = rg_argv_len(m->problems);
    rg_count(plan, &pass, &fail, &notrun);
    rg_cat(&b,
           "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"cpumf-regress\" "
           "tests=\"%zu\" failures=\"%zu\" errors=\"%zu\">\n",
           pass + fail + notrun + nprob, fail, notrun + nprob);
    junit_problems(&b, m->problems);
    for (size_t g = 0; g < plan->n; g++) {
        const char *grp = plan->runs[g]->group;
        group_totals t;
        if (!group_at(plan, g, &t))
            continue;
        rg_cat(&b, "  <testsuite name=\"");
        rg_cat_xml(&b, grp);
        rg_cat(&b, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" time=\"%.3f\">\n", t.rows,
               t.rows - t.passed - t.notrun, t.notrun, t.seconds);
        for (size_t i = g; i < plan->n; i++) {
            const rg_run *r = plan->runs[i];
            if (!is_row(r) || strcmp(r->group, grp))
                continue;
            char sb[32];
            char *name = r->mode == RG_UNIT ? xstrdup(r->test)
                                            : rg_fmt("%s seed=%s system=%s mode=%s", r->test,
                                                     seed_text(r, sb, sizeof sb), system_text(r),
                                                     rg_mode_name(r->mode));
            /* unit tests: their binary */
            char *bin = r->mode == RG_UNIT && r->scenario ? rg_stem(r->scenario) : xstrdup(r->test);
            char *cls = rg_fmt("%s.%s", grp, bin);
            free(bin);
            rg_cat(&b, "    <testcase classname=\"");
            rg_cat_xml(&b, cls);
            rg_cat(&b, "\" name=\"");
            rg_cat_xml(&b, name);
            rg_cat(&b, "\" time=\"%.3f\">\n", r->seconds);
            if (r->result != RG_PASS)
                junit_verdict(&b, r, out);
            if (r->result != RG_PASS || r->mode != RG_UNIT) {
                rg_cat(&b, "      <system-out>");
                log_tail(&b, r->log);
                rg_cat(&b, "</system-out>\n");
            }
            rg_cat(&b, "    </testcase>\n");
            free(name);
            free(cls);
        }
        rg_cat(&b, "  </testsuite>\n");
    }
    rg_cat(&b, "</testsuites>\n");
    return b.s;
}

/* ---- functional coverage: sum of every run's --fcov bins ---- */

typedef struct bin {
    char *name;
    double count;
} bin;

static int bin_cmp(const void *a, const void *b)
{
    return strcmp(((const bin *)a)->name, ((const bin *)b)->name);
}

/* Merge into coverage/functional.json; markdown for the summary into md. */
static void functional_coverage(const rg_plan *plan, const char *out, rg_buf *md)
{
    bin *bins = NULL;
    size_t nb = 0, files = 0;
    for (size_t i = 0; i < plan->n; i++) {
        const rg_run *r = plan->runs[i];
        char *t = r->fcov ? rg_read_file(r->fcov) : NULL;
        cJSON *j = t ? cJSON_Parse(t) : NULL;
        free(t);
        const cJSON *b = cJSON_GetObjectItemCaseSensitive(j, "bins");
        if (cJSON_IsObject(b)) {
            files++;
            for (const cJSON *e = b->child; e; e = e->next) {
                if (!cJSON_IsNumber(e))
                    continue;
                bin key = {e->string, 0};
                bin *hit = nb ? bsearch(&key, bins, nb, sizeof *bins, bin_cmp) : NULL;
                if (hit) {
                    hit->count += e->valuedouble;
                    continue;
                }
                bin *nbins = xcalloc(nb + 1, sizeof *nbins);
                if (nb)
                    memcpy(nbins, bins, nb * sizeof *bins);
                free(bins);
                bins = nbins;
                bins[nb].name = xstrdup(e->string);
                bins[nb++].count = e->valuedouble;
                qsort(bins, nb, sizeof *bins, bin_cmp);
            }
        }
        cJSON_Delete(j);
    }
    rg_cat(md, "\n## Functional coverage\n\n");
    if (!files) {
        rg_cat(md, "Not collected: no run wrote its `--fcov` file.\n");
        return;
    }
    cJSON *root = cJSON_CreateObject();
    cJSON_AddNumberToObject(root, "format", 1);
    cJSON_AddNumberToObject(root, "runs", (double)files);
    cJSON *jb = cJSON_AddObjectToObject(root, "bins");
    for (size_t i = 0; i < nb; i++)
        cJSON_AddNumberToObject(jb, bins[i].name, bins[i].count);
    char *s = cJSON_Print(root), *dir = rg_fmt("%s/coverage", out);
    char *path = rg_fmt("%s/functional.json", dir), *text = rg_fmt("%s\n", s);
    if (rg_mkdirs(dir) != 0 || rg_write_file(path, text) != 0)
        fprintf(stderr, "cpumf-regress: cannot write %s\n", path);
    free(s);
    free(dir);
    free(path);
    free(text);
    cJSON_Delete(root);
    rg_cat(md,
           "Merged from %zu runs into [coverage/functional.json](coverage/functional.json).\n\n",
           files);
    rg_cat(md, "| group | hit | total |\n|---|---:|---:|\n");
    /* Bins are sorted, so a group's bins are adjacent. */
    for (size_t i = 0; i < nb;) {
        size_t gl = strcspn(bins[i].name, "."), j = i, hit = 0;
        for (; j < nb && !strncmp(bins[j].name, bins[i].name, gl) &&
               bins[j].name[gl] == bins[i].name[gl];
             j++)
            hit += bins[j].count > 0;
        rg_cat(md, "| %.*s | %zu | %zu |\n", (int)gl, bins[i].name, hit, j - i);
        i = j;
    }
    size_t missed = 0;
    for (size_t i = 0; i < nb; i++)
        missed += bins[i].count <= 0;
    rg_cat(md, "\n%zu bins not hit%s\n", missed, missed ? ":" : ".");
    for (size_t i = 0; i < nb; i++)
        if (bins[i].count <= 0)
            rg_cat(md, "- `%s`\n", bins[i].name);
    for (size_t i = 0; i < nb; i++)
        free(bins[i].name);
    free(bins);
}

/* ---- requirement coverage ---- */

/* Does a unit test name spell id with underscores ("CF-ST-1": test_CF_ST_1_x)? */
static int unit_names(const char *test, const char *id)
{
    size_t n = strlen(id);
    for (const char *s = strstr(test, "_"); s; s = strstr(s + 1, "_")) {
        size_t k = 0;
        while (k < n && (s[1 + k] == id[k] || (id[k] == '-' && s[1 + k] == '_')))
            k++;
        if (k == n && (s[1 + n] == '\0' || s[1 + n] == '_'))
            return 1;
    }
    return 0;
}

static int run_names(const rg_run *r, const char *id)
{
    if (r->mode == RG_UNIT)
        return unit_names(r->test, id);
    for (size_t i = 0; i < r->nreqs; i++)
        if (!strcmp(r->reqs[i], id))
            return 1;
    return 0;
}

/* Test names without the iteration of a loop test ("name[2]"). */
static int same_test(const char *a, const char *b)
{
    size_t n = strcspn(a, "[");
    return n == strcspn(b, "[") && !strncmp(a, b, n);
}

/* A requirement heading "### ID: title": the ID and title cut out in place. */
static int requirement_heading(char *line, char **title)
{
    static const char mark[] = "### ";
    if (strncmp(line, mark, sizeof mark - 1))
        return 0;
    char *id = line + sizeof mark - 1, *colon = strstr(id, ": ");
    if (!colon || colon == id ||
        strspn(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") != (size_t)(colon - id))
        return 0;
    memmove(line, id, (size_t)(colon - id));
    line[colon - id] = '\0';
    *title = colon + 2;
    return 1;
}

static void requirement_coverage(const rg_plan *plan, rg_buf *md)
{
    rg_cat(md, "\n## Requirement coverage\n\n");
    char *text = rg_read_file(REQUIREMENTS);
    if (!text) {
        rg_cat(md, REQUIREMENTS " not found.\n");
        return;
    }
    rg_buf table = {0}, missing = {0};
    size_t ids = 0, named = 0;
    rg_cat(&table, "| ID | title | passing runs | tests |\n|---|---|---:|---|\n");
    rg_cat(&missing, "%s", "");
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *title;
        if (!requirement_heading(line, &title))
            continue;
        ids++;
        size_t runs = 0;
        rg_buf tests = {0};
        rg_cat(&tests, "%s", "");
        size_t shown = 0;
        for (size_t i = 0; i < plan->n; i++) {
            const rg_run *r = plan->runs[i];
            if (!is_row(r) || r->result != RG_PASS || !run_names(r, line))
                continue;
            runs++;
            if (shown > 6)
                continue; /* the list is full: spare the search */
            size_t k;     /* each test name once */
            for (k = 0; k < i; k++) {
                const rg_run *q = plan->runs[k];
                if (is_row(q) && q->result == RG_PASS && same_test(q->test, r->test) &&
                    run_names(q, line))
                    break;
            }
            if (k < i)
                continue;
            if (shown < 6)
                rg_cat(&tests, "%s`%.*s`", shown ? ", " : "", (int)strcspn(r->test, "["), r->test);
            else if (shown == 6)
                rg_cat(&tests, ", ...");
            shown++;
        }
        named += runs > 0;
        if (!runs)
            rg_cat(&missing, "- %s %s\n", line, title);
        rg_cat(&table, "| %s | %s | %zu | %s |\n", line, title, runs, tests.s);
        free(tests.s);
    }
    rg_cat(md, "%zu of %zu requirements are named by a passing run or unit test.\n\n", named, ids);
    if (named < ids)
        rg_cat(md, "Named by no passing test:\n\n%s\n", missing.s);
    rg_cat(md, "%s", table.s);
    free(table.s);
    free(missing.s);
    free(text);
}

/* ---- summary.md ---- */

/* A path under out as a link relative to summary.md. */
static const char *rel(const char *out, const char *path)
{
    size_t n = strlen(out);
    return !strncmp(path, out, n) && path[n] == '/' ? path + n + 1 : path;
}

/* A run that failed: its reason, reproducing command, log and triage. */
static void summary_failure(rg_buf *b, const rg_run *r, const char *out)
{
    char sb[32];
    rg_cat(b, "\n### %s (seed %s, system %s, %s): %s\n\n%s\n\n", r->test,
           seed_text(r, sb, sizeof sb), system_text(r), rg_mode_name(r->mode),
           rg_result_name(r->result), r->reason ? r->reason : "");
    rg_cat(b, "Reproduce:\n\n    %s\n", r->cmdline);
    if (r->log)
        rg_cat(b, "\nLog: [%s](%s)\n", rel(out, r->log), rel(out, r->log));
    if (r->tr_fst)
        rg_cat(b,
               "\nWaves around cycle %llu: [%s](%s), GTKWave save file [%s](%s), made by\n\n"
               "    %s\n",
               (unsigned long long)r->mm_cycle, rel(out, r->tr_fst), rel(out, r->tr_fst),
               r->tr_gtkw ? rel(out, r->tr_gtkw) : "-", r->tr_gtkw ? rel(out, r->tr_gtkw) : "",
               r->tr_cmd);
    if (r->tr_png)
        rg_cat(b, "\n![waves around the first difference](%s)\n", rel(out, r->tr_png));
    if (r->tr_note)
        rg_cat(b, "\nTriage: %s\n", r->tr_note);
}

/* What the report lacks: the problems with its shards, the runs not run. */
static void summary_not_run(rg_buf *b, const rg_plan *plan, const rg_report_meta *m, size_t notrun,
                            const char *out)
{
    size_t shown = 0;
    if (m->problems && m->problems[0]) {
        rg_cat(b, "\n## Incomplete\n\n");
        for (size_t i = 0; m->problems[i]; i++)
            rg_cat(b, "- %s\n", m->problems[i]);
    }
    if (!notrun)
        return;
    rg_cat(b,
           "\n## Not run\n\n%zu runs did not run to their end; `cpumf-regress --resume %s` "
           "runs them and merges again.\n\n",
           notrun, out);
    for (size_t i = 0; i < plan->n && shown < RG_LIST_MAX; i++) {
        const rg_run *r = plan->runs[i];
        char sb[32];
        if (!is_row(r) || rg_finished(r))
            continue;
        rg_cat(b, "- `%s` [%s] (seed %s, system %s, %s): %s\n", r->id, r->group,
               seed_text(r, sb, sizeof sb), system_text(r), rg_mode_name(r->mode),
               r->reason ? r->reason : rg_result_name(r->result));
        shown++;
    }
    if (shown < notrun)
        rg_cat(b, "- ... and %zu more (results.json lists every run)\n", notrun - shown);
}

static char *summary_md(const rg_config *cfg, const rg_plan *plan, const rg_report_meta *m)
{
    const char *out = cfg->out;
    size_t pass, fail, notrun;
    rg_count(plan, &pass, &fail, &notrun);
    rg_buf b = {0};
    char *split = rg_time_split(cfg, plan, m, 0);
    rg_cat(&b,
           "# Regression summary\n\nLists: %s. Wall time %.0f s, %d runs at a time.\n"
           "Time: %s.\n",
           m->lists, m->wall, cfg->jobs, split);
    free(split);
    if (cfg->mutant)
        rg_cat(&b, "Lockstep runs with RTL mutant `%s` (`+MUTANT_%s`).\n", cfg->mutant,
               cfg->mutant);
    rg_cat(&b, "\n**%zu passed, %zu failed**", pass, fail + notrun);
    if (notrun)
        rg_cat(&b, " (%zu of them not run)", notrun);
    rg_cat(&b, "\n\n| group | runs | passed | failed | not run | seconds (sum) |\n"
               "|---|---:|---:|---:|---:|---:|\n");
    for (size_t g = 0; g < plan->n; g++) {
        group_totals t;
        if (group_at(plan, g, &t))
            rg_cat(&b, "| %s | %zu | %zu | %zu | %zu | %.1f |\n", plan->runs[g]->group, t.rows,
                   t.passed, t.rows - t.passed - t.notrun, t.notrun, t.seconds);
    }
    summary_not_run(&b, plan, m, notrun, out);
    if (fail)
        rg_cat(&b, "\n## Failures\n");
    for (size_t i = 0; i < plan->n; i++) {
        const rg_run *r = plan->runs[i];
        if (is_row(r) && r->result != RG_PASS && rg_finished(r))
            summary_failure(&b, r, out);
    }
    requirement_coverage(plan, &b);
    functional_coverage(plan, out, &b);
    rg_cat(&b, "\n## Verilator coverage\n\n%s", m->coverage_text);
    return b.s;
}

int rg_write_outputs(const rg_config *cfg, const rg_plan *plan, const rg_report_meta *meta)
{
    char *files[3][2] = {
        {rg_fmt("%s/results.json", cfg->out), results_json(plan, meta)},
        {rg_fmt("%s/junit.xml", cfg->out), junit_xml(plan, meta, cfg->out)},
        {rg_fmt("%s/summary.md", cfg->out), summary_md(cfg, plan, meta)},
    };
    int rc = 0;
    for (int i = 0; i < 3; i++) {
        if (rg_write_file(files[i][0], files[i][1]) != 0) {
            fprintf(stderr, "cpumf-regress: cannot write %s\n", files[i][0]);
            rc = -1;
        }
        free(files[i][0]);
        free(files[i][1]);
    }
    return rc;
}
