// `ggp-agent learn --game FILE [--games N] [--moves all|played] [--records FILE]
//  [--match FILE...] [--out DIR] [--k K] [--max-expansions N] [--seed S]`: learns a simplified boardgame's
// DFA move generators offline (seed 001). Without --records it records N random games on
// the game's verified machine (every legal move known with --moves all, the default; only
// the played move with --moves played, the observation case) and writes them to
// DIR/training.txt in the seed's record format; with --records it learns from that file.
// Each piece type's DFA is written to DIR as NAME.json and NAME.dot (and NAME.svg when
// Graphviz's `dot` is installed). With --match (ggp-base match JSON files, e.g. the match
// runner's records of other players) the played moves of those matches are the training
// data (the observation case). The learned board machine is then verified against the
// game's machine and the outcome printed. Exit status 1 if nothing could be learned.

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agent/cli/commands.h"
#include "reasoner/board/board_machine.h"
#include "reasoner/board/dfa_io.h"
#include "reasoner/board/learn.h"
#include "reasoner/board/learn_game.h"
#include "reasoner/board/move_patterns.h"
#include "reasoner/board/training.h"
#include "reasoner/factory/machine_factory.h"
#include "reasoner/factory/verify.h"

namespace ggp::agent {
namespace {

namespace board = reasoner::board;
using Clock = std::chrono::steady_clock;

struct LearnCliOptions {
  std::string game;
  int games = 50;
  std::string moves = "all";
  std::string records;
  std::vector<std::string> matches;
  std::string out = "learned";
  board::LearnOptions learn;
  unsigned seed = 1;
};

double MsSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// Keeps only the played move (listed first) of every record: the observation case.
void KeepPlayedOnly(board::TrainingData* data) {
  for (board::TrainingRecord& r : data->records) {
    r.all_moves = false;
    if (r.moves.size() > 1) r.moves.resize(1);
  }
}

std::string FileName(const std::string& piece) {
  std::string s;
  for (char c : piece) s += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return s;
}

void WriteDfaFiles(const std::filesystem::path& dir, const std::string& name, const board::Dfa& dfa) {
  const std::filesystem::path base = dir / FileName(name);
  std::ofstream(base.string() + ".json") << board::DfaToJson(dfa).dump(2) << "\n";
  std::ofstream(base.string() + ".dot") << board::DfaToDot(dfa, name);
  if (std::system("command -v dot > /dev/null 2>&1") == 0) {
    const std::string cmd = "dot -Tsvg '" + base.string() + ".dot' -o '" + base.string() + ".svg'";
    if (std::system(cmd.c_str()) != 0) std::cerr << "dot failed for " << name << "\n";
  }
}

int RunLearn(const LearnCliOptions& o) {
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description rules;
  std::vector<kif::Diagnostic> errors;
  if (!gdl::LoadDescriptionFile(o.game, symbols, &rules, &errors)) {
    std::cerr << "cannot load " << o.game << (errors.empty() ? "" : ": " + kif::FormatDiagnostic(errors.front())) << "\n";
    return 1;
  }
  reasoner::MachineOptions mo;
  mo.board_seconds = 0;  // the reference: propnet (verified) or prover
  reasoner::MachineBuild build = reasoner::CreateMachine(rules, mo);
  if (!build.machine) {
    std::cerr << "no machine: " << build.reason << "\n";
    return 1;
  }
  auto t = Clock::now();
  board::SimulateOptions so;
  so.games = o.games;
  so.seed = o.seed;
  so.seconds = 600;
  std::vector<board::SimGame> played = board::Simulate(*build.machine, so);
  std::cout << "recorded " << played.size() << " random games on the " << build.backend << " in "
            << static_cast<int>(MsSince(t)) << " ms\n";
  std::vector<board::SimGame> observed;
  for (const std::string& path : o.matches) {
    std::ifstream in(path);
    nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.contains("moves") || !j["moves"].is_array()) {
      std::cerr << path << ": not a match JSON with moves\n";
      return 1;
    }
    std::vector<std::vector<kif::Term>> turns;
    for (const auto& joint : j["moves"]) {
      std::vector<kif::Term> moves;
      for (const auto& m : joint) {
        kif::Term term;
        std::vector<kif::Diagnostic> errs;
        if (!m.is_string() || !kif::ParseTerm(m.get<std::string>(), *symbols, &term, &errs)) {
          std::cerr << path << ": bad move " << m.dump() << "\n";
          return 1;
        }
        moves.push_back(std::move(term));
      }
      turns.push_back(std::move(moves));
    }
    std::string why;
    std::optional<board::SimGame> g = board::Replay(*build.machine, turns, &why);
    if (!g) {
      std::cerr << path << ": " << why << "\n";
      return 1;
    }
    observed.push_back(std::move(*g));
  }
  if (!observed.empty()) std::cout << "replayed " << observed.size() << " recorded matches\n";
  board::Recognition rec = board::Recognise(rules, played);
  std::cout << board::Describe(rec, *symbols);
  if (rec.fit != board::Fit::kFits) return 1;
  std::filesystem::create_directories(o.out);
  board::BoardGame game = rec.game;
  game.dfa.assign(game.pieces.size(), board::Dfa());
  bool ok = true;
  std::vector<board::TrainingData> data;
  if (!o.records.empty()) {
    std::ifstream in(o.records);
    std::string why;
    std::optional<board::TrainingData> read = board::ReadTraining(in, &why);
    if (!read) {
      std::cerr << o.records << ": " << why << "\n";
      return 1;
    }
    data.push_back(std::move(*read));
  } else {
    for (board::PathHypothesis h : board::kHypotheses) {
      data.push_back(board::TrainingFromGames(rec, observed.empty() ? played : observed, h));
      if (o.moves == "played" || !observed.empty()) KeepPlayedOnly(&data.back());
    }
    std::ofstream out((std::filesystem::path(o.out) / "training.txt").string());
    board::WriteTraining(out, data.front());
  }
  std::cout << "\n| piece | owner | reading | states | edges | ms |\n|---|---|---|---|---|---|\n";
  for (size_t k = 0; k < game.pieces.size(); ++k) {
    t = Clock::now();
    std::string failure, reading;
    for (size_t h = 0; h < data.size(); ++h) {
      board::LearnResult r = board::LearnDfa(static_cast<int>(k), data[h], o.learn);
      if (r.dfa) {
        game.dfa[k] = std::move(*r.dfa);
        reading = o.records.empty() ? board::HypothesisName(board::kHypotheses[h]) : "records";
        failure.clear();
        break;
      }
      failure += (failure.empty() ? "" : "; ") + r.reason;
    }
    const double ms = MsSince(t);
    if (!failure.empty()) {
      std::cout << "| " << game.pieces[k].name << " | " << game.pieces[k].owner << " | failed: " << failure << " | | | "
                << static_cast<int>(ms) << " |\n";
      ok = false;
      continue;
    }
    std::cout << "| " << game.pieces[k].name << " | " << game.pieces[k].owner << " | " << reading << " | "
              << game.dfa[k].num_states() << " | " << game.dfa[k].num_edges() << " | " << ms << " |\n";
    WriteDfaFiles(o.out, game.pieces[k].name, game.dfa[k]);
  }
  if (!ok) return 1;
  std::shared_ptr<board::BoardMachine> machine;
  try {
    machine = std::make_shared<board::BoardMachine>(game, build.machine->shared_symbols(), build.machine->roles());
  } catch (const std::invalid_argument& e) {
    std::cerr << "no board machine for the learned model: " << e.what() << "\n";
    return 1;
  }
  reasoner::VerifyOptions vo;
  vo.playouts = 200;
  vo.seconds = 60;
  vo.max_steps = game.max_plies > 0 ? game.max_plies + 1 : 400;
  reasoner::VerifyStats stats;
  std::optional<std::string> diff = reasoner::VerifyAgainst(*build.machine, *machine, vo, &stats);
  std::cout << "\nverification against the " << build.backend << ": "
            << (diff ? "differs: " + *diff
                     : "agrees on " + std::to_string(stats.playouts) + " playouts (" + std::to_string(stats.steps) + " states)")
            << "\nwritten to " << o.out << "\n";
  return diff ? 1 : 0;
}

}  // namespace

