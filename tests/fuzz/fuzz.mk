# SPDX-License-Identifier: Apache-2.0
# tests/fuzz/: libFuzzer harnesses (fuzz_*.c; clang with AddressSanitizer and
# UndefinedBehaviorSanitizer), their seed corpora (corpus/TARGET/), the crash
# inputs they found once fixed (crashes/TARGET/, replayed by `make test`), the
# JSON dictionary (json.dict), and the sanitizer builds of cpumf-smp and
# cpumf-regress that `make test` runs over their inputs.
#
#   make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS="config api"]
#       each target FUZZ_SECONDS seconds, one after the other, going on after
#       a crash: executions and crashes per target; new crash inputs are saved
#       in build/fuzz/crashes/TARGET/, what the runs learnt in
#       build/fuzz/corpus/TARGET/ (the next run starts from it)

FUZZ_TARGETS ?= config scenario smp list merge mutants api insttime
FUZZ_SECONDS ?= 60
FUZZ_CC := clang
DEB_CHECKS += clang:'command -v clang' llvm:'command -v llvm-symbolizer' \
  libclang-rt-14-dev:'ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a'

FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS = -std=c11 $(WARN) -MMD -MP $(call CONFIGS_DEF,$(abspath configs)) -g -O1 \
  $(FUZZ_SAN) -fsanitize=fuzzer-no-link -Icmodel/include -Icmodel/src -Icommon -Itb \
  -Itools/regress -Itools -Itests/fuzz
FUZZ_OBJ = $(patsubst %.c,$(BUILD)/fuzz/obj/%.o,$(1))
$(BUILD)/fuzz/obj/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_EXTRA) -c $< -o $@
# cpumf-smp's main, called by its harness
$(BUILD)/fuzz/obj/tools/smp/smp_main.o: FUZZ_EXTRA := -Dmain=cpumf_smp_main \
  -Wno-missing-prototypes

# The sources of each target besides its fuzz_TARGET.c.
# (common/ whole: what the linker does not need it leaves out)
FUZZ_COMMON := $(COMMON_SRC) tests/fuzz/fuzz_util.c
FUZZ_LIB := $(LIB_SRC) $(FUZZ_COMMON)
FUZZ_REGRESS := $(filter-out tools/regress/regress.c,$(REGRESS_SRC)) tests/fuzz/fuzz_plan.c \
  $(FUZZ_COMMON)
FUZZ_SRC_config := $(FUZZ_LIB)
FUZZ_SRC_api := $(FUZZ_LIB)
FUZZ_SRC_scenario := $(FUZZ_LIB) $(TB_SRC)
FUZZ_SRC_smp := $(wildcard tools/smp/*.c) $(FUZZ_COMMON)
FUZZ_SRC_list := $(FUZZ_REGRESS)
FUZZ_SRC_merge := $(FUZZ_REGRESS)
FUZZ_SRC_mutants := $(FUZZ_REGRESS)
FUZZ_SRC_insttime := tools/insttime/it_input.c $(FUZZ_LIB) $(TB_SRC)
define FUZZ_BIN
$(BUILD)/fuzz/fuzz_$(1): $(call FUZZ_OBJ,tests/fuzz/fuzz_$(1).c $(FUZZ_SRC_$(1)))
	$(FUZZ_CC) -g $(FUZZ_SAN) -fsanitize=fuzzer -o $$@ $$^ $(LDLIBS)
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call FUZZ_BIN,$(t))))
FUZZ_BINS := $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz_%)

.PHONY: fuzz fuzz-build
fuzz-build: build-deps
	@$(MAKE) --no-print-directory $(FUZZ_BINS)
fuzz: fuzz-build
	@rc=0; for t in $(FUZZ_TARGETS); do \
	  tests/fuzz/run.sh --campaign $(BUILD) $$t $(FUZZ_SECONDS) $(BUILD)/fuzz || rc=1; \
	done; exit $$rc

# cpumf-regress under AddressSanitizer and UndefinedBehaviorSanitizer (make test
# runs it and cpumf-smp's, tools/smp/smp.mk, over their inputs: tests/fuzz/san_tools.sh).
$(BUILD)/san/cpumf-regress: $(REGRESS_SRC) $(COMMON_SRC)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -Icommon \
	  -Icmodel/include -o $@ $^ $(LDLIBS)

CHECK_BUILDS += $(FUZZ_BINS) $(BUILD)/san/cpumf-regress
# make regress: a list that fuzzes (full) needs the harnesses
FUZZ_LIST = $(shell grep -l 'tests/fuzz/run.sh' tests/regress/$(LIST).json 2>/dev/null)
REGRESS_BUILDS += $(if $(FUZZ_LIST),$(FUZZ_BINS))
