// SPDX-License-Identifier: Apache-2.0
`include "mf_mutant.svh"
`include "mf_assert.svh"

// Counter-set state of one CPU: A/E/C masks of the CPU sets and the
// coprocessor-group authorization, composed in the fixed order of the
// timing contract (instruction, SIGP, loss of data, authorization, reset).
module cf_state
(
  input  logic        clk_i,
  input  logic        rst_ni,
  // straps
  /*verilator coverage_off*/  // straps are constant in a run (CFG-2): no toggle coverage
  input  logic        installed_i,
  input  logic [15:0] cfg_csvn_i,
  input  logic [6:0]  pwr_auth_cf_i,
  input  logic        pwr_mt_i,
  /*verilator coverage_on*/
  // LCCTL effect from the instruction unit (sets in mask take e/c)
  input  logic        lcctl_we_i,
  input  logic [5:0]  lcctl_mask_i,
  input  logic [5:0]  lcctl_e_i,
  input  logic [5:0]  lcctl_c_i,
  // events
  input  logic        sigp_mt_valid_i,
  input  logic        sigp_mt_enable_i,
  input  logic        mt_en_i,   // multithreading enabled (the global register)
  input  logic        mt_end_i,  // a reset on some installed CPU ends it
  input  logic [5:0]  loss_cpu_i,
  input  logic        loss_mt_i,
  input  logic [6:0]  auth_set_i,
  input  logic [6:0]  auth_clr_i,
  input  logic [2:0]  reset_i,
  input  logic        g_e_i,
  // state
  output logic [5:0]  a_o,
  output logic [5:0]  e_o,
  output logic [5:0]  c_o,
  output logic        cg_a_o,
  output logic [5:0]  e_next_o,
  output logic [31:0] alert_raise_o
);

  logic [5:0] a_q, a_d, e_q, e_d, c_q, c_d;
  logic       cg_a_q, cg_a_d;
  /*verilator coverage_off*/  // power-on values: functions of the straps alone
  logic [5:0] a_por, mt_por;
  /*verilator coverage_on*/
  // Conditions on values the block goes on to change have names of their
  // own: Verilator counts an always_comb block's branches on its final values.
  logic [5:0] lost, clr, auth_lost;
  logic       cg_clr;
  /*verilator coverage_off*/  // functions of the straps alone: constant in a run
  logic       mt_inst;
  /*verilator coverage_on*/
  // multithreading in the next state: the MT set is enabled and active
  // exactly while it is authorized and multithreading is on (MT-1, MT-2)
  logic       mt_next;
  logic [5:0] mt_follow;  // the MT set's bit when multithreading moves it this cycle

  assign mt_inst = cfg_csvn_i > 16'd3;

  // The reserved set is never installed, so its A can never be one.
  assign a_por  = pwr_auth_cf_i[5:0] & ~(6'b1 << mf_pkg::SET_RSVD_BIT);
  // Multithreading enabled at power-on behaves as an accepted SIGP order.
  assign mt_por = (pwr_mt_i && mt_inst && a_por[mf_pkg::SET_MT_BIT]) ?
                  (6'b1 << mf_pkg::SET_MT_BIT) : 6'b0;

  assign mt_next = mt_inst && !mt_end_i && (sigp_mt_valid_i ? sigp_mt_enable_i : mt_en_i);
  assign mt_follow = mt_next ? 6'(1) << mf_pkg::SET_MT_BIT : 6'b0;

  always_comb begin
    a_d           = a_q;
    e_d           = e_q;
    c_d           = c_q;
    cg_a_d        = cg_a_q;
    alert_raise_o = '0;
    lost          = '0;
    clr           = '0;
    auth_lost     = '0;
    cg_clr        = 1'b0;
    if (installed_i) begin
      // 1. LCCTL
      if (lcctl_we_i) begin
        e_d = (e_d & ~lcctl_mask_i) | (lcctl_e_i & lcctl_mask_i);
        c_d = (c_d & ~lcctl_mask_i) | (lcctl_c_i & lcctl_mask_i);
      end
      // 2. SIGP set-multithreading (later steps see its effect; step 7 is the
      //    whole rule)
      if (sigp_mt_valid_i && mt_inst) begin
        e_d[mf_pkg::SET_MT_BIT] =
            `MUT_SEL(SIGP_MT_UNAUTH, 1'b1, a_d[mf_pkg::SET_MT_BIT]) && sigp_mt_enable_i;
        c_d[mf_pkg::SET_MT_BIT] = a_d[mf_pkg::SET_MT_BIT] && sigp_mt_enable_i;
      end
      // 3. loss of CPU counter data: only active sets are affected
      lost = loss_cpu_i & mf_pkg::SETS_NON_MT & a_d & e_d & c_d;
      c_d  = c_d & ~lost;
      if (lost != '0) begin
        alert_raise_o = alert_raise_o | mf_pkg::AL_LOSS_CPU;
        `MUT_DO(ALERT_BIT,
                alert_raise_o = (alert_raise_o & ~mf_pkg::AL_LOSS_CPU) | mf_pkg::AL_CF_AUTH;)
      end
      // 4. loss of MT counter data leaves the set active
      if (loss_mt_i && a_d[mf_pkg::SET_MT_BIT] && e_d[mf_pkg::SET_MT_BIT] &&
          c_d[mf_pkg::SET_MT_BIT]) begin
        alert_raise_o = alert_raise_o | mf_pkg::AL_LOSS_MT;
      end
      // 5. authorization: set first, then clear
      a_d    = a_d | (auth_set_i[5:0] & ~(6'b1 << mf_pkg::SET_RSVD_BIT));
      `MUT_DO(AUTH_SET_RSVD, if (auth_set_i[5:0] != '0) a_d[mf_pkg::SET_RSVD_BIT] = 1'b1;)
      cg_a_d = cg_a_d | auth_set_i[mf_pkg::AUTH_CG_BIT];
      clr       = auth_clr_i[5:0] & a_d;
      auth_lost = clr & e_d;
      cg_clr    = auth_clr_i[mf_pkg::AUTH_CG_BIT] && cg_a_d;
      if (auth_lost != '0) alert_raise_o = alert_raise_o | mf_pkg::AL_CF_AUTH;
      a_d = a_d & ~clr;
      e_d = e_d & ~`MUT_SEL(AUTH_CLR_KEEPS_EC, 6'b0, clr);
      c_d = c_d & ~`MUT_SEL(AUTH_CLR_KEEPS_EC, 6'b0, clr);
      `MUT_DO(AUTH_SET_ENABLES, e_d = e_d | (a_d & ~a_q);)
      if (cg_clr) begin
        if (g_e_i) alert_raise_o = alert_raise_o | mf_pkg::AL_CF_AUTH;
        cg_a_d = 1'b0;
      end
      // 6. resets leave every authorization alone, the MT set to step 7
      unique case (reset_i)
        mf_pkg::RESET_CPU: begin
          c_d = c_d & ~mf_pkg::SETS_NON_MT;
          `MUT_DO(CPU_RESET_DISABLE, e_d = e_d & ~mf_pkg::SETS_NON_MT;)
        end
        mf_pkg::RESET_INITIAL_CPU, mf_pkg::RESET_CLEAR, mf_pkg::RESET_POWER_ON,
        mf_pkg::RESET_BASIC_MACHINE_CLEAR: begin
          e_d = e_d & ~mf_pkg::SETS_NON_MT;
          c_d = c_d & ~mf_pkg::SETS_NON_MT;
        end
        default: ;
      endcase
      // 7. the MT set: on exactly while authorized under multithreading
      e_d[mf_pkg::SET_MT_BIT] =
          `MUT_SEL(SIGP_MT_UNAUTH, a_d[mf_pkg::SET_MT_BIT] || e_d[mf_pkg::SET_MT_BIT],
                   a_d[mf_pkg::SET_MT_BIT]) && mt_next &&
          `MUT_SEL(MT_REAUTH_DISABLED, e_q[mf_pkg::SET_MT_BIT] || sigp_mt_valid_i, 1'b1);
      c_d[mf_pkg::SET_MT_BIT] = e_d[mf_pkg::SET_MT_BIT];
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      a_q    <= a_por;
      e_q    <= mt_por;
      c_q    <= mt_por;
      cg_a_q <= pwr_auth_cf_i[mf_pkg::AUTH_CG_BIT];
    end else begin
      a_q    <= a_d;
      e_q    <= e_d;
      c_q    <= c_d;
      cg_a_q <= cg_a_d;
    end
  end

  assign a_o      = a_q;
  assign e_o      = e_q;
  assign c_o      = c_q;
  assign cg_a_o   = cg_a_q;
  assign e_next_o = e_d;

  // CF-LCCTL-2, CF-LCCTL-3 (mf_insn's LcctlValid_A): an LCCTL takes effect
  // only when every set it names makes a valid transition, and it never names
  // the reserved or the MT-diagnostic set.
  `ASSUME(LcctlValid_M, !lcctl_we_i ||
                        (lcctl_mask_i[mf_pkg::SET_RSVD_BIT] == 1'b0 &&
                         lcctl_mask_i[mf_pkg::SET_MT_BIT] == 1'b0 &&
                         ((lcctl_e_i | ~lcctl_c_i) & (a_q | ~(lcctl_e_i | lcctl_c_i)) |
                          ~lcctl_mask_i) == '1))

  // CF-ST-2: every set in one of the four valid A, E, C combinations (E only
  // with A, C only with E); CF-ST-1: the reserved set is never authorized.
  // Both on the next state: a fault fails them at the edge that makes it.
  `ASSERT(AecValid_A, (e_d & ~a_d) == '0 && (c_d & ~e_d) == '0)
  `ASSERT(RsvdUnauthorized_A, !a_d[mf_pkg::SET_RSVD_BIT])
  // CF-ST-3 (Figure 2-2): an unauthorized set, once authorized, is disabled
  // (the MT set under multithreading is active at once, MT-2); E or C rises
  // only by an LCCTL naming the set, or for the MT set with multithreading.
  `ASSERT(AuthToDisabled_A, (a_d & ~a_q & (e_d | c_d) & ~mt_follow) == '0)
  `ASSERT(EnableByInsn_A, (((e_d & ~e_q) | (c_d & ~c_q)) &
                           ~(lcctl_we_i ? lcctl_mask_i : 6'b0) & ~mt_follow) == '0)
  // MT-1, MT-2: the MT set is enabled and active exactly while it is
  // authorized and multithreading is on in the next state.
  `ASSERT(MtFollowsMultithreading_A,
          !installed_i || (e_d[mf_pkg::SET_MT_BIT] == (a_d[mf_pkg::SET_MT_BIT] && mt_next) &&
                           c_d[mf_pkg::SET_MT_BIT] == e_d[mf_pkg::SET_MT_BIT]))

  // Functional coverage: an enabled set loses its authorization; an active
  // set loses counter data.
  `COVER(AuthLostEnabled_C, auth_lost != '0)
  `COVER(LossCpu_C, lost != '0)

endmodule
