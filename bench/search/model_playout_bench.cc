// What model playouts (agent/search/model_playout.h) cost: MCTS iterations per second from
// the initial state, on the calling thread, with the opponents' opponent model as the
// prior and
//   machine   uniform playouts run by the machine (StateMachine::RandomPlayout; the default)
//   loop      uniform playouts through the search's own per-step loop (what any
//             PlayoutPolicy costs before it predicts anything)
//   model     ModelPlayout (epsilon 0.2): opponents sample the model's Predict
// and, once per game, "none" (no model at all). Every configuration runs `--seconds` from a
// fresh tree, round after round, interleaved, so machine load drifts hit them alike; a
// ratio is the median over the rounds of the ratio within a round. Models are trained
// first on the decisions of `--train` random playouts (every role but the first), so that
// their predictions do real work. The rates also reflect playout length: model-guided
// opponents may make games longer or shorter than uniform ones.
//
//   model_playout_bench --game ../shared/games/connectFour.kif [--game ...]
//       [--models frequency,bayes] [--seconds 2] [--rounds 3] [--train 200] [--machine auto]
//       [--only frequency/model]

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "agent/search/mcts_search.h"
#include "agent/search/model_playout.h"
#include "agent/search/model_prior.h"
#include "models/opponent/features.h"
#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"

