`include "mf_mutant.svh"

// One CPU of the measurement facility: counter-set state, counters, alert,
// instruction unit, the sampling units (controls, interval, update process)
// and the arbiter that shares the CPU's storage port (uarch.md section 18).
module mf_cpu
  import mf_pkg::*;
#(
  parameter int IDX = 0   // CPU index
) (
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
  input  logic [15:0]                      cfg_bsdes_i,
  input  logic [15:0]                      cfg_dsdes_i,
  input  logic [15:0]                      cfg_dsde_fmt_i,
  input  logic [63:0]                      cfg_min_int_i,
  input  logic [63:0]                      cfg_max_int_i,
  input  logic [31:0]                      cfg_cpu_speed_i,
  input  logic [1:0]                       cfg_int_mode_i,
  input  logic [31:0]                      cfg_lfsr_seed_i,
  input  logic                             cfg_dedicated_i,
  // activity
  input  logic                             stopped_i,
  input  logic                             wait_i,
  input  logic                             problem_i,
  input  logic                             dat_i,
  input  logic [1:0]                       as_i,
  input  logic [15:0]                      asn_i,
  input  logic [63:0]                      ia_i,
  input  logic [2:0]                       insns_i,
  input  logic                             uniq_i,
  input  logic [3:0]                       uniq_count_i,
  input  logic                             l1i_dw_i,
  input  logic                             l1i_pen_i,
  input  logic                             l1d_dw_i,
  input  logic                             l1d_pen_i,
  input  logic [4:0]                       cr_fn_i,
  input  logic [4:0]                       cr_busy_i,
  input  logic [4:0]                       cr_bfn_i,
  input  logic [4:0]                       cr_bcyc_i,
  input  logic [159:0]                     ext_ev_i,
  input  logic [1:0]                       level_i,
  input  logic                             secure_guest_i,
  input  logic                             pcf49_i,
  input  logic                             entry_inconsistent_i,
  input  logic                             sf_lower_en_i,
  input  logic [63:0]                      tod_i,
  input  logic [63:0]                      diag_i,
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
  input  logic                             loss_sample_i,
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
  output logic [1:0]                       obs_sf_a_o,
  output logic [1:0]                       obs_sf_e_o,
  output logic [1:0]                       obs_sf_c_o,
  output logic                             obs_sf_s_o,
  output logic                             obs_sf_h_o,
  output logic [63:0]                      obs_interval_o,
  output logic [63:0]                      obs_tear_o,
  output logic [63:0]                      obs_dear_o,
  output logic [63:0]                      obs_int_cnt_o,
  output logic [7:0]                       obs_int_sec_o,
  output logic                             obs_int_sec_act_o,
  output logic [31:0]                      obs_lfsr_o,
  output logic [63:0]                      obs_coll_o,
  output logic [3:0]                       obs_upd_state_o,
  output logic [63:0]                      obs_n_stored_o,
  output logic [63:0]                      obs_n_overflow_o,
  output logic [1:0]                       obs_arb_o
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
  // sampling
  logic [1:0]        sf_a, sf_e, sf_c, lsctl_e, lsctl_c;
  logic              sf_s, sf_h, sf_en_next, sf_active;
  logic [63:0]       sf_interval, sf_tear, sf_dear, sf_pp;
  logic              lsctl_exec, lsctl_we, lsctl_load, lsctl_s, lsctl_h;
  logic [63:0]       lsctl_interval, lsctl_tear, lsctl_dear;
  logic [31:0]       sf_raise, upd_raise;
  logic              capture, upd_idle, upd_c_clr, upd_tear_we, upd_dear_we;
  logic [63:0]       upd_tear, upd_dear;
  // storage-port requesters behind the arbiter
  logic              ins_valid, ins_we, ins_ready, ins_rsp;
  logic [7:0]        ins_be;
  logic [63:0]       ins_addr, ins_wdata;
  logic              upd_valid, upd_we, upd_ready, upd_rsp;
  logic [7:0]        upd_be;
  logic [63:0]       upd_addr, upd_wdata;
  arb_e              own_q, own_d, sel;

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
    .raise_i       (alert_raise | sf_raise | upd_raise),
    .clr_loss_mt_i (clr_loss_mt),
    .taken_i       (alert_taken_i),
    .cr0_58_i,
    .cpu_enabled_i ((e_next & SETS_NON_MT) != '0),
    .sf_enabled_i  (sf_en_next),
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
    .cfg_bsdes_i,
    .cfg_dsdes_i,
    .cfg_min_int_i,
    .cfg_max_int_i,
    .cfg_cpu_speed_i,
    .stopped_i,
    .insn_valid_i,
    .insn_op_i,
    .insn_m3_i,
    .insn_problem_i,
    .insn_cr0_15_i,
    .insn_r1_i,
    .insn_r2_i,
    .insn_addr_i,
    .stor_req_ready_i (ins_ready),
    .stor_rsp_valid_i (ins_rsp),
    .stor_rsp_err_i,
    .stor_rsp_data_i,
    .stor_req_valid_o (ins_valid),
    .stor_req_we_o    (ins_we),
    .stor_req_be_o    (ins_be),
    .stor_req_addr_o  (ins_addr),
    .stor_req_wdata_o (ins_wdata),
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
    .sf_a_i         (sf_a),
    .sf_e_i         (sf_e),
    .sf_c_i         (sf_c),
    .sf_tear_i      (sf_tear),
    .sf_dear_i      (sf_dear),
    .upd_busy_i     (!upd_idle),
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
    .lsctl_exec_o   (lsctl_exec),
    .lsctl_we_o     (lsctl_we),
    .lsctl_load_o   (lsctl_load),
    .lsctl_e_o      (lsctl_e),
    .lsctl_c_o      (lsctl_c),
    .lsctl_s_o      (lsctl_s),
    .lsctl_h_o      (lsctl_h),
    .lsctl_interval_o (lsctl_interval),
    .lsctl_tear_o   (lsctl_tear),
    .lsctl_dear_o   (lsctl_dear),
    .insn_ready_o,
    .insn_done_o,
    .insn_cc_o,
    .insn_exc_o,
    .insn_r1_o,
    .state_o        (obs_insn_state_o)
  );

  // ---------------------------------------------------------------------------
  // Sampling facility
  // ---------------------------------------------------------------------------
  assign sf_active = (sf_a & sf_e & sf_c) != '0;

  sf_ctrl u_sf_ctrl (
    .clk_i,
    .rst_ni,
    .installed_i,
    .pwr_auth_sf_i,
    .level_i,
    .upd_c_clr_i      (upd_c_clr),
    .upd_tear_we_i    (upd_tear_we),
    .upd_tear_i       (upd_tear),
    .upd_dear_we_i    (upd_dear_we),
    .upd_dear_i       (upd_dear),
    .lsctl_we_i       (lsctl_we),
    .lsctl_load_i     (lsctl_load),
    .lsctl_e_i        (lsctl_e),
    .lsctl_c_i        (lsctl_c),
    .lsctl_s_i        (lsctl_s),
    .lsctl_h_i        (lsctl_h),
    .lsctl_interval_i (lsctl_interval),
    .lsctl_tear_i     (lsctl_tear),
    .lsctl_dear_i     (lsctl_dear),
    .lpp_we_i         (lpp_we),
    .lpp_data_i       (operand),
    .loss_sample_i,
    .sf_auth_set_i,
    .sf_auth_clr_i,
    .reset_i,
    .a_o              (sf_a),
    .e_o              (sf_e),
    .c_o              (sf_c),
    .s_o              (sf_s),
    .h_o              (sf_h),
    .interval_o       (sf_interval),
    .tear_o           (sf_tear),
    .dear_o           (sf_dear),
    .pp_o             (sf_pp),
    .enabled_next_o   (sf_en_next),
    .alert_raise_o    (sf_raise)
  );

  sf_interval #(
    .IDX (IDX)
  ) u_sf_interval (
    .clk_i,
    .rst_ni,
    .cfg_int_mode_i,
    .cfg_lfsr_seed_i,
    .cfg_dedicated_i,
    .stopped_i,
    .wait_i,
    .active_i         (sf_active),
    .interval_i       (sf_interval),
    .enabled_next_i   (sf_en_next),
    .lsctl_exec_i     (lsctl_exec),
    .lsctl_load_i     (lsctl_load),
    .lsctl_interval_i (lsctl_interval),
    .upd_idle_i       (upd_idle),
    .capture_o        (capture),
    .cnt_o            (obs_int_cnt_o),
    .sec_o            (obs_int_sec_o),
    .sec_act_o        (obs_int_sec_act_o),
    .lfsr_o           (obs_lfsr_o),
    .coll_o           (obs_coll_o)
  );

  sf_update u_sf_update (
    .clk_i,
    .rst_ni,
    .cfg_bsdes_i,
    .cfg_dsdes_i,
    .cfg_dsde_fmt_i,
    .capture_i        (capture),
    .wait_i,
    .problem_i,
    .dat_i,
    .as_i,
    .asn_i,
    .ia_i,
    .uniq_i,
    .uniq_count_i,
    .level_i,
    .secure_guest_i,
    .pcf49_i,
    .entry_inconsistent_i,
    .diag_i,
    .tod_i,
    .active_i         (sf_a & sf_e & sf_c),
    .s_i              (sf_s),
    .h_i              (sf_h),
    .pp_i             (sf_pp),
    .tear_i           (sf_tear),
    .dear_i           (sf_dear),
    .stor_req_ready_i (upd_ready),
    .stor_rsp_valid_i (upd_rsp),
    .stor_rsp_err_i,
    .stor_rsp_data_i,
    .stor_req_valid_o (upd_valid),
    .stor_req_we_o    (upd_we),
    .stor_req_be_o    (upd_be),
    .stor_req_addr_o  (upd_addr),
    .stor_req_wdata_o (upd_wdata),
    .tear_we_o        (upd_tear_we),
    .tear_o           (upd_tear),
    .dear_we_o        (upd_dear_we),
    .dear_o           (upd_dear),
    .c_clr_o          (upd_c_clr),
    .alert_raise_o    (upd_raise),
    .idle_o           (upd_idle),
    .state_o          (obs_upd_state_o),
    .n_stored_o       (obs_n_stored_o),
    .n_overflow_o     (obs_n_overflow_o)
  );

  // ---------------------------------------------------------------------------
  // Storage-port arbiter: the owner keeps the port from its first request to
  // its response; with no owner the update process goes first.
  // ---------------------------------------------------------------------------
  always_comb begin
    if (own_q != ARB_NONE) sel = own_q;
    else if (upd_valid)    sel = ARB_UPD;
    else if (ins_valid)    sel = ARB_INSN;
    else                   sel = ARB_NONE;
    `MUT_DO(SF_ARB_INSN_FIRST, if (own_q == ARB_NONE && ins_valid) sel = ARB_INSN;)
    own_d = stor_rsp_valid_i ? ARB_NONE : sel;

    stor_req_valid_o = 1'b0;
    stor_req_we_o    = 1'b0;
    stor_req_be_o    = '0;
    stor_req_addr_o  = '0;
    stor_req_wdata_o = '0;
    unique case (sel)
      ARB_INSN: begin
        stor_req_valid_o = ins_valid;
        stor_req_we_o    = ins_we;
        stor_req_be_o    = ins_be;
        stor_req_addr_o  = ins_addr;
        stor_req_wdata_o = ins_wdata;
      end
      ARB_UPD: begin
        stor_req_valid_o = upd_valid;
        stor_req_we_o    = upd_we;
        stor_req_be_o    = upd_be;
        stor_req_addr_o  = upd_addr;
        stor_req_wdata_o = upd_wdata;
      end
      default: ;
    endcase
    ins_ready = stor_req_ready_i && (sel == ARB_INSN);
    upd_ready = stor_req_ready_i && (sel == ARB_UPD);
    ins_rsp   = stor_rsp_valid_i && (own_q == ARB_INSN);
    upd_rsp   = stor_rsp_valid_i && (own_q == ARB_UPD);
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      own_q <= ARB_NONE;
    end else begin
      own_q <= own_d;
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
  assign obs_pp_o   = sf_pp;
  assign obs_sf_a_o = sf_a;
  assign obs_sf_e_o = sf_e;
  assign obs_sf_c_o = sf_c;
  assign obs_sf_s_o = sf_s;
  assign obs_sf_h_o = sf_h;
  assign obs_interval_o = sf_interval;
  assign obs_tear_o = sf_tear;
  assign obs_dear_o = sf_dear;
  assign obs_arb_o  = own_q;

endmodule
