// tb_dpi_example.sv - example SystemVerilog bench using the C model
// (libcpumf) as a cycle-exact golden reference through DPI-C
// (tb/dpi/cpumf_dpi.sv).  It instantiates the project's RTL mf_system as the
// DUT with the straps of configs/systems/z15-1cpu.json, creates the model from
// that same config file, drives both with identical inputs every cycle and
// compares every per-CPU output and observation port of the DUT with the
// model's in every cycle.  See README.md next to this file.
//
// Plusargs:
//   +sys_cfg=PATH       system config (default: parameter SYS_CFG)
//   +configs_dir=DIR    root holding models/ ("" = the library default)
//   +cycles=N           cycles to run (default 3000)
//   +seed=N             stimulus seed (default 1)
//   +dpi_split          use cpumf_dpi_eval before the comparison and
//                       cpumf_dpi_commit after it instead of cpumf_dpi_step
//                       (same results; the form for benches that read
//                       registers of cycle t between the two)
//   +dpi_break=T        self-check: flip l1i_dw_i of CPU 0 for the MODEL only
//                       in cycle T.  The basic set being active, counter 2
//                       (slot 2) then differs from cycle T+1 on: the bench
//                       must report obs_ctr_o[0][2] at cycle T+1 and exit
//                       non-zero.
//
// Per cycle t (docs/uarch.md section 1, the order cpumf_dpi.sv documents):
//   negedge: [register checks of cycle t: model after its step of t-1 and
//            DUT after its edge of t-1 both hold the registers of t]
//            -> compute and apply the inputs of t to the DUT and the model
//   +1      -> DUT combinational logic settled; cpumf_dpi_step (eval+commit);
//              compare all outputs of t; bookkeeping from the DUT's outputs
//   posedge -> the DUT's clock edge.

module tb_dpi_example
  import mf_pkg::*;
  import cpumf_dpi::*;
