# cpumf: RTL and cycle-accurate C model of the z/Architecture CPU-measurement
# facility, checked in lockstep under Verilator.  `make help` lists targets.

SHELL := /bin/bash
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

CC ?= gcc
CXX ?= g++
WARN := -Wall -Wextra -Wshadow -Wconversion -Wstrict-prototypes -Wmissing-prototypes -Werror
CFLAGS_BASE := -std=c11 $(WARN) -MMD -MP -Icmodel/include -Icmodel/src -Itb \
  -DCPUMF_CONFIGS_DEFAULT='"$(abspath configs)"'
OPT ?= -O2 -g
CFLAGS_ALL := $(CFLAGS_BASE) $(OPT)
LDLIBS := -lcjson -lm

VERILATOR ?= verilator
VLT_INC := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)/include
RTL_PKG := rtl/mf_pkg.sv
RTL_SRC := $(RTL_PKG) $(filter-out $(RTL_PKG),$(sort $(wildcard rtl/*.sv)))
TB_SV := tb/model_mirror.sv tb/cosim_top.sv
VLT_FLAGS := --cc --build -j $(JOBS) -O3 --x-assign fast --x-initial fast --trace-fst \
  --top-module cosim_top -Irtl -Wno-fatal -MMD \
  -CFLAGS "-fno-var-tracking" -MAKEFLAGS "OPT_FAST=-O2 OPT_GLOBAL=-O2" --output-split 20000
# Every mutant of rtl/mutants.md, all compiled into one build; +MUTANT_<NAME>
# at run time picks one (tests/mutants/mutants.txt lists them).
MUTANTS := $(shell sed -n 's/^\([A-Z0-9_]*\) .*/\1/p' tests/mutants/mutants.txt 2>/dev/null)
MUT_DEFS := $(foreach m,$(MUTANTS),+define+MUTANT_$(m))

LIB_SRC := $(sort $(wildcard cmodel/src/*.c cmodel/src/arch/*.c))
TB_COMMON := tb/scenario.c tb/workload.c tb/storage.c tb/runner.c tb/cli.c tb/results.c
TB_COMMON := $(filter $(wildcard tb/*.c),$(TB_COMMON))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
TB_OBJ := $(TB_COMMON:%.c=$(BUILD)/obj/%.o)
COSIM_OBJ := $(BUILD)/obj/tb/cosim.o $(BUILD)/obj/tb/cosim_main.o
UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/%,$(wildcard tests/unit/test_*.c))
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck)

.PHONY: all deps test regress waves bench clean lint help unit sim cosim
.DEFAULT_GOAL := all

all: deps
	@$(MAKE) --no-print-directory sim cosim unit

help:
	@echo "make            build the model library, cpumf-sim, cpumf-cosim and unit tests"
	@echo "make test       everything CI runs: lint, unit, directed, random lockstep, mutants"
	@echo "make regress    the long regression (more seeds, all systems)"
	@echo "make waves TEST=name [WAVE_FROM=c WAVE_TO=c]   dump a scenario to waves/name.fst"
	@echo "make bench      cycles/s of model alone, RTL alone, lockstep, lockstep with waves"
	@echo "make lint       verilator --lint-only -Wall over rtl/"

# ---- dependencies: Debian packages, installed when missing -------------------
DEB_PKGS := verilator gtkwave libcjson-dev check pkg-config zlib1g-dev
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
deps:
	@missing=""; \
	command -v $(VERILATOR) >/dev/null || missing="$$missing verilator"; \
	command -v gtkwave >/dev/null || missing="$$missing gtkwave"; \
	[ -f /usr/include/cjson/cJSON.h ] || missing="$$missing libcjson-dev"; \
	command -v pkg-config >/dev/null || missing="$$missing pkg-config"; \
	pkg-config --exists check 2>/dev/null || missing="$$missing check"; \
	[ -f /usr/include/zlib.h ] || missing="$$missing zlib1g-dev"; \
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

sim: $(BUILD)/cpumf-sim
$(BUILD)/cpumf-sim: $(BUILD)/obj/tb/sim_main.o $(TB_OBJ) $(BUILD)/libcpumf.a
	$(CC) $(OPT) -o $@ $^ $(LDLIBS)

unit: $(UNIT_TESTS)
$(BUILD)/test_%: tests/unit/test_%.c $(BUILD)/libcpumf.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(shell pkg-config --cflags check 2>/dev/null) -o $@ $< $(BUILD)/libcpumf.a $(CHECK_LIBS) $(LDLIBS)

# ---- Verilated RTL -------------------------------------------------------------
# Normal build and the mutant build share everything but the defines.
define VERILATE
$(BUILD)/$(1)/Vcosim_top__ALL.a: $(RTL_SRC) $(TB_SV)
	@mkdir -p $(BUILD)/$(1)
	$(VERILATOR) $(VLT_FLAGS) $(2) -Mdir $(BUILD)/$(1) $(RTL_SRC) $(TB_SV) >$(BUILD)/$(1)/verilate.log 2>&1 \
	  || { cat $(BUILD)/$(1)/verilate.log; exit 1; }
	$(MAKE) -s -C $(BUILD)/$(1) -f Vcosim_top.mk OPT_GLOBAL=-O2 verilated.o verilated_fst_c.o verilated_threads.o >/dev/null
$(BUILD)/$(1)/rtl_shim.o: tb/rtl_shim.cpp tb/rtl.h $(BUILD)/$(1)/Vcosim_top__ALL.a
	$(CXX) -std=c++17 -O2 -Wall -Wextra -Werror -Icmodel/include -Itb -I$(BUILD)/$(1) -isystem $(VLT_INC) \
	  -isystem $(VLT_INC)/vltstd -c $$< -o $$@
endef
$(eval $(call VERILATE,vobj,))
$(eval $(call VERILATE,vobj-mut,$(MUT_DEFS)))
VLT_LIBS = $(1)/rtl_shim.o $(1)/Vcosim_top__ALL.a $(addprefix $(1)/,verilated.o verilated_fst_c.o verilated_threads.o) \
  -lz -lpthread

cosim: $(BUILD)/cpumf-cosim
$(BUILD)/cpumf-cosim: $(COSIM_OBJ) $(TB_OBJ) $(BUILD)/libcpumf.a $(BUILD)/vobj/rtl_shim.o
	$(CXX) $(OPT) -o $@ $(COSIM_OBJ) $(TB_OBJ) $(BUILD)/libcpumf.a $(call VLT_LIBS,$(BUILD)/vobj) $(LDLIBS)
$(BUILD)/cpumf-cosim-mut: $(COSIM_OBJ) $(TB_OBJ) $(BUILD)/libcpumf.a $(BUILD)/vobj-mut/rtl_shim.o
	$(CXX) $(OPT) -o $@ $(COSIM_OBJ) $(TB_OBJ) $(BUILD)/libcpumf.a $(call VLT_LIBS,$(BUILD)/vobj-mut) $(LDLIBS)
$(BUILD)/cpumf-bench: $(BUILD)/obj/tb/bench_main.o $(BUILD)/obj/tb/cosim.o $(TB_OBJ) $(BUILD)/libcpumf.a $(BUILD)/vobj/rtl_shim.o
	$(CXX) $(OPT) -o $@ $(BUILD)/obj/tb/bench_main.o $(BUILD)/obj/tb/cosim.o $(TB_OBJ) $(BUILD)/libcpumf.a \
	  $(call VLT_LIBS,$(BUILD)/vobj) $(LDLIBS)

# ---- the C model compiled as C++ and under sanitizers -------------------------
$(BUILD)/cxx-check.stamp: $(LIB_SRC) $(wildcard cmodel/include/cpumf/*.h cmodel/src/*.h cmodel/src/arch/*.h)
	@mkdir -p $(@D)
	for f in $(LIB_SRC); do $(CXX) -x c++ -std=c++17 -fsyntax-only -Wall -Wextra -Wshadow -Werror \
	  -Icmodel/include -Icmodel/src $$f || exit 1; done
	@touch $@
$(BUILD)/san/cpumf-sim: $(LIB_SRC) $(TB_COMMON) tb/sim_main.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_BASE) -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -o $@ $^ $(LDLIBS)

# ---- checks ----------------------------------------------------------------------
lint:
	$(VERILATOR) --lint-only -Wall -Irtl $(RTL_SRC) --top-module mf_system
	$(VERILATOR) --lint-only -Wall -Irtl $(MUT_DEFS) $(RTL_SRC) --top-module mf_system

test: deps
	@$(MAKE) --no-print-directory sim cosim unit $(BUILD)/cpumf-cosim-mut $(BUILD)/cxx-check.stamp $(BUILD)/san/cpumf-sim
	@tests/run.sh test

regress: deps
	@$(MAKE) --no-print-directory sim cosim unit $(BUILD)/cpumf-cosim-mut $(BUILD)/cxx-check.stamp $(BUILD)/san/cpumf-sim
	@tests/run.sh regress

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

clean:
	rm -rf $(BUILD) waves/*.fst

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
