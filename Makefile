# cpumf: RTL and cycle-accurate C model of the z/Architecture CPU-measurement
# facility, checked in lockstep under Verilator.  `make help` lists targets.

SHELL := /bin/bash
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

CC ?= gcc
CXX ?= g++
WARN := -Wall -Wextra -Wshadow -Wconversion -Wstrict-prototypes -Wmissing-prototypes -Werror
CFLAGS_BASE := -std=c11 $(WARN) -MMD -MP -Icmodel/include -Icmodel/src -Itb
# Where the library finds configs/ unless $$CPUMF_CONFIGS says otherwise.
CONFIGS_DEF = -DCPUMF_CONFIGS_DEFAULT='"$(1)"'
OPT ?= -O2 -g
CFLAGS_ALL := $(CFLAGS_BASE) $(call CONFIGS_DEF,$(abspath configs)) $(OPT)
LDLIBS := -lcjson -lm

VERILATOR ?= verilator
VLT_INC := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)/include
RTL_PKG := rtl/mf_pkg.sv
RTL_SRC := $(RTL_PKG) $(filter-out $(RTL_PKG),$(sort $(wildcard rtl/*.sv)))
TB_SV := tb/model_mirror.sv tb/cosim_top.sv
VLT_FLAGS := --cc --build -j $(JOBS) -O3 --x-assign fast --x-initial fast --trace-fst \
  --top-module cosim_top -Irtl -Wno-fatal -MMD --trace-max-array 256 \
  -CFLAGS "-fno-var-tracking" -MAKEFLAGS "OPT_FAST=-O2 OPT_GLOBAL=-O2" --output-split 20000
# Every mutant of rtl/mutants.md, all compiled into one build; +MUTANT_<NAME>
# at run time picks one (tests/mutants/mutants.txt lists them).
MUTANTS := $(shell sed -n 's/^\([A-Z0-9_]*\) .*/\1/p' tests/mutants/mutants.txt 2>/dev/null)
MUT_DEFS := $(foreach m,$(MUTANTS),+define+MUTANT_$(m))

LIB_SRC := $(sort $(wildcard cmodel/src/*.c cmodel/src/arch/*.c))
TB_COMMON := tb/scenario.c tb/workload.c tb/storage.c tb/runner.c tb/cli.c tb/sampler.c tb/smp.c
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
TB_OBJ := $(TB_COMMON:%.c=$(BUILD)/obj/%.o)
COSIM_OBJ := $(BUILD)/obj/tb/cosim.o $(BUILD)/obj/tb/cosim_main.o
UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/%,$(wildcard tests/unit/test_*.c))
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck)

.PHONY: all deps test regress waves bench clean lint help unit sim cosim install smp
.DEFAULT_GOAL := all

all: deps
	@$(MAKE) --no-print-directory sim cosim smp unit

help:
	@echo "make            build the model library, cpumf-sim, cpumf-cosim and unit tests"
	@echo "make test       everything CI runs: lint, unit, directed, random lockstep, mutants"
	@echo "make regress [LIST=full|smoke|scale] [SEEDS=N] [TEST=pattern] [JOBS=N] [MUTANT=NAME] [COVERAGE=0]"
	@echo "                the regression (tests/regress/LIST.json): table, build/regress/summary.md, junit.xml"
	@echo "make waves TEST=name [WAVE_FROM=c WAVE_TO=c]   dump a scenario to waves/name.fst"
	@echo "make bench      cycles/s of model alone, RTL alone, lockstep, lockstep with waves"
	@echo "make lint       verilator --lint-only -Wall over rtl/"

# ---- dependencies: Debian packages, installed when missing -------------------
DEB_PKGS := verilator gtkwave libcjson-dev check pkg-config zlib1g-dev lcov xvfb xauth
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
deps:
	@missing=""; \
	command -v $(VERILATOR) >/dev/null || missing="$$missing verilator"; \
	command -v gtkwave >/dev/null || missing="$$missing gtkwave"; \
	[ -f /usr/include/cjson/cJSON.h ] || missing="$$missing libcjson-dev"; \
	command -v pkg-config >/dev/null || missing="$$missing pkg-config"; \
	pkg-config --exists check 2>/dev/null || missing="$$missing check"; \
	[ -f /usr/include/zlib.h ] || missing="$$missing zlib1g-dev"; \
	command -v genhtml >/dev/null || missing="$$missing lcov"; \
	command -v xvfb-run >/dev/null || missing="$$missing xvfb"; \
	command -v xauth >/dev/null || missing="$$missing xauth"; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

# ---- C model library and tools ----------------------------------------------
$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(BUILD)/libcpumf.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# The regression runner (tb/regress.c): lists in tests/regress/.
REGRESS_SRC := tb/regress.c tb/regress_list.c tb/regress_exec.c tb/regress_report.c tb/regress_util.c tb/triage.c
$(BUILD)/cpumf-regress: $(REGRESS_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/cmodel/src/json_strict.o
	$(CC) $(OPT) -o $@ $^ $(LDLIBS)

smp: $(BUILD)/cpumf-smp
$(BUILD)/cpumf-smp: $(BUILD)/obj/tb/smp_main.o $(BUILD)/obj/tb/smp.o
	$(CC) $(OPT) -o $@ $^

sim: $(BUILD)/cpumf-sim
$(BUILD)/cpumf-sim: $(BUILD)/obj/tb/sim_main.o $(TB_OBJ) $(BUILD)/libcpumf.a
	$(CC) $(OPT) -o $@ $^ $(LDLIBS)

unit: $(UNIT_TESTS)
$(BUILD)/test_%: tests/unit/test_%.c $(BUILD)/libcpumf.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(shell pkg-config --cflags check 2>/dev/null) -o $@ $< $(BUILD)/libcpumf.a $(CHECK_LIBS) $(LDLIBS)

# ---- Verilated RTL -------------------------------------------------------------
# Normal build and the mutant build share everything but the defines; a
# third argument makes a coverage build (verilated_cov.o; the shim writes --coverage).
define VERILATE
$(BUILD)/$(1)/Vcosim_top__ALL.a: $(RTL_SRC) $(TB_SV)
	@mkdir -p $(BUILD)/$(1)
	$(VERILATOR) $(VLT_FLAGS) $(2) -Mdir $(BUILD)/$(1) $(RTL_SRC) $(TB_SV) >$(BUILD)/$(1)/verilate.log 2>&1 \
	  || { cat $(BUILD)/$(1)/verilate.log; exit 1; }
	$(MAKE) -s -C $(BUILD)/$(1) -f Vcosim_top.mk OPT_GLOBAL=-O2 verilated.o verilated_fst_c.o verilated_threads.o \
	  $(if $(3),verilated_cov.o) >/dev/null
$(BUILD)/$(1)/rtl_shim.o: tb/rtl_shim.cpp tb/rtl.h $(BUILD)/$(1)/Vcosim_top__ALL.a
	$(CXX) -std=c++17 -O2 -Wall -Wextra -Werror $(if $(3),-DVM_COVERAGE=1) -Icmodel/include -Itb -I$(BUILD)/$(1) -isystem $(VLT_INC) \
	  -isystem $(VLT_INC)/vltstd -c $$< -o $$@
endef
$(eval $(call VERILATE,vobj,))
$(eval $(call VERILATE,vobj-mut,$(MUT_DEFS)))
# Flops start random (+verilator+rand+reset+2): every register needs its reset.
$(eval $(call VERILATE,vobj-xrand,--x-initial unique --x-assign unique))
# Line and toggle coverage of rtl/ (tb/*.sv switch it off for the bench parts).
# Signals wider than 32 bits (data, addresses, counters, TOD) get no toggle
# points: with them a run is 6x slower than without coverage and writes a
# 3.8 MB .dat; without them 1.7x and 0.8 MB (busy_all.json).
$(eval $(call VERILATE,vobj-cov,--coverage-line --coverage-toggle --coverage-max-width 32,cov))
VLT_LIBS = $(1)/rtl_shim.o $(1)/Vcosim_top__ALL.a $(addprefix $(1)/,verilated.o verilated_fst_c.o verilated_threads.o) \
  -lz -lpthread

# cpumf-cosim on each Verilated build: the binary's suffix, the build, extra objects.
define COSIM_BIN
$(BUILD)/cpumf-cosim$(1): $(COSIM_OBJ) $(TB_OBJ) $(BUILD)/libcpumf.a $(BUILD)/$(2)/rtl_shim.o
	$(CXX) $(OPT) -o $$@ $(COSIM_OBJ) $(TB_OBJ) $(BUILD)/libcpumf.a $(call VLT_LIBS,$(BUILD)/$(2)) $(3) $(LDLIBS)
endef
cosim: $(BUILD)/cpumf-cosim
$(eval $(call COSIM_BIN,,vobj,))
$(eval $(call COSIM_BIN,-mut,vobj-mut,))
$(eval $(call COSIM_BIN,-xrand,vobj-xrand,))
$(eval $(call COSIM_BIN,-cov,vobj-cov,$(BUILD)/vobj-cov/verilated_cov.o))
$(BUILD)/cpumf-bench: $(BUILD)/obj/tb/bench_main.o $(BUILD)/obj/tb/cosim.o $(TB_OBJ) $(BUILD)/libcpumf.a $(BUILD)/vobj/rtl_shim.o
	$(CXX) $(OPT) -o $@ $(BUILD)/obj/tb/bench_main.o $(BUILD)/obj/tb/cosim.o $(TB_OBJ) $(BUILD)/libcpumf.a \
	  $(call VLT_LIBS,$(BUILD)/vobj) $(LDLIBS)

# ---- DPI-C: the model in a SystemVerilog bench (tb/dpi) -----------------------
DPI_SV := tb/dpi/cpumf_dpi.sv tb/dpi/example/tb_dpi_example.sv
$(BUILD)/dpi/cpumf_dpi.o: tb/dpi/cpumf_dpi.c cmodel/include/cpumf/cpumf.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_BASE) $(OPT) -isystem $(VLT_INC)/vltstd -c $< -o $@
$(BUILD)/dpi/tb_dpi_example: $(RTL_SRC) $(DPI_SV) $(BUILD)/dpi/cpumf_dpi.o $(BUILD)/libcpumf.a
	$(VERILATOR) --binary --timing --timescale 1ns/1ps -j $(JOBS) -Irtl $(RTL_SRC) $(DPI_SV) \
	  --top-module tb_dpi_example $(abspath $(BUILD)/dpi/cpumf_dpi.o) $(abspath $(BUILD)/libcpumf.a) \
	  -LDFLAGS "-lcjson -lm" -Mdir $(BUILD)/dpi/v -o tb_dpi_example >$(BUILD)/dpi/verilate.log 2>&1 \
	  || { tail -30 $(BUILD)/dpi/verilate.log; exit 1; }
	cp $(BUILD)/dpi/v/tb_dpi_example $@

# ---- packaging: shared library, pkg-config file, install ----------------------
# Objects for the installed library and tools are built apart, so that their
# default configs directory is the installed one.
PREFIX ?= /usr/local
VERSION := $(shell sed -n 's/.*CPUMF_VERSION_STRING "\(.*\)".*/\1/p' cmodel/include/cpumf/cpumf.h)
SOMAJOR := $(firstword $(subst ., ,$(VERSION)))
IOBJ := $(BUILD)/inst$(subst /,_,$(abspath $(PREFIX)))
ICFLAGS = $(CFLAGS_BASE) $(call CONFIGS_DEF,$(abspath $(PREFIX))/share/cpumf/configs) $(OPT) -fPIC
$(IOBJ)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ICFLAGS) -c $< -o $@
$(IOBJ)/libcpumf.a: $(LIB_SRC:%.c=$(IOBJ)/%.o)
	@rm -f $@
	ar rcs $@ $^
$(IOBJ)/libcpumf.so.$(VERSION): $(LIB_SRC:%.c=$(IOBJ)/%.o) cmodel/pkg/libcpumf.map
	$(CC) -shared -Wl,-soname,libcpumf.so.$(SOMAJOR) -Wl,--version-script=cmodel/pkg/libcpumf.map \
	  -o $@ $(LIB_SRC:%.c=$(IOBJ)/%.o) $(LDLIBS)
$(IOBJ)/cpumf-sim: $(IOBJ)/tb/sim_main.o $(TB_COMMON:%.c=$(IOBJ)/%.o) $(IOBJ)/libcpumf.a
	$(CC) $(OPT) -o $@ $^ $(LDLIBS)
$(IOBJ)/cpumf-cosim: $(COSIM_OBJ:$(BUILD)/obj/%=$(IOBJ)/%) $(TB_COMMON:%.c=$(IOBJ)/%.o) $(IOBJ)/libcpumf.a $(BUILD)/vobj/rtl_shim.o
	$(CXX) $(OPT) -o $@ $(COSIM_OBJ:$(BUILD)/obj/%=$(IOBJ)/%) $(TB_COMMON:%.c=$(IOBJ)/%.o) $(IOBJ)/libcpumf.a \
	  $(call VLT_LIBS,$(BUILD)/vobj) $(LDLIBS)

install: deps
	@$(MAKE) --no-print-directory $(BUILD)/cpumf-smp $(IOBJ)/libcpumf.a $(IOBJ)/libcpumf.so.$(VERSION) $(IOBJ)/cpumf-sim $(IOBJ)/cpumf-cosim
	install -d $(PREFIX)/include/cpumf $(PREFIX)/lib/pkgconfig $(PREFIX)/bin $(PREFIX)/share/cpumf
	install -m 644 cmodel/include/cpumf/*.h $(PREFIX)/include/cpumf/
	install -m 644 $(IOBJ)/libcpumf.a $(PREFIX)/lib/
	install -m 755 $(IOBJ)/libcpumf.so.$(VERSION) $(PREFIX)/lib/
	ln -sf libcpumf.so.$(VERSION) $(PREFIX)/lib/libcpumf.so.$(SOMAJOR)
	ln -sf libcpumf.so.$(SOMAJOR) $(PREFIX)/lib/libcpumf.so
	sed -e 's|@PREFIX@|$(abspath $(PREFIX))|' -e 's|@VERSION@|$(VERSION)|' cmodel/pkg/cpumf.pc.in \
	  >$(PREFIX)/lib/pkgconfig/cpumf.pc
	install -m 755 $(IOBJ)/cpumf-sim $(IOBJ)/cpumf-cosim $(BUILD)/cpumf-smp $(PREFIX)/bin/
	rm -rf $(PREFIX)/share/cpumf/configs
	cp -r configs $(PREFIX)/share/cpumf/configs
	@echo "installed cpumf $(VERSION) in $(abspath $(PREFIX)); use: pkg-config --cflags --libs cpumf"

# ---- the C model compiled as C++ and under sanitizers -------------------------
$(BUILD)/cxx-check.stamp: $(LIB_SRC) $(wildcard cmodel/include/cpumf/*.h cmodel/src/*.h cmodel/src/arch/*.h)
	@mkdir -p $(@D)
	for f in $(LIB_SRC); do $(CXX) -x c++ -std=c++17 -fsyntax-only -Wall -Wextra -Wshadow -Werror \
	  -Icmodel/include -Icmodel/src $$f || exit 1; done
	@touch $@
$(BUILD)/san/cpumf-sim: $(LIB_SRC) $(TB_COMMON) tb/sim_main.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_BASE) $(call CONFIGS_DEF,$(abspath configs)) -O1 -g -fsanitize=address,undefined \
	  -fno-sanitize-recover=all -o $@ $^ $(LDLIBS)

# ---- checks ----------------------------------------------------------------------
lint:
	$(VERILATOR) --lint-only -Wall -Irtl $(RTL_SRC) --top-module mf_system
	$(VERILATOR) --lint-only -Wall -Irtl $(MUT_DEFS) $(RTL_SRC) --top-module mf_system
	$(VERILATOR) --lint-only -Wall -Irtl $(RTL_SRC) $(TB_SV) --top-module cosim_top

CHECK_BUILDS = sim cosim smp unit $(BUILD)/cpumf-regress $(BUILD)/cpumf-cosim-mut $(BUILD)/cxx-check.stamp $(BUILD)/san/cpumf-sim \
  $(BUILD)/dpi/tb_dpi_example $(BUILD)/cpumf-cosim-xrand
test: deps
	@$(MAKE) --no-print-directory $(CHECK_BUILDS)
	@$(MAKE) --no-print-directory -s install PREFIX=$(BUILD)/example-install >/dev/null
	@tests/run.sh test

# make regress [LIST=name] [SEEDS=N] [TEST=pattern] [JOBS=N] [MUTANT=NAME] [COVERAGE=0]
LIST ?= full
COVERAGE ?= 1
# TEST has a default for `make waves`; only one given by the user filters.
REGRESS_TEST = $(if $(filter command line environment,$(origin TEST)),--test '$(TEST)')
REGRESS_COV = $(filter 1,$(COVERAGE))
REGRESS_BUILDS = sim cosim unit $(BUILD)/cpumf-regress \
  $(if $(shell grep -l '"xrand"' tests/regress/$(LIST).json 2>/dev/null),$(BUILD)/cpumf-cosim-xrand) \
  $(if $(MUTANT),$(BUILD)/cpumf-cosim-mut) $(if $(REGRESS_COV),$(BUILD)/cpumf-cosim-cov)
regress: deps
	@$(MAKE) --no-print-directory $(REGRESS_BUILDS)
	@$(BUILD)/cpumf-regress tests/regress/$(LIST).json -j $(JOBS) --build $(BUILD) $(if $(SEEDS),--seeds $(SEEDS)) \
	  $(REGRESS_TEST) $(if $(MUTANT),--mutant $(MUTANT)) $(if $(REGRESS_COV),--coverage)

TEST ?= lcctl_basic
WAVE_FROM ?= 0
WAVE_TO ?= 100000
waves: deps
	@$(MAKE) --no-print-directory cosim
	@mkdir -p waves
	$(BUILD)/cpumf-cosim tests/scenarios/$(TEST).json --waves waves/$(TEST).fst \
	  --wave-from $(WAVE_FROM) --wave-to $(WAVE_TO) --results $(BUILD)/$(TEST).results.json; true
	@echo "open with:  gtkwave waves/$(TEST).fst waves/cpumf.gtkw"

bench: deps
	@$(MAKE) --no-print-directory $(BUILD)/cpumf-bench
	$(BUILD)/cpumf-bench tests/bench/busy_all.json
	$(BUILD)/cpumf-bench tests/bench/sampling_all.json

clean:
	rm -rf $(BUILD) waves/*.fst

-include $(shell find $(BUILD) -name '*.d' -not -path '*/vobj*' -not -path '*/dpi/*' 2>/dev/null)