void AddLearnCommand(CLI::App& app, CommandRun* run) {
  auto o = std::make_shared<LearnCliOptions>();
  auto* sub = app.add_subcommand("learn", "Learn DFA move generators of a board game (seed 001) and verify them");
  sub->add_option("--game", o->game, "GDL game file")->required();
  sub->add_option("--games", o->games, "Random games to record")->check(CLI::Range(1, 1000000));
  sub->add_option("--moves", o->moves, "Moves known per position: all (GGP) or played (observation)")
      ->check(CLI::IsMember({"all", "played"}));
  sub->add_option("--records", o->records, "Learn from this training-record file instead of random games");
  sub->add_option("--match", o->matches, "Learn from the played moves of these match JSON files (repeatable)");
  sub->add_option("--out", o->out, "Directory for training.txt and the DFAs (.json, .dot, .svg)");
  sub->add_option("--k", o->learn.k, "Generalisation: merge states within this distance")->check(CLI::Range(1, 16));
  sub->add_option("--max-expansions", o->learn.max_expansions, "Generalisation: best-first expansions")
      ->check(CLI::Range(0, 100000));
  sub->add_option("--seed", o->seed, "Seed of the random games");
  sub->callback([run, o] { *run = [o] { return RunLearn(*o); }; });
}

}  // namespace ggp::agent
