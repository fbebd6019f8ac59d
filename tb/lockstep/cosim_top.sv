// The top module of the lockstep bench: the RTL under test as instance `rtl`
// and a passive mirror of the C model as instance `model` (generated), so one
// FST file shows both sides under the same names (docs/uarch.md). The shim
// moves the C structs into the packed-struct ports and writes the model's
// values into the model_* inputs, and toggles model_strobe_i, only while a
// wave window is open.
// Not part of the design: the coverage build (cpumf-cosim-cov) measures rtl/ only.
/*verilator coverage_off*/
module cosim_top
  import mf_pkg::*;
(
  input  logic     clk_i,
  input  logic     rst_ni,
  // The other ports are traced where they arrive, in rtl and model: traced
  // here too they would cost the waves a second copy of every wide struct.
  /*verilator tracing_off*/
  input  cfg_t     cfg_i,
  input  cpu_in_t  in_i [NCPU],
  input  sys_in_t  sys_i,
  output cpu_out_t out_o [NCPU],
  output cpu_obs_t obs_o [NCPU],
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

  mf_system rtl (.*);

  model_mirror model (
    .strobe_i  (model_strobe_i),
    .out_i     (model_out_i),
    .obs_i     (model_obs_i),
    .sys_obs_i (model_sys_obs_i)
  );

endmodule
/*verilator coverage_on*/
