// `ggp-agent bench --game FILE [--game FILE...] [--machine NAME] [--seconds S | --rollouts N]
// [--loop machine|calls]
// [--json]`:
// random-playout benchmark (agent/tools/playout_bench.h) of each game on one thread.
// Prints rollouts/s, state changes/s, average depth and microseconds per legal-move call;
// with --json one JSON object per game per line with the keys game, machine,
// rollouts_per_s, state_changes_per_s, avg_depth, legal_us, rollouts, goal_checksum (sum
// of every final goal + 1: equal seeds and rules give equal sums), build_ms, peak_rss_mb
// (the process's peak resident memory so far: per game when one game is given), build. Exit
// status 1 if a game cannot be loaded or built.
//
// With `--search mcts [--threads N]` it measures the search instead: MCTS from the initial
// state (as the first role) on a pool of N workers for S wall-clock seconds, and prints
// iterations/s, nodes and the tree's depth (JSON keys game, machine, threads,
// iterations_per_s, iterations, nodes, max_depth, proven, transpositions). With a "model" in
// --params the opponents' moves get that model's prior, and the cost of one prior call is measured
// first (keys model, prior_us, prior_legal). With `--reuse-after S` the measured run starts
// on a kept subtree (bench_search.h).

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "agent/cli/bench_search.h"
#include "agent/cli/commands.h"
#include "agent/tools/playout_bench.h"
#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"
#include "reasoner/ground/budget.h"

