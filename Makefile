# SPDX-License-Identifier: Apache-2.0
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

# Plain make builds: with every package of DEB_BUILD present, and never through apt.
all: build-deps
	@$(MAKE) --no-print-directory sim cosim smp unit $(BUILD)/cpumf-insttime $(BUILD)/cpumf-regress

help:
	@echo "make            build the model library, the programs (build/cpumf-*) and unit tests;"
	@echo "                needs the packages of DEB_BUILD and names those missing"
	@echo "make deps       install the Debian packages of the build and the tests (apt-get)"
	@echo "make demo       a first run: the model alone on one sampling scenario, its pictures"
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
	@echo "make usage-doc  rewrite the documents' usage blocks from the programs' --help"
	@echo "make install [PREFIX=/usr/local]   headers, libraries, pkg-config file, tools, configs"

# ---- dependencies: Debian packages, by need -----------------------------------
# Each entry is PACKAGE:CHECK, CHECK a shell test that holds when it is there.
# DEB_BUILD: what `make` needs; it names those missing and stops, and never installs.
DEB_BUILD := \
  verilator:'command -v verilator' \
  clang:'command -v clang++' \
  libcjson-dev:'[ -f /usr/include/cjson/cJSON.h ]' \
  pkg-config:'command -v pkg-config' \
  check:'pkg-config --exists check' \
  zlib1g-dev:'[ -f /usr/include/zlib.h ]'
# DEB_CHECKS: those and what the tests and the regression use besides; `make deps` installs
# them, and so do `make test` and `make regress` first (the folders' includes add theirs; the
# Slurm test's daemons are apart, in tests/slurm/slurm.mk).
DEB_CHECKS := $(DEB_BUILD) \
  gtkwave:'command -v gtkwave' \
  lcov:'command -v genhtml' \
  xvfb:'command -v xvfb-run' \
  xauth:'command -v xauth' \
  clang-format:'command -v clang-format' \
  gnuplot-nox:'command -v gnuplot'
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# $(call DEB_MISSING,ENTRIES): shell code setting $$missing to those of ENTRIES not there.
DEB_MISSING = missing=""; for e in $(1); do \
  eval "$${e\#*:}" >/dev/null 2>&1 || missing="$$missing $${e%%:*}"; done
# $(call DEB_INSTALL,ENTRIES): apt-get update, then install those of ENTRIES that are missing.
define DEB_INSTALL
	@$(call DEB_MISSING,$(1)); \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
endef
# $(call DEB_REQUIRE,ENTRIES): fail naming those of ENTRIES that are missing.
define DEB_REQUIRE
	@$(call DEB_MISSING,$(1)); \
	if [ -n "$$missing" ]; then \
	  echo "missing Debian packages:$$missing (make deps installs them:" \
	    "apt-get install$$missing)" >&2; exit 1; \
	fi
endef
.PHONY: build-deps
deps:
	$(call DEB_INSTALL,$(DEB_CHECKS))
build-deps:
	$(call DEB_REQUIRE,$(DEB_BUILD))

# ---- the versions of the tools the checks depend on ----------------------------
# $(call TOOL_VERSION,NAME,VERSION COMMAND,AT LEAST,BELOW,HINT): refuse, naming the version
# needed, unless AT LEAST <= the version the command prints < BELOW (when BELOW is given).
define TOOL_VERSION
	@v=$$( ($(2)) 2>/dev/null); \
	if [ -z "$$v" ] || ! printf '%s\n%s\n' $(3) "$$v" | sort -V -C || \
	   { [ -n "$(4)" ] && printf '%s\n%s\n' $(4) "$$v" | sort -V -C; }; then \
	  echo "$(1) $(3)$(if $(4), or a later version below $(4), or later) is needed" \
	    "(found: $${v:-none})$(5)" >&2; \
	  exit 1; \
	fi
endef
# clang-format: another major version formats otherwise, and format-check would fail on code
# that is right (CLANG_FORMAT=clang-format-14 picks an installed one by name).
CLANG_FORMAT ?= clang-format
CLANG_FORMAT_HINT := ; with another installed: make CLANG_FORMAT=clang-format-14
CLANG_FORMAT_VERSION = $(CLANG_FORMAT) --version | sed -n 's/.*version \([0-9.]*\).*/\1/p'
# Verilator: 5.006 is the oldest with what the builds use (--binary --timing for the DPI
# example, the coverage behaviour docs/style.md relies on); a 6.x is untried.
VERILATOR_VERSION = $(VERILATOR) --version | awk '{ print $$2 }'
# Yosys: 0.23 reads the RTL's SystemVerilog as the synthesis and the netlist build need.
YOSYS_VERSION = yosys -V | awk '{ print $$2 }'
.PHONY: clang-format-version verilator-version yosys-version
clang-format-version:
	$(call TOOL_VERSION,clang-format,$(CLANG_FORMAT_VERSION),14,15,$(CLANG_FORMAT_HINT))
verilator-version:
	$(call TOOL_VERSION,Verilator,$(VERILATOR_VERSION),5.006,6)
yosys-version:
	$(call TOOL_VERSION,Yosys,$(YOSYS_VERSION),0.23,)

# ---- a first run: the model alone (no Verilator), one sampling scenario, its pictures ----------
# A loop of seven instructions in nine cycles sampled at random intervals (docs/insttime.md).
DEMO_DEBS := libcjson-dev:'[ -f /usr/include/cjson/cJSON.h ]' gnuplot-nox:'command -v gnuplot'
DEMO_SCENARIO := tests/insttime/fidelity_alias_random.json
DEMO_OUT = $(BUILD)/demo
.PHONY: demo
demo:
	$(call DEB_INSTALL,$(DEMO_DEBS))
	@$(MAKE) --no-print-directory $(BUILD)/cpumf-sim $(BUILD)/cpumf-smp
	@rm -rf $(DEMO_OUT) && mkdir -p $(DEMO_OUT)/smp $(DEMO_OUT)/plots
	$(BUILD)/cpumf-sim $(DEMO_SCENARIO) --smp-dir $(DEMO_OUT)/smp --results $(DEMO_OUT)/results.json
	$(BUILD)/cpumf-smp --plot $(DEMO_OUT)/plots $(DEMO_OUT)/smp/SYSHIS*
	@echo "demo: the samples in $(DEMO_OUT)/smp/, the run's results in $(DEMO_OUT)/results.json,"
	@echo "      the pictures in $(DEMO_OUT)/plots/: $$(cd $(DEMO_OUT)/plots && echo *.png)"

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
format: clang-format-version
	$(CLANG_FORMAT) -i $(FORMAT_SRC)
format-check: clang-format-version
	@$(CLANG_FORMAT) --dry-run -Werror $(FORMAT_SRC)
	@awk 'length > 100 { print FILENAME ":" FNR ": line of " length " characters (at most 100)"; \
	  bad = 1 } END { exit bad }' $(STYLE_SRC)

# The programs' usage in the documents is their --help (tests/tree/usage_check.sh; make test
# checks it).
.PHONY: usage-doc
usage-doc: $(addprefix $(BUILD)/cpumf-,sim cosim regress smp insttime bench gen)
	bash tests/tree/usage_check.sh $(BUILD) --write

clean:
	rm -rf $(BUILD) waves/*.fst

-include $(shell find $(BUILD) -name '*.d' -not -path '*/vobj*' -not -path '*/dpi/v/*' 2>/dev/null)
