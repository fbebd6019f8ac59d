/* SPDX-License-Identifier: Apache-2.0 */
/*
 * regress_slurm.c - cpumf-regress --slurm: the lists as a Slurm job array,
 * task K of N running `--shard K/N --out OUT/shard-K`, and a merge job that
 * starts when every task has ended (afterany) and writes the one report of
 * `--merge` into OUT.  The lists are planned here first, so a bad list or a
 * missing program is refused before anything is submitted.  Every node must
 * see the repository and the build directory at the same paths (a cluster's
 * shared file system); the jobs start in the directory of the submission.
 *
 * OUT/slurm/ receives the two batch scripts (shard.sh, merge.sh) and the
 * jobs' logs (shard-K.log, merge.log).
 */
#define _XOPEN_SOURCE 700
#include "regress.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_TASKS 1000 /* Slurm's default MaxArraySize is 1001 */
/* Seconds before its time limit that a task which requeues itself is told to
 * stop (sbatch --signal; Slurm may send it up to a minute early). */
#define REQUEUE_LEAD 120

/* The options that take a value and become an sbatch option as they are. */
static const struct {
    const char *opt, *sbatch;
} passed[] = {{"--partition", "--partition="}, {"--time", "--time="}, {"--account", "--account="}};

int rg_slurm_option(rg_slurm *s, int argc, char **argv, int i)
{
    const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--slurm") || !strcmp(a, "--wait")) {
        *(a[2] == 's' ? &s->on : &s->wait) = 1;
        return 1;
    }
    int takes = !strcmp(a, "--slurm-tasks") || !strcmp(a, "--sbatch-arg");
    for (size_t k = 0; k < sizeof passed / sizeof *passed; k++)
        takes |= !strcmp(a, passed[k].opt);
    if (!takes)
        return 0;
    if (!val || !*val) {
        fprintf(stderr, "cpumf-regress: %s needs a value\n", a);
        return -1;
    }
    if (!strcmp(a, "--slurm-tasks")) {
        char *end;
        errno = 0;
        long n = strtol(val, &end, 10);
        if (*end || errno || n < 1 || n > MAX_TASKS) {
            fprintf(stderr, "cpumf-regress: --slurm-tasks: expected 1 to %d, got '%s'\n", MAX_TASKS,
                    val);
            return -1;
        }
        s->tasks = (unsigned)n;
    } else if (!strcmp(a, "--sbatch-arg")) {
        rg_argv_push(&s->sbatch, val);
    } else {
        for (size_t k = 0; k < sizeof passed / sizeof *passed; k++)
            if (!strcmp(a, passed[k].opt)) {
                char *opt = rg_fmt("%s%s", passed[k].sbatch, val);
                rg_argv_push(&s->sbatch, opt);
                free(opt);
            }
    }
    return 2;
}

int rg_slurm_check(const rg_slurm *s, int sharded)
{
    if (s->on ? !sharded : !s->wait && !s->sbatch && s->tasks == RG_SLURM_TASKS)
        return 0;
    fprintf(stderr, "cpumf-regress: --slurm submits lists (not with --merge or --shard); --wait, "
                    "--slurm-tasks and the sbatch options go with it\n");
    return -1;
}

static char *quoted(const char *s)
{
    char *one[] = {(char *)s, NULL};
    return rg_shell_join(NULL, one);
}

/* The script of a task whose runs write checkpoints (cmd: its command up to
 * --shard and --out).  On USR1, before its time limit, it stops
 * cpumf-regress (SIGTERM: the runs leave a checkpoint where they stop, the
 * report is written) and requeues itself; started again (Slurm counts the
 * restarts), it resumes that report, and its runs go on from their
 * checkpoints. */
