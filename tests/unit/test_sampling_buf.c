/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_sampling_buf.c - unit tests of the sample entries and buffers: the basic and
 * diagnostic entries, SDB and SDBT arithmetic, and the sample-data-block update process
 * run by the whole model against a small in-memory storage (overflow, table and block
 * links, timestamps, alerts, the storage-port arbiter).
 * Every test name carries the requirement ID it checks; expected values come
 * from the architecture (IBM SA23-2260), docs/requirements.md and docs/uarch.md
 * Part II, written out by hand, not computed with the model's own functions.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cpumf_int.h"
#include "test_mem.h"
#include "test_sampling.h"
#include "unit_main.h"

/* ------------------------------------------------------------ entries */

START_TEST(test_SF_BSDE_1_basic_entry)
{
    cpumf_cpu_in io;
    arch_sample_regs sr = {0u, 0u, 0u, ARCH_LVL_LPAR};
    uint64_t dw[4];
    memset(&io, 0, sizeof io);
    io.problem = 1;
    io.dat = 1;
    io.as = 2;
    io.asn = 0x1234;
    io.ia = 0x123456;
    io.uniq = 1;
    io.uniq_count = 3;
    io.level = 1;
    sr.pp = 0xCAFE;
    arch_bsde(&io, &sr, dw);
    /* format 0001, U=3 (bits 20-23), T (26), P (28), AS=10 (29-30), CL=01 (32-33) */
    ck_assert_uint_eq(dw[0], 0x0001032C40001234ull);
    ck_assert_uint_eq(dw[1], 0x123456);
    ck_assert_uint_eq(dw[2], 0xCAFE); /* LPAR, H = 0: guest field */
    ck_assert_uint_eq(dw[3], 0);
    io.entry_inconsistent = 1;
    arch_bsde(&io, &sr, dw);
    ck_assert_uint_eq(dw[0], 0x0001032D40001234ull); /* I bit 31 */
}
END_TEST

START_TEST(test_SF_BSDE_2_unique_zero_when_waiting)
{
    static const arch_sample_regs sr = {0u, 0u, 0u, ARCH_LVL_LPAR};
    cpumf_cpu_in io;
    uint64_t dw[4];
    memset(&io, 0, sizeof io);
    io.uniq = 1;
    io.uniq_count = 5;
    io.wait = 1;
    arch_bsde(&io, &sr, dw);
    ck_assert_uint_eq(dw[0], 0x0001001000000000ull); /* W bit 27, U 0 */
    io.wait = 0;
    io.uniq = 0;
    arch_bsde(&io, &sr, dw);
    ck_assert_uint_eq(dw[0], 0x0001000000000000ull);
}
END_TEST

START_TEST(test_SF_BSDE_3_parameter_placement)
{
    cpumf_cpu_in io;
    arch_sample_regs sr = {1u, 0xABCDu, 0x5678u,
                           ARCH_LVL_LPAR}; /* H, pp (LPAR level), pp_vm (VM level) */
    uint64_t dw[4];
    memset(&io, 0, sizeof io);
    io.level = 1;
    arch_bsde(&io, &sr, dw); /* LPAR, H = 1: host field, guest zero, H bit 34 */
    ck_assert_uint_eq(dw[0], 0x0001000060000000ull);
    ck_assert_uint_eq(dw[2], 0);
    ck_assert_uint_eq(dw[3], 0xABCD);
    sr.h = 0;
    arch_bsde(&io, &sr, dw); /* LPAR, H = 0: guest field, host zero */
    ck_assert_uint_eq(dw[0], 0x0001000040000000ull);
    ck_assert_uint_eq(dw[2], 0xABCD);
    ck_assert_uint_eq(dw[3], 0);
    io.level = 2;
    sr.h = 1;
    /* VM level (CL 10) under an LPAR-level host (H = 1, bit 34): the VM
     * level's parameter in the guest field, the LPAR level's in the host */
    arch_bsde(&io, &sr, dw);
    ck_assert_uint_eq(dw[0], 0x00010000A0000000ull);
    ck_assert_uint_eq(dw[2], 0x5678);
    ck_assert_uint_eq(dw[3], 0xABCD);
    sr.h = 0; /* H = 0: host zero; the guest field (unpredictable) holds pp_vm */
    arch_bsde(&io, &sr, dw);
    ck_assert_uint_eq(dw[0], 0x0001000080000000ull);
    ck_assert_uint_eq(dw[2], 0x5678);
    ck_assert_uint_eq(dw[3], 0);
}
END_TEST

