# SPDX-License-Identifier: Apache-2.0
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

# The bench's event models and relations, tested with the library inside.
EVENTS_UNIT_OBJ := $(addprefix $(BUILD)/obj/tb/,stimulus/events.o stimulus/workload.o \
  stimulus/parse.o stimulus/program.o stimulus/insn_set.o scenario/relations.o)
$(BUILD)/test_events: tests/unit/test_events.c $(EVENTS_UNIT_OBJ) $(LIB_INTERNAL)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(MODEL_INCLUDES) -Itb $(shell pkg-config --cflags check 2>/dev/null) \
	  -o $@ $< $(EVENTS_UNIT_OBJ) $(LIB_INTERNAL) $(CHECK_LIBS) $(LDLIBS)

# The C example, built as a user builds it: against an install, found
# through pkg-config (`make test` installs into EXAMPLE_PREFIX first).
EXAMPLE_PREFIX = $(BUILD)/example-install
$(BUILD)/example/counters: cmodel/examples/counters.c $(EXAMPLE_PREFIX)/lib/pkgconfig/cpumf.pc
	@mkdir -p $(@D)
	$(CC) -std=c11 -Wall -Wextra -Werror $< -o $@ \
	  $$(PKG_CONFIG_PATH=$(EXAMPLE_PREFIX)/lib/pkgconfig pkg-config --cflags --libs cpumf)

# `make test` is the regression list tests/regress/test.json: the table, then
# "N passed, N failed"; summary.md, junit.xml and results.json in build/test/.
# The list's own make commands run as top-level ones (no jobserver of ours).
# One run more than CPUs: the Slurm checks spend minutes waiting on Slurm's clock.
TEST_JOBS ?= $(shell echo $$(($(JOBS) + 1)))
CHECK_BUILDS = sim cosim smp unit $(BUILD)/cpumf-regress $(BUILD)/cpumf-cosim-mut \
  $(BUILD)/san/cpumf-sim $(BUILD)/san/cpumf-smp $(BUILD)/dpi/tb_dpi_example \
  $(BUILD)/cpumf-insttime $(BUILD)/cpumf-bench $(BUILD)/cpumf-gen \
  $(BUILD)/cpumf-rates
test: deps slurm-deps
	@$(MAKE) --no-print-directory -j $(JOBS) $(CHECK_BUILDS)
	@$(MAKE) --no-print-directory -s install PREFIX=$(EXAMPLE_PREFIX) >/dev/null
	@$(MAKE) --no-print-directory $(BUILD)/example/counters
	@env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
	  $(BUILD)/cpumf-regress tests/regress/test.json -j $(TEST_JOBS) --build $(BUILD) \
	  --out $(BUILD)/test
