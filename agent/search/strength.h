#pragma once
// Opponent strength estimation (seed 002, in GGP terms): is an opponent weaker than us, about
// as strong, or stronger? The seed feeds the opponent's first 20 plies to a network trained
// on matches against programs of known strength; we use one feature, the opponent's regret
// under our own search values, and two thresholds fitted the same way (agent/tools/
// strength_eval.h, `ggp-agent strength-eval`).
//
// Regret of one decision: at the root of our tree, where the opponent chose `chosen` among
// two or more legal moves, with Q(a) the mean of the opponent's own reward (its
// perspective, as our tree learns it) over the iterations that played a,
//
//   regret = clamp(max { Q(a) : n(a) >= min_visits } - Q(chosen), 0, 1)
//
// counted only if some move has min_visits visits and `chosen` has at least one. The
// feature is the mean regret over the opponent's first `decisions` decisions (all
// opponents pooled when there are several). Then
//
//   mean > weaker_above  -> weaker;   mean < stronger_below -> stronger;   else equal.
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
  int decisions = 10;        // opponent decisions averaged before the estimate is made
  uint32_t min_visits = 20;  // visits a move needs to count as the best one
  // Thresholds on the mean regret, fitted by `ggp-agent strength-eval` (game- and
  // budget-dependent): connectFour at 2000 iterations gave 0.0193 / 0.0105 (these defaults,
  // rounded), breakthroughSmall 0.0407 / 0.0352.
  double weaker_above = 0.02;
  double stronger_below = 0.01;
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
  // kUnknown until `options.decisions` decisions were counted.
  Strength estimate() const;
  // The classification of a mean regret by the thresholds.
  static Strength Classify(double mean_regret, const StrengthOptions& options);
  const StrengthOptions& options() const { return options_; }

  // {"estimate", "mean_regret", "decisions", "contempt"} for the play stats.
  nlohmann::json Report(double contempt) const;

 private:
  StrengthOptions options_;
  int our_role_ = 0;
  int decisions_ = 0;
  double regret_sum_ = 0;
};

// Regret of `chosen` for `role` at `node` (the formula above), or -1 if the decision does
// not count (fewer than two legal moves, no move with min_visits, chosen unvisited).
double DecisionRegret(const Node& node, int role, reasoner::Move chosen, uint32_t min_visits);

}  // namespace ggp::agent::search
