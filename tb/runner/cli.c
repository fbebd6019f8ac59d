/* SPDX-License-Identifier: Apache-2.0 */
/* cli.c - argument parsing shared by cpumf-sim and cpumf-cosim. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Decimal, or 0x and hex digits: digits only, so that strtoull's own sign
 * and blanks ("0x-1", "0x 1") are refused too. */
static int parse_u64(const char *s, uint64_t *out)
{
    char *e;
    unsigned long long v;
    int base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    }
    if (!*s || strspn(s, base == 16 ? "0123456789abcdefABCDEF" : "0123456789") != strlen(s))
        return -1;
    errno = 0;
    v = strtoull(s, &e, base);
    if (errno || *e)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

void tb_cli_usage(const char *prog, unsigned flags)
{
    fprintf(stderr,
            "usage: %s SCENARIO.json [--seed N] [--results OUT.json] [--smp-dir DIR]\n"
            "%s"
            "       [--system NAME] [--fcov OUT.json] [--cycles N] [--configs DIR] [--quiet]\n",
            prog,
            (flags & TB_CLI_ALLOW_WAVES)
                ? "       [--waves OUT.fst [--wave-from CYCLE] [--wave-to CYCLE]]\n"
                  "       [--coverage OUT.dat] [--history N] [--run-on N] [+PLUSARG...]\n"
                : "       [--no-fast-forward] [--checkpoint FILE --checkpoint-every N]\n"
                  "       [--restore FILE] [--test-nonatomic-rmw]\n");
}

enum { OPT_STR, OPT_NUM };
enum { BOTH, COSIM_ONLY, SIM_ONLY };
typedef struct cli_opt {
    const char *name;
    int kind;
    int only;
    uint64_t max;      /* a number's bounds: 1 .. max; 0: any number */
    const char *range; /* the bounds as the message gives them */
} cli_opt;

static const cli_opt cli_opts[] = {
    {"--seed", OPT_NUM, BOTH, 0, NULL},
    {"--cycles", OPT_NUM, BOTH, (uint64_t)1 << 40, "1 .. 2^40"},
    {"--results", OPT_STR, BOTH, 0, NULL},
    {"--smp-dir", OPT_STR, BOTH, 0, NULL},
    {"--configs", OPT_STR, BOTH, 0, NULL},
    {"--system", OPT_STR, BOTH, 0, NULL},
    {"--fcov", OPT_STR, BOTH, 0, NULL},
    {"--waves", OPT_STR, COSIM_ONLY, 0, NULL},
    {"--wave-from", OPT_NUM, COSIM_ONLY, 0, NULL},
    {"--wave-to", OPT_NUM, COSIM_ONLY, 0, NULL},
    {"--coverage", OPT_STR, COSIM_ONLY, 0, NULL},
    {"--history", OPT_NUM, COSIM_ONLY, 1024, "1 .. 1024"},
    {"--run-on", OPT_NUM, COSIM_ONLY, (uint64_t)1 << 40, "1 .. 2^40"},
    /* the lockstep's RTL state is not saved (docs/scenario-format.md section 1) */
    {"--checkpoint", OPT_STR, SIM_ONLY, 0, NULL},
    {"--checkpoint-every", OPT_NUM, SIM_ONLY, UINT64_MAX, "at least 1"},
    {"--restore", OPT_STR, SIM_ONLY, 0, NULL},
};

