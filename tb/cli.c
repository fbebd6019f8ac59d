/* cli.c - argument parsing shared by cpumf-sim and cpumf-cosim. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_u64(const char *s, uint64_t *out)
{
    char *e;
    unsigned long long v;
    int base = 10;
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
        return -1;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
        if (!*s)
            return -1;
    }
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
            "       [--cycles N] [--configs DIR] [--quiet]\n",
            prog,
            (flags & TB_CLI_ALLOW_WAVES) ? "       [--waves OUT.fst [--wave-from CYCLE] [--wave-to CYCLE]]\n" : "");
}

int tb_cli_parse(int argc, char **argv, unsigned flags, tb_options *opt, char *err, size_t errlen)
{
    int i, has_from = 0, has_to = 0;
    memset(opt, 0, sizeof *opt);
    opt->wave_to = UINT64_MAX;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)
            return 1;
        if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0) {
            opt->quiet = 1;
            continue;
        }
        if (a[0] == '-' && a[1]) {
            int is_waves = !strcmp(a, "--waves") || !strcmp(a, "--wave-from") || !strcmp(a, "--wave-to");
            if (strcmp(a, "--seed") && strcmp(a, "--results") && strcmp(a, "--smp-dir") &&
                strcmp(a, "--cycles") && strcmp(a, "--configs") && !is_waves) {
                snprintf(err, errlen, "unknown option %s", a);
                return 2;
            }
            if (is_waves && !(flags & TB_CLI_ALLOW_WAVES)) {
                snprintf(err, errlen, "%s: waves are dumped by cpumf-cosim only", a);
                return 2;
            }
            if (!v) {
                snprintf(err, errlen, "%s needs a value", a);
                return 2;
            }
            i++;
            if (!strcmp(a, "--seed")) {
                if (parse_u64(v, &opt->seed)) {
                    snprintf(err, errlen, "--seed: bad number \"%s\" (decimal or 0x hex)", v);
                    return 2;
                }
                opt->has_seed = 1;
            } else if (!strcmp(a, "--cycles")) {
                if (parse_u64(v, &opt->cycles) || opt->cycles == 0 || opt->cycles > ((uint64_t)1 << 40)) {
                    snprintf(err, errlen, "--cycles: bad number \"%s\" (1 .. 2^40)", v);
                    return 2;
                }
                opt->has_cycles = 1;
            } else if (!strcmp(a, "--results")) {
                opt->results = v;
            } else if (!strcmp(a, "--smp-dir")) {
                opt->smp_dir = v;
            } else if (!strcmp(a, "--configs")) {
                opt->configs_dir = v;
            } else if (!strcmp(a, "--waves")) {
                opt->waves = v;
            } else if (!strcmp(a, "--wave-from")) {
                if (parse_u64(v, &opt->wave_from)) {
                    snprintf(err, errlen, "--wave-from: bad cycle \"%s\"", v);
                    return 2;
                }
                has_from = 1;
            } else {
                if (parse_u64(v, &opt->wave_to)) {
                    snprintf(err, errlen, "--wave-to: bad cycle \"%s\"", v);
                    return 2;
                }
                has_to = 1;
            }
            continue;
        }
        if (opt->scenario) {
            snprintf(err, errlen, "more than one scenario given (%s, %s)", opt->scenario, a);
            return 2;
        }
        opt->scenario = a;
    }
    if (!opt->scenario) {
        snprintf(err, errlen, "no scenario given");
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
