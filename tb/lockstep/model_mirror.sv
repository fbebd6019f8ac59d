// Passive holder of the C model's per-cycle values, so that the merged FST
// has a `model` scope beside `rtl`. The per-CPU view (g_cpu[i]) uses the
// names of the RTL registers it mirrors (ctr_q, state_q, pend_q, ...), one
// word per counter slot, so a difference shows as two adjacent traces. It is
// only driven while a wave window is open; nothing reads it.
// Not part of the design: the coverage build (cpumf-cosim-cov) measures rtl/ only.
/*verilator coverage_off*/
module model_mirror
  import mf_pkg::*;
(
  input logic [NCPU-1:0]            stor_req_valid,
  input logic [NCPU-1:0]            stor_req_we,
  input logic [NCPU-1:0][7:0]       stor_req_be,
  input logic [NCPU-1:0][63:0]      stor_req_addr,
  input logic [NCPU-1:0][63:0]      stor_req_wdata,
  input logic [NCPU-1:0]            insn_ready,
  input logic [NCPU-1:0]            insn_done,
  input logic [NCPU-1:0][1:0]       insn_cc,
  input logic [NCPU-1:0][7:0]       insn_exc,
  input logic [NCPU-1:0][63:0]      insn_r1,
  input logic [NCPU-1:0]            alert_req,
  input logic [NCPU-1:0][31:0]      alert_param,
  input logic [NCPU-1:0][5:0]       cf_a,
  input logic [NCPU-1:0][5:0]       cf_e,
  input logic [NCPU-1:0][5:0]       cf_c,
  input logic [NCPU-1:0]            cg_a,
  input logic [NCPU-1:0][NSLOT-1:0][63:0] ctr,
  input logic [NCPU-1:0][31:0]      alert_pending,
  input logic [NCPU-1:0][2:0]       insn_state,
  input logic [NCPU-1:0][63:0]      pp,
  input logic [NCPU-1:0][1:0]       sf_a,
  input logic [3:0]                 g,
  input logic [NCG-1:0][7:0][63:0]  cg_ctr,
  input logic [NCPU-1:0][1:0][63:0] mt_ctr,
  input logic [NCPU-1:0][1:0]       sf_e,
  input logic [NCPU-1:0][1:0]       sf_c,
  input logic [NCPU-1:0][63:0]      tear,
  input logic [NCPU-1:0][63:0]      dear,
  input logic [NCPU-1:0][63:0]      int_cnt,
  input logic [NCPU-1:0][31:0]      lfsr,
  input logic [NCPU-1:0][63:0]      coll,
  input logic [NCPU-1:0][3:0]       upd_state,
  input logic [NCPU-1:0][1:0]       arb
);
  /* verilator lint_off UNUSEDSIGNAL */
  for (genvar i = 0; i < NCPU; i++) begin : g_cpu
    logic [63:0] ctr_q [NSLOT];
    logic [5:0]  a_q, e_q, c_q;
    logic        cg_a_q;
    logic [31:0] pend_q;
    insn_state_e state_q;
    logic [63:0] pp_q;
    logic [1:0]  sf_a_q, sf_e_q, sf_c_q;
    logic [63:0] tear_q, dear_q, cnt_q, coll_q;
    logic [31:0] lfsr_q;
    logic [3:0]  upd_state_q;
    logic [1:0]  own_q;
    for (genvar s = 0; s < NSLOT; s++) begin : g_slot
      assign ctr_q[s] = ctr[i][s];
    end
    assign a_q       = cf_a[i];
    assign e_q       = cf_e[i];
    assign c_q       = cf_c[i];
    assign cg_a_q    = cg_a[i];
    assign pend_q = alert_pending[i];
    assign state_q   = insn_state_e'(insn_state[i]);
    assign pp_q      = pp[i];
    assign sf_a_q    = sf_a[i];
    assign sf_e_q      = sf_e[i];
    assign sf_c_q      = sf_c[i];
    assign tear_q      = tear[i];
    assign dear_q      = dear[i];
    assign cnt_q       = int_cnt[i];
    assign lfsr_q      = lfsr[i];
    assign coll_q      = coll[i];
    assign upd_state_q = upd_state[i];
    assign own_q       = arb[i];
  end
  logic unused_mirror;
  assign unused_mirror = ^{stor_req_valid, stor_req_we, stor_req_be, stor_req_addr,
                           stor_req_wdata, insn_ready, insn_done, insn_cc, insn_exc,
                           insn_r1, alert_req, alert_param, g, cg_ctr, mt_ctr};
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
/*verilator coverage_on*/