START_TEST(test_SF_BSDE_4_limited_sample)
{
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    arch_sample_regs sr = {0u, 0u, 0u, ARCH_LVL_LPAR};
    uint64_t dw[ARCH_ENTRY_MAX_DW];
    unsigned n;
    model_cfg(&m);
    memset(&io, 0, sizeof io);
    io.problem = 1;
    io.dat = 1;
    io.as = 3;
    io.wait = 1;
    io.asn = 0x77;
    io.ia = 0x9999;
    io.level = 1;
    io.entry_inconsistent = 1;
    io.secure_guest = 1;
    io.diag = DIAG;
    io.tod = TOD;
    sr.h = 1;
    sr.pp = 0x5555;
    n = arch_sample_entry(&m, 3, &io, &sr, dw);
    ck_assert_uint_eq(n, 12);
    /* LS bit 35 set; U T W P AS ASN IA zero; I, CL, H kept; host parameter kept */
    ck_assert_uint_eq(dw[0], 0x0001000170000000ull);
    ck_assert_uint_eq(dw[1], 0);
    ck_assert_uint_eq(dw[2], 0);
    ck_assert_uint_eq(dw[3], 0x5555);
    /* the DSDE: bytes 0-3 only (format, I) */
    ck_assert_uint_eq(dw[4], 0x8006000100000000ull);
    for (n = 5; n < 12; n++)
        ck_assert_uint_eq(dw[n], 0);
    /* PCF bit 49 one: not limited */
    io.pcf49 = 1;
    sr.h = 0;
    n = arch_sample_entry(&m, 3, &io, &sr, dw);
    ck_assert_uint_eq(dw[0] & 0x10000000ull, 0);
    ck_assert_uint_eq(dw[1], 0x9999);
    ck_assert_uint_eq(dw[2], 0x5555);
    ck_assert_uint_eq(dw[5], DIAG);
    ck_assert_uint_eq(dw[6], TOD);
}
END_TEST

START_TEST(test_SF_DSDE_1_diagnostic_entry)
{
    static const arch_sample_regs sr = {0u, 0u, 0u, ARCH_LVL_LPAR};
    cpumf_model_cfg m;
    cpumf_cpu_in io;
    uint64_t dw[ARCH_ENTRY_MAX_DW];
    unsigned n, k;
    model_cfg(&m);
    memset(&io, 0, sizeof io);
    io.diag = DIAG;
    io.tod = TOD;
    n = arch_sample_entry(&m, CPUMF_SF_DIAG, &io, &sr, dw);
    ck_assert_uint_eq(n, 8); /* DSDES 64 alone */
    ck_assert_uint_eq(dw[0], 0x8006000000000000ull);
    ck_assert_uint_eq(dw[1], DIAG);
    ck_assert_uint_eq(dw[2], TOD);
    for (k = 3; k < 8; k++)
        ck_assert_uint_eq(dw[k], 0);
    ck_assert_uint_eq(arch_entry_size(&m, CPUMF_SF_BASIC), 32);
    ck_assert_uint_eq(arch_entry_size(&m, CPUMF_SF_DIAG), 64);
    ck_assert_uint_eq(arch_entry_size(&m, 3), 96);
}
END_TEST

/* ------------------------------------------------------------ SDB / SDBT rules */

START_TEST(test_SF_BUF_1_block_arithmetic)
{
    ck_assert_uint_eq(arch_sdb_size(0), 4096);
    ck_assert_uint_eq(arch_sdb_size(1), 1048576);
    ck_assert_uint_eq(arch_sdb_trailer(0x20000, 4096), 0x20FC0);
    ck_assert_uint_eq(arch_sdb_trailer(0x20FC0, 4096), 0x20FC0);
    ck_assert_uint_eq(arch_sdb_trailer(0x212345, 1048576), 0x2FFFC0);
    /* 126 basic entries fill a 4K block exactly */
    ck_assert_int_eq(arch_sdb_fits(0x20FC0, 0x20000 + 125 * 32, 32), 1);
    ck_assert_int_eq(arch_sdb_fits(0x20FC0, 0x20000 + 126 * 32, 32), 0);
    ck_assert_int_eq(arch_sdb_fits(0x20FC0, 0x20FC0 - 64, 96), 0);
}
END_TEST

START_TEST(test_SF_UPD_6_entry_address_checks)
{
    ck_assert_int_eq(arch_sdb_entry_invalid(0x1FE0, 4096), 1); /* below 8192 */
    ck_assert_int_eq(arch_sdb_entry_invalid(0x2000, 4096), 0);
    ck_assert_int_eq(arch_sdb_entry_invalid(0x20FC0, 4096), 0); /* exactly full */
    ck_assert_int_eq(arch_sdb_entry_invalid(0x20FC1, 4096), 1); /* past the trailer start */
    ck_assert_int_eq(arch_sdb_entry_invalid(0x20FF8, 4096), 1);
    ck_assert_int_eq(arch_sdb_entry_invalid(0x1FFFC0, 1048576), 0);
    ck_assert_int_eq(arch_sdb_entry_invalid(0x1FFFC8, 1048576), 1);
}
END_TEST

