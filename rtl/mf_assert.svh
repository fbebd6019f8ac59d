// SPDX-License-Identifier: Apache-2.0
// Assertion macros, in the manner of lowRISC's prim_assert.svh: a unit states
// its invariants in place, one line each, named NAME_A (an assertion), NAME_M
// (an assumption about the unit's inputs: the port protocol the rest of the
// design or the bench keeps) or NAME_C (a cover point); the comment before it
// names the requirement it guards (docs/requirements.md).
//
//   `ASSERT(NAME, PROP)   PROP holds at every rising edge of clk_i
//   `ASSUME(NAME, PROP)   PROP holds at every rising edge of clk_i: checked like
//                         an assertion in simulation, taken as given by a proof
//   `ASSUME_FPV(NAME, PROP)  an assumption for the proofs only (lowRISC's name):
//                         for a promise that a proof shows the neighbour keeps,
//                         or that the simulation checks elsewhere at less cost
//                         (the comment before it says which)
//   `COVER(NAME, PROP)    PROP is reached: a point of the RTL's functional
//                         coverage, counted by the coverage build
//                         (--coverage-user) and reached by yosys-smtbmc -c
//
// PROP is checked on the values the cycle ends with (the registers and inputs
// the edge reads), never in a cycle with rst_ni low. The unit's clock and reset
// are clk_i and rst_ni. The same lines serve three readers:
// - Verilator (the lockstep builds take --assert): an immediate assertion that
//   hands its hierarchical name (%m ends with NAME) to the bench's
//   mf_pkg::mf_assert_failed (tb/lockstep/rtl_shim.cpp), which reports each
//   assertion's first failure with its cycle and fails the run; a cover
//   property, which only a build with --coverage-user counts (in coverage.dat,
//   under its hierarchical name; being no statement, it adds no line point);
// - Yosys with -formal (FORMAL): immediate assert, assume and cover for
//   yosys-smtbmc;
// - Yosys in synthesis (SYNTHESIS): nothing.
`ifndef MF_ASSERT_SVH
`define MF_ASSERT_SVH

// Yosys defines FORMAL when it reads with -formal, SYNTHESIS otherwise.
`ifdef FORMAL
`define ASSERT(NAME, PROP) always @(posedge clk_i) if (rst_ni) NAME: assert (PROP);
`define ASSUME(NAME, PROP) always @(posedge clk_i) if (rst_ni) NAME: assume (PROP);
`define COVER(NAME, PROP) always @(posedge clk_i) if (rst_ni) NAME: cover (PROP);
`define ASSUME_FPV(NAME, PROP) `ASSUME(NAME, PROP)
`elsif SYNTHESIS
`define ASSERT(NAME, PROP)
`define ASSUME(NAME, PROP)
`define COVER(NAME, PROP)
`define ASSUME_FPV(NAME, PROP)
`else
`define ASSERT(NAME, PROP) \
  always_ff @(posedge clk_i) if (rst_ni) NAME: assert (PROP) else \
    mf_pkg::mf_assert_failed($sformatf("%m"));
`define ASSUME(NAME, PROP) `ASSERT(NAME, PROP)
`define COVER(NAME, PROP) NAME: cover property (@(posedge clk_i) rst_ni && (PROP));
`define ASSUME_FPV(NAME, PROP)
`endif

`endif
