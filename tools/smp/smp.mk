# SPDX-License-Identifier: Apache-2.0
# tools/smp: cpumf-smp, the reader of .SMP sample files (format in common/smp.h).
.PHONY: smp
smp: $(BUILD)/cpumf-smp
$(BUILD)/obj/tools/smp/%.o: INCLUDES := -Icommon
$(BUILD)/cpumf-smp: $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tools/smp/*.c)) $(SMP_OBJ) \
    $(XALLOC_OBJ) $(JSON_OBJ)
	$(CC) $(OPT) -o $@ $^ $(LDLIBS)

# cpumf-smp under AddressSanitizer and UndefinedBehaviorSanitizer: make test
# reads malformed .SMP files with it.
SMP_SAN_SRC := $(wildcard tools/smp/*.c) common/smp.c common/xalloc.c common/json_strict.c
$(BUILD)/san/cpumf-smp: $(SMP_SAN_SRC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -Icommon \
	  -o $@ $(SMP_SAN_SRC) $(LDLIBS)

# The unit test of the .SMP layer (tests/unit/test_smp.c).
$(BUILD)/test_smp: tests/unit/test_smp.c $(SMP_OBJ)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -Icommon $(shell pkg-config --cflags check 2>/dev/null) -o $@ $< \
	  $(SMP_OBJ) $(CHECK_LIBS) $(LDLIBS)
