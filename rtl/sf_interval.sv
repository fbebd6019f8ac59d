// SPDX-License-Identifier: Apache-2.0
`include "mf_mutant.svh"
`include "mf_assert.svh"

// Sample-interval machinery of one CPU (uarch.md section 16): the primary
// count, the secondary count of the random-secondary mode, the LFSR that
// draws the random bytes, and the count of samples lost to collisions.
module sf_interval
#(
  parameter int IDX = 0   // CPU index: the LFSR seed is rotated left by it
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // straps
  input  logic [1:0]  cfg_int_mode_i,
  input  logic [31:0] cfg_lfsr_seed_i,
  input  logic        cfg_dedicated_i,
  // activity and sampling state (registers of this cycle)
  input  logic        stopped_i,
  input  logic        wait_i,
  input  logic        core_busy_i,       // another CPU of the core operates
  input  logic        active_i,          // some function active
  input  logic [63:0] interval_i,
  input  logic        enabled_next_i,    // some function enabled in the next state
  // LSCTL
  input  logic        lsctl_exec_i,      // an LSCTL executes in this cycle
  input  logic        lsctl_load_i,      // ... and activates with this interval
  input  logic [63:0] lsctl_interval_i,
  // update process
  input  logic        upd_idle_i,
  output logic        capture_o,         // a sample is captured in this cycle
  // observation
  output logic [63:0] cnt_o,
  output logic [7:0]  sec_o,
  output logic        sec_act_o,
  output logic [31:0] lfsr_o,
  output logic [63:0] coll_o
);

  logic [63:0] cnt_q, cnt_d, coll_q, coll_d;
  logic [7:0]  sec_q, sec_d;
  logic        sec_act_q, sec_act_d;
  logic [31:0] lfsr_q, lfsr_d;
  logic        tick, due;

  // Power-on value: the seed rotated left by the CPU index.
  localparam int Rot = IDX % 32;
  logic [31:0] lfsr_por;
  assign lfsr_por = (Rot == 0) ? cfg_lfsr_seed_i :
                    32'({cfg_lfsr_seed_i, cfg_lfsr_seed_i} >> (32 - Rot));

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

  // The tick's draw and whether a sample falls due (registers of the cycle).
  logic [31:0] lfsr_tick;
  logic        reload_now;

  always_comb begin
    tick = !stopped_i && active_i && (cfg_dedicated_i || !wait_i || core_busy_i);
    `MUT_DO(SF_WAIT_TICKS_SHARED, tick = !stopped_i && active_i;)
    `MUT_DO(SF_DEDICATED_AS_SHARED, tick = !stopped_i && active_i && (!wait_i || core_busy_i);)
    `MUT_DO(SF_CORE_BUSY_IGNORED, tick = !stopped_i && active_i && (cfg_dedicated_i || !wait_i);)
    reload_now = tick && (cnt_q <= 64'd1);
    lfsr_tick  = (reload_now && (cfg_int_mode_i == mf_pkg::INT_RANDOM ||
                                 cfg_int_mode_i == mf_pkg::INT_RANDOM_SEC)) ? draw(lfsr_q) : lfsr_q;
    // the secondary count, then the primary (at once when the byte is 0)
    due = (tick && sec_act_q && sec_q <= 8'd1) ||
          (reload_now && (cfg_int_mode_i != mf_pkg::INT_RANDOM_SEC || lfsr_tick[7:0] == 8'd0));
    // A due sample is captured only by an idle update process and never in
    // the cycle an LSCTL executes; otherwise it is a collision.
    capture_o = due && upd_idle_i && !lsctl_exec_i;
  end

  always_comb begin
    cnt_d     = cnt_q;
    sec_d     = sec_q;
    sec_act_d = sec_act_q;
    lfsr_d    = lfsr_tick;
    coll_d    = coll_q;

    if (tick) begin
      // the secondary count first
      if (sec_act_q) begin
        if (sec_q <= 8'd1) sec_act_d = 1'b0;
        else               sec_d     = sec_q - 8'd1;
      end
      // then the primary
      if (reload_now) begin
        cnt_d = reload(cfg_int_mode_i, interval_i, lfsr_tick[8:0]);
        `MUT_DO(SF_INTERVAL_OFF_BY_ONE,
                if (cfg_int_mode_i == mf_pkg::INT_EXACT) cnt_d = interval_i - 64'd1;)
        `MUT_DO(SF_RANDOM_LOW_BYTE,
                if (cfg_int_mode_i == mf_pkg::INT_RANDOM)
                  cnt_d = {interval_i[63:8], lfsr_tick[7:0]};)
        if (cfg_int_mode_i == mf_pkg::INT_RANDOM_SEC) begin
          sec_d = lfsr_tick[7:0];
          if (lfsr_tick[7:0] != 8'd0) sec_act_d = 1'b1;
        end
      end else begin
        cnt_d = cnt_q - 64'd1;
      end
    end

    if (due && !capture_o) begin
      coll_d = coll_q + 64'd1;
      `MUT_DO(SF_COLLISION_NOT_COUNTED, coll_d = coll_q;)
    end

    // LSCTL activation loads the primary count (random mode draws after any
    // draw of the tick) and stops the secondary.
    if (lsctl_load_i) begin
      if (cfg_int_mode_i == mf_pkg::INT_RANDOM) lfsr_d = draw(lfsr_d);
      `MUT_DO(SF_RNDSEC_LSCTL_DRAWS,
              if (cfg_int_mode_i == mf_pkg::INT_RANDOM_SEC) lfsr_d = draw(lfsr_d);)
      cnt_d     = reload(cfg_int_mode_i, lsctl_interval_i, lfsr_d[8:0]);
      sec_act_d = 1'b0;
    end

    // Nothing enabled in the next state: the counts are zero.
    if (`MUT_SEL(SF_DISABLED_COUNTS, 1'b0, !enabled_next_i)) begin
      cnt_d     = '0;
      sec_d     = '0;
      sec_act_d = 1'b0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cnt_q     <= '0;
      sec_q     <= '0;
      sec_act_q <= 1'b0;
      lfsr_q    <= lfsr_por;
      coll_q    <= '0;
    end else begin
      cnt_q     <= cnt_d;
      sec_q     <= sec_d;
      sec_act_q <= sec_act_d;
      lfsr_q    <= lfsr_d;
      coll_q    <= coll_d;
    end
  end

  assign cnt_o     = cnt_q;
  assign sec_o     = sec_q;
  assign sec_act_o = sec_act_q;
  assign lfsr_o    = lfsr_q;
  assign coll_o    = coll_q;

  // CFG-2: the interval mode is a strap, the same in every cycle of a run.
  `ASSUME(ModeStrap_M, $stable(cfg_int_mode_i))

  // SF-INT-4: the secondary count runs only in random-secondary mode.
  `ASSERT(SecondaryMode_A, !sec_act_q || cfg_int_mode_i == mf_pkg::INT_RANDOM_SEC)
  // SF-LSCTL-3, SF-ST-1: nothing enabled, nothing counts.
  `ASSERT(DisabledIdle_A, enabled_next_i || (cnt_d == '0 && !sec_act_d))
  // SF-INT-2: in exact mode a count loaded by an LSCTL or a reload is the
  // interval (mf_insn's LsctlIntervalRange_A keeps that within [min, max]).
  `ASSERT(ExactLoad_A, !(enabled_next_i && cfg_int_mode_i == mf_pkg::INT_EXACT) ||
                       (lsctl_load_i ? cnt_d == lsctl_interval_i :
                        (!reload_now || cnt_d == interval_i)))

endmodule