START_TEST(test_SF_BUF_2_sdbt_entries)
{
    arch_sdbt_entry e;
    /* block link: origin bits 0-51 (4K) or 0-43 (1M); ignored bits ignored */
    e = arch_sdbt_classify(0x0000000000123FFEull, 0x10000, 4096);
    ck_assert_uint_eq(e.kind, ARCH_SDBT_BLOCK);
    ck_assert_uint_eq(e.origin, 0x123000);
    ck_assert_uint_eq(e.last, 0);
    e = arch_sdbt_classify(0x00000000012FFFFEull, 0x10000, 1048576);
    ck_assert_uint_eq(e.origin, 0x1200000);
    /* table link: bit 63 one, origin bits 0-59 with four zero bits */
    e = arch_sdbt_classify(0x000000000004567Full, 0x10000, 4096);
    ck_assert_uint_eq(e.kind, ARCH_SDBT_TABLE);
    ck_assert_uint_eq(e.origin, 0x45670);
    /* the last entry before a 4K boundary */
    e = arch_sdbt_classify(0x20000, 0x10FF8, 4096);
    ck_assert_uint_eq(e.last, 1);
    e = arch_sdbt_classify(0x20000, 0x10FF0, 4096);
    ck_assert_uint_eq(e.last, 0);
    e = arch_sdbt_classify(0x20000, 0x10FF8, 1048576);
    ck_assert_uint_eq(e.last, 0);
}
END_TEST

START_TEST(test_SF_UPD_3_trailer_and_timestamp_data)
{
    /* BSDES bytes 4-5, DSDES 6-7, written alone; F (bit 0) alone, in byte 0 */
    ck_assert_uint_eq(arch_trailer_sizes(32, 64), 0x0000000000200040ull);
    ck_assert_uint_eq(arch_trailer_sizes(32, 0), 0x0000000000200000ull);
    ck_assert_uint_eq(ARCH_TRAILER_SZ_BE, 0x0F);
    ck_assert_uint_eq(ARCH_TRAILER_F_BE, 0x80);
    ck_assert_uint_eq(ARCH_TRAILER_F_OR, 0x8000000000000000ull);
    /* STCK: bytes 16-23; STCKE: bytes 16-31, the TOD clock shifted by one byte */
    ck_assert_uint_eq(arch_timestamp_ndw(0), 1);
    ck_assert_uint_eq(arch_timestamp_ndw(1), 2);
    ck_assert_uint_eq(arch_timestamp_dw(TOD, 0, 0), TOD);
    ck_assert_uint_eq(arch_timestamp_dw(TOD, 1, 0), 0x0000D1234567890Aull);
    ck_assert_uint_eq(arch_timestamp_dw(TOD, 1, 1), 0xBC00000000000000ull);
}
END_TEST

/* ------------------------------------------------------------ update process */

