/*
 * ckpt.h - temporary: the checkpoint bytes are tb/shared/ckpt.h. tb/stimulus/storage.c still
 * includes them by this name (its folder is being rewritten in another branch); remove this file
 * once it includes "shared/ckpt.h", and the allowance of tests/tree/cycle_check.py with it.
 */
#include "shared/ckpt.h"
