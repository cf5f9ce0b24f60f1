// `ggp-agent perf-test [--machine NAME] GAME_FILE RESULT_FILE SECONDS`: the gdl-perf
// benchmark protocol. Builds a state machine for the game (reasoner/factory, default
// "auto"), then plays uniformly random playouts from the initial state for about SECONDS
// seconds on one thread: at each step the legal moves of every role, one random move per
// role, the next state; at a terminal state the goal of every role. Writes
//
//   version=<agent and back end>
//   millisecondsTaken=<wall time of the playouts>
//   numStateChanges=<next-state calls>
//   numRollouts=<completed playouts>
//
// to RESULT_FILE, or `version=` and `errorMessage=` when the game cannot be loaded or no
// machine can be built (exit status 1). Build time is not counted.

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "agent/cli/commands.h"
#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"
#include "reasoner/state_machine.h"

namespace ggp::agent {
namespace {

constexpr const char* kVersion = "ggp-agent-0.1.0";

struct PerfTestOptions {
  std::string machine = "auto";
  std::string game_file;
  std::string result_file;
  double seconds = 10;
  unsigned seed = 1;
};

struct PerfCounts {
  uint64_t state_changes = 0;
  uint64_t rollouts = 0;
  double milliseconds = 0;
};

int WriteResult(const PerfTestOptions& opts, const std::string& version, const std::string& body) {
  std::ofstream out(opts.result_file, std::ios::trunc);
  out << "version=" << version << "\n" << body;
  out.flush();
  if (!out) {
    spdlog::error("perf-test: cannot write {}", opts.result_file);
    return 1;
  }
  return 0;
}

int Fail(const PerfTestOptions& opts, const std::string& message) {
  spdlog::error("perf-test: {}", message);
  WriteResult(opts, kVersion, "errorMessage=" + message + "\n");
  return 1;
}

// Random playouts until the deadline, run by the machine (StateMachine::RandomPlayout: legal
// moves, one uniformly random move per role, next state, until terminal); then the goals of
// every role. A playout in progress at the deadline is finished (so numRollouts counts
// whole playouts and every state change belongs to one); a playout stops early only if
// the rules leave a role without a legal move.
PerfCounts RunPlayouts(const reasoner::StateMachine& m, double seconds, unsigned seed) {
  using Clock = std::chrono::steady_clock;
  PerfCounts counts;
  auto ws = m.NewWorkspace();
  reasoner::Rng rng(seed);
  const int n = m.num_roles();
  reasoner::State initial, end;
  m.InitialState(&initial);
  uint64_t goal_sum = 0;  // consumed below so goal queries cannot be optimised away
  uint64_t stuck = 0;
  Clock::time_point start = Clock::now();
  Clock::time_point deadline =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  while (Clock::now() < deadline) {
    const reasoner::PlayoutResult p = m.RandomPlayout(
        initial, std::numeric_limits<int>::max(), rng, *ws, &end, nullptr, nullptr);
    counts.state_changes += static_cast<uint64_t>(p.steps);
    if (p.stuck) ++stuck;
    for (int r = 0; r < n; ++r) goal_sum += static_cast<uint64_t>(m.Goal(end, r, *ws) + 1);
    ++counts.rollouts;
  }
  counts.milliseconds =
      std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  spdlog::debug("perf-test: goal checksum {}, {} playouts stuck", goal_sum, stuck);
  return counts;
}

int RunPerfTest(const PerfTestOptions& opts) {
  if (!reasoner::IsKnownBackend(opts.machine)) return Fail(opts, "unknown machine " + opts.machine);
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description description;
  std::vector<kif::Diagnostic> errors;
  if (!gdl::LoadDescriptionFile(opts.game_file, symbols, &description, &errors)) {
    std::string message = "cannot load " + opts.game_file;
    if (!errors.empty()) message += ": " + kif::FormatDiagnostic(errors.front());
    return Fail(opts, message);
  }
  reasoner::MachineOptions mopts;
  mopts.backend = opts.machine;
  reasoner::MachineBuild build = reasoner::CreateMachine(description, mopts);
  if (!build.machine) return Fail(opts, "no state machine: " + build.reason);
  spdlog::info("perf-test: {} machine in {:.0f} ms ({})", build.backend, build.build_ms, build.reason);
  PerfCounts counts = RunPlayouts(*build.machine, opts.seconds, opts.seed);
  spdlog::info("perf-test: {} rollouts, {} state changes in {:.0f} ms", counts.rollouts,
               counts.state_changes, counts.milliseconds);
  return WriteResult(opts, std::string(kVersion) + "-" + build.backend,
                     "millisecondsTaken=" + std::to_string(static_cast<int64_t>(counts.milliseconds)) +
                         "\nnumStateChanges=" + std::to_string(counts.state_changes) +
                         "\nnumRollouts=" + std::to_string(counts.rollouts) + "\n");
}

}  // namespace

void AddPerfTestCommand(CLI::App& app, CommandRun* run) {
  auto opts = std::make_shared<PerfTestOptions>();
  auto* sub = app.add_subcommand("perf-test", "Run the gdl-perf benchmark protocol (random playouts)");
  sub->add_option("--machine", opts->machine, "State machine back end: prover|propnet|auto|dfa")
      ->capture_default_str();
  sub->add_option("--seed", opts->seed, "Seed of the random playouts")->capture_default_str();
  sub->add_option("GAME_FILE", opts->game_file, "GDL game (.kif)")->required();
  sub->add_option("RESULT_FILE", opts->result_file, "Where the results are written")->required();
  sub->add_option("SECONDS", opts->seconds, "How long to play random playouts")
      ->required()
      ->check(CLI::PositiveNumber);
  sub->callback([run, opts] { *run = [opts] { return RunPerfTest(*opts); }; });
}

}  // namespace ggp::agent
