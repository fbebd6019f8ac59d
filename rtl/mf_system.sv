// Top of the CPU-measurement counter facility: NCPU CPUs and the global
// unit. Model and system values are straps, constant during a run.
module mf_system
  import mf_pkg::*;
(
  input  logic                                        clk_i,
  input  logic                                        rst_ni,
  // straps
  input  logic [15:0]                                 cfg_cfvn_i,
  input  logic [15:0]                                 cfg_csvn_i,
  input  logic [3:0]                                  cfg_fac_i,
  input  logic                                        cfg_unified_l1_i,
  input  logic                                        cfg_has_cg_i,
  input  logic [7:0]                                  cfg_n_ext_i,
  input  logic [15:0]                                 cfg_max_cpu_addr_i,
  input  logic [15:0]                                 cfg_max_cg_addr_i,
  input  logic [2:0]                                  cfg_n_cpus_i,
  input  logic [1:0]                                  cfg_tpc_i,
  input  logic [1:0]                                  cfg_n_cg_i,
  input  logic [NCPU-1:0][15:0]                       cfg_cpu_addr_i,
  input  logic [NCPU-1:0][CGW-1:0]                    cfg_cpu_cg_i,
  input  logic [NCG-1:0][15:0]                        cfg_cg_addr_i,
  input  logic [6:0]                                  pwr_auth_cf_i,
  input  logic [1:0]                                  pwr_auth_sf_i,
  input  logic                                        pwr_mt_i,
  // activity
  input  logic [NCPU-1:0]                             stopped_i,
  input  logic [NCPU-1:0]                             wait_i,
  input  logic [NCPU-1:0]                             problem_i,
  input  logic [NCPU-1:0]                             dat_i,
  input  logic [NCPU-1:0][1:0]                        as_i,
  input  logic [NCPU-1:0][15:0]                       asn_i,
  input  logic [NCPU-1:0][63:0]                       ia_i,
  input  logic [NCPU-1:0][2:0]                        insns_i,
  input  logic [NCPU-1:0]                             uniq_i,
  input  logic [NCPU-1:0][3:0]                        uniq_count_i,
  input  logic [NCPU-1:0]                             l1i_dw_i,
  input  logic [NCPU-1:0]                             l1i_pen_i,
  input  logic [NCPU-1:0]                             l1d_dw_i,
  input  logic [NCPU-1:0]                             l1d_pen_i,
  input  logic [NCPU-1:0][4:0]                        cr_fn_i,
  input  logic [NCPU-1:0][4:0]                        cr_busy_i,
  input  logic [NCPU-1:0][4:0]                        cr_bfn_i,
  input  logic [NCPU-1:0][4:0]                        cr_bcyc_i,
  input  logic [NCPU-1:0][159:0]                      ext_ev_i,
  input  logic [NCPU-1:0][1:0]                        level_i,
  input  logic [NCPU-1:0]                             secure_guest_i,
  input  logic [NCPU-1:0]                             pcf49_i,
  input  logic [NCPU-1:0]                             entry_inconsistent_i,
  input  logic [NCPU-1:0]                             sf_lower_en_i,
  input  logic [NCPU-1:0][63:0]                       tod_i,
  input  logic [NCPU-1:0]                             cr0_58_i,
  // instruction request
  input  logic [NCPU-1:0]                             insn_valid_i,
  input  logic [NCPU-1:0][3:0]                        insn_op_i,
  input  logic [NCPU-1:0][3:0]                        insn_m3_i,
  input  logic [NCPU-1:0]                             insn_problem_i,
  input  logic [NCPU-1:0]                             insn_cr0_15_i,
  input  logic [NCPU-1:0][63:0]                       insn_r1_i,
  input  logic [NCPU-1:0][63:0]                       insn_r2_i,
  input  logic [NCPU-1:0][63:0]                       insn_addr_i,
  // external pulses
  input  logic [NCPU-1:0][6:0]                        auth_set_i,
  input  logic [NCPU-1:0][6:0]                        auth_clr_i,
  input  logic [NCPU-1:0][1:0]                        sf_auth_set_i,
  input  logic [NCPU-1:0][1:0]                        sf_auth_clr_i,
  input  logic [NCPU-1:0][2:0]                        reset_i,
  input  logic [NCPU-1:0][5:0]                        loss_cpu_i,
  input  logic [NCPU-1:0]                             loss_mt_i,
  input  logic [NCPU-1:0]                             loss_sample_i,
  input  logic [NCPU-1:0]                             alert_taken_i,
  input  logic                                        sigp_mt_valid_i,
  input  logic                                        sigp_mt_enable_i,
  input  logic                                        cg_addr_change_i,
  // storage port
  input  logic [NCPU-1:0]                             stor_req_ready_i,
  input  logic [NCPU-1:0]                             stor_rsp_valid_i,
  input  logic [NCPU-1:0]                             stor_rsp_err_i,
  input  logic [NCPU-1:0][63:0]                       stor_rsp_data_i,
  output logic [NCPU-1:0]                             stor_req_valid_o,
  output logic [NCPU-1:0]                             stor_req_we_o,
  output logic [NCPU-1:0][7:0]                        stor_req_be_o,
  output logic [NCPU-1:0][63:0]                       stor_req_addr_o,
  output logic [NCPU-1:0][63:0]                       stor_req_wdata_o,
  // instruction response
  output logic [NCPU-1:0]                             insn_ready_o,
  output logic [NCPU-1:0]                             insn_done_o,
  output logic [NCPU-1:0][1:0]                        insn_cc_o,
  output logic [NCPU-1:0][7:0]                        insn_exc_o,
  output logic [NCPU-1:0][63:0]                       insn_r1_o,
  // alert
  output logic [NCPU-1:0]                             alert_req_o,
  output logic [NCPU-1:0][31:0]                       alert_param_o,
  // observation
  output logic [NCPU-1:0][5:0]                        obs_cf_a_o,
  output logic [NCPU-1:0][5:0]                        obs_cf_e_o,
  output logic [NCPU-1:0][5:0]                        obs_cf_c_o,
  output logic [NCPU-1:0]                             obs_cg_a_o,
  output logic [NCPU-1:0][NSLOT-1:0][63:0]            obs_ctr_o,
  output logic [NCPU-1:0][31:0]                       obs_alert_o,
  output logic [NCPU-1:0][2:0]                        obs_insn_state_o,
  output logic [NCPU-1:0][63:0]                       obs_pp_o,
  output logic [NCPU-1:0][1:0]                        obs_sf_a_o,
  output logic [3:0]                                  obs_g_o,
  output logic [NCG-1:0][NCGCTR-1:0][63:0]            obs_cg_ctr_o,
  output logic [NCPU-1:0][1:0][63:0]                  obs_mt_ctr_o
);

  // Inputs of the sampling facility, which lands with its own slice.
  /* verilator lint_off UNUSEDSIGNAL */
  logic unused_sampling;
  assign unused_sampling = ^{dat_i, as_i, asn_i, ia_i, uniq_i, uniq_count_i, level_i,
                             secure_guest_i, pcf49_i, entry_inconsistent_i, tod_i,
                             loss_sample_i};
  /* verilator lint_on UNUSEDSIGNAL */

  logic                             g_e, g_c, change, mt_enabled;
  logic [NCG-1:0][NCGCTR-1:0][63:0] cg_ctr;
  logic [NCPU-1:0][1:0][63:0]       mt_ctr;
  logic [NCPU-1:0]                  lpctl_we, spctr_we, mt_active, mt_e_next;
  logic [NCPU-1:0][1:0]             lpctl_ec;
  logic [NCPU-1:0][CGW-1:0]         spctr_grp;
  logic [NCPU-1:0][2:0]             spctr_ctr;
  logic [NCPU-1:0][63:0]            spctr_data;
