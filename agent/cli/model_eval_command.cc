// `ggp-agent model-eval --game FILE --opponent POLICY [--role NAME] [--train-games N]
// [--test-games N] [--move-ms MS] [--models a,b,...] [--seed S] [--out DIR]`: the top-N
// prediction curves of the opponent models (agent/tools/model_eval.h) against one policy,
// as a table, as CSV (DIR/topn.csv) and, when gnuplot is installed, as DIR/topn.svg.

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "agent/cli/commands.h"
#include "agent/cli/game_machine.h"
#include "agent/search/register.h"
#include "agent/session/move_matching.h"
#include "agent/tools/model_eval.h"
#include "models/opponent/opponent_model.h"
#include "reasoner/factory/machine_factory.h"

namespace ggp::agent {
namespace {

struct ModelEvalOptions {
  std::string game;
  std::string opponent = "minimax";
  std::string role;
  int train_games = 100;
  int pretrain_games = 0;
  int test_games = 50;
  int move_ms = 20;
  std::vector<std::string> models = models::ModelNames();
  unsigned long long seed = 1;
  std::string out;
};

std::string Fixed(double v, int decimals) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(decimals) << v;
  return s.str();
}

void Plot(const std::string& dir, const std::vector<tools::ModelCurve>& curves, const std::string& title) {
  if (std::system("command -v gnuplot > /dev/null 2>&1") != 0) {
    std::cout << "gnuplot not found: no plot (the table and the CSV have the curves)\n";
    return;
  }
  std::ofstream gp(dir + "/topn.gp");
  gp << "set terminal svg size 720,480\nset output '" << dir << "/topn.svg'\n"
     << "set title '" << title << "'\nset xlabel 'N'\nset ylabel 'real moves within the top N'\n"
     << "set key bottom right\nset yrange [0:1]\nset datafile separator ','\nplot ";
  for (size_t i = 0; i < curves.size(); ++i) {
    gp << (i ? ", " : "") << "'" << dir << "/topn.csv' using 1:" << i + 2 << " with linespoints title '"
       << curves[i].model << "'";
  }
  gp << "\n";
  gp.close();
  const int rc = std::system(("gnuplot '" + dir + "/topn.gp'").c_str());
  std::cout << (rc == 0 ? "written " + dir + "/topn.svg\n" : std::string("gnuplot failed: no plot\n"));
}

int RunModelEval(const ModelEvalOptions& o) {
  search::RegisterSearchPolicies();
  const std::shared_ptr<const reasoner::StateMachine> machine = LoadEvaluationMachine(o.game, std::cerr);
  if (!machine) return 1;
  tools::RecordOptions ro;
  ro.policy = o.opponent;
  ro.seed = o.seed;
  ro.move_time = std::chrono::milliseconds(o.move_ms);
  if (!o.role.empty()) {
    ro.role = FindRoleIndex(machine->roles(), machine->symbols(), o.role);
    if (ro.role < 0) {
      std::cerr << "no role " << o.role << "\n";
      return 1;
    }
  }
  std::string why;
  ro.games = o.train_games;
  std::vector<tools::Decision> train =
      tools::StandInDecisions(machine, ro.role, o.pretrain_games, o.seed + 104729);
  const size_t stand_in = train.size();
  for (tools::Decision& d : tools::RecordDecisions(machine, ro, &why)) train.push_back(std::move(d));
  ro.games = o.test_games;
  ro.seed = o.seed + 7919;
  const std::vector<tools::Decision> test = tools::RecordDecisions(machine, ro, &why);
  if (!why.empty() || test.empty()) {
    std::cerr << "no decisions recorded" << (why.empty() ? "" : ": " + why) << "\n";
    return 1;
  }
  size_t max_n = 0;
  double legal_sum = 0;
  for (const tools::Decision& d : test) {
    max_n = std::max(max_n, d.legal.size());
    legal_sum += static_cast<double>(d.legal.size());
  }
  const double mean_legal = legal_sum / static_cast<double>(test.size());
  const std::vector<tools::ModelCurve> curves =
      tools::EvaluateModels(o.models, train, test, max_n, machine, ro.role);
  const std::string role_name =
      kif::ToString(machine->roles()[static_cast<size_t>(ro.role)], machine->symbols());
  const std::string game = std::filesystem::path(o.game).stem().string();
  std::cout << "model-eval: " << game << ", " << role_name << " played by " << o.opponent << " ("
            << o.move_ms << " ms a move), the other roles at random\n"
            << "stand-in (flat Monte Carlo self-play) " << o.pretrain_games << " games (" << stand_in
            << " decisions), then training " << o.train_games << " games ("
            << train.size() - stand_in << " decisions), test "
            << o.test_games << " games (" << test.size() << " decisions, " << Fixed(mean_legal, 2)
            << " legal moves on average)\n\n| N |";
  for (const auto& c : curves) std::cout << " " << c.model << " |";
  std::cout << "\n|---|";
  for (size_t i = 0; i < curves.size(); ++i) std::cout << "---|";
  std::cout << "\n";
  for (size_t n = 1; n <= max_n; ++n) {
    std::cout << "| " << n << " |";
    for (const auto& c : curves) std::cout << " " << Fixed(c.top_n[n - 1], 3) << " |";
    std::cout << "\n";
  }
  std::cout << "| log-likelihood |";
  for (const auto& c : curves) std::cout << " " << Fixed(c.mean_log_likelihood, 3) << " |";
  std::cout << "\n\n";
  const tools::ModelCurve* uniform = nullptr;
  for (const auto& c : curves) {
    if (c.model == "uniform") uniform = &c;
  }
  for (const auto& c : curves) {
    size_t reach = 0;
    for (size_t n = 1; n <= max_n && reach == 0; ++n) reach = c.top_n[n - 1] >= 0.9 ? n : 0;
    std::cout << c.model << ": top-1 " << Fixed(c.top_n[0], 3);
    if (uniform != nullptr && uniform->top_n[0] > 0) {
      std::cout << " (" << Fixed(c.top_n[0] / uniform->top_n[0], 2) << "x uniform)";
    }
    std::cout << ", 90% of real moves within the top " << reach << " (half the average legal moves: "
              << Fixed(mean_legal / 2, 1) << ")\n";
  }
  if (!o.out.empty()) {
    std::filesystem::create_directories(o.out);
    std::ofstream csv(o.out + "/topn.csv");
    for (size_t n = 1; n <= max_n; ++n) {
      csv << n;
      for (const auto& c : curves) csv << "," << c.top_n[n - 1];
      csv << "\n";
    }
    csv.close();
    std::cout << "written " << o.out << "/topn.csv (N, then one column per model: ";
    for (size_t i = 0; i < curves.size(); ++i) std::cout << (i ? ", " : "") << curves[i].model;
    std::cout << ")\n";
    Plot(o.out, curves, game + ": " + role_name + " played by " + o.opponent);
  }
  return 0;
}

}  // namespace

