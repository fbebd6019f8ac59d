# SPDX-License-Identifier: Apache-2.0
# tools/insttime: cpumf-insttime, instruction timing with the counters
# (docs/insttime.md): the model alone or the lockstep pair, like cpumf-bench.
.PHONY: insttime
insttime: $(BUILD)/cpumf-insttime
INSTTIME_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(filter-out tools/insttime/it_main.c, \
  $(wildcard tools/insttime/*.c)))
$(BUILD)/obj/tools/insttime/%.o: INCLUDES := $(TB_INCLUDES)
$(BUILD)/cpumf-insttime: $(BUILD)/obj/tools/insttime/it_main.o $(INSTTIME_OBJ) $(COSIM_OBJ) \
    $(TB_OBJ) $(BUILD)/libcpumf.a $(BUILD)/vobj/rtl_shim.o
	$(CXX) $(OPT) -o $@ $(filter-out %/rtl_shim.o,$^) $(call VLT_LIBS,$(BUILD)/vobj) $(LDLIBS)

# Unit-tested on the model alone (no RTL): the statistics, the input, the
# baseline comparison and the timing loops.
INSTTIME_UNIT_OBJ := $(filter-out %/it_run.o %/it_profile.o,$(INSTTIME_OBJ)) \
  $(addprefix $(BUILD)/obj/tb/,stimulus/program.o stimulus/insn_set.o stimulus/storage.o \
  runner/model_backend.o) \
  $(JSON_OBJ) $(XALLOC_OBJ)
$(BUILD)/test_insttime: tests/unit/test_insttime.c $(INSTTIME_UNIT_OBJ) $(LIB_INTERNAL)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(MODEL_INCLUDES) -Itb -Itools/insttime \
	  $(shell pkg-config --cflags check 2>/dev/null) -o $@ $< $(INSTTIME_UNIT_OBJ) \
	  $(LIB_INTERNAL) $(CHECK_LIBS) $(LDLIBS)
