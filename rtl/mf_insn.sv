// SPDX-License-Identifier: Apache-2.0
`include "mf_mutant.svh"
`include "mf_assert.svh"

// Instruction unit of one CPU: accepts one request at a time, checks it,
// moves its storage operand one doubleword at a time, decides its effect in
// EXEC and answers in RESP (timing contract, section 5).
module mf_insn
(
  input  logic                             clk_i,
  input  logic                             rst_ni,
  // straps
  /*verilator coverage_off*/  // straps are constant in a run (CFG-2): no toggle coverage
  input  logic                             installed_i,
  input  logic [15:0]                      cfg_cfvn_i,
  input  logic [15:0]                      cfg_csvn_i,
  input  logic [3:0]                       cfg_fac_i,
  input  logic                             cfg_has_cg_i,
  input  logic [7:0]                       cfg_n_ext_i,
  input  logic [15:0]                      cfg_max_cpu_addr_i,
  input  logic [15:0]                      cfg_max_cg_addr_i,
  input  logic [2:0]                       cfg_n_cpus_i,
  input  logic [1:0]                       cfg_n_cg_i,
  // per CPU or group, element i at bits W*i: flat, Yosys 0.23 reads no 2-D port
  input  logic [16*mf_pkg::NCPU-1:0]               cfg_cpu_addr_i,
  input  logic [mf_pkg::CGW*mf_pkg::NCPU-1:0]      cfg_cpu_cg_i,
  input  logic [16*mf_pkg::NCG-1:0]                cfg_cg_addr_i,
  input  logic [15:0]                      cfg_bsdes_i,
  input  logic [15:0]                      cfg_dsdes_i,
  input  logic [63:0]                      cfg_min_int_i,
  input  logic [63:0]                      cfg_max_int_i,
  input  logic [31:0]                      cfg_cpu_speed_i,
  /*verilator coverage_on*/
  // request
  input  logic                             stopped_i,
  input  logic                             insn_valid_i,
  input  mf_pkg::op_e                      insn_op_i,
  input  logic [3:0]                       insn_m3_i,
  input  logic                             insn_problem_i,
  input  logic                             insn_cr0_15_i,
  input  logic [63:0]                      insn_r1_i,
  input  logic [63:0]                      insn_r2_i,
  input  logic [63:0]                      insn_addr_i,
  // storage port
  input  logic                             stor_req_ready_i,
  input  logic                             stor_rsp_valid_i,
  input  logic                             stor_rsp_err_i,
  input  logic [63:0]                      stor_rsp_data_i,
  output logic                             stor_req_valid_o,
  output logic                             stor_req_we_o,
  output mf_pkg::stor_op_e                 stor_req_op_o,  // always PLAIN (uarch.md section 4)
  output logic [7:0]                       stor_req_be_o,
  output logic [63:0]                      stor_req_addr_o,
  output logic [63:0]                      stor_req_wdata_o,
  // facility state (registers of this cycle)
  input  logic [5:0]                       a_i,
  input  logic [5:0]                       e_i,
  input  logic [5:0]                       c_i,
  input  logic                             cg_a_i,
  input  logic                             loss_mt_pend_i,
  input  logic                             g_e_i,
  input  logic                             g_c_i,
  input  logic                             change_i,
  // counter slots read in this cycle: ECCTR's, STCCTM's doublewords k-1 and k
  // (read k at bits 8k and 64k), this core's counters 448 (63:0) and 449, and the
  // group counters (counter k of group g at bits 64*(8g+k))
  output logic [23:0]                      ctr_rd_slot_o,
  input  logic [191:0]                     ctr_rd_i,
  input  logic [127:0]                     mt_ctr_i,
  input  logic [64*mf_pkg::NCG*mf_pkg::CG_NCTR-1:0] cg_ctr_i,
  // sampling controls: A, then the LPAR set's and the VM set's E, C, TEAR,
  // DEAR; an instruction acts on the VM set when level_i is 2 in its EXEC
  // cycle (uarch.md section 22)
  input  logic [1:0]                       level_i,
  input  logic                             sf_lower_en_i,
  input  logic [1:0]                       sf_a_i,
  input  logic [1:0]                       sf_e_i,
  input  logic [1:0]                       sf_c_i,
  input  logic [63:0]                      sf_tear_i,
  input  logic [63:0]                      sf_dear_i,
  input  logic [1:0]                       sf_e_vm_i,
  input  logic [1:0]                       sf_c_vm_i,
  input  logic [63:0]                      sf_tear_vm_i,
  input  logic [63:0]                      sf_dear_vm_i,
  input  logic                             upd_busy_i,      // sf_update is not IDLE
  // effects, valid in the EXEC cycle
  output logic                             lpp_we_o,
  output logic [63:0]                      operand_o,
  output logic                             lcctl_we_o,
  output logic [5:0]                       lcctl_mask_o,
  output logic [5:0]                       lcctl_e_o,
  output logic [5:0]                       lcctl_c_o,
  output logic                             lpctl_we_o,
  output logic [1:0]                       lpctl_ec_o,
  output logic                             scctr_we_o,
  output logic [7:0]                       scctr_slot_o,
  output logic                             spctr_we_o,
  output logic [mf_pkg::CGW-1:0]                   spctr_grp_o,
  output logic [2:0]                       spctr_ctr_o,
  output logic [63:0]                      wr_data_o,
  output logic                             clr_loss_mt_o,
  output logic                             lsctl_exec_o,    // LSCTL executes (any outcome)
  output logic                             lsctl_we_o,      // ... with cc 0
  output logic                             lsctl_load_o,    // ... activating some function
  output logic [1:0]                       lsctl_e_o,
  output logic [1:0]                       lsctl_c_o,
  output logic                             lsctl_s_o,
  output logic                             lsctl_h_o,
  output logic [63:0]                      lsctl_interval_o,
  output logic [63:0]                      lsctl_tear_o,
  output logic [63:0]                      lsctl_dear_o,
  // response
  output logic                             insn_ready_o,
  output logic                             insn_done_o,
  output logic [1:0]                       insn_cc_o,
  output logic [7:0]                       insn_exc_o,
  output logic [63:0]                      insn_r1_o,
  output logic [2:0]                       state_o
);

  // ---------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------
  mf_pkg::insn_state_e  state_q, state_d;
  mf_pkg::op_e          op_q, op_d;
  logic [3:0]   m3_q, m3_d;
  logic         prob_q, prob_d, cr0_15_q, cr0_15_d;
  logic [63:0]  r1_q, r1_d, r2_q, r2_d, addr_q, addr_d;
  logic [1:0]   cc_q, cc_d;
  mf_pkg::exc_e         exc_q, exc_d;
  logic [7:0]   cnt_q, cnt_d;    // STCCTM: counters to store
  logic [8:0]   idx_q, idx_d;    // doubleword of the operand in flight
  logic         vm_q, vm_d;      // the instruction's EXEC ran at the VM level (level 2)
  logic [319:0] fetch_q, fetch_d;  // fetched doublewords 0-4, 0 in the top bits

  // ---------------------------------------------------------------------------
  // Request decoding (captured fields)
  // ---------------------------------------------------------------------------
  logic [2:0]  off;
  logic [10:0] op_len;   // operand length in bytes
  logic [8:0]  n_dw;     // doublewords the operand touches
  logic [63:0] x;        // fetched operand doubleword 0 (the 8-byte operand)
  logic [63:0] x1, x2, x3;  // LSCTL operand doublewords 1-3
  /*verilator coverage_off*/  // functions of the straps alone: constant in a run
  logic        mt_inst;
  /*verilator coverage_on*/

  assign mt_inst = cfg_csvn_i > 16'd3;
  assign off     = addr_q[2:0];
  assign x       = 64'({fetch_q[319:256], fetch_q[255:192]} << {off, 3'b0} >> 64);
  assign x1      = 64'({fetch_q[255:192], fetch_q[191:128]} << {off, 3'b0} >> 64);
  assign x2      = 64'({fetch_q[191:128], fetch_q[127:64]} << {off, 3'b0} >> 64);
  assign x3      = 64'({fetch_q[127:64], fetch_q[63:0]} << {off, 3'b0} >> 64);

  always_comb begin
    unique case (op_q)
      mf_pkg::OP_QCTRI, mf_pkg::OP_LSCTL, mf_pkg::OP_QSI: op_len = 11'd64;
      mf_pkg::OP_STCCTM: op_len = {cnt_q, 3'b0};
      default:   op_len = 11'd8;
    endcase
    n_dw = 9'((12'(off) + 12'(op_len) + 12'd7) >> 3);
  end

  // Counter number of ECCTR/SCCTR -> installed, set, slot (or MT counter).
  logic [15:0] num;
  logic        num_inst, num_mt;
  logic [2:0]  num_set;
  logic [7:0]  num_slot;
  logic [63:0] num_val;

  assign num = r2_q[15:0];

  always_comb begin
    num_inst = 1'b0;
    num_mt   = 1'b0;
    num_set  = 3'(mf_pkg::SET_BASIC_BIT);
    num_slot = '0;
    if (num < 16'd6) begin
      num_inst = 1'b1;
      num_slot = 8'(num);
    end else if (num >= 16'd32 && num < 16'd38) begin
      num_inst = (cfg_cfvn_i == 16'd1) || (num < 16'd34);
      num_set  = 3'(mf_pkg::SET_PROBLEM_BIT);
      num_slot = 8'(num - 16'd32 + 16'(mf_pkg::SLOT_PROBLEM));
    end else if (num >= 16'd64 && num < 16'd84) begin
      num_inst = (num < 16'd80) || (cfg_csvn_i >= 16'd6);
      num_set  = 3'(mf_pkg::SET_CRYPTO_BIT);
      num_slot = 8'(num - 16'd64 + 16'(mf_pkg::SLOT_CRYPTO));
    end else if (num >= 16'd128 && num < 16'(128 + mf_pkg::NSLOT - mf_pkg::SLOT_EXT)) begin
      num_inst = (num - 16'd128) < 16'(cfg_n_ext_i);
      num_set  = 3'(mf_pkg::SET_EXT_BIT);
      num_slot = 8'(num - 16'd128 + 16'(mf_pkg::SLOT_EXT));
    end else if (num == 16'd448 || num == 16'd449) begin
      num_inst = mt_inst;
      num_mt   = 1'b1;
      num_set  = 3'(mf_pkg::SET_MT_BIT);
    end
  end
  assign num_val = num_mt ? (num[0] ? mt_ctr_i[127:64] : mt_ctr_i[63:0]) : ctr_rd_i[63:0];

  // STCCTM: set, counters available and first slot from M3.
  logic [2:0]  stc_set;
  logic        stc_inst;
  logic [7:0]  stc_avail, stc_first;
  logic [15:0] stc_n;
  logic [1:0]  stc_cc;
  logic [7:0]  stc_cnt;

  assign stc_n = r1_q[15:0];

  always_comb begin
    stc_set   = 3'(mf_pkg::SET_BASIC_BIT);
    stc_inst  = 1'b1;
    stc_avail = 8'd6;
    stc_first = 8'(mf_pkg::SLOT_BASIC);
    unique case (m3_q)
      4'd0: begin
        stc_set   = 3'(mf_pkg::SET_EXT_BIT);
        stc_inst  = cfg_n_ext_i != '0;
        stc_avail = cfg_n_ext_i;
        stc_first = 8'(mf_pkg::SLOT_EXT);
      end
      4'd2: begin
        stc_set   = 3'(mf_pkg::SET_PROBLEM_BIT);
        stc_avail = (cfg_cfvn_i == 16'd1) ? 8'd6 : 8'd2;
        stc_first = 8'(mf_pkg::SLOT_PROBLEM);
      end
      4'd3: begin
        stc_set   = 3'(mf_pkg::SET_CRYPTO_BIT);
        stc_avail = (cfg_csvn_i >= 16'd6) ? 8'd20 : 8'd16;
        stc_first = 8'(mf_pkg::SLOT_CRYPTO);
      end
      4'd5, 4'd9: begin
        stc_set   = 3'(mf_pkg::SET_MT_BIT);
        stc_inst  = mt_inst;
        stc_avail = 8'd2;
      end
      default: ;  // M3 = 1 (basic); other values were refused in DECODE
    endcase
    if (stc_n == '0 || !stc_inst || !e_i[stc_set] || (m3_q == 4'd5 && loss_mt_pend_i)) begin
      stc_cc  = 2'd3;
      stc_cnt = '0;
    end else if (stc_n == 16'(stc_avail)) begin
      stc_cc  = 2'd0;
      stc_cnt = stc_avail;
    end else if (stc_n < 16'(stc_avail)) begin
      stc_cc  = 2'd1;
      stc_cnt = 8'(stc_n);
    end else begin
      stc_cc  = 2'd2;
      stc_cnt = stc_avail;
    end
    `MUT_DO(STCCTM_CC12, if (stc_cc != 2'd0 && stc_cc != 2'd3) stc_cc = ~stc_cc;)
  end

  // Coprocessor group named by EPCTR/SPCTR (lowest index wins) and the group
  // of the CPU named by ECPGA.
  logic           grp_found, cpu_found;
  logic [mf_pkg::CGW-1:0] grp_idx;
  logic [15:0]    cpu_grp_addr;

  always_comb begin
    grp_found    = 1'b0;
    grp_idx      = '0;
    cpu_found    = 1'b0;
    cpu_grp_addr = '0;
    for (int g = mf_pkg::NCG - 1; g >= 0; g--) begin
      if (g < 32'(cfg_n_cg_i) && cfg_cg_addr_i[16*g +: 16] == r2_q[23:8]) begin
        grp_found = 1'b1;
        grp_idx   = mf_pkg::CGW'(g);
      end
    end
    for (int i = mf_pkg::NCPU - 1; i >= 0; i--) begin
      if (i < 32'(cfg_n_cpus_i) && cfg_cpu_addr_i[16*i +: 16] == r2_q[15:0]) begin
        cpu_found    = 1'b1;
        cpu_grp_addr = cfg_has_cg_i ?
                       cfg_cg_addr_i[16*cfg_cpu_cg_i[mf_pkg::CGW*i +: mf_pkg::CGW] +: 16] : 16'd0;
      end
    end
  end

  // ---------------------------------------------------------------------------
  // DECODE checks, in architectural priority
  // ---------------------------------------------------------------------------
  logic exc_oper, exc_priv, exc_special, exc_spec;
  mf_pkg::exc_e dec_exc;

  always_comb begin
    unique case (op_q)
      mf_pkg::OP_LPP:                                   exc_oper = !cfg_fac_i[0];
      mf_pkg::OP_LCCTL, mf_pkg::OP_LPCTL, mf_pkg::OP_QCTRI, mf_pkg::OP_ECCTR,
      mf_pkg::OP_EPCTR, mf_pkg::OP_SCCTR, mf_pkg::OP_SPCTR,
      mf_pkg::OP_ECPGA:                                     exc_oper = !cfg_fac_i[1];
      mf_pkg::OP_LSCTL, mf_pkg::OP_QSI:                         exc_oper = !cfg_fac_i[2];
      mf_pkg::OP_STCCTM:                                exc_oper = !cfg_fac_i[3];
      /*verilator coverage_off*/  // every operation has its item above
      default:                                  exc_oper = 1'b1;
      /*verilator coverage_on*/
    endcase
    exc_priv = prob_q && !((op_q == mf_pkg::OP_ECCTR || op_q == mf_pkg::OP_STCCTM) && cr0_15_q);
    `MUT_DO(PRIV_ECCTR, if (op_q == mf_pkg::OP_ECCTR && prob_q) exc_priv = 1'b1;)
    exc_special = (op_q == mf_pkg::OP_STCCTM) && (m3_q == 4'd9) && prob_q;
    unique case (op_q)
      mf_pkg::OP_ECCTR, mf_pkg::OP_SCCTR, mf_pkg::OP_ECPGA: exc_spec = r2_q[63:16] != '0;
      mf_pkg::OP_EPCTR, mf_pkg::OP_SPCTR:           exc_spec = r2_q[63:24] != '0;
      mf_pkg::OP_STCCTM: exc_spec = (r1_q[63:16] != '0) || (addr_q[2:0] != '0) ||
                            !(m3_q <= 4'd3 || m3_q == 4'd5 || m3_q == 4'd9);
      default:                      exc_spec = 1'b0;
    endcase

    if (exc_oper)         dec_exc = mf_pkg::EXC_OPERATION;
    else if (exc_priv)    dec_exc = mf_pkg::EXC_PRIVILEGED;
    else if (exc_special) dec_exc = mf_pkg::EXC_SPECIAL_OP;
    else if (exc_spec)    dec_exc = mf_pkg::EXC_SPECIFICATION;
    else                  dec_exc = mf_pkg::EXC_NONE;
    `MUT_DO(SPEC_PRIO, if (!exc_oper && exc_spec) dec_exc = mf_pkg::EXC_SPECIFICATION;)
  end

  // ---------------------------------------------------------------------------
  // Store data: doubleword k of a store is formed from operand doublewords
  // k-1 and k shifted by the operand's misalignment.
  // ---------------------------------------------------------------------------
  /*verilator coverage_off*/  // branches inside functions are never counted (Verilator 5.006)
  function automatic logic [63:0] store_dw(
    input mf_pkg::op_e         op,
    input logic [8:0]  j,
    input logic [7:0]  cnt,
    input logic [63:0] blk_val,
    input logic [63:0] ctr_val,
    input logic [127:0] mt_ctr,     // counters 448 (63:0) and 449
    input logic        mt_set
  );
    if (op == mf_pkg::OP_QCTRI || op == mf_pkg::OP_QSI) store_dw = blk_val;
    else if (j >= 9'(cnt)) store_dw = '0;
    else if (mt_set) store_dw = j[0] ? mt_ctr[127:64] : mt_ctr[63:0];
    else store_dw = ctr_val;
  endfunction
  /*verilator coverage_on*/

  logic        g_a;
  logic [8:0]  ld_k;
  // Leaving DECODE or EXEC loads the first doubleword, a response the next one.
  assign ld_k = (state_q == mf_pkg::IS_DECODE || state_q == mf_pkg::IS_EXEC) ? 9'd0 : idx_q + 9'd1;

  logic [63:0] qb_dw0, qb_dw1;
  logic [63:0] wr_prev, wr_cur, wr_data;
  logic [7:0]  wr_be, be_first, be_last;
  logic [2:0]  end_off;

  assign g_a    = cfg_has_cg_i & cg_a_i;
  assign qb_dw0 = {cfg_cfvn_i, g_a, 9'b0, a_i, (g_a & g_e_i), 9'b0, e_i, (g_a & g_c_i), 9'b0, c_i};
  always_comb begin
    qb_dw1 = {cfg_max_cpu_addr_i, cfg_csvn_i, cfg_max_cg_addr_i, (g_a & change_i), 15'b0};
    `MUT_DO(QCTRI_CSVN, qb_dw1[47:32] = cfg_cfvn_i;)
  end

  // The executing set (section 22): the level of the EXEC cycle, kept by
  // vm_q for the QSI doublewords stored after it.
  logic        vm;
  logic [1:0]  sx_e, sx_c;
  logic [63:0] sx_tear, sx_dear;

  always_comb begin
    vm      = (state_q == mf_pkg::IS_EXEC) ? level_i == 2'd2 : vm_q;
    vm_d    = vm;
    sx_e    = vm ? sf_e_vm_i : sf_e_i;
    sx_c    = vm ? sf_c_vm_i : sf_c_i;
    sx_tear = vm ? sf_tear_vm_i : sf_tear_i;
    sx_dear = vm ? sf_dear_vm_i : sf_dear_i;
  end

  // QSI block (section 15), formed when each write is loaded.
  logic [63:0] qs_dw0, qs_tear, qs_dear;
  assign qs_dw0 = {14'b0, sf_a_i[mf_pkg::SF_BASIC_BIT], sf_a_i[mf_pkg::SF_DIAG_BIT],
                   6'b0, sx_e[mf_pkg::SF_BASIC_BIT], sx_e[mf_pkg::SF_DIAG_BIT],
                   6'b0, sx_c[mf_pkg::SF_BASIC_BIT], sx_c[mf_pkg::SF_DIAG_BIT],
                   cfg_bsdes_i, cfg_dsdes_i};
  always_comb begin
    qs_tear = sx_tear;
    qs_dear = sx_dear;
    `MUT_DO(SF_QSI_TEAR_DEAR_SWAP, qs_tear = sx_dear; qs_dear = sx_tear;)
  end

  // Doubleword j of the QCTRI or QSI block.
  /*verilator coverage_off*/  // branches inside functions are never counted (Verilator 5.006)
  function automatic logic [63:0] blk_dw(
    input mf_pkg::op_e         op,
    input logic [8:0]  j,
    input logic [63:0] q0,
    input logic [63:0] q1,
    input logic [63:0] s0,
    input logic [63:0] s1,
    input logic [63:0] s2,
    input logic [63:0] s3,
    input logic [63:0] s4,
    input logic [63:0] s5
  );
    if (op == mf_pkg::OP_QCTRI) begin
      if (j == 9'd0) blk_dw = q0;
      else if (j == 9'd1) blk_dw = q1;
      else blk_dw = '0;
    end else begin
      unique case (j)
        9'd0: blk_dw = s0;
        9'd1: blk_dw = s1;
        9'd2: blk_dw = s2;
        9'd3: blk_dw = s3;
        9'd4: blk_dw = s4;
        9'd5: blk_dw = s5;
        default: blk_dw = '0;
      endcase
    end
  endfunction
  /*verilator coverage_on*/

  logic [63:0] blk_prev, blk_cur;
  assign blk_prev = blk_dw(op_q, ld_k - 9'd1, qb_dw0, qb_dw1, qs_dw0, cfg_min_int_i, cfg_max_int_i,
                           qs_tear, qs_dear, {32'b0, cfg_cpu_speed_i});
  assign blk_cur  = blk_dw(op_q, ld_k, qb_dw0, qb_dw1, qs_dw0, cfg_min_int_i, cfg_max_int_i,
                           qs_tear, qs_dear, {32'b0, cfg_cpu_speed_i});

  // Counters of operand doublewords k-1 and k, read here so that only one
  // word goes into store_dw (slots past the operand are never stored).
  logic [63:0] ctr_prev, ctr_cur;
  assign ctr_rd_slot_o = {8'(9'(stc_first) + ld_k), 8'(9'(stc_first) + ld_k - 9'd1), num_slot};
  assign ctr_prev = ctr_rd_i[127:64];
  assign ctr_cur  = ctr_rd_i[191:128];

  always_comb begin
    wr_prev = (ld_k == '0) ? 64'd0 :
              store_dw(op_q, ld_k - 9'd1, cnt_q, blk_prev, ctr_prev, mt_ctr_i,
                       stc_set == 3'(mf_pkg::SET_MT_BIT));
    wr_cur  = store_dw(op_q, ld_k, cnt_q, blk_cur, ctr_cur, mt_ctr_i,
                       stc_set == 3'(mf_pkg::SET_MT_BIT));
    wr_data = 64'({wr_prev, wr_cur} >> {off, 3'b0});
    end_off  = 3'(off + op_len[2:0]);
    be_first = (ld_k == '0) ? (8'hFF >> off) : 8'hFF;
    be_last  = (ld_k != n_dw - 9'd1 || end_off == '0) ? 8'hFF : ~(8'hFF >> end_off);
    `MUT_DO(STORE_BE, if (off != '0 && ld_k == n_dw - 9'd1) be_last = 8'hFF;)
    wr_be = be_first & be_last;
  end

  // ---------------------------------------------------------------------------
  // EXEC decisions
  // ---------------------------------------------------------------------------
  /*verilator coverage_off*/  // functions of the straps alone: constant in a run
  logic [5:0] lc_allowed, lc_sets;
  /*verilator coverage_on*/
  logic [5:0] lc_e, lc_c, lc_ok;
  logic       lc_spec;

  always_comb begin
    // Sets LCCTL changes; MT (CSVN > 3) and reserved (CSVN = 4) bits are
    // accepted but ignored.
    lc_sets    = {2'b0, 3'b111, cfg_n_ext_i != '0};
    lc_allowed = lc_sets;
    lc_allowed[mf_pkg::SET_MT_BIT]   = mt_inst;
    lc_allowed[mf_pkg::SET_RSVD_BIT] = cfg_csvn_i == 16'd4;
    lc_spec = (x & ~{42'b0, lc_allowed, 10'b0, lc_allowed}) != '0;
    lc_e    = x[21:16];
    lc_c    = x[5:0];
    for (int s = 0; s < 6; s++)
      lc_ok[s] = !lc_sets[s] ||
                 ((lc_e[s] || !lc_c[s]) &&
                  (`MUT_SEL(LCCTL_UNAUTH_OK, 1'b1, a_i[s]) || (!lc_e[s] && !lc_c[s])));
  end

  // LSCTL (section 15): X = operand doubleword 0, bit 0 basic, 1 diagnostic.
  logic [1:0] ls_e, ls_c, ls_ok;
  logic       ls_spec, ls_act, ls_int_out, ls_int_bad;

  always_comb begin
    ls_spec    = (x[61:10] != '0) || (x[7:2] != '0);
    ls_e       = {x[8], x[9]};
    ls_c       = {x[0], x[1]};
    ls_act     = (ls_e & ls_c) != '0;
    // The interval is checked only for an authorized function requested
    // active; an unauthorized one requested active is cc 3 whatever the
    // interval (SF-LSCTL-2).
    ls_int_out = x1 < cfg_min_int_i || x1 > cfg_max_int_i;
    ls_int_bad = (sf_a_i & ls_e & ls_c) != '0 && ls_int_out;
    `MUT_DO(SF_LSCTL_ACTIVE_UNCHECKED, if (|(sx_e & sx_c & ls_e & ls_c)) ls_int_bad = 1'b0;)
    `MUT_DO(SF_LSCTL_UNAUTH_CHECKED, ls_int_bad = ls_act && ls_int_out;)
    `MUT_DO(SF_LSCTL_INTERVAL_UNCHECKED, ls_int_bad = 1'b0;)
    for (int f = 0; f < 2; f++)
      ls_ok[f] = (ls_e[f] || !ls_c[f]) &&
                 (`MUT_SEL(LSCTL_UNAUTH_OK, 1'b1, sf_a_i[f]) || (!ls_e[f] && !ls_c[f]));
  end

  // ---------------------------------------------------------------------------
  // FSM and operand engine
  // ---------------------------------------------------------------------------
  logic ld_req, ld_we, req_due;

  always_comb begin
    state_d     = state_q;
    op_d        = op_q;
    m3_d        = m3_q;
    prob_d      = prob_q;
    cr0_15_d    = cr0_15_q;
    r1_d        = r1_q;
    r2_d        = r2_q;
    addr_d      = addr_q;
    cc_d        = cc_q;
    exc_d       = exc_q;
    cnt_d       = cnt_q;
    idx_d       = idx_q;
    fetch_d     = fetch_q;
    ld_req      = 1'b0;
    ld_we       = 1'b0;

    lpp_we_o      = 1'b0;
    lcctl_we_o    = 1'b0;
    lcctl_mask_o  = '0;
    lpctl_we_o    = 1'b0;
    scctr_we_o    = 1'b0;
    spctr_we_o    = 1'b0;
    clr_loss_mt_o = 1'b0;
    lsctl_exec_o  = 1'b0;
    lsctl_we_o    = 1'b0;
    lsctl_load_o  = 1'b0;


    unique case (state_q)
      mf_pkg::IS_IDLE: begin
        if (insn_valid_i && insn_ready_o) begin
          state_d  = mf_pkg::IS_DECODE;
          op_d     = insn_op_i;
          m3_d     = insn_m3_i;
          prob_d   = insn_problem_i;
          cr0_15_d = insn_cr0_15_i;
          r1_d     = insn_r1_i;
          r2_d     = insn_r2_i;
          addr_d   = insn_addr_i;
          cc_d     = '0;
          exc_d    = mf_pkg::EXC_NONE;
          cnt_d    = '0;
          fetch_d  = '0;
        end
      end

      mf_pkg::IS_DECODE: begin
        if (dec_exc != mf_pkg::EXC_NONE) begin
          exc_d   = dec_exc;
          state_d = mf_pkg::IS_RESP;
        end else begin
          unique case (op_q)
            mf_pkg::OP_LPP, mf_pkg::OP_LCCTL, mf_pkg::OP_LPCTL, mf_pkg::OP_LSCTL: begin
              state_d = mf_pkg::IS_FETCH;
              ld_req  = 1'b1;
            end
            mf_pkg::OP_QCTRI, mf_pkg::OP_QSI: begin
              state_d = mf_pkg::IS_PROBE;
              ld_req  = 1'b1;
            end
            mf_pkg::OP_STCCTM: begin
              cc_d    = stc_cc;
              cnt_d   = stc_cnt;
              ld_req  = stc_cnt != '0;
              state_d = (stc_cnt != '0) ? mf_pkg::IS_PROBE : mf_pkg::IS_EXEC;
            end
            default: state_d = mf_pkg::IS_EXEC;
          endcase
        end
      end

      mf_pkg::IS_FETCH, mf_pkg::IS_PROBE: begin
        if (stor_rsp_valid_i) begin
          if (stor_rsp_err_i) begin
            // An exception reports cc 0, even after STCCTM latched its cc.
            exc_d   = mf_pkg::EXC_ACCESS;
            cc_d    = '0;
            state_d = mf_pkg::IS_RESP;
          end else begin
            if (state_q == mf_pkg::IS_FETCH) begin
              unique case (idx_q)
                9'd0:    fetch_d[319:256] = stor_rsp_data_i;
                9'd1:    fetch_d[255:192] = stor_rsp_data_i;
                9'd2:    fetch_d[191:128] = stor_rsp_data_i;
                9'd3:    fetch_d[127:64]  = stor_rsp_data_i;
                9'd4:    fetch_d[63:0]    = stor_rsp_data_i;
                default: ;  // LSCTL bytes 32-63 are ignored
              endcase
            end
            if (idx_q == n_dw - 9'd1) begin
              state_d = mf_pkg::IS_EXEC;
            end else begin
              ld_req = 1'b1;
            end
          end
        end
      end

      mf_pkg::IS_EXEC: begin
        state_d = mf_pkg::IS_RESP;
        unique case (op_q)
          mf_pkg::OP_LPP: begin
            // at the VM level the level below is the LPAR set; at the LPAR
            // level it is the basic machine's (SF-LVL-2)
            lpp_we_o = (sx_e != '0) || (vm ? sf_e_i != '0 : sf_lower_en_i);
          end
          mf_pkg::OP_LSCTL: begin
            if (upd_busy_i) begin
              // waits until the update process is idle
              state_d = mf_pkg::IS_EXEC;
            end else begin
              lsctl_exec_o = 1'b1;
              if (ls_spec || ls_int_bad) begin
                exc_d = mf_pkg::EXC_SPECIFICATION;
              end else if (ls_ok == '1) begin
                lsctl_we_o   = 1'b1;
                lsctl_load_o = ls_act;
              end else begin
                cc_d = 2'd3;
              end
            end
          end
          mf_pkg::OP_LCCTL: begin
            if (lc_spec) begin
              exc_d = mf_pkg::EXC_SPECIFICATION;
            end else if (lc_ok == '1) begin
              lcctl_we_o   = 1'b1;
              lcctl_mask_o = lc_sets;
            end else begin
              cc_d = 2'd3;
              `MUT_DO(LCCTL_PARTIAL, lcctl_we_o = 1'b1; lcctl_mask_o = lc_sets & lc_ok;)
            end
          end
          mf_pkg::OP_LPCTL: begin
            if (x[63:2] != '0) begin
              exc_d = mf_pkg::EXC_SPECIFICATION;
            end else if (!cfg_has_cg_i || `MUT_SEL(LPCTL_C_WITHOUT_E_OK, 1'b0, x[1:0] == 2'b01) ||
                         (!cg_a_i && x[1:0] != 2'b00)) begin
              cc_d = 2'd3;
            end else begin
              lpctl_we_o = cg_a_i;
            end
          end
          mf_pkg::OP_ECCTR, mf_pkg::OP_SCCTR: begin
            if (!num_inst || !e_i[num_set] ||
                (num_mt &&
                 (op_q == mf_pkg::OP_SCCTR ||
                  `MUT_SEL(MT_PENDING_IGNORED, 1'b0, loss_mt_pend_i)))) begin
              cc_d = 2'd3;
            end else if (op_q == mf_pkg::OP_ECCTR) begin
              r1_d = num_val;
              `MUT_DO(ECCTR_INACTIVE_CC3, if (!(a_i[num_set] && c_i[num_set])) begin
                cc_d = 2'd3;
                r1_d = r1_q;
              end)
            end else begin
              scctr_we_o = 1'b1;
            end
          end
          mf_pkg::OP_EPCTR, mf_pkg::OP_SPCTR: begin
            if (!cfg_has_cg_i || !grp_found || r2_q[7:3] != '0 || !cg_a_i || !g_e_i) begin
              cc_d = 2'd3;
            end else if (op_q == mf_pkg::OP_EPCTR) begin
              r1_d = cg_ctr_i[64*(mf_pkg::CG_NCTR*32'(grp_idx) + 32'(r2_q[2:0])) +: 64];
            end else begin
              spctr_we_o = 1'b1;
            end
          end
          mf_pkg::OP_ECPGA: begin
            if (!cpu_found) cc_d = 2'd3;
            else            r1_d = {r1_q[63:32], 8'b0, cpu_grp_addr, 8'b0};
          end
          mf_pkg::OP_QCTRI, mf_pkg::OP_QSI: begin
            state_d = mf_pkg::IS_STORE;
            ld_req  = 1'b1;
            ld_we   = 1'b1;
          end
          mf_pkg::OP_STCCTM: begin
            clr_loss_mt_o = m3_q == 4'd9;
            if (cnt_q != '0) begin
              state_d = mf_pkg::IS_STORE;
              ld_req  = 1'b1;
              ld_we   = 1'b1;
            end
          end
          /*verilator coverage_off*/  // every operation has its item above
          default: ;
          /*verilator coverage_on*/
        endcase
      end

      mf_pkg::IS_STORE: begin
        if (`MUT_SEL(STORE_AT_ACCEPT, stor_req_valid_o && stor_req_ready_i, stor_rsp_valid_i)) begin
          if (idx_q == n_dw - 9'd1) begin
            state_d = mf_pkg::IS_RESP;
          end else begin
            ld_req = 1'b1;
            ld_we  = 1'b1;
          end
        end
      end

      mf_pkg::IS_RESP: begin
        state_d = mf_pkg::IS_IDLE;
        `MUT_DO(RESP_LATE, if (!late_q) state_d = mf_pkg::IS_RESP;)
        `MUT_DO(INSN_STATE_UNUSED, state_d = mf_pkg::IS_RESP; state_d[0] = 1'b1;)
      end

      /*verilator coverage_off*/  // no other encoding is ever loaded
      default: state_d = mf_pkg::IS_IDLE;
      /*verilator coverage_on*/
    endcase

    if (ld_req) begin
      idx_d       = ld_k;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q     <= mf_pkg::IS_IDLE;
      op_q        <= mf_pkg::OP_LPP;
      m3_q        <= '0;
      prob_q      <= 1'b0;
      cr0_15_q    <= 1'b0;
      r1_q        <= '0;
      r2_q        <= '0;
      addr_q      <= '0;
      cc_q        <= '0;
      exc_q       <= mf_pkg::EXC_NONE;
      cnt_q       <= '0;
      idx_q       <= '0;
      fetch_q     <= '0;
      vm_q        <= 1'b0;
    end else begin
      state_q     <= state_d;
      op_q        <= op_d;
      m3_q        <= m3_d;
      prob_q      <= prob_d;
      cr0_15_q    <= cr0_15_d;
      r1_q        <= r1_d;
      r2_q        <= r2_d;
      addr_q      <= addr_d;
      cc_q        <= cc_d;
      exc_q       <= exc_d;
      cnt_q       <= cnt_d;
      idx_q       <= idx_d;
      fetch_q     <= fetch_d;
      vm_q        <= vm_d;
    end
  end

  // RESP_LATE answers in a second cycle of RESP: late_q marks it.
  `MUT_ONLY(logic late_q;)
  `MUT_ONLY(always_ff @(posedge clk_i) late_q <= rst_ni && state_q == mf_pkg::IS_RESP && !late_q;)

  // ---------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------
  logic resp;
  assign resp = `MUT_SEL(RESP_LATE, state_q == mf_pkg::IS_RESP && late_q,
                         state_q == mf_pkg::IS_RESP);

  assign insn_ready_o     = (state_q == mf_pkg::IS_IDLE) && !stopped_i && installed_i;
  assign insn_done_o      = resp;
  assign insn_cc_o        = resp ? cc_q : 2'd0;
  assign insn_exc_o       = resp ? exc_q : mf_pkg::EXC_NONE;
  assign insn_r1_o        = resp ? r1_q : 64'd0;
  assign state_o          = state_q;

  mf_stor_req u_req (
    .clk_i,
    .rst_ni,
    .ld_i       (ld_req),
    .ld_we_i    (ld_we),
    .ld_op_i    (mf_pkg::STOR_OP_PLAIN),
    .ld_be_i    (wr_be),
    .ld_addr_i  ({addr_q[63:3], 3'b0} + {52'b0, ld_k, 3'b0}),
    .ld_wdata_i (wr_data),
    .ready_i    (stor_req_ready_i),
    .rsp_valid_i(stor_rsp_valid_i),
    .valid_o    (stor_req_valid_o),
    .we_o       (stor_req_we_o),
    .op_o       (stor_req_op_o),
    .be_o       (stor_req_be_o),
    .addr_o     (stor_req_addr_o),
    .wdata_o    (stor_req_wdata_o),
    .due_o      (req_due)
  );
  // The storage port (docs/uarch.md section 4): a response answers this
  // unit's accepted request, one cycle after its acceptance at the earliest.
  `ASSUME(RspToAccepted_M, !stor_rsp_valid_i || req_due)

  assign operand_o    = x;
  assign lcctl_e_o    = lc_e;
  assign lcctl_c_o    = lc_c;
  assign lpctl_ec_o   = x[1:0];
  assign scctr_slot_o = num_slot;
  assign spctr_grp_o  = grp_idx;
  assign spctr_ctr_o  = r2_q[2:0];
  assign wr_data_o    = r1_q;

  assign lsctl_e_o        = ls_e;
  assign lsctl_c_o        = ls_c;
  assign lsctl_s_o        = x[63];
  assign lsctl_h_o        = x[62];
  assign lsctl_interval_o = x1;
  assign lsctl_tear_o     = x2;
  assign lsctl_dear_o     = x3;

  // The instruction unit's FSM in a state of its encoding (docs/uarch.md section 5).
  `ASSERT(StateLegal_A, state_q <= mf_pkg::IS_RESP)
  // What the state units take as given (their ASSUMEs): an LCCTL, LSCTL or
  // LPCTL takes effect only with controls that make valid transitions
  // (CF-LCCTL-3, SF-LSCTL-2, CF-LPCTL-1), and an LSCTL that activates loads an
  // interval within [minimum, maximum] (SF-LSCTL-2).
  `ASSERT(LcctlValid_A, !lcctl_we_o ||
                        (lcctl_mask_o[mf_pkg::SET_RSVD_BIT] == 1'b0 &&
                         lcctl_mask_o[mf_pkg::SET_MT_BIT] == 1'b0 &&
                         ((lcctl_e_o | ~lcctl_c_o) & (a_i | ~(lcctl_e_o | lcctl_c_o)) |
                          ~lcctl_mask_o) == '1))
  `ASSERT(LsctlValid_A, !lsctl_we_o ||
                        ((lsctl_e_o | ~lsctl_c_o) & (sf_a_i | ~(lsctl_e_o | lsctl_c_o))) == '1)
  `ASSERT(LpctlValid_A, !lpctl_we_o || lpctl_ec_o != 2'b01)
  `ASSERT(LsctlIntervalRange_A, !lsctl_load_o ||
                                (lsctl_interval_o >= cfg_min_int_i &&
                                 lsctl_interval_o <= cfg_max_int_i))

  // Functional coverage: an LCCTL refused with cc 3; an instruction ending in
  // a program exception.
  `COVER(LcctlRefused_C, state_q == mf_pkg::IS_EXEC && op_q == mf_pkg::OP_LCCTL && cc_d == 2'd3)
  `COVER(Exception_C, state_q == mf_pkg::IS_EXEC && exc_d != mf_pkg::EXC_NONE)

endmodule
