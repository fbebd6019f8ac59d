// SPDX-License-Identifier: Apache-2.0
// cpumf_dpi.sv - SystemVerilog DPI-C interface to the cycle-accurate C model
// of the CPU-measurement facility (libcpumf), for benches that run the model
// as a golden reference next to their own DUT.  C glue: tb/dpi/cpumf_dpi.c
// (with tb/shared/rtl_bundle.c); example bench: tb/dpi/example/tb_dpi_example.sv.
//
// One model instance is one `chandle` (no global state: any number of
// instances may run in one simulation).  The model's inputs, outputs and
// registers travel as the packed structs of the ports of mf_system
// (rtl/mf_pkg.sv): cpu_in_t, sys_in_t, cpu_out_t, cpu_obs_t, sys_obs_t,
// cfg_t, whose fields are those of the C structs of cpumf.h; one CPU per
// call.  A DUT with other ports fills these structs from its own signals.
//
// ---------------------------------------------------------------------------
// Per-cycle calling order (docs/uarch.md section 1), cycle t, exactly once:
//
//   1. drive the DUT inputs of cycle t, and give the model the SAME values:
//        cpumf_dpi_set_in for every installed CPU, cpumf_dpi_set_sys once.
//      Inputs hold their value until set again (like a port driven from a
//      variable): a one-cycle pulse must be set back to 0 the next cycle.
//   2. let the DUT's combinational logic settle (still before the edge), then
//        cpumf_dpi_step(h)        (= cpumf_dpi_eval + cpumf_dpi_commit)
//   3. compare: cpumf_dpi_get_out / _get_obs / _get_sys_obs return the values
//      of cycle t, which are what the DUT shows on its ports in cycle t,
//      before the edge: outputs from the inputs and registers of t, and the
//      observation ports = the registers at the START of cycle t;
//      cpumf_dpi_diff_* name the first field that differs.
//   4. clock edge of the DUT (posedge clk_i).
//
//   After step 2 the model has already taken its edge, so
//   cpumf_dpi_read_register returns the registers of cycle t+1: compare it
//   with the DUT's observation ports after the DUT's edge (before step 2 of
//   t+1).  A bench that wants registers of cycle t from read_register calls
//   cpumf_dpi_eval, compares, and calls cpumf_dpi_commit at its edge instead
//   of cpumf_dpi_step.
//
//   Reset: cpumf_dpi_create returns the model in the power-on state, the
//   state mf_system has after one edge with rst_ni = 0 (docs/uarch.md 1, 8).
//   Hold rst_ni low for one edge before cycle 0 and call nothing meanwhile.
//   Storage: the model issues the same storage requests as a correct DUT, so
//   the bench's storage model answers the DUT and the same response
//   (the stor_* fields of cpu_in_t) goes to the model. It applies a request
//   by its stor_req_op at the accepting edge: PLAIN writes the enabled bytes,
//   an interlocked OR or ADD combines with the old doubleword and answers
//   with it (docs/uarch.md section 4).
// ---------------------------------------------------------------------------
//
// Functions returning int give 0 on success, -1 on misuse (bad CPU index,
// null handle, unknown register name); the message is cpumf_dpi_error(h).
package cpumf_dpi;

  import mf_pkg::*;

  localparam int CPUMF_DPI_ERRLEN = 256;   // bytes of a create error message

  // ---- life cycle ---------------------------------------------------------
  // Create from a system config (configs/systems/NAME.json).  configs_dir is
  // the root holding models/ ("" = the library default or $CPUMF_CONFIGS).
  // Returns null on error with "file:line:col: reason" in err.
  import "DPI-C" function chandle cpumf_dpi_create_c(
      input string sys_path, input string configs_dir,
      output bit [8*CPUMF_DPI_ERRLEN-1:0] err);

  function automatic chandle cpumf_dpi_create(input string sys_path, input string configs_dir,
                                              output string err);
    bit [8*CPUMF_DPI_ERRLEN-1:0] buffer;
    chandle h;
    h = cpumf_dpi_create_c(sys_path, configs_dir, buffer);
    err = "";
    // The C side writes character j at bits [8*(ERRLEN-1-j) +: 8] (the
    // first character in the most significant byte, as for a string literal).
    for (int j = 0; j < CPUMF_DPI_ERRLEN; j++) begin
      byte c;
      c = byte'(buffer[8*(CPUMF_DPI_ERRLEN-1-j) +: 8]);
      if (c == 0) break;
      err = {err, string'(c)};
    end
    return h;
  endfunction

  import "DPI-C" function void cpumf_dpi_destroy(input chandle h);
  // Last error of calls on h ("" when none); never null.
  import "DPI-C" function string cpumf_dpi_error(input chandle h);
  // Library version "MAJOR.MINOR.PATCH" and MAJOR*10000 + MINOR*100 + PATCH.
  import "DPI-C" function string cpumf_dpi_version();
  import "DPI-C" function int cpumf_dpi_version_number();

  // Straps of the loaded system (mf_system's cfg_i), to drive or check a
  // DUT's straps against the config the model was created from.
  import "DPI-C" function int cpumf_dpi_get_cfg(input chandle h, output bit [$bits(cfg_t)-1:0] cfg);

  // ---- inputs for this cycle (step 1) ---------------------------------------
  // One CPU's inputs (mf_system's in_i[cpu]) and the system inputs (sys_i).
  import "DPI-C" function int cpumf_dpi_set_in(
      input chandle h, input int cpu, input bit [$bits(cpu_in_t)-1:0] in);
  import "DPI-C" function int cpumf_dpi_set_sys(
      input chandle h, input bit [$bits(sys_in_t)-1:0] sys);

  // All inputs of every CPU and the system to 0 (what the DUT's
  // uninstalled CPUs see for a whole run).
  import "DPI-C" function int cpumf_dpi_clear_inputs(input chandle h);

  // ---- clock (step 2 and 4) -------------------------------------------------
  // eval + commit: outputs of this cycle, then the model's clock edge.
  import "DPI-C" function int cpumf_dpi_step(input chandle h);
  // The two halves, for benches that read registers between them.
  import "DPI-C" function int cpumf_dpi_eval(input chandle h);
  import "DPI-C" function int cpumf_dpi_commit(input chandle h);
  // Cycles stepped (commits) since create.
  import "DPI-C" function longint unsigned cpumf_dpi_cycle(input chandle h);

  // ---- outputs and registers of the last evaluated cycle (step 3) -----------
  // One CPU's outputs (out_o[cpu]) and registers at the start of the cycle
  // (obs_o[cpu]); the global unit's registers (sys_obs_o).
  import "DPI-C" function int cpumf_dpi_get_out(
      input chandle h, input int cpu, output bit [$bits(cpu_out_t)-1:0] out);
  import "DPI-C" function int cpumf_dpi_get_obs(
      input chandle h, input int cpu, output bit [$bits(cpu_obs_t)-1:0] obs);
  import "DPI-C" function int cpumf_dpi_get_sys_obs(
      input chandle h, output bit [$bits(sys_obs_t)-1:0] obs);

  // The first field where two values differ, named as the lockstep's
  // mismatch report names it ("cpu0.cf_counters.ctr_q[2]", "cpu0.mf_insn.insn_cc_o",
  // "cf_global.change_q"), or "" when they are equal.
  import "DPI-C" function string cpumf_dpi_diff_out(
      input chandle h, input int cpu, input bit [$bits(cpu_out_t)-1:0] a,
      input bit [$bits(cpu_out_t)-1:0] b);
  import "DPI-C" function string cpumf_dpi_diff_obs(
      input chandle h, input int cpu, input bit [$bits(cpu_obs_t)-1:0] a,
      input bit [$bits(cpu_obs_t)-1:0] b);
  import "DPI-C" function string cpumf_dpi_diff_sys_obs(
      input chandle h, input bit [$bits(sys_obs_t)-1:0] a, input bit [$bits(sys_obs_t)-1:0] b);

  // ---- registers by name (current state: after the last commit) -------------
  // Names as in rtl/ and the lockstep's reports: cpuN.<unit>.<reg>
  // (cpu0.cf_state.e_q, cpu0.cf_counters.ctr_q[33]), cf_global.<reg>, and the
  // aliases cpuN.counter.NUM, cgG.counter.K, coreC.counter.448|449
  // (cpumf_read_register).
  import "DPI-C" function int cpumf_dpi_read_register(
      input chandle h, input string name, output longint unsigned value);

endpackage
