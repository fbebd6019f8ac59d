/* SPDX-License-Identifier: Apache-2.0 */
/* smp.c - .SMP sample files as z/OS HIS writes them (format in smp.h). */
#include "smp.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"

/* days since 1970-01-01 -> civil date (H. Hinnant's algorithm) */
static void civil(int64_t z, int64_t *y, unsigned *m, unsigned *d)
{
    int64_t era, yy;
    uint64_t doe, yoe, doy, mp;
    z += 719468;
    era = (z >= 0 ? z : z - 146096) / 146097;
    doe = (uint64_t)(z - era * 146097);
    yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    yy = (int64_t)yoe + era * 400;
    doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    mp = (5 * doy + 2) / 153;
    *d = (unsigned)(doy - (153 * mp + 2) / 5 + 1);
    *m = (unsigned)(mp < 10 ? mp + 3 : mp - 9);
    *y = yy + (*m <= 2);
}

void smp_name(char *buf, size_t len, uint64_t tod, unsigned seq, unsigned cpu_addr)
{
    /* TOD bit 51 (code bit 12) = 1 microsecond; epoch 1900-01-01 */
    int64_t secs = (int64_t)((tod >> 12) / 1000000u) - 2208988800LL;
    int64_t days = (secs >= 0 ? secs : secs - 86399) / 86400, y;
    int64_t sod = secs - days * 86400;
    unsigned m, d;
    civil(days, &y, &m, &d);
    snprintf(buf, len, "SYSHIS%04lld%02u%02u.%02u%02u%02u.%03u.SMP.cpu%X", (long long)y, m, d,
             (unsigned)(sod / 3600), (unsigned)(sod / 60 % 60), (unsigned)(sod % 60), seq % 1000u,
             cpu_addr);
}

static uint16_t get16(const uint8_t *b)
{
    return (uint16_t)(b[0] << 8 | b[1]);
}

/* ---- writing ---- */

static void write_buffer(smp_writer *w, const uint8_t trl[SMP_TRL], int keep_overflow)
{
    memset(w->buf + w->fill, 0, SMP_DATA - w->fill);
    memcpy(w->buf + SMP_DATA, trl, SMP_TRL);
    if (!keep_overflow)
        memset(w->buf + SMP_DATA + 8, 0, 8);
    if (w->f && fwrite(w->buf, 1, SMP_BUF, w->f) != SMP_BUF)
        w->err = 1;
    w->buffers++;
    w->fill = 0;
}

void smp_put_entry(smp_writer *w, const uint8_t *entry, const uint8_t trl[SMP_TRL])
{
    if (w->fill + w->esize > SMP_DATA)
        write_buffer(w, trl, 0);
    memcpy(w->buf + w->fill, entry, w->esize);
    w->fill += w->esize;
}

void smp_put_trailer(smp_writer *w, const uint8_t trl[SMP_TRL])
{
    write_buffer(w, trl, 1);
}

/* ---- reading ---- */

void smp_trailer_decode(const uint8_t *trl, smp_trailer *t)
{
    t->f = (uint8_t)(trl[0] >> 7);
    t->a = (uint8_t)(trl[0] >> 6 & 1);
    t->t = (uint8_t)(trl[0] >> 5 & 1);
    t->bsdes = get16(trl + 4);
    t->dsdes = get16(trl + 6);
    t->overflow = be_get64(trl + 8);
    /* STCKE: an epoch byte, then the STCK value */
    t->tod = t->t ? be_get64(trl + 17) : be_get64(trl + 16);
}

