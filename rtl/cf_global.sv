`include "mf_mutant.svh"

// System-wide counter state: the global E/C/change register of the
// coprocessor groups, their counters, the multithreading mode and the
// per-core MT-diagnostic counters 448/449.
module cf_global
  import mf_pkg::*;
(
  input  logic                               clk_i,
  input  logic                               rst_ni,
  // straps
  input  logic [15:0]                        cfg_csvn_i,
  input  logic                               cfg_has_cg_i,
  input  logic [2:0]                         cfg_n_cpus_i,
  input  logic [1:0]                         cfg_tpc_i,
  input  logic [1:0]                         cfg_n_cg_i,
  input  logic [NCPU-1:0][CGW-1:0]           cfg_cpu_cg_i,
  input  logic                               pwr_mt_i,
  // per-CPU instruction effects
  input  logic [NCPU-1:0]                    lpctl_we_i,
  input  logic [NCPU-1:0][1:0]               lpctl_ec_i,
  input  logic [NCPU-1:0]                    spctr_we_i,
  input  logic [NCPU-1:0][CGW-1:0]           spctr_grp_i,
  input  logic [NCPU-1:0][2:0]               spctr_ctr_i,
  input  logic [NCPU-1:0][63:0]              spctr_data_i,
  // per-CPU activity and state
  input  logic [NCPU-1:0][2:0]               reset_i,
  input  logic [NCPU-1:0]                    stopped_i,
  input  logic [NCPU-1:0]                    wait_i,
  input  logic [NCPU-1:0][4:0]               cr_fn_i,
  input  logic [NCPU-1:0][4:0]               cr_busy_i,
  input  logic [NCPU-1:0][4:0]               cr_bfn_i,
  input  logic [NCPU-1:0][4:0]               cr_bcyc_i,
  input  logic [NCPU-1:0]                    mt_active_i,
  input  logic [NCPU-1:0]                    mt_e_next_i,
  // system events
  input  logic                               sigp_mt_valid_i,
  input  logic                               sigp_mt_enable_i,
  input  logic                               cg_addr_change_i,
  // state
  output cf_global_obs_t                     obs_o
);

  logic                             g_e_q, g_e_d, g_c_q, g_c_d, change_q, change_d;
  logic                             mt_en_q, mt_en_d;
  logic [NCG-1:0][CG_NCTR-1:0][63:0] cg_ctr_q, cg_ctr_d;
  logic [NCPU-1:0][1:0][63:0]       mt_ctr_q, mt_ctr_d;
  logic                             disable_ev, cg_clear;
  // A machine reset (power-on or basic-machine clear) on an installed CPU,
  // and global E before it: named so that Verilator counts the branch on
  // them (it counts an always_comb block's branches on its final values).
  logic                             machine_rst, e_before_rst, cpu_machine_rst;
  logic [NCG-1:0][CG_NCTR-1:0][3:0]  cg_inc;
  logic [NCPU-1:0]                  cpu_inst;
  logic [NCG-1:0]                   cg_inst;
  logic [NCPU-1:0][1:0]             core_of;
  logic                             mt_inst;

  assign mt_inst = cfg_csvn_i > 16'd3;

  always_comb begin
    for (int i = 0; i < NCPU; i++) begin
      cpu_inst[i] = i < int'(cfg_n_cpus_i);
      core_of[i]  = (cfg_tpc_i == 2'd2) ? 2'(i / 2) : 2'(i);
    end
    for (int g = 0; g < NCG; g++) cg_inst[g] = cfg_has_cg_i && g < int'(cfg_n_cg_i);
  end

  // Steps 1-3: LPCTL in ascending CPU order, machine resets, change. Only the
  // resets of the whole machine disable the group sets: a clear reset of one
  // CPU (of a logical partition) leaves them alone (CF-GL-6).
  always_comb begin
    g_e_d      = g_e_q;
    g_c_d      = g_c_q;
    disable_ev = 1'b0;
    for (int i = 0; i < NCPU; i++) begin
      if (lpctl_we_i[i]) begin
        if (g_e_d && !lpctl_ec_i[i][1]) disable_ev = 1'b1;
        g_e_d = lpctl_ec_i[i][1];
        g_c_d = lpctl_ec_i[i][0];
      end
    end
    machine_rst = 1'b0;
    for (int i = 0; i < NCPU; i++) begin
      cpu_machine_rst = reset_i[i] == RESET_POWER_ON || reset_i[i] == RESET_BASIC_MACHINE_CLEAR;
      machine_rst = machine_rst | (cpu_inst[i] && cpu_machine_rst);
    end
    e_before_rst = g_e_d;
    if (machine_rst) begin
      if (e_before_rst) disable_ev = 1'b1;
      g_e_d = 1'b0;
      g_c_d = 1'b0;
    end
    change_d = g_e_d & ((change_q & !disable_ev) | cg_addr_change_i);
    `MUT_DO(CHANGE_KEEP, change_d = change_q | (g_e_d & cg_addr_change_i);)
  end

  // Group counter events from the installed, operating CPUs of each group.
  always_comb begin
    cg_inc = '0;
    for (int g = 0; g < NCG; g++) begin
      for (int i = 0; i < NCPU; i++) begin
        if (cpu_inst[i] && !stopped_i[i] && cg_inst[g] &&
            int'(cfg_cpu_cg_i[i]) == g) begin
          // 0-3: SHA functions, busy, blocked functions, blocked cycles;
          // 4-7: the same for DEA and AES together
          cg_inc[g][0] = cg_inc[g][0] + 4'(cr_fn_i[i][1]);
          cg_inc[g][1] = cg_inc[g][1] | 4'(cr_busy_i[i][1]);
          cg_inc[g][2] = cg_inc[g][2] + 4'(cr_bfn_i[i][1]);
          cg_inc[g][3] = cg_inc[g][3] + 4'(cr_bcyc_i[i][1]);
          cg_inc[g][4] = cg_inc[g][4] + 4'(cr_fn_i[i][2]) + 4'(cr_fn_i[i][3]);
          cg_inc[g][5] = cg_inc[g][5] | {3'b0, cr_busy_i[i][2] | cr_busy_i[i][3]};
          cg_inc[g][6] = cg_inc[g][6] + 4'(cr_bfn_i[i][2]) + 4'(cr_bfn_i[i][3]);
          cg_inc[g][7] = cg_inc[g][7] + {3'b0, cr_bcyc_i[i][2] | cr_bcyc_i[i][3]};
        end
      end
    end
  end

  // Step 4: group counters.
  always_comb begin
    cg_clear = !g_e_d || disable_ev;
    // The mutant reads the CPUs' group authorization and their requests to
    // clear it from the top, so that it needs no port of its own.
    `MUT_DO(CG_CLEAR_ON_UNAUTH, for (int i = 0; i < NCPU; i++)
      if (cpu_inst[i] && mf_system.obs_o[i].cf_state.cg_a_q &&
          mf_system.in_i[i].auth_clr[AUTH_CG_BIT])
        cg_clear = 1'b1;)
    for (int g = 0; g < NCG; g++) begin
      for (int k = 0; k < CG_NCTR; k++) begin
        if (cg_clear) begin
          cg_ctr_d[g][k] = '0;
        end else if (g_e_q && g_c_q) begin
          cg_ctr_d[g][k] = cg_ctr_q[g][k] + 64'(cg_inc[g][k]);
        end else begin
          cg_ctr_d[g][k] = cg_ctr_q[g][k];
        end
      end
    end
    // SPCTR writes override the increment; the highest CPU index is applied last.
    if (!cg_clear) begin
      for (int i = 0; i < NCPU; i++) begin
        if (spctr_we_i[i]) cg_ctr_d[spctr_grp_i[i]][spctr_ctr_i[i]] = spctr_data_i[i];
      end
    end
  end

  // Step 5: multithreading mode.
  assign mt_en_d = (sigp_mt_valid_i && mt_inst) ? sigp_mt_enable_i : mt_en_q;

  // Step 6: MT-diagnostic counters per core.
  always_comb begin
    logic       any_en, any_act;
    logic [2:0] nrun;
    for (int c = 0; c < NCPU; c++) begin
      any_en  = 1'b0;
      any_act = 1'b0;
      nrun    = '0;
      for (int i = 0; i < NCPU; i++) begin
        if (cpu_inst[i] && int'(core_of[i]) == c) begin
          any_en = any_en | mt_e_next_i[i];
          if (!stopped_i[i]) begin
            any_act = any_act | mt_active_i[i];
            if (!wait_i[i]) nrun = nrun + 3'd1;
          end
        end
      end
      mt_ctr_d[c] = mt_ctr_q[c];
      if (!any_en) begin
        mt_ctr_d[c] = '0;
      end else if (any_act) begin
        mt_ctr_d[c][0] = mt_ctr_q[c][0] + 64'(nrun == 3'd1);  // 448
        mt_ctr_d[c][1] = mt_ctr_q[c][1] + 64'(nrun == 3'd2);  // 449
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

endmodule