/* The option's field in opt; numbers go through parse_u64 and the option's bounds first. */
static int cli_store(tb_options *opt, const cli_opt *o, const char *v, char *err, size_t errlen)
{
    const char *name = o->name;
    uint64_t n = 0;
    const char **str = NULL;
    if (!strcmp(name, "--results"))
        str = &opt->results;
    else if (!strcmp(name, "--smp-dir"))
        str = &opt->smp_dir;
    else if (!strcmp(name, "--configs"))
        str = &opt->configs_dir;
    else if (!strcmp(name, "--system"))
        str = &opt->system;
    else if (!strcmp(name, "--fcov"))
        str = &opt->fcov;
    else if (!strcmp(name, "--waves"))
        str = &opt->waves;
    else if (!strcmp(name, "--coverage"))
        str = &opt->coverage;
    else if (!strcmp(name, "--checkpoint"))
        str = &opt->checkpoint;
    else if (!strcmp(name, "--restore"))
        str = &opt->restore;
    if (str && !*v) {
        /* an empty directory would put the files in / */
        snprintf(err, errlen, "%s: empty value", name);
        return 2;
    }
    if (str) {
        *str = v;
        return 0;
    }
    if (parse_u64(v, &n)) {
        snprintf(err, errlen, "%s: bad number \"%s\" (decimal or 0x hex)", name, v);
        return 2;
    }
    if (o->max && (n == 0 || n > o->max)) {
        snprintf(err, errlen, "%s: bad number \"%s\" (%s)", name, v, o->range);
        return 2;
    }
    if (!strcmp(name, "--seed")) {
        opt->seed = n;
        opt->has_seed = 1;
    } else if (!strcmp(name, "--cycles")) {
        opt->cycles = n;
        opt->has_cycles = 1;
    } else if (!strcmp(name, "--history")) {
        opt->history = (unsigned)n;
    } else if (!strcmp(name, "--checkpoint-every")) {
        opt->checkpoint_every = n;
    } else if (!strcmp(name, "--run-on")) {
        opt->run_on = n;
    } else if (!strcmp(name, "--wave-from")) {
        opt->wave_from = n;
    } else {
        opt->wave_to = n;
    }
    return 0;
}

int tb_cli_parse(int argc, char **argv, unsigned flags, tb_options *opt, char *err, size_t errlen)
{
    int i, has_from = 0, has_to = 0;
    memset(opt, 0, sizeof *opt);
    opt->wave_to = UINT64_MAX;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        const cli_opt *o = NULL;
        size_t k;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)
            return 1;
        if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0) {
            opt->quiet = 1;
            continue;
        }
        if (strcmp(a, "--no-fast-forward") == 0 || strcmp(a, "--test-nonatomic-rmw") == 0) {
            if (flags & TB_CLI_ALLOW_WAVES) {
                snprintf(err, errlen, "%s: only cpumf-sim has this option", a);
                return 2;
            }
            *(strcmp(a, "--no-fast-forward") == 0 ? &opt->no_fast_forward : &opt->nonatomic_rmw) =
                1;
            continue;
        }
        if (!(a[0] == '-' && a[1])) {
            if (opt->scenario) {
                snprintf(err, errlen, "more than one scenario given (%s, %s)", opt->scenario, a);
                return 2;
            }
            opt->scenario = a;
            continue;
        }
        for (k = 0; k < sizeof cli_opts / sizeof cli_opts[0]; k++)
            if (!strcmp(a, cli_opts[k].name))
                o = &cli_opts[k];
        if (!o) {
            snprintf(err, errlen, "unknown option %s", a);
            return 2;
        }
        if (o->only != BOTH && (o->only == COSIM_ONLY) != !!(flags & TB_CLI_ALLOW_WAVES)) {
            snprintf(err, errlen, "%s: only %s has this option", a,
                     o->only == COSIM_ONLY ? "cpumf-cosim" : "cpumf-sim");
            return 2;
        }
        if (!v) {
            snprintf(err, errlen, "%s needs a value", a);
            return 2;
        }
        i++;
        if (cli_store(opt, o, v, err, errlen))
            return 2;
        has_from |= !strcmp(a, "--wave-from");
        has_to |= !strcmp(a, "--wave-to");
    }
    if (!opt->scenario) {
        snprintf(err, errlen, "no scenario given");
        return 2;
    }
    if (!opt->checkpoint != !opt->checkpoint_every) {
        snprintf(err, errlen, "--checkpoint and --checkpoint-every go together");
        return 2;
    }
    if ((has_from || has_to) && !opt->waves) {
        snprintf(err, errlen, "--wave-from/--wave-to need --waves");
        return 2;
    }
    if (has_from && has_to && opt->wave_to < opt->wave_from) {
        snprintf(err, errlen, "--wave-to is before --wave-from");
        return 2;
    }
    return 0;
}
