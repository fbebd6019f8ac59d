// SPDX-License-Identifier: Apache-2.0
// The top module of the lockstep bench: the RTL under test as instance `rtl`
// and a passive mirror of the C model as instance `model` (generated), so one
// FST file shows both sides under the same names (docs/uarch.md). The shim
// moves the C structs into the packed-struct ports and writes the model's
// values into the model_* inputs, and toggles model_strobe_i, only while a
// wave window is open.
// The inputs reach the RTL through flops that take them at each edge of
// in_strobe_i, which the shim toggles whenever it applies new inputs. To the
// simulator they then change in the same region as the RTL's registers, so
// the shim can apply a cycle's inputs and the clock edge that ends the cycle
// before in one evaluation (tb/lockstep/rtl_shim.cpp), and every
// combinational function of inputs and registers is evaluated once a cycle
// rather than again for each change of either. The RTL sees the same values
// at every edge of clk_i.
// Not part of the design: the coverage build (cpumf-cosim-cov) measures rtl/ only.
/*verilator coverage_off*/
module cosim_top
  import mf_pkg::*;
(
  input  logic     clk_i,
  input  logic     rst_ni,
  input  logic     in_strobe_i,
  // The other ports are traced where they arrive, in rtl and model: traced
  // here too they would cost the waves a second copy of every wide struct.
  /*verilator tracing_off*/
  input  cfg_t     cfg_i,
  // one lane per CPU, as mf_system's ports (mf_pkg::CPU_*_LANE)
  input  logic [NCPU*CPU_IN_LANE-1:0]  in_i,
  input  sys_in_t  sys_i,
  output logic [NCPU*CPU_OUT_LANE-1:0] out_o,
  output sys_obs_t sys_obs_o,
  // the C model's values of the same outputs, for the waves only (packed:
  // the mirror reads single fields of them); the mirror takes them at each
  // edge of model_strobe_i
  input  logic                model_strobe_i,
  input  cpu_out_t [NCPU-1:0] model_out_i,
  input  cpu_obs_t [NCPU-1:0] model_obs_i,
  input  sys_obs_t            model_sys_obs_i
  /*verilator tracing_on*/
);

  /*verilator tracing_off*/
  cfg_t    cfg_q;
  logic [NCPU*CPU_IN_LANE-1:0] in_q;
  sys_in_t sys_q;
  /*verilator tracing_on*/

  always_ff @(posedge in_strobe_i or negedge in_strobe_i) begin
    cfg_q <= cfg_i;
    in_q  <= in_i;
    sys_q <= sys_i;
  end

  mf_system rtl (
    .clk_i,
    .rst_ni,
    .cfg_i     (cfg_q),
    .in_i      (in_q),
    .sys_i     (sys_q),
    .out_o,
    // the bench reads rtl.obs_o in place (public_flat_rd): a top port would
    // cost a copy of every CPU's registers each cycle
    /* verilator lint_off PINCONNECTEMPTY */
    .obs_o     (),
    /* verilator lint_on PINCONNECTEMPTY */
    .sys_obs_o
  );

  model_mirror model (
    .strobe_i  (model_strobe_i),
    .out_i     (model_out_i),
    .obs_i     (model_obs_i),
    .sys_obs_i (model_sys_obs_i)
  );

endmodule
/*verilator coverage_on*/
