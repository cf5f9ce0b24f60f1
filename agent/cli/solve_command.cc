// `ggp-agent solve --game GAME.kif... [--seconds 10] [--memory-mb 256] [--table]`: runs the
// single-role games' solver (agent/search/puzzle_solver.h) alone on each game from its
// initial state and prints what it found within the time: the best goal reached, whether it
// is proven the best there is, the line's length, the states searched, whether dead
// ends were cut and how many states the goal bounds of latches cut (`--no-bounds`: none);
// `--line` prints the moves. With `--nrpa-playouts N` it runs the Nested Rollout Policy
// Adaptation search (agent/search/nrpa.h) alone instead, on the calling thread, for N
// playouts from a fixed seed (`--seed`): a fixed amount of work, for timing. Games with
// more than one role are reported and skipped. Exit status 0 (1 if a game could not be
// loaded). `--endgame-after N` runs instead, on games of two or more roles, the endgame
// solver (agent/search/endgame_solver.h) for the first role from the state N random joint
// moves (`--seed`) after the initial one: what it proved and how many states it took.

#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "agent/cli/commands.h"
#include "agent/cli/game_machine.h"
#include "agent/search/endgame_solver.h"
#include "agent/search/nrpa.h"
#include "agent/search/puzzle_solver.h"
#include "reasoner/kif/term.h"

