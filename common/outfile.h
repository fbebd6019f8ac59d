/* SPDX-License-Identifier: Apache-2.0 */
/*
 * outfile.h - output files of the programs that appear whole or not at all.
 *
 * A file is written under a temporary name in its own directory
 * (DIR/.NAME.tmp.PID) and renamed to its name once complete.  Opening it is
 * the check that the path can be written, so programs open their outputs
 * before they start the work.  A file that is not completed (a failure, an
 * interruption) is discarded together with any earlier file of the same
 * name: what stays at a path is this run's complete file or nothing.
 */
#ifndef CPUMF_COMMON_OUTFILE_H
#define CPUMF_COMMON_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct outfile {
    char *path; /* the final name; NULL when not in use */
    char *tmp;  /* the temporary name */
    FILE *f;    /* open on tmp for writing; NULL once closed */
} outfile;

/* 0, or -1 with "PATH: cannot write: reason" in err (o is then unused). */
int outfile_open(outfile *o, const char *path, char *err, size_t errlen);
/* For a file another library writes by name (an FST, a coverage file):
 * closes o's stream and returns the temporary name to write. */
const char *outfile_tmp_name(outfile *o);
/* Closes the file (when still open) and renames it to its name; o is unused
 * after.  0, or -1 with the reason in err and the file discarded. */
int outfile_commit(outfile *o, char *err, size_t errlen);
/* Removes the temporary file and any file at the final name; nothing for an
 * unused o. */
void outfile_discard(outfile *o);
/* Commits the n files together (entries not in use are skipped): each gets
 * its name when every one was written and renamed, else none stays, neither
 * under its name nor its temporary one.  0, or -1 with the first reason in
 * err. */
int outfile_commit_all(outfile *const *v, size_t n, char *err, size_t errlen);

#endif
