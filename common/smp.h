/* SPDX-License-Identifier: Apache-2.0 */
/*
 * smp.h - .SMP sample files as z/OS HIS writes them, written by the sampler
 * driver (cpumf-sim and cpumf-cosim --smp-dir DIR) and read by cpumf-smp.
 *
 * A file is the CPU's 4 KiB sampling buffers one after the other, each the
 * entries as the machine stored them followed by zeros, then the 64-byte
 * trailer in its last 64 bytes.  There is no header: the CPU number is in the
 * name, everything else the run knows goes into its results.  The z/OS guest
 * program parameter (TCB or SRB form) is encoded and decoded here too.
 * docs/scenario-format.md section 10 has the details.
 */
#ifndef CPUMF_COMMON_SMP_H
#define CPUMF_COMMON_SMP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SMP_BUF   4096u /* one HIS sampling buffer */
#define SMP_TRL   64u   /* its trailer, the last bytes */
#define SMP_DATA  (SMP_BUF - SMP_TRL)
#define SMP_BSDES 32u
/* The diagnostic entry size a reader assumes when no trailer gives one. */
#define SMP_DSDES_DEFAULT 64u
/* The reader refuses larger files (it holds a whole file in memory). */
#define SMP_MAX_BYTES (256L * 1024 * 1024)

/* "SYSHISyyyymmdd.hhmmss.xxx.SMP.cpu#" from a TOD value; xxx is seq and #
 * the CPU address in hexadecimal: our choices, HIS gives only the pattern
 * (docs/scenario-format.md section 10). */
void smp_name(char *buf, size_t len, uint64_t tod, unsigned seq, unsigned cpu_addr);

/* ---- writing: entries packed into 4 KiB buffers ---- */

typedef struct smp_writer {
    FILE *f; /* NULL: count only */
    uint32_t esize, fill;
    uint64_t buffers;
    int err;
    uint8_t buf[SMP_BUF];
} smp_writer;

/* Appends one entry of w->esize bytes; a buffer that has no room for it is
 * written first with trl, its overflow count set to zero (a block larger
 * than 4 KiB is cut into buffers; its lost samples go with its last one). */
void smp_put_entry(smp_writer *w, const uint8_t *entry, const uint8_t trl[SMP_TRL]);
/* Ends the buffer with trl and writes it. */
void smp_put_trailer(smp_writer *w, const uint8_t trl[SMP_TRL]);

/* ---- reading ---- */

typedef struct smp_trailer {
    uint8_t f, a, t;
    uint16_t bsdes, dsdes;
    uint64_t overflow, tod; /* tod: STCK format (from STCKE when T = 1) */
} smp_trailer;

void smp_trailer_decode(const uint8_t *trl, smp_trailer *t);

/* A whole file in memory. */
typedef struct smp_file {
    char path[1024];
    int cpu; /* the CPU number from the name's ".cpu#", -1 without one */
    uint8_t *data;
    size_t size;
    uint32_t n_bufs;
    uint16_t dsdes;    /* diagnostic entry size used (0: no diagnostic entry) */
    uint64_t lost;     /* overflow counts of the trailers */
    uint64_t samples;  /* basic entries */
    uint64_t *off;     /* byte offset of each basic entry */
    uint8_t *has_diag; /* 1 when a diagnostic entry follows it */
} smp_file;

/* Parse size bytes at data (kept by f, freed by smp_free even on
 * failure); name gives the path and the CPU.  0 ok; -1 with "name:
 * malformed: reason at offset N" in err. */
int smp_parse(const char *name, uint8_t *data, size_t size, smp_file *f, char *err, size_t errlen);
/* 0 ok; -1 (unreadable or malformed) with "path: reason" in err. */
int smp_load(const char *path, smp_file *f, char *err, size_t errlen);
void smp_free(smp_file *f);
/* The timestamp of the buffer that holds byte offset off (0: none). */
uint64_t smp_buffer_tod(const smp_file *f, uint64_t off);

/* Fields of a basic entry (docs/uarch.md section 17). */
typedef struct smp_basic {
    uint16_t fc;
    uint8_t u, t, w, p, as, i, cl, hb, ls;
    uint16_t asn;
    uint64_t ia, guest, host;
} smp_basic;

void smp_decode(const uint8_t *entry, smp_basic *b);

/* ---- the z/OS guest program parameter ----
 * bit 0 W; task (S = 0): bits 8-31 the TCB address; SRB (S = 1): bits 1-31
 * the WEB address (a 31-bit address in a 32-bit field whose first bit is W);
 * bit 32 S; bits 33-47 the home ASN; bits 48-63 the task-ID token (task) or
 * the partial WEB address (SRB).  HIS names the fields and their widths, not
 * their places: the places, and 31 bits for the WEB address it calls 32, are
 * our choice (docs/scenario-format.md section 7). */
typedef struct smp_zos_pp {
    uint8_t w, s;
    uint32_t addr;  /* TCB (24 bits) or WEB (31 bits) address */
    uint16_t asn;   /* 15 bits */
    uint16_t token; /* task-ID token or partial WEB address */
} smp_zos_pp;

#define SMP_ZOS_TCB_MAX 0xFFFFFFu
#define SMP_ZOS_WEB_MAX 0x7FFFFFFFu
#define SMP_ZOS_ASN_MAX 0x7FFFu

uint64_t smp_zos_pp_encode(const smp_zos_pp *z);
void smp_zos_pp_decode(uint64_t pp, smp_zos_pp *z);

#endif