#(
  parameter string SYS_CFG = "configs/systems/z15-1cpu.json"
);

  // ---- straps of z15-1cpu (configs/models/z15.json, configs/systems/z15-1cpu.json)
  localparam logic [15:0] CFVN = 16'd3;
  localparam logic [15:0] CSVN = 16'd6;
  localparam logic [3:0] FAC = 4'hF;  // facilities 40, 67, 68, 142
  localparam logic [7:0] N_EXT = 8'd144;
  localparam logic [15:0] MAX_CPU_ADDR = 16'h01FF;
  localparam logic [15:0] MAX_CG_ADDR = 16'h003F;
  localparam logic [6:0] PWR_AUTH_CF = 7'h6F;  // all installed sets incl. MT (CSVN > 3) and groups
  localparam logic [1:0] PWR_AUTH_SF = 2'b11;
  localparam int NCPUS = 1;  // installed CPUs of the system
  localparam longint unsigned STOR_SIZE = 64'h100_0000;  // "storage": "size"

  // ---- clock and reset ---------------------------------------------------------
  logic clk_i = 1'b0;
  logic rst_ni = 1'b0;
  always #5 clk_i = ~clk_i;

  // ---- DUT ports (names of mf_system, connected with .*) ------------------------
  logic [15:0] cfg_cfvn_i, cfg_csvn_i, cfg_max_cpu_addr_i, cfg_max_cg_addr_i;
  logic [3:0] cfg_fac_i;
  logic cfg_unified_l1_i, cfg_has_cg_i, pwr_mt_i;
  logic [7:0] cfg_n_ext_i;
  logic [2:0] cfg_n_cpus_i;
  logic [1:0] cfg_tpc_i, cfg_n_cg_i, pwr_auth_sf_i;
  logic [NCPU-1:0][15:0] cfg_cpu_addr_i;
  logic [NCPU-1:0][CGW-1:0] cfg_cpu_cg_i;
  logic [NCG-1:0][15:0] cfg_cg_addr_i;
  logic [6:0] pwr_auth_cf_i;

  logic [NCPU-1:0] stopped_i, wait_i, problem_i, dat_i, uniq_i;
  logic [NCPU-1:0][1:0] as_i, level_i;
  logic [NCPU-1:0][15:0] asn_i;
  logic [NCPU-1:0][63:0] ia_i, tod_i;
  logic [NCPU-1:0][2:0] insns_i;
  logic [NCPU-1:0][3:0] uniq_count_i;
  logic [NCPU-1:0] l1i_dw_i, l1i_pen_i, l1d_dw_i, l1d_pen_i;
  logic [NCPU-1:0][4:0] cr_fn_i, cr_busy_i, cr_bfn_i, cr_bcyc_i;
  logic [NCPU-1:0][159:0] ext_ev_i;
  logic [NCPU-1:0] secure_guest_i, pcf49_i, entry_inconsistent_i, sf_lower_en_i, cr0_58_i;

  logic [NCPU-1:0] insn_valid_i, insn_problem_i, insn_cr0_15_i;
  logic [NCPU-1:0][3:0] insn_op_i, insn_m3_i;
  logic [NCPU-1:0][63:0] insn_r1_i, insn_r2_i, insn_addr_i;

  logic [NCPU-1:0][6:0] auth_set_i, auth_clr_i;
  logic [NCPU-1:0][1:0] sf_auth_set_i, sf_auth_clr_i;
  logic [NCPU-1:0][2:0] reset_i;
  logic [NCPU-1:0][5:0] loss_cpu_i;
  logic [NCPU-1:0] loss_mt_i, loss_sample_i, alert_taken_i;
  logic sigp_mt_valid_i, sigp_mt_enable_i, cg_addr_change_i;

  logic [NCPU-1:0] stor_req_ready_i, stor_rsp_valid_i, stor_rsp_err_i;
  logic [NCPU-1:0][63:0] stor_rsp_data_i;
  logic [NCPU-1:0] stor_req_valid_o, stor_req_we_o;
  logic [NCPU-1:0][7:0] stor_req_be_o;
  logic [NCPU-1:0][63:0] stor_req_addr_o, stor_req_wdata_o;

  logic [NCPU-1:0] insn_ready_o, insn_done_o;
  logic [NCPU-1:0][1:0] insn_cc_o;
  logic [NCPU-1:0][7:0] insn_exc_o;
  logic [NCPU-1:0][63:0] insn_r1_o;
  logic [NCPU-1:0] alert_req_o;
  logic [NCPU-1:0][31:0] alert_param_o;

  logic [NCPU-1:0][5:0] obs_cf_a_o, obs_cf_e_o, obs_cf_c_o;
  logic [NCPU-1:0] obs_cg_a_o;
  logic [NCPU-1:0][NSLOT-1:0][63:0] obs_ctr_o;
  logic [NCPU-1:0][31:0] obs_alert_o;
  logic [NCPU-1:0][2:0] obs_insn_state_o;
  logic [NCPU-1:0][63:0] obs_pp_o;
  logic [NCPU-1:0][1:0] obs_sf_a_o;
  logic [3:0] obs_g_o;
  logic [NCG-1:0][NCGCTR-1:0][63:0] obs_cg_ctr_o;
  logic [NCPU-1:0][1:0][63:0] obs_mt_ctr_o;
  // sampling straps, input and observation (the program below does not sample)
  logic [15:0] cfg_bsdes_i, cfg_dsdes_i, cfg_dsde_fmt_i;
  logic [63:0] cfg_min_int_i, cfg_max_int_i;
  logic [31:0] cfg_cpu_speed_i, cfg_lfsr_seed_i;
  logic [1:0] cfg_int_mode_i;
  logic cfg_dedicated_i;
  logic [NCPU-1:0][63:0] diag_i;
  logic [NCPU-1:0][1:0] obs_sf_e_o, obs_sf_c_o, obs_arb_o;
  logic [NCPU-1:0] obs_sf_s_o, obs_sf_h_o, obs_int_sec_act_o;
  logic [NCPU-1:0][63:0] obs_interval_o, obs_tear_o, obs_dear_o, obs_int_cnt_o, obs_coll_o;
  logic [NCPU-1:0][63:0] obs_n_stored_o, obs_n_overflow_o;
  logic [NCPU-1:0][7:0] obs_int_sec_o;
  logic [NCPU-1:0][31:0] obs_lfsr_o;
  logic [NCPU-1:0][3:0] obs_upd_state_o;

  mf_system dut (.*);

  // ---- model handle and run state -------------------------------------------------
  chandle h;
  int unsigned cycle;
  int unsigned n_cycles = 3000;
  int unsigned seed = 1;
  int break_cycle = -1;
  bit split = 1'b0;
  int unsigned mismatches = 0;
  int unsigned reg_checks = 0;
  int unsigned expect_errors = 0;

  // ---- instruction program -----------------------------------------------------------
  // kind 0: an instruction; kind 1: a one-cycle external pulse on CPU 0.
  typedef struct packed {
    int kind;
    logic [3:0] op, m3;
    logic problem, cr0_15;
    logic [63:0] r1, r2, addr;
    int exp_exc;  // -1: not checked
    int exp_cc;   // -1: not checked
    // pulses (kind 1)
    logic [6:0] auth_set, auth_clr;
    logic [2:0] rst;
    logic [5:0] loss_cpu;
  } step_t;
  step_t prog[64];
  int n_prog = 0;

  function automatic void add_insn(logic [3:0] op, logic [3:0] m3, logic problem, logic cr0_15,
                                   logic [63:0] r1, logic [63:0] r2, logic [63:0] addr,
                                   int exp_exc, int exp_cc);
    step_t s;
    s = '0;
    s.kind = 0;
    s.op = op;
    s.m3 = m3;
    s.problem = problem;
    s.cr0_15 = cr0_15;
    s.r1 = r1;
    s.r2 = r2;
    s.addr = addr;
    s.exp_exc = exp_exc;
    s.exp_cc = exp_cc;
    prog[n_prog] = s;
    n_prog++;
  endfunction

  function automatic void add_pulse(logic [6:0] auth_set, logic [6:0] auth_clr, logic [2:0] rst,
                                    logic [5:0] loss_cpu);
    step_t s;
    s = '0;
    s.kind = 1;
    s.auth_set = auth_set;
    s.auth_clr = auth_clr;
    s.rst = rst;
    s.loss_cpu = loss_cpu;
    s.exp_exc = -1;
    s.exp_cc = -1;
    prog[n_prog] = s;
    n_prog++;
  endfunction

  // Operands in the bench's storage (doubleword addresses).
  localparam logic [63:0] A_LCCTL_ALL = 64'h1000;  // E = C = ext|basic|problem|crypto
  localparam logic [63:0] A_LPCTL_ON = 64'h1008;  // global E = C = 1
  localparam logic [63:0] A_LCCTL_NOCR = 64'h1010;  // crypto enabled, inactive
  localparam logic [63:0] A_LCCTL_OFF = 64'h1018;  // everything disabled
  localparam logic [63:0] A_LCCTL_BAD = 64'h1020;  // bit 22: specification
  localparam logic [63:0] A_LPP = 64'h1028;

  task automatic build_program();
    // opcode, m3, problem, cr0.15, r1, r2, addr, expected exception, expected cc
    add_insn(OP_LCCTL, 0, 0, 0, 0, 0, A_LCCTL_ALL, 'h00, 0);
    add_insn(OP_ECCTR, 0, 0, 0, 0, 1, 0, 'h00, 0);              // instructions
    add_insn(OP_ECCTR, 0, 1, 1, 0, 33, 0, 'h00, 0);             // problem state, CR0.15
    add_insn(OP_SCCTR, 0, 0, 0, 64'h1234, 0, 0, 'h00, 0);       // cycles := 0x1234
    add_insn(OP_ECCTR, 0, 0, 0, 0, 0, 0, 'h00, 0);
    add_insn(OP_ECCTR, 0, 0, 0, 0, 128, 0, 'h00, 0);            // extended
    add_insn(OP_ECCTR, 0, 0, 0, 0, 272, 0, 'h00, 3);            // 128+144: not installed
    add_insn(OP_STCCTM, 1, 0, 0, 6, 0, 64'h2000, 'h00, 0);      // basic, all 6
    add_insn(OP_STCCTM, 3, 0, 0, 30, 0, 64'h2100, 'h00, 2);     // crypto, 30 > 20
    add_insn(OP_QCTRI, 0, 0, 0, 0, 0, 64'h3000, 'h00, 0);
    add_insn(OP_LPCTL, 0, 0, 0, 0, 0, A_LPCTL_ON, 'h00, 0);
    add_insn(OP_EPCTR, 0, 0, 0, 0, 64'h0000, 0, 'h00, 0);       // group 0x0000, counter 0
    add_insn(OP_SPCTR, 0, 0, 0, 64'h55, 64'h0001, 0, 'h00, 0);  // counter 1 := 0x55
    add_insn(OP_EPCTR, 0, 0, 0, 0, 64'h0008, 0, 'h00, 3);       // counter 8: cc 3
    add_insn(OP_ECPGA, 0, 0, 0, 64'hFFFF_FFFF_FFFF_FFFF, 0, 0, 'h00, 0);
    add_insn(OP_LCCTL, 0, 1, 0, 0, 0, A_LCCTL_ALL, 'h02, -1);   // problem state: privileged
    add_insn(OP_STCCTM, 9, 1, 1, 2, 0, 64'h2200, 'h13, -1);     // special operation
    add_insn(OP_ECCTR, 0, 0, 0, 0, 64'h10000, 0, 'h06, -1);     // r2[63:16] != 0
    add_insn(OP_LCCTL, 0, 0, 0, 0, 0, 64'h200_0000, 'h05, -1);  // outside storage: access
    add_insn(4'd15, 0, 0, 0, 0, 0, 0, 'h01, -1);                // no such opcode: operation
    add_insn(OP_STCCTM, 1, 0, 0, 6, 0, 64'h2004, 'h06, -1);     // unaligned
    add_insn(OP_LCCTL, 0, 0, 0, 0, 0, A_LCCTL_BAD, 'h06, -1);   // bad operand bit
    add_insn(OP_LPP, 0, 0, 0, 0, 0, A_LPP, 'h00, 0);
    add_insn(OP_STCCTM, 0, 0, 0, 200, 0, 64'h4000, 'h00, 2);    // extended: 144 stores
    add_insn(OP_LCCTL, 0, 0, 0, 0, 0, A_LCCTL_NOCR, 'h00, 0);
    add_insn(OP_QCTRI, 0, 0, 0, 0, 0, 64'h3040, 'h00, 0);
    add_insn(OP_LCCTL, 0, 0, 0, 0, 0, A_LCCTL_OFF, 'h00, 0);
    add_insn(OP_LCCTL, 0, 0, 0, 0, 0, A_LCCTL_ALL, 'h00, 0);
    // external events between instructions
    add_pulse(7'h00, 7'h00, RST_NONE, 6'h08);                    // loss of crypto data: alert 25
    add_insn(OP_ECCTR, 0, 0, 0, 0, 64, 0, 'h00, 0);             // inactive set can be read
    add_pulse(7'h00, 7'h04, RST_NONE, 6'h00);                    // problem set unauthorized: alert 24
    add_insn(OP_ECCTR, 0, 0, 0, 0, 32, 0, 'h00, 3);
    add_insn(OP_LCCTL, 0, 0, 0, 0, 0, A_LCCTL_ALL, 'h00, 3);    // A = 0 for problem
    add_pulse(7'h04, 7'h00, RST_NONE, 6'h00);                    // authorized again
    add_insn(OP_LCCTL, 0, 0, 0, 0, 0, A_LCCTL_ALL, 'h00, 0);
    add_pulse(7'h00, 7'h00, RST_CPU, 6'h00);                     // CPU reset: C := 0
    add_insn(OP_ECCTR, 0, 0, 0, 0, 1, 0, 'h00, 0);
    add_pulse(7'h00, 7'h00, RST_INITIAL, 6'h00);                 // initial CPU reset: E = C = 0
    add_insn(OP_ECCTR, 0, 0, 0, 0, 1, 0, 'h00, 3);
    add_insn(OP_LCCTL, 0, 0, 0, 0, 0, A_LCCTL_ALL, 'h00, 0);
    add_insn(OP_EPCTR, 0, 0, 0, 0, 64'h0004, 0, 'h00, 0);
    add_insn(OP_STCCTM, 1, 0, 1, 6, 0, 64'h2000, 'h00, 0);      // CR0.15 = 1 in supervisor
  endtask

  // ---- the bench's storage (one CPU; sparse, doubleword addressed) ----------------------
  logic [63:0] mem[logic [63:0]];
  logic rsp_pending = 1'b0;
  int unsigned rsp_cycle;
  logic rsp_err;
  logic [63:0] rsp_data;

  function automatic logic [63:0] mem_read(logic [63:0] a);
    return (mem.exists(a) != 0) ? mem[a] : 64'h0;
  endfunction

  // ---- comparison helpers ------------------------------------------------------------------
  function automatic void cmp(string port, logic [63:0] dut_v, logic [63:0] mdl_v);
    if (dut_v !== mdl_v) begin
      mismatches++;
      if (mismatches <= 20)
        $display("DPI example: MISMATCH cycle %0d port %s: DUT 0x%0h model 0x%0h", cycle, port,
                 dut_v, mdl_v);
    end
  endfunction

  function automatic int slot_of(int n);
    if (n < 6) return n;
    if (n >= 32 && n < 38) return 6 + n - 32;
    if (n >= 64 && n < 84) return 12 + n - 64;
    return 32 + n - 128;
  endfunction

  // cpumf_read_register (the model's registers after its last commit) against
  // the DUT's observation ports after its edge: both are the registers of `cycle`.
  task automatic check_registers();
    int nums[12] = '{0, 1, 2, 5, 32, 33, 64, 69, 83, 128, 200, 271};
    longint unsigned v;
    foreach (nums[k]) begin
      if (cpumf_dpi_read_register(h, $sformatf("cpu0.counter.%0d", nums[k]), v) != 0)
        $fatal(1, "DPI example: read_register cpu0.counter.%0d: %s", nums[k], cpumf_dpi_error(h));
      cmp($sformatf("read_register(cpu0.counter.%0d) vs obs_ctr_o[0][%0d]", nums[k],
                    slot_of(nums[k])), obs_ctr_o[0][slot_of(nums[k])], v);
      reg_checks++;
    end
    if (cpumf_dpi_read_register(h, "cpu0.cf_state.e", v) != 0)
      $fatal(1, "DPI example: read_register cpu0.cf_state.e: %s", cpumf_dpi_error(h));
    cmp("read_register(cpu0.cf_state.e) vs obs_cf_e_o[0]", 64'(obs_cf_e_o[0]), v);
    reg_checks++;
  endtask

  // ---- model outputs of the cycle ----------------------------------------------------------
  bit m_stor_req_valid, m_stor_req_we, m_insn_ready, m_insn_done, m_alert_req, m_cg_a;
  bit [7:0] m_stor_req_be, m_insn_exc;
  longint unsigned m_stor_req_addr, m_stor_req_wdata, m_insn_r1, m_pp;
  bit [1:0] m_insn_cc, m_sf_a;
  bit [31:0] m_alert_param, m_alert;
  bit [5:0] m_cf_a, m_cf_e, m_cf_c;
  bit [2:0] m_insn_state;
  bit [NSLOT-1:0][63:0] m_ctr;
  bit [3:0] m_g;
  bit [NCGCTR-1:0][63:0] m_cg_ctr;
  bit [1:0][63:0] m_mt_ctr;

  task automatic compare_cycle();
    int rc;
    for (int i = 0; i < NCPUS; i++) begin
      rc = cpumf_dpi_get_outputs(h, i, m_stor_req_valid, m_stor_req_we, m_stor_req_be,
                                 m_stor_req_addr, m_stor_req_wdata, m_insn_ready, m_insn_done,
                                 m_insn_cc, m_insn_exc, m_insn_r1, m_alert_req, m_alert_param);
      rc |= cpumf_dpi_get_obs(h, i, m_cf_a, m_cf_e, m_cf_c, m_cg_a, m_alert, m_insn_state, m_pp,
                              m_sf_a);
      rc |= cpumf_dpi_get_counters(h, i, m_ctr);
      if (rc != 0) $fatal(1, "DPI example: %s", cpumf_dpi_error(h));
      cmp($sformatf("stor_req_valid_o[%0d]", i), 64'(stor_req_valid_o[i]), 64'(m_stor_req_valid));
      cmp($sformatf("stor_req_we_o[%0d]", i), 64'(stor_req_we_o[i]), 64'(m_stor_req_we));
      cmp($sformatf("stor_req_be_o[%0d]", i), 64'(stor_req_be_o[i]), 64'(m_stor_req_be));
      cmp($sformatf("stor_req_addr_o[%0d]", i), stor_req_addr_o[i], m_stor_req_addr);
      cmp($sformatf("stor_req_wdata_o[%0d]", i), stor_req_wdata_o[i], m_stor_req_wdata);
      cmp($sformatf("insn_ready_o[%0d]", i), 64'(insn_ready_o[i]), 64'(m_insn_ready));
      cmp($sformatf("insn_done_o[%0d]", i), 64'(insn_done_o[i]), 64'(m_insn_done));
      cmp($sformatf("insn_cc_o[%0d]", i), 64'(insn_cc_o[i]), 64'(m_insn_cc));
      cmp($sformatf("insn_exc_o[%0d]", i), 64'(insn_exc_o[i]), 64'(m_insn_exc));
      cmp($sformatf("insn_r1_o[%0d]", i), insn_r1_o[i], m_insn_r1);
      cmp($sformatf("alert_req_o[%0d]", i), 64'(alert_req_o[i]), 64'(m_alert_req));
      cmp($sformatf("alert_param_o[%0d]", i), 64'(alert_param_o[i]), 64'(m_alert_param));
      cmp($sformatf("obs_cf_a_o[%0d]", i), 64'(obs_cf_a_o[i]), 64'(m_cf_a));
      cmp($sformatf("obs_cf_e_o[%0d]", i), 64'(obs_cf_e_o[i]), 64'(m_cf_e));
      cmp($sformatf("obs_cf_c_o[%0d]", i), 64'(obs_cf_c_o[i]), 64'(m_cf_c));
      cmp($sformatf("obs_cg_a_o[%0d]", i), 64'(obs_cg_a_o[i]), 64'(m_cg_a));
      cmp($sformatf("obs_alert_o[%0d]", i), 64'(obs_alert_o[i]), 64'(m_alert));
      cmp($sformatf("obs_insn_state_o[%0d]", i), 64'(obs_insn_state_o[i]), 64'(m_insn_state));
      cmp($sformatf("obs_pp_o[%0d]", i), obs_pp_o[i], m_pp);
      cmp($sformatf("obs_sf_a_o[%0d]", i), 64'(obs_sf_a_o[i]), 64'(m_sf_a));
      if (obs_ctr_o[i] !== m_ctr)
        for (int s = 0; s < NSLOT; s++)
          cmp($sformatf("obs_ctr_o[%0d][%0d]", i, s), obs_ctr_o[i][s], m_ctr[s]);
      // core i (threads per core 1) MT counters
      if (cpumf_dpi_get_mt_counters(h, i, m_mt_ctr) != 0) $fatal(1, "DPI example: %s", cpumf_dpi_error(h));
      for (int k = 0; k < 2; k++)
        cmp($sformatf("obs_mt_ctr_o[%0d][%0d]", i, k), obs_mt_ctr_o[i][k], m_mt_ctr[k]);
    end
    if (cpumf_dpi_get_global(h, m_g) != 0) $fatal(1, "DPI example: %s", cpumf_dpi_error(h));
    cmp("obs_g_o", 64'(obs_g_o), 64'(m_g));
    for (int g = 0; g < NCG; g++) begin
      if (cpumf_dpi_get_cg_counters(h, g, m_cg_ctr) != 0) $fatal(1, "DPI example: %s", cpumf_dpi_error(h));
      for (int k = 0; k < NCGCTR; k++)
        cmp($sformatf("obs_cg_ctr_o[%0d][%0d]", g, k), obs_cg_ctr_o[g][k], m_cg_ctr[k]);
    end
  endtask

  // ---- stimulus -----------------------------------------------------------------------------
  // Instruction driver: gap (idle cycles) -> present (valid held until
  // accepted) -> wait for insn_done -> next step.
  int pc = 0;
  int gap = 3;
  typedef enum int {D_GAP, D_PRESENT, D_WAIT, D_END} drv_e;
  drv_e drv = D_GAP;
  logic prev_alert_req = 1'b0;

  function automatic logic [63:0] rnd64();
    return {$urandom, $urandom};
  endfunction

  task automatic apply_inputs();
    logic pulse;
    logic l1i_dw_model;
    step_t s;
    pulse = 1'b0;
    // -- instruction request / pulses of the program
    insn_valid_i[0] = 1'b0;
    insn_op_i[0] = '0;
    insn_m3_i[0] = '0;
    insn_problem_i[0] = 1'b0;
    insn_cr0_15_i[0] = 1'b0;
    insn_r1_i[0] = '0;
    insn_r2_i[0] = '0;
    insn_addr_i[0] = '0;
    auth_set_i[0] = '0;
    auth_clr_i[0] = '0;
    reset_i[0] = '0;
    loss_cpu_i[0] = '0;
    if (drv == D_GAP && gap == 0 && pc < n_prog && prog[pc].kind == 1) begin
      s = prog[pc];
      auth_set_i[0] = s.auth_set;
      auth_clr_i[0] = s.auth_clr;
      reset_i[0] = s.rst;
      loss_cpu_i[0] = s.loss_cpu;
      pulse = 1'b1;
    end else if (drv == D_GAP && gap == 0 && pc < n_prog) begin
      drv = D_PRESENT;
    end
    if (drv == D_PRESENT) begin
      s = prog[pc];
      insn_valid_i[0] = 1'b1;
      insn_op_i[0] = s.op;
      insn_m3_i[0] = s.m3;
      insn_problem_i[0] = s.problem;
      insn_cr0_15_i[0] = s.cr0_15;
      insn_r1_i[0] = s.r1;
      insn_r2_i[0] = s.r2;
      insn_addr_i[0] = s.addr;
    end
    if (pulse) begin
      $display("DPI example: cycle %0d step %0d: pulse auth_set %h auth_clr %h reset %0d loss_cpu %h",
               cycle, pc, s.auth_set, s.auth_clr, s.rst, s.loss_cpu);
      pc++;
      gap = 2;
    end
    // -- activity (seeded random)
    stopped_i[0] = ($urandom % 64) == 0;
    wait_i[0] = ($urandom % 8) == 0;
    problem_i[0] = 1'($urandom % 2);
    dat_i[0] = 1'($urandom % 2);
    as_i[0] = 2'($urandom);
    asn_i[0] = 16'($urandom);
    ia_i[0] = rnd64();
    insns_i[0] = 3'($urandom);
    uniq_i[0] = 1'($urandom % 2);
    uniq_count_i[0] = 4'($urandom);
    l1i_dw_i[0] = ($urandom % 4) == 0;
    l1i_pen_i[0] = ($urandom % 4) == 0;
    l1d_dw_i[0] = ($urandom % 4) == 0;
    l1d_pen_i[0] = ($urandom % 4) == 0;
    cr_fn_i[0] = 5'($urandom) & 5'($urandom);
    cr_busy_i[0] = 5'($urandom);
    cr_bfn_i[0] = 5'($urandom) & 5'($urandom) & 5'($urandom);
    cr_bcyc_i[0] = 5'($urandom) & 5'($urandom);
    ext_ev_i[0] = {$urandom, $urandom, $urandom, $urandom, $urandom};
    level_i[0] = 2'd1;
    secure_guest_i[0] = 1'b0;
    pcf49_i[0] = 1'b0;
    entry_inconsistent_i[0] = 1'b0;
    sf_lower_en_i[0] = ($urandom % 16) == 0;
    tod_i[0] = 64'(cycle) << 12;
    cr0_58_i[0] = 1'b1;
    // -- other pulses
    sf_auth_set_i[0] = '0;
    sf_auth_clr_i[0] = '0;
    loss_mt_i[0] = 1'b0;
    loss_sample_i[0] = 1'b0;
    alert_taken_i[0] = prev_alert_req & cr0_58_i[0];  // docs/uarch.md 9
    sigp_mt_valid_i = 1'b0;
    sigp_mt_enable_i = 1'b0;
    cg_addr_change_i = ($urandom % 100) == 0;
    // -- storage: ready with 80 %, response of an accepted request
    stor_req_ready_i[0] = ($urandom % 5) != 0;
    stor_rsp_valid_i[0] = rsp_pending && rsp_cycle == cycle;
    stor_rsp_err_i[0] = stor_rsp_valid_i[0] & rsp_err;
    stor_rsp_data_i[0] = stor_rsp_valid_i[0] ? rsp_data : 64'h0;

    // -- the same inputs to the model (CPU 0), except for the self-check
    l1i_dw_model = l1i_dw_i[0];
    if (int'(cycle) == break_cycle) begin
      l1i_dw_model = ~l1i_dw_model;
      $display("DPI example: self-check +dpi_break: l1i_dw_i of CPU 0 flipped for the model only in cycle %0d",
               cycle);
    end
    void'(cpumf_dpi_set_activity(h, 0, stopped_i[0], wait_i[0], problem_i[0], dat_i[0], as_i[0],
                                 asn_i[0], ia_i[0], insns_i[0], uniq_i[0], uniq_count_i[0],
                                 l1i_dw_model, l1i_pen_i[0], l1d_dw_i[0], l1d_pen_i[0],
                                 cr_fn_i[0], cr_busy_i[0], cr_bfn_i[0], cr_bcyc_i[0], ext_ev_i[0],
                                 level_i[0], secure_guest_i[0], pcf49_i[0],
                                 entry_inconsistent_i[0], sf_lower_en_i[0], tod_i[0], cr0_58_i[0]));
    void'(cpumf_dpi_set_insn(h, 0, insn_valid_i[0], insn_op_i[0], insn_m3_i[0], insn_problem_i[0],
                             insn_cr0_15_i[0], insn_r1_i[0], insn_r2_i[0], insn_addr_i[0]));
    void'(cpumf_dpi_set_events(h, 0, auth_set_i[0], auth_clr_i[0], sf_auth_set_i[0],
                               sf_auth_clr_i[0], reset_i[0], loss_cpu_i[0], loss_mt_i[0],
                               loss_sample_i[0], alert_taken_i[0]));
    void'(cpumf_dpi_set_storage(h, 0, stor_req_ready_i[0], stor_rsp_valid_i[0], stor_rsp_err_i[0],
                                stor_rsp_data_i[0]));
    void'(cpumf_dpi_set_system(h, sigp_mt_valid_i, sigp_mt_enable_i, cg_addr_change_i));
  endtask

  // Bench state from the DUT's outputs of this cycle (instruction handshake,
  // storage acceptance, alert); the model's are equal or a mismatch was reported.
  task automatic bookkeeping();
    logic [63:0] a, d, m;
    if (stor_rsp_valid_i[0]) rsp_pending = 1'b0;
    if (stor_req_valid_o[0] && stor_req_ready_i[0]) begin
      a = stor_req_addr_o[0];
      rsp_pending = 1'b1;
      rsp_cycle = cycle + 1 + ($urandom % 4);  // latency 1..4
      rsp_err = a >= STOR_SIZE;
      rsp_data = 64'h0;
      if (!rsp_err) begin
        if (stor_req_we_o[0]) begin
          m = '0;
          for (int k = 0; k < 8; k++) if (stor_req_be_o[0][k]) m[8*k+:8] = 8'hFF;
          d = mem_read(a);
          mem[a] = (d & ~m) | (stor_req_wdata_o[0] & m);
        end else begin
          rsp_data = mem_read(a);
        end
      end
    end
    if (drv == D_PRESENT && insn_ready_o[0]) drv = D_WAIT;
    if (drv == D_WAIT && insn_done_o[0]) begin
      $display("DPI example: cycle %0d step %0d: op %0d m3 %0d -> exc %02h cc %0d r1 %016h", cycle,
               pc, prog[pc].op, prog[pc].m3, insn_exc_o[0], insn_cc_o[0], insn_r1_o[0]);
      if (prog[pc].exp_exc >= 0 && int'(insn_exc_o[0]) != prog[pc].exp_exc) begin
        expect_errors++;
        $display("DPI example: EXPECT step %0d: exception %02h, expected %02h", pc, insn_exc_o[0],
                 prog[pc].exp_exc);
      end
      if (prog[pc].exp_cc >= 0 && int'(insn_cc_o[0]) != prog[pc].exp_cc) begin
        expect_errors++;
        $display("DPI example: EXPECT step %0d: cc %0d, expected %0d", pc, insn_cc_o[0],
                 prog[pc].exp_cc);
      end
      pc++;
      drv = D_GAP;
      gap = 1 + int'($urandom % 6);
    end else if (drv == D_GAP && gap > 0) begin
      gap--;
    end
    if (drv == D_GAP && pc >= n_prog) drv = D_END;
    prev_alert_req = alert_req_o[0];
  endtask

  // ---- straps, checked against the model's config ------------------------------------------
  task automatic check_straps();
    bit [15:0] cfvn, csvn, max_cpu, max_cg;
    bit [3:0] fac;
    bit unified, has_cg, mt;
    bit [7:0] n_ext;
    bit [2:0] n_cpus;
    bit [1:0] tpc, n_cg, auth_sf;
    bit [3:0][15:0] cpu_addr;
    bit [3:0] cpu_cg;
    bit [1:0][15:0] cg_addr;
    bit [6:0] auth_cf;
    if (cpumf_dpi_get_straps(h, cfvn, csvn, fac, unified, has_cg, n_ext, max_cpu, max_cg, n_cpus,
                             tpc, n_cg, cpu_addr, cpu_cg, cg_addr, auth_cf, auth_sf, mt) != 0)
      $fatal(1, "DPI example: %s", cpumf_dpi_error(h));
    if ({cfvn, csvn, fac, unified, has_cg, n_ext, max_cpu, max_cg, n_cpus, tpc, n_cg, cpu_addr,
         cpu_cg, cg_addr, auth_cf, auth_sf, mt} !==
        {cfg_cfvn_i, cfg_csvn_i, cfg_fac_i, cfg_unified_l1_i, cfg_has_cg_i, cfg_n_ext_i,
         cfg_max_cpu_addr_i, cfg_max_cg_addr_i, cfg_n_cpus_i, cfg_tpc_i, cfg_n_cg_i,
         cfg_cpu_addr_i, cfg_cpu_cg_i, cfg_cg_addr_i, pwr_auth_cf_i, pwr_auth_sf_i, pwr_mt_i})
      $fatal(1, "DPI example: DUT straps differ from the model's config: model cfvn %0d csvn %0d fac %h ul1 %0d cg %0d ext %0d maxcpu %h maxcg %h cpus %0d tpc %0d ncg %0d cpu_addr %h cpu_cg %h cg_addr %h auth_cf %h auth_sf %h mt %0d",
             cfvn, csvn, fac, unified, has_cg, n_ext, max_cpu, max_cg, n_cpus, tpc, n_cg, cpu_addr,
             cpu_cg, cg_addr, auth_cf, auth_sf, mt);
  endtask

  // ---- main ----------------------------------------------------------------------------------
  initial begin
    string sys_cfg, configs_dir, err;
    int rc;
    sys_cfg = SYS_CFG;
    configs_dir = "";
    void'($value$plusargs("sys_cfg=%s", sys_cfg));
    void'($value$plusargs("configs_dir=%s", configs_dir));
    void'($value$plusargs("cycles=%d", n_cycles));
    void'($value$plusargs("seed=%d", seed));
    void'($value$plusargs("dpi_break=%d", break_cycle));
    split = $test$plusargs("dpi_split") != 0;
    void'($urandom(seed));

    // straps (constant during the run)
    cfg_cfvn_i = CFVN;
    cfg_csvn_i = CSVN;
    cfg_fac_i = FAC;
    cfg_unified_l1_i = 1'b0;
    cfg_has_cg_i = 1'b1;
    cfg_n_ext_i = N_EXT;
    cfg_max_cpu_addr_i = MAX_CPU_ADDR;
    cfg_max_cg_addr_i = MAX_CG_ADDR;
    cfg_n_cpus_i = 3'(NCPUS);
    cfg_tpc_i = 2'd1;
    cfg_n_cg_i = 2'd1;
    cfg_cpu_addr_i = '0;
    cfg_cpu_cg_i = '0;
    cfg_cg_addr_i = '0;
    pwr_auth_cf_i = PWR_AUTH_CF;
    pwr_auth_sf_i = PWR_AUTH_SF;
    pwr_mt_i = 1'b0;
    // z15 sampling values (configs/models/z15.json, configs/systems/z15-1cpu.json)
    cfg_bsdes_i = 16'd32;
    cfg_dsdes_i = 16'd64;
    cfg_dsde_fmt_i = 16'h8006;
    cfg_min_int_i = 64'd4096;
    cfg_max_int_i = 64'd268435455;
    cfg_cpu_speed_i = 32'd5200;
    cfg_int_mode_i = 2'd0;
    cfg_lfsr_seed_i = 32'hACE1;
    cfg_dedicated_i = 1'b1;
    diag_i = '0;
    // every input 0 (CPUs 1-3 are not installed and stay at 0 for the run)
    {stopped_i, wait_i, problem_i, dat_i, uniq_i, as_i, level_i, asn_i, ia_i, tod_i, insns_i,
     uniq_count_i, l1i_dw_i, l1i_pen_i, l1d_dw_i, l1d_pen_i, cr_fn_i, cr_busy_i, cr_bfn_i,
     cr_bcyc_i, ext_ev_i, secure_guest_i, pcf49_i, entry_inconsistent_i, sf_lower_en_i,
     cr0_58_i} = '0;
    {insn_valid_i, insn_problem_i, insn_cr0_15_i, insn_op_i, insn_m3_i, insn_r1_i, insn_r2_i,
     insn_addr_i} = '0;
    {auth_set_i, auth_clr_i, sf_auth_set_i, sf_auth_clr_i, reset_i, loss_cpu_i, loss_mt_i,
     loss_sample_i, alert_taken_i, sigp_mt_valid_i, sigp_mt_enable_i, cg_addr_change_i} = '0;
    {stor_req_ready_i, stor_rsp_valid_i, stor_rsp_err_i, stor_rsp_data_i} = '0;

    // the model, from the same system config
    h = cpumf_dpi_create(sys_cfg, configs_dir, err);
    if (h == null) $fatal(1, "DPI example: cannot create the model: %s", err);
    $display("DPI example: libcpumf %s (%0d), system %s, seed %0d, %0d cycles",
             cpumf_dpi_version(), cpumf_dpi_version_number(), sys_cfg, seed, n_cycles);
    check_straps();
    begin  // an unknown register name is refused with a message
      longint unsigned v;
      if (cpumf_dpi_read_register(h, "cpu0.no_such_register", v) == 0)
        $fatal(1, "DPI example: read_register accepted an unknown name");
      $display("DPI example: unknown register refused as expected: %s", cpumf_dpi_error(h));
    end

    // operands in storage
    mem[A_LCCTL_ALL] = 64'h0000_0000_000F_000F;
    mem[A_LPCTL_ON] = 64'h3;
    mem[A_LCCTL_NOCR] = 64'h0000_0000_000F_0007;
    mem[A_LCCTL_OFF] = 64'h0;
    mem[A_LCCTL_BAD] = 64'h0000_0000_004F_000F;
    mem[A_LPP] = 64'hFEED_0000_0000_BEEF;
    build_program();

    // one reset edge before cycle 0 (docs/uarch.md 1); the model starts in that state
    rst_ni = 1'b0;
    @(posedge clk_i);
    @(negedge clk_i);
    rst_ni = 1'b1;

    for (cycle = 0; cycle < n_cycles; cycle++) begin
      if (cycle != 0) @(negedge clk_i);
      if (cycle % 500 == 250 || cycle == n_cycles - 1) check_registers();
      apply_inputs();
      #1;  // the DUT's combinational outputs settle
      if (split) rc = cpumf_dpi_eval(h);
      else rc = cpumf_dpi_step(h);
      if (rc != 0) $fatal(1, "DPI example: %s", cpumf_dpi_error(h));
      compare_cycle();
      // (no DPI call inside ?: or &&/||: Verilator 5.006 evaluates every operand)
      if (split) begin
        if (cpumf_dpi_commit(h) != 0) $fatal(1, "DPI example: %s", cpumf_dpi_error(h));
      end
      if (mismatches != 0) begin
        $display("DPI example: %0d cycles, %0d mismatches, FAIL (first at cycle %0d)", cycle + 1,
                 mismatches, cycle);
        cpumf_dpi_destroy(h);
        $fatal(1, "DPI example: DUT and model differ");
      end
      bookkeeping();
    end

    if (pc < n_prog) begin
      expect_errors++;
      $display("DPI example: EXPECT the program ended at step %0d of %0d: run more cycles", pc, n_prog);
    end
    if (cpumf_dpi_cycle(h) != longint'(n_cycles))
      $fatal(1, "DPI example: the model counted %0d cycles", cpumf_dpi_cycle(h));
    cpumf_dpi_destroy(h);
    if (expect_errors != 0) $fatal(1, "DPI example: %0d expectation errors, FAIL", expect_errors);
    $display("DPI example: %0d register checks through cpumf_dpi_read_register", reg_checks);
    $display("DPI example: %0d cycles, %0d mismatches, PASS", n_cycles, mismatches);
    $finish;
  end

endmodule
