// Shared parameters and encodings of the CPU-measurement counter facility.
package mf_pkg;

  // Size of the one Verilated build; model and system values come from straps.
  parameter int NCPU  = 4;
  parameter int NCG   = 2;
  parameter int NSLOT = 192;
  // Counters per coprocessor-group set.
  parameter int NCGCTR = 8;
  // Width of a group index.
  parameter int CGW = (NCG > 1) ? $clog2(NCG) : 1;

  // Slot bases of the per-CPU counter array.
  parameter int SLOT_BASIC   = 0;
  parameter int SLOT_PROBLEM = 6;
  parameter int SLOT_CRYPTO  = 12;
  parameter int SLOT_EXT     = 32;

  typedef enum logic [3:0] {
    OP_LPP    = 4'd0,
    OP_LCCTL  = 4'd1,
    OP_LPCTL  = 4'd2,
    OP_LSCTL  = 4'd3,
    OP_QCTRI  = 4'd4,
    OP_QSI    = 4'd5,
    OP_ECCTR  = 4'd6,
    OP_EPCTR  = 4'd7,
    OP_SCCTR  = 4'd8,
    OP_SPCTR  = 4'd9,
    OP_ECPGA  = 4'd10,
    OP_STCCTM = 4'd11
  } op_e;

  typedef enum logic [2:0] {
    IS_IDLE   = 3'd0,
    IS_DECODE = 3'd1,
    IS_FETCH  = 3'd2,
    IS_PROBE  = 3'd3,
    IS_EXEC   = 3'd4,
    IS_STORE  = 3'd5,
    IS_RESP   = 3'd6
  } insn_state_e;

  typedef enum logic [2:0] {
    RST_NONE     = 3'd0,
    RST_CPU      = 3'd1,
    RST_INITIAL  = 3'd2,
    RST_CLEAR    = 3'd3,
    RST_POWER_ON = 3'd4
  } reset_e;

  typedef enum logic [7:0] {
    EXC_NONE      = 8'h00,
    EXC_OPERATION = 8'h01,
    EXC_PRIV      = 8'h02,
    EXC_ACCESS    = 8'h05,
    EXC_SPEC      = 8'h06,
    EXC_SPECIAL   = 8'h13
  } exc_e;

  // Sample-data-block update process (uarch.md section 19).
  typedef enum logic [3:0] {
    US_IDLE     = 4'd0,
    US_RD_TRL   = 4'd1,
    US_RD_OVF   = 4'd2,
    US_WR_OVF   = 4'd3,
    US_WR_ENT   = 4'd4,
    US_WR_TRL   = 4'd5,
    US_WR_TS    = 4'd6,
    US_RD_SDBT  = 4'd7,
    US_RD_SDBT2 = 4'd8
  } upd_state_e;

  // Storage-port owner (uarch.md section 18).
  typedef enum logic [1:0] {
    ARB_NONE = 2'd0,
    ARB_INSN = 2'd1,
    ARB_UPD  = 2'd2
  } arb_e;

  // Sample-interval modes (strap cfg_int_mode_i).
  localparam logic [1:0] INT_EXACT      = 2'd0;
  localparam logic [1:0] INT_RANDOM     = 2'd1;
  localparam logic [1:0] INT_RANDOM_SEC = 2'd2;

  // Sampling-function bits (QSI/observation layout).
  localparam int SF_BASIC = 0;
  localparam int SF_DIAG  = 1;

  // Galois LFSR of the sample interval (x^32 + x^22 + x^2 + x + 1).
  localparam logic [31:0] LFSR_MASK = 32'h8020_0003;

  // Counter-set bits, LCCTL operand layout.
  localparam int SET_EXT     = 0;
  localparam int SET_BASIC   = 1;
  localparam int SET_PROBLEM = 2;
  localparam int SET_CRYPTO  = 3;
  localparam int SET_RSVD    = 4;
  localparam int SET_MT      = 5;
  // Authorization pulses carry the group bit above the six set bits.
  localparam int AUTH_CG     = 6;
  // Every CPU set except MT: the sets loss-of-data, resets and alert 25 concern.
  localparam logic [5:0] SETS_NON_MT = 6'h1F;

  // Alert-parameter bits (code numbering: architecture bit b is code bit 31-b).
  localparam logic [31:0] AL_INV_ADDR    = 32'h8000_0000;  // bit 0
  localparam logic [31:0] AL_INV_SDBT    = 32'h4000_0000;  // bit 1
  localparam logic [31:0] AL_PROG_REQ    = 32'h2000_0000;  // bit 2
  localparam logic [31:0] AL_SF_AUTH     = 32'h0080_0000;  // bit 8
  localparam logic [31:0] AL_LOSS_SAMPLE = 32'h0040_0000;  // bit 9
  localparam logic [31:0] AL_SF_BITS     = 32'hE040_0000;  // bits 0, 1, 2, 9 (AL-3)
  localparam logic [31:0] AL_LOSS_MT     = 32'h0000_8000;  // bit 16
  localparam logic [31:0] AL_AUTH_CHG    = 32'h0000_0080;  // bit 24
  localparam logic [31:0] AL_LOSS_CPU    = 32'h0000_0040;  // bit 25

endpackage
