/* smp.c - .SMP sample files (format in smp.h). */
#include "smp.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

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

void tb_smp_name(char *buf, size_t len, uint64_t tod, unsigned seq, unsigned cpu)
{
    /* TOD bit 51 (code bit 12) = 1 microsecond; epoch 1900-01-01 */
    int64_t secs = (int64_t)((tod >> 12) / 1000000u) - 2208988800LL;
    int64_t days = (secs >= 0 ? secs : secs - 86399) / 86400, y;
    int64_t sod = secs - days * 86400;
    unsigned m, d;
    civil(days, &y, &m, &d);
    snprintf(buf, len, "SYSHIS%04lld%02u%02u.%02u%02u%02u.%03u.SMP.cpu%u", (long long)y, m, d,
             (unsigned)(sod / 3600), (unsigned)(sod / 60 % 60), (unsigned)(sod % 60), seq % 1000u,
             cpu);
}

static void put16(uint8_t *b, uint16_t v)
{
    b[0] = (uint8_t)(v >> 8);
    b[1] = (uint8_t)v;
}

static void put32(uint8_t *b, uint32_t v)
{
    put16(b, (uint16_t)(v >> 16));
    put16(b + 2, (uint16_t)v);
}

static uint16_t get16(const uint8_t *b)
{
    return (uint16_t)(b[0] << 8 | b[1]);
}

static uint32_t get32(const uint8_t *b)
{
    return (uint32_t)get16(b) << 16 | get16(b + 2);
}

void tb_smp_pack_header(const tb_smp_header *h, uint8_t out[TB_SMP_HDR])
{
    memset(out, 0, TB_SMP_HDR);
    memcpy(out, TB_SMP_MAGIC, 8);
    put16(out + 8, h->version);
    put16(out + 10, h->cpu);
    put16(out + 12, h->bsdes);
    put16(out + 14, h->dsdes);
    put32(out + 16, h->flags);
    put32(out + 20, h->cpu_speed);
    tb_put_be64(out + 24, h->interval);
    tb_put_be64(out + 32, h->samples);
    tb_put_be64(out + 40, h->lost);
    tb_put_be64(out + 48, h->tod);
    put32(out + 56, h->alerts);
}

int tb_smp_unpack_header(const uint8_t in[TB_SMP_HDR], tb_smp_header *h, char *err, size_t errlen)
{
    memset(h, 0, sizeof *h);
    if (memcmp(in, TB_SMP_MAGIC, 8) != 0) {
        snprintf(err, errlen, "not a cpumf .SMP file (no \"%s\" header)", TB_SMP_MAGIC);
        return -1;
    }
    h->version = get16(in + 8);
    h->cpu = get16(in + 10);
    h->bsdes = get16(in + 12);
    h->dsdes = get16(in + 14);
    h->flags = get32(in + 16);
    h->cpu_speed = get32(in + 20);
    h->interval = tb_be64(in + 24);
    h->samples = tb_be64(in + 32);
    h->lost = tb_be64(in + 40);
    h->tod = tb_be64(in + 48);
    h->alerts = get32(in + 56);
    if (h->version != TB_SMP_VERSION) {
        snprintf(err, errlen, "header version %u (this reader knows %u)", h->version,
                 TB_SMP_VERSION);
        return -1;
    }
    if (h->flags & ~(uint32_t)(TB_SMP_F_BASIC | TB_SMP_F_DIAG | TB_SMP_F_1M) ||
        !(h->flags & TB_SMP_F_BASIC)) {
        snprintf(err, errlen, "header flags 0x%x: basic sampling must be set, bits above 2 clear",
                 h->flags);
        return -1;
    }
    if (h->bsdes != 32) {
        snprintf(err, errlen, "header BSDES %u (a basic entry is 32 bytes)", h->bsdes);
        return -1;
    }
    if ((h->flags & TB_SMP_F_DIAG) ? (h->dsdes < 16 || h->dsdes > 4032 || h->dsdes % 8)
                                   : h->dsdes != 0) {
        snprintf(err, errlen, "header DSDES %u does not fit the flags 0x%x", h->dsdes, h->flags);
        return -1;
    }
    if (get32(in + 60) != 0) {
        snprintf(err, errlen, "header reserved bytes 60-63 are not zero");
        return -1;
    }
    return 0;
}

int tb_smp_load(const char *path, tb_smp_file *f, char *err, size_t errlen)
{
    uint8_t hdr[TB_SMP_HDR];
    char why[256];
    FILE *fp;
    long size;
    uint64_t need, k;

    memset(f, 0, sizeof *f);
    snprintf(f->path, sizeof f->path, "%s", path);
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
    if (size > TB_SMP_MAX_BYTES) {
        snprintf(err, errlen, "%s: %ld bytes, more than the limit of %ld", path, size,
                 TB_SMP_MAX_BYTES);
        fclose(fp);
        return -1;
    }
    if (size < TB_SMP_HDR) {
        snprintf(err, errlen, "%s: malformed: %ld bytes, shorter than the %d-byte header", path,
                 size, TB_SMP_HDR);
        fclose(fp);
        return -1;
    }
    if (fread(hdr, 1, TB_SMP_HDR, fp) != TB_SMP_HDR) {
        snprintf(err, errlen, "%s: cannot read (not a regular file?)", path);
        fclose(fp);
        return -1;
    }
    if (tb_smp_unpack_header(hdr, &f->h, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s: malformed: %s", path, why);
        fclose(fp);
        return -1;
    }
    f->entry_size = (uint32_t)f->h.bsdes + ((f->h.flags & TB_SMP_F_DIAG) ? f->h.dsdes : 0u);
    need = f->h.samples * f->entry_size;
    if (f->h.samples > (uint64_t)size || need != (uint64_t)size - TB_SMP_HDR) {
        snprintf(
            err, errlen,
            "%s: malformed: header says %llu entries of %u bytes, the file holds %ld bytes after "
            "the header",
            path, (unsigned long long)f->h.samples, f->entry_size, size - TB_SMP_HDR);
        fclose(fp);
        return -1;
    }
    f->data = malloc(need ? (size_t)need : 1);
    if (!f->data || fread(f->data, 1, (size_t)need, fp) != need) {
        snprintf(err, errlen, "%s: cannot read the entries", path);
        fclose(fp);
        tb_smp_free(f);
        return -1;
    }
    fclose(fp);
    for (k = 0; k < f->h.samples; k++) {
        const uint8_t *e = f->data + k * f->entry_size;
        uint16_t fc = get16(e), dfc;
        if (fc != 0x0001) {
            snprintf(
                err, errlen,
                "%s: malformed: entry %llu (offset %llu) has basic format code 0x%04x, not 0x0001",
                path, (unsigned long long)k, (unsigned long long)(TB_SMP_HDR + k * f->entry_size),
                fc);
            tb_smp_free(f);
            return -1;
        }
        if ((f->h.flags & TB_SMP_F_DIAG) && ((dfc = get16(e + f->h.bsdes)) & 0x8000) == 0) {
            snprintf(err, errlen,
                     "%s: malformed: entry %llu has diagnostic format code 0x%04x (8001 or later)",
                     path, (unsigned long long)k, dfc);
            tb_smp_free(f);
            return -1;
        }
    }
    return 0;
}

void tb_smp_free(tb_smp_file *f)
{
    free(f->data);
    f->data = NULL;
}

void tb_smp_decode(const uint8_t *e, tb_smp_basic *b)
{
    uint64_t w = tb_be64(e);
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
    b->ia = tb_be64(e + 8);
    b->guest = tb_be64(e + 16);
    b->host = tb_be64(e + 24);
}
