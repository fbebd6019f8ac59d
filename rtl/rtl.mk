# SPDX-License-Identifier: Apache-2.0
# rtl/: the RTL, its lint, and the Verilated builds of the lockstep top
# (tb/lockstep/cosim_top.sv) that the bench links.

VERILATOR ?= verilator
VLT_INC := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)/include
RTL_PKG := rtl/mf_pkg.sv
RTL_SRC := $(RTL_PKG) $(filter-out $(RTL_PKG),$(sort $(wildcard rtl/*.sv)))
# included: the mutant sites (mf_mutant.svh), the tables' part of mf_pkg (mf_pkg_gen.svh)
RTL_INC := $(wildcard rtl/*.svh)
TB_SV := $(sort $(wildcard tb/lockstep/*.sv))
# Verilator configuration of the lockstep top: what the waves leave out
TB_VLT := tb/lockstep/waves.vlt

# Verilator options of every build, one per line:
VLT_FLAGS :=
# C++ only, no --exe: we compile and link our own C around it (one process,
# ports read and written directly).
VLT_FLAGS += --cc --build -j $(JOBS)
# the fast build: X values take the cheapest choice
VLT_FLAGS += -O3 --x-assign fast --x-initial fast
# the units' assertions (rtl/mf_assert.svh) are checked in every build
VLT_FLAGS += --assert
# FST tracing compiled in; the shim enables it only over a cycle window. A packed
# struct is traced member by member (--trace-structs): a port bundle shows its
# fields by name, and a change writes the member that changed, not the whole
# bundle (a CPU's 1,193-bit input bundle changes in every cycle through its TOD)
VLT_FLAGS += --trace-fst --trace-max-array 256 --trace-structs
VLT_FLAGS += --top-module cosim_top -Irtl
# lint is `make lint`'s job (with -Wall); here warnings do not stop a build
VLT_FLAGS += -Wno-fatal
# header dependencies of the generated code
VLT_FLAGS += -MMD
# The generated C++ is compiled by clang (Debian clang 14), whose code runs
# the RTL about 10 % faster than gcc 12's; Verilator's own runtime objects
# stay with g++ (verilated.mk). -O2 runs about as fast as -O3, compiles far faster.
VLT_CXX ?= clang++
VLT_FLAGS += -MAKEFLAGS "CXX=$(VLT_CXX) OPT_FAST=-O2 OPT_GLOBAL=-O2"
# smaller generated files compile in parallel and within memory
VLT_FLAGS += --output-split 20000

# The mutant build: every mutant of the registry tests/mutants/mutants.md
# compiled in (rtl/mf_mutant.svh); +MUTANT_<NAME> at run time picks one.
# Its package of enable flags is made from the registry by cpumf-regress,
# which rewrites it only when the registry changes it.
MUT_PKG := $(BUILD)/mutants/mf_mutant_pkg.sv
MUT_FLAGS := +define+MF_MUTANTS $(MUT_PKG)
$(MUT_PKG): tests/mutants/mutants.md $(BUILD)/cpumf-regress
	@mkdir -p $(@D)
	$(BUILD)/cpumf-regress --mutant-package $@

# Normal build and the mutant build share everything but the mutants; a
# third argument makes a coverage build (verilated_cov.o; the shim writes
# --coverage), a fourth names extra prerequisites, a fifth the design's
# sources in place of rtl/ (the netlist build, yosys/yosys.mk).
define VERILATE
$(BUILD)/$(1)/Vcosim_top__ALL.a: $(or $(5),$(RTL_SRC) $(RTL_INC)) $(TB_SV) $(TB_VLT) $(4) \
    | verilator-version
	@mkdir -p $(BUILD)/$(1)
	$(VERILATOR) $(VLT_FLAGS) $(2) -Mdir $(BUILD)/$(1) $(TB_VLT) $(or $(5),$(RTL_SRC)) $(TB_SV) \
	  >$(BUILD)/$(1)/verilate.log 2>&1 \
	  || { cat $(BUILD)/$(1)/verilate.log; exit 1; }
	$(MAKE) -s -C $(BUILD)/$(1) -f Vcosim_top.mk OPT_GLOBAL=-O2 \
	  verilated.o verilated_fst_c.o verilated_threads.o \
	  $(if $(3),verilated_cov.o) >/dev/null
$(BUILD)/$(1)/rtl_shim.o: tb/lockstep/rtl_shim.cpp tb/lockstep/rtl.h tb/shared/rtl_bundle.h \
    $(BUILD)/$(1)/Vcosim_top__ALL.a
	$(CXX) -std=c++17 -O2 -Wall -Wextra -Werror $(if $(3),-DVM_COVERAGE=1) -Icmodel/include -Itb \
	  -I$(BUILD)/$(1) \
	  -isystem $(VLT_INC) -isystem $(VLT_INC)/vltstd -c $$< -o $$@
endef
$(eval $(call VERILATE,vobj,))
$(eval $(call VERILATE,vobj-mut,$(MUT_FLAGS),,$(MUT_PKG)))
# Flops start random (+verilator+rand+reset+2): every register needs its reset.
$(eval $(call VERILATE,vobj-xrand,--x-initial unique --x-assign unique))
# Line, toggle and cover-point coverage of rtl/ (tb/lockstep/*.sv switch it off for
# the bench parts; the cover points are the COVER lines, rtl/mf_assert.svh).
# Signals wider than 32 bits (data, addresses, counters, TOD) get no toggle
# points: with them a run is 6x slower than without coverage and writes a
# 3.8 MB .dat; without them 1.7x and 0.8 MB (busy_all.json).
$(eval $(call VERILATE,vobj-cov,--coverage-line --coverage-toggle --coverage-user \
  --coverage-max-width 32,cov))
# What a binary links from one of these builds.
VLT_LIBS = $(1)/rtl_shim.o $(1)/Vcosim_top__ALL.a \
  $(addprefix $(1)/,verilated.o verilated_fst_c.o verilated_threads.o) \
  -lz -lpthread

lint: $(MUT_PKG) verilator-version
	$(VERILATOR) --lint-only -Wall -Irtl $(RTL_SRC) --top-module mf_system
	$(VERILATOR) --lint-only -Wall -Irtl $(MUT_FLAGS) $(RTL_SRC) --top-module mf_system
	$(VERILATOR) --lint-only -Wall -Irtl $(RTL_SRC) $(TB_SV) --top-module cosim_top
