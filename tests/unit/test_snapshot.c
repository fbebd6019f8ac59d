/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test_snapshot.c - cpumf_copy_state: a system copied into another of the same
 * configuration runs on exactly like its source (outputs, registers, coverage counts,
 * attached storage), and a copy between different configurations changes nothing;
 * cpumf_save_state and cpumf_restore_state: the same state through bytes (a checkpoint),
 * which only a system of the same configuration takes.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cpumf/cpumf.h"
#include "test_api.h"
#include "unit_main.h"

/* Random cycles into s. */
static void run(cpumf_sys *s, rng *r, unsigned cycles)
{
    cpumf_sys_in in;
    cpumf_sys_out out;
    while (cycles--) {
        rand_inputs(r, s, &in, 30);
        cpumf_step(s, &in, &out);
    }
}

/* a and b on the same random inputs: the same outputs and registers in every cycle,
 * the same coverage counts at the end. */
static void run_alike(cpumf_sys *a, cpumf_sys *b, rng *r, unsigned cycles)
{
    static cpumf_obs oa, ob;
    cpumf_sys_in in;
    cpumf_sys_out outa, outb;
    for (unsigned k = 0; k < cycles; k++) {
        rand_inputs(r, a, &in, 30);
        memset(&outa, 0, sizeof outa);
        memset(&outb, 0, sizeof outb);
        cpumf_step(a, &in, &outa);
        cpumf_step(b, &in, &outb);
        ck_assert_msg(!memcmp(&outa, &outb, sizeof outa), "outputs differ in cycle %u", k);
        observe0(a, &oa);
        observe0(b, &ob);
        ck_assert_msg(!memcmp(&oa, &ob, sizeof oa), "registers differ in cycle %u", k);
    }
    for (unsigned i = 0; i < cpumf_fcov_count(); i++)
        ck_assert_uint_eq(cpumf_fcov_hits(a, i), cpumf_fcov_hits(b, i));
}

/* A copy into a clone taken long before runs on like the source; its own
 * register names stay usable. */
START_TEST(test_copy_runs_on_like_the_source)
{
    cpumf_sys *a = load("z16-2x2"), *b = cpumf_clone(a);
    rng r = {7u};
    uint64_t va = 0u, vb = 1u;
    ck_assert_ptr_nonnull(b);
    run(a, &r, 700u);
    ck_assert_int_eq(cpumf_copy_state(b, a), 0);
    ck_assert_str_eq(cpumf_register_name(b, 3), cpumf_register_name(a, 3));
    ck_assert_int_eq(cpumf_read_register(a, cpumf_register_name(a, 3), &va), 0);
    ck_assert_int_eq(cpumf_read_register(b, cpumf_register_name(b, 3), &vb), 0);
    ck_assert_uint_eq(va, vb);
    run_alike(a, b, &r, 2000u);
    /* and back: the older state into the newer system */
    run(b, &r, 300u);
    ck_assert_int_eq(cpumf_copy_state(a, b), 0);
    run_alike(a, b, &r, 500u);
    cpumf_destroy(b);
    cpumf_destroy(a);
}
END_TEST

/* The copy keeps the source's attached storage (as a clone does), through
 * callbacks of its own: it still reaches the storage once the source is gone. */
START_TEST(test_copy_keeps_the_attached_storage)
{
    cpumf_sys *a = load("z15-2cpu"), *b = cpumf_clone(a);
    mem *m = (mem *)calloc(1, sizeof *m);
    rng r = {11u};
    unsigned seen;
    ck_assert_ptr_nonnull(b);
    mem_fill(m, &r);
    ck_assert_int_eq(cpumf_attach_storage(a, &mem_ops, m, 2), 0);
    run(a, &r, 400u);
    ck_assert_int_eq(cpumf_copy_state(b, a), 0);
    cpumf_destroy(a);
    seen = m->reads + m->writes;
    run(b, &r, 3000u);
    ck_assert_uint_gt(m->reads + m->writes, seen);
    cpumf_destroy(b);
    free(m);
}
END_TEST

/* Between different configurations, and with a NULL argument, nothing is
 * copied and the reason is given; a system copied into itself is unchanged. */
/* The refusals' set-up: two systems of different configurations (z16-2x2 into *a, z15-1cpu
 * into *b), each run 300 cycles, and b's state in *before. */
static void two_configurations(cpumf_sys **a, cpumf_sys **b, uint64_t seed, cpumf_obs *before)
{
    rng r = {seed};
    *a = load("z16-2x2");
    *b = load("z15-1cpu");
    run(*a, &r, 300u);
    run(*b, &r, 300u);
    observe0(*b, before);
}

