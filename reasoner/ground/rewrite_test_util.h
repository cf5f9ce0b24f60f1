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

// Builds the propnet of `text` with `options`, expects its grounding to be the rewritten
// one, and verifies it against the prover on random playouts (goals in every state).
inline void ExpectRewrittenPropnetAgreesWithProver(const std::string& text,
                                                   const GroundOptions& options, int playouts) {
  gdl::Description raw;
  std::vector<kif::Diagnostic> errors;
  ASSERT_TRUE(gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &raw, &errors));
  propnet::PropnetOptions po;
  po.ground = options;
  propnet::PropnetBuild net = propnet::PropnetMachine::Build(raw, po);
  ASSERT_NE(net.machine, nullptr) << net.error;
  EXPECT_TRUE(net.stats.ground.projected);
  std::string error;
  std::shared_ptr<const StateMachine> prover = ProverMachine::Build(raw, &error);
  ASSERT_NE(prover, nullptr) << error;
  VerifyOptions vo;
  vo.playouts = playouts;
  vo.goals_everywhere = true;
  EXPECT_EQ(VerifyAgainst(*prover, *net.machine, vo), std::nullopt);
}

}  // namespace ggp::reasoner::ground::testing
