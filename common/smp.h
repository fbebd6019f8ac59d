/*
 * smp.h - .SMP sample files, written by the sampler driver (cpumf-sim and
 * cpumf-cosim --smp-dir DIR) and read by cpumf-smp: a name from the TOD
 * clock, a 64-byte big-endian header, then the sample entries as the machine
 * stored them.  docs/scenario-format.md (".SMP sample files") has the name
 * and every header field.
 */
#ifndef TB_SMP_H
#define TB_SMP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define TB_SMP_HDR     64
#define TB_SMP_MAGIC   "CPUMFSMP"
#define TB_SMP_VERSION 1
#define TB_SMP_F_BASIC 0x1u
#define TB_SMP_F_DIAG  0x2u
#define TB_SMP_F_1M    0x4u
/* The reader refuses larger files (it holds a whole file in memory). */
#define TB_SMP_MAX_BYTES (256L * 1024 * 1024)

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
    uint8_t *data; /* h.samples * entry_size bytes */
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
