/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ckpt.h - temporary: the checkpoint bytes are tb/shared/ckpt.h. tb/stimulus/storage.c still
 * includes them by this name (its folder is being rewritten in another branch); remove this file
 * once it includes "shared/ckpt.h", and the dependency tests/tree/cycle_check.py leaves out.
 */
#ifndef CPUMF_TB_RUNNER_CKPT_H
#define CPUMF_TB_RUNNER_CKPT_H

#include "shared/ckpt.h"

#endif
