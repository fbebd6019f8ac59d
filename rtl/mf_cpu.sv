// SPDX-License-Identifier: Apache-2.0
`include "mf_mutant.svh"
`include "mf_assert.svh"

// One CPU of the measurement facility: counter-set state, counters, alert,
// instruction unit, the sampling units (controls, interval, update process)
// and the arbiter that shares the CPU's storage port (uarch.md section 18).
// The units are instances named as their modules, so that a register is
// g_cpu[i].mf_cpu.<unit>.<reg> in the hierarchy and cpuN.<unit>.<reg> in
// the lockstep's reports.
module mf_cpu
#(
  parameter int IDX = 0   // CPU index
) (
  input  logic           clk_i,
  input  logic           rst_ni,
  /*verilator coverage_off*/  // straps are constant in a run (CFG-2): no toggle coverage
  input  logic           installed_i,
  input  mf_pkg::cfg_t           cfg_i,          // straps
  /*verilator coverage_on*/
  input  mf_pkg::cpu_in_t        in_i,           // this CPU's inputs
  input  mf_pkg::sys_in_t        sys_i,          // SIGP
  input  mf_pkg::cf_global_obs_t cf_global_i,    // the global registers of this cycle
  input  logic           core_busy_i,    // another CPU of this core operates
  input  logic           mt_end_i,       // some CPU's reset ends multithreading
  output logic           mt_end_o,       // this CPU's reset ends multithreading
  output mf_pkg::cpu_out_t       out_o,
  output mf_pkg::greq_t          greq_o,         // effects on the global state, activity
  output mf_pkg::cpu_regs_t      obs_o,          // the registers but the counters
  output logic [64*mf_pkg::NSLOT-1:0] ctr_o  // the counters, slot s at bits 64s
);

  logic [5:0]        a, e, c, e_next;
  logic              cg_a;
  logic [31:0]       alert_raise, alert_pend;
  // the slots mf_insn reads (read k at bits 8k) and their values (at bits 64k),
  // read where cf_counters keeps them rather than copied into mf_insn
  logic [23:0]       ctr_rd_slot;
  logic [191:0]      ctr_rd;
  logic              lpp_we, lcctl_we, scctr_we, clr_loss_mt;
  logic [63:0]       operand, wr_data;
  logic [5:0]        lcctl_mask, lcctl_e, lcctl_c;
  logic [7:0]        scctr_slot;
  logic              reset_any;
  // instruction effects on the global state
  logic              lpctl_we, spctr_we;
  logic [1:0]        lpctl_ec;
  logic [mf_pkg::CGW-1:0] spctr_grp;
  logic [2:0]        spctr_ctr;
  // sampling
  // (per set: the LPAR set's sf_e, ..., the VM set's sf_e_vm, ...; section 22)
  logic [1:0]        sf_a, sf_e, sf_c, lsctl_e, lsctl_c, sf_e_vm, sf_c_vm;
  logic              sf_s, sf_h, sf_s_vm;
  logic [1:0]        sf_en_next, sf_active, sf_act, sf_act_vm;
  logic [63:0]       interval, sf_tear, sf_dear, sf_pp, sf_pp_vm;
  logic [63:0]       interval_vm, sf_tear_vm, sf_dear_vm;
  logic              lsctl_exec, lsctl_we, lsctl_load, lsctl_s, lsctl_h;
  logic [63:0]       lsctl_interval, lsctl_tear, lsctl_dear;
  logic [31:0]       sf_raise, upd_raise;
  logic              capture, capture_vm, upd_lvl, upd_idle, upd_c_clr, upd_tear_we, upd_dear_we;
  logic [63:0]       upd_tear, upd_dear;
  // storage-port requesters behind the arbiter
  logic              ins_valid, ins_we, ins_ready, ins_rsp;
  mf_pkg::stor_op_e  ins_op, upd_op, stor_req_op;
  logic [7:0]        ins_be;
  logic [63:0]       ins_addr, ins_wdata;
  logic              upd_valid, upd_we, upd_ready, upd_rsp;
  logic [7:0]        upd_be;
  logic [63:0]       upd_addr, upd_wdata;
  mf_pkg::arb_e              own_q, own_d, sel;
  logic              stor_req_valid, stor_req_we;
  logic [7:0]        stor_req_be;
  logic [63:0]       stor_req_addr, stor_req_wdata;
  // CPU IDX belongs to core IDX / threads-per-core.
  /*verilator coverage_off*/  // functions of the straps alone: constant in a run
  logic [1:0]        core;
  /*verilator coverage_on*/
  logic              unused_global;

  assign core = (cfg_i.threads_per_core == 2'd2) ? 2'(IDX / 2) : 2'(IDX);
  assign unused_global = sys_i.cg_addr_change;

  // Clear, basic-machine clear and power-on resets end multithreading (MT-2).
  assign mt_end_o = installed_i &&
                    in_i.reset >= `MUT_SEL(MT_CLEAR_RESET_KEEPS_MT, mf_pkg::RESET_POWER_ON,
                                           mf_pkg::RESET_CLEAR) &&
                    in_i.reset <= mf_pkg::RESET_BASIC_MACHINE_CLEAR;

  // Codes above basic-machine clear are not resets.
  assign reset_any = in_i.reset != mf_pkg::RESET_NONE &&
                     in_i.reset <= mf_pkg::RESET_BASIC_MACHINE_CLEAR;

  cf_state cf_state (
    .clk_i,
    .rst_ni,
    .installed_i,
    .cfg_csvn_i       (cfg_i.csvn),
    .pwr_auth_cf_i    (cfg_i.auth_cf),
    .pwr_mt_i         (cfg_i.mt_enabled),
    .lcctl_we_i       (lcctl_we),
    .lcctl_mask_i     (lcctl_mask),
    .lcctl_e_i        (lcctl_e),
    .lcctl_c_i        (lcctl_c),
    .sigp_mt_valid_i  (sys_i.sigp_mt_valid),
    .sigp_mt_enable_i (sys_i.sigp_mt_enable),
    .mt_en_i          (cf_global_i.mt_en_q),
    .mt_end_i,
    .loss_cpu_i       (in_i.loss_cpu),
    .loss_mt_i        (in_i.loss_mt),
    .auth_set_i       (in_i.auth_set),
    .auth_clr_i       (in_i.auth_clr),
    .reset_i          (`MUT_SEL(CLEAR_RESET_KEEPS_SETS,
                                (in_i.reset == mf_pkg::RESET_CLEAR) ? 3'd0 : in_i.reset,
                                in_i.reset)),
    .g_e_i            (cf_global_i.g_e_q),
    .a_o              (a),
    .e_o              (e),
    .c_o              (c),
    .cg_a_o           (cg_a),
    .e_next_o         (e_next),
    .alert_raise_o    (alert_raise)
  );

  cf_counters cf_counters (
    .clk_i,
    .rst_ni,
    .cfg_cfvn_i       (cfg_i.cfvn),
    .cfg_csvn_i       (cfg_i.csvn),
    .cfg_n_ext_i      (cfg_i.n_ext),
    .cfg_ext_undef_i  (cfg_i.ext_undef),
    .cfg_unified_l1_i (cfg_i.unified_l1),
    .a_i              (a),
    .e_i              (e),
    .c_i              (c),
    .e_next_i         (e_next),
    .stopped_i        (in_i.stopped),
    .wait_i           (in_i.wait_st),
    .problem_i        (in_i.problem),
    .insns_i          (in_i.insns),
    .l1i_dw_i         (in_i.l1i_dw),
    .l1i_pen_i        (in_i.l1i_pen),
    .l1d_dw_i         (in_i.l1d_dw),
    .l1d_pen_i        (in_i.l1d_pen),
    .cr_fn_i          (in_i.cr_fn),
    .cr_busy_i        (in_i.cr_busy),
    .cr_bfn_i         (in_i.cr_bfn),
    .cr_bcyc_i        (in_i.cr_bcyc),
    .ext_ev_i         (in_i.ext),
    .wr_i             (scctr_we),
    .wr_slot_i        (scctr_slot),
    .wr_data_i        (wr_data),
    .rd_slot_i        (ctr_rd_slot),
    .rd_o             (ctr_rd),
    .ctr_o
  );

  mf_alert mf_alert (
    .clk_i,
    .rst_ni,
    .raise_i       (alert_raise | sf_raise | upd_raise),
    .clr_loss_mt_i (clr_loss_mt),
    .taken_i       (in_i.alert_taken),
    .cr0_58_i      (in_i.cr0_58),
    .cpu_enabled_i ((e_next & mf_pkg::SETS_NON_MT) != '0),
    .sf_enabled_i  (sf_en_next != '0),
    .reset_i       (reset_any),
    .alert_req_o   (out_o.alert_req),
    .alert_param_o (alert_pend)
  );

  mf_insn mf_insn (
    .clk_i,
    .rst_ni,
    .installed_i,
    .cfg_cfvn_i         (cfg_i.cfvn),
    .cfg_csvn_i         (cfg_i.csvn),
    .cfg_fac_i          ({cfg_i.fac_stcctm, cfg_i.fac_sf, cfg_i.fac_cf, cfg_i.fac_lpp}),
    .cfg_has_cg_i       (cfg_i.has_cg),
    .cfg_n_ext_i        (cfg_i.n_ext),
    .cfg_max_cpu_addr_i (cfg_i.max_cpu_addr),
    .cfg_max_cg_addr_i  (cfg_i.max_cg_addr),
    .cfg_n_cpus_i       (cfg_i.n_cpus),
    .cfg_n_cg_i         (cfg_i.n_cg),
    .cfg_cpu_addr_i     (cfg_i.cpu_addr),
    .cfg_cpu_cg_i       (cfg_i.cpu_cg),
    .cfg_cg_addr_i      (cfg_i.cg_addr),
    .cfg_bsdes_i        (cfg_i.bsdes),
    .cfg_dsdes_i        (cfg_i.dsdes),
    .cfg_min_int_i      (cfg_i.min_interval),
    .cfg_max_int_i      (cfg_i.max_interval),
    .cfg_cpu_speed_i    (cfg_i.cpu_speed),
    .stopped_i          (in_i.stopped),
    .insn_valid_i       (in_i.insn_valid),
    .insn_op_i          (in_i.op),
    .insn_m3_i          (in_i.m3),
    .insn_problem_i     (in_i.insn_problem),
    .insn_cr0_15_i      (in_i.cr0_15),
    .insn_r1_i          (in_i.r1),
    .insn_r2_i          (in_i.r2),
    .insn_addr_i        (in_i.addr),
    .stor_req_ready_i   (ins_ready),
    .stor_rsp_valid_i   (ins_rsp),
    .stor_rsp_err_i     (in_i.stor_rsp_err),
    .stor_rsp_data_i    (in_i.stor_rsp_data),
    .stor_req_valid_o   (ins_valid),
    .stor_req_we_o      (ins_we),
    .stor_req_op_o      (ins_op),
    .stor_req_be_o      (ins_be),
    .stor_req_addr_o    (ins_addr),
    .stor_req_wdata_o   (ins_wdata),
    .a_i                (a),
    .e_i                (e),
    .c_i                (c),
    .cg_a_i             (cg_a),
    .loss_mt_pend_i     ((alert_pend & mf_pkg::AL_LOSS_MT) != '0),
    .g_e_i              (cf_global_i.g_e_q),
    .g_c_i              (cf_global_i.g_c_q),
    .change_i           (cf_global_i.change_q),
    .ctr_rd_slot_o      (ctr_rd_slot),
    .ctr_rd_i           (ctr_rd),
    .mt_ctr_i           ({cf_global_i.mt_ctr_q[2*core+1], cf_global_i.mt_ctr_q[2*core]}),
    .cg_ctr_i           (cf_global_i.cg_ctr_q),
    .level_i            (in_i.level),
    .sf_lower_en_i      (in_i.sf_lower_enabled),
    .sf_a_i             (sf_a),
    .sf_e_i             (sf_e),
    .sf_c_i             (sf_c),
    .sf_tear_i          (sf_tear),
    .sf_dear_i          (sf_dear),
    .sf_e_vm_i          (sf_e_vm),
    .sf_c_vm_i          (sf_c_vm),
    .sf_tear_vm_i       (sf_tear_vm),
    .sf_dear_vm_i       (sf_dear_vm),
    .upd_busy_i         (!upd_idle),
    .lpp_we_o           (lpp_we),
    .operand_o          (operand),
    .lcctl_we_o         (lcctl_we),
    .lcctl_mask_o       (lcctl_mask),
    .lcctl_e_o          (lcctl_e),
    .lcctl_c_o          (lcctl_c),
    .lpctl_we_o         (lpctl_we),
    .lpctl_ec_o         (lpctl_ec),
    .scctr_we_o         (scctr_we),
    .scctr_slot_o       (scctr_slot),
    .spctr_we_o         (spctr_we),
    .spctr_grp_o        (spctr_grp),
    .spctr_ctr_o        (spctr_ctr),
    .wr_data_o          (wr_data),
    .clr_loss_mt_o      (clr_loss_mt),
    .lsctl_exec_o       (lsctl_exec),
    .lsctl_we_o         (lsctl_we),
    .lsctl_load_o       (lsctl_load),
    .lsctl_e_o          (lsctl_e),
    .lsctl_c_o          (lsctl_c),
    .lsctl_s_o          (lsctl_s),
    .lsctl_h_o          (lsctl_h),
    .lsctl_interval_o   (lsctl_interval),
    .lsctl_tear_o       (lsctl_tear),
    .lsctl_dear_o       (lsctl_dear),
    .insn_ready_o       (out_o.insn_ready),
    .insn_done_o        (out_o.insn_done),
    .insn_cc_o          (out_o.cc),
    .insn_exc_o         (out_o.exc),
    .insn_r1_o          (out_o.r1),
    .state_o            (obs_o.mf_insn.state_q)
  );

  // ---------------------------------------------------------------------------
  // Sampling facility
  // ---------------------------------------------------------------------------
  // the functions active per set, and whether some is (bit 1: the VM set)
  assign sf_act    = sf_a & sf_e & sf_c;
  assign sf_act_vm = sf_a & sf_e_vm & sf_c_vm;
  assign sf_active = {sf_act_vm != '0, sf_act != '0};

  sf_ctrl sf_ctrl (
    .clk_i,
    .rst_ni,
    .installed_i,
    .pwr_auth_sf_i    (cfg_i.auth_sf),
    .level_i          (in_i.level),
    .upd_lvl_i        (upd_lvl),
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
    .loss_sample_i    (in_i.loss_sample),
    .sf_auth_set_i    (in_i.sf_auth_set),
    .sf_auth_clr_i    (in_i.sf_auth_clr),
    .reset_i          (in_i.reset),
    .a_o              (sf_a),
    .h_o              (sf_h),
    .pp_o             (sf_pp),
    .pp_vm_o          (sf_pp_vm),
    .e_o              (sf_e),
    .c_o              (sf_c),
    .s_o              (sf_s),
    .interval_o       (interval),
    .tear_o           (sf_tear),
    .dear_o           (sf_dear),
    .e_vm_o           (sf_e_vm),
    .c_vm_o           (sf_c_vm),
    .s_vm_o           (sf_s_vm),
    .interval_vm_o    (interval_vm),
    .tear_vm_o        (sf_tear_vm),
    .dear_vm_o        (sf_dear_vm),
    .enabled_next_o   (sf_en_next),
    .alert_raise_o    (sf_raise)
  );

  sf_interval #(
    .IDX (IDX)
  ) sf_interval (
    .clk_i,
    .rst_ni,
    .cfg_int_mode_i   (cfg_i.interval_mode),
    .cfg_lfsr_seed_i  (cfg_i.lfsr_seed),
    .cfg_dedicated_i  (cfg_i.dedicated),
    .stopped_i        (in_i.stopped),
    .wait_i           (in_i.wait_st),
    .core_busy_i,
    .level_i          (in_i.level),
    .active_i         (sf_active),
    .interval_i       (interval),
    .interval_vm_i    (interval_vm),
    .enabled_next_i   (sf_en_next),
    .lsctl_exec_i     (lsctl_exec),
    .lsctl_load_i     (lsctl_load),
    .lsctl_interval_i (lsctl_interval),
    .upd_idle_i       (upd_idle),
    .capture_o        (capture),
    .capture_vm_o     (capture_vm),
    .cnt_o            (obs_o.sf_interval.cnt_q),
    .sec_o            (obs_o.sf_interval.sec_q),
    .sec_act_o        (obs_o.sf_interval.sec_act_q),
    .lfsr_o           (obs_o.sf_interval.lfsr_q),
    .coll_o           (obs_o.sf_interval.coll_q),
    .cnt_vm_o         (obs_o.sf_interval.cnt_vm_q),
    .sec_vm_o         (obs_o.sf_interval.sec_vm_q),
    .sec_act_vm_o     (obs_o.sf_interval.sec_act_vm_q),
    .lfsr_vm_o        (obs_o.sf_interval.lfsr_vm_q),
    .coll_vm_o        (obs_o.sf_interval.coll_vm_q)
  );

  sf_update sf_update (
    .clk_i,
    .rst_ni,
    .cfg_bsdes_i          (cfg_i.bsdes),
    .cfg_dsdes_i          (cfg_i.dsdes),
    .cfg_dsde_fmt_i       (cfg_i.dsde_format),
    .capture_i            (capture),
    .capture_vm_i         (capture_vm),
    .wait_i               (in_i.wait_st),
    .problem_i            (in_i.problem),
    .dat_i                (in_i.dat),
    .as_i                 (in_i.as),
    .asn_i                (in_i.asn),
    .ia_i                 (in_i.ia),
    .uniq_i               (in_i.uniq),
    .uniq_count_i         (in_i.uniq_count),
    .level_i              (in_i.level),
    .secure_guest_i       (in_i.secure_guest),
    .pcf49_i              (in_i.pcf49),
    .entry_inconsistent_i (in_i.entry_inconsistent),
    .diag_i               (in_i.diag),
    .tod_i                (in_i.tod),
    .active_i         (sf_act),
    .s_i              (sf_s),
    .tear_i           (sf_tear),
    .dear_i           (sf_dear),
    .active_vm_i      (sf_act_vm),
    .s_vm_i           (sf_s_vm),
    .tear_vm_i        (sf_tear_vm),
    .dear_vm_i        (sf_dear_vm),
    .h_i              (sf_h),
    .pp_i             (sf_pp),
    .pp_vm_i          (sf_pp_vm),
    .stor_req_ready_i (upd_ready),
    .stor_rsp_valid_i (upd_rsp),
    .stor_rsp_err_i   (in_i.stor_rsp_err),
    .stor_rsp_data_i  (in_i.stor_rsp_data),
    .stor_req_valid_o (upd_valid),
    .stor_req_we_o    (upd_we),
    .stor_req_op_o    (upd_op),
    .stor_req_be_o    (upd_be),
    .stor_req_addr_o  (upd_addr),
    .stor_req_wdata_o (upd_wdata),
    .lvl_o            (upd_lvl),
    .tear_we_o        (upd_tear_we),
    .tear_o           (upd_tear),
    .dear_we_o        (upd_dear_we),
    .dear_o           (upd_dear),
    .c_clr_o          (upd_c_clr),
    .alert_raise_o    (upd_raise),
    .idle_o           (upd_idle),
    .state_o          (obs_o.sf_update.state_q),
    .n_stored_o       (obs_o.sf_update.n_stored_q),
    .n_overflow_o     (obs_o.sf_update.n_overflow_q),
    .n_stopped_o      (obs_o.sf_update.n_stopped_q),
    .lvl_q_o          (obs_o.sf_update.lvl_q),
    .n_stored_vm_o    (obs_o.sf_update.n_stored_vm_q),
    .n_overflow_vm_o  (obs_o.sf_update.n_overflow_vm_q),
    .n_stopped_vm_o   (obs_o.sf_update.n_stopped_vm_q)
  );

  // ---------------------------------------------------------------------------
  // Storage-port arbiter: the owner keeps the port from its first request to
  // its response; with no owner the update process goes first.
  // ---------------------------------------------------------------------------
  always_comb begin
    if (own_q != mf_pkg::ARB_NONE) sel = own_q;
    else if (upd_valid)    sel = mf_pkg::ARB_UPD;
    else if (ins_valid)    sel = mf_pkg::ARB_INSN;
    else                   sel = mf_pkg::ARB_NONE;
    `MUT_DO(SF_ARB_INSN_FIRST, if (own_q == mf_pkg::ARB_NONE && ins_valid) sel = mf_pkg::ARB_INSN;)
    own_d = `MUT_SEL(ARB_KEEP_AFTER_RSP, sel, in_i.stor_rsp_valid ? mf_pkg::ARB_NONE : sel);
    `MUT_DO(ARB_OWN_AT_ACCEPT,
            if (own_q == mf_pkg::ARB_NONE && !in_i.stor_req_ready) own_d = own_q;)
    `MUT_DO(ARB_OWNER_UNUSED, if (own_d == mf_pkg::ARB_UPD) own_d[0] = 1'b1;)

    stor_req_valid = 1'b0;
    stor_req_we    = 1'b0;
    stor_req_op    = mf_pkg::STOR_OP_PLAIN;
    stor_req_be    = '0;
    stor_req_addr  = '0;
    stor_req_wdata = '0;
    unique case (sel)
      mf_pkg::ARB_INSN: begin
        stor_req_valid = ins_valid;
        stor_req_we    = ins_we;
        stor_req_op    = ins_op;
        stor_req_be    = ins_be;
        stor_req_addr  = ins_addr;
        stor_req_wdata = ins_wdata;
      end
      mf_pkg::ARB_UPD: begin
        stor_req_valid = upd_valid;
        stor_req_we    = upd_we;
        stor_req_op    = upd_op;
        stor_req_be    = upd_be;
        stor_req_addr  = upd_addr;
        stor_req_wdata = upd_wdata;
      end
      default: ;
    endcase
    `MUT_DO(ARB_IDLE_OP_OR,
            if (!stor_req_valid && own_q != mf_pkg::ARB_NONE) stor_req_op = mf_pkg::STOR_OP_OR;)
    `MUT_DO(ARB_INSN_OP_OR,
            if (sel == mf_pkg::ARB_INSN && ins_we) stor_req_op = mf_pkg::STOR_OP_OR;)
    ins_ready = in_i.stor_req_ready && `MUT_SEL(ARB_READY_TO_BOTH, 1'b1, sel == mf_pkg::ARB_INSN);
    upd_ready = in_i.stor_req_ready && (sel == mf_pkg::ARB_UPD);
    ins_rsp   = in_i.stor_rsp_valid && (own_q == mf_pkg::ARB_INSN);
    upd_rsp   = in_i.stor_rsp_valid && (own_q == mf_pkg::ARB_UPD);
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      own_q <= mf_pkg::ARB_NONE;
    end else begin
      own_q <= own_d;
    end
  end

  assign out_o.stor_req_valid = stor_req_valid;
  assign out_o.stor_req_we    = stor_req_we;
  assign out_o.stor_req_op    = stor_req_op;
  assign out_o.stor_req_be    = stor_req_be;
  assign out_o.stor_req_addr  = stor_req_addr;
  assign out_o.stor_req_wdata = stor_req_wdata;
  assign out_o.alert_param    = alert_pend;

  // This CPU's elements of the global request; the other CPUs drive theirs.
  always_comb begin
    greq_o                           = '0;
    greq_o.lpctl_we[IDX]             = lpctl_we;
    greq_o.lpctl_ec[2*IDX +: 2]      = lpctl_ec;
    greq_o.spctr_we[IDX]             = spctr_we;
    greq_o.spctr_grp[mf_pkg::CGW*IDX +: mf_pkg::CGW] = spctr_grp;
    greq_o.spctr_ctr[3*IDX +: 3]     = spctr_ctr;
    greq_o.spctr_data[64*IDX +: 64]  = wr_data;
    greq_o.mt_active[IDX]            = a[mf_pkg::SET_MT_BIT] & e[mf_pkg::SET_MT_BIT] &
                                       c[mf_pkg::SET_MT_BIT];
    greq_o.mt_e_next[IDX]            = e_next[mf_pkg::SET_MT_BIT];
    greq_o.reset[3*IDX +: 3]         = in_i.reset;
    greq_o.stopped[IDX]              = in_i.stopped;
    greq_o.wait_st[IDX]              = in_i.wait_st;
    greq_o.cr_fn[5*IDX +: 5]         = in_i.cr_fn;
    greq_o.cr_busy[5*IDX +: 5]       = in_i.cr_busy;
    greq_o.cr_bfn[5*IDX +: 5]        = in_i.cr_bfn;
    greq_o.cr_bcyc[5*IDX +: 5]       = in_i.cr_bcyc;
  end

  // Observation: the registers of the units (the rest come through their ports).
  assign obs_o.cf_state.a_q       = a;
  assign obs_o.cf_state.e_q       = e;
  assign obs_o.cf_state.c_q       = c;
  assign obs_o.cf_state.cg_a_q    = cg_a;
  assign obs_o.mf_alert.pend_q    = alert_pend;
  assign obs_o.sf_ctrl.pp_q       = sf_pp;
  assign obs_o.sf_ctrl.pp_vm_q    = sf_pp_vm;
  assign obs_o.sf_ctrl.a_q        = sf_a;
  assign obs_o.sf_ctrl.e_q        = sf_e;
  assign obs_o.sf_ctrl.c_q        = sf_c;
  assign obs_o.sf_ctrl.s_q        = sf_s;
  assign obs_o.sf_ctrl.h_q        = sf_h;
  assign obs_o.sf_ctrl.interval_q = interval;
  assign obs_o.sf_ctrl.tear_q     = sf_tear;
  assign obs_o.sf_ctrl.dear_q     = sf_dear;
  assign obs_o.sf_ctrl.e_vm_q        = sf_e_vm;
  assign obs_o.sf_ctrl.c_vm_q        = sf_c_vm;
  assign obs_o.sf_ctrl.s_vm_q        = sf_s_vm;
  assign obs_o.sf_ctrl.interval_vm_q = interval_vm;
  assign obs_o.sf_ctrl.tear_vm_q     = sf_tear_vm;
  assign obs_o.sf_ctrl.dear_vm_q     = sf_dear_vm;
  assign obs_o.mf_cpu.own_q       = own_q;

  // The storage port (docs/uarch.md section 4): a response answers a request
  // accepted in an earlier cycle and not yet answered (one outstanding). The
  // flop serves the assumption only (synthesis drops both).
  logic rsp_due_q, rsp_due_d;
  always_comb begin
    rsp_due_d = rsp_due_q;
    if (in_i.stor_rsp_valid) rsp_due_d = 1'b0;
    if (stor_req_valid && in_i.stor_req_ready) rsp_due_d = 1'b1;
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rsp_due_q <= 1'b0;
    end else begin
      rsp_due_q <= rsp_due_d;
    end
  end
  `ASSUME(RspToAccepted_M, !in_i.stor_rsp_valid || rsp_due_q)

  // CFG-2: the configuration is straps, the same in every cycle of a run (the
  // interval ranges below hold against the maximum the interval was loaded
  // under).
  `ASSUME(CfgStrap_M, $stable(cfg_i))
  // CFG-1: the configuration's entry sizes are those the update process
  // stores (BSDES 32; DSDES a multiple of 8 from 8 to 128, as every model
  // configuration gives them), which sf_update takes.
  `ASSUME(EntrySizeStraps_M, cfg_i.bsdes == 16'd32 && cfg_i.dsdes >= 16'd8 &&
                             cfg_i.dsdes <= 16'd128 && cfg_i.dsdes[2:0] == 3'b0)

  // Only inputs that can occur (SF-BSDE-5): configuration level 3 is reserved,
  // and a secure guest runs at the virtual-machine level (2).
  `ASSUME(LevelPossible_M, in_i.level != 2'd3 && (!in_i.secure_guest || in_i.level == 2'd2))

  // The storage-port arbiter's owner is one of the requesters or none; while
  // a requester owns the port, only its request passes, and its request is
  // held on the port until accepted (docs/uarch.md sections 4 and 18).
  `ASSERT(OwnerLegal_A, own_q <= mf_pkg::ARB_UPD)
  `ASSERT(OneRequester_A, !(own_q == mf_pkg::ARB_INSN && upd_ready) &&
                          !(own_q == mf_pkg::ARB_UPD && ins_ready))
  `ASSERT(PortHeld_A, !(stor_req_valid && !in_i.stor_req_ready) || own_d == sel)
  `ASSERT(ReleaseOnResponse_A, !in_i.stor_rsp_valid || own_d == mf_pkg::ARB_NONE)
  // The port's op is PLAIN while no request is presented, and the
  // instruction unit issues only PLAIN requests: OR and ADD come from the
  // update process alone (docs/uarch.md section 4).
  `ASSERT(OpIdlePlain_A, stor_req_valid || stor_req_op == mf_pkg::STOR_OP_PLAIN)
  `ASSERT(OpOnlyFromUpdate_A, stor_req_op == mf_pkg::STOR_OP_PLAIN || sel == mf_pkg::ARB_UPD)
  // SF-INT-2, SF-LSCTL-2: in exact mode an active function counts its interval
  // down from at most the maximum interval.
  `ASSERT(IntervalInRange_A, !(sf_active[0] && cfg_i.interval_mode == mf_pkg::INT_EXACT) ||
                             obs_o.sf_interval.cnt_q <= cfg_i.max_interval)
  // SF-LVL-3: the same of the VM set's count.
  `ASSERT(IntervalInRangeVm_A, !(sf_active[1] && cfg_i.interval_mode == mf_pkg::INT_EXACT) ||
                               obs_o.sf_interval.cnt_vm_q <= cfg_i.max_interval)

  // Functional coverage: both requesters at once on a free port; one waits
  // while the other owns it.
  `COVER(BothRequest_C, own_q == mf_pkg::ARB_NONE && upd_valid && ins_valid)
  `COVER(UpdateWaits_C, own_q == mf_pkg::ARB_INSN && upd_valid)
  `COVER(InsnWaits_C, own_q == mf_pkg::ARB_UPD && ins_valid)

endmodule
