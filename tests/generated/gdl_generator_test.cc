// The random game generator (gdl_generator.h): deterministic for a seed, valid GDL by
// construction (no validation error or warning), well formed (every playout ends within
// the step limit and no role is ever without a legal move), and covering the features
// it promises.

#include "tests/generated/gdl_generator.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "reasoner/gdl/description.h"
#include "reasoner/gdl/validate.h"
#include "reasoner/prover/prover_machine.h"

namespace ggp::testing {
namespace {

constexpr uint64_t kSeeds = 200;

TEST(GdlGeneratorTest, SameSeedSameGameOtherSeedOtherGame) {
  std::set<std::string> distinct;
  for (uint64_t seed = 0; seed < kSeeds; ++seed) {
    const GeneratedGame a = GenerateGame(seed);
    const GeneratedGame b = GenerateGame(seed);
    EXPECT_EQ(a.kif, b.kif) << "seed " << seed;
    EXPECT_EQ(a.features, b.features) << "seed " << seed;
    EXPECT_EQ(a.seed, seed);
    distinct.insert(a.kif);
  }
  EXPECT_EQ(distinct.size(), kSeeds);
}

// The only warning allowed: negation stratified by arguments, in the games that use it.
TEST(GdlGeneratorTest, GamesAreValidWithoutWarnings) {
  int stratified_by_arguments = 0;
  for (uint64_t seed = 0; seed < kSeeds; ++seed) {
    const GeneratedGame game = GenerateGame(seed);
    const gdl::ValidationReport report = gdl::ValidateText(game.kif);
    const bool local = game.features.count("local-stratification") > 0;
    std::string findings;
    for (const gdl::Finding& f : report.findings) {
      if (local && f.severity == gdl::Severity::kWarning && f.check == "stratification") continue;
      findings += std::string(gdl::SeverityName(f.severity)) + " " + f.check + ": " +
                  kif::FormatDiagnostic(f.diagnostic) + "\n";
    }
    EXPECT_TRUE(findings.empty()) << "seed " << seed << ":\n" << findings << game.kif;
    stratified_by_arguments += report.Has(gdl::Severity::kWarning, "stratification") ? 1 : 0;
  }
  EXPECT_GT(stratified_by_arguments, 0);
}

TEST(GdlGeneratorTest, EveryPlayoutEndsAndEveryRoleCanMove) {
  for (uint64_t seed = 0; seed < kSeeds; ++seed) {
    const GeneratedGame game = GenerateGame(seed);
    auto symbols = std::make_shared<kif::SymbolTable>();
    gdl::Description d;
    std::vector<kif::Diagnostic> errors;
    ASSERT_TRUE(gdl::ParseDescription(game.kif, symbols, &d, &errors)) << "seed " << seed;
    ASSERT_EQ(static_cast<int>(d.roles.size()), game.roles) << "seed " << seed;
    std::string error;
    auto prover = reasoner::ProverMachine::Build(d, &error);
    ASSERT_TRUE(prover) << "seed " << seed << ": " << error;
    auto ws = prover->NewWorkspace();
    reasoner::State start, end;
    prover->InitialState(&start);
    for (uint64_t p = 0; p < 3; ++p) {
      reasoner::Rng rng(seed * 3 + p);
      const reasoner::PlayoutResult r =
          prover->RandomPlayout(start, game.step_limit + 1, rng, *ws, &end, nullptr, nullptr);
      EXPECT_FALSE(r.stuck) << "seed " << seed << "\n" << game.kif;
      EXPECT_TRUE(r.terminal) << "seed " << seed << "\n" << game.kif;
      EXPECT_LE(r.steps, game.step_limit) << "seed " << seed;
    }
  }
}

TEST(GdlGeneratorTest, CoversTheFeatures) {
  std::map<std::string, int> games_with;
  std::set<int> role_counts;
  for (uint64_t seed = 0; seed < kSeeds; ++seed) {
    const GeneratedGame game = GenerateGame(seed);
    for (const std::string& f : game.features) ++games_with[f];
    role_counts.insert(game.roles);
  }
  for (const char* feature : {"negation",
                              "distinct",
                              "or",
                              "or-binds",
                              "static-recursion",
                              "view-recursion",
                              "mutual-recursion",
                              "turns",
                              "simultaneous",
                              "noop-only-role",
                              "complementary-fallback",
                              "nested-functions",
                              "peano-counter",
                              "zero-arity",
                              "terminal-at-start",
                              "facts-and-rules",
                              "duplicate-rule",
                              "unused-relation",
                              "does-view",
                              "goal-table",
                              "keyword-facts",
                              "base",
                              "input",
                              "upper-case",
                              "shuffled",
                              "name-clash",
                              "double-negation",
                              "local-stratification"}) {
    EXPECT_GT(games_with[feature], 0) << "no game of " << kSeeds << " uses " << feature;
  }
  EXPECT_EQ(role_counts, (std::set<int>{1, 2, 3, 4}));
}

}  // namespace
}  // namespace ggp::testing
