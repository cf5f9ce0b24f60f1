// `ggp-agent board --game FILE [--game FILE...] [--games N] [--seed S] [--table]`:
// recognises simplified boardgames (seed 001) in GDL games: builds the fastest verified
// machine, records random play, and prints the classification (fits / moves-only / no),
// the reason, the board, the pieces and their owners, the move form and the learned ending.
// With --table one Markdown row per game instead. Exit status 1 if a game cannot be loaded.

#include <CLI/CLI.hpp>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "agent/cli/commands.h"
#include "reasoner/board/recognise.h"
#include "reasoner/board/simulate.h"
#include "reasoner/factory/machine_factory.h"

namespace ggp::agent {
namespace {

struct BoardOptions {
  std::vector<std::string> games;
  int sim_games = 50;
  unsigned seed = 1;
  double seconds = 20.0;
  bool table = false;
};

double MsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

int RunBoard(const BoardOptions& o) {
  int status = 0;
  if (o.table) {
    std::cout << "| game | classification | reason |\n|---|---|---|\n";
  }
  for (const std::string& path : o.games) {
    const std::string name = std::filesystem::path(path).stem().string();
    auto symbols = std::make_shared<kif::SymbolTable>();
    gdl::Description rules;
    std::vector<kif::Diagnostic> errors;
    if (!gdl::LoadDescriptionFile(path, symbols, &rules, &errors)) {
      std::cerr << "cannot load " << path
                << (errors.empty() ? "" : ": " + kif::FormatDiagnostic(errors.front())) << "\n";
      status = 1;
      continue;
    }
    reasoner::MachineOptions mo;
    mo.build_seconds = o.seconds;
    reasoner::MachineBuild build = reasoner::CreateMachine(rules, mo);
    if (!build.machine) {
      if (o.table) std::cout << "| " << name << " | no | no machine: " << build.reason << " |\n";
      else std::cout << name << ": no machine: " << build.reason << "\n";
      continue;
    }
    const auto t0 = std::chrono::steady_clock::now();
    reasoner::board::SimulateOptions so;
    so.games = o.sim_games;
    so.seed = o.seed;
    so.seconds = o.seconds;
    std::vector<reasoner::board::SimGame> played = reasoner::board::Simulate(*build.machine, so);
    const double sim_ms = MsSince(t0);
    const auto t1 = std::chrono::steady_clock::now();
    reasoner::board::Recognition r = reasoner::board::Recognise(rules, played);
    const double rec_ms = MsSince(t1);
    if (o.table) {
      std::cout << "| " << name << " | " << reasoner::board::FitName(r.fit) << " | " << r.reason
                << " |\n";
      continue;
    }
    std::cout << "game: " << name << " (" << build.backend << ", " << played.size()
              << " random games in " << static_cast<int>(sim_ms) << " ms, recognised in "
              << static_cast<int>(rec_ms) << " ms)\n"
              << reasoner::board::Describe(r, *symbols) << "\n";
  }
  return status;
}

}  // namespace

void AddBoardCommand(CLI::App& app, CommandRun* run) {
  auto o = std::make_shared<BoardOptions>();
  auto* sub = app.add_subcommand(
      "board", "Recognise simplified boardgames: classification, board, pieces, moves, ending");
  sub->add_option("--game", o->games, "GDL game file (repeatable)")->required();
  sub->add_option("--games", o->sim_games, "Random games recorded for recognition")
      ->check(CLI::Range(1, 100000));
  sub->add_option("--seed", o->seed, "Seed of the random games");
  sub->add_option("--seconds", o->seconds, "Time budget of the machine build and of the random games");
  sub->add_flag("--table", o->table, "One Markdown table row per game");
  sub->callback([run, o] { *run = [o] { return RunBoard(*o); }; });
}

}  // namespace ggp::agent
