#pragma once
// Opponent strength estimation (seed 002, in GGP terms): is an opponent weaker than us, about
// as strong, or stronger? The seed feeds the opponent's first 20 plies to a network trained
// on matches against programs of known strength; we use two features of the opponent's
// first decisions, read from our own search tree, and two thresholds fitted the same way
// (agent/tools/strength_eval.h, `ggp-agent strength-eval`).
//
// Regret of one decision: at the root of our tree, where the opponent chose `chosen` among
// two or more legal moves, with Q(a) the mean of the opponent's own reward (its
// perspective, as our tree learns it) over the iterations that played a,
//
//   regret = clamp(max { Q(a) : n(a) >= min_visits } - Q(chosen), 0, 1)
//
// counted only if some move has min_visits visits and `chosen` has at least one. A weaker
// opponent shows it in its regret. A stronger one chooses moves our search rates about as
// well as its own choices (our values cannot see beyond our own search), but our position
// degrades: the value drop is our own value at the root (mean reward of our role, 0..1) at
// the first counted decision less that at the last one. Over the opponent's first
// `decisions` decisions (all opponents pooled when there are several):
//
//   mean regret > weaker_above -> weaker;   else value drop > stronger_drop -> stronger;
//   else equal.
//
// and the contempt factor is the seed's: -0.6 against weaker, 0 equal, +0.2 stronger.
//
// Not thread safe: one estimator per player, called from the player's control thread
// while it owns the tree (MctsPlayer::Advance). Allocates nothing per observation.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string_view>

#include "agent/search/node.h"
#include "reasoner/state.h"

namespace ggp::agent::search {

enum class Strength { kUnknown, kWeaker, kEqual, kStronger };
std::string_view StrengthName(Strength s);  // "unknown", "weaker", "equal", "stronger"
// The seed's contempt factors: -0.6 weaker, 0 equal (and unknown), +0.2 stronger.
double ContemptFor(Strength s);

struct StrengthOptions {
  // Opponent decisions observed before the estimate is made. Over 10 the value drop is
  // still mostly noise (breakthroughSmall at 1000 iterations: 0.60 of the test matches
  // right; 0.70 over 15).
  int decisions = 15;
  uint32_t min_visits = 20;  // visits a move needs to count as the best one
  // Thresholds fitted by `ggp-agent strength-eval` over 15 decisions at 1000 iterations
  // (game- and budget-dependent): on the mean regret, 0.028 on connectFour and 0.051 on
  // breakthroughSmall; on the value drop, 0.122 (connectFour, stronger = 16x budget) and
  // 0.143 (breakthroughSmall, 4x). On connectFour a 4x budget does not pull ahead within
  // the window and no threshold tells it from an equal one.
  double weaker_above = 0.03;
  double stronger_drop = 0.12;
};

class StrengthEstimator {
 public:
  explicit StrengthEstimator(StrengthOptions options = {}) : options_(options) {}

  // Starts over for a match where we are `our_role`.
  void Reset(int our_role);
  // The opponents' moves in `joint` (role order) were played at `root` (the node of the
  // state before them). Counts one decision per opponent with a choice there, until the
  // estimate is made. Returns true if the estimate became available with this call.
  bool Observe(const Node& root, std::span<const reasoner::Move> joint);

  int decisions() const { return decisions_; }
  double mean_regret() const { return decisions_ > 0 ? regret_sum_ / decisions_ : 0.0; }
  // Share of the counted decisions where the opponent chose the move our tree visited most.
  double agreement() const {
    return decisions_ > 0 ? static_cast<double>(agreed_) / decisions_ : 0.0;
  }
  // Our own value at the root (mean reward of our role there, 0..1) when the first and the
  // last counted decisions were observed: a stronger opponent tends to push it down.
  double first_value() const { return first_value_; }
  double last_value() const { return last_value_; }
  double value_drop() const { return first_value_ - last_value_; }
  // kUnknown until `options.decisions` decisions were counted.
  Strength estimate() const;
  // The classification of the two features by the thresholds.
  static Strength Classify(double mean_regret, double value_drop, const StrengthOptions& options);
  const StrengthOptions& options() const { return options_; }

  // {"estimate", "mean_regret", "value_drop", "agreement", "decisions", "contempt"} for the
  // play stats.
  nlohmann::json Report(double contempt) const;

 private:
  StrengthOptions options_;
  int our_role_ = 0;
  int decisions_ = 0;
  int agreed_ = 0;
  double regret_sum_ = 0;
  double first_value_ = 0;
  double last_value_ = 0;
};

// Regret of `chosen` for `role` at `node` (the formula above), or -1 if the decision does
// not count (fewer than two legal moves, no move with min_visits, chosen unvisited).
double DecisionRegret(const Node& node, int role, reasoner::Move chosen, uint32_t min_visits);
// The mean reward of `role` over all visits of its moves at `node` (0..1), or -1 unvisited.
double RoleValue(const Node& node, int role);
// Whether `chosen` is `role`'s most visited move at `node` (ties: any of them).
bool IsMostVisited(const Node& node, int role, reasoner::Move chosen);

}  // namespace ggp::agent::search