START_TEST(test_SF_UPD_2_basic_entry_stored)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sdb_4k(h);
    sm_put(&h->m, 0x2000, 0xCAFE);
    h->in.cpu[0].wait = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 100, 0x10000, 0x20000), 0);
    {
        cpumf_insn insn;
        cpumf_insn_result res;
        memset(&insn, 0, sizeof insn);
        insn.op = CPUMF_OP_LPP;
        insn.addr = 0x2000;
        ck_assert_int_eq(cpumf_execute(h->s, 0, &insn, &res), 0);
    }
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(h->cyc, 100 + 2 * 1 + 8 * 1); /* sample due in tick 100, then storage */
    ck_assert_uint_eq(sm_get(&h->m, 0x20000), 0x0001032C40001234ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x20008), 0x123456);
    ck_assert_uint_eq(sm_get(&h->m, 0x20010), 0xCAFE);
    ck_assert_uint_eq(sm_get(&h->m, 0x20018), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x20020);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.coll_q"), 0);
    ck_assert_uint_eq(h->alerts, 0);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_3_block_exactly_full_126_entries)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    unsigned k;
    sdb_4k(h);
    sm_put(&h->m, 0x20FC0, 0x00ABCDEF12345678ull); /* reserved bytes 1-3 */
    sm_put(&h->m, 0x20FE0, 0x1111111111111111ull); /* bytes 32-39 reserved */
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 20, 0x10000, 0x20000), 0);
    for (k = 1; k <= 126; k++)
        h_until_samples(h, k, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x20FC0); /* exactly full, not invalid */
    ck_assert_uint_eq(sm_get(&h->m, 0x20FA0), 0x0001032C40001234ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC0), 0x00ABCDEF12345678ull); /* trailer untouched */
    ck_assert_uint_eq(h->alerts, 0);
    /* the 127th: block full, F set, sizes written, timestamp, next block */
    h_until_samples(h, 127, 1000);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC0), 0x80ABCDEF00200040ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC8), 0);   /* overflow count untouched */
    ck_assert_uint_eq(sm_get(&h->m, 0x20FD0), TOD); /* STCK format (T = 0) */
    ck_assert_uint_eq(sm_get(&h->m, 0x20FD8), 0);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FE0), 0x1111111111111111ull);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.tear_q"), 0x10008);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x30020);
    ck_assert_uint_eq(sm_get(&h->m, 0x30000), 0x0001032C40001234ull);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 127);
    ck_assert_uint_eq(h->alerts, 0);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_8_combined_entry_at_block_end)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    unsigned k;
    sdb_4k(h);
    memset(h->m.b + 0x20F80, 0x5A, 64);
    /* 64 bytes left: the 96-byte combined entry goes whole into the next block */
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 1, 1, 1), 50, 0x10000, 0x20F80), 0);
    h_until_samples(h, 1, 1000);
    for (k = 0; k < 64; k++)
        ck_assert_uint_eq(h->m.b[0x20F80 + k], 0x5A);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC0), 0x8000000000200040ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x30000), 0x0001032C40001234ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x30020), 0x8006000000000000ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x30028), DIAG);
    ck_assert_uint_eq(sm_get(&h->m, 0x30030), TOD);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x30060);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 1);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_1_overflow_count_wraps)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sdb_4k(h);
    sm_put(&h->m, 0x20FC0, 0x8000000000200000ull); /* F one */
    sm_put(&h->m, 0x20FC8, 0xFFFFFFFFFFFFFFFFull);
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 1, 1, 1), 50, 0x10000, 0x20000), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC8), 0); /* SF-UPD-9: wraps */
    ck_assert_uint_eq(sm_get(&h->m, 0x20000), 0); /* discarded */
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_overflow_q"), 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 0);
    h_until_samples(h, 2, 1000);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC8), 1); /* the combined entry counts once */
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x20000);
    ck_assert_uint_eq(h->alerts, 0);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_3_stcke_timestamp)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sdb_4k(h);
    sm_put(&h->m, 0x20FC0, 0x2000000000000000ull); /* T one */
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x20FC0), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC0), 0xA000000000200040ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FD0), 0x0000D1234567890Aull);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FD8), 0xBC00000000000000ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x30000), 0x0001032C40001234ull);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_4_program_request_alert)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sdb_4k(h);
    sm_put(&h->m, 0x20FC0, 0x4000000000000000ull); /* A one */
    h->in.cpu[0].cr0_58 = 0;                       /* keep it pending */
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x20FC0), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_PROGRAM_REQ);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC0), 0xC000000000200040ull);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_q"), CPUMF_SF_BASIC); /* stays active */
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 1);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_5_table_link_to_table_link)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sm_put(&h->m, 0x10000, 0x20000);
    sm_put(&h->m, 0x10008, 0x40000 | 1u); /* table link to 0x40000 */
    sm_put(&h->m, 0x40000, 0x50000 | 1u); /* ... which holds a table link */
    h->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x20FC0), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INCORRECT_SDBT);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_q"), 0); /* SF-UPD-7: inactive */
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.e_q"), CPUMF_SF_BASIC);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.tear_q"), 0x40000);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 0);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_5_block_link_as_last_entry)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sm_put(&h->m, 0x10FF0, 0x20000);
    sm_put(&h->m, 0x10FF8, 0x30000); /* block link in the last slot */
    h->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10FF0, 0x20FC0), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INCORRECT_SDBT);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.tear_q"), 0x10FF8);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x20FC0);
    /* a table link there is fine: followed once, then its block */
    h_free(h);
    h = h_new(CPUMF_INT_EXACT, 1);
    sm_put(&h->m, 0x10FF8, 0x40000 | 1u);
    sm_put(&h->m, 0x40000, 0x30000);
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10FF0, 0x20FC0), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(h->alerts, 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.tear_q"), 0x40000);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x30020);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_6_entry_address_below_8192)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    h->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x1000), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INVALID_ENTRY);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_q"), 0);
    ck_assert_uint_eq(h->m.writes + h->m.reads, 8); /* the LSCTL fetch only */
    h_free(h);
    /* a block link to a block below 8192 */
    h = h_new(CPUMF_INT_EXACT, 1);
    h->in.cpu[0].cr0_58 = 0;
    sm_put(&h->m, 0x10008, 0x1000);
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x20FC0), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INVALID_ENTRY);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x1000);
    h_free(h);
    /* a DEAR past the first byte of the trailer */
    h = h_new(CPUMF_INT_EXACT, 1);
    h->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x20FC8), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INVALID_ENTRY);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_6_storage_outside_configuration)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    h->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, MEM_SIZE + 0x1000), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INVALID_ENTRY);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_stored_q"), 0);
    h_free(h);
}
END_TEST