`ifdef MUTANT_CG_CLEAR_ON_UNAUTH
  logic [NCPU-1:0]                  cg_a_lost;
`endif

  // The CPUs keep their counters unpacked (one native word per slot).
  logic [63:0]                      ctr [NCPU][NSLOT];

  for (genvar i = 0; i < NCPU; i++) begin : g_cpu
    // CPU i belongs to core i / threads-per-core.
    logic [1:0] core;
    assign core = (cfg_tpc_i == 2'd2) ? 2'(i / 2) : 2'(i);

    mf_cpu u_cpu (
      .clk_i,
      .rst_ni,
      .installed_i        (i < int'(cfg_n_cpus_i)),
      .cfg_cfvn_i,
      .cfg_csvn_i,
      .cfg_fac_i,
      .cfg_unified_l1_i,
      .cfg_has_cg_i,
      .cfg_n_ext_i,
      .cfg_max_cpu_addr_i,
      .cfg_max_cg_addr_i,
      .cfg_n_cpus_i,
      .cfg_n_cg_i,
      .cfg_cpu_addr_i,
      .cfg_cpu_cg_i,
      .cfg_cg_addr_i,
      .pwr_auth_cf_i,
      .pwr_auth_sf_i,
      .pwr_mt_i,
      .stopped_i          (stopped_i[i]),
      .wait_i             (wait_i[i]),
      .problem_i          (problem_i[i]),
      .insns_i            (insns_i[i]),
      .l1i_dw_i           (l1i_dw_i[i]),
      .l1i_pen_i          (l1i_pen_i[i]),
      .l1d_dw_i           (l1d_dw_i[i]),
      .l1d_pen_i          (l1d_pen_i[i]),
      .cr_fn_i            (cr_fn_i[i]),
      .cr_busy_i          (cr_busy_i[i]),
      .cr_bfn_i           (cr_bfn_i[i]),
      .cr_bcyc_i          (cr_bcyc_i[i]),
      .ext_ev_i           (ext_ev_i[i]),
      .sf_lower_en_i      (sf_lower_en_i[i]),
      .cr0_58_i           (cr0_58_i[i]),
      .insn_valid_i       (insn_valid_i[i]),
      .insn_op_i          (insn_op_i[i]),
      .insn_m3_i          (insn_m3_i[i]),
      .insn_problem_i     (insn_problem_i[i]),
      .insn_cr0_15_i      (insn_cr0_15_i[i]),
      .insn_r1_i          (insn_r1_i[i]),
      .insn_r2_i          (insn_r2_i[i]),
      .insn_addr_i        (insn_addr_i[i]),
      .auth_set_i         (auth_set_i[i]),
      .auth_clr_i         (auth_clr_i[i]),
      .sf_auth_set_i      (sf_auth_set_i[i]),
      .sf_auth_clr_i      (sf_auth_clr_i[i]),
      .reset_i            (reset_i[i]),
      .loss_cpu_i         (loss_cpu_i[i]),
      .loss_mt_i          (loss_mt_i[i]),
      .alert_taken_i      (alert_taken_i[i]),
      .sigp_mt_valid_i,
      .sigp_mt_enable_i,
      .stor_req_ready_i   (stor_req_ready_i[i]),
      .stor_rsp_valid_i   (stor_rsp_valid_i[i]),
      .stor_rsp_err_i     (stor_rsp_err_i[i]),
      .stor_rsp_data_i    (stor_rsp_data_i[i]),
      .stor_req_valid_o   (stor_req_valid_o[i]),
      .stor_req_we_o      (stor_req_we_o[i]),
      .stor_req_be_o      (stor_req_be_o[i]),
      .stor_req_addr_o    (stor_req_addr_o[i]),
      .stor_req_wdata_o   (stor_req_wdata_o[i]),
      .g_e_i              (g_e),
      .g_c_i              (g_c),
      .change_i           (change),
      .mt_ctr_i           (mt_ctr[core]),
      .cg_ctr_i           (cg_ctr),
      .lpctl_we_o         (lpctl_we[i]),
      .lpctl_ec_o         (lpctl_ec[i]),
      .spctr_we_o         (spctr_we[i]),
      .spctr_grp_o        (spctr_grp[i]),
      .spctr_ctr_o        (spctr_ctr[i]),
      .spctr_data_o       (spctr_data[i]),
      .mt_active_o        (mt_active[i]),
      .mt_e_next_o        (mt_e_next[i]),
`ifdef MUTANT_CG_CLEAR_ON_UNAUTH
      .cg_a_lost_o        (cg_a_lost[i]),
`endif
      .insn_ready_o       (insn_ready_o[i]),
      .insn_done_o        (insn_done_o[i]),
      .insn_cc_o          (insn_cc_o[i]),
      .insn_exc_o         (insn_exc_o[i]),
      .insn_r1_o          (insn_r1_o[i]),
      .alert_req_o        (alert_req_o[i]),
      .alert_param_o      (alert_param_o[i]),
      .obs_cf_a_o         (obs_cf_a_o[i]),
      .obs_cf_e_o         (obs_cf_e_o[i]),
      .obs_cf_c_o         (obs_cf_c_o[i]),
      .obs_cg_a_o         (obs_cg_a_o[i]),
      .obs_ctr_o          (ctr[i]),
      .obs_insn_state_o   (obs_insn_state_o[i]),
      .obs_pp_o           (obs_pp_o[i]),
      .obs_sf_a_o         (obs_sf_a_o[i])
    );
  end

  cf_global u_global (
    .clk_i,
    .rst_ni,
    .cfg_csvn_i,
    .cfg_has_cg_i,
    .cfg_n_cpus_i,
    .cfg_tpc_i,
    .cfg_n_cg_i,
    .cfg_cpu_cg_i,
    .pwr_mt_i,
    .lpctl_we_i   (lpctl_we),
    .lpctl_ec_i   (lpctl_ec),
    .spctr_we_i   (spctr_we),
    .spctr_grp_i  (spctr_grp),
    .spctr_ctr_i  (spctr_ctr),
    .spctr_data_i (spctr_data),
    .reset_i,
    .stopped_i,
    .wait_i,
    .cr_fn_i,
    .cr_busy_i,
    .cr_bfn_i,
    .cr_bcyc_i,
    .mt_active_i  (mt_active),
    .mt_e_next_i  (mt_e_next),
`ifdef MUTANT_CG_CLEAR_ON_UNAUTH
    .cg_a_lost_i  (cg_a_lost),
`endif
    .sigp_mt_valid_i,
    .sigp_mt_enable_i,
    .cg_addr_change_i,
    .g_e_o        (g_e),
    .g_c_o        (g_c),
    .change_o     (change),
    .mt_enabled_o (mt_enabled),
    .cg_ctr_o     (cg_ctr),
    .mt_ctr_o     (mt_ctr)
  );

  // Pack them for the port, one constant slice each. CPU innermost: Verilator
  // merges assignments to neighbouring slices into one slow wide concatenation.
  for (genvar s = 0; s < NSLOT; s++) begin : g_obs_slot
    for (genvar i = 0; i < NCPU; i++) begin : g_obs_cpu
      assign obs_ctr_o[i][s] = ctr[i][s];
    end
  end

  assign obs_alert_o  = alert_param_o;
  assign obs_g_o      = {mt_enabled, change, g_c, g_e};
  assign obs_cg_ctr_o = cg_ctr;
  assign obs_mt_ctr_o = mt_ctr;

endmodule
