// cpumf_dpi.sv - SystemVerilog DPI-C interface to the cycle-accurate C model
// of the CPU-measurement counter facility (libcpumf), for benches that run
// the model as a golden reference next to their own DUT.  C glue:
// tb/dpi/cpumf_dpi.c; example bench: tb/dpi/example/tb_dpi_example.sv.
//
// One model instance is one `chandle` (no global state: any number of
// instances may run in one simulation).  Argument names are the mf_system
// port names (docs/uarch.md section 3), one CPU per call; widths are those of
// the ports.
//
// ---------------------------------------------------------------------------
// Per-cycle calling order (docs/uarch.md section 1), cycle t, exactly once:
//
//   1. drive the DUT inputs of cycle t, and give the model the SAME values:
//        cpumf_dpi_set_activity / _set_insn / _set_events / _set_storage for
//        every installed CPU, cpumf_dpi_set_system once.
//      Inputs hold their value until set again (like a port driven from a
//      variable): a one-cycle pulse must be set back to 0 the next cycle.
//   2. let the DUT's combinational logic settle (still before the edge), then
//        cpumf_dpi_step(h)        (= cpumf_dpi_eval + cpumf_dpi_commit)
//   3. compare: cpumf_dpi_get_outputs / _get_obs / _get_counters /
//      _get_global / _get_cg_counters / _get_mt_counters return the values
//      of cycle t, which are what the DUT shows on its ports in cycle t,
//      before the edge: outputs from the inputs and registers of t, and the
//      observation ports = the registers at the START of cycle t.
//   4. clock edge of the DUT (posedge clk_i).
//
//   After step 2 the model has already taken its edge, so
//   cpumf_dpi_read_register returns the registers of cycle t+1: compare it
//   with the DUT's obs_* ports after the DUT's edge (before step 2 of t+1).
//   A bench that wants registers of cycle t from read_register calls
//   cpumf_dpi_eval, compares, and calls cpumf_dpi_commit at its edge instead
//   of cpumf_dpi_step.
//
//   Reset: cpumf_dpi_create returns the model in the power-on state, the
//   state mf_system has after one edge with rst_ni = 0 (docs/uarch.md 1, 8).
//   Hold rst_ni low for one edge before cycle 0 and call nothing meanwhile.
//   Storage: the model issues the same storage requests as a correct DUT, so
//   the bench's storage model answers the DUT and the same response
//   (ready, rsp valid/err/data) goes to the model through cpumf_dpi_set_storage.
// ---------------------------------------------------------------------------
//
// Functions returning int give 0 on success, -1 on misuse (bad CPU index,
// null handle, unknown register name); the message is cpumf_dpi_error(h).
package cpumf_dpi;

  // Widths of the model's limits (cmodel/include/cpumf/cpumf.h).
  localparam int CPUMF_DPI_NSLOT = 192;
  localparam int CPUMF_DPI_CG_NCTR = 8;
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

  // Straps of the loaded system, to check a DUT's strap values against the
  // config the model was created from (same encodings as the mf_system straps;
  // cpu_addr/cpu_cg/cg_addr: element i of CPU/group i, first 4 / 2 elements).
  import "DPI-C" function int cpumf_dpi_get_straps(
      input chandle h,
      output bit [15:0] cfg_cfvn_i, output bit [15:0] cfg_csvn_i,
      output bit [3:0] cfg_fac_i, output bit cfg_unified_l1_i, output bit cfg_has_cg_i,
      output bit [7:0] cfg_n_ext_i, output bit [15:0] cfg_max_cpu_addr_i,
      output bit [15:0] cfg_max_cg_addr_i, output bit [2:0] cfg_n_cpus_i,
      output bit [1:0] cfg_tpc_i, output bit [1:0] cfg_n_cg_i,
      output bit [3:0][15:0] cfg_cpu_addr_i, output bit [3:0] cfg_cpu_cg_i,
      output bit [1:0][15:0] cfg_cg_addr_i,
      output bit [6:0] pwr_auth_cf_i, output bit [1:0] pwr_auth_sf_i, output bit pwr_mt_i);

  // ---- inputs of one CPU for this cycle (step 1) ---------------------------
  import "DPI-C" function int cpumf_dpi_set_activity(
      input chandle h, input int cpu,
      input bit stopped_i, input bit wait_i, input bit problem_i, input bit dat_i,
      input bit [1:0] as_i, input bit [15:0] asn_i, input longint unsigned ia_i,
      input bit [2:0] insns_i, input bit uniq_i, input bit [3:0] uniq_count_i,
      input bit l1i_dw_i, input bit l1i_pen_i, input bit l1d_dw_i, input bit l1d_pen_i,
      input bit [4:0] cr_fn_i, input bit [4:0] cr_busy_i,
      input bit [4:0] cr_bfn_i, input bit [4:0] cr_bcyc_i,
      input bit [159:0] ext_ev_i, input bit [1:0] level_i,
      input bit secure_guest_i, input bit pcf49_i, input bit entry_inconsistent_i,
      input bit sf_lower_en_i, input longint unsigned tod_i, input bit cr0_58_i);

  import "DPI-C" function int cpumf_dpi_set_insn(
      input chandle h, input int cpu,
      input bit insn_valid_i, input bit [3:0] insn_op_i, input bit [3:0] insn_m3_i,
      input bit insn_problem_i, input bit insn_cr0_15_i,
      input longint unsigned insn_r1_i, input longint unsigned insn_r2_i,
      input longint unsigned insn_addr_i);

  import "DPI-C" function int cpumf_dpi_set_events(
      input chandle h, input int cpu,
      input bit [6:0] auth_set_i, input bit [6:0] auth_clr_i,
      input bit [1:0] sf_auth_set_i, input bit [1:0] sf_auth_clr_i,
      input bit [2:0] reset_i, input bit [5:0] loss_cpu_i,
      input bit loss_mt_i, input bit loss_sample_i, input bit alert_taken_i);

  import "DPI-C" function int cpumf_dpi_set_storage(
      input chandle h, input int cpu,
      input bit stor_req_ready_i, input bit stor_rsp_valid_i, input bit stor_rsp_err_i,
      input longint unsigned stor_rsp_data_i);

  // System pulses.
  import "DPI-C" function int cpumf_dpi_set_system(
      input chandle h,
      input bit sigp_mt_valid_i, input bit sigp_mt_enable_i, input bit cg_addr_change_i);

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

  // ---- outputs of the last evaluated cycle (step 3) ------------------------
  import "DPI-C" function int cpumf_dpi_get_outputs(
      input chandle h, input int cpu,
      output bit stor_req_valid_o, output bit stor_req_we_o, output bit [7:0] stor_req_be_o,
      output longint unsigned stor_req_addr_o, output longint unsigned stor_req_wdata_o,
      output bit insn_ready_o, output bit insn_done_o, output bit [1:0] insn_cc_o,
      output bit [7:0] insn_exc_o, output longint unsigned insn_r1_o,
      output bit alert_req_o, output bit [31:0] alert_param_o);

  // Observation ports of one CPU in the last evaluated cycle (registers at the
  // start of that cycle), except the counters.
  import "DPI-C" function int cpumf_dpi_get_obs(
      input chandle h, input int cpu,
      output bit [5:0] obs_cf_a_o, output bit [5:0] obs_cf_e_o, output bit [5:0] obs_cf_c_o,
      output bit obs_cg_a_o, output bit [31:0] obs_alert_o, output bit [2:0] obs_insn_state_o,
      output longint unsigned obs_pp_o, output bit [1:0] obs_sf_a_o);

  // obs_ctr_o of one CPU in the last evaluated cycle: element s = slot s.
  import "DPI-C" function int cpumf_dpi_get_counters(
      input chandle h, input int cpu, output bit [CPUMF_DPI_NSLOT-1:0][63:0] obs_ctr_o);

  // System observation in the last evaluated cycle: obs_g_o = {mt_enabled,
  // change, C, E}; counters of group g (index) and MT counters of core c.
  import "DPI-C" function int cpumf_dpi_get_global(input chandle h, output bit [3:0] obs_g_o);
  import "DPI-C" function int cpumf_dpi_get_cg_counters(
      input chandle h, input int g, output bit [CPUMF_DPI_CG_NCTR-1:0][63:0] obs_cg_ctr_o);
  import "DPI-C" function int cpumf_dpi_get_mt_counters(
      input chandle h, input int core, output bit [1:0][63:0] obs_mt_ctr_o);

  // ---- registers by name (current state: after the last commit) -------------
  // Names: cpuN.counter.NUM, cpuN.cf_state.a|e|c|cg_a, cpuN.alert.pending,
  // cpuN.insn.state, cpuN.pp, cpuN.sf_a, global.e|c|change|mt_enabled,
  // cgG.counter.K, coreC.counter.448|449 (cpumf_read_register).
  import "DPI-C" function int cpumf_dpi_read_register(
      input chandle h, input string name, output longint unsigned value);

endpackage
