# SPDX-License-Identifier: Apache-2.0
# tools/regress: cpumf-regress, the regression runner (lists in tests/regress/).
REGRESS_SRC := $(sort $(wildcard tools/regress/*.c))
$(BUILD)/obj/tools/regress/%.o: INCLUDES := -Icommon
$(BUILD)/cpumf-regress: $(REGRESS_SRC:%.c=$(BUILD)/obj/%.o) $(JSON_OBJ) $(XALLOC_OBJ) \
    $(OUTFILE_OBJ)
	$(CC) $(OPT) -o $@ $^ $(LDLIBS)

# make regress [LIST=name] [SEEDS=N] [TEST=pattern] [JOBS=N] [MUTANT=NAME] [COVERAGE=0]
LIST ?= full
COVERAGE ?= 1
# TEST has a default for `make waves`; only one given by the user filters.
REGRESS_TEST = $(if $(filter command line environment,$(origin TEST)),--test '$(TEST)')
REGRESS_COV = $(filter 1,$(COVERAGE))
REGRESS_BUILDS = sim cosim unit $(BUILD)/cpumf-regress $(BUILD)/cpumf-insttime \
  $(if $(shell grep -l '"xrand"' tests/regress/$(LIST).json 2>/dev/null), \
    $(BUILD)/cpumf-cosim-xrand) \
  $(if $(shell grep -l '"netlist"' tests/regress/$(LIST).json 2>/dev/null), \
    $(BUILD)/cpumf-cosim-ys) \
  $(if $(MUTANT),$(BUILD)/cpumf-cosim-mut) $(if $(REGRESS_COV),$(BUILD)/cpumf-cosim-cov)
# The builds go JOBS at a time (a Verilator build's single-threaded verilation beside
# another's compilation) and are timed for the summary's time split.
regress: deps
	@t0=$$(date +%s); $(MAKE) --no-print-directory -j $(JOBS) $(REGRESS_BUILDS) || exit 1; \
	$(BUILD)/cpumf-regress tests/regress/$(LIST).json -j $(JOBS) --build $(BUILD) \
	  --build-seconds $$(($$(date +%s) - t0)) $(if $(SEEDS),--seeds $(SEEDS)) \
	  $(REGRESS_TEST) $(if $(MUTANT),--mutant $(MUTANT)) $(if $(REGRESS_COV),--coverage)
