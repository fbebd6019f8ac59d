// Top of the CPU-measurement facility (counters and sampling): NCPU CPUs and
// the global unit. Model and system values are straps, constant during a run.
// The ports are the packed structs of mf_pkg, field for field the C structs
// of the model (cmodel/include/cpumf/cpumf.h); CPU i is element i of an
// unpacked array, so that every CPU's struct starts on a word boundary.
module mf_system
  import mf_pkg::*;
(
  input  logic     clk_i,
  input  logic     rst_ni,
  input  cfg_t     cfg_i,             // straps (cpumf_system_cfg)
  input  cpu_in_t  in_i [NCPU],       // inputs of each CPU (cpumf_cpu_in)
  input  sys_in_t  sys_i,             // system inputs (cpumf_sys_in)
  output cpu_out_t out_o [NCPU],      // outputs of each CPU (cpumf_cpu_out)
  // registers of each CPU (cpumf_cpu_obs); public: the lockstep bench reads them here
  output cpu_obs_t obs_o [NCPU] /*verilator public_flat_rd*/,
  output sys_obs_t sys_obs_o          // registers of the global unit (cpumf_obs)
);

  cf_global_obs_t                   global_regs;
  cpu_greq_t [NCPU-1:0]             greq;
  logic [NCPU-1:0]                  lpctl_we, spctr_we, mt_active, mt_e_next, stopped, wait_st;
  logic [NCPU-1:0][1:0]             lpctl_ec;
  logic [NCPU-1:0][CGW-1:0]         spctr_grp;
  logic [NCPU-1:0][2:0]             spctr_ctr, reset;
  logic [NCPU-1:0][63:0]            spctr_data;
  logic [NCPU-1:0][4:0]             cr_fn, cr_busy, cr_bfn, cr_bcyc;
  logic [NCPU-1:0]                  operating, core_busy;

  // The CPUs keep their counters unpacked (one native word per slot).
  logic [63:0]                      ctr [NCPU][NSLOT];

  for (genvar i = 0; i < NCPU; i++) begin : g_cpu
    cpu_regs_t regs;

    mf_cpu #(
      .IDX (i)
    ) mf_cpu (
      .clk_i,
      .rst_ni,
      .installed_i (i < int'(cfg_i.n_cpus)),
      .cfg_i,
      .in_i        (in_i[i]),
      .sys_i,
      .cf_global_i (global_regs),
      .core_busy_i (core_busy[i]),
      .out_o       (out_o[i]),
      .greq_o      (greq[i]),
      .obs_o       (regs),
      .ctr_o       (ctr[i])
    );

    // cpu_regs_t is cpu_obs_t without its last field, the counters (below).
    assign obs_o[i][$bits(cpu_obs_t)-1:$bits(cf_counters_obs_t)] = regs;

    // What the global unit takes from each CPU, one vector per signal.
    assign lpctl_we[i]   = greq[i].lpctl_we;
    assign lpctl_ec[i]   = greq[i].lpctl_ec;
    assign spctr_we[i]   = greq[i].spctr_we;
    assign spctr_grp[i]  = greq[i].spctr_grp;
    assign spctr_ctr[i]  = greq[i].spctr_ctr;
    assign spctr_data[i] = greq[i].spctr_data;
    assign mt_active[i]  = greq[i].mt_active;
    assign mt_e_next[i]  = greq[i].mt_e_next;
    assign reset[i]      = in_i[i].reset;
    assign stopped[i]    = in_i[i].stopped;
    assign wait_st[i]    = in_i[i].wait_st;
    assign cr_fn[i]      = in_i[i].cr_fn;
    assign cr_busy[i]    = in_i[i].cr_busy;
    assign cr_bfn[i]     = in_i[i].cr_bfn;
    assign cr_bcyc[i]    = in_i[i].cr_bcyc;
  end

  // The interval of a shared CPU keeps ticking in the wait state while its
  // core is busy: another installed CPU of the same core (index / threads per
  // core) is neither stopped nor waiting (uarch.md section 16, SF-INT-1).
  always_comb begin
    for (int j = 0; j < NCPU; j++)
      operating[j] = j < int'(cfg_i.n_cpus) && !stopped[j] && !wait_st[j];
    for (int i = 0; i < NCPU; i++) begin
      core_busy[i] = 1'b0;
      for (int j = 0; j < NCPU; j++)
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
    .lpctl_we_i       (lpctl_we),
    .lpctl_ec_i       (lpctl_ec),
    .spctr_we_i       (spctr_we),
    .spctr_grp_i      (spctr_grp),
    .spctr_ctr_i      (spctr_ctr),
    .spctr_data_i     (spctr_data),
    .reset_i          (reset),
    .stopped_i        (stopped),
    .wait_i           (wait_st),
    .cr_fn_i          (cr_fn),
    .cr_busy_i        (cr_busy),
    .cr_bfn_i         (cr_bfn),
    .cr_bcyc_i        (cr_bcyc),
    .mt_active_i      (mt_active),
    .mt_e_next_i      (mt_e_next),
    .sigp_mt_valid_i  (sys_i.sigp_mt_valid),
    .sigp_mt_enable_i (sys_i.sigp_mt_enable),
    .cg_addr_change_i (sys_i.cg_addr_change),
    .obs_o            (global_regs)
  );

  assign sys_obs_o.cf_global = global_regs;

  // Pack the counters for the port, one constant slice each, CPU innermost:
  // assignments to neighbouring slices would become one slow wide concatenation.
  for (genvar s = 0; s < NSLOT; s++) begin : g_obs_slot
    for (genvar i = 0; i < NCPU; i++) begin : g_obs_cpu
      assign obs_o[i].cf_counters.ctr_q[s] = ctr[i][s];
    end
  end

endmodule