static int bad(const smp_file *f, char *err, size_t errlen, uint64_t off, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* "path: malformed at offset N: reason"; -1 */
static int bad(const smp_file *f, char *err, size_t errlen, uint64_t off, const char *fmt, ...)
{
    char why[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    snprintf(err, errlen, "%s: malformed at offset %llu: %s", f->path, (unsigned long long)off,
             why);
    return -1;
}

/* The sizes the trailers give: BSDES 0 or 32; DSDES 0 or a multiple of 8
 * from 16 to 4000, the same in every trailer that gives one. */
static int check_trailers(smp_file *f, char *err, size_t errlen)
{
    uint32_t b;
    for (b = 0; b < f->n_bufs; b++) {
        uint64_t at = (uint64_t)b * SMP_BUF + SMP_DATA;
        smp_trailer t;
        smp_trailer_decode(f->data + at, &t);
        if (t.bsdes != 0 && t.bsdes != SMP_BSDES)
            return bad(f, err, errlen, at + 4, "trailer BSDES %u is not 32", t.bsdes);
        if (t.dsdes != 0 && (t.dsdes < 16 || t.dsdes > 4000 || t.dsdes % 8))
            return bad(f, err, errlen, at + 6,
                       "trailer DSDES %u is not a multiple of 8 from 16 to 4000", t.dsdes);
        if (t.dsdes != 0 && f->dsdes != 0 && t.dsdes != f->dsdes)
            return bad(f, err, errlen, at + 6, "trailer DSDES %u differs from an earlier %u",
                       t.dsdes, f->dsdes);
        if (t.dsdes != 0)
            f->dsdes = t.dsdes;
        f->lost += t.overflow;
    }
    return 0;
}

/* 0, or -1 out of memory */
static int add_sample(smp_file *f, uint64_t off, uint8_t diag, size_t *cap)
{
    if (f->samples == *cap) {
        size_t n = *cap ? *cap * 2 : 1024;
        uint64_t *o = realloc(f->off, n * sizeof *o);
        uint8_t *d;
        if (!o)
            return -1;
        f->off = o;
        if (!(d = realloc(f->has_diag, n)))
            return -1;
        f->has_diag = d;
        *cap = n;
    }
    f->off[f->samples] = off;
    f->has_diag[f->samples++] = diag;
    return 0;
}

/* The entries of buffer b, up to a zero format code or the trailer: a basic
 * entry (format 0001), optionally followed by a diagnostic one (8001 or
 * above). */
static int parse_buffer(smp_file *f, uint32_t b, size_t *cap, char *err, size_t errlen)
{
    uint64_t base = (uint64_t)b * SMP_BUF, pos = 0;
    uint32_t dsz = f->dsdes ? f->dsdes : SMP_DSDES_DEFAULT;
    while (pos + 2 <= SMP_DATA) {
        uint16_t fc = get16(f->data + base + pos);
        uint8_t diag = 0;
        if (fc == 0)
            break;
        if (fc != 0x0001)
            return bad(f, err, errlen, base + pos,
                       (fc & 0x8000)
                           ? "diagnostic format code %04x without a basic entry before it"
                           : "format code %04x is neither 0001 (basic) nor 8001 and above",
                       fc);
        if (pos + SMP_BSDES > SMP_DATA)
            return bad(f, err, errlen, base + pos,
                       "a basic entry of %u bytes runs into the trailer", SMP_BSDES);
        if (pos + SMP_BSDES + 2 <= SMP_DATA && (get16(f->data + base + pos + SMP_BSDES) & 0x8000)) {
            if (pos + SMP_BSDES + dsz > SMP_DATA)
                return bad(f, err, errlen, base + pos + SMP_BSDES,
                           "a diagnostic entry of %u bytes runs into the trailer", dsz);
            diag = 1;
        }
        if (add_sample(f, base + pos, diag, cap)) {
            snprintf(err, errlen, "%s: out of memory", f->path);
            return -1;
        }
        pos += SMP_BSDES + (diag ? dsz : 0u);
    }
    return 0;
}

int smp_parse(const char *name, uint8_t *data, size_t size, smp_file *f, char *err, size_t errlen)
{
    const char *c;
    uint32_t b;
    size_t cap = 0;
    memset(f, 0, sizeof *f);
    snprintf(f->path, sizeof f->path, "%s", name);
    f->data = data;
    f->size = size;
    f->cpu = -1;
    c = strrchr(name, '.');
    /* hexadecimal, as smp_name writes it: HIS gives no base, and a
     * decimal number below 10 reads the same */
    if (c && strncmp(c, ".cpu", 4) == 0 && c[4] && strlen(c + 4) <= 4 &&
        strspn(c + 4, "0123456789abcdefABCDEF") == strlen(c + 4))
        f->cpu = (int)strtol(c + 4, NULL, 16);
    if (size % SMP_BUF)
        return bad(f, err, errlen, size - size % SMP_BUF,
                   "%zu bytes, not a whole number of %u-byte buffers", size, SMP_BUF);
    f->n_bufs = (uint32_t)(size / SMP_BUF);
    if (check_trailers(f, err, errlen))
        return -1;
    for (b = 0; b < f->n_bufs; b++)
        if (parse_buffer(f, b, &cap, err, errlen))
            return -1;
    return 0;
}

int smp_load(const char *path, smp_file *f, char *err, size_t errlen)
{
    FILE *fp;
    long size;
    uint8_t *data;

    memset(f, 0, sizeof *f);
    fp = fopen(path, "rb");
    if (!fp) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        return -1;
    }
    if (fseek(fp, 0, SEEK_END) != 0 || (size = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET) != 0) {
        snprintf(err, errlen, "%s: cannot read: not a regular file", path);
        fclose(fp);
        return -1;
    }
    if (size > SMP_MAX_BYTES) {
        snprintf(err, errlen, "%s: %ld bytes, more than the limit of %ld", path, size,
                 SMP_MAX_BYTES);
        fclose(fp);
        return -1;
    }
    data = malloc(size ? (size_t)size : 1);
    if (!data || fread(data, 1, (size_t)size, fp) != (size_t)size) {
        snprintf(err, errlen, "%s: cannot read the file", path);
        free(data);
        fclose(fp);
        return -1;
    }
    fclose(fp);
    if (smp_parse(path, data, (size_t)size, f, err, errlen) != 0) {
        smp_free(f);
        return -1;
    }
    return 0;
}

void smp_free(smp_file *f)
{
    free(f->data);
    free(f->off);
    free(f->has_diag);
    f->data = NULL;
    f->off = NULL;
    f->has_diag = NULL;
}

uint64_t smp_buffer_tod(const smp_file *f, uint64_t off)
{
    smp_trailer t;
    smp_trailer_decode(f->data + off / SMP_BUF * SMP_BUF + SMP_DATA, &t);
    return t.tod;
}

void smp_decode(const uint8_t *e, smp_basic *b)
{
    uint64_t w = be_get64(e);
    b->fc = (uint16_t)(w >> 48);
    b->u = (uint8_t)(w >> 40 & 0xF);
    b->t = (uint8_t)(w >> 37 & 1);
    b->w = (uint8_t)(w >> 36 & 1);
    b->p = (uint8_t)(w >> 35 & 1);
    b->as = (uint8_t)(w >> 33 & 3);
    b->i = (uint8_t)(w >> 32 & 1);
    b->cl = (uint8_t)(w >> 30 & 3);
    b->hb = (uint8_t)(w >> 29 & 1);
    b->ls = (uint8_t)(w >> 28 & 1);
    b->asn = (uint16_t)w;
    b->ia = be_get64(e + 8);
    b->guest = be_get64(e + 16);
    b->host = be_get64(e + 24);
}

/* ---- the z/OS guest program parameter ---- */

uint64_t smp_zos_pp_encode(const smp_zos_pp *z)
{
    uint64_t hi = (uint64_t)(z->s ? z->addr & SMP_ZOS_WEB_MAX : z->addr & SMP_ZOS_TCB_MAX);
    hi |= (uint64_t)(z->w & 1) << 31;
    return hi << 32 | (uint64_t)(z->s & 1) << 31 | (uint64_t)(z->asn & SMP_ZOS_ASN_MAX) << 16 |
           z->token;
}

void smp_zos_pp_decode(uint64_t pp, smp_zos_pp *z)
{
    z->w = (uint8_t)(pp >> 63);
    z->s = (uint8_t)(pp >> 31 & 1);
    z->addr = (uint32_t)(pp >> 32) & (z->s ? SMP_ZOS_WEB_MAX : SMP_ZOS_TCB_MAX);
    z->asn = (uint16_t)(pp >> 16 & SMP_ZOS_ASN_MAX);
    z->token = (uint16_t)pp;
}
