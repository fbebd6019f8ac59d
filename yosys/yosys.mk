# SPDX-License-Identifier: Apache-2.0
# yosys/: the Yosys flows over rtl/ (Debian's yosys 0.23, yosys-smtbmc, z3).
#
#   make synth        every unit synthesized (synth.sh): build/synth/report.md
#   make synth-check  the whole system alone, as make test runs it
#   make formal       the units' assertions proved (formal.sh): build/formal/
#   make formal-mutants  each mutant of FORMAL_MUTANTS refuted by its unit's proof,
#                     with its counterexample trace: build/formal-mutants/
#   make formal-cover every COVER of the units of FORMAL_COVER reached from reset,
#                     a trace each: build/formal-cover/
#   cpumf-cosim-ys    the lockstep with the RTL as Yosys reads it: its word-level
#                     netlist (proc, flatten) Verilated in place of rtl/, so that
#                     the directed scenarios show Yosys reads what Verilator reads
DEB_CHECKS += yosys:'command -v yosys-smtbmc' z3:'command -v z3'

SYNTH_UNITS := mf_alert mf_stor_req cf_state sf_ctrl sf_interval cf_slot cf_counters cf_global \
  sf_update mf_insn mf_cpu mf_system
.PHONY: synth synth-check
synth: deps yosys-version
	yosys/synth.sh $(BUILD)/synth $(SYNTH_UNITS)
	@cat $(BUILD)/synth/report.md
synth-check: yosys-version
	yosys/synth.sh --coarse $(BUILD)/synth-check mf_system

# k-induction for the units whose invariants close by induction; a bounded
# check of 30 cycles (FORMAL_DEPTH_UNIT if set) for those it does not close for
# or whose induction z3 does not finish (docs/formal.md)
FORMAL_PROVE := mf_stor_req mf_alert cf_state sf_ctrl cf_global sf_interval cf_slot
FORMAL_BMC := sf_update mf_insn mf_cpu
# ABC passes 12 cycles of the whole CPU in minutes; the 13th alone took more than five
FORMAL_DEPTH_mf_cpu := 12
# UNIT:MODULE: UNIT checked with every instance of MODULE a cut point (its outputs
# free; its assertions its own proof's), by k-induction or, for a unit of FORMAL_BMC,
# 30 cycles bounded: the counter bank proved with its counters cut (cf_slot proves
# one), and the whole CPU's 30 cycles without the bank
FORMAL_CUT := cf_counters:cf_slot mf_cpu:cf_counters
# the bank's induction closes at 4 steps (8 took twice as long)
FORMAL_CUT_DEPTH_cf_counters := 4
# UNIT:MODULE:MUTANT: a mutant that the check of UNIT with MODULE cut refutes
# (LIVE_UNINSTALLED by a slot's assumption, checked there; the fourth only past the
# 12 cycles of the whole CPU)
FORMAL_CUT_MUTANTS := cf_counters:cf_slot:COUNT_INACTIVE cf_counters:cf_slot:SCCTR_SLOT_PAIR \
  cf_counters:cf_slot:LIVE_UNINSTALLED \
  mf_cpu:cf_counters:SF_LSCTL_INTERVAL_UNCHECKED mf_cpu:cf_counters:ARB_KEEP_AFTER_RSP \
  mf_cpu:cf_counters:ARB_OWNER_UNUSED mf_cpu:cf_counters:ARB_IDLE_OP_OR \
  mf_cpu:cf_counters:ARB_INSN_OP_OR
