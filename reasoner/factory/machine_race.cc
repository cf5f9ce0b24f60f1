#include "reasoner/factory/machine_race.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <utility>

namespace ggp::reasoner {
namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct Run {
  int playouts = 0;  // playouts played to their end
  long steps = 0;    // joint moves, the unfinished playout's included
  double seconds = 0;
};

// Random playouts on `machine` from the initial state, `chunk_steps` joint moves per call,
// until `enough(run)` says so (asked between chunks) or the race is cancelled.
template <typename Enough>
Run Play(const StateMachine& machine, const RaceOptions& options, Enough enough) {
  const Clock::time_point start = Clock::now();
  std::unique_ptr<Workspace> ws = machine.NewWorkspace();
  Rng rng(options.seed);
  State state;
  State end;
  Run run;
  const int chunk = std::max(1, options.chunk_steps);
  const int max_steps = std::max(1, options.max_steps);
  bool stop = false;
  while (!stop) {
    machine.InitialState(&state);
    int played = 0;
    for (;;) {
      run.seconds = SecondsSince(start);
      if ((options.cancel != nullptr && options.cancel->load()) || enough(run)) {
        stop = true;
        break;
      }
      const int want = std::min(chunk, max_steps - played);
      PlayoutResult r = machine.RandomPlayout(state, want, rng, *ws, &end, nullptr, nullptr);
      run.steps += r.steps;
      played += r.steps;
      std::swap(state, end);
      if (r.terminal || r.stuck || r.steps < want || played >= max_steps) {
        ++run.playouts;
        break;
      }
    }
  }
  run.seconds = SecondsSince(start);
  return run;
}

}  // namespace

double RaceResult::CandidateRate() const {
  return candidate_seconds > 0 ? static_cast<double>(steps) / candidate_seconds : 0;
}

double RaceResult::ReferenceRate() const {
  return reference_seconds > 0 ? static_cast<double>(reference_steps) / reference_seconds : 0;
}

RaceResult RaceMachines(const StateMachine& candidate, const StateMachine& reference,
                        const RaceOptions& options) {
  RaceResult result;
  const Run mine = Play(candidate, options, [&](const Run& run) {
    return run.steps >= options.steps || run.seconds >= options.seconds;
  });
  result.playouts = mine.playouts;
  result.steps = mine.steps;
  result.candidate_seconds = mine.seconds;
  if (mine.steps == 0 || (options.cancel != nullptr && options.cancel->load())) return result;
  // The reference plays as many joint moves, and loses as soon as it cannot finish them
  // within the candidate's time over the margin.
  const double allowed = mine.seconds / std::max(1.0, options.margin);
  const Run theirs = Play(reference, options, [&](const Run& run) {
    return run.steps >= mine.steps || run.seconds > allowed;
  });
  result.reference_steps = theirs.steps;
  result.reference_seconds = theirs.seconds;
  result.reference_finished = theirs.steps >= mine.steps;
  result.reference_faster = result.reference_finished && theirs.seconds <= allowed;
  return result;
}

}  // namespace ggp::reasoner