START_TEST(test_SF_BUF_1_one_megabyte_buffers)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    sm_put(&h->m, 0x10000, 0x100000);
    sm_put(&h->m, 0x10008, 0x200000 | 0xABCu); /* bits 44-63 ignored with S = 1 */
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(1, 0, 1, 0, 1, 0), 50, 0x10000, 0x1FFFA0), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(sm_get(&h->m, 0x1FFFA0), 0x0001032C40001234ull);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x1FFFC0);
    h_until_samples(h, 2, 1000);
    ck_assert_uint_eq(sm_get(&h->m, 0x1FFFC0), 0x8000000000200040ull);
    ck_assert_uint_eq(sm_get(&h->m, 0x1FFFD0), TOD);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0x200020);
    ck_assert_uint_eq(sm_get(&h->m, 0x200000), 0x0001032C40001234ull);
    ck_assert_uint_eq(h->alerts, 0);
    h_free(h);
}
END_TEST

/* ------------------------------------------------------------ timing, arbiter, alerts */

START_TEST(test_SF_INT_6_collisions_while_update_busy)
{
    harness *h = h_new(CPUMF_INT_EXACT, 20); /* slow storage: an update takes > 40 cycles */
    unsigned k;
    sdb_4k(h);
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 16, 0x10000, 0x20000), 0);
    for (k = 0; k < 2000; k++)
        h_step(h);
    ck_assert_uint_gt(reg(h, "cpu0.sf_interval.coll_q"), 0);
    ck_assert_uint_gt(reg(h, "cpu0.sf_update.n_stored_q"), 0);
    /* every due sample is stored or collided: 2000 ticks / 16 */
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.coll_q") + reg(h, "cpu0.sf_update.n_stored_q") +
                          (reg(h, "cpu0.sf_update.state_q") != CPUMF_US_IDLE),
                      2000 / 16);
    h_free(h);
}
END_TEST

START_TEST(test_SF_LSCTL_2_waits_for_the_update)
{
    harness *h = h_new(CPUMF_INT_EXACT, 10);
    unsigned k, issued = 0, done = 0, waited = 0;
    sdb_4k(h);
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 30, 0x10000, 0x20000), 0);
    sm_put(&h->m, OPND, lsctl_x(0, 0, 1, 0, 0, 0)); /* deactivate */
    /* present LSCTL when the update starts */
    for (k = 0; k < 3000 && !done; k++) {
        if (!issued && reg(h, "cpu0.sf_update.state_q") != CPUMF_US_IDLE) {
            cpumf_insn insn;
            memset(&insn, 0, sizeof insn);
            insn.op = CPUMF_OP_LSCTL;
            insn.addr = OPND;
            cpumf_in_present(&h->in, 0, &insn);
            issued = 1;
        }
        h_step(h);
        if (h->out.cpu[0].insn_ready && h->in.cpu[0].insn_valid)
            h->in.cpu[0].insn_valid = 0;
        if (reg(h, "cpu0.mf_insn.state_q") == CPUMF_IS_EXEC &&
            reg(h, "cpu0.sf_update.state_q") != CPUMF_US_IDLE)
            waited++; /* EXEC held while the update runs */
        if (h->out.cpu[0].insn_done) {
            done = 1;
            ck_assert_uint_eq(h->out.cpu[0].cc, 0);
        }
        /* one owner at a time on the port */
        ck_assert_uint_le(reg(h, "cpu0.mf_cpu.own_q"), 2);
    }
    ck_assert(done);
    ck_assert_uint_gt(waited, 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.c_q"), 0);
    ck_assert_uint_ge(reg(h, "cpu0.sf_update.n_stored_q"), 1);
    h_free(h);
}
END_TEST

START_TEST(test_AL_3_sampling_alerts_clear_when_disabled)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    h->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x1000), 0);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INVALID_ENTRY);
    /* the function is still enabled: the bit stays */
    h_step(h);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INVALID_ENTRY);
    /* loss of sample data with nothing active: no bit 9 */
    h->in.cpu[0].loss_sample = 1;
    h_step(h);
    h->in.cpu[0].loss_sample = 0;
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_INVALID_ENTRY);
    /* disabling every function clears bits 0, 1, 2, 9 */
    ck_assert_uint_eq(h_lsctl(h, 0, 0, 0, 0), 0);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), 0);
    h_free(h);
}
END_TEST

