/* SPDX-License-Identifier: Apache-2.0 */
/* outfile.c - output files written under a temporary name (outfile.h). */
#define _POSIX_C_SOURCE 200809L
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xalloc.h"

static void release(outfile *o)
{
    if (o->f)
        fclose(o->f);
    free(o->path);
    free(o->tmp);
    o->f = NULL;
    o->path = o->tmp = NULL;
}

int outfile_open(outfile *o, const char *path, char *err, size_t errlen)
{
    const char *base = strrchr(path, '/');
    struct stat st;
    size_t dirlen = base ? (size_t)(base - path) + 1 : 0, n;
    int fd;
    memset(o, 0, sizeof *o);
    base = base ? base + 1 : path;
    /* a directory would be found only at the rename, after the work */
    if (!*base || (stat(path, &st) == 0 && S_ISDIR(st.st_mode))) {
        snprintf(err, errlen, "%s: cannot write: is a directory", path);
        return -1;
    }
    n = dirlen + strlen(base) + 32;
    o->tmp = xmalloc(n);
    snprintf(o->tmp, n, "%.*s.%s.tmp.%ld", (int)dirlen, path, base, (long)getpid());
    fd = open(o->tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    o->f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (!o->f) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
        }
        free(o->tmp);
        o->tmp = NULL;
        return -1;
    }
    o->path = xstrdup(path);
    return 0;
}

const char *outfile_tmp_name(outfile *o)
{
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    return o->tmp;
}

int outfile_commit(outfile *o, char *err, size_t errlen)
{
    return outfile_commit_all(&o, 1, err, errlen);
}

/* Closes o's stream: 0, or -1 when something written did not reach the file. */
static int close_checked(outfile *o)
{
    int bad = 0;
    if (o->f) {
        bad = ferror(o->f) != 0;
        bad |= fclose(o->f) != 0;
        o->f = NULL;
    }
    return bad ? -1 : 0;
}

int outfile_commit_all(outfile *const *v, size_t n, char *err, size_t errlen)
{
    size_t i;
    int bad = 0;
    for (i = 0; i < n; i++)
        if (v[i]->path && close_checked(v[i]) != 0 && !bad++)
            snprintf(err, errlen, "%s: error writing: write failed (disk full?)", v[i]->path);
    for (i = 0; i < n && !bad; i++)
        if (v[i]->path && rename(v[i]->tmp, v[i]->path) != 0 && !bad++)
            snprintf(err, errlen, "%s: error writing: %s", v[i]->path, strerror(errno));
    /* one failed: none stays (discarding removes the files renamed already) */
    for (i = 0; i < n; i++)
        if (bad)
            outfile_discard(v[i]);
        else
            release(v[i]);
    return bad ? -1 : 0;
}

void outfile_discard(outfile *o)
{
    if (!o->path)
        return;
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    unlink(o->tmp);
    unlink(o->path);
    release(o);
}
