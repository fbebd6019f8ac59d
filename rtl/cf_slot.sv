// SPDX-License-Identifier: Apache-2.0
`include "mf_mutant.svh"
`include "mf_assert.svh"

// One counter of cf_counters' bank: cleared while it is not live (not
// installed, or its set disabled in the next state), else replaced by an
// SCCTR write, else advanced by its events. The bank decides which slot is
// live, counts and is written; a unit of its own, so that the counter's
// invariants are proved once for all 192 slots.
module cf_slot
(
  input  logic        clk_i,
  input  logic        rst_ni,
  /*verilator coverage_off*/  // from straps alone, constant in a run (CFG-2): no toggle coverage
  input  logic        inst_i,     // installed in this configuration
  /*verilator coverage_on*/
  input  logic        live_i,     // installed and the set enabled in the next state
  input  logic [3:0]  ev_i,       // events of this cycle (zero while the set does not count)
  input  logic        wr_i,       // an SCCTR write replaces the value
  input  logic [63:0] wr_data_i,
  output logic [63:0] ctr_o
);

  logic [63:0] ctr_q, ctr_d;

  always_comb begin
    ctr_d = live_i ? `MUT_SEL(SLOT_CARRY_IN_STUCK, ctr_q + 64'(ev_i) + 64'd1, ctr_q + 64'(ev_i)) :
                     64'd0;
    `MUT_DO(NO_CLEAR_DISABLE, if (inst_i && !live_i) ctr_d = ctr_q;)
    if (wr_i) ctr_d = wr_data_i;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ctr_q <= '0;
    end else begin
      ctr_q <= ctr_d;
    end
  end

  assign ctr_o = ctr_q;

  // What the bank promises (CFG-2, CF-CT-4, CF-SCCTR-1): installation is a
  // strap, a live slot is installed, and a write reaches a live slot only.
  // For the proofs only: the bank's proof shows it keeps them for all inputs
  // (formal.sh checks them there), and installation comes from the straps,
  // whose stability the bank's StrapsStable_M checks in simulation; checked
  // in every slot, they made the lockstep a third slower.
  `ASSUME_FPV(InstStrap_M, $stable(inst_i))
  `ASSUME_FPV(LiveInstalled_M, !live_i || inst_i)
  `ASSUME_FPV(WriteLive_M, !wr_i || live_i)
  // CF-CT-4, CF-ST-4: a slot that is not installed holds zero, and one
  // whose set is disabled in the next state is cleared at this edge.
  `ASSERT(UninstalledZero_A, inst_i || ctr_q == '0)
  `ASSERT(ClearedNotLive_A, live_i || ctr_d == '0)
  // CF-CT-6, CF-SCCTR-1: a counter changes only by its events, an SCCTR
  // write or a clear.
  `ASSERT(ChangeExplained_A, ctr_d == ctr_q || ev_i != '0 || wr_i || !live_i)

  // Functional coverage: a counter wraps; a write in a cycle with events.
  `COVER(Wrap_C, live_i && ctr_q == '1 && ev_i != '0)
  `COVER(WriteWithEvents_C, wr_i && ev_i != '0)

endmodule