START_TEST(test_AL_4_sampling_auth_loss_alert)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    h->in.cpu[0].cr0_58 = 0;
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 0, 1, 0, 1), 50, 0x10000, 0x20000), 0);
    h->in.cpu[0].sf_auth_clr = CPUMF_SF_DIAG;
    h_step(h);
    h->in.cpu[0].sf_auth_clr = 0;
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_SF_AUTH);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.a_q"), CPUMF_SF_BASIC);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.e_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_ctrl.dear_q"), 0);
    ck_assert_uint_eq(reg(h, "cpu0.sf_interval.cnt_q"), 0);
    h_free(h);
}
END_TEST

START_TEST(test_SF_UPD_2_port_arbiter)
{
    static cpumf_system_cfg c;
    static cpumf_sys_in sys;
    static mf_cpu_state q, d;
    cf_global_state g;
    static const uint64_t ext_mask[CPUMF_EXT_WORDS];
    cpumf_cpu_out port;
    cf_global_cpu_req greq;
    mf_cpu_in in;
    mf_cpu_out out = {&port, &greq, 0u};
    sys_cfg(&c, CPUMF_INT_EXACT);
    memset(&sys, 0, sizeof sys);
    memset(&g, 0, sizeof g);
    mf_cpu_power_on(&c, 0, &q);
    in.io = &sys.cpu[0];
    in.sys = &sys;
    in.cfg = &c;
    in.g = &g;
    in.index = 0;
    in.no_tick = 0;
    in.ext_mask = ext_mask;
    sys.cpu[0].wait = 1;
    sys.cpu[0].stor_req_ready = 1;
    /* both present a request: the update's goes out and only it is accepted */
    q.insn.state = CPUMF_IS_FETCH;
    q.insn.req.valid = 1;
    q.insn.req.be = 0xFF;
    q.insn.req.addr = 0x1000;
    q.upd.state = CPUMF_US_RD_TRL;
    q.upd.req.valid = 1;
    q.upd.req.be = 0xFF;
    q.upd.req.addr = 0x20FC0;
    mf_cpu_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(port.stor_req_valid, 1);
    ck_assert_uint_eq(port.stor_req_addr, 0x20FC0);
    ck_assert_uint_eq(d.own, CPUMF_ARB_UPD);
    ck_assert_uint_eq(d.upd.req.valid, 0);
    ck_assert_uint_eq(d.insn.req.valid, 1);
    /* owned by the update, waiting for its response: nothing goes out */
    q.own = CPUMF_ARB_UPD;
    q.upd.req.valid = 0;
    mf_cpu_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(port.stor_req_valid, 0);
    ck_assert_uint_eq(port.stor_req_addr, 0);
    ck_assert_uint_eq(d.own, CPUMF_ARB_UPD);
    ck_assert_uint_eq(d.insn.req.valid, 1);
    /* the response goes to the owner only and frees the port */
    sys.cpu[0].stor_rsp_valid = 1;
    sys.cpu[0].stor_rsp_data = 0;
    mf_cpu_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(d.own, CPUMF_ARB_NONE);
    ck_assert_uint_eq(d.insn.state, CPUMF_IS_FETCH); /* mf_insn saw no response */
    ck_assert_uint_eq(d.upd.state, CPUMF_US_WR_ENT);
    /* no owner, only mf_insn presents: it takes the port */
    sys.cpu[0].stor_rsp_valid = 0;
    q.own = CPUMF_ARB_NONE;
    q.upd.state = CPUMF_US_IDLE;
    sys.cpu[0].stor_req_ready = 0; /* not accepted yet: ownership is taken anyway */
    mf_cpu_eval(&q, &in, &out, &d);
    ck_assert_uint_eq(port.stor_req_addr, 0x1000);
    ck_assert_uint_eq(d.own, CPUMF_ARB_INSN);
    ck_assert_uint_eq(d.insn.req.valid, 1);
}
END_TEST

/* ------------------------------------------------------------ interlocked trailer updates */

