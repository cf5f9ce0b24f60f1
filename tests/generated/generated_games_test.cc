// The generated-game differential suite (label conformance): thousands of random games
// from gdl_generator.h, each checked by generated_game_check.h (valid, well formed, and
// the propnet agreeing with the prover on states, legal sets, terminal flags and goals
// along random playouts; on every fifth seed also the prover agreeing with the naive
// model of naive_model.h). A failure prints the seed, what differs and the rules.
//
// Reproduce one seed (prints the rules; also writes them to $GGP_GEN_KIF if set, e.g.
// for `ggp-agent check`):
//   GGP_GEN_SEED=1234 build/release/tests/generated/generated_games_test
//       --gtest_filter=GeneratedGames.OneSeed       (one command line)
// Check a hand-written or minimised game file the same way (step limit $GGP_GEN_STEPS):
//   GGP_GEN_INPUT=game.kif build/release/tests/generated/generated_games_test
//       --gtest_filter=GeneratedGames.OneSeed       (one command line)
// Run a long range locally (here 50,000 seeds from 100,000; prints a tally; the naive
// model on every seed with GGP_GEN_NAIVE=1, on none with GGP_GEN_NAIVE=0):
//   GGP_GEN_RANGE=100000:50000 build/release/tests/generated/generated_games_test
//       --gtest_filter=GeneratedGames.OneSeed       (one command line)

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

#include "tests/generated/gdl_generator.h"
#include "tests/generated/generated_game_check.h"

namespace ggp::testing {
namespace {

constexpr int kShards = 4;
constexpr uint64_t kSeedsPerShard = 1250;
constexpr int kPrintedFailures = 3;  // full reports per run; the rest are counted

struct Tally {
  std::array<uint64_t, kGameStatusCount> count{};  // by GameStatus
  uint64_t games = 0;
  uint64_t steps = 0;
  uint64_t warnings = 0;

  uint64_t of(GameStatus s) const { return count[static_cast<size_t>(s)]; }
  uint64_t failures() const {
    return games - of(GameStatus::kAgree) - of(GameStatus::kPropnetBudget);
  }
  std::string Summary() const {
    std::string s =
        std::to_string(games) + " games, " + std::to_string(steps) + " states compared:";
    for (size_t i = 0; i < count.size(); ++i) {
      if (count[i] > 0) {
        s += " " + std::string(GameStatusName(static_cast<GameStatus>(i))) + " " +
             std::to_string(count[i]);
      }
    }
    return s;
  }
};

// Playouts compared with the naive model for `seed`: $GGP_GEN_NAIVE for every seed if
// set, else one for every kNaiveEvery-th seed (the naive model is slow).
constexpr uint64_t kNaiveEvery = 5;
int NaivePlayouts(uint64_t seed) {
  if (const char* n = std::getenv("GGP_GEN_NAIVE")) return std::atoi(n);
  return seed % kNaiveEvery == 0 ? 1 : 0;
}

// Checks seeds [first, first + count); reports the first failures in full.
Tally RunSeeds(uint64_t first, uint64_t count) {
  Tally tally;
  int printed = 0;
  for (uint64_t seed = first; seed < first + count; ++seed) {
    const GeneratedGame game = GenerateGame(seed);
    GameCheckOptions options;
    options.seed = seed;
    options.naive_playouts = NaivePlayouts(seed);
    const GameCheck check = CheckGame(game, options);
    ++tally.games;
    ++tally.count[static_cast<size_t>(check.status)];
    tally.steps += static_cast<uint64_t>(check.steps);
    tally.warnings += check.warnings;
    if (count >= 5000 && (seed - first + 1) % 1000 == 0) {
      std::cout << "seeds " << first << ".." << seed << ": " << tally.Summary() << std::endl;
    }
    if (check.status == GameStatus::kAgree || check.status == GameStatus::kPropnetBudget) continue;
    if (printed++ < kPrintedFailures) {
      ADD_FAILURE() << DescribeFailure(game, check);
    } else {
      ADD_FAILURE() << "seed " << seed << ": " << GameStatusName(check.status) << ": "
                    << check.detail;
    }
  }
  return tally;
}

void ExpectHealthy(const Tally& tally) {
  EXPECT_EQ(tally.failures(), 0u) << tally.Summary();
  // Generated games are small: nearly every propnet builds within its budget.
  EXPECT_LE(tally.of(GameStatus::kPropnetBudget) * 100, tally.games) << tally.Summary();
  // Most games are compared over several states (a game may end where it starts).
  EXPECT_GE(tally.steps, 2 * tally.games) << tally.Summary();
}

class GeneratedGamesShard : public ::testing::TestWithParam<int> {};

TEST_P(GeneratedGamesShard, PropnetAgreesWithProver) {
  const uint64_t first = static_cast<uint64_t>(GetParam()) * kSeedsPerShard;
  const Tally tally = RunSeeds(first, kSeedsPerShard);
  EXPECT_EQ(tally.games, kSeedsPerShard);
  ExpectHealthy(tally);
  std::cout << "seeds " << first << ".." << first + kSeedsPerShard - 1 << ": " << tally.Summary()
            << "\n";
}

INSTANTIATE_TEST_SUITE_P(Seeds, GeneratedGamesShard, ::testing::Range(0, kShards));

// One seed ($GGP_GEN_SEED) or a range ($GGP_GEN_RANGE=first:count); without either, a
// seed beyond the shards' ranges.
TEST(GeneratedGames, OneSeed) {
  const char* seed_text = std::getenv("GGP_GEN_SEED");
  const char* range_text = std::getenv("GGP_GEN_RANGE");
  if (range_text != nullptr) {
    const std::string range = range_text;
    const size_t colon = range.find(':');
    ASSERT_NE(colon, std::string::npos) << "GGP_GEN_RANGE must be FIRST:COUNT, got " << range;
    const Tally tally =
        RunSeeds(std::stoull(range.substr(0, colon)), std::stoull(range.substr(colon + 1)));
    ExpectHealthy(tally);
    std::cout << tally.Summary() << ", " << tally.warnings << " validation warnings\n";
    return;
  }
  const uint64_t seed = seed_text != nullptr ? std::stoull(seed_text) : kShards * kSeedsPerShard;
  GeneratedGame game = GenerateGame(seed);
  if (const char* input = std::getenv("GGP_GEN_INPUT")) {
    // A hand-minimised game instead (its step limit from $GGP_GEN_STEPS, default 20).
    std::ifstream in(input);
    ASSERT_TRUE(in.good()) << "cannot read " << input;
    game.kif.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    const char* steps = std::getenv("GGP_GEN_STEPS");
    game.step_limit = steps != nullptr ? std::stoi(steps) : 20;
  }
  if (seed_text != nullptr) std::cout << game.kif;
  if (const char* path = std::getenv("GGP_GEN_KIF")) {
    std::ofstream out(path);
    out << game.kif;
    ASSERT_TRUE(out.good()) << "cannot write " << path;
  }
  GameCheckOptions options;
  options.seed = seed;
  options.naive_playouts = std::max(1, NaivePlayouts(seed));
  const GameCheck check = CheckGame(game, options);
  EXPECT_TRUE(check.status == GameStatus::kAgree || check.status == GameStatus::kPropnetBudget)
      << DescribeFailure(game, check);
  std::cout << "seed " << seed << ": " << GameStatusName(check.status) << ", " << check.steps
            << " states compared\n";
}

}  // namespace
}  // namespace ggp::testing
