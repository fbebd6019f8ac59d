# tests/: the unit tests (Check) and `make test`.
UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/%,$(wildcard tests/unit/test_*.c))
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck)

.PHONY: unit
unit: $(UNIT_TESTS)
# White-box tests: they see the model's internal headers and functions.
$(BUILD)/test_%: tests/unit/test_%.c $(LIB_INTERNAL)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(MODEL_INCLUDES) $(shell pkg-config --cflags check 2>/dev/null) -o $@ $< \
	  $(LIB_INTERNAL) $(CHECK_LIBS) $(LDLIBS)

CHECK_BUILDS = sim cosim smp unit $(BUILD)/cpumf-regress $(BUILD)/cpumf-cosim-mut $(BUILD)/cxx-check.stamp \
  $(BUILD)/san/cpumf-sim $(BUILD)/dpi/tb_dpi_example $(BUILD)/cpumf-cosim-xrand
test: deps
	@$(MAKE) --no-print-directory $(CHECK_BUILDS)
	@$(MAKE) --no-print-directory -s install PREFIX=$(BUILD)/example-install >/dev/null
	@tests/run.sh test
