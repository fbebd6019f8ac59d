# SPDX-License-Identifier: Apache-2.0
# tools/gen: cpumf-gen, the generator of the files that the tables of the
# compared state (cmodel/include/cpumf/cpumf_{consts,regs,ports}.def) drive
# and C cannot take from them directly.  The files are committed, so that
# rtl/ and the waves work from a clone; `make gen` rewrites them and
# `make gen-check` (a job of make test) fails when they differ from the tables.
GEN_OUT := rtl/mf_pkg_gen.svh cmodel/include/cpumf/cpumf_obs.h tb/lockstep/model_mirror.sv \
  waves/cpumf.gtkw
$(BUILD)/obj/tools/gen/%.o: INCLUDES := -Icmodel/include -Icommon
$(BUILD)/cpumf-gen: $(BUILD)/obj/tools/gen/cpumf_gen.o $(OUTFILE_OBJ) $(XALLOC_OBJ)
	$(CC) $(OPT) -o $@ $^

.PHONY: gen gen-check
gen: $(BUILD)/cpumf-gen
	$(BUILD)/cpumf-gen .
gen-check: $(BUILD)/cpumf-gen
	@rm -rf $(BUILD)/gen
	$(BUILD)/cpumf-gen $(BUILD)/gen
	@for f in $(GEN_OUT); do diff -u $$f $(BUILD)/gen/$$f || \
	  { echo "$$f differs from the tables: run make gen"; exit 1; }; done
