// Shared parameters, encodings and port bundles of the CPU-measurement facility.
// The constants the C model shares and the packed structs of the ports come
// from the model's tables (cmodel/include/cpumf/cpumf_*.def) through
// tools/gen: mf_pkg_gen.svh.
package mf_pkg;

  `include "mf_pkg_gen.svh"

  // Width of a group index.
  parameter int CGW = (NCG > 1) ? $clog2(NCG) : 1;

  // What one CPU asks of the global unit in a cycle (mf_cpu to cf_global).
  typedef struct packed {
    logic           lpctl_we;    // LPCTL in EXEC: the global E and C take lpctl_ec
    logic [1:0]     lpctl_ec;
    logic           spctr_we;    // SPCTR in EXEC: a group counter takes spctr_data
    logic [CGW-1:0] spctr_grp;
    logic [2:0]     spctr_ctr;
    logic [63:0]    spctr_data;
    logic           mt_active;   // the MT set is active in this cycle's registers
    logic           mt_e_next;   // the MT set is enabled in the next state
  } cpu_greq_t;

endpackage
