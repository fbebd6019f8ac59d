// SPDX-License-Identifier: Apache-2.0
`include "mf_mutant.svh"
`include "mf_assert.svh"

// System-wide counter state: the global E/C/change register of the
// coprocessor groups, their counters, the multithreading mode and the
// per-core MT-diagnostic counters 448/449.
module cf_global
(
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // straps
  /*verilator coverage_off*/  // straps are constant in a run (CFG-2): no toggle coverage
  input  logic [15:0]            cfg_csvn_i,
  input  logic                   cfg_has_cg_i,
  input  logic [2:0]             cfg_n_cpus_i,
  input  logic [1:0]             cfg_tpc_i,
  input  logic [1:0]             cfg_n_cg_i,
  input  logic [mf_pkg::CGW*mf_pkg::NCPU-1:0] cfg_cpu_cg_i,  // group of CPU i at bits CGW*i
  input  logic                   pwr_mt_i,
  /*verilator coverage_on*/
  // the CPUs' instruction effects, activity and state
  input  mf_pkg::greq_t     cpu_i,
  // system events
  input  logic                   sigp_mt_valid_i,
  input  logic                   sigp_mt_enable_i,
  input  logic                   mt_end_i,         // a reset that ends multithreading (MT-2)
  input  logic                   cg_addr_change_i,
  // state
  output mf_pkg::cf_global_obs_t obs_o
);

  logic                             g_e_q, g_e_d, g_c_q, g_c_d, change_q, change_d;
  logic                             mt_en_q, mt_en_d;
  // counter k of group g at bits 64*(CG_NCTR*g+k); counter 448+j of core c at bits 64*(2c+j)
  logic [64*mf_pkg::NCG*mf_pkg::CG_NCTR-1:0] cg_ctr_q, cg_ctr_d;
  logic [128*mf_pkg::NCPU-1:0]      mt_ctr_q, mt_ctr_d;
  logic                             disable_ev, cg_clear;
  // A machine reset (power-on or basic-machine clear) on an installed CPU,
  // and global E before it: named so that Verilator counts the branch on
  // them (it counts an always_comb block's branches on its final values).
  logic                             machine_rst, e_before_rst, cpu_machine_rst;
  /*verilator coverage_off*/  // functions of the straps alone: constant in a run
  logic [mf_pkg::NCPU-1:0]                  cpu_inst;
  logic [mf_pkg::NCG-1:0]                   cg_inst;
  logic [1:0]                       core_of [mf_pkg::NCPU];
  logic                             mt_inst;
  /*verilator coverage_on*/

  assign mt_inst = cfg_csvn_i > 16'd3;

  always_comb begin
    for (int i = 0; i < mf_pkg::NCPU; i++) begin
      cpu_inst[i] = 3'(i) < cfg_n_cpus_i;
      core_of[i]  = (cfg_tpc_i == 2'd2) ? 2'(i / 2) : 2'(i);
    end
    for (int g = 0; g < mf_pkg::NCG; g++) cg_inst[g] = cfg_has_cg_i && 2'(g) < cfg_n_cg_i;
  end

  // Steps 1-3: LPCTL in ascending CPU order, machine resets, change. Only the
  // resets of the whole machine disable the group sets: a clear reset of one
  // CPU (of a logical partition) leaves them alone (CF-GL-6).
  always_comb begin
    g_e_d      = g_e_q;
    g_c_d      = g_c_q;
    disable_ev = 1'b0;
    for (int i = 0; i < mf_pkg::NCPU; i++) begin
      if (cpu_i.lpctl_we[i]) begin
        if (g_e_d && !cpu_i.lpctl_ec[2*i+1]) disable_ev = 1'b1;
        g_e_d = cpu_i.lpctl_ec[2*i+1];
        g_c_d = cpu_i.lpctl_ec[2*i+0];
      end
    end
    machine_rst = 1'b0;
    for (int i = 0; i < mf_pkg::NCPU; i++) begin
      cpu_machine_rst = cpu_i.reset[3*i +: 3] == mf_pkg::RESET_POWER_ON ||
                        cpu_i.reset[3*i +: 3] == mf_pkg::RESET_BASIC_MACHINE_CLEAR;
      `MUT_DO(CG_CLEAR_RESET_DISABLES,
              if (cpu_i.reset[3*i +: 3] == mf_pkg::RESET_CLEAR) cpu_machine_rst = 1'b1;)
      machine_rst = machine_rst | (cpu_inst[i] && cpu_machine_rst);
    end
    e_before_rst = g_e_d;
    if (machine_rst) begin
      if (e_before_rst) disable_ev = 1'b1;
      g_e_d = 1'b0;
      g_c_d = 1'b0;
    end
    `MUT_DO(CG_RESET_KEEPS_C, if (machine_rst) g_c_d = g_c_q;)
    `MUT_DO(CG_UNAUTH_DISABLES, for (int i = 0; i < mf_pkg::NCPU; i++)
      if (cpu_inst[i] && mf_system.mut_cg_unauth[i]) begin g_e_d = 1'b0; g_c_d = 1'b0; end)
    change_d = g_e_d & ((change_q & !disable_ev) | cg_addr_change_i);
    `MUT_DO(CHANGE_KEEP, change_d = change_q | (g_e_d & cg_addr_change_i);)
  end

  // Step 4: group counters. cg_clear is the same for every group.
  always_comb begin
    cg_clear = !g_e_d || disable_ev;
    // The mutant reads the CPUs' group authorization and their requests to
    // clear it from the top (mf_system), so that it needs no port of its own.
    `MUT_DO(CG_CLEAR_ON_UNAUTH, for (int i = 0; i < mf_pkg::NCPU; i++)
      if (cpu_inst[i] && mf_system.mut_cg_unauth[i]) cg_clear = 1'b1;)
  end

  for (genvar g = 0; g < mf_pkg::NCG; g++) begin : g_grp
    // Events from the installed, operating CPUs of the group: 0-3 SHA
    // functions, busy, blocked functions, blocked cycles; 4-7 the same for DEA
    // and AES together (engines 1-3 of the CPUs).
    logic [3:0] inc [mf_pkg::CG_NCTR];
    always_comb begin
      for (int k = 0; k < mf_pkg::CG_NCTR; k++) inc[k] = '0;
      for (int i = 0; i < mf_pkg::NCPU; i++) begin
        if (cpu_inst[i] && !cpu_i.stopped[i] && cg_inst[g] &&
            32'(cfg_cpu_cg_i[mf_pkg::CGW*i +: mf_pkg::CGW]) == g) begin
          inc[0] = inc[0] + 4'(cpu_i.cr_fn[5*i+1]);
          inc[1] = inc[1] | 4'(cpu_i.cr_busy[5*i+1]);
          inc[2] = inc[2] + 4'(cpu_i.cr_bfn[5*i+1]);
          inc[3] = inc[3] + 4'(cpu_i.cr_bcyc[5*i+1]);
          inc[4] = inc[4] + 4'(cpu_i.cr_fn[5*i+2]) + 4'(cpu_i.cr_fn[5*i+3]);
          inc[5] = inc[5] | {3'b0, cpu_i.cr_busy[5*i+2] | cpu_i.cr_busy[5*i+3]};
          inc[6] = inc[6] + 4'(cpu_i.cr_bfn[5*i+2]) + 4'(cpu_i.cr_bfn[5*i+3]);
          inc[7] = inc[7] + {3'b0, cpu_i.cr_bcyc[5*i+2] | cpu_i.cr_bcyc[5*i+3]};
        end
      end
    end

    // Counter k: clear, else count while the sets are active; an SPCTR write
    // replaces that, the highest CPU index last.
    for (genvar k = 0; k < mf_pkg::CG_NCTR; k++) begin : g_ctr
      localparam int Lsb = 64 * (mf_pkg::CG_NCTR * g + k);
      always_comb begin
        if (`MUT_SEL(CG_NO_CLEAR, 1'b0, cg_clear)) begin
          cg_ctr_d[Lsb +: 64] = '0;
        end else begin
          cg_ctr_d[Lsb +: 64] = cg_ctr_q[Lsb +: 64] + ((g_e_q && g_c_q) ? 64'(inc[k]) : 64'd0);
          for (int i = 0; i < mf_pkg::NCPU; i++)
            if (cpu_i.spctr_we[i] && 32'(cpu_i.spctr_grp[mf_pkg::CGW*i +: mf_pkg::CGW]) == g &&
                32'(cpu_i.spctr_ctr[3*i +: 3]) == k)
              cg_ctr_d[Lsb +: 64] = cpu_i.spctr_data[64*i +: 64];
        end
      end
    end
  end

  // Step 5: multithreading mode: SIGP, then a clear, basic-machine clear or
  // power-on reset on any installed CPU ends it (MT-2).
  assign mt_en_d = !mt_end_i && ((sigp_mt_valid_i && mt_inst) ? sigp_mt_enable_i : mt_en_q);

  // Step 6: MT-diagnostic counters per core.
  for (genvar c = 0; c < mf_pkg::NCPU; c++) begin : g_core
    logic       any_en, any_act;  // a CPU of the core has the MT set enabled (next), active
    logic [2:0] nrun;             // CPUs of the core that operate
    always_comb begin
      any_en  = 1'b0;
      any_act = 1'b0;
      nrun    = '0;
      for (int i = 0; i < mf_pkg::NCPU; i++) begin
        if (cpu_inst[i] && 32'(core_of[i]) == c) begin
          any_en = any_en | cpu_i.mt_e_next[i];
          if (!cpu_i.stopped[i]) begin
            any_act = any_act | cpu_i.mt_active[i];
            if (!cpu_i.wait_st[i]) nrun = nrun + 3'd1;
          end
        end
      end
    end
    always_comb begin
      mt_ctr_d[128*c +: 128] = mt_ctr_q[128*c +: 128];
      if (!any_en) begin
        mt_ctr_d[128*c +: 128] = '0;
      end else if (any_act) begin
        mt_ctr_d[128*c +: 64]      = mt_ctr_q[128*c +: 64] + 64'(nrun == 3'd1);       // 448
        mt_ctr_d[128*c + 64 +: 64] = mt_ctr_q[128*c + 64 +: 64] + 64'(nrun == 3'd2);  // 449
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      g_e_q    <= 1'b0;
      g_c_q    <= 1'b0;
      change_q <= 1'b0;
      mt_en_q  <= pwr_mt_i && mt_inst;
      cg_ctr_q <= '0;
      mt_ctr_q <= '0;
    end else begin
      g_e_q    <= g_e_d;
      g_c_q    <= g_c_d;
      change_q <= change_d;
      mt_en_q  <= mt_en_d;
      cg_ctr_q <= cg_ctr_d;
      mt_ctr_q <= mt_ctr_d;
    end
  end

  assign obs_o.g_e_q    = g_e_q;
  assign obs_o.g_c_q    = g_c_q;
  assign obs_o.change_q = change_q;
  assign obs_o.mt_en_q  = mt_en_q;
  assign obs_o.cg_ctr_q = cg_ctr_q;
  assign obs_o.mt_ctr_q = mt_ctr_q;

  // CF-LPCTL-1 (mf_insn's LpctlValid_A): an LPCTL takes effect only with
  // valid global controls (no C without E).
  logic [mf_pkg::NCPU-1:0] lpctl_bad;
  always_comb begin
    for (int i = 0; i < mf_pkg::NCPU; i++)
      lpctl_bad[i] = cpu_i.lpctl_we[i] && cpu_i.lpctl_ec[2*i +: 2] == 2'b01;
  end
  `ASSUME(LpctlValid_M, lpctl_bad == '0)

  // CF-GL-1: the global C only with the global E; CF-GL-2: the change
  // indicator only while the groups are enabled; CF-GL-4: the group counters
  // are zero while the groups are disabled. On the next state: a fault fails
  // them at the edge that makes it.
  `ASSERT(GlobalEc_A, !g_c_d || g_e_d)
  `ASSERT(ChangeEnabled_A, !change_d || g_e_d)
  `ASSERT(GroupZeroDisabled_A, g_e_d || cg_ctr_d == '0)
  // CF-GL-6: only a machine reset or an LPCTL disables the groups.
  `ASSERT(DisableByLpctlOrReset_A, !(g_e_q && !g_e_d) || machine_rst || cpu_i.lpctl_we != '0)

  // Functional coverage: a group-address change while the groups are enabled;
  // a machine reset of enabled groups.
  `COVER(ChangeRaised_C, change_d && !change_q)
  `COVER(ResetEnabled_C, machine_rst && g_e_q)

endmodule
