// SPDX-License-Identifier: Apache-2.0
`include "mf_mutant.svh"
`include "mf_assert.svh"

// Sample-data-block update process of one CPU (uarch.md sections 17 and 19):
// captures a sample, then walks trailer, data entry and table entries one
// storage request at a time. TEAR and DEAR live in sf_ctrl; this unit reads
// their registers of the cycle and asks for their next values. A sample is of
// one configuration level's set (uarch.md section 22): the update latches it
// (lvl_q) and uses that set's S, TEAR, DEAR and active functions throughout.
module sf_update
(
  input  logic        clk_i,
  input  logic        rst_ni,
  // straps
  /*verilator coverage_off*/  // straps are constant in a run (CFG-2): no toggle coverage
  input  logic [15:0] cfg_bsdes_i,
  input  logic [15:0] cfg_dsdes_i,
  input  logic [15:0] cfg_dsde_fmt_i,
  /*verilator coverage_on*/
  // a sample is captured in this cycle (from this cycle's inputs)
  input  logic        capture_i,
  input  logic        capture_vm_i,    // ... and it is the VM set's
  input  logic        wait_i,
  input  logic        problem_i,
  input  logic        dat_i,
  input  logic [1:0]  as_i,
  input  logic [15:0] asn_i,
  input  logic [63:0] ia_i,
  input  logic        uniq_i,
  input  logic [3:0]  uniq_count_i,
  input  logic [1:0]  level_i,
  input  logic        secure_guest_i,
  input  logic        pcf49_i,
  input  logic        entry_inconsistent_i,
  input  logic [63:0] diag_i,
  input  logic [63:0] tod_i,
  // sampling state (registers of this cycle): the LPAR set's, the VM set's
  input  logic [1:0]  active_i,
  input  logic        s_i,
  input  logic [63:0] tear_i,
  input  logic [63:0] dear_i,
  input  logic [1:0]  active_vm_i,
  input  logic        s_vm_i,
  input  logic [63:0] tear_vm_i,
  input  logic [63:0] dear_vm_i,
  input  logic        h_i,             // H (the LPAR set's alone)
  input  logic [63:0] pp_i,            // program parameter of the LPAR level
  input  logic [63:0] pp_vm_i,         // ... and of the VM level
  // storage port (through the arbiter)
  input  logic        stor_req_ready_i,
  input  logic        stor_rsp_valid_i,
  input  logic        stor_rsp_err_i,
  input  logic [63:0] stor_rsp_data_i,
  output logic        stor_req_valid_o,
  output logic        stor_req_we_o,
  output mf_pkg::stor_op_e stor_req_op_o,
  output logic [7:0]  stor_req_be_o,
  output logic [63:0] stor_req_addr_o,
  output logic [63:0] stor_req_wdata_o,
  // effects on sf_ctrl (on the set lvl_o) and the alert
  output logic        lvl_o,           // the set this cycle's writes go to: 0 LPAR, 1 VM
  output logic        tear_we_o,
  output logic [63:0] tear_o,
  output logic        dear_we_o,
  output logic [63:0] dear_o,
  output logic        c_clr_o,
  output logic [31:0] alert_raise_o,
  // observation
  output logic        idle_o,
  output logic [3:0]  state_o,
  output logic [63:0] n_stored_o,
  output logic [63:0] n_overflow_o,
  output logic [63:0] n_stopped_o,
  output logic        lvl_q_o,
  output logic [63:0] n_stored_vm_o,
  output logic [63:0] n_overflow_vm_o,
  output logic [63:0] n_stopped_vm_o
);

  // ---------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------
  mf_pkg::upd_state_e  state_q, state_d;
  logic [63:0] trl_q, trl_d;          // trailer address of the current block
  logic [63:0] ent_q, ent_d;          // entry address Check latched: a reset that
                                      // clears DEAR mid-update cannot move the entry
  logic [63:0] tod_q, tod_d;          // TOD of the sample
  logic [8:0]  len_q, len_d;          // entry size E in bytes
  logic        basic_q, basic_d;      // the entry starts with a basic entry
  logic [1:0]  act_q, act_d;          // the functions active at the capture
  logic [4:0]  k_q, k_d;              // data-entry doubleword in flight
  logic        t_q, t_d;              // trailer T of the block being closed
  logic        pa_q, pa_d;            // this update set F in a block with A = 1 (OR_F's answer)
  logic        ts_last_q, ts_last_d;  // the timestamp write in flight is the last
  // doubleword k at bits 64k
  logic [255:0] ent_b_q, ent_b_d;     // basic entry
  logic [191:0] ent_d_q, ent_d_d;     // diagnostic entry, doublewords 0-2 (the rest is 0)
  logic [63:0] cap_b [4];             // the entry this cycle's sample would have
  logic [63:0] cap_d [3];
  logic [63:0] n_stored_q, n_stored_d, n_overflow_q, n_overflow_d, n_stopped_q, n_stopped_d;
  logic [63:0] n_stored_vm_q, n_stored_vm_d, n_overflow_vm_q, n_overflow_vm_d;
  logic [63:0] n_stopped_vm_q, n_stopped_vm_d;
  logic        lvl_q, lvl_d;          // the set of the update (0 LPAR, 1 VM), kept while idle

  // ---------------------------------------------------------------------------
  // The set served: the capture's at a capture, lvl_q while the update runs
  // ---------------------------------------------------------------------------
  logic        lvl;
  logic [1:0]  act_set;               // its functions active in this cycle
  logic        s_set;
  logic [63:0] tear_set, dear_set;

  always_comb begin
    lvl      = (state_q == mf_pkg::US_IDLE) ? capture_vm_i : lvl_q;
    lvl_d    = (state_q == mf_pkg::US_IDLE && capture_i) ?
               `MUT_SEL(SF_LVL_CAPTURE_LPAR, 1'b0, capture_vm_i) :
               `MUT_SEL(SF_LVL_FOLLOWS_CAPTURE, capture_vm_i, lvl_q);
    act_set  = lvl ? active_vm_i : active_i;
    s_set    = lvl ? s_vm_i : s_i;
    tear_set = lvl ? tear_vm_i : tear_i;
    dear_set = lvl ? dear_vm_i : dear_i;
  end

  // ---------------------------------------------------------------------------
  // Sample capture (section 17)
  // ---------------------------------------------------------------------------
  logic        ls, hb;
  logic [3:0]  u;
  logic [63:0] guest, host;

  always_comb begin
    ls    = secure_guest_i && !pcf49_i;
    u     = (!wait_i && uniq_i) ? uniq_count_i : 4'd0;
    // Bit 34 is H, the host indicator of the LPAR level, in an entry for the
    // LPAR set's blocks, and 0 in one for the VM set's (SF-LVL-4); with H = 1
    // the host field holds pp. The guest field holds the VM level's pp_vm at
    // the VM level (the choice where H = 0 leaves it unpredictable), else pp
    // when H = 0 (SF-BSDE-3), whichever set's blocks take the entry.
    hb    = h_i && `MUT_SEL(SF_LVL_VM_ENTRY_H, 1'b1, !capture_vm_i);
    host  = h_i ? pp_i : '0;
    guest = (level_i == 2'd2) ? pp_vm_i : (h_i ? '0 : pp_i);
    `MUT_DO(SF_HOST_PARAM_SWAP, if (level_i == 2'd1 && h_i) begin
      guest = pp_i;
      host  = '0;
    end)
    cap_b[0] = {16'h0001, 4'b0, u, 2'b0, dat_i, wait_i, problem_i, as_i, entry_inconsistent_i,
                  level_i, hb, ls, 12'b0, asn_i};
    cap_b[1] = ia_i;
    cap_b[2] = guest;
    cap_b[3] = host;
    cap_d[0] = {cfg_dsde_fmt_i, 15'b0, entry_inconsistent_i, 32'b0};
    cap_d[1] = diag_i;
    cap_d[2] = tod_i;
    if (`MUT_SEL(SF_LS_NO_ZERO, 1'b0, ls)) begin
      cap_b[0] = cap_b[0] & ~64'h0000_0FFE_0000_FFFF;  // U, T, W, P, AS, ASN
      cap_b[1] = '0;
      cap_b[2] = '0;
      cap_d[1] = '0;
      cap_d[2] = '0;
    end
  end

  // The entry registers load at a capture.
  always_comb begin
    ent_b_d = (state_q == mf_pkg::US_IDLE && capture_i) ? {cap_b[3], cap_b[2], cap_b[1], cap_b[0]}
                                                         : ent_b_q;
    ent_d_d = (state_q == mf_pkg::US_IDLE && capture_i) ? {cap_d[2], cap_d[1], cap_d[0]} : ent_d_q;
  end

  // Doubleword k of the captured entry.
  logic [4:0]  wk;
  logic [63:0] ent_dw;
  logic [4:0]  dk;

  always_comb begin
    dk     = basic_q ? wk - 5'd4 : wk;
    ent_dw = '0;
    if (basic_q && wk < 5'd4) ent_dw = ent_b_q[64*wk[1:0] +: 64];
    else if (dk < 5'd3)       ent_dw = ent_d_q[64*dk[1:0] +: 64];
  end

  // ---------------------------------------------------------------------------
  // Address checks
  // ---------------------------------------------------------------------------
  logic [63:0] bmask;    // B - 1
  assign bmask = s_set ? 64'h0000_0000_000F_FFFF : 64'h0000_0000_0000_0FFF;

  // Check(d): the trailer address and whether d is an invalid entry address.
  function automatic logic [64:0] check(input logic [63:0] d, input logic [63:0] bm);
    logic [63:0] o, tr;
    logic        bad;
    o   = d & bm;
    tr  = (d & ~bm) + bm + 64'd1 - 64'd64;
    bad = (d < 64'd8192) ||
          `MUT_SEL(SF_TRAILER_EXACT_INVALID, o >= bm + 64'd1 - 64'd64, o > bm + 64'd1 - 64'd64);
    check = {bad, tr};
  endfunction

  // ---------------------------------------------------------------------------
  // FSM
  // ---------------------------------------------------------------------------
  logic        ld, ld_we, req_due;
  mf_pkg::stor_op_e ld_op;   // OR and ADD only on the trailer (docs/uarch.md sections 4, 19)
  logic [7:0]  ld_be;
  logic [63:0] ld_addr, ld_data;   // ld_addr[2:0] is dropped: the port is doubleword aligned
  logic        fin;          // the update ends at this edge
  logic [31:0] fin_alert;    // alert 0 or 1 it ends with
  logic [64:0] chk;
  logic        chk_go;                // a Check(d) is due this cycle
  logic [63:0] chk_addr;              // its data-entry address d
  logic        tear_go;               // TEAR moves on to an SDB-table entry this cycle
  logic [63:0] tear_nxt;              // that entry's address
  mf_pkg::upd_state_e tear_st;        // the state that reads it
  logic [63:0] r, lnk;
  logic        last;
  logic        pa_end;       // A of the blocks this update closed, as it ends
  logic        inc_stored, inc_overflow, inc_stopped;   // counts of the set lvl_q

  assign r = stor_rsp_data_i;

  always_comb begin
    state_d      = state_q;
    trl_d        = trl_q;
    ent_d        = ent_q;
    tod_d        = tod_q;
    len_d        = len_q;
    basic_d      = basic_q;
    act_d        = act_q;
    k_d          = k_q;
    t_d          = t_q;
    pa_d         = pa_q;
    ts_last_d    = ts_last_q;
    inc_stored   = 1'b0;
    inc_overflow = 1'b0;
    inc_stopped  = 1'b0;
    ld           = 1'b0;
    ld_we        = 1'b0;
    ld_op        = mf_pkg::STOR_OP_PLAIN;
    ld_be        = 8'hFF;
    ld_addr      = '0;
    ld_data      = '0;
    fin          = 1'b0;
    fin_alert    = '0;
    tear_we_o    = 1'b0;
    tear_o       = '0;
    dear_we_o    = 1'b0;
    dear_o       = '0;
    wk           = k_q + 5'd1;
    chk          = '0;
    chk_go       = 1'b0;
    chk_addr     = '0;
    tear_go      = 1'b0;
    tear_nxt     = '0;
    tear_st      = mf_pkg::US_RD_SDBT;
    lnk          = '0;
    last         = 1'b0;
    pa_end       = 1'b0;

    unique case (state_q)
      mf_pkg::US_IDLE: begin
        if (capture_i) begin
          tod_d   = tod_i;
          basic_d = act_set[mf_pkg::SF_BASIC_BIT];
          act_d   = act_set;
          len_d   = (act_set[mf_pkg::SF_BASIC_BIT] ? 9'd32 : 9'd0) +
                    (act_set[mf_pkg::SF_DIAG_BIT] ? 9'(cfg_dsdes_i) : 9'd0);
          pa_d    = 1'b0;
          chk_go   = 1'b1;
          chk_addr = dear_set;
        end
      end

      default: begin
        if (stor_rsp_valid_i) begin
          if (`MUT_SEL(SF_UPDATE_AFTER_DISABLE, 1'b0, (act_q & ~act_set) != '0)) begin
            // A function it stores for is no longer active (authorization
            // loss, reset, loss of sample data; LSCTL waits for IDLE): the
            // access in flight was the last (SF-UPD-10).
            state_d     = mf_pkg::US_IDLE;
            pa_d        = 1'b0;
            inc_stopped = 1'b1;
          end else if (stor_rsp_err_i) begin
            fin       = 1'b1;
            fin_alert = mf_pkg::AL_INVALID_ENTRY;
          end else begin
            unique case (state_q)
              mf_pkg::US_RD_TRL: begin
                if (r[63]) begin
                  // block full: count the lost sample, interlocked with a
                  // program's compare-and-swap of the trailer
                  state_d = mf_pkg::US_ADD_OVF;
                  `MUT_DO(SF_A_ON_FULL_BLOCK, pa_d = r[62];)
                  ld      = 1'b1;
                  ld_we   = 1'b1;
                  ld_op   = mf_pkg::STOR_OP_ADD;
                  `MUT_DO(SF_OVF_PLAIN_WRITE, ld_op = mf_pkg::STOR_OP_PLAIN;)
                  ld_addr = trl_q + 64'd8;
                  ld_data = 64'd1;
                  `MUT_DO(SF_OVF_NO_INC, ld_data = '0;)
                end else if (trl_q - ent_q >= 64'(len_q)) begin
                  state_d = mf_pkg::US_WR_ENT;
                  k_d     = '0;
                  wk      = '0;
                  ld      = 1'b1;
                  ld_we   = 1'b1;
                  ld_addr = ent_q;
                  ld_data = ent_dw;
                end else begin
                  // the entry does not fit: close the block; sizes and
                  // timestamp first, F last (so a program seeing F finds them)
                  state_d = mf_pkg::US_WR_SZ;
                  t_d     = r[61];
                  `MUT_DO(SF_A_FROM_RD_TRL, pa_d = r[62];)
                  ld      = 1'b1;
                  ld_we   = 1'b1;
                  ld_be   = 8'h0F;
                  `MUT_DO(SF_BSDES_NOT_WRITTEN, ld_be = 8'h03;)
                  ld_addr = trl_q;
                  ld_data = {32'b0, cfg_bsdes_i, cfg_dsdes_i};
                  `MUT_DO(SF_F_PLAIN_WRITE, ld_be = 8'h8F; ld_data[63] = 1'b1;)
                end
              end
              mf_pkg::US_ADD_OVF: begin
                inc_overflow = 1'b1;
                fin          = 1'b1;
              end
              mf_pkg::US_WR_ENT: begin
                if (6'(k_q) + 6'd1 < 6'(len_q >> 3)) begin
                  k_d     = k_q + 5'd1;
                  ld      = 1'b1;
                  ld_we   = 1'b1;
                  ld_addr = ent_q + {56'b0, k_q + 5'd1, 3'b0};
                  ld_data = ent_dw;
                end else begin
                  dear_we_o  = 1'b1;
                  dear_o     = `MUT_SEL(SF_DEAR_ADD_4K, {ent_q[63:12], ent_q[11:0] + 12'(len_q)},
                                        ent_q + 64'(len_q));
                  `MUT_DO(SF_DEAR_NO_ADV, dear_we_o = 1'b0;)
                  inc_stored = 1'b1;
                  fin        = 1'b1;
                end
              end
              mf_pkg::US_WR_SZ: begin
                state_d = mf_pkg::US_WR_TS;
                ld      = 1'b1;
                ld_we   = 1'b1;
                ld_addr = trl_q + 64'd16;
                if (`MUT_SEL(SF_STCKE_AS_STCK, 1'b0, t_q)) begin
                  ld_data   = tod_q >> 8;
                  ts_last_d = 1'b0;
                end else begin
                  ld_data   = tod_q;
                  ts_last_d = 1'b1;
                end
              end
              mf_pkg::US_WR_TS: begin
                if (!ts_last_q) begin
                  ts_last_d = 1'b1;
                  ld        = 1'b1;
                  ld_we     = 1'b1;
                  ld_addr   = trl_q + 64'd24;
                  ld_data   = {tod_q[7:0], 56'b0};
                end else begin
                  // the block is full: F, interlocked, leaving A and the
                  // reserved bits of byte 0 to the program
                  state_d = mf_pkg::US_OR_F;
                  ld      = 1'b1;
                  ld_we   = 1'b1;
                  ld_op   = mf_pkg::STOR_OP_OR;
                  ld_be   = 8'h80;
                  ld_addr = trl_q;
                  ld_data = 64'h8000_0000_0000_0000;
                  `MUT_DO(SF_OR_F_WRONG_BIT, ld_data = 64'h4000_0000_0000_0000;)
                end
              end
              mf_pkg::US_OR_F: begin
                // A as the OR found it: an A the program set during the update counts
                pa_d = `MUT_SEL(SF_A_FROM_RD_TRL, pa_q, pa_q | r[62]);
                `MUT_DO(SF_TRAILER_A_IGNORED, pa_d = 1'b0;)
                // the block is closed: on to the next SDB-table entry
                tear_go  = 1'b1;
                tear_nxt = tear_set + 64'd8;
              end
              mf_pkg::US_RD_SDBT, mf_pkg::US_RD_SDBT2: begin
                last = ((tear_set + 64'd8) & bmask) == '0;
                `MUT_DO(SF_LAST_BLOCK_LINK_OK, last = 1'b0;)
                if (r[0]) begin
                  // table link
                  lnk = {r[63:4], `MUT_SEL(SF_TABLE_LINK_OFF8, 4'b1000, 4'b0)};
                  if (`MUT_SEL(SF_TABLE_TO_TABLE_OK, 1'b0, state_q == mf_pkg::US_RD_SDBT2)) begin
                    fin       = 1'b1;
                    fin_alert = mf_pkg::AL_INCORRECT_SDBT;
                  end else begin
                    tear_go  = 1'b1;
                    tear_nxt = lnk;
                    tear_st  = mf_pkg::US_RD_SDBT2;
                  end
                end else if (state_q == mf_pkg::US_RD_SDBT && last) begin
                  fin       = 1'b1;
                  fin_alert = mf_pkg::AL_INCORRECT_SDBT;
                end else begin
                  // block link
                  lnk       = (r & ~bmask) | `MUT_SEL(SF_BLOCK_LINK_OFF64, 64'h40, 64'h0);
                  dear_we_o = 1'b1;
                  dear_o    = lnk;
                  chk_go    = 1'b1;
                  chk_addr  = lnk;
                end
              end
              /*verilator coverage_off*/  // every state that gets here has its item above
              default: fin = 1'b1;
              /*verilator coverage_on*/
            endcase
          end
        end
      end
    endcase

    // TEAR := the next SDB-table entry (the next entry of a table, or a table
    // link's target), which must lie at or above 8192; then read it.
    if (tear_go) begin
      tear_we_o = 1'b1;
      tear_o    = tear_nxt;
      if (tear_nxt < 64'd8192) begin
        fin       = 1'b1;
        fin_alert = mf_pkg::AL_INVALID_ENTRY;
      end else begin
        state_d = tear_st;
        ld      = 1'b1;
        ld_addr = tear_nxt;
      end
    end

    // Check(d), the inner-loop start, for a capture or a block link.
    if (chk_go) begin
      chk = check(chk_addr, bmask);
      if (chk[64]) begin
        fin       = 1'b1;
        fin_alert = mf_pkg::AL_INVALID_ENTRY;
      end else begin
        trl_d   = chk[63:0];
        ent_d   = `MUT_SEL(SF_ENTRY_PAST_TRAILER, chk[63:0] + 64'd8, chk_addr);
        state_d = mf_pkg::US_RD_TRL;
        ld      = 1'b1;
        ld_addr = chk[63:0];
      end
    end

    if (fin) begin
      state_d = mf_pkg::US_IDLE;
      `MUT_DO(UPD_STATE_UNUSED, state_d = mf_pkg::US_RD_SDBT2; state_d[2:0] = 3'b111;)
      pa_end  = pa_d;         // with an A that OR_F's response gives at this edge
      pa_d    = 1'b0;
    end

    // Alert 2 when this update (not one ending at its capture) closed a block with A = 1.
    alert_raise_o = fin ? (fin_alert |
                           ((state_q != mf_pkg::US_IDLE && pa_end) ? mf_pkg::AL_PROGRAM_REQ
                                                                   : 32'd0))
                        : 32'd0;
    c_clr_o       = fin && (fin_alert != '0);

    // The counts of the set the update serves (SF-LVL-3).
    n_stored_d      = n_stored_q      + 64'(inc_stored && !lvl_q);
    n_overflow_d    = n_overflow_q    + 64'(inc_overflow && !lvl_q);
    n_stopped_d     = n_stopped_q     + 64'(inc_stopped && !lvl_q);
    n_stored_vm_d   = n_stored_vm_q   + 64'(inc_stored && lvl_q);
    n_overflow_vm_d = n_overflow_vm_q + 64'(inc_overflow && lvl_q);
    n_stopped_vm_d  = n_stopped_vm_q  + 64'(inc_stopped && lvl_q);
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q      <= mf_pkg::US_IDLE;
      trl_q        <= '0;
      ent_q        <= '0;
      tod_q        <= '0;
      len_q        <= '0;
      basic_q      <= 1'b0;
      act_q        <= '0;
      k_q          <= '0;
      t_q          <= 1'b0;
      pa_q         <= 1'b0;
      ts_last_q    <= 1'b0;
      ent_b_q      <= '0;
      ent_d_q      <= '0;
      n_stored_q   <= '0;
      n_overflow_q <= '0;
      n_stopped_q  <= '0;
      n_stored_vm_q   <= '0;
      n_overflow_vm_q <= '0;
      n_stopped_vm_q  <= '0;
      lvl_q           <= 1'b0;
    end else begin
      state_q      <= state_d;
      trl_q        <= trl_d;
      ent_q        <= ent_d;
      tod_q        <= tod_d;
      len_q        <= len_d;
      basic_q      <= basic_d;
      act_q        <= act_d;
      k_q          <= k_d;
      t_q          <= t_d;
      pa_q         <= pa_d;
      ts_last_q    <= ts_last_d;
      ent_b_q      <= ent_b_d;
      ent_d_q      <= ent_d_d;
      n_stored_q   <= n_stored_d;
      n_overflow_q <= n_overflow_d;
      n_stopped_q  <= n_stopped_d;
      n_stored_vm_q   <= n_stored_vm_d;
      n_overflow_vm_q <= n_overflow_vm_d;
      n_stopped_vm_q  <= n_stopped_vm_d;
      lvl_q           <= lvl_d;
    end
  end

  assign idle_o           = state_q == mf_pkg::US_IDLE;
  assign state_o          = state_q;
  assign n_stored_o       = n_stored_q;
  assign n_overflow_o     = n_overflow_q;
  assign n_stopped_o      = n_stopped_q;
  assign lvl_q_o          = lvl_q;
  assign n_stored_vm_o    = n_stored_vm_q;
  assign n_overflow_vm_o  = n_overflow_vm_q;
  assign n_stopped_vm_o   = n_stopped_vm_q;
  assign lvl_o            = lvl;
  mf_stor_req u_req (
    .clk_i,
    .rst_ni,
    .ld_i       (ld),
    .ld_we_i    (ld_we),
    .ld_op_i    (ld_op),
    .ld_be_i    (ld_be),
    .ld_addr_i  (ld_addr),
    .ld_wdata_i (ld_data),
    .ready_i    (stor_req_ready_i),
    .rsp_valid_i(stor_rsp_valid_i),
    .valid_o    (stor_req_valid_o),
    .we_o       (stor_req_we_o),
    .op_o       (stor_req_op_o),
    .be_o       (stor_req_be_o),
    .addr_o     (stor_req_addr_o),
    .wdata_o    (stor_req_wdata_o),
    .due_o      (req_due)
  );
  // The storage port (docs/uarch.md section 4): a response answers this
  // unit's accepted request, one cycle after its acceptance at the earliest.
  `ASSUME(RspToAccepted_M, !stor_rsp_valid_i || req_due)

  // What the unit takes from the straps and sf_interval (docs/uarch.md sections 14, 16, 17):
  // BSDES is 32 and DSDES a multiple of 8 up to 128, and a sample is captured only while a
  // function is active whose entry is not empty.
  `ASSUME(EntrySizes_M, cfg_bsdes_i == 16'd32 && cfg_dsdes_i <= 16'd128 &&
                        cfg_dsdes_i[2:0] == 3'b0)
  `ASSUME(CaptureEntry_M, !capture_i || act_set[mf_pkg::SF_BASIC_BIT] ||
                          (act_set[mf_pkg::SF_DIAG_BIT] && cfg_dsdes_i != '0))
  // sf_interval names the set of a capture only with the capture.
  `ASSUME(CaptureVm_M, !capture_vm_i || capture_i)
  // The update process's FSM in a state of its encoding (docs/uarch.md section 17).
  `ASSERT(StateLegal_A, state_q <= mf_pkg::US_RD_SDBT2)
  // SF-BUF-1, SF-BUF-2, SF-UPD-2: what the update leaves in TEAR and DEAR.
  // A table link designates a table on a 16-byte boundary; a block link the
  // origin of a block; an entry stored leaves DEAR past it and at or before
  // the trailer of its block, where the entry address stays while the
  // update walks the block.
  logic sdbt;
  assign sdbt = state_q == mf_pkg::US_RD_SDBT || state_q == mf_pkg::US_RD_SDBT2;
  `ASSERT(TearTableAligned_A, !(tear_we_o && sdbt) || tear_o[3:0] == 4'b0)
  `ASSERT(DearBlockOrigin_A, !(dear_we_o && sdbt) || (dear_o & bmask) == '0)
  `ASSERT(DearInBlock_A, !(dear_we_o && state_q == mf_pkg::US_WR_ENT) ||
                         (dear_o >= ent_q && dear_o <= trl_q))
  `ASSERT(EntryInBlock_A, state_q == mf_pkg::US_IDLE || ent_q <= trl_q)
  // SF-UPD-1, SF-UPD-4, docs/uarch.md sections 4 and 19: the update changes F
  // and the overflow count only interlocked with the program's compare-and-swap.
  // An OR sets F alone (so no access writes bits 3-7 of trailer byte 0), an ADD
  // adds one to the overflow count, and no plain write enables trailer byte 0
  // or the overflow count.
  logic req_or, req_add, req_plain_wr;
  assign req_or       = stor_req_valid_o && stor_req_op_o == mf_pkg::STOR_OP_OR;
  assign req_add      = stor_req_valid_o && stor_req_op_o == mf_pkg::STOR_OP_ADD;
  assign req_plain_wr = stor_req_valid_o && stor_req_we_o && stor_req_op_o == mf_pkg::STOR_OP_PLAIN;
  `ASSERT(OrSetsF_A, !req_or || (stor_req_be_o == 8'h80 && stor_req_addr_o == trl_q &&
                                 stor_req_wdata_o == 64'h8000_0000_0000_0000))
  `ASSERT(AddOne_A, !req_add || (stor_req_be_o == 8'hFF && stor_req_addr_o == trl_q + 64'd8 &&
                                 stor_req_wdata_o == 64'd1))
  `ASSERT(TrailerByte0NotPlain_A, !(req_plain_wr && stor_req_addr_o == trl_q) || !stor_req_be_o[7])
  `ASSERT(OverflowNotPlain_A, !(req_plain_wr && stor_req_addr_o == trl_q + 64'd8))
  // The A that raises alert 2 is the one OR_F's response shows, not RD_TRL's.
  // SF-LVL-3: the set of an update is the one of its capture, held until it
  // ends, ...
  `ASSERT(LvlStable_A, state_q == mf_pkg::US_IDLE || lvl_d == lvl_q)
  `ASSERT(LvlAtCapture_A, !(state_q == mf_pkg::US_IDLE && capture_i) || lvl_d == capture_vm_i)
  // ... and SF-LVL-4: an entry for the VM set's blocks carries H = 0.
  `ASSERT(VmEntryNoH_A, !(state_q == mf_pkg::US_IDLE && capture_i && capture_vm_i) ||
                        !ent_b_d[29])
  `ASSERT(AFromOr_A, pa_q || !pa_d || (state_q == mf_pkg::US_OR_F && stor_rsp_valid_i))

  // Functional coverage: the program set A while the update closed its block
  // (OR_F's answer shows it); a sample into a full block (the overflow
  // count's ADD); an entry of the VM set; a table link followed.
  `COVER(OrFFoundA_C, state_q == mf_pkg::US_OR_F && stor_rsp_valid_i && stor_rsp_data_i[62])
  `COVER(BlockFull_C, req_add)
  `COVER(VmEntry_C, lvl_q && state_q == mf_pkg::US_WR_ENT)
  `COVER(TableLink_C, state_q == mf_pkg::US_RD_SDBT2)

endmodule