# UNIT:MUTANT: a mutant of tests/mutants/mutants.md that the check of UNIT refutes
FORMAL_MUTANTS := mf_stor_req:STOR_UNALIGNED mf_stor_req:STOR_DROP_WAITING \
  mf_stor_req:STOR_KEEP_ACCEPTED mf_stor_req:STOR_READ_PARTIAL \
  mf_stor_req:STOR_IDLE_KEEPS_ADDR mf_stor_req:STOR_ADD_HELD_RSVD mf_stor_req:STOR_OR_HELD_READ \
  mf_alert:AL3_NO_CLEAR mf_alert:AL_REQ_UNMASKED mf_alert:AL_PEND_UNDEFINED \
  cf_state:AUTH_CLR_KEEPS_EC cf_state:SIGP_MT_UNAUTH cf_state:MT_REAUTH_DISABLED \
  cf_state:AUTH_SET_RSVD \
  sf_ctrl:SF_AUTH_CLR_KEEPS_EC sf_ctrl:SF_DISABLE_KEEPS_CTRL sf_ctrl:SF_VM_RESET_KEEPS_C \
  sf_ctrl:SF_VM_AUTH_SET_ENABLES sf_ctrl:SF_VM_DISABLE_KEEPS_INTERVAL sf_ctrl:SF_VM_LSCTL_SETS_H \
  cf_global:CHANGE_KEEP cf_global:CG_NO_CLEAR \
  sf_interval:SF_INTERVAL_OFF_BY_ONE sf_interval:SF_DISABLED_COUNTS \
  sf_interval:SF_LVL_VM_TICKS_ANY_LEVEL sf_interval:SF_SEC_IN_EXACT sf_interval:SF_VM_SEC_IN_EXACT \
  sf_interval:SF_VM_DISABLED_KEEPS_COUNT sf_interval:SF_LSCTL_LOAD_ONES \
  sf_interval:SF_VM_LSCTL_LOAD_ONES sf_interval:SF_VM_CAPTURE_OVER_LPAR \
  cf_slot:NO_CLEAR_DISABLE cf_slot:SLOT_CARRY_IN_STUCK \
  sf_update:SF_TABLE_LINK_OFF8 sf_update:SF_BLOCK_LINK_OFF64 \
  sf_update:SF_OVF_PLAIN_WRITE sf_update:SF_F_PLAIN_WRITE sf_update:SF_A_FROM_RD_TRL \
  sf_update:SF_LVL_VM_ENTRY_H sf_update:UPD_STATE_UNUSED sf_update:SF_OR_F_WRONG_BIT \
  sf_update:SF_ENTRY_PAST_TRAILER sf_update:SF_LVL_FOLLOWS_CAPTURE sf_update:SF_LVL_CAPTURE_LPAR \
  mf_insn:SF_LSCTL_INTERVAL_UNCHECKED mf_insn:SF_LSCTL_ACTIVE_UNCHECKED mf_insn:STORE_AT_ACCEPT \
  mf_insn:INSN_STATE_UNUSED mf_insn:LPCTL_C_WITHOUT_E_OK \
  mf_cpu:ARB_KEEP_AFTER_RSP mf_cpu:COUNT_STOPPED
# field $(1) of the colon-separated entry $(2) (UNIT:MUTANT, UNIT:MODULE, UNIT:MODULE:MUTANT)
field = $(word $(1),$(subst :, ,$(2)))
# the mode of unit $(1)
formal_mode = $(if $(filter $(1),$(FORMAL_BMC)),bmc,prove)
# formal.sh's arguments for unit $(1) with depth $(2) (empty: the mode's) and outdir $(3)
unit_args = $(if $(2),--depth $(2)) $(3) $(call formal_mode,$(1)) $(1)
# formal.sh's arguments for unit $(1) alone: its mode and depth
formal_args = $(call unit_args,$(1),$(FORMAL_DEPTH_$(1)),$(2))
# formal.sh's arguments for entry $(1) of FORMAL_CUT (UNIT:MODULE): the depth is the
# mode's unless FORMAL_CUT_DEPTH_UNIT is set
cut_args = --cut $(call field,2,$(1)) \
  $(call unit_args,$(call field,1,$(1)),$(FORMAL_CUT_DEPTH_$(call field,1,$(1))),$(2))
# the units whose cover points z3 reaches within 20 steps (the CPU's and the
# system's are too large for it; the simulation counts every point: docs/coverage.md)
FORMAL_COVER := mf_stor_req mf_alert cf_state sf_ctrl cf_global sf_interval cf_slot mf_insn
.PHONY: formal formal-mutants formal-cover
formal: deps
	@fail=0; $(foreach u,$(FORMAL_PROVE) $(FORMAL_BMC),\
	  yosys/formal.sh $(call formal_args,$(u),$(BUILD)/formal) || fail=1;) \
	  $(foreach p,$(FORMAL_CUT),yosys/formal.sh $(call cut_args,$(p),$(BUILD)/formal) \
	  || fail=1;) exit $$fail
formal-mutants: deps
	@fail=0; $(foreach p,$(FORMAL_MUTANTS),yosys/formal.sh --mutant $(call field,2,$(p)) \
	  $(call formal_args,$(call field,1,$(p)),$(BUILD)/formal-mutants) || fail=1;) \
	  $(foreach p,$(FORMAL_CUT_MUTANTS),yosys/formal.sh --mutant $(call field,3,$(p)) \
	  $(call cut_args,$(p),$(BUILD)/formal-mutants) || fail=1;) exit $$fail

formal-cover: deps
	@fail=0; $(foreach u,$(FORMAL_COVER),yosys/formal.sh $(BUILD)/formal-cover cover $(u) \
	  || fail=1;) exit $$fail

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
