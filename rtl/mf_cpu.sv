// One CPU of the measurement facility: counter-set state, counters, alert,
// instruction unit, plus the program parameter and the sampling
// authorization (held here until the sampling slice brings its own unit).
module mf_cpu
  import mf_pkg::*;
(
  input  logic                             clk_i,
  input  logic                             rst_ni,
  // straps
  input  logic                             installed_i,
  input  logic [15:0]                      cfg_cfvn_i,
  input  logic [15:0]                      cfg_csvn_i,
  input  logic [3:0]                       cfg_fac_i,
  input  logic                             cfg_unified_l1_i,
  input  logic                             cfg_has_cg_i,
  input  logic [7:0]                       cfg_n_ext_i,
  input  logic [15:0]                      cfg_max_cpu_addr_i,
  input  logic [15:0]                      cfg_max_cg_addr_i,
  input  logic [2:0]                       cfg_n_cpus_i,
  input  logic [1:0]                       cfg_n_cg_i,
  input  logic [NCPU-1:0][15:0]            cfg_cpu_addr_i,
  input  logic [NCPU-1:0][CGW-1:0]         cfg_cpu_cg_i,
  input  logic [NCG-1:0][15:0]             cfg_cg_addr_i,
  input  logic [6:0]                       pwr_auth_cf_i,
  input  logic [1:0]                       pwr_auth_sf_i,
  input  logic                             pwr_mt_i,
  // activity
  input  logic                             stopped_i,
  input  logic                             wait_i,
  input  logic                             problem_i,
  input  logic [2:0]                       insns_i,
  input  logic                             l1i_dw_i,
  input  logic                             l1i_pen_i,
  input  logic                             l1d_dw_i,
  input  logic                             l1d_pen_i,
  input  logic [4:0]                       cr_fn_i,
  input  logic [4:0]                       cr_busy_i,
  input  logic [4:0]                       cr_bfn_i,
  input  logic [4:0]                       cr_bcyc_i,
  input  logic [159:0]                     ext_ev_i,
  input  logic                             sf_lower_en_i,
  input  logic                             cr0_58_i,
  // instruction request
  input  logic                             insn_valid_i,
  input  logic [3:0]                       insn_op_i,
  input  logic [3:0]                       insn_m3_i,
  input  logic                             insn_problem_i,
  input  logic                             insn_cr0_15_i,
  input  logic [63:0]                      insn_r1_i,
  input  logic [63:0]                      insn_r2_i,
  input  logic [63:0]                      insn_addr_i,
  // external pulses
  input  logic [6:0]                       auth_set_i,
  input  logic [6:0]                       auth_clr_i,
  input  logic [1:0]                       sf_auth_set_i,
  input  logic [1:0]                       sf_auth_clr_i,
  input  logic [2:0]                       reset_i,
  input  logic [5:0]                       loss_cpu_i,
  input  logic                             loss_mt_i,
  input  logic                             alert_taken_i,
  input  logic                             sigp_mt_valid_i,
  input  logic                             sigp_mt_enable_i,
  // storage port
  input  logic                             stor_req_ready_i,
  input  logic                             stor_rsp_valid_i,
  input  logic                             stor_rsp_err_i,
  input  logic [63:0]                      stor_rsp_data_i,
  output logic                             stor_req_valid_o,
  output logic                             stor_req_we_o,
  output logic [7:0]                       stor_req_be_o,
  output logic [63:0]                      stor_req_addr_o,
  output logic [63:0]                      stor_req_wdata_o,
  // global state
  input  logic                             g_e_i,
  input  logic                             g_c_i,
  input  logic                             change_i,
  input  logic [1:0][63:0]                 mt_ctr_i,
  input  logic [NCG-1:0][NCGCTR-1:0][63:0] cg_ctr_i,
  // effects on the global state
  output logic                             lpctl_we_o,
  output logic [1:0]                       lpctl_ec_o,
  output logic                             spctr_we_o,
  output logic [CGW-1:0]                   spctr_grp_o,
  output logic [2:0]                       spctr_ctr_o,
  output logic [63:0]                      spctr_data_o,
  output logic                             mt_active_o,
  output logic                             mt_e_next_o,
`ifdef MUTANT_CG_CLEAR_ON_UNAUTH
  output logic                             cg_a_lost_o,
`endif
  // instruction response and alert
  output logic                             insn_ready_o,
  output logic                             insn_done_o,
  output logic [1:0]                       insn_cc_o,
  output logic [7:0]                       insn_exc_o,
  output logic [63:0]                      insn_r1_o,
  output logic                             alert_req_o,
  output logic [31:0]                      alert_param_o,
  // observation
  output logic [5:0]                       obs_cf_a_o,
  output logic [5:0]                       obs_cf_e_o,
  output logic [5:0]                       obs_cf_c_o,
  output logic                             obs_cg_a_o,
  output logic [63:0]                      obs_ctr_o [NSLOT],
  output logic [2:0]                       obs_insn_state_o,
  output logic [63:0]                      obs_pp_o,
  output logic [1:0]                       obs_sf_a_o
);

  logic [5:0]        a, e, c, e_next;
  logic              cg_a;
  logic [31:0]       alert_raise, alert_pend;
  logic [63:0]       ctr [NSLOT];
  logic              lpp_we, lcctl_we, scctr_we, clr_loss_mt;
  logic [63:0]       operand, wr_data;
  logic [5:0]        lcctl_mask, lcctl_e, lcctl_c;
  logic [7:0]        scctr_slot;
  logic              reset_any;
  logic [63:0]       pp_q, pp_d;
  logic [1:0]        sf_a_q, sf_a_d;

  // Codes above power-on are not resets.
  assign reset_any = reset_i != RST_NONE && reset_i <= RST_POWER_ON;

  cf_state u_state (
    .clk_i,
    .rst_ni,
    .installed_i,
    .cfg_csvn_i,
    .pwr_auth_cf_i,
    .pwr_mt_i,
    .lcctl_we_i    (lcctl_we),
    .lcctl_mask_i  (lcctl_mask),
    .lcctl_e_i     (lcctl_e),
    .lcctl_c_i     (lcctl_c),
    .sigp_mt_valid_i,
    .sigp_mt_enable_i,
    .loss_cpu_i,
    .loss_mt_i,
    .auth_set_i,
    .auth_clr_i,
    .reset_i,
    .g_e_i,
    .a_o           (a),
    .e_o           (e),
    .c_o           (c),
    .cg_a_o        (cg_a),
    .e_next_o      (e_next),
`ifdef MUTANT_CG_CLEAR_ON_UNAUTH
    .cg_a_lost_o,
`endif
    .alert_raise_o (alert_raise)
  );

  cf_counters u_counters (
    .clk_i,
    .rst_ni,
    .cfg_cfvn_i,
    .cfg_csvn_i,
    .cfg_n_ext_i,
    .cfg_unified_l1_i,
    .a_i       (a),
    .e_i       (e),
    .c_i       (c),
    .e_next_i  (e_next),
    .stopped_i,
    .wait_i,
    .problem_i,
    .insns_i,
    .l1i_dw_i,
    .l1i_pen_i,
    .l1d_dw_i,
    .l1d_pen_i,
    .cr_fn_i,
    .cr_busy_i,
    .cr_bfn_i,
    .cr_bcyc_i,
    .ext_ev_i,
    .wr_i      (scctr_we),
    .wr_slot_i (scctr_slot),
    .wr_data_i (wr_data),
    .ctr_o     (ctr)
  );

  mf_alert u_alert (
    .clk_i,
    .rst_ni,
    .raise_i       (alert_raise),
    .clr_loss_mt_i (clr_loss_mt),
    .taken_i       (alert_taken_i),
    .cr0_58_i,
    .cpu_enabled_i ((e_next & SETS_NON_MT) != '0),
    .reset_i       (reset_any),
    .req_o         (alert_req_o),
    .pending_o     (alert_pend)
  );

  mf_insn u_insn (
    .clk_i,
    .rst_ni,
    .installed_i,
    .cfg_cfvn_i,
    .cfg_csvn_i,
    .cfg_fac_i,
    .cfg_has_cg_i,
    .cfg_n_ext_i,
    .cfg_max_cpu_addr_i,
    .cfg_max_cg_addr_i,
    .cfg_n_cpus_i,
    .cfg_n_cg_i,
    .cfg_cpu_addr_i,
    .cfg_cpu_cg_i,
    .cfg_cg_addr_i,
    .stopped_i,
    .insn_valid_i,
    .insn_op_i,
    .insn_m3_i,
    .insn_problem_i,
    .insn_cr0_15_i,
    .insn_r1_i,
    .insn_r2_i,
    .insn_addr_i,
    .stor_req_ready_i,
    .stor_rsp_valid_i,
    .stor_rsp_err_i,
    .stor_rsp_data_i,
    .stor_req_valid_o,
    .stor_req_we_o,
    .stor_req_be_o,
    .stor_req_addr_o,
    .stor_req_wdata_o,
    .a_i            (a),
    .e_i            (e),
    .c_i            (c),
    .cg_a_i         (cg_a),
    .loss_mt_pend_i ((alert_pend & AL_LOSS_MT) != '0),
    .g_e_i,
    .g_c_i,
    .change_i,
    .ctr_i          (ctr),
    .mt_ctr_i,
    .cg_ctr_i,
    .sf_lower_en_i,
    .lpp_we_o       (lpp_we),
    .operand_o      (operand),
    .lcctl_we_o     (lcctl_we),
    .lcctl_mask_o   (lcctl_mask),
    .lcctl_e_o      (lcctl_e),
    .lcctl_c_o      (lcctl_c),
    .lpctl_we_o,
    .lpctl_ec_o,
    .scctr_we_o     (scctr_we),
    .scctr_slot_o   (scctr_slot),
    .spctr_we_o,
    .spctr_grp_o,
    .spctr_ctr_o,
    .wr_data_o      (wr_data),
    .clr_loss_mt_o  (clr_loss_mt),
    .insn_ready_o,
    .insn_done_o,
    .insn_cc_o,
    .insn_exc_o,
    .insn_r1_o,
    .state_o        (obs_insn_state_o)
  );

  // Program parameter: LPP first, then the resets that clear it.
  always_comb begin
    pp_d = lpp_we ? operand : pp_q;
    if (reset_i == RST_INITIAL || reset_i == RST_CLEAR || reset_i == RST_POWER_ON) pp_d = '0;
  end

  // Sampling authorization; losing it raises no alert while no sampling
  // function can be enabled.
  assign sf_a_d = installed_i ? ((sf_a_q | sf_auth_set_i) & ~sf_auth_clr_i) : sf_a_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pp_q   <= '0;
      sf_a_q <= pwr_auth_sf_i;
    end else begin
      pp_q   <= pp_d;
      sf_a_q <= sf_a_d;
    end
  end

  assign spctr_data_o  = wr_data;
  assign mt_active_o   = a[SET_MT] & e[SET_MT] & c[SET_MT];
  assign mt_e_next_o   = e_next[SET_MT];
  assign alert_param_o = alert_pend;

  assign obs_cf_a_o = a;
  assign obs_cf_e_o = e;
  assign obs_cf_c_o = c;
  assign obs_cg_a_o = cg_a;
  assign obs_ctr_o  = ctr;
  assign obs_pp_o   = pp_q;
  assign obs_sf_a_o = sf_a_q;

endmodule
