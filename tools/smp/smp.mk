# tools/smp: cpumf-smp, the reader of .SMP sample files (format in common/smp.h).
.PHONY: smp
smp: $(BUILD)/cpumf-smp
$(BUILD)/obj/tools/smp/%.o: INCLUDES := -Icommon
$(BUILD)/cpumf-smp: $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tools/smp/*.c)) $(SMP_OBJ) \
    $(XALLOC_OBJ) $(JSON_OBJ)
	$(CC) $(OPT) -o $@ $^ $(LDLIBS)
