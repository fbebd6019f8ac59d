/* SPDX-License-Identifier: Apache-2.0 */
/*
 * config_int.h - configuration loading, the model's internal interface (and
 * its white-box unit tests').  The public part is in cpumf/cpumf.h:
 * cpumf_load_model(), cpumf_load_system(), cpumf_load_system_text(),
 * cpumf_default_configs_dir(), cpumf_counter_name().
 *
 * configs_dir is the root holding models/, systems/ and workloads/.
 * Every function returns 0 on success, -1 with "file:line:col: reason" in
 * err on failure.  No global state, no printing.
 */
#ifndef CPUMF_CMODEL_SRC_CONFIG_INT_H
#define CPUMF_CMODEL_SRC_CONFIG_INT_H

#include <stddef.h>

#include "cpumf/cpumf.h"
#include "json_strict.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Load configs_dir/models/<name>.json. */
int cfg_model_by_name(const char *configs_dir, const char *name, cpumf_model_cfg *out, char *err,
                      size_t errlen);
/* Validate a model object (the root of a model file, or inline). */
int cfg_model_from_json(const jdoc *d, const cJSON *obj, cpumf_model_cfg *out, char *err,
                        size_t errlen);
/* Validate a system object (root of a system file or inline in a scenario);
 * its "model" names configs_dir/models/<model>.json. */
int cfg_system_from_json(const jdoc *d, const cJSON *obj, const char *configs_dir,
                         cpumf_system_cfg *out, char *err, size_t errlen);
/* Load configs_dir/systems/<name>.json. */
int cfg_system_by_name(const char *configs_dir, const char *name, cpumf_system_cfg *out, char *err,
                       size_t errlen);
/* getenv("CPUMF_CONFIGS") if set and not empty, else CPUMF_CONFIGS_DEFAULT
 * (a compile-time macro), else "configs". */
const char *cfg_default_dir(void);

/* Helpers of the model and system loaders.  need: obj.key must exist;
 * get_u / get_b: an optional unsigned in [min, max] / boolean (dflt when
 * absent; get_u fails on absence when required); parse_head: obj's keys all
 * in `keys`, its "name" copied into name (n bytes), its "description". */
#define CFG_PATH_MAX 1024
int cfg_need(const jdoc *d, const cJSON *obj, const char *key, const cJSON **out, char *err,
             size_t errlen);
int cfg_get_u(const jdoc *d, const cJSON *obj, const char *key, int required, uint64_t dflt,
              uint64_t min, uint64_t max, uint64_t *out, char *err, size_t errlen);
int cfg_get_b(const jdoc *d, const cJSON *obj, const char *key, int dflt, int *out, char *err,
              size_t errlen);
int cfg_parse_head(const jdoc *d, const cJSON *obj, const char *const *keys, char *name, size_t n,
                   char *err, size_t errlen);
/* dir/sub/name+ext into buf (n bytes); -1 when it does not fit. */
int cfg_path_join3(char *buf, size_t n, const char *dir, const char *sub, const char *name,
                   const char *ext);
/* 1 when name is a plain file name: [A-Za-z0-9_.-], not starting with '.'. */
int cfg_plain_name(const char *name);

/* Installed-counter rules shared with the loader (pure functions). */
int cfg_ext_max(unsigned csvn); /* 32/48/128/160 for CSVN 1/2/3-5/6+ */
/* 1 when counter `number` is installed on model m. */
int cfg_counter_installed(const cpumf_model_cfg *m, unsigned number);

#ifdef __cplusplus
}
#endif
#endif