START_TEST(test_SF_UPD_11_storage_operations)
{
    /* uarch.md section 4: PLAIN replaces the enabled bytes, OR ors them, ADD adds */
    ck_assert_uint_eq(
        arch_stor_update(CPUMF_STOR_OP_PLAIN, 0x1122334455667788ull, 0xAABBCCDDEEFF0011ull, 0x0F),
        0x11223344EEFF0011ull);
    ck_assert_uint_eq(
        arch_stor_update(CPUMF_STOR_OP_OR, 0x6ABCDEF000200040ull, 0x8000000000000000ull, 0x80),
        0xEABCDEF000200040ull);
    /* OR touches only enabled bytes: bits of wdata elsewhere are ignored */
    ck_assert_uint_eq(
        arch_stor_update(CPUMF_STOR_OP_OR, 0x0000000000000001ull, 0x80000000000000FFull, 0x80),
        0x8000000000000001ull);
    ck_assert_uint_eq(arch_stor_update(CPUMF_STOR_OP_ADD, 41u, 1u, 0xFF), 42u);
    ck_assert_uint_eq(arch_stor_update(CPUMF_STOR_OP_ADD, UINT64_MAX, 1u, 0xFF), 0u);
}
END_TEST

/* The write requests of CPU 0 while stepping until want samples (stored or
 * lost) have been taken: we, op, be, addr, wdata of each. */
typedef struct wr_log {
    unsigned n;
    mf_stor_req r[64];
} wr_log;

static void h_until_logged(harness *h, wr_log *w, uint64_t want)
{
    unsigned k;
    for (k = 0; k < 1000u; k++) {
        const cpumf_cpu_out *o = &h->out.cpu[0];
        h_step(h);
        if (o->stor_req_valid && o->stor_req_we && w->n < 64u) {
            mf_stor_req *r = &w->r[w->n++];
            r->we = o->stor_req_we;
            r->op = o->stor_req_op;
            r->be = o->stor_req_be;
            r->addr = o->stor_req_addr;
            r->wdata = o->stor_req_wdata;
        }
        if (reg(h, "cpu0.sf_update.state_q") == CPUMF_US_IDLE &&
            reg(h, "cpu0.sf_update.n_stored_q") + reg(h, "cpu0.sf_update.n_overflow_q") >= want)
            return;
    }
    ck_abort_msg("no sample after 1000 cycles");
}

START_TEST(test_SF_UPD_11_trailer_requests)
{
    harness *h = h_new(CPUMF_INT_EXACT, 1);
    wr_log w;
    unsigned k;
    memset(&w, 0, sizeof w);
    sdb_4k(h);
    sm_put(&h->m, 0x20FC0, 0x7F00000000000000ull); /* A, T and reserved bits 3-7 set */
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x20FC0), 0);
    h_until_logged(h, &w, 1);
    /* block full: sizes (bytes 4-7), the STCKE timestamp, then F by an interlocked OR */
    ck_assert_uint_ge(w.n, 4);
    ck_assert_uint_eq(w.r[0].op, CPUMF_STOR_OP_PLAIN);
    ck_assert_uint_eq(w.r[0].be, 0x0F);
    ck_assert_uint_eq(w.r[0].addr, 0x20FC0);
    ck_assert_uint_eq(w.r[0].wdata, 0x0000000000200040ull);
    ck_assert_uint_eq(w.r[1].addr, 0x20FD0);
    ck_assert_uint_eq(w.r[2].addr, 0x20FD8);
    ck_assert_uint_eq(w.r[3].op, CPUMF_STOR_OP_OR);
    ck_assert_uint_eq(w.r[3].be, 0x80);
    ck_assert_uint_eq(w.r[3].addr, 0x20FC0);
    ck_assert_uint_eq(w.r[3].wdata, 0x8000000000000000ull);
    /* SF-UPD-9: no plain write ever enables trailer byte 0 */
    for (k = 0; k < w.n; k++)
        ck_assert(
            !(w.r[k].addr == 0x20FC0 && w.r[k].op == CPUMF_STOR_OP_PLAIN && (w.r[k].be & 0x80u)));
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC0), 0xFF00000000200040ull);
    ck_assert_uint_eq(h->alerts & CPUMF_AL_PROGRAM_REQ, CPUMF_AL_PROGRAM_REQ);
    /* the next sample finds F: one interlocked ADD of 1, no read of the count */
    memset(&w, 0, sizeof w);
    sm_put(&h->m, 0x30FC0, 0x8000000000000000ull);
    sm_put(&h->m, 0x30FC8, 6);
    h_until_logged(h, &w, 2);
    ck_assert_uint_eq(w.n, 1);
    ck_assert_uint_eq(w.r[0].op, CPUMF_STOR_OP_ADD);
    ck_assert_uint_eq(w.r[0].be, 0xFF);
    ck_assert_uint_eq(w.r[0].addr, 0x30FC8);
    ck_assert_uint_eq(w.r[0].wdata, 1);
    ck_assert_uint_eq(sm_get(&h->m, 0x30FC8), 7);
    h_free(h);
}
END_TEST

