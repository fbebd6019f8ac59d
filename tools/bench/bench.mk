# SPDX-License-Identifier: Apache-2.0
# tools/bench: cpumf-bench behind `make bench`: cycles/s of the model alone,
# the RTL alone, the lockstep and the lockstep with waves, in one process;
# the model without its stimulus, one system's memory; the model's
# fast-forward on a long steady run.
$(BUILD)/obj/tools/bench/%.o: INCLUDES := $(TB_INCLUDES)
$(BUILD)/cpumf-bench: $(BUILD)/obj/tools/bench/bench_main.o $(COSIM_OBJ) $(TB_OBJ) \
    $(BUILD)/libcpumf.a \
    $(BUILD)/vobj/rtl_shim.o
	$(CXX) $(OPT) -o $@ $(filter-out %/rtl_shim.o,$^) $(call VLT_LIBS,$(BUILD)/vobj) $(LDLIBS)

bench: build-deps
	@$(MAKE) --no-print-directory $(BUILD)/cpumf-bench
	$(BUILD)/cpumf-bench tests/bench/busy_all.json
	$(BUILD)/cpumf-bench tests/bench/sampling_all.json
	$(BUILD)/cpumf-bench --fast-forward tests/bench/steady_ff.json
