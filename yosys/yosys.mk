# SPDX-License-Identifier: Apache-2.0
# yosys/: the Yosys flows over rtl/ (Debian's yosys 0.23, yosys-smtbmc, z3).
#
#   make synth        every unit synthesized (synth.sh): build/synth/report.md
#   make synth-check  the whole system alone, as make test runs it
#   cpumf-cosim-ys    the lockstep with the RTL as Yosys reads it: its word-level
#                     netlist (proc, flatten) Verilated in place of rtl/, so that
#                     the directed scenarios show Yosys reads what Verilator reads
DEB_CHECKS += yosys:'command -v yosys-smtbmc' z3:'command -v z3'

SYNTH_UNITS := mf_alert mf_stor_req cf_state sf_ctrl sf_interval cf_counters cf_global \
  sf_update mf_insn mf_cpu mf_system
.PHONY: synth synth-check
synth: deps yosys-version
	yosys/synth.sh $(BUILD)/synth $(SYNTH_UNITS)
	@cat $(BUILD)/synth/report.md
synth-check: yosys-version
	yosys/synth.sh --coarse $(BUILD)/synth-check mf_system

YS_NETLIST := $(BUILD)/yosys/mf_system.v
$(YS_NETLIST): $(RTL_SRC) $(RTL_INC) | yosys-version
	@mkdir -p $(@D)
	yosys -q -l $(@D)/netlist.log -p "read_verilog -sv -Irtl $(RTL_SRC); \
	  hierarchy -check -top mf_system; proc; flatten; opt_clean; \
	  write_verilog -noattr $@.tmp" >/dev/null 2>&1 || { tail -5 $(@D)/netlist.log; exit 1; }
	mv $@.tmp $@
# the package for the bench's types, the netlist, and what makes obs_o public there; the
# flattened netlist's evaluation is one huge function unless split, and -O1 compiles it in
# a fraction of -O2's time (the directed scenarios are short)
YS_VLT_FLAGS := --output-split-cfuncs 2000 -MAKEFLAGS "OPT_FAST=-O1"
$(eval $(call VERILATE,vobj-ys,$(YS_VLT_FLAGS),,yosys/netlist.vlt,\
  $(RTL_PKG) $(YS_NETLIST) yosys/netlist.vlt))
$(eval $(call COSIM_BIN,-ys,vobj-ys,))
