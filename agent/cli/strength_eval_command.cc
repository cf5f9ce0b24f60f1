// `ggp-agent strength-eval --game FILE [--matches N] [--budget ITERATIONS] [--move-ms MS]
// [--start-ms MS] [--stronger-factor K] [--decisions N] [--min-visits N] [--seed S]
// [--out DIR]`: opponent strength estimation measured the seed's way (agent/tools/
// strength_eval.h): the per-opponent features (mean regret, value drop, agreement), the
// thresholds fitted on half the matches and the confusion matrix on the other half (seed
// 002's Table 7), as a table; DIR/features.csv and DIR/summary.json with --out.

#include <CLI/CLI.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "agent/cli/commands.h"
#include "agent/cli/game_machine.h"
#include "agent/tools/strength_eval.h"
#include "reasoner/factory/machine_factory.h"

namespace ggp::agent {
namespace {

struct StrengthEvalCliOptions {
  std::string game;
  tools::StrengthEvalOptions eval;
  std::string out;
  int stronger_factor = 4;
};

std::string Fixed(double v, int decimals) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(decimals) << v;
  return s.str();
}

constexpr const char* kClassNames[3] = {"weaker", "equal", "stronger"};

struct MeanSd {
  int n = 0;
  double sum = 0, sq = 0;
  void Add(double v) {
    ++n;
    sum += v;
    sq += v * v;
  }
  double Mean() const { return n > 0 ? sum / n : 0.0; }
  double Sd() const {
    return n > 1 ? std::sqrt(std::max(0.0, (sq - n * Mean() * Mean()) / (n - 1))) : 0.0;
  }
};

int RunStrengthEval(const StrengthEvalCliOptions& o) {
  const std::shared_ptr<const reasoner::StateMachine> machine = LoadEvaluationMachine(o.game, std::cerr);
  if (!machine) return 1;
  if (machine->num_roles() < 2) {
    std::cerr << "strength-eval needs an opponent: " << o.game << " has one role\n";
    return 1;
  }
  const std::string game = std::filesystem::path(o.game).stem().string();
  const std::vector<tools::StrengthOpponent> opponents =
      tools::DefaultOpponents(o.eval.budget, o.stronger_factor);
  std::cout << "strength-eval: " << game << " (" << std::string(machine->backend())
            << "), observer mcts at " << o.eval.budget << " iterations a move, " << o.eval.matches
            << " matches; features over the opponent's first " << o.eval.strength.decisions
            << " decisions (moves with >= " << o.eval.strength.min_visits
            << " visits): mean regret, our value's drop\n";
  int done = 0;
  const std::vector<tools::MatchFeature> features = tools::RunStrengthMatches(
      machine, o.eval, opponents, [&done, &o](const tools::MatchFeature&) {
        if (++done % 10 == 0) std::cerr << "  " << done << "/" << o.eval.matches << " matches\n";
      });
  std::vector<tools::MatchFeature> train, test;
  for (const tools::MatchFeature& f : features) (f.train ? train : test).push_back(f);

  std::cout << "\n| opponent | class | matches | mean regret | sd | value drop | sd | agreement "
               "| decisions |\n|---|---|---|---|---|---|---|---|---|\n";
  for (size_t k = 0; k < opponents.size(); ++k) {
    MeanSd regret, drop, agreement, decisions;
    for (const tools::MatchFeature& f : features) {
      if (f.opponent != k) continue;
      regret.Add(f.mean_regret);
      drop.Add(f.value_drop());
      agreement.Add(f.agreement);
      decisions.Add(f.decisions);
    }
    std::cout << "| " << opponents[k].name << " | "
              << kClassNames[tools::ClassIndex(opponents[k].label)] << " | " << regret.n << " | "
              << Fixed(regret.Mean(), 4) << " | " << Fixed(regret.Sd(), 4) << " | "
              << Fixed(drop.Mean(), 3) << " | " << Fixed(drop.Sd(), 3) << " | "
              << Fixed(agreement.Mean(), 3) << " | " << Fixed(decisions.Mean(), 1) << " |\n";
  }
  const tools::Fit fit = tools::FitThresholds(train);
  const tools::Confusion c = tools::Classify(test, fit);
  std::cout << "\nthresholds (fitted on " << train.size() << " matches): weaker above "
            << Fixed(fit.weaker_above, 4) << " (regret), stronger above "
            << Fixed(fit.stronger_drop, 3) << " (value drop)"
            << " (training accuracy " << Fixed(fit.train_accuracy, 3) << ")\n"
            << "confusion on the other " << test.size()
            << " matches (rows: true class; count, share):\n\n"
            << "| true \\ predicted | weaker | equal | stronger |\n|---|---|---|---|\n";
  for (int t = 0; t < 3; ++t) {
    std::cout << "| " << kClassNames[t] << " |";
    for (int p = 0; p < 3; ++p) {
      std::cout << " " << c.counts[static_cast<size_t>(t)][static_cast<size_t>(p)] << " ("
                << Fixed(c.rate(t, p), 3) << ") |";
    }
    std::cout << "\n";
  }
  // Weaker against the rest: the decision that moves the contempt the most (-0.6).
  const int n = c.total();
  const int weaker_right =
      c.counts[0][0] + c.counts[1][1] + c.counts[1][2] + c.counts[2][1] + c.counts[2][2];
  std::cout << "\naccuracy " << Fixed(c.accuracy(), 3)
            << " (seed 002's network: 0.872); weaker vs the rest "
            << Fixed(n > 0 ? static_cast<double>(weaker_right) / n : 0.0, 3) << "\n"
            << "player params: {\"strength\": true, \"strength_weaker_above\": "
            << Fixed(fit.weaker_above, 4)
            << ", \"strength_stronger_drop\": " << Fixed(fit.stronger_drop, 3) << "}\n";
  if (!o.out.empty()) {
    std::filesystem::create_directories(o.out);
    std::ofstream csv(o.out + "/features.csv");
    csv << "opponent,class,seat,train,decisions,mean_regret,agreement,first_value,last_value\n";
    for (const tools::MatchFeature& f : features) {
      csv << opponents[f.opponent].name << "," << kClassNames[tools::ClassIndex(f.label)] << ","
          << f.seat << "," << (f.train ? 1 : 0) << "," << f.decisions << "," << f.mean_regret << ","
          << f.agreement << "," << f.first_value << "," << f.last_value << "\n";
    }
    nlohmann::json summary = {{"game", game},
                              {"budget", o.eval.budget},
                              {"matches", o.eval.matches},
                              {"decisions", o.eval.strength.decisions},
                              {"min_visits", o.eval.strength.min_visits},
                              {"weaker_above", fit.weaker_above},
                              {"stronger_drop", fit.stronger_drop},
                              {"stronger_factor", o.stronger_factor},
                              {"train_accuracy", fit.train_accuracy},
                              {"test_accuracy", c.accuracy()},
                              {"confusion", c.counts}};
    std::ofstream(o.out + "/summary.json") << summary.dump(2) << "\n";
    std::cout << "written " << o.out << "/features.csv and " << o.out << "/summary.json\n";
  }
  return 0;
}

}  // namespace