namespace ggp::agent {
namespace {

struct SolveOptions {
  std::vector<std::string> games;
  double seconds = 10;
  int memory_mb = 256;
  bool table = false;
  bool line = false;
  bool no_bounds = false;
  bool no_best_first = false;
  bool no_exclusions = false;
  int64_t nrpa_playouts = 0;  // > 0: NRPA alone, this many playouts
  int endgame_after = -1;     // >= 0: the endgame solver after this many random moves
  uint64_t seed = 1;
};

std::string BaseName(const std::string& path) {
  std::string name = path.substr(path.find_last_of('/') + 1);
  if (name.size() > 4 && name.substr(name.size() - 4) == ".kif") name.resize(name.size() - 4);
  return name;
}

// NRPA alone from the initial state for o.nrpa_playouts playouts; prints what it found.
void RunNrpa(const SolveOptions& o, const std::string& name,
             const std::shared_ptr<const reasoner::StateMachine>& machine) {
  search::NrpaSearch::Options no;
  no.seed = o.seed;
  no.near_misses = !o.no_bounds;
  search::NrpaSearch nrpa(machine, no);
  reasoner::State initial;
  machine->InitialState(&initial);
  const auto begin = std::chrono::steady_clock::now();
  const int value = nrpa.SearchFor(initial, o.nrpa_playouts);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  const search::NrpaResult r = nrpa.Best();
  std::cout << name << ": nrpa goal " << (value < 0 ? std::string("-") : std::to_string(value))
            << ", line of " << r.line.size() << " moves, " << r.playouts << " playouts in "
            << seconds << " s (" << static_cast<int64_t>(static_cast<double>(r.playouts) / seconds)
            << "/s)" << (r.near_misses ? ", near misses ranked by goal bounds" : "") << "\n";
}

// The endgame solver alone, for role 0, from the state o.endgame_after random joint moves in.
void RunEndgame(const SolveOptions& o, const std::string& name,
                const std::shared_ptr<const reasoner::StateMachine>& machine) {
  auto ws = machine->NewWorkspace();
  reasoner::State state;
  machine->InitialState(&state);
  reasoner::Rng rng(o.seed);
  reasoner::State end;
  const reasoner::PlayoutResult walk =
      machine->RandomPlayout(state, o.endgame_after, rng, *ws, &end, nullptr, nullptr);
  if (walk.terminal || walk.stuck) {
    std::cout << name << ": the random game ended after " << walk.steps << " moves\n";
    return;
  }
  reasoner::State probe;
  const reasoner::PlayoutResult rest =
      machine->RandomPlayout(end, 100000, rng, *ws, &probe, nullptr, nullptr);
  search::EndgameOptions eo;
  eo.table_bytes = int64_t{o.memory_mb} << 20;
  search::EndgameSolver solver(machine, 0, eo);
  const auto begin = std::chrono::steady_clock::now();
  const auto until = begin + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                 std::chrono::duration<double>(o.seconds));
  const search::EndgameResult r = solver.Solve(end, until, nullptr);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  std::cout << name << ": after " << walk.steps << " moves (a random game goes on for "
            << rest.steps << " more): ";
  if (r.solved) {
    std::cout << "value " << r.value << (r.exact ? " (the game's value)" : " (guaranteed)");
    if (r.move >= 0)
      std::cout << ", move " << kif::ToString(machine->MoveTerm(0, r.move), machine->symbols());
  } else {
    std::cout << "not solved";
  }
  std::cout << ", " << r.nodes << " states in " << seconds << " s, " << r.entries
            << " table entries\n";
}

int RunSolve(const SolveOptions& o) {
  int status = 0;
  if (o.table && o.nrpa_playouts == 0) {
    std::cout << "| game | goal | proven | line | states | seconds | dead ends cut | bound cuts | "
                 "best first | exclusive groups |\n"
              << "|---|---|---|---|---|---|---|---|---|---|\n";
  }
  for (const std::string& path : o.games) {
    std::shared_ptr<const reasoner::StateMachine> machine = LoadEvaluationMachine(path, std::cerr);
    if (!machine) {
      status = 1;
      continue;
    }
    const std::string name = BaseName(path);
    if (o.endgame_after >= 0) {
      RunEndgame(o, name, machine);
      continue;
    }
    if (machine->num_roles() != 1) {
      std::cout << name << ": " << machine->num_roles() << " roles, not a puzzle; skipped\n";
      continue;
    }
    if (o.nrpa_playouts > 0) {
      RunNrpa(o, name, machine);
      continue;
    }
    search::PuzzleSolver::Options so;
    so.memory_mb = o.memory_mb;
    so.goal_bounds = !o.no_bounds;
    so.best_first = !o.no_best_first;
    so.exclusions = !o.no_exclusions;
    search::PuzzleSolver solver(machine, so);
    reasoner::State initial;
    machine->InitialState(&initial);
    const auto begin = std::chrono::steady_clock::now();
    const auto until = begin + std::chrono::duration<double>(o.seconds);
    solver.Start(initial);
    while (solver.Running() && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    solver.Stop();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    const search::PuzzleResult r = solver.Best();
    const std::string goal = r.value < 0 ? "-" : std::to_string(r.value);
    const std::string cuts = r.bounds ? std::to_string(r.bound_cuts) : std::string("-");
    const std::string best_first =
        r.best_first >= 0 ? std::to_string(r.best_first) : std::string("-");
    const std::string groups = r.groups >= 0 ? std::to_string(r.groups) : std::string("-");
    if (o.table) {
      std::cout << "| " << name << " | " << goal << " | " << (r.proven ? "yes" : "no") << " | "
                << r.line.size() << " | " << r.states << " | " << seconds << " | "
                << (r.pruning ? "yes" : "no") << " | " << cuts << " | " << best_first << " | "
                << groups << (r.groups >= 0 && !r.exclusive ? " (dropped)" : "") << " |\n";
    } else {
      std::cout << name << ": goal " << goal << (r.proven ? " (proven best)" : " (best found)")
                << ", line of " << r.line.size() << " moves, " << r.states << " states in "
                << seconds << " s" << (r.pruning ? ", dead ends cut" : "")
                << (r.bounds ? ", " + cuts + " states cut by goal bounds" : "")
                << (r.best_first >= 0 ? ", " + best_first + " states generated best first" : "")
                << (r.groups >= 0 ? ", " + groups + " groups of exclusive moves" +
                                        (r.exclusive ? "" : " (reading dropped)")
                                  : "")
                << (r.table_full ? ", table full" : "") << "\n";
    }
    if (o.line) {
      for (reasoner::Move m : r.line) {
        std::cout << "  " << kif::ToString(machine->MoveTerm(0, m), machine->symbols()) << "\n";
      }
    }
  }
  return status;
}

}  // namespace

void AddSolveCommand(CLI::App& app, CommandRun* run) {
  auto o = std::make_shared<SolveOptions>();
  auto* sub = app.add_subcommand(
      "solve", "Run the puzzle solver of single-role games alone: best goal, proof, line");
  sub->add_option("--game", o->games, "GDL game file (repeatable)")->required();
  sub->add_option("--seconds", o->seconds, "Time per game")->check(CLI::Range(0.01, 86400.0))
      ->capture_default_str();
  sub->add_option("--memory-mb", o->memory_mb, "Transposition table")
      ->check(CLI::Range(1, 65536))
      ->capture_default_str();
  sub->add_flag("--table", o->table, "One Markdown table row per game");
  sub->add_flag("--line", o->line, "Print the moves of the best line");
  sub->add_flag("--no-bounds", o->no_bounds,
                "Do not use the goal bounds of latches (solver cuts, NRPA near misses)");
  sub->add_flag("--no-best-first", o->no_best_first,
                "Do not run the best-first phase on the goal's fuzzy degree");
  sub->add_flag("--no-exclusions", o->no_exclusions,
                "Do not read groups of mutually exclusive moves (placement puzzles)");
  sub->add_option("--nrpa-playouts", o->nrpa_playouts,
                  "Run NRPA alone for this many playouts instead of the solver (timing)")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  sub->add_option("--endgame-after", o->endgame_after,
                  "Run the endgame solver instead, this many random moves into the game")
      ->check(CLI::Range(0, 100000));
  sub->add_option("--seed", o->seed, "Seed of the NRPA search and of --endgame-after's moves")
      ->capture_default_str();
  sub->callback([run, o] { *run = [o] { return RunSolve(*o); }; });
}

}  // namespace ggp::agent
