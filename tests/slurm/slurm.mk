# tests/slurm/: the regression through a real Slurm (slurm_check.sh starts a
# one-node cluster of this machine from slurm.conf.in and stops it again).
#
#   make slurm-check [SLURM_ARGS="--test random"]
#       the smoke list locally and in three Slurm array tasks, merged: the
#       same report (make test runs it cut down, make regress whole)
DEB_CHECKS += munge:'command -v munged' slurmctld:'command -v slurmctld' \
  slurmd:'command -v slurmd' slurm-client:'command -v sbatch'

SLURM_ARGS ?=
.PHONY: slurm-check
slurm-check: deps
	@$(MAKE) --no-print-directory sim cosim unit $(BUILD)/cpumf-regress
	tests/slurm/slurm_check.sh $(BUILD) $(BUILD)/slurm-check $(SLURM_ARGS)
