// SPDX-License-Identifier: Apache-2.0
// tb_dpi_example.sv - example SystemVerilog bench using the C model
// (libcpumf) as a cycle-exact golden reference through DPI-C
// (tb/dpi/cpumf_dpi.sv).  It instantiates the project's RTL mf_system as the
// DUT with the straps of configs/systems/z15-1cpu.json, creates the model from
// that same config file, drives both with identical inputs every cycle and
// compares every output and observation port of the DUT (the packed structs
// of mf_pkg) with the model's in every cycle.  See README.md next to this file.
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
//   +dpi_break=T        self-check: flip l1i_dw of CPU 0 for the MODEL only
//                       in cycle T.  The basic set being active, counter 2
//                       (slot 2) then differs from cycle T+1 on: the bench
//                       must report cpu0.cf_counters.ctr_q[2] at cycle T+1
//                       and exit non-zero.
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
  // bit k: counter 128+k is undefined on z15 (never counts)
  localparam logic [159:0] EXT_UNDEF = 160'h0000fcff6f47fef8ffff83ffffff000380004000;
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

  // ---- DUT ports ---------------------------------------------------------------------
  // mf_system's per-CPU ports hold one lane of CPU_*_LANE bits per CPU (CPU k
  // at bits LANE*k); the bench works on the structs and moves them in and out.
  cfg_t     cfg_i;
  sys_in_t  sys_i;
  cpu_in_t [NCPU-1:0] in_p;
  cpu_out_t out_o [NCPU];
  cpu_obs_t obs_o [NCPU];
  sys_obs_t sys_obs_o;
  logic [NCPU*CPU_IN_LANE-1:0]  in_lanes;
  logic [NCPU*CPU_OUT_LANE-1:0] out_lanes;
  logic [NCPU*CPU_OBS_LANE-1:0] obs_lanes;
  for (genvar k = 0; k < NCPU; k++) begin : g_lane
    assign in_lanes[CPU_IN_LANE*k +: CPU_IN_LANE] = CPU_IN_LANE'(in_p[k]);
    assign out_o[k] = out_lanes[CPU_OUT_LANE*k +: $bits(cpu_out_t)];
    assign obs_o[k] = obs_lanes[CPU_OBS_LANE*k +: $bits(cpu_obs_t)];
  end

  mf_system dut (
    .clk_i,
    .rst_ni,
    .cfg_i,
    .in_i      (in_lanes),
    .sys_i,
    .out_o     (out_lanes),
    .obs_o     (obs_lanes),
    .sys_obs_o
  );

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
    add_pulse(7'h00, 7'h00, RESET_NONE, 6'h08);            // loss of crypto data: alert 25
    add_insn(OP_ECCTR, 0, 0, 0, 0, 64, 0, 'h00, 0);             // inactive set can be read
    add_pulse(7'h00, 7'h04, RESET_NONE, 6'h00);            // problem set unauthorized: alert 24
    add_insn(OP_ECCTR, 0, 0, 0, 0, 32, 0, 'h00, 3);
    add_insn(OP_LCCTL, 0, 0, 0, 0, 0, A_LCCTL_ALL, 'h00, 3);    // A = 0 for problem
    add_pulse(7'h04, 7'h00, RESET_NONE, 6'h00);            // authorized again
    add_insn(OP_LCCTL, 0, 0, 0, 0, 0, A_LCCTL_ALL, 'h00, 0);
    add_pulse(7'h00, 7'h00, RESET_CPU, 6'h00);             // CPU reset: C := 0
    add_insn(OP_ECCTR, 0, 0, 0, 0, 1, 0, 'h00, 0);
    add_pulse(7'h00, 7'h00, RESET_INITIAL_CPU, 6'h00);     // initial CPU reset: E = C = 0
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
  // A differing field, named as the lockstep's mismatch report names it.
  function automatic void mismatch(string field, string port);
    mismatches++;
    if (mismatches <= 20) $display("DPI example: MISMATCH cycle %0d: %s (%s)", cycle, field, port);
  endfunction

  function automatic void cmp(string name, logic [63:0] dut_v, logic [63:0] mdl_v);
    if (dut_v !== mdl_v) begin
      mismatches++;
      if (mismatches <= 20)
        $display("DPI example: MISMATCH cycle %0d: %s: DUT 0x%0h model 0x%0h", cycle, name, dut_v,
                 mdl_v);
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
  // Counters by architected number (the alias) and by their RTL name.
  task automatic check_registers();
    int nums[12] = '{0, 1, 2, 5, 32, 33, 64, 69, 83, 128, 200, 271};
    longint unsigned v;
    string name;
    foreach (nums[k]) begin
      name = $sformatf("cpu0.counter.%0d", nums[k]);
      if (cpumf_dpi_read_register(h, name, v) != 0)
        $fatal(1, "DPI example: read_register %s: %s", name, cpumf_dpi_error(h));
      cmp($sformatf("read_register(%s) vs obs_o[0]", name),
          obs_o[0].cf_counters.ctr_q[slot_of(nums[k])], v);
      name = $sformatf("cpu0.cf_counters.ctr_q[%0d]", slot_of(nums[k]));
      if (cpumf_dpi_read_register(h, name, v) != 0)
        $fatal(1, "DPI example: read_register %s: %s", name, cpumf_dpi_error(h));
      cmp($sformatf("read_register(%s) vs obs_o[0]", name),
          obs_o[0].cf_counters.ctr_q[slot_of(nums[k])], v);
      reg_checks += 2;
    end
    if (cpumf_dpi_read_register(h, "cpu0.cf_state.e_q", v) != 0)
      $fatal(1, "DPI example: read_register cpu0.cf_state.e_q: %s", cpumf_dpi_error(h));
    cmp("read_register(cpu0.cf_state.e_q) vs obs_o[0]", 64'(obs_o[0].cf_state.e_q), v);
    reg_checks++;
  endtask

  // ---- the model's outputs and registers of the cycle, against the DUT's ------------------------
  bit [$bits(cpu_out_t)-1:0] m_out;
  bit [$bits(cpu_obs_t)-1:0] m_obs;
  bit [$bits(sys_obs_t)-1:0] m_sys_obs;

  task automatic compare_cycle();
    for (int i = 0; i < NCPUS; i++) begin
      if (cpumf_dpi_get_out(h, i, m_out) != 0 || cpumf_dpi_get_obs(h, i, m_obs) != 0)
        $fatal(1, "DPI example: %s", cpumf_dpi_error(h));
      if (out_o[i] !== cpu_out_t'(m_out))
        mismatch(cpumf_dpi_diff_out(h, i, out_o[i], m_out), $sformatf("out_o[%0d]", i));
      if (obs_o[i] !== cpu_obs_t'(m_obs))
        mismatch(cpumf_dpi_diff_obs(h, i, obs_o[i], m_obs), $sformatf("obs_o[%0d]", i));
    end
    if (cpumf_dpi_get_sys_obs(h, m_sys_obs) != 0) $fatal(1, "DPI example: %s", cpumf_dpi_error(h));
    if (sys_obs_o !== sys_obs_t'(m_sys_obs))
      mismatch(cpumf_dpi_diff_sys_obs(h, sys_obs_o, m_sys_obs), "sys_obs_o");
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
    cpu_in_t c, m;
    step_t s;
    pulse = 1'b0;
    c = '0;
    // -- instruction request / pulses of the program
    if (drv == D_GAP && gap == 0 && pc < n_prog && prog[pc].kind == 1) begin
      s = prog[pc];
      c.auth_set = s.auth_set;
      c.auth_clr = s.auth_clr;
      c.reset = s.rst;
      c.loss_cpu = s.loss_cpu;
      pulse = 1'b1;
    end else if (drv == D_GAP && gap == 0 && pc < n_prog) begin
      drv = D_PRESENT;
    end
    if (drv == D_PRESENT) begin
      s = prog[pc];
      c.insn_valid = 1'b1;
      c.op = s.op;
      c.m3 = s.m3;
      c.insn_problem = s.problem;
      c.cr0_15 = s.cr0_15;
      c.r1 = s.r1;
      c.r2 = s.r2;
      c.addr = s.addr;
    end
    if (pulse) begin
      $display("DPI example: cycle %0d step %0d: auth_set %h auth_clr %h reset %0d loss_cpu %h",
               cycle, pc, s.auth_set, s.auth_clr, s.rst, s.loss_cpu);
      pc++;
      gap = 2;
    end
    // -- activity (seeded random)
    c.stopped = ($urandom % 64) == 0;
    c.wait_st = ($urandom % 8) == 0;
    c.problem = 1'($urandom % 2);
    c.dat = 1'($urandom % 2);
    c.as = 2'($urandom);
    c.asn = 16'($urandom);
    c.ia = rnd64();
    c.insns = 3'($urandom);
    c.uniq = 1'($urandom % 2);
    c.uniq_count = 4'($urandom);
    c.l1i_dw = ($urandom % 4) == 0;
    c.l1i_pen = ($urandom % 4) == 0;
    c.l1d_dw = ($urandom % 4) == 0;
    c.l1d_pen = ($urandom % 4) == 0;
    c.cr_fn = 5'($urandom) & 5'($urandom);
    c.cr_busy = 5'($urandom);
    c.cr_bfn = 5'($urandom) & 5'($urandom) & 5'($urandom);
    c.cr_bcyc = 5'($urandom) & 5'($urandom);
    c.ext = {20{$urandom}};
    c.level = 2'd1;
    c.sf_lower_enabled = ($urandom % 16) == 0;
    c.tod = 64'(cycle) << 12;
    c.cr0_58 = 1'b1;
    c.alert_taken = prev_alert_req & c.cr0_58;  // docs/uarch.md 9
    sys_i = '0;
    sys_i.cg_addr_change = ($urandom % 100) == 0;
    // -- storage: ready with 80 %, response of an accepted request
    c.stor_req_ready = ($urandom % 5) != 0;
    c.stor_rsp_valid = rsp_pending && rsp_cycle == cycle;
    c.stor_rsp_err = c.stor_rsp_valid & rsp_err;
    c.stor_rsp_data = c.stor_rsp_valid ? rsp_data : 64'h0;
    in_p[0] = c;

    // -- the same inputs to the model (CPU 0), except for the self-check
    m = c;
    if (int'(cycle) == break_cycle) begin
      m.l1i_dw = ~m.l1i_dw;
      $display("DPI example: self-check +dpi_break: l1i_dw of CPU 0 flipped for the model only",
               " in cycle %0d", cycle);
    end
    void'(cpumf_dpi_set_in(h, 0, m));
    void'(cpumf_dpi_set_sys(h, sys_i));
  endtask

  // Bench state from the DUT's outputs of this cycle (instruction handshake,
  // storage acceptance, alert); the model's are equal or a mismatch was reported.
  task automatic bookkeeping();
    logic [63:0] a, d, m;
    if (in_p[0].stor_rsp_valid) rsp_pending = 1'b0;
    if (out_o[0].stor_req_valid && in_p[0].stor_req_ready) begin
      a = out_o[0].stor_req_addr;
      rsp_pending = 1'b1;
      rsp_cycle = cycle + 1 + ($urandom % 4);  // latency 1..4
      rsp_err = a >= STOR_SIZE;
      rsp_data = 64'h0;
      if (!rsp_err) begin
        if (out_o[0].stor_req_we) begin
          m = '0;
          for (int k = 0; k < 8; k++) if (out_o[0].stor_req_be[k]) m[8*k+:8] = 8'hFF;
          d = mem_read(a);
          // interlocked OR and ADD answer with the old doubleword (docs/uarch.md section 4)
          case (out_o[0].stor_req_op)
            STOR_OP_OR: mem[a] = d | (out_o[0].stor_req_wdata & m);
            STOR_OP_ADD: mem[a] = d + out_o[0].stor_req_wdata;
            default: mem[a] = (d & ~m) | (out_o[0].stor_req_wdata & m);
          endcase
          if (out_o[0].stor_req_op != STOR_OP_PLAIN) rsp_data = d;
        end else begin
          rsp_data = mem_read(a);
        end
      end
    end
    if (drv == D_PRESENT && out_o[0].insn_ready) drv = D_WAIT;
    if (drv == D_WAIT && out_o[0].insn_done) begin
      $display("DPI example: cycle %0d step %0d: op %0d m3 %0d -> exc %02h cc %0d r1 %016h", cycle,
               pc, prog[pc].op, prog[pc].m3, out_o[0].exc, out_o[0].cc, out_o[0].r1);
      if (prog[pc].exp_exc >= 0 && int'(out_o[0].exc) != prog[pc].exp_exc) begin
        expect_errors++;
        $display("DPI example: EXPECT step %0d: exception %02h, expected %02h", pc, out_o[0].exc,
                 prog[pc].exp_exc);
      end
      if (prog[pc].exp_cc >= 0 && int'(out_o[0].cc) != prog[pc].exp_cc) begin
        expect_errors++;
        $display("DPI example: EXPECT step %0d: cc %0d, expected %0d", pc, out_o[0].cc,
                 prog[pc].exp_cc);
      end
      pc++;
      drv = D_GAP;
      gap = 1 + int'($urandom % 6);
    end else if (drv == D_GAP && gap > 0) begin
      gap--;
    end
    if (drv == D_GAP && pc >= n_prog) drv = D_END;
    prev_alert_req = out_o[0].alert_req;
  endtask

  // ---- straps, checked against the model's config ------------------------------------------
  task automatic check_straps();
    bit [$bits(cfg_t)-1:0] m;
    if (cpumf_dpi_get_cfg(h, m) != 0) $fatal(1, "DPI example: %s", cpumf_dpi_error(h));
    if (cfg_i !== cfg_t'(m))
      $fatal(1, "DPI example: DUT straps differ from the model's config:\n  DUT   %h\n  model %h",
             cfg_i, m);
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
    cfg_i = '0;
    cfg_i.cfvn = CFVN;
    cfg_i.csvn = CSVN;
    {cfg_i.fac_stcctm, cfg_i.fac_sf, cfg_i.fac_cf, cfg_i.fac_lpp} = FAC;
    cfg_i.has_cg = 1'b1;
    cfg_i.n_ext = N_EXT;
    cfg_i.ext_undef = EXT_UNDEF;
    cfg_i.max_cpu_addr = MAX_CPU_ADDR;
    cfg_i.max_cg_addr = MAX_CG_ADDR;
    cfg_i.n_cpus = 3'(NCPUS);
    cfg_i.threads_per_core = 2'd1;
    cfg_i.n_cg = 2'd1;
    cfg_i.auth_cf = PWR_AUTH_CF;
    cfg_i.auth_sf = PWR_AUTH_SF;
    // z15 sampling values (configs/models/z15.json, configs/systems/z15-1cpu.json)
    cfg_i.bsdes = 16'd32;
    cfg_i.dsdes = 16'd64;
    cfg_i.dsde_format = 16'h8006;
    cfg_i.min_interval = 64'd4096;
    cfg_i.max_interval = 64'd268435455;
    cfg_i.cpu_speed = 32'd5200;
    cfg_i.interval_mode = INT_EXACT;
    cfg_i.lfsr_seed = 32'hACE1;
    cfg_i.dedicated = 1'b1;
    // every input 0 (CPUs 1-3 are not installed and stay at 0 for the run)
    in_p = '0;
    sys_i = '0;

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
      $display("DPI example: EXPECT the program ended at step %0d of %0d: run more cycles",
               pc, n_prog);
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
