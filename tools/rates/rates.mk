# SPDX-License-Identifier: Apache-2.0
# tools/rates: cpumf-rates, each workload's rates measured over its stream
# (docs/rates.md is its output; make test checks that the file is current and
# that every rate is within 1 % of its parameter).
$(BUILD)/obj/tools/rates/%.o: INCLUDES := $(TB_INCLUDES)
$(BUILD)/cpumf-rates: $(BUILD)/obj/tools/rates/rates_main.o $(TB_OBJ) $(BUILD)/libcpumf.a
	$(CC) $(OPT) -o $@ $^ $(LDLIBS)

RATES_ARGS := tests/bench/busy_all.json busy crypto random
.PHONY: rates rates-check
rates: $(BUILD)/cpumf-rates
	$(BUILD)/cpumf-rates $(RATES_ARGS) > docs/rates.md
rates-check: $(BUILD)/cpumf-rates
	$(BUILD)/cpumf-rates --check docs/rates.md $(RATES_ARGS)