START_TEST(test_copy_refused_between_configurations)
{
    cpumf_sys *a, *b;
    static cpumf_obs before, after;
    two_configurations(&a, &b, 3u, &before);
    ck_assert_int_eq(cpumf_copy_state(b, a), -1);
    ck_assert_ptr_nonnull(strstr(cpumf_last_error(b), "configuration"));
    observe0(b, &after);
    ck_assert(!memcmp(&before, &after, sizeof before));
    ck_assert_int_eq(cpumf_copy_state(NULL, a), -1);
    ck_assert_int_eq(cpumf_copy_state(b, NULL), -1);
    ck_assert_int_eq(cpumf_copy_state(b, b), 0);
    observe0(b, &after);
    ck_assert(!memcmp(&before, &after, sizeof before));
    cpumf_destroy(b);
    cpumf_destroy(a);
}
END_TEST

/* The state saved as bytes, restored into a system created afresh: *n bytes. */
static void *saved(const cpumf_sys *s, size_t *n)
{
    void *buf;
    *n = cpumf_save_state(s, NULL, 0);
    ck_assert_uint_gt(*n, 0);
    buf = malloc(*n);
    ck_assert_uint_eq(cpumf_save_state(s, buf, *n), *n);
    return buf;
}

/* A system given a saved state runs on like the one saved, however far it
 * had run itself; its own register names stay usable. */
START_TEST(test_RUN_5_saved_state_runs_on_like_the_source)
{
    cpumf_sys *a = load("z16-2x2"), *b = load("z16-2x2");
    rng r = {5u};
    size_t n;
    run(a, &r, 900u);
    run(b, &r, 100u);
    void *buf = saved(a, &n);
    ck_assert_int_eq(cpumf_restore_state(b, buf, n), 0);
    ck_assert_str_eq(cpumf_register_name(b, 5), cpumf_register_name(a, 5));
    run_alike(a, b, &r, 2000u);
    free(buf);
    cpumf_destroy(b);
    cpumf_destroy(a);
}
END_TEST

/* The restored system keeps the storage it has attached (its run goes on in
 * its own storage, the port's requests in flight with it). */
START_TEST(test_RUN_5_restore_keeps_its_own_storage)
{
    cpumf_sys *a = load("z15-2cpu"), *b = load("z15-2cpu");
    mem *ma = (mem *)calloc(1, sizeof *ma), *mb = (mem *)calloc(1, sizeof *mb);
    rng r = {13u};
    size_t n;
    mem_fill(ma, &r);
    mem_fill(mb, &r);
    ck_assert_int_eq(cpumf_attach_storage(a, &mem_ops, ma, 2), 0);
    ck_assert_int_eq(cpumf_attach_storage(b, &mem_ops, mb, 2), 0);
    run(a, &r, 400u);
    void *buf = saved(a, &n);
    ck_assert_int_eq(cpumf_restore_state(b, buf, n), 0);
    unsigned seen_a = ma->reads + ma->writes, seen_b = mb->reads + mb->writes;
    run(b, &r, 3000u);
    ck_assert_uint_eq(ma->reads + ma->writes, seen_a);
    ck_assert_uint_gt(mb->reads + mb->writes, seen_b);
    free(buf);
    cpumf_destroy(b);
    cpumf_destroy(a);
    free(ma);
    free(mb);
}
END_TEST

/* Bytes of another configuration, bytes that are not a saved state, a length
 * that does not match: refused with the reason, the system unchanged. */
START_TEST(test_RUN_5_restore_refused)
{
    cpumf_sys *a, *b;
    static cpumf_obs before, after;
    size_t n, nb;
    two_configurations(&a, &b, 17u, &before);
    unsigned char *buf = saved(a, &n), *own = saved(b, &nb);
    ck_assert_int_eq(cpumf_restore_state(b, buf, n), -1);
    ck_assert_ptr_nonnull(strstr(cpumf_last_error(b), "configuration"));
    ck_assert_int_eq(cpumf_restore_state(b, own, nb - 1), -1);
    ck_assert_ptr_nonnull(strstr(cpumf_last_error(b), "bytes"));
    own[0] ^= 1u;
    ck_assert_int_eq(cpumf_restore_state(b, own, nb), -1);
    ck_assert_ptr_nonnull(strstr(cpumf_last_error(b), "not a saved state"));
    ck_assert_int_eq(cpumf_restore_state(b, NULL, nb), -1);
    ck_assert_uint_eq(cpumf_save_state(NULL, NULL, 0), 0);
    observe0(b, &after);
    ck_assert(!memcmp(&before, &after, sizeof before));
    free(buf);
    free(own);
    cpumf_destroy(b);
    cpumf_destroy(a);
}
END_TEST

static Suite *snapshot_suite(void)
{
    Suite *s = suite_create("snapshot");
    TCase *tc = tcase_create("snapshot");
    tcase_add_test(tc, test_copy_runs_on_like_the_source);
    tcase_add_test(tc, test_copy_keeps_the_attached_storage);
    tcase_add_test(tc, test_copy_refused_between_configurations);
    tcase_add_test(tc, test_RUN_5_saved_state_runs_on_like_the_source);
    tcase_add_test(tc, test_RUN_5_restore_keeps_its_own_storage);
    tcase_add_test(tc, test_RUN_5_restore_refused);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return unit_run(snapshot_suite());
}
