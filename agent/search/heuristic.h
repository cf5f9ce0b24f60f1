#pragma once
// A state evaluation learned from random play in the start clock (issue: game analysis),
// for cutting playouts short: the search scores a playout cut after a few steps by the
// predicted goals instead of playing it to the end.
//
// Features of a state, for each role r: how many of its true fluents have each "type"
// (the fluent's relation with its last argument: (cell 3 4 white) counts as cell/white,
// (control red) as control/red, an atom as itself: piece counts per kind and owner in
// board games, flags elsewhere), and the goal values the rules already give in the state.
// Learn plays random games from the initial state, samples states along them with the
// goals each game ended with, and fits, per role, a ridge regression of the final goal on
// the features most correlated with it (|r| at least 0.05, at most max_features of them,
// standardised). A quarter of the games are held out: a role's model is used only if it
// predicts their outcomes better than their training mean does, beyond chance (held-out
// R^2 above min_r2 and R^2 times the held-out samples at least min_evidence, a rough
// chi-squared test), so games where the counts say nothing get no evaluation at all. How
// much the search may lean on it is the caller's choice, by r2(): random games make weak
// predictors in games that random play decides by accident (breakthrough: R^2 near
// 0.02) and strong ones where material decides (checkers: 0.3).
//
// Value is linear in the counts, so it is a bias plus the weights of the state's true
// fluents (one weight per fluent index, precomputed), plus the goal terms: a pass over
// the state's set bits, no allocation. Fluent indices belong to the machine learned on:
// a heuristic is bound to it (the search must not use it with another machine's states;
// Rebind makes one for another machine of the game).
//
// Thread safety: Learn runs on the calling thread; a learned Heuristic is immutable and
// Value may be called from any number of threads, each with its own Workspace.

#include <atomic>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

struct HeuristicOptions {
  double seconds = 2.0;       // time for the random games and the fit
  int max_playouts = 4000;
  int samples_per_playout = 4;
  // Samples are drawn from the states of a game at or after this share of its length
  // (0: anywhere; 0.5: its second half), where material has had time to tell. The
  // player's default (mcts?heuristic_from).
  double sample_from = 0.5;
  int max_steps = 500;        // longer random games are dropped
  int max_features = 48;      // per role
  double min_correlation = 0.05;
  double ridge = 0.01;        // on standardised features
  double min_r2 = 0.0;        // held-out, per role
  double min_evidence = 10;   // held-out R^2 x held-out samples
  uint64_t seed = 1;
};

struct HeuristicReport {
  int playouts = 0;  // finished random games
  int samples = 0;   // states sampled from them
  int types = 0;     // fluent types seen
  std::vector<double> r2;         // per role, held out (NaN: too few games)
  std::vector<double> r2_whole;   // the same on states from anywhere in the held-out games
  std::vector<int> features;      // per role, kept
  std::vector<std::string> top;   // per role, the three heaviest features, "cell/white +0.12"
  std::vector<double> step;       // per role, step_scale() (0 where not usable)
};

// The value of a new node's virtual visits measured from the search root
// (SearchParams::eval_prior_root): `steps` is eval_prior_step times the change of the
// role's value from the root's state in step_scale units. A logistic of slope 4 (so
// 0.5 + steps near even), then, where root_mean is 0..1 (the root's mean reward for the
// role, once trusted), displaced from it towards 1 or 0 in proportion to how far the
// logistic is from 0.5. root_mean < 0: the logistic alone.
inline double RootRelativePrior(double steps, double root_mean) {
  const double h = 1.0 / (1.0 + std::exp(-4.0 * steps));
  if (root_mean < 0) return h;
  return h >= 0.5 ? root_mean + (1 - root_mean) * (h - 0.5) * 2
                  : root_mean - root_mean * (0.5 - h) * 2;
}

class Heuristic {
 public:
  // Learns on `machine` from `initial`. Null when no role's model passes the held-out
  // check, when the time gives too few games (fewer than 40), when `stop` is set, or when
  // the machine's states are not sets of fluents (StateMachine::FluentIndexedStates).
  static std::shared_ptr<const Heuristic> Learn(const reasoner::StateMachine& machine,
                                                const reasoner::State& initial,
                                                const HeuristicOptions& options,
                                                const std::atomic<bool>* stop,
                                                HeuristicReport* report);

  // Whether role r's model is used (passed the held-out check).
  bool usable(int role) const { return usable_[static_cast<size_t>(role)] != 0; }
  // Role r's held-out R^2 (0 where not usable), on states sampled as for the fit.
  double r2(int role) const { return r2_[static_cast<size_t>(role)]; }
  // The same on states from anywhere in the held-out games, whatever sample_from was (0
  // where not usable or too few). A fit on late states scores higher on late states
  // (sample_from 0.5: checkers 0.65 against 0.32 anywhere, checkersTiny 0.55 against
  // 0.30); a cut playout's last state may come from any part of a game.
  double r2_whole(int role) const { return r2_whole_[static_cast<size_t>(role)]; }
  // The predicted goal of `role` in `s`, scaled to 0..1 (clamped). Only for usable roles.
  double Value(const reasoner::State& s, int role, reasoner::Workspace& ws) const;
  const reasoner::StateMachine* machine() const { return machine_; }

  // The typical size of a change of role r's Value over one step of a random game: the
  // median of the non-zero |Value(next) - Value(state)| over the training games' sampled
  // steps (0 if no step changed it). Scales evaluations of a move relative to its parent
  // (SearchParams::eval_prior_step), which the regression's shrinkage toward the mean
  // would otherwise leave near zero in games that random play decides by accident.
  double step_scale(int role) const { return step_scale_[static_cast<size_t>(role)]; }

  // The same evaluation on another machine for the same game (a machine swap: fluent
  // indices differ between back ends). Fluents are typed by their terms along `games`
  // random games from `from` on `machine`; a fluent none of them shows, or whose type the
  // learning never saw, weighs 0, as in Learn. A machine whose states are not fluent sets
  // (the board machine) compiles the weights itself (StateMachine::CompileFluentWeights).
  // Null if the machines' roles differ, if the machine can do neither, or if its fluent
  // terms disagree with its states. Runs on the calling thread.
  std::shared_ptr<const Heuristic> Rebind(const reasoner::StateMachine& machine,
                                          const reasoner::State& from, int games,
                                          uint64_t seed) const;

  // For tests: the weight of fluent `f` for `role` (0 if the fit left its type out).
  double FluentWeight(int role, uint32_t f) const;

 private:
  const reasoner::StateMachine* machine_ = nullptr;  // bound to (not owned)
  int num_roles_ = 0;
  std::vector<uint8_t> usable_;
  std::vector<double> r2_;
  std::vector<double> r2_whole_;
  std::vector<double> bias_;                       // per role
  std::vector<std::vector<float>> fluent_weight_;  // [role][fluent]
  std::vector<std::vector<double>> goal_weight_;   // [role][role whose goal is read]
  std::vector<uint8_t> goal_read_;                 // some role's model reads this role's goal
  std::vector<double> step_scale_;                 // per role
  std::vector<std::string> type_names_;            // fluent types, as Learn saw them
  std::vector<std::vector<double>> type_weight_;   // [role][type]
  // Per role, on machines whose states are not fluent sets (Rebind): the machine's own
  // sum of the fluent weights; empty or null otherwise.
  std::vector<std::shared_ptr<const reasoner::FluentWeights>> compiled_;
};

}  // namespace ggp::agent::search