static char *requeue_script(const rg_submit *sub, const char *self, const char *cmd, unsigned n,
                            const char *root)
{
    char *sf = quoted(self);
    rg_buf b = {0};
    rg_cat(&b,
           "#!/bin/sh\n# cpumf-regress --slurm: task K of the job array runs shard K of %u; "
           "near its\n# time limit it stops its runs, which leave checkpoints, and requeues "
           "itself;\n# started again, it resumes its shard from them\n"
           "k=$SLURM_ARRAY_TASK_ID\nout=%s/shard-\"$k\"\n",
           n, root);
    rg_cat(&b,
           "if [ \"${SLURM_RESTART_COUNT:-0}\" -gt 0 ] && [ -f \"$out/results.json\" ]; then\n"
           "  set -- %s --resume \"$out\" -j %d\nelse\n  set -- %s --shard \"$k/%u\" --out "
           "\"$out\"\nfi\n",
           sf, sub->jobs, cmd, n);
    rg_cat(&b, "requeue=\ntrap 'requeue=1; kill -TERM \"$pid\" 2>/dev/null' USR1\n"
               "\"$@\" &\npid=$!\nwhile :; do\n  wait \"$pid\"\n  rc=$?\n"
               "  kill -0 \"$pid\" 2>/dev/null || break\ndone\n"
               "[ -z \"$requeue\" ] || exec scontrol requeue \"$SLURM_JOB_ID\"\nexit $rc\n");
    free(sf);
    return b.s;
}

/* OUT/slurm/shard.sh and merge.sh; 0, or -1 with a message on stderr. */
static int write_scripts(const rg_submit *sub, const char *dir, const char *self, unsigned n)
{
    char **sv = rg_argv(1, self);
    char **mv = rg_argv(1, self);
    for (size_t i = 0; sub->task[i]; i++)
        rg_argv_push(&sv, sub->task[i]);
    if (sub->base) {
        rg_argv_push(&mv, "--merge");
        rg_argv_push(&mv, sub->base);
    }
    for (unsigned k = 1; k <= n; k++) {
        char *shard = rg_fmt("%s/shard-%u", sub->root, k), *res = rg_fmt("%s/results.json", shard);
        remove(res); /* a task that writes none must not merge an old one */
        rg_argv_push(&mv, "--merge");
        rg_argv_push(&mv, shard);
        free(shard);
        free(res);
    }
    rg_argv_push(&mv, "--out");
    rg_argv_push(&mv, sub->out);
    char *s = rg_shell_join(NULL, sv), *m = rg_shell_join(NULL, mv), *root = quoted(sub->root);
    char *shard_sh = sub->requeue
                         ? requeue_script(sub, self, s, n, root)
                         : rg_fmt("#!/bin/sh\n# cpumf-regress --slurm: task K of the job array "
                                  "runs shard K of %u\nk=$SLURM_ARRAY_TASK_ID\nexec %s --shard "
                                  "\"$k/%u\" --out %s/shard-\"$k\"\n",
                                  n, s, n, root);
    char *merge_sh = rg_fmt("#!/bin/sh\n# cpumf-regress --slurm: the shards' report, once every "
                            "task has ended\nexec %s\n",
                            m);
    char *ps = rg_fmt("%s/shard.sh", dir), *pm = rg_fmt("%s/merge.sh", dir);
    int rc = rg_write_file(ps, shard_sh) | rg_write_file(pm, merge_sh);
    if (rc)
        fprintf(stderr, "cpumf-regress: cannot write %s and %s\n", ps, pm);
    rg_argv_free(sv);
    rg_argv_free(mv);
    free(s);
    free(m);
    free(root);
    free(shard_sh);
    free(merge_sh);
    free(ps);
    free(pm);
    return rc ? -1 : 0;
}

/* Run sbatch (argv) with its standard output in a pipe: the job id it prints
 * first (--parsable: "ID" or "ID;CLUSTER") into id, and as soon as it is
 * known (before a --wait ends) "cpumf-regress: LABEL ID TAIL".  Returns
 * sbatch's exit status, -1 when it did not run or printed no id. */
static int sbatch(char **argv, char *id, size_t idlen, const char *label, const char *tail)
{
    int fd[2];
    fflush(stdout);
    if (pipe(fd) != 0)
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], STDOUT_FILENO);
        close(fd[0]);
        close(fd[1]);
        execvp(argv[0], argv);
        fprintf(stderr, "cpumf-regress: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(fd[1]);
    FILE *f = pid > 0 ? fdopen(fd[0], "r") : NULL;
    if (!f) {
        close(fd[0]);
        return -1;
    }
    char line[256];
    *id = '\0';
    if (fgets(line, sizeof line, f)) {
        snprintf(id, idlen, "%.*s", (int)strcspn(line, ";\r\n"), line);
        if (*id)
            printf("cpumf-regress: %s %s%s\n", label, id, tail);
        fflush(stdout);
    }
    while (fgets(line, sizeof line, f))
        fputs(line, stdout);
    fclose(f);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    return !*id || !WIFEXITED(st) ? -1 : WEXITSTATUS(st);
}

