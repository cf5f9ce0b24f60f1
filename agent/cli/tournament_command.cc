// `ggp-agent tournament`: a round robin of local matches (agent/runner/tournament.h) among
// HTTP players and builtin policies over several games, one or several at once; prints a
// line per finished match and the standings (matches, wins/draws/losses, the average score
// with its 95% confidence interval, errors, reply times), then every game's scores as a
// table and as bars, and writes standings.csv, standings.json, per_game.csv, scores and
// every match JSON into --out, plus scores.svg when gnuplot is installed.

#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "agent/cli/commands.h"
#include "agent/runner/game.h"
#include "agent/runner/progress.h"
#include "agent/runner/score_report.h"
#include "agent/runner/tournament.h"
#include "agent/search/register.h"
#include "agent/search/search_pool.h"
#include "reasoner/factory/machine_factory.h"

namespace ggp::agent {
namespace {

struct TournamentCliOptions {
  std::vector<std::string> games;
  std::vector<std::string> players;
  int rounds = 1;
  int matches = 0;
  int parallel = 1;
  bool gauntlet = false;
  int start_clock = 10;
  int play_clock = 5;
  std::string out = "tournament";
  std::string name = "Local";
  std::string machine = "auto";
  unsigned long long seed = 0;
  bool uppercase = false;
  int builtin_margin_ms = 250;
  int threads = 1;
  int wait_ready = 60;
  bool skip_unavailable = false;
};

// scores.dat and scores.gp into `dir`, then scores.svg if gnuplot is on the PATH.
void PlotScores(const std::string& dir, const std::vector<std::string>& players,
                const std::vector<runner::GameScores>& per_game) {
  if (dir.empty()) return;
  std::ofstream(dir + "/scores.dat") << runner::GnuplotData(per_game);
  std::ofstream(dir + "/scores.gp")
      << runner::GnuplotScript(players, dir + "/scores.dat", dir + "/scores.svg");
  if (std::system("command -v gnuplot > /dev/null 2>&1") != 0) {
    std::cout << "gnuplot not found: no picture (" << dir << "/scores.gp draws it elsewhere)\n";
    return;
  }
  const int rc = std::system(("gnuplot '" + dir + "/scores.gp'").c_str());
  std::cout << (rc == 0 ? "written " + dir + "/scores.svg\n"
                        : std::string("gnuplot failed: no picture\n"));
}

int RunTournamentCommand(const TournamentCliOptions& o) {
  search::SearchPool::SetGlobalThreads(o.threads);  // builtin mcts players share it
  search::RegisterSearchPolicies();
  if (!reasoner::IsKnownBackend(o.machine)) {
    std::cerr << "unknown machine back end '" << o.machine << "' (auto, prover, propnet)\n";
    return 2;
  }
  reasoner::MachineOptions machine_options;
  machine_options.backend = o.machine;
  std::vector<runner::Game> games;
  for (const std::string& path : o.games) {
    runner::Game game;
    std::string error;
    if (!runner::LoadGameFile(
            path, o.uppercase,
            [&](const gdl::Description& d) { return reasoner::CreateMachine(d, machine_options); },
            &game, &error)) {
      std::cerr << error << "\n";
      return 1;
    }
    games.push_back(std::move(game));
  }

  for (const runner::Game& game : games) {
    if (game.num_roles() <= static_cast<int>(o.players.size())) continue;
    for (const std::string& p : o.players) {
      if (p.rfind("builtin:", 0) != 0) {
        std::cerr << "warning: " << game.key << " has more roles than players, so " << p
                  << " gets several seats of one match (same match id twice)\n";
      }
    }
  }

  runner::TournamentOptions options;
  options.name = o.name;
  options.rounds = o.rounds;
  options.matches = o.matches;
  options.parallel = o.parallel;
  options.gauntlet = o.gauntlet;
  options.out_dir = o.out;
  options.match.start_clock = o.start_clock;
  options.match.play_clock = o.play_clock;
  options.match.style = o.uppercase ? runner::ServerStyle::kDresden : runner::ServerStyle::kGgpBase;
  options.match.seed = o.seed;
  options.link.seed = o.seed;
  options.link.threads = o.threads;
  options.link.dresden = o.uppercase;
  options.link.builtin_margin = runner::Millis{o.builtin_margin_ms};
  options.ready_wait = runner::Millis{1000LL * o.wait_ready};
  options.skip_unavailable = o.skip_unavailable;

  // Calls are serialised by RunTournament. A line per finished match ("[finished/total]"),
  // also when stdout is not a terminal, flushed so a pipe sees it at once; on a terminal,
  // the latest step of any match ("[schedule position/total]") on the live line.
  runner::LiveLine live(stdout);
  int finished = 0;
  auto progress = [&](const runner::TournamentMatch& m, const runner::MatchRecord& rec,
                      std::string_view phase) {
    const std::string step =
        phase == "skipped" ? std::string("skipped") : runner::DescribeStep(rec, phase);
    const std::string what =
        fmt::format("{} {}: {}", m.game->key, fmt::join(m.players, " vs "), step);
    if (phase == "end" || phase == "skipped") {
      live.Clear();
      std::cout << fmt::format("[{}/{}] {}", ++finished, m.total, what);
      // A match against a player that was down is not a result: say so on its own line.
      if (!m.unavailable.empty()) std::cout << fmt::format(" [{}]", fmt::join(m.unavailable, "; "));
      std::cout << std::endl;
    } else {
      live.Show(fmt::format("[{}/{}] {}", m.index + 1, m.total, what));
    }
  };
  runner::TournamentResult result;
  std::string error;
  if (!runner::RunTournament(games, o.players, options, progress, &result, &error)) {
    live.Clear();
    std::cerr << error << "\n";
    return 2;
  }
  live.Clear();
  const std::string schedule =
      o.matches > 0 ? fmt::format("{} requested", o.matches) : fmt::format("{} round(s)", o.rounds);
  std::cout << fmt::format("{} matches on {} games, {}, clocks {}/{} s, {} at once", result.matches,
                           games.size(), schedule, o.start_clock, o.play_clock, o.parallel);
  if (result.skipped > 0) {
    std::cout << fmt::format(", {} skipped (a player not available)", result.skipped);
  }
  std::cout << "\n";
  std::cout << result.standings.Table();
  std::cout << "+-95%: half-width of the 95% confidence interval of the average (normal "
               "approximation, sample standard deviation; - below two matches)\n";
  std::cout << "\nPer game:\n" << runner::PerGameTable(result.per_game) << "\n"
            << runner::ScoreBars(result.per_game) << "\n";
  std::cout << "written " << o.out << "/standings.csv, " << o.out << "/standings.json, " << o.out
            << "/per_game.csv\n";
  PlotScores(o.out, o.players, result.per_game);
  for (const std::string& p : result.problems) std::cerr << "problem: " << p << "\n";
  return result.problems.empty() ? 0 : 1;
}

}  // namespace

void AddTournamentCommand(CLI::App& app, CommandRun* run) {
  auto o = std::make_shared<TournamentCliOptions>();
  auto* sub = app.add_subcommand(
      "tournament",
      "Round robin of local matches: every assignment of distinct players to the roles of "
      "every game (or only the first player's: --gauntlet), N rounds or M matches, P at once; "
      "prints standings with reply statistics");
  sub->add_option("--games", o->games, "GDL files (.kif)")->required()->check(CLI::ExistingFile);
  sub->add_option("--players", o->players,
                  "http://host:port/ or builtin:NAME[?key=value&...]; with fewer players than roles, players "
                  "repeat (give HTTP players one seat each)")
      ->required();
  sub->add_option("--rounds", o->rounds, "Repetitions of the whole schedule")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  sub->add_option("--matches", o->matches,
                  "Repeat the schedule until exactly this many matches (0: --rounds decides)")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  sub->add_option("--parallel", o->parallel,
                  "Matches at once (an HTTP player gets several matches at a time)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  sub->add_flag("--gauntlet", o->gauntlet,
                "Only matches in which the first player sits (once): it against all the others");
  sub->add_option("--start", o->start_clock, "Start clock (s)")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  sub->add_option("--play", o->play_clock, "Play clock (s)")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  sub->add_option("--out", o->out, "Directory for standings, scores and match JSON")
      ->capture_default_str();
  sub->add_option("--name", o->name, "Tournament name (match id prefix)")->capture_default_str();
  sub->add_option("--machine", o->machine, "Referee's reasoner back end")
      ->check(CLI::IsMember({"auto", "prover", "propnet", "split"}))
      ->capture_default_str();
  sub->add_option("--seed", o->seed, "Seed of fallback moves and builtin policies (0: random)")
      ->capture_default_str();
  sub->add_flag("--uppercase", o->uppercase, "Dresden style (see `match --help`)");
  sub->add_option("--builtin-margin-ms", o->builtin_margin_ms,
                  "Builtin players must answer by call + clock - margin")
      ->check(CLI::Range(0, 600000))
      ->capture_default_str();
  sub->add_option("--threads", o->threads, "Search threads of builtin policies")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  sub->add_option("--wait-ready", o->wait_ready,
                  "Before each match, wait up to this many seconds for every HTTP player to "
                  "answer INFO 'available' (players that restart between matches); 0: don't ask")
      ->check(CLI::Range(0, 3600))
      ->capture_default_str();
  sub->add_flag("--skip-unavailable", o->skip_unavailable,
                "With --wait-ready: don't play a match whose player did not answer 'available' "
                "in time (default: play it anyway, the match line says so); skipped matches "
                "count in no standings");
  sub->callback([run, o] { *run = [o] { return RunTournamentCommand(*o); }; });
}

}  // namespace ggp::agent
