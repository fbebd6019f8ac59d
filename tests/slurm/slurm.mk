# SPDX-License-Identifier: Apache-2.0
# tests/slurm/: the regression through a real Slurm (slurm_check.sh starts a
# one-node cluster of this machine from slurm.conf.in and stops it again).
#
#   make slurm-check [SLURM_ARGS="--test random" | SLURM_ARGS=--coverage]
#       the smoke list locally and in three Slurm array tasks, merged: the
#       same report (make test runs it cut down, make regress whole with
#       coverage)
# The daemons are installed for this test only (make test, make slurm-check, a make regress
# whose list runs it), after the other packages: one apt-get at a time.
DEB_SLURM := munge:'command -v munged' slurmctld:'command -v slurmctld' \
  slurmd:'command -v slurmd' slurm-client:'command -v sbatch'
.PHONY: slurm-deps
slurm-deps: deps
	$(call DEB_INSTALL,$(DEB_SLURM))

SLURM_ARGS ?=
.PHONY: slurm-check
slurm-check: slurm-deps
	@$(MAKE) --no-print-directory sim cosim unit $(BUILD)/cpumf-regress \
	  $(BUILD)/cpumf-cosim-xrand $(if $(findstring --coverage,$(SLURM_ARGS)),$(BUILD)/cpumf-cosim-cov)
	tests/slurm/slurm_check.sh $(BUILD) $(BUILD)/slurm-check $(SLURM_ARGS)

# make regress: a list that runs the smoke list through Slurm (full) runs its
# xrand runs and, with coverage, the coverage build
SLURM_LIST = $(shell grep -l 'tests/slurm/slurm_check.sh' tests/regress/$(LIST).json 2>/dev/null)
regress: $(if $(SLURM_LIST),slurm-deps)
REGRESS_BUILDS += $(if $(SLURM_LIST),$(BUILD)/cpumf-cosim-xrand $(BUILD)/cpumf-cosim-cov)
