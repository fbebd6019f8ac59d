# SPDX-License-Identifier: Apache-2.0
# tb/: the test bench.  runner/ (the per-cycle driver, checks, results,
# command line; cpumf-sim), stimulus/ (workloads, storage), scenario/ (the
# scenario reader and its random generators), drivers/ (control programs such
# as the sampler), lockstep/ (cpumf-cosim: the Verilated RTL beside the model),
# dpi/ (the model in a SystemVerilog bench through DPI-C).

TB_MAINS := tb/runner/sim_main.c tb/lockstep/cosim_main.c
TB_DIRS := tb/shared tb/runner tb/stimulus tb/scenario tb/drivers
# the packed-struct ports of the RTL: the lockstep shim and the DPI-C glue only
BUNDLE_SRC := tb/shared/rtl_bundle.c
BUNDLE_OBJ := $(BUILD)/obj/tb/shared/rtl_bundle.o
TB_SRC := $(filter-out $(TB_MAINS) $(BUNDLE_SRC),$(sort $(wildcard $(addsuffix /*.c,$(TB_DIRS)))))
TB_OBJ := $(TB_SRC:%.c=$(BUILD)/obj/%.o) $(SMP_OBJ) $(JSON_OBJ) $(XALLOC_OBJ) $(OUTFILE_OBJ)
COSIM_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(filter-out $(TB_MAINS),$(wildcard tb/lockstep/*.c)))
COSIM_OBJ += $(BUNDLE_OBJ)
# The bench sees the model's public header only.
TB_INCLUDES := -Icmodel/include -Icommon -Itb
$(BUILD)/obj/tb/%.o: INCLUDES := $(TB_INCLUDES)

.PHONY: sim cosim
sim: $(BUILD)/cpumf-sim
$(BUILD)/cpumf-sim: $(BUILD)/obj/tb/runner/sim_main.o $(TB_OBJ) $(BUILD)/libcpumf.a
	$(CC) $(OPT) -o $@ $^ $(LDLIBS)

# cpumf-cosim on each Verilated build: the binary's suffix, the build, extra objects.
COSIM_MAIN := $(BUILD)/obj/tb/lockstep/cosim_main.o
define COSIM_BIN
$(BUILD)/cpumf-cosim$(1): $(COSIM_MAIN) $(COSIM_OBJ) $(TB_OBJ) $(BUILD)/libcpumf.a \
    $(BUILD)/$(2)/rtl_shim.o
	$(CXX) $(OPT) -o $$@ $(COSIM_MAIN) $(COSIM_OBJ) $(TB_OBJ) $(BUILD)/libcpumf.a \
	  $(call VLT_LIBS,$(BUILD)/$(2)) $(3) $(LDLIBS)
endef
cosim: $(BUILD)/cpumf-cosim
$(eval $(call COSIM_BIN,,vobj,))
$(eval $(call COSIM_BIN,-mut,vobj-mut,))
$(eval $(call COSIM_BIN,-xrand,vobj-xrand,))
$(eval $(call COSIM_BIN,-cov,vobj-cov,$(BUILD)/vobj-cov/verilated_cov.o))

# cpumf-sim under AddressSanitizer and UndefinedBehaviorSanitizer (the
# sources by name: its .d file adds the headers to the prerequisites).
SAN_SRC := $(LIB_SRC) $(COMMON_SRC) $(TB_SRC) tb/runner/sim_main.c
$(BUILD)/san/cpumf-sim: $(SAN_SRC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
	  $(TB_INCLUDES) -Icmodel/src -o $@ $(SAN_SRC) $(LDLIBS)

# The installed cpumf-sim and cpumf-cosim (default configs directory under PREFIX).
$(IOBJ)/tb/%.o: INCLUDES := $(TB_INCLUDES)
$(IOBJ)/cpumf-sim: $(IOBJ)/tb/runner/sim_main.o $(patsubst $(BUILD)/obj/%,$(IOBJ)/%,$(TB_OBJ)) \
    $(IOBJ)/libcpumf.a
	$(CC) $(OPT) -o $@ $^ $(LDLIBS)
$(IOBJ)/cpumf-cosim: $(IOBJ)/tb/lockstep/cosim_main.o \
    $(patsubst $(BUILD)/obj/%,$(IOBJ)/%,$(COSIM_OBJ) $(TB_OBJ)) \
    $(IOBJ)/libcpumf.a $(BUILD)/vobj/rtl_shim.o
	$(CXX) $(OPT) -o $@ $(filter-out %/rtl_shim.o,$^) $(call VLT_LIBS,$(BUILD)/vobj) $(LDLIBS)

# ---- DPI-C: the model in a SystemVerilog bench (tb/dpi) -----------------------
DPI_SV := tb/dpi/cpumf_dpi.sv tb/dpi/example/tb_dpi_example.sv
$(BUILD)/dpi/cpumf_dpi.o: tb/dpi/cpumf_dpi.c cmodel/include/cpumf/cpumf.h tb/shared/rtl_bundle.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Icmodel/include -Icommon -Itb -isystem $(VLT_INC)/vltstd -c $< -o $@
$(BUILD)/dpi/tb_dpi_example: $(RTL_SRC) $(RTL_INC) $(DPI_SV) $(BUILD)/dpi/cpumf_dpi.o \
    $(BUNDLE_OBJ) $(BUILD)/libcpumf.a | verilator-version
	$(VERILATOR) --binary --timing --timescale 1ns/1ps -j $(JOBS) -Irtl $(RTL_SRC) $(DPI_SV) \
	  --top-module tb_dpi_example \
	  $(abspath $(BUILD)/dpi/cpumf_dpi.o $(BUNDLE_OBJ) $(BUILD)/libcpumf.a) \
	  -LDFLAGS "-lcjson -lm" -Mdir $(BUILD)/dpi/v -o tb_dpi_example >$(BUILD)/dpi/verilate.log 2>&1 \
	  || { tail -30 $(BUILD)/dpi/verilate.log; exit 1; }
	cp $(BUILD)/dpi/v/tb_dpi_example $@

TEST ?= lcctl_basic
WAVE_FROM ?= 0
WAVE_TO ?= 100000
waves: build-deps
	@$(MAKE) --no-print-directory cosim
	@mkdir -p waves
	$(BUILD)/cpumf-cosim tests/scenarios/$(TEST).json --waves waves/$(TEST).fst \
	  --wave-from $(WAVE_FROM) --wave-to $(WAVE_TO) --results $(BUILD)/$(TEST).results.json; true
	@echo "open with:  gtkwave waves/$(TEST).fst waves/cpumf.gtkw"
