#pragma once
// The parts of Heuristic::Learn (heuristic.h): the random games it samples states from and
// the per-role regression it fits on them (heuristic_fit.cc). Not for use elsewhere.
//
// Thread safety: every function runs on the calling thread and touches only its arguments.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "agent/search/fluent_types.h"
#include "agent/search/heuristic.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search::heuristic_internal {

struct Sample {
  std::vector<uint32_t> fluents;       // true fluents
  std::vector<double> goals;           // each role's goal in the sampled state, 0..1
  std::vector<uint32_t> next_fluents;  // the same of the state after it in its game
  std::vector<double> next_goals;
  std::vector<double> outcome;  // each role's goal at the end of its game, 0..1
  bool held_out = false;
  // Held out and drawn from anywhere in its game whatever sample_from says (only when
  // sample_from > 0): what the evaluation meets at the end of a cut playout.
  bool whole = false;
};

// Plays random games from `initial` until `until`, `stop` or options.max_playouts, and
// keeps options.samples_per_playout states of each (twice as many in held-out games when
// sample_from > 0) with their goals, successors and the game's outcome; a quarter of the
// games are held out. Types the samples' fluents in `typer`; counts games in
// report->playouts.
void SampleGames(const reasoner::StateMachine& machine, const reasoner::State& initial,
                 const HeuristicOptions& options, const std::atomic<bool>* stop,
                 std::chrono::steady_clock::time_point until, FluentTyper* typer,
                 std::vector<Sample>* samples, HeuristicReport* report);

// The dense features of a sample (type counts, then each role's goal) and their mean and
// standard deviation over the training samples.
struct Features {
  const std::vector<int32_t>* type_of = nullptr;  // fluent -> type id
  size_t num_types = 0;
  int roles = 0;
  size_t width = 0;  // num_types + roles
  size_t train = 0;  // training samples
  std::vector<double> mean, sd;
  void Of(const Sample& s, std::vector<double>* x) const;
};
// Features over `samples`; false (and no statistics) with fewer than 20 training samples.
bool Standardise(const std::vector<Sample>& samples, const FluentTyper& typer, int roles,
                 Features* f);

// One role's regression: value = bias + sum_j w[j] x_j over the dense features.
struct RoleFit {
  std::vector<double> w;
  double bias = 0;
  double r2 = 0, r2_whole = 0;  // held out (r2_whole NaN when too few such samples)
  int held = 0;                 // held-out samples behind r2
  std::vector<std::pair<double, size_t>> ranked;  // the chosen features, by |correlation|
  std::vector<double> beta;                       // their standardised coefficients
};
// Fits `role`'s final goal on the features most correlated with it (ridge regression on
// the standardised features) and measures it on the held-out games. False where nothing
// can be fitted: every game ended alike for the role, no feature is correlated enough, or
// too few held-out samples.
bool FitRole(const std::vector<Sample>& samples, const Features& f, int role,
             const HeuristicOptions& options, RoleFit* fit);

}  // namespace ggp::agent::search::heuristic_internal
