// SPDX-License-Identifier: Apache-2.0
`include "mf_mutant.svh"
`include "mf_assert.svh"

// The 192 counter slots of one CPU (basic, problem-state, crypto, extended).
// Per slot: clear when the set's next E is 0, else SCCTR write, else
// increment while the set is active and the CPU operates, else hold.
module cf_counters
(
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // straps
  /*verilator coverage_off*/  // straps are constant in a run (CFG-2): no toggle coverage
  input  logic [15:0]            cfg_cfvn_i,
  input  logic [15:0]            cfg_csvn_i,
  input  logic [7:0]             cfg_n_ext_i,
  input  logic                   cfg_unified_l1_i,
  /*verilator coverage_on*/
  // set state: current registers and next E
  input  logic [5:0]             a_i,
  input  logic [5:0]             e_i,
  input  logic [5:0]             c_i,
  input  logic [5:0]             e_next_i,
  // activity
  input  logic                   stopped_i,
  input  logic                   wait_i,
  input  logic                   problem_i,
  input  logic [2:0]             insns_i,
  input  logic                   l1i_dw_i,
  input  logic                   l1i_pen_i,
  input  logic                   l1d_dw_i,
  input  logic                   l1d_pen_i,
  input  logic [4:0]             cr_fn_i,
  input  logic [4:0]             cr_busy_i,
  input  logic [4:0]             cr_bfn_i,
  input  logic [4:0]             cr_bcyc_i,
  input  logic [mf_pkg::NSLOT-mf_pkg::SLOT_EXT-1:0] cfg_ext_undef_i,
  // events of counter 128+k: bits 4k+3..4k
  input  logic [4*(mf_pkg::NSLOT-mf_pkg::SLOT_EXT)-1:0] ext_ev_i,
  // SCCTR write
  input  logic                   wr_i,
  input  logic [7:0]             wr_slot_i,
  input  logic [63:0]            wr_data_i,
  // three read ports (mf_insn's): slot rd_slot_i[8k+7:8k] at rd_o[64k+63:64k]
  input  logic [23:0]            rd_slot_i,
  output logic [191:0]           rd_o,
  output logic [64*mf_pkg::NSLOT-1:0] ctr_o  // slot s at bits 64s
);

  // Unpacked, so that the simulator keeps one native word per slot.
  logic [63:0]      ctr_q [mf_pkg::NSLOT];  // cf_slot's registers
  logic [mf_pkg::NSLOT-1:0] wr_named, wr_hit, slot_wr;  // the slot an SCCTR write names, replaces
  logic [2:0]       inc   [mf_pkg::SLOT_EXT];  // basic, problem-state and crypto events
  logic [mf_pkg::NSLOT-1:0] inst, live;
  logic [5:0]       active, cnt;
  logic             run;

  // Set of a slot, LCCTL bit layout.
  /*verilator coverage_off*/  // branches inside functions are never counted (Verilator 5.006)
  function automatic int slot_set(int s);
    if (s < mf_pkg::SLOT_PROBLEM) slot_set = mf_pkg::SET_BASIC_BIT;
    else if (s < mf_pkg::SLOT_CRYPTO) slot_set = mf_pkg::SET_PROBLEM_BIT;
    else if (s < mf_pkg::SLOT_EXT) slot_set = mf_pkg::SET_CRYPTO_BIT;
    else slot_set = mf_pkg::SET_EXT_BIT;
  endfunction
  // The slots of the sets in e (LCCTL bit layout), one bit per slot.
  function automatic logic [mf_pkg::NSLOT-1:0] set_slots(logic [5:0] e);
    set_slots = {{(mf_pkg::NSLOT - mf_pkg::SLOT_EXT){e[mf_pkg::SET_EXT_BIT]}},
                 {(mf_pkg::SLOT_EXT - mf_pkg::SLOT_CRYPTO){e[mf_pkg::SET_CRYPTO_BIT]}},
                 {(mf_pkg::SLOT_CRYPTO - mf_pkg::SLOT_PROBLEM){e[mf_pkg::SET_PROBLEM_BIT]}},
                 {(mf_pkg::SLOT_PROBLEM - mf_pkg::SLOT_BASIC){e[mf_pkg::SET_BASIC_BIT]}}};
  endfunction
  /*verilator coverage_on*/

  // Installed slots; the others stay zero.
  always_comb begin
    inst = '1;
    for (int k = 2; k < 6; k++) inst[mf_pkg::SLOT_PROBLEM + k] = (cfg_cfvn_i == 16'd1);  // 34-37
    for (int k = 16; k < 20; k++) inst[mf_pkg::SLOT_CRYPTO + k] = (cfg_csvn_i >= 16'd6);  // 80-83
    // 128 .. 128+n_ext-1, as a mask rather than a 160-step loop
    inst[mf_pkg::NSLOT-1:mf_pkg::SLOT_EXT] =
      ~({(mf_pkg::NSLOT - mf_pkg::SLOT_EXT){1'b1}} << cfg_n_ext_i);
  end

  // One architected event per line; gating by the set's controls is below.
  // The model events (128+k: ext_ev_i[k]) feed their slots directly.
  always_comb begin
    inc[0] = {2'b0, !wait_i};                         // 0 cycles outside the wait state
    `MUT_DO(WAIT_CYCLES, inc[0] = 3'd1;)
    inc[1] = insns_i;                                 // 1 instructions
    inc[2] = {2'b0, l1i_dw_i};                        // 2 L1 I directory writes
    inc[3] = {2'b0, l1i_pen_i};                       // 3 L1 I penalty cycles
    inc[4] = {2'b0, l1d_dw_i && !cfg_unified_l1_i};   // 4 L1 D directory writes
    inc[5] = {2'b0, l1d_pen_i && !cfg_unified_l1_i};  // 5 L1 D penalty cycles
    // 32-37: the basic events, in the problem state only
    for (int k = 0; k < 6; k++)
      inc[mf_pkg::SLOT_PROBLEM + k] = problem_i ? inc[mf_pkg::SLOT_BASIC + k] : 3'd0;
    // 64+4e .. 64+4e+3: functions, busy, blocked functions, blocked cycles of engine e
    for (int en = 0; en < 5; en++) begin
      inc[mf_pkg::SLOT_CRYPTO + 4*en + 0] = {2'b0, cr_fn_i[en]};
      inc[mf_pkg::SLOT_CRYPTO + 4*en + 1] = {2'b0, cr_busy_i[en]};
      inc[mf_pkg::SLOT_CRYPTO + 4*en + 2] = {2'b0, cr_bfn_i[en]};
      inc[mf_pkg::SLOT_CRYPTO + 4*en + 3] = {2'b0, cr_bcyc_i[en]};
    end
  end

  // Per set: counting (active while the CPU operates); per slot: live
  // (installed and the set's next E is 1), computed once for all slots.
  always_comb begin
    run    = !stopped_i;
    active = a_i & e_i & c_i;
    `MUT_DO(COUNT_STOPPED, run = 1'b1;)
    `MUT_DO(COUNT_INACTIVE, active = a_i & e_i;)
    cnt  = run ? active : 6'b0;
    live = inst & set_slots(e_next_i);
    `MUT_DO(LIVE_UNINSTALLED, live = set_slots(e_next_i);)
  end

  // One block per slot: slot, set and event are constants there, so each
  // slot costs a few word operations and no branch (cf_slot).
  for (genvar s = 0; s < mf_pkg::NSLOT; s++) begin : g_slot
    localparam int Set = slot_set(s);

    logic [3:0] ev;
    if (s < mf_pkg::SLOT_EXT) begin : g_arch
      assign ev = cnt[Set] ? {1'b0, inc[s]} : 4'd0;
    end else begin : g_ext
      localparam int K = s - mf_pkg::SLOT_EXT;
      // counter 128+K adds its number of events; an undefined counter of the model never counts
      assign ev = (cnt[Set] && `MUT_SEL(EXT_UNDEF_COUNTS, 1'b1, !cfg_ext_undef_i[K])) ?
                  ext_ev_i[4*K +: 4] : 4'd0;
    end

    cf_slot cf_slot (
      .clk_i,
      .rst_ni,
      .inst_i    (inst[s]),
      .live_i    (live[s]),
      .ev_i      (ev),
      .wr_i      (slot_wr[s]),
      .wr_data_i,
      .ctr_o     (ctr_q[s])
    );

    assign ctr_o[64*s +: 64] = ctr_q[s];
  end

  for (genvar k = 0; k < 3; k++) begin : g_rd
    assign rd_o[64*k +: 64] = ctr_q[rd_slot_i[8*k +: 8]];
  end

  // An SCCTR write to a live slot replaces its increment. Decoded by a compare
  // per slot: a shift of 192 bits would be evaluated once for every slot.
  for (genvar s = 0; s < mf_pkg::NSLOT; s++) begin : g_wr
    assign wr_named[s] = wr_slot_i == 8'(s);
    assign wr_hit[s]   = wr_i && wr_named[s] && live[s];
    assign slot_wr[s]  = `MUT_SEL(SCCTR_SLOT_PAIR, wr_hit[s] || wr_hit[s ^ 1], wr_hit[s]);
  end

  // CFG-1, CFG-2: the model's straps are the same in every cycle of a run;
  // E is the register of the next E cf_state gave the cycle before.
  `ASSUME(StrapsStable_M, $stable(cfg_cfvn_i) && $stable(cfg_csvn_i) && $stable(cfg_n_ext_i))

  // CF-ST-5: a set counts only while it is active and the CPU operates.
  `ASSERT(CountActive_A, (cnt & ~(a_i & e_i & c_i)) == '0 && (cnt == '0 || !stopped_i))
  // CF-SCCTR-1: an SCCTR write replaces no counter but the one it names,
  // and none is replaced without a write (each slot's own invariants are
  // cf_slot's).
  `ASSERT(OneSlotWritten_A, (slot_wr & ~wr_named) == '0 && (slot_wr == '0 || wr_i))

  // Functional coverage: an SCCTR write into a counter of an active set.
  `COVER(WriteCounting_C, slot_wr != '0 && cnt != '0)

endmodule
