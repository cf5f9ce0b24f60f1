#pragma once
// Helpers of the rewrite tests (projection, decomposition): parse a game and print its
// rules, and check that the propnet of a rewritten grounding plays as the prover does.

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "reasoner/factory/verify.h"
#include "reasoner/gdl/normalize.h"
#include "reasoner/ground/grounder.h"
#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/prover/prover_machine.h"

namespace ggp::reasoner::ground::testing {

// `text` parsed and normalised (a parse error fails the calling test).
inline gdl::Description Parse(const std::string& text) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors));
  return gdl::Normalize(d);
}

// Each rule of `d` in canonical KIF, in order.
inline std::vector<std::string> Rules(const gdl::Description& d) {
  std::vector<std::string> out;
  for (const gdl::Rule& r : d.rules) out.push_back(gdl::ToString(r, *d.symbols));
  return out;
}

// `slots` slots (2 or more), each set once to a number below n; the goal asks whether their
// sum modulo n is 7, in one rule over all the values: n^slots instances as written, each
// with a `true` literal per slot; decomposed, a chain of n^2-sized steps. The goal reads
// every total (and then keeps 7), so that demand restriction (demand.h) leaves the sum
// whole for the rewrite to shrink.
inline std::string ModularSumGame(int slots, int n) {
  std::string text = "(role a)\n(init (step 0))\n";
  for (int s = 1; s <= slots; ++s) {
    text += "(slot s" + std::to_string(s) + ") (succ " + std::to_string(s - 1) + " " +
            std::to_string(s) + ")\n";
  }
  text += R"(
(<= (legal a (put ?s ?v)) (slot ?s) (d ?v) (not (true (filled ?s))))
(<= (next (val ?s ?v)) (does a (put ?s ?v)))
(<= (next (val ?s ?v)) (true (val ?s ?v)))
(<= (next (filled ?s)) (does a (put ?s ?v)))
(<= (next (filled ?s)) (true (filled ?s)))
(<= (next (step ?b)) (true (step ?a)) (succ ?a ?b))
(<= (goal a 100) (total ?t) (lucky ?t))
(<= (goal a 0) (not (total 7)))
(lucky 7)
)";
  text += "(<= terminal (true (step " + std::to_string(slots) + ")))\n";
  // (<= (total ?t) (true (val s1 ?v1)) (true (val s2 ?v2)) (plus ?v1 ?v2 ?c2) ...)
  text += "(<= (total ?t) (true (val s1 ?v1))";
  std::string sum = "?v1";
  for (int s = 2; s <= slots; ++s) {
    const std::string v = "?v" + std::to_string(s);
    const std::string c = s == slots ? "?t" : "?c" + std::to_string(s);
    text +=
        " (true (val s" + std::to_string(s) + " " + v + ")) (plus " + sum + " " + v + " " + c + ")";
    sum = c;
  }
  text += ")\n";
  for (int x = 0; x < n; ++x) {
    text += "(d " + std::to_string(x) + ")\n";
    for (int y = 0; y < n; ++y) {
      text += "(plus " + std::to_string(x) + " " + std::to_string(y) + " " +
              std::to_string((x + y) % n) + ")\n";
    }
  }
  return text;
}

// Builds the propnet of `text` with `options` and verifies it against the prover on
// random playouts (goals in every state); `stats`, if given, receives its grounding's.
inline void ExpectPropnetAgreesWithProver(const std::string& text,
                                          const propnet::PropnetOptions& options, int playouts,
                                          GroundStats* stats = nullptr) {
  gdl::Description raw;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &raw, &errors));
  propnet::PropnetBuild net = propnet::PropnetMachine::Build(raw, options);
  ASSERT_NE(net.machine, nullptr) << net.error;
  if (stats != nullptr) *stats = net.stats.ground;
  std::string error;
  std::shared_ptr<const StateMachine> prover = ProverMachine::Build(raw, &error);
  ASSERT_NE(prover, nullptr) << error;
  VerifyOptions vo;
  vo.playouts = playouts;
  vo.goals_everywhere = true;
  EXPECT_EQ(VerifyAgainst(*prover, *net.machine, vo), std::nullopt);
}

// As above with `options` for the grounding, expecting it to be the rewritten one.
inline void ExpectRewrittenPropnetAgreesWithProver(const std::string& text,
                                                   const GroundOptions& options, int playouts) {
  propnet::PropnetOptions po;
  po.ground = options;
  GroundStats stats;
  ExpectPropnetAgreesWithProver(text, po, playouts, &stats);
  EXPECT_TRUE(stats.projected);
}

}  // namespace ggp::reasoner::ground::testing
