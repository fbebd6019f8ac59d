/* SPDX-License-Identifier: Apache-2.0 */
/*
 * regress_exec.c - running the regression's processes.  Each one gets its
 * own process group, so a time limit or an interrupt ends everything it
 * started (simulators, xvfb-run's X server) and a hung run never hangs the
 * regression.  Waiting is sigtimedwait() on blocked signals: no handlers,
 * no global state.
 */
#define _XOPEN_SOURCE 700
#include "regress.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define KILL_GRACE 2.0 /* seconds between SIGTERM and SIGKILL */

static int spawn(rg_proc *p, const sigset_t *child_mask)
{
    int fd = open(p->log, O_WRONLY | O_CREAT | O_CLOEXEC | (p->append ? O_APPEND : O_TRUNC), 0644);
    if (fd < 0)
        return -1;
    if (p->banner && write(fd, p->banner, strlen(p->banner)) < 0) {
        close(fd);
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(fd);
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        sigprocmask(SIG_SETMASK, child_mask, NULL);
        int in = open("/dev/null", O_RDONLY);
        if (in >= 0)
            dup2(in, 0);
        dup2(fd, 1);
        dup2(fd, 2);
        for (size_t i = 0; p->env && p->env[i]; i++)
            putenv(p->env[i]);
        execvp(p->argv[0], p->argv);
        fprintf(stderr, "cpumf-regress: cannot run %s: %s\n", p->argv[0], strerror(errno));
        _exit(127);
    }
    /* Both sides set the group, so a kill right after fork finds it. */
    setpgid(pid, pid);
    close(fd);
    p->pid = (int)pid;
    p->start = rg_now();
    return 0;
}

static void ended(rg_proc *p, int status)
{
    p->seconds = rg_now() - p->start;
    if (WIFEXITED(status)) {
        p->exit_status = WEXITSTATUS(status);
    } else {
        p->exit_status = -1;
        p->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    }
    /* Whatever the process left behind in its group goes with it. */
    kill(-(pid_t)p->pid, SIGKILL);
}

int rg_schedule(int jobs, const rg_sched_ops *ops)
{
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGCHLD);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    sigprocmask(SIG_BLOCK, &set, &old);
    if (jobs < 1)
        jobs = 1;
    rg_proc **run = xcalloc((size_t)jobs, sizeof *run);
    size_t nrun = 0;
    int interrupted = 0;
    for (;;) {
        rg_proc *p;
        while (!interrupted && nrun < (size_t)jobs && ops->next(ops->ctx, &p)) {
            if (spawn(p, &old) == 0) {
                run[nrun++] = p;
            } else {
                p->spawn_failed = 1;
                p->exit_status = -1;
                ops->done(ops->ctx, p);
            }
        }
        if (nrun == 0)
            break;
        struct timespec ts = {0, 50 * 1000 * 1000};
        int sig = sigtimedwait(&set, NULL, &ts);
        double now = rg_now();
        if (!interrupted && (sig == SIGINT || sig == SIGTERM || sig == SIGHUP)) {
            /* SIGTERM first: the tools then remove their unfinished files */
            interrupted = sig;
            for (size_t i = 0; i < nrun; i++) {
                run[i]->interrupted = 1;
                run[i]->kill_at = now + KILL_GRACE;
                kill(-(pid_t)run[i]->pid, SIGTERM);
            }
        }
        for (size_t i = 0; i < nrun;) {
            p = run[i];
            int status;
            pid_t r = waitpid((pid_t)p->pid, &status, WNOHANG);
            if (r == (pid_t)p->pid || (r < 0 && errno == ECHILD)) {
                if (r < 0)
                    status = 0;
                ended(p, status);
                run[i] = run[--nrun];
                ops->done(ops->ctx, p);
                continue;
            }
            if (!p->timed_out && !p->interrupted && now - p->start > p->timeout) {
                p->timed_out = 1;
                p->kill_at = now + KILL_GRACE;
                kill(-(pid_t)p->pid, SIGTERM);
            } else if ((p->timed_out || p->interrupted) && now >= p->kill_at) {
                kill(-(pid_t)p->pid, SIGKILL);
            }
            i++;
        }
    }
    free(run);
    sigprocmask(SIG_SETMASK, &old, NULL);
    return interrupted;
}
