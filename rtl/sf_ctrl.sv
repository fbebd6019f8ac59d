// SPDX-License-Identifier: Apache-2.0
`include "mf_mutant.svh"
`include "mf_assert.svh"

// Sampling controls of one CPU: A/E/C of basic and diagnostic sampling, S, H,
// interval, TEAR, DEAR and the program parameters of the logical-partition
// (pp) and virtual-machine (pp_vm) levels, composed in the fixed order
// of the timing contract (uarch.md section 20): update process, LSCTL, LPP,
// loss of sample data, authorization, resets, then the disabled invariant.
// E, C, S, interval, TEAR and DEAR are held once per configuration level
// (uarch.md section 22): the LPAR set (e_q, ...) and the VM set (e_vm_q, ...);
// A is shared and H is the LPAR set's alone.
module sf_ctrl
(
  input  logic        clk_i,
  input  logic        rst_ni,
  // straps
  /*verilator coverage_off*/  // straps are constant in a run (CFG-2): no toggle coverage
  input  logic        installed_i,
  input  logic [1:0]  pwr_auth_sf_i,
  /*verilator coverage_on*/
  // activity
  input  logic [1:0]  level_i,          // configuration level: 1 LPAR, 2 VM
  // 1. update process (register writes at the edge it decides them)
  input  logic        upd_lvl_i,        // the set the update writes: 0 LPAR, 1 VM
  input  logic        upd_c_clr_i,      // the update ends with alert 0 or 1
  input  logic        upd_tear_we_i,
  input  logic [63:0] upd_tear_i,
  input  logic        upd_dear_we_i,
  input  logic [63:0] upd_dear_i,
  // 2. LSCTL with cc 0 (on the set of the level the CPU runs at)
  input  logic        lsctl_we_i,
  input  logic        lsctl_load_i,     // some function requested active
  input  logic [1:0]  lsctl_e_i,
  input  logic [1:0]  lsctl_c_i,
  input  logic        lsctl_s_i,
  input  logic        lsctl_h_i,
  input  logic [63:0] lsctl_interval_i,
  input  logic [63:0] lsctl_tear_i,
  input  logic [63:0] lsctl_dear_i,
  // 3. LPP (loads the parameter of the level the CPU runs at)
  input  logic        lpp_we_i,
  input  logic [63:0] lpp_data_i,
  // 4.-6. events
  input  logic        loss_sample_i,
  input  logic [1:0]  sf_auth_set_i,
  input  logic [1:0]  sf_auth_clr_i,
  input  logic [2:0]  reset_i,
  // state (registers of this cycle): the shared ones, the LPAR set, the VM set
  output logic [1:0]  a_o,
  output logic        h_o,
  output logic [63:0] pp_o,
  output logic [63:0] pp_vm_o,
  output logic [1:0]  e_o,
  output logic [1:0]  c_o,
  output logic        s_o,
  output logic [63:0] interval_o,
  output logic [63:0] tear_o,
  output logic [63:0] dear_o,
  output logic [1:0]  e_vm_o,
  output logic [1:0]  c_vm_o,
  output logic        s_vm_o,
  output logic [63:0] interval_vm_o,
  output logic [63:0] tear_vm_o,
  output logic [63:0] dear_vm_o,
  output logic [1:0]  enabled_next_o,   // per set (bit 1 VM): some function enabled next
  output logic [31:0] alert_raise_o
);

  logic [1:0]  a_q, a_d, e_q, e_d, c_q, c_d, e_vm_q, e_vm_d, c_vm_q, c_vm_d;
  logic        s_q, s_d, h_q, h_d, s_vm_q, s_vm_d;
  logic [63:0] interval_q, interval_d, tear_q, tear_d, dear_q, dear_d;
  logic [63:0] interval_vm_q, interval_vm_d, tear_vm_q, tear_vm_d, dear_vm_q, dear_vm_d;
  logic [63:0] pp_q, pp_d, pp_vm_q, pp_vm_d;
  logic        vm;
  // The per-set registers side by side, set x (0 LPAR, 1 VM) at bits W*x (flat:
  // Yosys 0.23 reads no 2-D packed variable), so that one piece of code
  // composes both sets' next state.
  logic [3:0]       e_x, c_x;
  logic [1:0]       s_x, en_x;
  logic [127:0]     iv_x, tear_x, dear_x;
  // Conditions on values the block goes on to change have names of their
  // own: Verilator counts an always_comb block's branches on its final values.
  logic [1:0]  clr, auth_lost;
  logic        c_clr, sample_lost;
  logic        upd_dear_set;      // the set the update's DEAR write goes to

  // An instruction acts on the VM set at level 2, on the LPAR set at every
  // other level (uarch.md section 22).
  assign vm = level_i == 2'd2;

  always_comb begin
    a_d           = a_q;
    h_d           = h_q;
    pp_d          = pp_q;
    pp_vm_d       = pp_vm_q;
    e_x           = {e_vm_q, e_q};
    c_x           = {c_vm_q, c_q};
    s_x           = {s_vm_q, s_q};
    iv_x          = {interval_vm_q, interval_q};
    tear_x        = {tear_vm_q, tear_q};
    dear_x        = {dear_vm_q, dear_q};
    en_x          = '0;
    alert_raise_o = '0;
    clr           = '0;
    auth_lost     = '0;
    sample_lost   = 1'b0;
    c_clr         = upd_c_clr_i;
    upd_dear_set  = `MUT_SEL(SF_LVL_UPD_DEAR_LPAR, 1'b0, upd_lvl_i);
    `MUT_DO(SF_ALERT_NO_INACTIVE, c_clr = 1'b0;)
    if (installed_i) begin
      // 1. the update process, on the set it serves: TEAR/DEAR, and alerts 0
      // and 1 deactivate that set's functions only (SF-LVL-5)
      if (upd_tear_we_i) tear_x[64*upd_lvl_i +: 64]    = upd_tear_i;
      if (upd_dear_we_i) dear_x[64*upd_dear_set +: 64] = upd_dear_i;
      if (c_clr)         c_x[2*upd_lvl_i +: 2]         = '0;
      // 2. LSCTL, on the executing set; only the LPAR set's loads H
      if (lsctl_we_i) begin
        e_x[2*vm +: 2] = lsctl_e_i;
        c_x[2*vm +: 2] = lsctl_c_i;
        if (lsctl_load_i) begin
          s_x[vm]             = lsctl_s_i;
          iv_x[64*vm +: 64]   = lsctl_interval_i;
          tear_x[64*vm +: 64] = lsctl_tear_i;
          dear_x[64*vm +: 64] = lsctl_dear_i;
          if (`MUT_SEL(SF_VM_LSCTL_SETS_H, 1'b1, !vm)) h_d = lsctl_h_i;
          `MUT_DO(SF_LVL_LSCTL_LPAR_TEAR, tear_x[63:0] = lsctl_tear_i;)
        end
      end
      // 3. LPP
      if (lpp_we_i) begin
        if (vm) pp_vm_d = lpp_data_i;
        else    pp_d    = lpp_data_i;
        `MUT_DO(SF_LPP_BOTH_LEVELS, pp_d = lpp_data_i; pp_vm_d = lpp_data_i;)
      end
      // 4. loss of sample data, when some function is active in either set:
      // both sets' functions become inactive
      sample_lost = loss_sample_i &&
                    (a_d & (e_x[1:0] & c_x[1:0] | e_x[3:2] & c_x[3:2])) != '0;
      if (sample_lost) begin
        alert_raise_o = alert_raise_o | mf_pkg::AL_LOSS_SAMPLE;
        c_x           = '0;
      end
      // 5. authorization: set first, then clear (the function at both levels)
      a_d = a_d | sf_auth_set_i;
      clr       = sf_auth_clr_i & a_d;
      auth_lost = clr & (e_x[1:0] | e_x[3:2]);
      if (auth_lost != '0) alert_raise_o = alert_raise_o | mf_pkg::AL_SF_AUTH;
      a_d = a_d & ~clr;
      for (int x = 0; x < 2; x++) begin
        e_x[2*x +: 2] = e_x[2*x +: 2] & ~`MUT_SEL(SF_AUTH_CLR_KEEPS_EC, 2'b0, clr);
        c_x[2*x +: 2] = c_x[2*x +: 2] & ~`MUT_SEL(SF_AUTH_CLR_KEEPS_EC, 2'b0, clr);
      end
      `MUT_DO(SF_AUTH_SET_ENABLES, e_x[1:0] = e_x[1:0] | (a_d & ~a_q);)
      `MUT_DO(SF_VM_AUTH_SET_ENABLES, e_x[3:2] = e_x[3:2] | (a_d & ~a_q);)
      // 6. resets (never the authorization), of both sets
      unique case (reset_i)
        mf_pkg::RESET_CPU: c_x = '0;
        mf_pkg::RESET_INITIAL_CPU, mf_pkg::RESET_CLEAR, mf_pkg::RESET_POWER_ON,
        mf_pkg::RESET_BASIC_MACHINE_CLEAR: begin
          e_x     = '0;
          c_x     = '0;
          pp_d    = '0;
          pp_vm_d = '0;
          `MUT_DO(SF_VM_RESET_KEEPS_C, c_x[3:2] = c_vm_q;)
        end
        default: ;
      endcase
      // 7. per set, nothing enabled: that set's sampling controls are zero
      for (int x = 0; x < 2; x++) begin
        en_x[x] = e_x[2*x +: 2] != '0;
        if (`MUT_SEL(SF_DISABLE_KEEPS_CTRL, 1'b0, !en_x[x])) begin
          s_x[x]    = 1'b0;
          iv_x[64*x +: 64]   = '0;
          tear_x[64*x +: 64] = '0;
          dear_x[64*x +: 64] = '0;
          `MUT_DO(SF_VM_DISABLE_KEEPS_INTERVAL, if (x == 1) iv_x[127:64] = interval_vm_q;)
        end
      end
      if (`MUT_SEL(SF_DISABLE_KEEPS_CTRL, 1'b0, !en_x[0])) h_d = 1'b0;
    end else begin
      en_x = {e_vm_q != '0, e_q != '0};
    end
    {e_vm_d, e_d}               = e_x;
    {c_vm_d, c_d}               = c_x;
    {s_vm_d, s_d}               = s_x;
    {interval_vm_d, interval_d} = iv_x;
    {tear_vm_d, tear_d}         = tear_x;
    {dear_vm_d, dear_d}         = dear_x;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      a_q           <= pwr_auth_sf_i;
      e_q           <= '0;
      c_q           <= '0;
      s_q           <= 1'b0;
      h_q           <= 1'b0;
      interval_q    <= '0;
      tear_q        <= '0;
      dear_q        <= '0;
      e_vm_q        <= '0;
      c_vm_q        <= '0;
      s_vm_q        <= 1'b0;
      interval_vm_q <= '0;
      tear_vm_q     <= '0;
      dear_vm_q     <= '0;
      pp_q          <= '0;
      pp_vm_q       <= '0;
    end else begin
      a_q           <= a_d;
      e_q           <= e_d;
      c_q           <= c_d;
      s_q           <= s_d;
      h_q           <= h_d;
      interval_q    <= interval_d;
      tear_q        <= tear_d;
      dear_q        <= dear_d;
      e_vm_q        <= e_vm_d;
      c_vm_q        <= c_vm_d;
      s_vm_q        <= s_vm_d;
      interval_vm_q <= interval_vm_d;
      tear_vm_q     <= tear_vm_d;
      dear_vm_q     <= dear_vm_d;
      pp_q          <= pp_d;
      pp_vm_q       <= pp_vm_d;
    end
  end

  assign a_o            = a_q;
  assign h_o            = h_q;
  assign pp_o           = pp_q;
  assign pp_vm_o        = pp_vm_q;
  assign e_o            = e_q;
  assign c_o            = c_q;
  assign s_o            = s_q;
  assign interval_o     = interval_q;
  assign tear_o         = tear_q;
  assign dear_o         = dear_q;
  assign e_vm_o         = e_vm_q;
  assign c_vm_o         = c_vm_q;
  assign s_vm_o         = s_vm_q;
  assign interval_vm_o  = interval_vm_q;
  assign tear_vm_o      = tear_vm_q;
  assign dear_vm_o      = dear_vm_q;
  assign enabled_next_o = en_x;

  // SF-LSCTL-2 (mf_insn's LsctlValid_A): an LSCTL takes effect only when
  // both functions make a valid transition.
  `ASSUME(LsctlValid_M, !lsctl_we_i ||
                        ((lsctl_e_i | ~lsctl_c_i) & (a_q | ~(lsctl_e_i | lsctl_c_i))) == '1)

  // SF-ST-1: each sampling function in one of the four valid A, E, C
  // combinations (E only with A, C only with E; checked on the next state, so
  // that a fault fails it at the edge that makes it), an unauthorized one becomes
  // disabled when authorized, and E or C rises only by an LSCTL (Figure 2-12).
  `ASSERT(AecValid_A, (e_d & ~a_d) == '0 && (c_d & ~e_d) == '0)
  `ASSERT(AuthToDisabled_A, (a_d & ~a_q & (e_d | c_d)) == '0)
  `ASSERT(EnableByLsctl_A, ((e_d & ~e_q) | (c_d & ~c_q)) == '0 || (lsctl_we_i && !vm))
  // SF-LSCTL-3: with both functions disabled the sampling controls are zero
  // (the next state's, as the combinations above).
  `ASSERT(DisabledZero_A, e_d != '0 ||
                          (!s_d && !h_d && interval_d == '0 && tear_d == '0 && dear_d == '0))
  // SF-LVL-1, SF-ST-1, SF-LSCTL-3: the same of the VM set, whose E or C rises
  // only by an LSCTL at the VM level.
  `ASSERT(AecValidVm_A, (e_vm_d & ~a_d) == '0 && (c_vm_d & ~e_vm_d) == '0)
  `ASSERT(AuthToDisabledVm_A, (a_d & ~a_q & (e_vm_d | c_vm_d)) == '0)
  `ASSERT(EnableByLsctlVm_A, ((e_vm_d & ~e_vm_q) | (c_vm_d & ~c_vm_q)) == '0 ||
                             (lsctl_we_i && vm))
  `ASSERT(DisabledZeroVm_A, e_vm_d != '0 ||
                            (!s_vm_d && interval_vm_d == '0 && tear_vm_d == '0 &&
                             dear_vm_d == '0))
  // SF-LVL-1: an LSCTL of the VM set leaves H as it was.
  `ASSERT(VmLsctlKeepsH_A, !(lsctl_we_i && vm) || h_d == h_q || e_d == '0)

  // Functional coverage: a loss of sample data; an enabled function loses its
  // authorization; an LSCTL of the VM set; both sets active at once.
  `COVER(SampleLoss_C, sample_lost)
  `COVER(AuthLostEnabled_C, auth_lost != '0)
  `COVER(VmLsctl_C, lsctl_we_i && vm)
  `COVER(BothSetsActive_C, (e_q & c_q) != '0 && (e_vm_q & c_vm_q) != '0)

endmodule
