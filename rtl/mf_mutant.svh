// SPDX-License-Identifier: Apache-2.0
// RTL mutants: deliberate faults that prove the lockstep comparison can fail
// (the registry is tests/mutants/mutants.md). A site is one macro line:
//
//   `MUT_DO(NAME, STMT)         STMT runs after the good code when mutant NAME
//                               is selected (a procedural statement)
//   `MUT_SEL(NAME, BAD, GOOD)   BAD when mutant NAME is selected, else GOOD
//                               (an expression)
//   `MUT_ONLY(ITEM)             a module item (state of its own) that only the
//                               mutant build has
//
// Only the mutant build defines MF_MUTANTS and compiles mf_mutant_pkg, which
// is generated from the registry: one flag per mutant, set once from the
// plusarg +MUTANT_<NAME>. Every other build expands the macros to nothing or
// to GOOD, so it holds no trace of the mutants (nor any line coverage can
// miss).
`ifndef MF_MUTANT_SVH
`define MF_MUTANT_SVH

`ifdef MF_MUTANTS
`define MUT_DO(NAME, STMT) if (mf_mutant_pkg::NAME) begin STMT end
`define MUT_SEL(NAME, BAD, GOOD) (mf_mutant_pkg::NAME ? (BAD) : (GOOD))
`define MUT_ONLY(ITEM) ITEM
`else
`define MUT_DO(NAME, STMT)
`define MUT_SEL(NAME, BAD, GOOD) (GOOD)
`define MUT_ONLY(ITEM)
`endif

`endif
