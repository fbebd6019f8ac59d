// Passive holder of the C model's per-cycle values, so that the merged FST
// has a `model` scope beside `rtl`. It has no logic: the signals are named
// after the RTL registers and ports they mirror (without the _q/_o suffixes).
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
  input logic [NCPU-1:0][1:0][63:0] mt_ctr
);
  // Only traced, never read.
  /* verilator lint_off UNUSEDSIGNAL */
  logic unused_mirror;
  assign unused_mirror = ^{stor_req_valid, stor_req_we, stor_req_be, stor_req_addr,
                           stor_req_wdata, insn_ready, insn_done, insn_cc, insn_exc,
                           insn_r1, alert_req, alert_param, cf_a, cf_e, cf_c, cg_a, ctr,
                           alert_pending, insn_state, pp, sf_a, g, cg_ctr, mt_ctr};
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