void AddModelEvalCommand(CLI::App& app, CommandRun* run) {
  auto o = std::make_shared<ModelEvalOptions>();
  auto* sub = app.add_subcommand(
      "model-eval", "Top-N prediction curves of the opponent models against a known policy (seed 000)");
  sub->add_option("--game", o->game, "GDL game file")->required()->check(CLI::ExistingFile);
  sub->add_option("--opponent", o->opponent, "Policy of the modelled role (minimax, mcts, random, ...)")
      ->capture_default_str();
  sub->add_option("--role", o->role, "The modelled role (default: the first)");
  sub->add_option("--train-games", o->train_games, "Games the models learn from")
      ->check(CLI::Range(0, 1000000))->capture_default_str();
  sub->add_option("--pretrain-games", o->pretrain_games,
                  "Stand-in games the models learn from first (the start-clock training of "
                  "serve --pretrain: flat Monte Carlo for every role)")
      ->capture_default_str();
  sub->add_option("--test-games", o->test_games, "Games the models are measured on")
      ->check(CLI::Range(1, 1000000))->capture_default_str();
  sub->add_option("--move-ms", o->move_ms, "The policy's time per move (ms)")
      ->check(CLI::Range(1, 600000))->capture_default_str();
  sub->add_option("--models", o->models, "Models to evaluate")
      ->delimiter(',')->check(CLI::IsMember(models::ModelNames()));
  sub->add_option("--seed", o->seed, "Seed of the games")->capture_default_str();
  sub->add_option("--out", o->out, "Directory for topn.csv and topn.svg");
  sub->callback([run, o] { *run = [o] { return RunModelEval(*o); }; });
}

}  // namespace ggp::agent