/* Steps until the update is in state st (at most 1000 cycles). */
static void h_until_state(harness *h, unsigned st)
{
    unsigned k;
    for (k = 0; k < 1000u && reg(h, "cpu0.sf_update.state_q") != st; k++)
        h_step(h);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.state_q"), st);
}

START_TEST(test_SF_UPD_11_program_changes_during_the_update)
{
    harness *h = h_new(CPUMF_INT_EXACT, 3);
    sdb_4k(h);
    h->in.cpu[0].cr0_58 = 0; /* keep alerts pending */
    /* A set by the program after the trailer was read: the OR's response has it */
    ck_assert_uint_eq(h_lsctl(h, lsctl_x(0, 0, 1, 0, 1, 0), 50, 0x10000, 0x20FC0), 0);
    h_until_state(h, CPUMF_US_WR_TS);
    sm_put(&h->m, 0x20FC0, sm_get(&h->m, 0x20FC0) | 0x4000000000000000ull);
    h_until_samples(h, 1, 1000);
    ck_assert_uint_eq(reg(h, "cpu0.mf_alert.pend_q"), CPUMF_AL_PROGRAM_REQ);
    ck_assert_uint_eq(sm_get(&h->m, 0x20FC0), 0xC000000000200040ull);
    /* the program resets F and the count (its compare-and-swap) after the
     * update read F = 1: the add still lands, in a block whose F is 0 */
    sm_put(&h->m, 0x30FC0, 0x8000000000000000ull);
    sm_put(&h->m, 0x30FC8, 9);
    h_until_state(h, CPUMF_US_ADD_OVF);
    sm_put(&h->m, 0x30FC0, 0);
    sm_put(&h->m, 0x30FC8, 0);
    h_until_samples(h, 2, 1000);
    ck_assert_uint_eq(sm_get(&h->m, 0x30FC0), 0);
    ck_assert_uint_eq(sm_get(&h->m, 0x30FC8), 1);
    ck_assert_uint_eq(reg(h, "cpu0.sf_update.n_overflow_q"), 1);
    h_free(h);
}
END_TEST

static Suite *sampling_buf_suite(void)
{
    Suite *s = suite_create("sampling_buf");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_SF_BSDE_1_basic_entry);
    tcase_add_test(tc, test_SF_BSDE_2_unique_zero_when_waiting);
    tcase_add_test(tc, test_SF_BSDE_3_parameter_placement);
    tcase_add_test(tc, test_SF_BSDE_4_limited_sample);
    tcase_add_test(tc, test_SF_DSDE_1_diagnostic_entry);
    tcase_add_test(tc, test_SF_BUF_1_block_arithmetic);
    tcase_add_test(tc, test_SF_UPD_6_entry_address_checks);
    tcase_add_test(tc, test_SF_BUF_2_sdbt_entries);
    tcase_add_test(tc, test_SF_UPD_3_trailer_and_timestamp_data);
    tcase_add_test(tc, test_SF_UPD_11_storage_operations);
    suite_add_tcase(s, tc);
    tc = tcase_create("update");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_SF_UPD_2_port_arbiter);
    tcase_add_test(tc, test_SF_UPD_2_basic_entry_stored);
    tcase_add_test(tc, test_SF_UPD_3_block_exactly_full_126_entries);
    tcase_add_test(tc, test_SF_UPD_8_combined_entry_at_block_end);
    tcase_add_test(tc, test_SF_UPD_1_overflow_count_wraps);
    tcase_add_test(tc, test_SF_UPD_3_stcke_timestamp);
    tcase_add_test(tc, test_SF_UPD_4_program_request_alert);
    tcase_add_test(tc, test_SF_UPD_11_trailer_requests);
    tcase_add_test(tc, test_SF_UPD_11_program_changes_during_the_update);
    tcase_add_test(tc, test_SF_UPD_5_table_link_to_table_link);
    tcase_add_test(tc, test_SF_UPD_5_block_link_as_last_entry);
    tcase_add_test(tc, test_SF_UPD_6_entry_address_below_8192);
    tcase_add_test(tc, test_SF_UPD_6_storage_outside_configuration);
    tcase_add_test(tc, test_SF_BUF_1_one_megabyte_buffers);
    tcase_add_test(tc, test_SF_INT_6_collisions_while_update_busy);
    tcase_add_test(tc, test_SF_LSCTL_2_waits_for_the_update);
    tcase_add_test(tc, test_AL_3_sampling_alerts_clear_when_disabled);
    tcase_add_test(tc, test_AL_4_sampling_auth_loss_alert);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(sampling_buf_suite());
}
