// SPDX-License-Identifier: Apache-2.0
`include "mf_mutant.svh"
`include "mf_assert.svh"

// Pending measurement-alert parameter of one CPU and its interruption request.
module mf_alert
(
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [31:0] raise_i,        // bits raised this cycle
  input  logic        clr_loss_mt_i,  // STCCTM M3=9 in EXEC
  input  logic        taken_i,
  input  logic        cr0_58_i,
  input  logic        cpu_enabled_i,  // some non-MT CPU set enabled in the next state
  input  logic        sf_enabled_i,   // some sampling function enabled in the next state
  input  logic        reset_i,        // any reset this cycle
  output logic        alert_req_o,
  output logic [31:0] alert_param_o   // the pending parameter
);

  logic [31:0] pend_q, pend_d;
  logic        clr_loss_cpu;

  assign alert_req_o = (pend_q != '0) && `MUT_SEL(AL_REQ_UNMASKED, 1'b1, cr0_58_i);

  // AL-3: bits 0, 1, 2 and 9 clear when no sampling function is enabled, bit
  // 25 when no non-MT CPU counter set is; bits 8, 16 and 24 stay.
  always_comb begin
    pend_d = (taken_i && alert_req_o) ? '0 : pend_q;
    if (clr_loss_mt_i) pend_d = pend_d & ~mf_pkg::AL_LOSS_MT;
    pend_d = pend_d | raise_i;
    `MUT_DO(AL_PEND_UNDEFINED, if (raise_i != '0) pend_d[0] = 1'b1;)
    clr_loss_cpu = !cpu_enabled_i;
    `MUT_DO(AL3_NO_CLEAR, clr_loss_cpu = 1'b0;)
    if (clr_loss_cpu) pend_d = pend_d & ~mf_pkg::AL_LOSS_CPU;
    if (`MUT_SEL(AL3_SF_NO_CLEAR, 1'b0, !sf_enabled_i)) pend_d = pend_d & ~mf_pkg::AL_SF_GROUP;
    if (reset_i) pend_d = '0;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pend_q <= '0;
    end else begin
      pend_q <= pend_d;
    end
  end

  assign alert_param_o = pend_q;

  localparam logic [31:0] Defined = mf_pkg::AL_SF_GROUP | mf_pkg::AL_SF_AUTH |
                                    mf_pkg::AL_LOSS_MT | mf_pkg::AL_CF_AUTH | mf_pkg::AL_LOSS_CPU;
  // AL-1: the units raise only the alerts the facility defines.
  `ASSUME(RaiseDefined_M, (raise_i & ~Defined) == '0)

  // AL-1: only the alerts the facility defines are ever pending.
  `ASSERT(PendDefined_A, (pend_q & ~Defined) == '0)
  // AL-3: a pending alert of sampling only while a sampling function is
  // enabled, loss of counter data only while a CPU counter set is.
  `ASSERT(SfPendEnabled_A, (pend_d & mf_pkg::AL_SF_GROUP) == '0 || sf_enabled_i)
  `ASSERT(LossPendEnabled_A, (pend_d & mf_pkg::AL_LOSS_CPU) == '0 || cpu_enabled_i)
  // AL-2: the request is the pending parameter under CR0.58.
  `ASSERT(RequestPending_A, alert_req_o == (pend_q != '0 && cr0_58_i))

  // Functional coverage: an alert raised in the cycle the pending ones are
  // taken; alerts pending while CR0 bit 58 masks them.
  `COVER(RaiseWhileTaken_C, taken_i && alert_req_o && raise_i != '0)
  `COVER(PendingMasked_C, pend_q != '0 && !cr0_58_i)

endmodule
