// SPDX-License-Identifier: Apache-2.0
`include "mf_mutant.svh"
`include "mf_assert.svh"

// Top of the CPU-measurement facility (counters and sampling): NCPU CPUs and
// the global unit. Model and system values are straps, constant during a run.
// The ports carry the packed structs of mf_pkg, field for field the C structs
// of the model (cmodel/include/cpumf/cpumf.h). The per-CPU ports are flat
// vectors of one lane per CPU, CPU i at bits LANE*i (mf_pkg::CPU_*_LANE): its
// struct rounded up to whole 32-bit words, so that every CPU starts on a word
// as the bench lays it out; flat, because Yosys 0.23 reads neither unpacked
// array ports nor arrays of structs.
module mf_system
(
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  mf_pkg::cfg_t          cfg_i,  // straps (cpumf_system_cfg)
  // inputs of each CPU (cpumf_cpu_in); the lanes' last bits are not read
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [mf_pkg::NCPU*mf_pkg::CPU_IN_LANE-1:0]  in_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  mf_pkg::sys_in_t       sys_i,  // system inputs (cpumf_sys_in)
  // outputs of each CPU (cpumf_cpu_out)
  output logic [mf_pkg::NCPU*mf_pkg::CPU_OUT_LANE-1:0] out_o,
  // registers of each CPU (cpumf_cpu_obs); public: the lockstep bench reads them here
  output logic [mf_pkg::NCPU*mf_pkg::CPU_OBS_LANE-1:0] obs_o /*verilator public_flat_rd*/,
  output mf_pkg::sys_obs_t      sys_obs_o  // registers of the global unit (cpumf_obs)
);

  mf_pkg::cf_global_obs_t global_regs;
  mf_pkg::greq_t          greq;
  logic [mf_pkg::NCPU-1:0] operating, core_busy, cpu_mt_end;
  // the counters of CPU i, slot s at bits 64*(NSLOT*i+s)
  logic [64*mf_pkg::NSLOT*mf_pkg::NCPU-1:0] ctr;
  // what CPU i gives the global unit (its elements of a greq_t, the rest zero)
  logic [mf_pkg::NCPU*$bits(greq)-1:0] cpu_greq;
  // CPU i has group authorization and is asked to clear it (mutant CG_CLEAR_ON_UNAUTH)
  `MUT_ONLY(logic [mf_pkg::NCPU-1:0] mut_cg_unauth;)

  // The CPUs' structs are slices of the lanes: Yosys 0.23 takes no member of a
  // struct declared in a generate block.
  for (genvar i = 0; i < mf_pkg::NCPU; i++) begin : g_cpu
    localparam int InLsb  = mf_pkg::CPU_IN_LANE * i;
    localparam int OutLsb = mf_pkg::CPU_OUT_LANE * i;
    // cpu_regs_t is cpu_obs_t without its last field, the counters (below)
    localparam int RegsLsb  = mf_pkg::CPU_OBS_LANE * i + 64 * mf_pkg::NSLOT;
    localparam int RegsBits = mf_pkg::CPU_OBS_BITS - 64 * mf_pkg::NSLOT;

    mf_cpu #(
      .IDX (i)
    ) mf_cpu (
      .clk_i,
      .rst_ni,
      .installed_i (3'(i) < cfg_i.n_cpus),
      .cfg_i,
      .in_i        (in_i[InLsb +: mf_pkg::CPU_IN_BITS]),
      .sys_i,
      .cf_global_i (global_regs),
      .core_busy_i (core_busy[i]),
      .mt_end_i    (|cpu_mt_end),
      .mt_end_o    (cpu_mt_end[i]),
      .out_o       (out_o[OutLsb +: mf_pkg::CPU_OUT_BITS]),
      .greq_o      (cpu_greq[$bits(greq)*i +: $bits(greq)]),
      .obs_o       (obs_o[RegsLsb +: RegsBits]),
      .ctr_o       (ctr[64*mf_pkg::NSLOT*i +: 64*mf_pkg::NSLOT])
    );

    // the lanes' last bits
    assign out_o[OutLsb + mf_pkg::CPU_OUT_BITS +: mf_pkg::CPU_OUT_LANE - mf_pkg::CPU_OUT_BITS] = '0;
    assign obs_o[mf_pkg::CPU_OBS_LANE*i + mf_pkg::CPU_OBS_BITS +:
                 mf_pkg::CPU_OBS_LANE - mf_pkg::CPU_OBS_BITS] = '0;

    /* verilator lint_off UNUSEDSIGNAL */
    `MUT_ONLY(mf_pkg::cpu_in_t mut_in;
              mf_pkg::cpu_obs_t mut_obs;
              assign mut_in = in_i[InLsb +: mf_pkg::CPU_IN_BITS];
              assign mut_obs = obs_o[mf_pkg::CPU_OBS_LANE*i +: mf_pkg::CPU_OBS_BITS];
              assign mut_cg_unauth[i] = mut_obs.cf_state.cg_a_q &&
                                        mut_in.auth_clr[mf_pkg::AUTH_CG_BIT];)
    /* verilator lint_on UNUSEDSIGNAL */
  end

  // Each CPU drives its own elements of the global request.
  always_comb begin
    greq = '0;
    for (int i = 0; i < mf_pkg::NCPU; i++) greq = greq | cpu_greq[$bits(greq)*i +: $bits(greq)];
  end

  // The interval of a shared CPU keeps ticking in the wait state while its
  // core is busy: another installed CPU of the same core (index / threads per
  // core) is neither stopped nor waiting (uarch.md section 16, SF-INT-1).
  always_comb begin
    for (int j = 0; j < mf_pkg::NCPU; j++)
      operating[j] = 3'(j) < cfg_i.n_cpus && !greq.stopped[j] && !greq.wait_st[j];
    for (int i = 0; i < mf_pkg::NCPU; i++) begin
      core_busy[i] = 1'b0;
      for (int j = 0; j < mf_pkg::NCPU; j++)
        if (j != i && cfg_i.threads_per_core == 2'd2 && j / 2 == i / 2)
          core_busy[i] = core_busy[i] | operating[j];
    end
  end

  cf_global cf_global (
    .clk_i,
    .rst_ni,
    .cfg_csvn_i       (cfg_i.csvn),
    .cfg_has_cg_i     (cfg_i.has_cg),
    .cfg_n_cpus_i     (cfg_i.n_cpus),
    .cfg_tpc_i        (cfg_i.threads_per_core),
    .cfg_n_cg_i       (cfg_i.n_cg),
    .cfg_cpu_cg_i     (cfg_i.cpu_cg),
    .pwr_mt_i         (cfg_i.mt_enabled),
    .cpu_i            (greq),
    .sigp_mt_valid_i  (sys_i.sigp_mt_valid),
    .sigp_mt_enable_i (sys_i.sigp_mt_enable),
    .mt_end_i         (|cpu_mt_end),
    .cg_addr_change_i (sys_i.cg_addr_change),
    .obs_o            (global_regs)
  );

  assign sys_obs_o.cf_global = global_regs;

  // Pack the counters for the port, one constant slice each, CPU innermost:
  // assignments to neighbouring slices would become one slow wide concatenation.
  for (genvar s = 0; s < mf_pkg::NSLOT; s++) begin : g_obs_slot
    for (genvar i = 0; i < mf_pkg::NCPU; i++) begin : g_obs_cpu
      assign obs_o[mf_pkg::CPU_OBS_LANE*i + 64*s +: 64] = ctr[64*(mf_pkg::NSLOT*i+s) +: 64];
    end
  end

  // The straps are a system the RTL build holds (CFG-2): at least one CPU,
  // at most NCPU, and at most NCG groups.
  `ASSUME(CpusInBuild_M, cfg_i.n_cpus != '0 && 32'(cfg_i.n_cpus) <= mf_pkg::NCPU)
  `ASSUME(GroupsInBuild_M, 32'(cfg_i.n_cg) <= mf_pkg::NCG)

endmodule
