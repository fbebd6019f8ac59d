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
#ifndef CPUMF_CONFIG_INT_H
#define CPUMF_CONFIG_INT_H

#include <stddef.h>

#include "cpumf/cpumf.h"
#include "json_strict.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Load configs_dir/models/<name>.json. */
int cfg_model_by_name(const char *configs_dir, const char *name, cpumf_model_cfg *out,
                      char *err, size_t errlen);
/* Validate a model object (the root of a model file, or inline). */
int cfg_model_from_json(const jdoc *d, const cJSON *obj, cpumf_model_cfg *out, char *err,
                        size_t errlen);
/* Validate a system object (root of a system file or inline in a scenario);
 * its "model" names configs_dir/models/<model>.json. */
int cfg_system_from_json(const jdoc *d, const cJSON *obj, const char *configs_dir,
                         cpumf_system_cfg *out, char *err, size_t errlen);
/* Load configs_dir/systems/<name>.json. */
int cfg_system_by_name(const char *configs_dir, const char *name, cpumf_system_cfg *out,
                       char *err, size_t errlen);
/* getenv("CPUMF_CONFIGS") if set and not empty, else CPUMF_CONFIGS_DEFAULT
 * (a compile-time macro), else "configs". */
const char *cfg_default_dir(void);

/* Installed-counter rules shared with the loader (pure functions). */
int cfg_ext_max(unsigned csvn);   /* 32/48/128/160 for CSVN 1/2/3-5/6+ */
/* 1 when counter `number` is installed on model m. */
int cfg_counter_installed(const cpumf_model_cfg *m, unsigned number);

#ifdef __cplusplus
}
#endif
#endif
