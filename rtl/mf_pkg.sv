// SPDX-License-Identifier: Apache-2.0
// Shared parameters, encodings and port bundles of the CPU-measurement facility.
// The constants the C model shares and the packed structs of the ports come
// from the model's tables (cmodel/include/cpumf/cpumf_*.def) through
// tools/gen: mf_pkg_gen.svh.
package mf_pkg;

  `include "mf_pkg_gen.svh"

  // Width of a group index.
  parameter int CGW = (NCG > 1) ? $clog2(NCG) : 1;

  // What the CPUs give the global unit in a cycle (mf_cpu to cf_global): their
  // instruction effects and activity, one flat vector per field, CPU i at
  // element i (a field of W bits at bits W*i). Each mf_cpu drives its own
  // elements and leaves the others zero; mf_system ORs them. Flat vectors in
  // one struct: Yosys 0.23 reads an array of a struct type wrongly, two
  // indices into a struct member beyond its bounds, and no member of a struct
  // declared in a generate block.
  typedef struct packed {
    logic [NCPU-1:0]      lpctl_we;    // LPCTL in EXEC: the global E and C take lpctl_ec
    logic [2*NCPU-1:0]    lpctl_ec;
    logic [NCPU-1:0]      spctr_we;    // SPCTR in EXEC: a group counter takes spctr_data
    logic [CGW*NCPU-1:0]  spctr_grp;
    logic [3*NCPU-1:0]    spctr_ctr;
    logic [64*NCPU-1:0]   spctr_data;
    logic [NCPU-1:0]      mt_active;   // the MT set is active in this cycle's registers
    logic [NCPU-1:0]      mt_e_next;   // the MT set is enabled in the next state
    logic [3*NCPU-1:0]    reset;       // the CPU's inputs: reset (reset_e)
    logic [NCPU-1:0]      stopped;
    logic [NCPU-1:0]      wait_st;
    logic [5*NCPU-1:0]    cr_fn;       // crypto activity of the engines
    logic [5*NCPU-1:0]    cr_busy;
    logic [5*NCPU-1:0]    cr_bfn;
    logic [5*NCPU-1:0]    cr_bcyc;
  } greq_t;

`ifdef VERILATOR
  // A failed assertion of rtl/mf_assert.svh, by its hierarchical name: the
  // lockstep's shim implements it (Yosys reads no DPI and never sees it).
  import "DPI-C" function void mf_assert_failed(input string path);
`endif

endpackage
