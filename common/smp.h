/*
 * smp.h - .SMP sample files written by the sampler driver (cpumf-sim/cosim
 * --smp-dir DIR) and read by build/cpumf-smp.
 *
 * Name: SYSHISyyyymmdd.hhmmss.xxx.SMP.cpuN as z/OS HIS names them.  The date
 * and time are those of the TOD clock value the workload presents at the
 * earliest driver start (tod.start + start * tod.per_cycle; TOD epoch
 * 1900-01-01 00:00:00 UTC, bit 51 = 1 microsecond), so that two runs of one
 * scenario give the same names; xxx is the driver's "sequence" (default
 * 000); N is the CPU index.  An existing file is overwritten.
 *
 * Contents (all integers big-endian): a 64-byte header, then the raw sample
 * entries exactly as the machine stored them, in the order the driver read
 * them, each entry_size bytes (the basic entry, or the basic entry followed
 * by the diagnostic entry).  Format codes are as stored (never zeroed).
 *
 *   0  char[8] "CPUMFSMP"
 *   8  u16     version (1)
 *  10  u16     CPU index
 *  12  u16     BSDES (from QSI)
 *  14  u16     DSDES (0 when diagnostic sampling is not used)
 *  16  u32     flags: bit 0 basic, bit 1 diagnostic, bit 2 1-MiB SDBs (S = 1)
 *  20  u32     CPU speed (cycles per microsecond, from QSI)
 *  24  u64     sampling interval as loaded by LSCTL (after clamping)
 *  32  u64     number of entries that follow
 *  40  u64     lost samples: the sum of the SDB overflow counts the driver
 *              read (samples the machine could not store: block full)
 *  48  u64     TOD clock at the driver's start cycle
 *  56  u32     program-request alerts serviced
 *  60  u32     reserved (0)
 */
#ifndef TB_SMP_H
#define TB_SMP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define TB_SMP_HDR 64
#define TB_SMP_MAGIC "CPUMFSMP"
#define TB_SMP_VERSION 1
#define TB_SMP_F_BASIC 0x1u
#define TB_SMP_F_DIAG 0x2u
#define TB_SMP_F_1M 0x4u

typedef struct tb_smp_header {
    uint16_t version, cpu, bsdes, dsdes;
    uint32_t flags, cpu_speed;
    uint64_t interval, samples, lost, tod;
    uint32_t alerts;
} tb_smp_header;

/* "SYSHISyyyymmdd.hhmmss.xxx.SMP.cpuN" from a TOD value. */
void tb_smp_name(char *buf, size_t len, uint64_t tod, unsigned seq, unsigned cpu);

void tb_smp_pack_header(const tb_smp_header *h, uint8_t out[TB_SMP_HDR]);
/* 0 ok; -1 with a reason in err. */
int tb_smp_unpack_header(const uint8_t in[TB_SMP_HDR], tb_smp_header *h, char *err, size_t errlen);

static inline uint64_t tb_be64(const uint8_t *b)
{
    uint64_t v = 0;
    int i;
    for (i = 0; i < 8; i++)
        v = v << 8 | b[i];
    return v;
}

static inline void tb_put_be64(uint8_t *b, uint64_t v)
{
    int i;
    for (i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (56 - 8 * i));
}

/* A whole file in memory (the reader). */
typedef struct tb_smp_file {
    char path[1024];
    tb_smp_header h;
    uint32_t entry_size;
    uint8_t *data;      /* h.samples * entry_size bytes */
} tb_smp_file;

/* 0 ok; -1 (unreadable or malformed) with "path: reason" in err. */
int tb_smp_load(const char *path, tb_smp_file *f, char *err, size_t errlen);
void tb_smp_free(tb_smp_file *f);

/* Fields of a basic entry (docs/uarch.md section 17). */
typedef struct tb_smp_basic {
    uint16_t fc;
    uint8_t u, t, w, p, as, i, cl, hb, ls;
    uint16_t asn;
    uint64_t ia, guest, host;
} tb_smp_basic;

void tb_smp_decode(const uint8_t *entry, tb_smp_basic *b);

#endif