namespace ggp::agent {
namespace {

struct BenchCliOptions {
  std::vector<std::string> games;
  std::string machine = "auto";
  tools::BenchOptions bench;
  bool json = false;
  std::string search;  // "" (playouts) or "mcts"
  int threads = 1;
  std::string params = "{}";  // search parameters as JSON (search/mcts_player.h)
  double reuse_after = 0;     // --reuse-after (bench_search.h)
  double build_seconds = reasoner::MachineOptions{}.build_seconds;
  int build_mb = static_cast<int>(reasoner::MachineOptions{}.build_memory_bytes >> 20);
  double race_seconds = reasoner::MachineOptions{}.race_seconds;
};

int BenchOne(const BenchCliOptions& o, const std::string& path) {
  std::string game = std::filesystem::path(path).stem().string();
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description description;
  std::vector<kif::Diagnostic> errors;
  if (!gdl::LoadDescriptionFile(path, symbols, &description, &errors)) {
    std::cerr << "cannot load " << path
              << (errors.empty() ? "" : ": " + kif::FormatDiagnostic(errors.front())) << "\n";
    return 1;
  }
  reasoner::MachineOptions mo;
  mo.backend = o.machine;
  mo.build_seconds = o.build_seconds;
  mo.build_memory_bytes = static_cast<size_t>(o.build_mb) << 20;
  mo.race_seconds = o.race_seconds;
  reasoner::MachineBuild build = reasoner::CreateMachine(description, mo);
  if (!build.machine) {
    std::cerr << game << ": no " << o.machine << " machine: " << build.reason << "\n";
    return 1;
  }
  if (o.search == "mcts") {
    SearchBenchOptions so;
    so.threads = o.threads;
    so.params = o.params;
    so.seconds = o.bench.seconds;
    so.seed = o.bench.seed;
    so.json = o.json;
    so.reuse_after = o.reuse_after;
    return BenchSearch(so, game, build.machine, build.backend);
  }
  tools::BenchResult r = tools::RunPlayoutBenchmark(*build.machine, o.bench);
  if (o.json) {
    nlohmann::json j = {{"game", game},
                        {"machine", build.backend},
                        {"rollouts_per_s", r.rollouts_per_s},
                        {"state_changes_per_s", r.state_changes_per_s},
                        {"avg_depth", r.avg_depth},
                        {"legal_us", r.legal_us},
                        {"rollouts", r.rollouts},
                        {"goal_checksum", r.goal_checksum},
                        {"build_ms", build.build_ms},
                        {"peak_rss_mb", static_cast<double>(reasoner::ground::PeakResidentBytes()) / (1 << 20)},
                        {"build", build.reason}};
    std::cout << j.dump() << std::endl;
  } else {
    std::cout << fmt::format(
                     "{}: {} ({:.0f} ms build): {:.1f} rollouts/s, {:.0f} state changes/s, avg depth "
                     "{:.1f}, {:.2f} us per legal call ({} rollouts in {:.1f} s{})",
                     game, build.backend, build.build_ms, r.rollouts_per_s, r.state_changes_per_s,
                     r.avg_depth, r.legal_us, r.rollouts, r.seconds,
                     r.stuck > 0 ? fmt::format(", {} stuck", r.stuck) : "")
              << std::endl;
  }
  return 0;
}

int RunBench(const BenchCliOptions& o) {
  int status = 0;
  for (const std::string& g : o.games) status |= BenchOne(o, g);
  return status;
}

}  // namespace

void AddBenchCommand(CLI::App& app, CommandRun* run) {
  auto o = std::make_shared<BenchCliOptions>();
  auto* sub = app.add_subcommand(
      "bench", "Benchmark random playouts of games (single thread): rollouts/s, state changes/s, "
               "avg depth, us per legal call");
  sub->add_option("--game", o->games, "GDL file (.kif); repeat for several games")
      ->required()
      ->check(CLI::ExistingFile);
  sub->add_option("--machine", o->machine, "State machine back end")
      ->check(CLI::IsMember({"auto", "dfa", "prover", "propnet", "split"}))
      ->capture_default_str();
  sub->add_option("--seconds", o->bench.seconds, "Measured time per game")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  sub->add_option("--warmup", o->bench.warmup_seconds, "Warm-up time per game (not measured)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  sub->add_option("--seed", o->bench.seed, "Seed of the random moves")->capture_default_str();
  sub->add_option("--loop", o->bench.loop,
                  "Playout loop: machine (the machine's own, as the search runs it) or calls "
                  "(IsTerminal/LegalMoves/NextState one by one; times legal calls)")
      ->transform(CLI::CheckedTransformer(
          std::map<std::string, tools::BenchLoop>{{"machine", tools::BenchLoop::kMachine},
                                                  {"calls", tools::BenchLoop::kCalls}},
          CLI::ignore_case));
  sub->add_option("--rollouts", o->bench.rollouts,
                  "Play exactly N playouts (no warm-up, no clock; deterministic work for "
                  "instruction counts) instead of --seconds");
  sub->add_option("--build-seconds", o->build_seconds,
                  "Time budget of the machine build (raise it under valgrind)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  sub->add_option("--race-seconds", o->race_seconds,
                  "auto: the verified net's share of its playout race with the prover (0: no race)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  sub->add_option("--build-mb", o->build_mb,
                  "Memory budget of the machine build (MiB; estimate and resident growth)")
      ->check(CLI::Range(16, 1 << 20))
      ->capture_default_str();
  sub->add_flag("--json", o->json, "One JSON object per game per line");
  sub->add_option("--search", o->search, "Measure a search instead of playouts: mcts")
      ->check(CLI::IsMember({"mcts"}));
  sub->add_option("--reuse-after", o->reuse_after,
                  "With --search: search this many seconds first, then keep the subtree of the "
                  "most visited joint move (the rest goes to the collector) and measure there")
      ->check(CLI::NonNegativeNumber);
  sub->add_option("--threads", o->threads, "Search threads (with --search)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  sub->add_option("--params", o->params,
                  "Search parameters as a JSON object (with --search), e.g. '{\"grave\":false}'")
      ->check([](const std::string& text) {
        const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
        return j.is_object() ? std::string() : std::string("not a JSON object");
      })
      ->capture_default_str();
  sub->callback([run, o] { *run = [o] { return RunBench(*o); }; });
}

}  // namespace ggp::agent
