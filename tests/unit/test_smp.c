/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_smp.c - the .SMP file layer (common/smp.h): the HIS name, the 4 KiB
 * buffers the writer makes and the reader takes back, the refusals with their
 * byte offsets, and the z/OS guest program parameter.  Test names carry the
 * requirement ID (docs/requirements.md).
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "smp.h"
#include "be.h"
#include "unit_main.h"

/* A combined entry (basic + 64-byte diagnostic) with instruction address ia. */
static void combined(uint8_t e[96], uint64_t ia)
{
    memset(e, 0, 96);
    be_put64(e, 1ull << 48);
    be_put64(e + 8, ia);
    be_put64(e + 32, 0x8006ull << 48);
}

/* n combined entries written through the writer: the file's bytes in *size. */
static uint8_t *write_entries(unsigned n, uint64_t overflow, size_t *size)
{
    smp_writer *w = calloc(1, sizeof *w);
    uint8_t e[96], trl[SMP_TRL];
    uint8_t *data;
    unsigned k;
    memset(trl, 0, sizeof trl);
    trl[0] = 0xC0; /* F, A */
    trl[5] = 32;
    trl[7] = 64;
    be_put64(trl + 8, overflow);
    w->f = tmpfile();
    w->esize = 96;
    for (k = 0; k < n; k++) {
        combined(e, 0x1000 + 2u * k);
        smp_put_entry(w, e, trl);
    }
    smp_put_trailer(w, trl);
    ck_assert_int_eq(w->err, 0);
    *size = (size_t)w->buffers * SMP_BUF;
    data = malloc(*size);
    rewind(w->f);
    ck_assert_uint_eq(fread(data, 1, *size, w->f), *size);
    fclose(w->f);
    free(w);
    return data;
}

START_TEST(test_SMP_1_name_by_cpu_address_in_hex)
{
    char name[96];
    smp_file f;
    char err[256];
    smp_name(name, sizeof name, 0, 7, 0x12);
    ck_assert_str_eq(name, "SYSHIS19000101.000000.007.SMP.cpu12");
    ck_assert_int_eq(smp_parse(name, malloc(1), 0, &f, err, sizeof err), 0);
    ck_assert_int_eq(f.cpu, 0x12);
    smp_free(&f);
}
END_TEST

START_TEST(test_SMP_2_buffers_of_42_combined_entries)
{
    size_t size;
    uint8_t *data = write_entries(50, 3, &size);
    smp_file f;
    char err[256];
    smp_trailer t;
    ck_assert_uint_eq(size, 2 * SMP_BUF);
    /* the first buffer is cut from the block: no overflow count */
    smp_trailer_decode(data + SMP_DATA, &t);
    ck_assert_uint_eq(t.overflow, 0);
    ck_assert_uint_eq(t.dsdes, 64);
    ck_assert_int_eq(smp_parse("x.SMP.cpu5", data, size, &f, err, sizeof err), 0);
    ck_assert_uint_eq(f.n_bufs, 2);
    ck_assert_uint_eq(f.samples, 50);
    ck_assert_uint_eq(f.lost, 3);
    ck_assert_uint_eq(f.off[41], 41 * 96);
    ck_assert_uint_eq(f.off[42], SMP_BUF);
    ck_assert_int_eq(f.has_diag[49], 1);
    smp_free(&f);
}
END_TEST

START_TEST(test_SMP_2_malformed_with_offset)
{
    size_t size;
    uint8_t *data = write_entries(3, 0, &size);
    smp_file f;
    char err[256];
    data[96 + 1] = 7; /* the second entry's format code: 0007 */
    ck_assert_int_eq(smp_parse("bad", data, size, &f, err, sizeof err), -1);
    ck_assert_str_eq(err, "bad: malformed at offset 96: format code 0007 is neither 0001 "
                          "(basic) nor 8001 and above");
    smp_free(&f);
    data = write_entries(3, 0, &size);
    ck_assert_int_eq(smp_parse("short", data, size - 10, &f, err, sizeof err), -1);
    ck_assert_str_eq(err, "short: malformed at offset 0: 4086 bytes, not a whole number of "
                          "4096-byte buffers");
    smp_free(&f);
}
END_TEST

START_TEST(test_SMP_3_zos_task_and_srb_parameters)
{
    smp_zos_pp task = {0, 0, 0x8AE1F0, 0x42, 0x11}, srb = {1, 1, 0x02F1A400, 1, 0xA400}, z;
    ck_assert_uint_eq(smp_zos_pp_encode(&task), 0x008AE1F000420011ull);
    ck_assert_uint_eq(smp_zos_pp_encode(&srb), 0x82F1A4008001A400ull);
    smp_zos_pp_decode(0x82F1A4008001A400ull, &z);
    ck_assert(z.w == 1 && z.s == 1 && z.addr == 0x02F1A400 && z.asn == 1 && z.token == 0xA400);
    smp_zos_pp_decode(0x008AE1F000420011ull, &z);
    ck_assert(z.w == 0 && z.s == 0 && z.addr == 0x8AE1F0 && z.asn == 0x42 && z.token == 0x11);
}
END_TEST

static Suite *smp_suite(void)
{
    Suite *s = suite_create("smp");
    TCase *tc = tcase_create("smp");
    tcase_add_test(tc, test_SMP_1_name_by_cpu_address_in_hex);
    tcase_add_test(tc, test_SMP_2_buffers_of_42_combined_entries);
    tcase_add_test(tc, test_SMP_2_malformed_with_offset);
    tcase_add_test(tc, test_SMP_3_zos_task_and_srb_parameters);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(smp_suite());
}
