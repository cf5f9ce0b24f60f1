#pragma once
// Opponent strength estimation measured the seed's way (seed 002, Table 7): our MCTS (the
// observer, a fixed iteration budget) plays in-process matches against built-in opponents
// of known relative strength, records its strength features per match (the mean regret of
// the opponent's first decisions under the observer's search values and the observer's
// value drop over them, agent/search/strength.h), fits the two thresholds on half the
// matches (highest accuracy) and reports the confusion matrix on the other half.
//
// Opponents (DefaultOpponents, budgets as the search's max_iterations so that strength does
// not depend on the machine's load; the endgame solver, which works to the clock, is off):
// random and mcts at 1/8 of our budget (weaker), mcts at our budget (equal), mcts at
// `stronger_factor` (default 4) times our budget (stronger). Match i is against opponent
// i % kinds; its repetition b = i / kinds sets our seat (b % roles) and its half (train if
// b / 2 is even, so both halves have both seats). A match stops once the feature is made
// (the observer counted `decisions` opponent decisions) or the game ends.
//
// Determinism: every MCTS player runs on one private one-thread pool and the loop waits for
// each search to stop by itself before the next call, so a match does not depend on
// timing (only `move_ms`, a cap on each move, can cut a search short on a slow machine).
//
// Blocking, single caller thread (plus the private pool's worker). Thread safe for
// distinct arguments.

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "agent/search/strength.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::tools {

struct StrengthOpponent {
  std::string name;        // for the report, e.g. "mcts x4"
  std::string policy;      // "mcts" or a registry policy ("random", "legal", ...)
  int64_t iterations = 0;  // mcts: max_iterations
  search::Strength label = search::Strength::kEqual;
};

// random and mcts at budget / 8 (weaker), mcts at budget (equal), mcts at stronger_factor
// times budget (stronger).
std::vector<StrengthOpponent> DefaultOpponents(int64_t budget, int stronger_factor = 4);

struct StrengthEvalOptions {
  int matches = 80;       // in all, over the opponents in turn
  int64_t budget = 1000;  // the observer's max_iterations
  int move_ms = 60000;    // cap on one move's time
  int start_ms = 1000;    // each player's start clock (the heuristic learner uses part of it)
  int max_plies = 500;
  unsigned long long seed = 1;
  search::StrengthOptions strength;  // decisions and min_visits of the feature
};

struct MatchFeature {
  size_t opponent = 0;  // index into the opponents
  search::Strength label = search::Strength::kEqual;
  int seat = 0;  // the observer's role
  bool train = false;
  int decisions = 0;  // opponent decisions counted (fewer if the game ended)
  double mean_regret = 0;
  double agreement = 0;    // StrengthEstimator::agreement
  double first_value = 0;  // our root value at the first and last counted decisions
  double last_value = 0;
  double value_drop() const { return first_value - last_value; }
};

// Plays the matches. `progress` (may be null) is called after each one.
std::vector<MatchFeature> RunStrengthMatches(
    std::shared_ptr<const reasoner::StateMachine> machine, const StrengthEvalOptions& options,
    const std::vector<StrengthOpponent>& opponents,
    const std::function<void(const MatchFeature&)>& progress);

// Rows: true class, columns: predicted (weaker, equal, stronger).
struct Confusion {
  std::array<std::array<int, 3>, 3> counts{};
  int total() const;
  double accuracy() const;
  double rate(int truth, int predicted) const;  // share of the row
};
int ClassIndex(search::Strength s);  // weaker 0, equal 1, stronger 2

struct Fit {
  double weaker_above = 0;   // on the mean regret
  double stronger_drop = 0;  // on the value drop
  double train_accuracy = 0;
};
// The thresholds (each midway between observed values of its feature or beyond them) of
// highest accuracy on `features` (all of them are used; ties: the first in order of
// increasing thresholds, regret first).
Fit FitThresholds(std::span<const MatchFeature> features);
Confusion Classify(std::span<const MatchFeature> features, const Fit& fit);

}  // namespace ggp::agent::tools
