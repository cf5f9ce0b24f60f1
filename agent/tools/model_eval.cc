#include "agent/tools/model_eval.h"

#include <algorithm>
#include <random>
#include <thread>

#include "agent/player/registry.h"
#include "agent/search/model_pretrain.h"
#include "reasoner/kif/term.h"
#include "models/opponent/features.h"
#include "models/opponent/opponent_model.h"

namespace ggp::agent::tools {

std::vector<Decision> RecordDecisions(std::shared_ptr<const reasoner::StateMachine> machine,
                                      const RecordOptions& o, std::string* why) {
  std::vector<Decision> out;
  const int roles = machine->num_roles();
  if (o.role < 0 || o.role >= roles) {
    *why = "no role " + std::to_string(o.role);
    return out;
  }
  std::mt19937_64 rng(o.seed);
  auto ws = machine->NewWorkspace();
  std::vector<std::vector<reasoner::Move>> legal(static_cast<size_t>(roles));
  std::vector<reasoner::Move> joint(static_cast<size_t>(roles));
  reasoner::State state, next;
  std::vector<reasoner::Move> last_joint;
  for (int g = 0; g < o.games; ++g) {
    last_joint.clear();
    PlayerOptions po;
    po.seed = o.seed * 1000003ULL + static_cast<unsigned long long>(g) + 1;
    po.params = o.params;
    std::unique_ptr<Player> player = MakePlayer(o.policy, po);
    if (!player) {
      *why = "unknown policy " + o.policy;
      return out;
    }
    machine->InitialState(&state);
    player->Start(machine, o.role, state, SteadyClock::now() + o.move_time);
    for (int ply = 0; ply < o.max_plies && !machine->IsTerminal(state, *ws); ++ply) {
      bool stuck = false;
      for (int r = 0; r < roles; ++r) {
        machine->LegalMoves(state, r, *ws, &legal[static_cast<size_t>(r)]);
        stuck = stuck || legal[static_cast<size_t>(r)].empty();
      }
      if (stuck) break;
      for (int r = 0; r < roles; ++r) {
        const auto& l = legal[static_cast<size_t>(r)];
        joint[static_cast<size_t>(r)] = l[std::uniform_int_distribution<size_t>(0, l.size() - 1)(rng)];
      }
      const auto& mine = legal[static_cast<size_t>(o.role)];
      if (mine.size() > 1) {
        MoveStats stats;
        const reasoner::Move m = player->SelectMove(state, SteadyClock::now() + o.move_time, &stats);
        if (std::find(mine.begin(), mine.end(), m) != mine.end()) joint[static_cast<size_t>(o.role)] = m;
        Decision d;
        models::FeaturesOf(state, &d.features);
        d.legal = mine;
        d.chosen = joint[static_cast<size_t>(o.role)];
        d.state = state;
        d.last_joint = last_joint;
        out.push_back(std::move(d));
      }
      last_joint = joint;
      machine->NextState(state, joint, *ws, &next);
      std::swap(state, next);
      player->Advance(joint, state);
    }
    player->Finish();
  }
  return out;
}

std::vector<Decision> StandInDecisions(std::shared_ptr<const reasoner::StateMachine> machine,
                                       int role, int games, unsigned long long seed) {
  std::vector<Decision> out;
  if (games <= 0 || role < 0 || role >= machine->num_roles()) return out;
  search::PretrainOptions po;
  po.max_games = games;
  po.seed = seed;
  search::PretrainRunner runner(machine, SteadyClock::now() + std::chrono::hours(24), po);
  while (runner.games() < games) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  runner.Stop();
  auto ws = machine->NewWorkspace();
  std::vector<reasoner::Move> legal, joint;
  reasoner::State state, next;
  for (const search::MatchMoves& match : runner.Take()) {
    machine->InitialState(&state);
    std::vector<reasoner::Move> last_joint;
    for (const std::vector<std::string>& ply : match.plies) {
      joint.clear();
      for (int r = 0; r < machine->num_roles(); ++r) {
        machine->LegalMoves(state, r, *ws, &legal);
        const auto it = std::find_if(legal.begin(), legal.end(), [&](reasoner::Move m) {
          return kif::ToString(machine->MoveTerm(r, m), machine->symbols()) == ply[static_cast<size_t>(r)];
        });
        if (it == legal.end()) return out;  // cannot happen: the runner played legal moves
        joint.push_back(*it);
        if (r == role && legal.size() > 1) {
          Decision d;
          models::FeaturesOf(state, &d.features);
          d.legal = legal;
          d.chosen = *it;
          d.state = state;
          d.last_joint = last_joint;
          out.push_back(std::move(d));
        }
      }
      machine->NextState(state, joint, *ws, &next);
      std::swap(state, next);
      last_joint = joint;
    }
  }
  return out;
}

void AddTopN(std::span<const float> p, size_t chosen, std::vector<double>* hits) {
  const float pc = p[chosen];
  size_t above = 0, tied = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    if (i == chosen) continue;
    above += p[i] > pc ? 1 : 0;
    tied += p[i] == pc ? 1 : 0;
  }
  for (size_t n = 1; n <= hits->size(); ++n) {
    const double share = (static_cast<double>(n) - static_cast<double>(above)) / static_cast<double>(tied + 1);
    (*hits)[n - 1] += std::clamp(share, 0.0, 1.0);
  }
}

std::vector<ModelCurve> EvaluateModels(const std::vector<std::string>& names,
                                       const std::vector<Decision>& train,
                                       const std::vector<Decision>& test, size_t max_n,
                                       std::shared_ptr<const reasoner::StateMachine> machine,
                                       int role) {
  std::vector<ModelCurve> curves;
  std::vector<float> p;
  for (const std::string& name : names) {
    std::unique_ptr<models::OpponentModel> model = models::MakeModel(name);
    if (!model) continue;
    if (machine) model->Bind(machine, role);
    const auto context = [&machine](const Decision& d) {
      return models::PredictContext{machine ? &d.state : nullptr, d.features, d.last_joint};
    };
    for (const Decision& d : train) model->ObserveIn(context(d), d.legal, d.chosen);
    model->Fit();
    ModelCurve c;
    c.model = name;
    c.top_n.assign(max_n, 0.0);
    for (const Decision& d : test) {
      const auto at = std::find(d.legal.begin(), d.legal.end(), d.chosen);
      if (at == d.legal.end()) continue;
      p.resize(d.legal.size());
      model->PredictIn(context(d), d.legal, p);
      AddTopN(p, static_cast<size_t>(at - d.legal.begin()), &c.top_n);
      c.mean_log_likelihood += models::LogLikelihoodOf(p, d.legal, d.chosen);
      model->ObserveIn(context(d), d.legal, d.chosen);
    }
    if (!test.empty()) {
      for (double& x : c.top_n) x /= static_cast<double>(test.size());
      c.mean_log_likelihood /= static_cast<double>(test.size());
    }
    curves.push_back(std::move(c));
  }
  return curves;
}

}  // namespace ggp::agent::tools
