// The 192 counter slots of one CPU (basic, problem-state, crypto, extended).
// Per slot: clear when the set's next E is 0, else SCCTR write, else
// increment while the set is active and the CPU operates, else hold.
module cf_counters
  import mf_pkg::*;
(
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // straps
  input  logic [15:0]            cfg_cfvn_i,
  input  logic [15:0]            cfg_csvn_i,
  input  logic [7:0]             cfg_n_ext_i,
  input  logic                   cfg_unified_l1_i,
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
  input  logic [159:0]           ext_ev_i,
  // SCCTR write
  input  logic                   wr_i,
  input  logic [7:0]             wr_slot_i,
  input  logic [63:0]            wr_data_i,
  output logic [63:0]            ctr_o [NSLOT]
);

`ifdef MUTANT_COUNT_INACTIVE
  logic mut_count_inactive;
  initial mut_count_inactive = $test$plusargs("MUTANT_COUNT_INACTIVE");
`endif
`ifdef MUTANT_COUNT_STOPPED
  logic mut_count_stopped;
  initial mut_count_stopped = $test$plusargs("MUTANT_COUNT_STOPPED");
`endif
`ifdef MUTANT_NO_CLEAR_DISABLE
  logic mut_no_clear_disable;
  initial mut_no_clear_disable = $test$plusargs("MUTANT_NO_CLEAR_DISABLE");
`endif
`ifdef MUTANT_WAIT_CYCLES
  logic mut_wait_cycles;
  initial mut_wait_cycles = $test$plusargs("MUTANT_WAIT_CYCLES");
`endif

  // Unpacked, so that the simulator keeps one native word per slot.
  logic [63:0]      ctr_q [NSLOT];
  logic [63:0]      ctr_d [NSLOT];
  logic [2:0]       inc   [NSLOT];
  logic [NSLOT-1:0] inst;
  logic [5:0]       active, clr, cnt;
  logic             run;

  // Set of a slot, LCCTL bit layout.
  function automatic int slot_set(int s);
    if (s < SLOT_PROBLEM) return SET_BASIC;
    if (s < SLOT_CRYPTO) return SET_PROBLEM;
    if (s < SLOT_EXT) return SET_CRYPTO;
    return SET_EXT;
  endfunction

  // Installed slots; the others stay zero.
  always_comb begin
    inst = '1;
    for (int k = 2; k < 6; k++) inst[SLOT_PROBLEM + k] = (cfg_cfvn_i == 16'd1);  // 34-37
    for (int k = 16; k < 20; k++) inst[SLOT_CRYPTO + k] = (cfg_csvn_i >= 16'd6);  // 80-83
    for (int k = 0; k < NSLOT - SLOT_EXT; k++) inst[SLOT_EXT + k] = (k < int'(cfg_n_ext_i));
  end

  // One architected event per line; gating by the set's controls is below.
  always_comb begin
    inc[0] = {2'b0, !wait_i};                         // 0 cycles outside the wait state
`ifdef MUTANT_WAIT_CYCLES
    if (mut_wait_cycles) inc[0] = 3'd1;
`endif
    inc[1] = insns_i;                                 // 1 instructions
    inc[2] = {2'b0, l1i_dw_i};                        // 2 L1 I directory writes
    inc[3] = {2'b0, l1i_pen_i};                       // 3 L1 I penalty cycles
    inc[4] = {2'b0, l1d_dw_i && !cfg_unified_l1_i};   // 4 L1 D directory writes
    inc[5] = {2'b0, l1d_pen_i && !cfg_unified_l1_i};  // 5 L1 D penalty cycles
    // 32-37: the basic events, in the problem state only
    for (int k = 0; k < 6; k++) inc[SLOT_PROBLEM + k] = problem_i ? inc[SLOT_BASIC + k] : 3'd0;
    // 64+4e .. 64+4e+3: functions, busy, blocked functions, blocked cycles of engine e
    for (int en = 0; en < 5; en++) begin
      inc[SLOT_CRYPTO + 4*en + 0] = {2'b0, cr_fn_i[en]};
      inc[SLOT_CRYPTO + 4*en + 1] = {2'b0, cr_busy_i[en]};
      inc[SLOT_CRYPTO + 4*en + 2] = {2'b0, cr_bfn_i[en]};
      inc[SLOT_CRYPTO + 4*en + 3] = {2'b0, cr_bcyc_i[en]};
    end
    // 128+k: model event k
    for (int k = 0; k < NSLOT - SLOT_EXT; k++) inc[SLOT_EXT + k] = {2'b0, ext_ev_i[k]};
  end

  // Per set: cleared (next E is 0), counting (active while the CPU operates).
  always_comb begin
    run    = !stopped_i;
    active = a_i & e_i & c_i;
`ifdef MUTANT_COUNT_STOPPED
    if (mut_count_stopped) run = 1'b1;
`endif
`ifdef MUTANT_COUNT_INACTIVE
    if (mut_count_inactive) active = a_i & e_i;
`endif
    clr = ~e_next_i;
    cnt = run ? active : 6'b0;
  end

  always_comb begin
    for (int s = 0; s < NSLOT; s++) begin
      if (!inst[s] || clr[slot_set(s)]) begin
        ctr_d[s] = '0;
`ifdef MUTANT_NO_CLEAR_DISABLE
        if (mut_no_clear_disable && inst[s]) ctr_d[s] = ctr_q[s];
`endif
      end else if (wr_i && (int'(wr_slot_i) == s)) begin
        ctr_d[s] = wr_data_i;
      end else if (cnt[slot_set(s)]) begin
        ctr_d[s] = ctr_q[s] + 64'(inc[s]);
      end else begin
        ctr_d[s] = ctr_q[s];
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ctr_q <= '{default: '0};
    end else begin
      ctr_q <= ctr_d;
    end
  end

  assign ctr_o = ctr_q;

endmodule
