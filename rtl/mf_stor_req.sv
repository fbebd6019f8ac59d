// SPDX-License-Identifier: Apache-2.0
`include "mf_mutant.svh"
`include "mf_assert.svh"

// The request registers of one storage-port requester (mf_insn, sf_update):
// a loaded request is held until the port accepts it (docs/uarch.md section 4),
// and every output is zero while no request is held. It also tracks whether
// an accepted request awaits its response, which states the port's protocol.
module mf_stor_req (
  input  logic        clk_i,
  input  logic        rst_ni,
  // load a request at this edge (reads take mask 8'hFF and data 0)
  input  logic        ld_i,
  input  logic        ld_we_i,
  input  mf_pkg::stor_op_e ld_op_i,  // PLAIN, or an interlocked OR or ADD (a write)
  input  logic [7:0]  ld_be_i,
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [63:0] ld_addr_i,   // bits 2:0 are dropped: doubleword aligned
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [63:0] ld_wdata_i,
  // the port
  input  logic        ready_i,
  input  logic        rsp_valid_i,
  output logic        valid_o,
  output logic        we_o,
  output mf_pkg::stor_op_e op_o,
  output logic [7:0]  be_o,
  output logic [63:0] addr_o,
  output logic [63:0] wdata_o,
  // a request was accepted and its response has not come: the requester's
  // protocol assumption (RspToAccepted_M) reads it; a flattened synthesis drops it
  output logic        due_o
);

  logic        valid_q, valid_d, we_q, we_d, due_q, due_d;
  mf_pkg::stor_op_e op_q, op_d;
  logic [7:0]  be_q, be_d;
  logic [63:0] addr_q, addr_d, wdata_q, wdata_d;

  always_comb begin
    valid_d = valid_q;
    we_d    = we_q;
    op_d    = op_q;
    be_d    = be_q;
    addr_d  = addr_q;
    wdata_d = wdata_q;
    due_d   = (due_q && !rsp_valid_i) || (valid_q && ready_i);
    if (valid_q && `MUT_SEL(STOR_DROP_WAITING, 1'b1,
                            `MUT_SEL(STOR_KEEP_ACCEPTED, 1'b0, ready_i))) begin
      valid_d = 1'b0;
      we_d    = 1'b0;
      op_d    = mf_pkg::STOR_OP_PLAIN;
      be_d    = '0;
      addr_d  = '0;
      wdata_d = '0;
      `MUT_DO(STOR_IDLE_KEEPS_ADDR, addr_d = addr_q;)
    end
    if (ld_i) begin
      valid_d = 1'b1;
      we_d    = ld_we_i;
      op_d    = ld_op_i;
      `MUT_DO(STOR_ADD_HELD_RSVD, if (ld_op_i == mf_pkg::STOR_OP_ADD) op_d[0] = 1'b1;)
      `MUT_DO(STOR_OR_HELD_READ, if (ld_op_i == mf_pkg::STOR_OP_OR) we_d = 1'b0;)
      be_d    = ld_we_i ? ld_be_i : `MUT_SEL(STOR_READ_PARTIAL, 8'h0F, 8'hFF);
      addr_d  = {ld_addr_i[63:3], `MUT_SEL(STOR_UNALIGNED, 3'b100, 3'b0)};
      wdata_d = ld_we_i ? ld_wdata_i : 64'd0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
      we_q    <= 1'b0;
      op_q    <= mf_pkg::STOR_OP_PLAIN;
      be_q    <= '0;
      addr_q  <= '0;
      wdata_q <= '0;
      due_q   <= 1'b0;
    end else begin
      valid_q <= valid_d;
      we_q    <= we_d;
      op_q    <= op_d;
      be_q    <= be_d;
      addr_q  <= addr_d;
      wdata_q <= wdata_d;
      due_q   <= due_d;
    end
  end

  assign valid_o = valid_q;
  assign we_o    = we_q;
  assign op_o    = op_q;
  assign be_o    = be_q;
  assign addr_o  = addr_q;
  assign wdata_o = wdata_q;
  assign due_o   = due_q;

  // The storage port's protocol (docs/uarch.md section 4): one outstanding
  // request, so a requester loads none while one is held or awaits its
  // response (it may load in the response's cycle); a held request is
  // doubleword aligned, a read asks for every byte, and nothing is driven
  // while no request is held.
  `ASSUME(OneOutstanding_M, !(ld_i && (valid_q || (due_q && !rsp_valid_i))))
  // on the next state, so that it fails at the edge that makes the fault
  `ASSERT(OneOutstanding_A, !(valid_d && due_d))
  // A requester loads PLAIN, OR or ADD, and OR and ADD as writes only.
  `ASSUME(LoadOpLegal_M, !ld_i || ld_op_i == mf_pkg::STOR_OP_PLAIN ||
                         (ld_we_i && ld_op_i <= mf_pkg::STOR_OP_ADD))
  `ASSERT(Aligned_A, addr_q[2:0] == 3'b0)
  `ASSERT(ReadAllBytes_A, !valid_q || we_q || be_q == 8'hFF)
  `ASSERT(IdleZero_A, valid_q || (!we_q && op_q == mf_pkg::STOR_OP_PLAIN && be_q == '0 &&
                                  addr_q == '0 && wdata_q == '0))
  // An interlocked operation (OR, ADD; 3 is never issued) is a write.
  `ASSERT(OpLegal_A, op_q <= mf_pkg::STOR_OP_ADD)
  `ASSERT(OpWrites_A, op_q == mf_pkg::STOR_OP_PLAIN || we_q)
  // A request the port has not accepted is held, unchanged, to the next cycle.
  `ASSERT(HeldStable_A, !(valid_q && !ready_i) ||
                        (valid_d && we_d == we_q && op_d == op_q && be_d == be_q &&
                         addr_d == addr_q && wdata_d == wdata_q))

  // Functional coverage: a held request waits for the port; the next request
  // is loaded in the cycle of the previous one's response.
  `COVER(HeldWaiting_C, valid_q && !ready_i)
  `COVER(LoadAtResponse_C, ld_i && due_q && rsp_valid_i)

endmodule