/* sbatch with the options every job of the run takes. */
static char **sbatch_argv(const rg_slurm *s, const char *cwd, const char *name, const char *log,
                          int cpus)
{
    char *chdir = rg_fmt("--chdir=%s", cwd), *jn = rg_fmt("--job-name=%s", name);
    char *out = rg_fmt("--output=%s", log), *c = rg_fmt("--cpus-per-task=%d", cpus);
    char **v = rg_argv(6, "sbatch", "--parsable", chdir, jn, out, c);
    for (size_t i = 0; s->sbatch && s->sbatch[i]; i++)
        rg_argv_push(&v, s->sbatch[i]);
    free(chdir);
    free(jn);
    free(out);
    free(c);
    return v;
}

/* The job array: its id into id; 0 or -1. */
static int submit_array(const rg_submit *sub, const rg_slurm *s, const char *dir, const char *cwd,
                        unsigned n, char *id, size_t idlen)
{
    char *log = rg_fmt("%s/shard-%%a.log", dir), *range = rg_fmt("--array=1-%u", n);
    char *script = rg_fmt("%s/shard.sh", dir);
    char *tail = rg_fmt(": %u tasks over %zu runs, task K runs --shard K/%u into %s/shard-K", n,
                        sub->runs, n, sub->root);
    char **v = sbatch_argv(s, cwd, "cpumf-regress", log, sub->jobs);
    if (sub->requeue) {
        char *sig = rg_fmt("--signal=B:USR1@%d", REQUEUE_LEAD);
        rg_argv_push(&v, "--requeue");
        rg_argv_push(&v, sig);
        free(sig);
    }
    rg_argv_push(&v, range);
    rg_argv_push(&v, script);
    int rc = sbatch(v, id, idlen, "job array", tail);
    rg_argv_free(v);
    free(log);
    free(range);
    free(script);
    free(tail);
    return rc == 0 ? 0 : -1;
}

/* The merge job after the array; with --wait, its log and exit status. */
static int submit_merge(const rg_submit *sub, const rg_slurm *s, const char *dir, const char *cwd,
                        const char *array)
{
    char id[64];
    char *log = rg_fmt("%s/merge.log", dir), *dep = rg_fmt("--dependency=afterany:%s", array);
    char *script = rg_fmt("%s/merge.sh", dir);
    char *tail = rg_fmt(" (afterany:%s) writes the report into %s; logs in %s/%s", array, sub->out,
                        dir, s->wait ? "; waiting for it" : "");
    char **v = sbatch_argv(s, cwd, "cpumf-regress-merge", log, 1);
    rg_argv_push(&v, dep);
    if (s->wait)
        rg_argv_push(&v, "--wait");
    rg_argv_push(&v, script);
    int rc = sbatch(v, id, sizeof id, "merge job", tail);
    if (rc < 0 || (!s->wait && rc != 0)) {
        fprintf(stderr, "cpumf-regress: sbatch of the merge job failed\n");
        rc = -1;
    } else if (s->wait) {
        char *text = rg_read_file(log);
        printf("\n%s", text ? text : "(no merge log)\n");
        free(text);
    }
    rg_argv_free(v);
    free(log);
    free(dep);
    free(script);
    free(tail);
    return rc;
}

int rg_slurm_submit(const rg_slurm *s, const rg_submit *sub)
{
    char self[PATH_MAX], cwd[PATH_MAX];
    if (!realpath("/proc/self/exe", self) || !getcwd(cwd, sizeof cwd)) {
        fprintf(stderr, "cpumf-regress: --slurm: cannot find this program or the directory\n");
        return 2;
    }
    unsigned n = sub->runs < s->tasks ? (unsigned)sub->runs : s->tasks;
    char *dir = rg_fmt("%s/slurm", sub->root);
    int rc = rg_mkdirs(dir) != 0 ? -1 : write_scripts(sub, dir, self, n);
    char array[64];
    if (rc)
        fprintf(stderr, "cpumf-regress: cannot prepare %s\n", dir);
    else if ((rc = submit_array(sub, s, dir, cwd, n, array, sizeof array)) != 0)
        fprintf(stderr, "cpumf-regress: sbatch of the job array failed\n");
    else
        rc = submit_merge(sub, s, dir, cwd, array);
    free(dir);
    return rc < 0 ? 2 : rc;
}