void AddStrengthEvalCommand(CLI::App& app, CommandRun* run) {
  auto o = std::make_shared<StrengthEvalCliOptions>();
  auto* sub = app.add_subcommand(
      "strength-eval",
      "Opponent strength estimation from move regret: thresholds and confusion matrix (seed 002)");
  sub->add_option("--game", o->game, "GDL game file (two or more roles)")
      ->required()
      ->check(CLI::ExistingFile);
  sub->add_option("--matches", o->eval.matches,
                  "Matches in all (half fit the thresholds, half test them)")
      ->check(CLI::Range(2, 1000000))
      ->capture_default_str();
  sub->add_option("--budget", o->eval.budget,
                  "Our search's iterations a move (opponents: 1/8, 1, 4 times)")
      ->check(CLI::Range(8, 100000000))
      ->capture_default_str();
  sub->add_option("--move-ms", o->eval.move_ms,
                  "Cap on any move's time (ms); budgets are iterations")
      ->check(CLI::Range(1, 600000))
      ->capture_default_str();
  sub->add_option("--stronger-factor", o->stronger_factor,
                  "The stronger opponent's budget as a multiple of ours")
      ->check(CLI::Range(2, 1000))
      ->capture_default_str();
  sub->add_option("--start-ms", o->eval.start_ms, "Each player's start clock (ms)")
      ->check(CLI::Range(0, 600000))
      ->capture_default_str();
  sub->add_option("--decisions", o->eval.strength.decisions,
                  "Opponent decisions averaged per match")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  sub->add_option("--min-visits", o->eval.strength.min_visits,
                  "Visits a move needs to count as the best")
      ->capture_default_str();
  sub->add_option("--seed", o->eval.seed, "Seed of the matches")->capture_default_str();
  sub->add_option("--out", o->out, "Directory for features.csv and summary.json");
  sub->callback([run, o] { *run = [o] { return RunStrengthEval(*o); }; });
}

}  // namespace ggp::agent
