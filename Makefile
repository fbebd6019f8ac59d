# cpumf: RTL and cycle-accurate C model of the z/Architecture CPU-measurement
# facility, checked in lockstep under Verilator.  `make help` lists targets.
#
# This file holds the settings and the user-facing targets; each folder that
# builds something has its own include (common/, cmodel/, rtl/, tb/, tools/*/,
# tests/), and sources are found by wildcard there.

SHELL := /bin/bash
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

CC ?= gcc
CXX ?= g++
WARN := -Wall -Wextra -Wshadow -Wconversion -Wstrict-prototypes -Wmissing-prototypes -Werror
OPT ?= -O2 -g
# Where the library finds configs/ unless $$CPUMF_CONFIGS says otherwise.
CONFIGS_DEF = -DCPUMF_CONFIGS_DEFAULT='"$(1)"'
CFLAGS_ALL := -std=c11 $(WARN) -MMD -MP $(call CONFIGS_DEF,$(abspath configs)) $(OPT)
LDLIBS := -lcjson -lm

.PHONY: all deps test regress waves bench clean lint help
.DEFAULT_GOAL := all

all: deps
	@$(MAKE) --no-print-directory sim cosim smp unit $(BUILD)/cpumf-insttime $(BUILD)/cpumf-regress

help:
	@echo "make            build the model library, the programs (build/cpumf-*) and unit tests"
	@echo "make test       everything CI runs: lint, unit, directed, random lockstep, mutants"
	@echo "make regress [LIST=full|smoke|scale] [SEEDS=N] [TEST=pattern] [JOBS=N] [MUTANT=NAME]"
	@echo "             [COVERAGE=0]   the regression (tests/regress/LIST.json): table,"
	@echo "                            build/regress/summary.md, junit.xml"
	@echo "make waves TEST=name [WAVE_FROM=c WAVE_TO=c]   dump a scenario to waves/name.fst"
	@echo "make bench      cycles/s of model alone, RTL alone, lockstep, lockstep with waves"
	@echo "make lint       verilator --lint-only -Wall over rtl/"
	@echo "make synth      each unit synthesized by Yosys: build/synth/report.md"
	@echo "make formal     the units' assertions proved (docs/formal.md); make formal-mutants:"
	@echo "                the mutants the proofs refute, each with its counterexample trace"
	@echo "make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS=...]   each libFuzzer harness in turn"
	@echo "make slurm-check [SLURM_ARGS=...]   the smoke list through a one-node Slurm of this machine"
	@echo "make format     clang-format the C sources (make format-check: the check make test runs)"
	@echo "make gen        rewrite the files generated from the tables (tools/gen)"
	@echo "make gen-check  fail when they differ from the tables"
	@echo "make install [PREFIX=/usr/local]   headers, libraries, pkg-config file, tools, configs"

# ---- dependencies: Debian packages, installed when missing -------------------
# Each entry is PACKAGE:CHECK, CHECK a shell test that holds when it is there.
DEB_CHECKS := \
  verilator:'command -v verilator' \
  clang:'command -v clang++' \
  gtkwave:'command -v gtkwave' \
  libcjson-dev:'[ -f /usr/include/cjson/cJSON.h ]' \
  pkg-config:'command -v pkg-config' \
  check:'pkg-config --exists check' \
  zlib1g-dev:'[ -f /usr/include/zlib.h ]' \
  lcov:'command -v genhtml' \
  xvfb:'command -v xvfb-run' \
  xauth:'command -v xauth' \
  clang-format:'command -v clang-format' \
  gnuplot-nox:'command -v gnuplot'
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
deps:
	@missing=""; \
	for e in $(DEB_CHECKS); do \
	  eval "$${e#*:}" >/dev/null 2>&1 || missing="$$missing $${e%%:*}"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

# ---- one rule compiles every C file; the folders add their include paths ----
$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(INCLUDES) -c $< -o $@

include common/common.mk
include cmodel/cmodel.mk
include rtl/rtl.mk
include tb/tb.mk
include $(sort $(wildcard tools/*/*.mk))
include yosys/yosys.mk
include tests/tests.mk
include tests/fuzz/fuzz.mk tests/slurm/slurm.mk

# ---- house style (docs/style.md) ------------------------------------------------
# C and C++ as clang-format writes them (.clang-format), every source line at most
# 100 characters; generated files follow their generator instead.
GENERATED := cmodel/include/cpumf/cpumf_obs.h
FORMAT_SRC = $(filter-out $(GENERATED),$(shell find cmodel common tb tools tests \
  -name '*.[ch]' -o -name '*.cpp'))
STYLE_SRC = $(FORMAT_SRC) $(shell find rtl tb tools tests cmodel common \
  -name '*.sv' -o -name '*.svh' \
  -o -name '*.mk' -o -name '*.sh' -o -name '*.def') Makefile .ci/run
.PHONY: format format-check
format:
	clang-format -i $(FORMAT_SRC)
format-check:
	@clang-format --dry-run -Werror $(FORMAT_SRC)
	@awk 'length > 100 { print FILENAME ":" FNR ": line of " length " characters (at most 100)"; \
	  bad = 1 } END { exit bad }' $(STYLE_SRC)

clean:
	rm -rf $(BUILD) waves/*.fst

-include $(shell find $(BUILD) -name '*.d' -not -path '*/vobj*' -not -path '*/dpi/v/*' 2>/dev/null)
