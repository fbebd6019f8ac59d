// SPDX-License-Identifier: Apache-2.0
`include "mf_mutant.svh"
`include "mf_assert.svh"

// Sample-interval machinery of one CPU (uarch.md section 16): the primary
// count, the secondary count of the random-secondary mode, the LFSR that
// draws the random bytes, and the count of samples lost to collisions; once
// per configuration level (section 22): the LPAR set's (cnt_q, ...) and the
// VM set's (cnt_vm_q, ...), composed by one piece of code indexed by the set.
module sf_interval
#(
  parameter int IDX = 0   // CPU index: the LFSR seeds are rotated left by it
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // straps
  /*verilator coverage_off*/  // straps are constant in a run (CFG-2): no toggle coverage
  input  logic [1:0]  cfg_int_mode_i,
  input  logic [31:0] cfg_lfsr_seed_i,
  input  logic        cfg_dedicated_i,
  /*verilator coverage_on*/
  // activity and sampling state (registers of this cycle); per set, bit 1 VM
  input  logic        stopped_i,
  input  logic        wait_i,
  input  logic        core_busy_i,       // another CPU of the core operates
  input  logic [1:0]  level_i,           // configuration level: 2 VM
  input  logic [1:0]  active_i,          // some function active, per set
  input  logic [63:0] interval_i,        // the LPAR set's interval
  input  logic [63:0] interval_vm_i,     // the VM set's
  input  logic [1:0]  enabled_next_i,    // some function enabled in the next state, per set
  // LSCTL (of the set of the level the CPU runs at)
  input  logic        lsctl_exec_i,      // an LSCTL executes in this cycle
  input  logic        lsctl_load_i,      // ... and activates with this interval
  input  logic [63:0] lsctl_interval_i,
  // update process
  input  logic        upd_idle_i,
  output logic        capture_o,         // a sample is captured in this cycle
  output logic        capture_vm_o,      // ... and it is the VM set's
  // observation
  output logic [63:0] cnt_o,
  output logic [7:0]  sec_o,
  output logic        sec_act_o,
  output logic [31:0] lfsr_o,
  output logic [63:0] coll_o,
  output logic [63:0] cnt_vm_o,
  output logic [7:0]  sec_vm_o,
  output logic        sec_act_vm_o,
  output logic [31:0] lfsr_vm_o,
  output logic [63:0] coll_vm_o
);

  logic [63:0] cnt_q, cnt_d, coll_q, coll_d, cnt_vm_q, cnt_vm_d, coll_vm_q, coll_vm_d;
  logic [7:0]  sec_q, sec_d, sec_vm_q, sec_vm_d;
  logic        sec_act_q, sec_act_d, sec_act_vm_q, sec_act_vm_d;
  logic [31:0] lfsr_q, lfsr_d, lfsr_vm_q, lfsr_vm_d;

  // Power-on values: the seed rotated left by the CPU index (LPAR set) and
  // by the CPU index + 16 (VM set), so that the two draw different bytes.
  localparam int Rot   = IDX % 32;
  localparam int RotVm = (IDX + 16) % 32;
  /*verilator coverage_off*/  // power-on values: functions of the straps alone
  logic [31:0] lfsr_por, lfsr_vm_por;
  /*verilator coverage_on*/
  assign lfsr_por    = (Rot == 0) ? cfg_lfsr_seed_i :
                       32'({cfg_lfsr_seed_i, cfg_lfsr_seed_i} >> (32 - Rot));
  assign lfsr_vm_por = (RotVm == 0) ? cfg_lfsr_seed_i :
                       32'({cfg_lfsr_seed_i, cfg_lfsr_seed_i} >> (32 - RotVm));

  // A draw: eight Galois steps; its byte r is bits 7..0 of the result, its bit b bit 8.
  function automatic logic [31:0] draw(input logic [31:0] x);
    logic [31:0] v;
    v = x;
    for (int k = 0; k < 8; k++)
      v = v[0] ? ((v >> 1) ^ `MUT_SEL(SF_LFSR_TAP, 32'h8020_0001, mf_pkg::LFSR_TAPS)) : (v >> 1);
    draw = v;
  endfunction

  // Reload value R for interval iv and draw d (byte r = d[7:0], bit b = d[8]):
  // random mode centres a random part of 0..256 on iv, iv - 128 + r + b, so
  // that the mean interval is iv (SF-INT-5); exact mode and random-secondary's
  // primary reload iv (the secondary count carries that mode's randomness).
  /*verilator coverage_off*/  // branches inside functions are never counted (Verilator 5.006)
  function automatic logic [63:0] reload(input logic [1:0] mode, input logic [63:0] iv,
                                         input logic [8:0] d);
    logic [63:0] r;
    unique case (mode)
      mf_pkg::INT_RANDOM:                r = iv - 64'd128 + 64'(d[7:0]) + 64'(d[8]);
      mf_pkg::INT_EXACT, mf_pkg::INT_RANDOM_SEC: r = iv;
      default:                   r = iv;  // mode 3 is not configured; read as exact
    endcase
    reload = r;
  endfunction
  /*verilator coverage_on*/

  // Both sets' registers side by side, set x (0 LPAR, 1 VM) at bits W*x: flat,
  // as Yosys 0.23 reads no 2-D packed variable.
  logic [127:0]     cnt_x, coll_x, iv_x, cnt_dx, coll_dx;
  logic [15:0]      sec_x, sec_dx;
  logic [1:0]       sec_act_x, sec_act_dx;
  logic [63:0]      lfsr_x, lfsr_dx;

  assign cnt_x     = {cnt_vm_q, cnt_q};
  assign coll_x    = {coll_vm_q, coll_q};
  assign iv_x      = {interval_vm_i, interval_i};
  assign sec_x     = {sec_vm_q, sec_q};
  assign sec_act_x = {sec_act_vm_q, sec_act_q};
  assign lfsr_x    = {lfsr_vm_q, lfsr_q};

  // Per set: the tick, the tick's draw, whether a sample falls due and is
  // captured (registers of the cycle), and whether an LSCTL activates it.
  logic             run;          // the CPU's cycle counts (section 16)
  logic [1:0]       tick, due, capture, reload_now, lsctl_ld;
  logic [63:0]      lfsr_tick;

  always_comb begin
    run = cfg_dedicated_i || !wait_i || core_busy_i;
    `MUT_DO(SF_WAIT_TICKS_SHARED, run = 1'b1;)
    `MUT_DO(SF_DEDICATED_AS_SHARED, run = !wait_i || core_busy_i;)
    `MUT_DO(SF_CORE_BUSY_IGNORED, run = cfg_dedicated_i || !wait_i;)
    for (int x = 0; x < 2; x++) begin
      // the VM set counts only the cycles the CPU runs at the VM level (SF-LVL-3)
      tick[x] = !stopped_i && active_i[x] && run &&
                (x == 0 || `MUT_SEL(SF_LVL_VM_TICKS_ANY_LEVEL, 1'b1, level_i == 2'd2));
      reload_now[x] = tick[x] && (cnt_x[64*x +: 64] <= 64'd1);
      lfsr_tick[32*x +: 32] = (reload_now[x] && (cfg_int_mode_i == mf_pkg::INT_RANDOM ||
                                                 cfg_int_mode_i == mf_pkg::INT_RANDOM_SEC)) ?
                              draw(lfsr_x[32*x +: 32]) : lfsr_x[32*x +: 32];
      // the secondary count, then the primary (at once when the byte is 0)
      due[x] = (tick[x] && sec_act_x[x] && sec_x[8*x +: 8] <= 8'd1) ||
               (reload_now[x] && (cfg_int_mode_i != mf_pkg::INT_RANDOM_SEC ||
                                  lfsr_tick[32*x +: 8] == 8'd0));
      lsctl_ld[x] = lsctl_load_i && ((x == 1) == (level_i == 2'd2));
    end
    // A due sample is captured only by an idle update process and never in
    // the cycle an LSCTL executes; otherwise it is a collision. When both
    // sets' samples fall due together, the LPAR set's is taken (section 22).
    capture[0]   = due[0] && upd_idle_i && !lsctl_exec_i;
    capture[1]   = due[1] && upd_idle_i && !lsctl_exec_i &&
                   `MUT_SEL(SF_VM_CAPTURE_OVER_LPAR, 1'b1, !due[0]);
    capture_o    = capture != '0;
    capture_vm_o = capture[1];
  end

  // One set's next state, composed in these (set x's slices of the arrays).
  logic [63:0] cnt, coll;
  logic [7:0]  sec;
  logic        sec_act;
  logic [31:0] lfsr, lfsr_t;

  always_comb begin
    cnt_dx     = cnt_x;
    sec_dx     = sec_x;
    sec_act_dx = sec_act_x;
    lfsr_dx    = lfsr_tick;
    coll_dx    = coll_x;
    cnt        = '0;
    coll       = '0;
    sec        = '0;
    sec_act    = 1'b0;
    lfsr       = '0;
    lfsr_t     = '0;

    for (int x = 0; x < 2; x++) begin
      cnt     = cnt_x[64*x +: 64];
      coll    = coll_x[64*x +: 64];
      sec     = sec_x[8*x +: 8];
      sec_act = sec_act_x[x];
      lfsr_t  = lfsr_tick[32*x +: 32];
      lfsr    = lfsr_t;

      if (tick[x]) begin
        // the secondary count first
        if (sec_act_x[x]) begin
          if (sec_x[8*x +: 8] <= 8'd1) sec_act = 1'b0;
          else                         sec     = sec - 8'd1;
        end
        // then the primary
        if (reload_now[x]) begin
          cnt = reload(cfg_int_mode_i, iv_x[64*x +: 64], lfsr_t[8:0]);
          `MUT_DO(SF_INTERVAL_OFF_BY_ONE,
                  if (cfg_int_mode_i == mf_pkg::INT_EXACT) cnt = iv_x[64*x +: 64] - 64'd1;)
          `MUT_DO(SF_RANDOM_LOW_BYTE,
                  if (cfg_int_mode_i == mf_pkg::INT_RANDOM)
                    cnt = {iv_x[64*x + 8 +: 56], lfsr_t[7:0]};)
          if (cfg_int_mode_i == mf_pkg::INT_RANDOM_SEC) begin
            sec = lfsr_t[7:0];
            if (lfsr_t[7:0] != 8'd0) sec_act = 1'b1;
          end
          `MUT_DO(SF_SEC_IN_EXACT, sec_act = 1'b1;)
          `MUT_DO(SF_VM_SEC_IN_EXACT, if (x == 1) sec_act = 1'b1;)
        end else begin
          cnt = cnt - 64'd1;
        end
      end

      if (due[x] && !capture[x]) begin
        coll = coll + 64'd1;
        `MUT_DO(SF_COLLISION_NOT_COUNTED, coll = coll_x[64*x +: 64];)
      end

      // LSCTL activation loads the primary count (random mode draws after any
      // draw of the tick) and stops the secondary.
      if (lsctl_ld[x]) begin
        if (cfg_int_mode_i == mf_pkg::INT_RANDOM) lfsr = draw(lfsr);
        `MUT_DO(SF_RNDSEC_LSCTL_DRAWS,
                if (cfg_int_mode_i == mf_pkg::INT_RANDOM_SEC) lfsr = draw(lfsr);)
        cnt     = reload(cfg_int_mode_i, lsctl_interval_i, lfsr[8:0]);
        sec_act = 1'b0;
        `MUT_DO(SF_LSCTL_LOAD_ONES, cnt = '1;)
        `MUT_DO(SF_VM_LSCTL_LOAD_ONES, if (x == 1) cnt = '1;)
      end

      // Nothing enabled in the set's next state: its counts are zero.
      if (`MUT_SEL(SF_DISABLED_COUNTS, 1'b0, !enabled_next_i[x])) begin
        cnt     = '0;
        sec     = '0;
        sec_act = 1'b0;
        `MUT_DO(SF_VM_DISABLED_KEEPS_COUNT, if (x == 1) cnt = cnt_x[64*x +: 64];)
      end

      cnt_dx[64*x +: 64]  = cnt;
      coll_dx[64*x +: 64] = coll;
      sec_dx[8*x +: 8]    = sec;
      sec_act_dx[x]       = sec_act;
      lfsr_dx[32*x +: 32] = lfsr;
    end

    {cnt_vm_d, cnt_d}         = cnt_dx;
    {sec_vm_d, sec_d}         = sec_dx;
    {sec_act_vm_d, sec_act_d} = sec_act_dx;
    {lfsr_vm_d, lfsr_d}       = lfsr_dx;
    {coll_vm_d, coll_d}       = coll_dx;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cnt_q        <= '0;
      sec_q        <= '0;
      sec_act_q    <= 1'b0;
      lfsr_q       <= lfsr_por;
      coll_q       <= '0;
      cnt_vm_q     <= '0;
      sec_vm_q     <= '0;
      sec_act_vm_q <= 1'b0;
      lfsr_vm_q    <= lfsr_vm_por;
      coll_vm_q    <= '0;
    end else begin
      cnt_q        <= cnt_d;
      sec_q        <= sec_d;
      sec_act_q    <= sec_act_d;
      lfsr_q       <= lfsr_d;
      coll_q       <= coll_d;
      cnt_vm_q     <= cnt_vm_d;
      sec_vm_q     <= sec_vm_d;
      sec_act_vm_q <= sec_act_vm_d;
      lfsr_vm_q    <= lfsr_vm_d;
      coll_vm_q    <= coll_vm_d;
    end
  end

  assign cnt_o        = cnt_q;
  assign sec_o        = sec_q;
  assign sec_act_o    = sec_act_q;
  assign lfsr_o       = lfsr_q;
  assign coll_o       = coll_q;
  assign cnt_vm_o     = cnt_vm_q;
  assign sec_vm_o     = sec_vm_q;
  assign sec_act_vm_o = sec_act_vm_q;
  assign lfsr_vm_o    = lfsr_vm_q;
  assign coll_vm_o    = coll_vm_q;

  // CFG-2: the interval mode is a strap, the same in every cycle of a run.
  `ASSUME(ModeStrap_M, $stable(cfg_int_mode_i))

  // SF-INT-4: the secondary count runs only in random-secondary mode.
  `ASSERT(SecondaryMode_A, !sec_act_q || cfg_int_mode_i == mf_pkg::INT_RANDOM_SEC)
  // SF-LSCTL-3, SF-ST-1: nothing enabled, nothing counts.
  `ASSERT(DisabledIdle_A, enabled_next_i[0] || (cnt_d == '0 && !sec_act_d))
  // SF-INT-2: in exact mode a count loaded by an LSCTL or a reload is the
  // interval (mf_insn's LsctlIntervalRange_A keeps that within [min, max]).
  `ASSERT(ExactLoad_A, !(enabled_next_i[0] && cfg_int_mode_i == mf_pkg::INT_EXACT) ||
                       (lsctl_ld[0] ? cnt_d == lsctl_interval_i :
                        (!reload_now[0] || cnt_d == interval_i)))
  // SF-LVL-3: the same of the VM set's machinery, ...
  `ASSERT(SecondaryModeVm_A, !sec_act_vm_q || cfg_int_mode_i == mf_pkg::INT_RANDOM_SEC)
  `ASSERT(DisabledIdleVm_A, enabled_next_i[1] || (cnt_vm_d == '0 && !sec_act_vm_d))
  `ASSERT(ExactLoadVm_A, !(enabled_next_i[1] && cfg_int_mode_i == mf_pkg::INT_EXACT) ||
                         (lsctl_ld[1] ? cnt_vm_d == lsctl_interval_i :
                          (!reload_now[1] || cnt_vm_d == interval_vm_i)))
  // ... which moves only while the CPU runs at the VM level (its LSCTL
  // executes there too) or when its set becomes disabled, ...
  `ASSERT(VmCountsAtVm_A, level_i == 2'd2 || !enabled_next_i[1] ||
                          (cnt_vm_d == cnt_vm_q && sec_vm_d == sec_vm_q &&
                           sec_act_vm_d == sec_act_vm_q && lfsr_vm_d == lfsr_vm_q))
  // ... and whose sample, due with the LPAR set's, is not the one captured.
  `ASSERT(LparFirst_A, !(due[0] && capture[1]))

  // Functional coverage: both sets due at once; a sample due and not captured
  // (a collision); a sample due while an LSCTL executes; a secondary count
  // running.
  `COVER(BothDue_C, due[0] && due[1])
  `COVER(Collision_C, due[0] && !capture[0])
  `COVER(DueAtLsctl_C, due != '0 && lsctl_exec_i)
  `COVER(SecondaryRunning_C, sec_act_q || sec_act_vm_q)

endmodule
