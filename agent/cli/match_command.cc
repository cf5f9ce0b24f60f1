// `ggp-agent match`: one local match among HTTP players (http://host:port/) and builtin
// policies (builtin:NAME), refereed the way ggp-base's GameServer does (agent/runner/).
// Prints the result (goal per role with player names, slowest reply relative to its clock,
// error counts) and writes <out>/<matchId>.json (rewritten after every state) and a line
// in <out>/scores.

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "agent/cli/commands.h"
#include "agent/runner/game.h"
#include "agent/runner/match_runner.h"
#include "agent/runner/player_link.h"
#include "agent/runner/progress.h"
#include "agent/search/register.h"
#include "agent/search/search_pool.h"
#include "reasoner/factory/machine_factory.h"

namespace ggp::agent {
namespace {

struct MatchCliOptions {
  std::string game;
  std::vector<std::string> players;
  int start_clock = 10;
  int play_clock = 5;
  std::string out = "matches";
  std::string machine = "auto";
  unsigned long long seed = 0;
  bool uppercase = false;
  int abort_after = -1;
  int builtin_margin_ms = 250;
  int threads = 1;
};

// "TO 1, IL 2" for one role's errors (empty when none).
std::string ErrorSummary(const runner::MatchRecord& rec, size_t role, int* count) {
  int to = 0, ce = 0, il = 0;
  for (const auto& entry : rec.errors) {
    if (role >= entry.size()) continue;
    const std::string& e = entry[role];
    to += e == "TO";
    ce += e == "CE";
    il += e.rfind("IL", 0) == 0;
  }
  *count = to + ce + il;
  std::string s;
  auto add = [&s](const char* code, int n) {
    if (n > 0) s += fmt::format("{}{} {}", s.empty() ? "" : ", ", code, n);
  };
  add("TO", to);
  add("CE", ce);
  add("IL", il);
  return s;
}

int RunMatchCommand(const MatchCliOptions& o) {
  search::SearchPool::SetGlobalThreads(o.threads);  // builtin mcts players share it
  search::RegisterSearchPolicies();
  if (!reasoner::IsKnownBackend(o.machine)) {
    std::cerr << "unknown machine back end '" << o.machine << "' (auto, prover, propnet)\n";
    return 2;
  }
  reasoner::MachineOptions machine_options;
  machine_options.backend = o.machine;
  runner::Game game;
  std::string error;
  if (!runner::LoadGameFile(
          o.game, o.uppercase,
          [&](const gdl::Description& d) { return reasoner::CreateMachine(d, machine_options); },
          &game, &error)) {
    std::cerr << error << "\n";
    return 1;
  }
  if (static_cast<int>(o.players.size()) != game.num_roles()) {
    std::cerr << fmt::format("{} has {} roles ({}) but {} players were given\n", game.key,
                             game.num_roles(), fmt::join(game.role_names, ", "), o.players.size());
    return 2;
  }

  runner::LinkOptions link_options;
  link_options.builtin_margin = runner::Millis{o.builtin_margin_ms};
  link_options.threads = o.threads;
  link_options.dresden = o.uppercase;
  std::vector<std::unique_ptr<runner::PlayerLink>> links;
  std::vector<runner::PlayerLink*> seats;
  for (size_t r = 0; r < o.players.size(); ++r) {
    link_options.seed = o.seed == 0 ? 0 : o.seed * 1000003ull + r + 1;
    links.push_back(runner::MakeLink(o.players[r], link_options, &error));
    if (!links.back()) {
      std::cerr << error << "\n";
      return 2;
    }
    seats.push_back(links.back().get());
  }

  std::error_code ec;
  std::filesystem::create_directories(o.out, ec);
  if (ec) {
    std::cerr << "cannot create " << o.out << ": " << ec.message() << "\n";
    return 1;
  }
  runner::MatchOptions options;
  options.match_id = runner::MakeMatchId("Local", game.key);
  options.start_clock = o.start_clock;
  options.play_clock = o.play_clock;
  options.style = o.uppercase ? runner::ServerStyle::kDresden : runner::ServerStyle::kGgpBase;
  options.abort_after = o.abort_after;
  options.seed = o.seed;
  options.json_path = o.out + "/" + options.match_id + ".json";

  runner::LiveLine live(stdout);
  const std::string header = fmt::format("{} ({} roles, {} machine)", options.match_id,
                                         game.num_roles(), game.backend);
  if (live.enabled()) live.Show(header + ": starting");
  runner::MatchResult result =
      runner::RunMatch(game, seats, options, [&](const runner::MatchRecord& rec, std::string_view phase) {
        live.Show(header + ": " + runner::DescribeStep(rec, phase));
      });
  live.Clear();

  const runner::MatchRecord& rec = result.record;
  std::cout << "match " << rec.match_id << ": " << runner::DescribeStep(rec, "end") << "\n";
  size_t role_w = 4, spec_w = 6, name_w = 4;
  for (size_t r = 0; r < seats.size(); ++r) {
    role_w = std::max(role_w, game.role_names[r].size());
    spec_w = std::max(spec_w, o.players[r].size());
    name_w = std::max(name_w, result.names[r].size());
  }
  // "slowest": the slowest START/PLAY reply as a fraction of its clock (reply_stats.h).
  std::cout << fmt::format("  {:<{}}  {:<{}}  {:<{}}  {:>4}  {:>7}  {}\n", "role", role_w,
                           "player", spec_w, "name", name_w, "goal", "slowest", "errors");
  int total_errors = 0;
  for (size_t r = 0; r < seats.size(); ++r) {
    int count = 0;
    std::string summary = ErrorSummary(rec, r, &count);
    total_errors += count;
    std::string goal = rec.is_completed ? std::to_string(rec.goal_values[r]) : "-";
    const double slowest = r < result.replies.size() ? result.replies[r].slowest : 0.0;
    std::cout << fmt::format("  {:<{}}  {:<{}}  {:<{}}  {:>4}  {:>7.2f}  {}{}\n",
                             game.role_names[r], role_w, o.players[r], spec_w, result.names[r],
                             name_w, goal, slowest, count,
                             summary.empty() ? "" : " (" + summary + ")");
  }
  std::cout << "errors: " << total_errors << "\n";
  if (rec.is_completed) runner::AppendScoreLine(o.players, rec.goal_values, o.out + "/scores");
  std::cout << "written " << options.json_path << "\n";
  if (!result.problem.empty()) {
    std::cerr << "problem: " << result.problem << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

void AddMatchCommand(CLI::App& app, CommandRun* run) {
  auto o = std::make_shared<MatchCliOptions>();
  auto* sub = app.add_subcommand(
      "match", "Play one local match among HTTP players and builtin policies (ggp-base style)");
  sub->add_option("--game", o->game, "GDL file (.kif)")->required()->check(CLI::ExistingFile);
  sub->add_option("--player", o->players,
                  "One per role, in role order: http://host:port/ or builtin:NAME[?key=value&...] "
                  "(random, legal, montecarlo, mcts, ...; e.g. builtin:mcts?exploration=0.3)")
      ->required();
  sub->add_option("--start", o->start_clock, "Start clock (s)")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  sub->add_option("--play", o->play_clock, "Play clock (s)")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  sub->add_option("--out", o->out, "Directory for <matchId>.json and scores")
      ->capture_default_str();
  sub->add_option("--machine", o->machine, "Referee's reasoner back end")
      ->check(CLI::IsMember({"auto", "dfa", "prover", "propnet", "split"}))
      ->capture_default_str();
  sub->add_option("--seed", o->seed, "Seed of fallback moves and builtin policies (0: random)")
      ->capture_default_str();
  sub->add_flag("--uppercase", o->uppercase,
                "Dresden style: upper-case rules and moves, packed messages, case-insensitive "
                "legality, first-legal fallback, START grace 1 s");
  sub->add_option("--abort-after", o->abort_after, "Send ABORT after N moves (-1: never)")
      ->capture_default_str();
  sub->add_option("--builtin-margin-ms", o->builtin_margin_ms,
                  "Builtin players must answer by call + clock - margin")
      ->check(CLI::Range(0, 600000))
      ->capture_default_str();
  sub->add_option("--threads", o->threads, "Search threads of builtin policies")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  sub->callback([run, o] { *run = [o] { return RunMatchCommand(*o); }; });
}

}  // namespace ggp::agent