namespace {

using namespace ggp;
using agent::search::MctsSearch;
using agent::search::ModelPlayout;
using agent::search::ModelPrior;
using agent::search::PlayoutPolicy;
using agent::search::Rng;

// Uniform moves that do not let the search hand the playout to the machine.
class LoopUniform final : public PlayoutPolicy {
 public:
  size_t Choose(const reasoner::State&, int, std::span<const reasoner::Move> legal,
                Rng& rng) const override {
    return rng.Below(static_cast<uint32_t>(legal.size()));
  }
};

// Every role but 0 gets a model of `name` trained on `games` random playouts.
std::shared_ptr<ModelPrior> TrainedPrior(const reasoner::StateMachine& m, const std::string& name,
                                         int games) {
  const int roles = m.num_roles();
  std::vector<std::unique_ptr<models::OpponentModel>> trained(static_cast<size_t>(roles));
  for (int r = 1; r < roles; ++r) trained[static_cast<size_t>(r)] = models::MakeModel(name);
  auto ws = m.NewWorkspace();
  Rng rng(7);
  reasoner::State s, t;
  std::vector<reasoner::Move> joint(static_cast<size_t>(roles)), legal;
  std::vector<uint32_t> features;
  for (int g = 0; g < games; ++g) {
    m.InitialState(&s);
    for (int step = 0; step < 1000 && !m.IsTerminal(s, *ws); ++step) {
      models::FeaturesOf(s, &features);
      for (int r = 0; r < roles; ++r) {
        m.LegalMoves(s, r, *ws, &legal);
        if (legal.empty()) return nullptr;
        const reasoner::Move chosen = legal[rng.Below(static_cast<uint32_t>(legal.size()))];
        joint[static_cast<size_t>(r)] = chosen;
        if (r > 0 && legal.size() > 1) trained[static_cast<size_t>(r)]->Observe(features, legal, chosen);
      }
      m.NextState(s, joint, *ws, &t);
      std::swap(s, t);
    }
  }
  auto prior = std::make_shared<ModelPrior>(roles, 0);
  for (int r = 1; r < roles; ++r) {
    trained[static_cast<size_t>(r)]->Fit();
    prior->Publish(r, std::move(trained[static_cast<size_t>(r)]));
  }
  return prior;
}

double IterationsPerSecond(std::shared_ptr<const reasoner::StateMachine> m,
                           std::shared_ptr<const agent::search::MovePrior> prior,
                           std::shared_ptr<const PlayoutPolicy> playout, double seconds) {
  using Clock = std::chrono::steady_clock;
  agent::search::SearchPool pool(1);  // idle: the calling thread searches
  agent::search::SearchParams p;
  MctsSearch search(m, 0, p, &pool, std::move(prior), std::move(playout));
  reasoner::State s;
  m->InitialState(&s);
  search.SetRoot(s);
  const auto begin = Clock::now();
  const auto end = begin + std::chrono::duration<double>(seconds);
  int64_t done = 0;
  while (Clock::now() < end) {
    const int64_t n = search.RunIterations(64);
    done += n;
    if (n < 64) break;  // root proven
  }
  return static_cast<double>(done) / std::chrono::duration<double>(Clock::now() - begin).count();
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> games, model_names = {"frequency", "bayes"};
  double seconds = 2;
  int rounds = 3, train = 200;
  std::string machine_name = "auto";
  std::string only;  // run only this configuration (e.g. for a profiler)
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--game") {
      games.push_back(value);
    } else if (flag == "--models") {
      model_names.clear();
      std::stringstream ss(value);
      for (std::string part; std::getline(ss, part, ',');) model_names.push_back(part);
    } else if (flag == "--seconds") {
      seconds = std::stod(value);
    } else if (flag == "--rounds") {
      rounds = std::stoi(value);
    } else if (flag == "--train") {
      train = std::stoi(value);
    } else if (flag == "--machine") {
      machine_name = value;
    } else if (flag == "--only") {
      only = value;
    } else {
      std::cerr << "unknown flag " << flag << "\n";
      return 2;
    }
  }
  if (games.empty()) {
    std::cerr << "usage: model_playout_bench --game FILE [--game FILE...] [--models a,b] "
                 "[--seconds S] [--rounds R] [--train N] [--machine NAME]\n";
    return 2;
  }
  for (const std::string& path : games) {
    auto symbols = std::make_shared<kif::SymbolTable>();
    gdl::Description description;
    std::vector<kif::Diagnostic> errors;
    if (!gdl::LoadDescriptionFile(path, symbols, &description, &errors)) {
      std::cerr << "cannot load " << path << "\n";
      return 1;
    }
    reasoner::MachineOptions mo;
    mo.backend = machine_name;
    reasoner::MachineBuild build = reasoner::CreateMachine(description, mo);
    if (!build.machine) {
      std::cerr << path << ": " << build.reason << "\n";
      return 1;
    }
    struct Config {
      std::string name;
      std::shared_ptr<const agent::search::MovePrior> prior;
      std::shared_ptr<const PlayoutPolicy> playout;
      std::vector<double> rates;
    };
    std::vector<Config> configs = {{"none", nullptr, nullptr, {}}};
    for (const std::string& name : model_names) {
      std::shared_ptr<ModelPrior> prior = TrainedPrior(*build.machine, name, train);
      if (!prior || !models::MakeModel(name)) {
        std::cerr << "no model " << name << "\n";
        return 1;
      }
      configs.push_back({name + "/machine", prior, nullptr, {}});
      configs.push_back({name + "/loop", prior, std::make_shared<LoopUniform>(), {}});
      configs.push_back({name + "/model", prior, std::make_shared<ModelPlayout>(prior, 0, 0.2), {}});
    }
    for (int round = 0; round < rounds; ++round) {
      for (Config& c : configs) {
        if (!only.empty() && c.name != only) continue;
        c.rates.push_back(IterationsPerSecond(build.machine, c.prior, c.playout, seconds));
      }
    }
    std::cout << fmt::format("{} ({}; {} round(s) of {} s, median iterations/s):\n", path,
                             build.backend, rounds, seconds);
    for (size_t i = 0; i < configs.size(); ++i) {
      const Config& c = configs[i];
      const double rate = Median(c.rates);
      std::string ratio;
      if (c.rates.empty()) continue;
      if (only.empty() && (c.name.ends_with("/model") || c.name.ends_with("/loop"))) {
        // Paired by round (the same machine load), then the median.
        const Config& machine = configs[i - (c.name.ends_with("/model") ? 2 : 1)];
        std::vector<double> ratios;
        for (size_t k = 0; k < c.rates.size(); ++k) ratios.push_back(c.rates[k] / machine.rates[k]);
        ratio = fmt::format("  x{:.3f} of {}/machine", Median(ratios),
                            c.name.substr(0, c.name.find('/')));
      }
      std::cout << fmt::format("  {:<18} {:>10.0f}  [{:.0f}]{}\n", c.name, rate,
                               fmt::join(c.rates, " "), ratio);
    }
  }
  return 0;
}
