#include "agent/tools/strength_eval.h"

#include <algorithm>
#include <chrono>
#include <string>

#include "agent/player/registry.h"
#include "agent/search/mcts_player.h"
#include "agent/search/search_pool.h"

namespace ggp::agent::tools {

using search::Strength;

std::vector<StrengthOpponent> DefaultOpponents(int64_t budget, int stronger_factor) {
  return {{"random", "random", 0, Strength::kWeaker},
          {"mcts /8", "mcts", std::max<int64_t>(1, budget / 8), Strength::kWeaker},
          {"mcts x1", "mcts", budget, Strength::kEqual},
          {"mcts x" + std::to_string(stronger_factor), "mcts", budget * stronger_factor,
           Strength::kStronger}};
}

namespace {

// One seat of a match: an MctsPlayer we can wait for, or another registry policy.
struct Seat {
  std::unique_ptr<Player> player;
  search::MctsPlayer* mcts = nullptr;  // player, if it is one
  void Wait() const {
    if (mcts != nullptr && mcts->search() != nullptr) mcts->search()->WaitUntilDone();
  }
};

Seat MakeMcts(int64_t iterations, unsigned long long seed, const search::StrengthOptions& so,
              search::SearchPool* pool) {
  PlayerOptions po;
  po.seed = seed;
  // The endgame solver works to the clock, not to the budget: off, so that strength is the
  // iteration budget alone.
  po.params = {{"max_iterations", iterations},
               {"endgame", false},
               {"strength_decisions", so.decisions},
               {"strength_min_visits", so.min_visits}};
  Seat s;
  auto p = std::make_unique<search::MctsPlayer>(po, pool);
  s.mcts = p.get();
  s.player = std::move(p);
  return s;
}

MatchFeature PlayOne(const std::shared_ptr<const reasoner::StateMachine>& machine,
                     const StrengthEvalOptions& o, const StrengthOpponent& opp, int seat,
                     unsigned long long seed, search::SearchPool* pool) {
  const int roles = machine->num_roles();
  std::vector<Seat> seats(static_cast<size_t>(roles));
  for (int r = 0; r < roles; ++r) {
    const unsigned long long s = seed * 31 + static_cast<unsigned long long>(r) + 1;
    if (r == seat) {
      seats[static_cast<size_t>(r)] = MakeMcts(o.budget, s, o.strength, pool);
    } else if (opp.policy == "mcts") {
      seats[static_cast<size_t>(r)] = MakeMcts(opp.iterations, s, o.strength, pool);
    } else {
      PlayerOptions po;
      po.seed = s;
      seats[static_cast<size_t>(r)].player = MakePlayer(opp.policy, po);
    }
  }
  search::MctsPlayer& observer = *seats[static_cast<size_t>(seat)].mcts;
  auto ws = machine->NewWorkspace();
  reasoner::State state, next;
  machine->InitialState(&state);
  const auto move_time = std::chrono::milliseconds(o.move_ms);
  for (int r = 0; r < roles; ++r) {
    if (seats[static_cast<size_t>(r)].player) {
      seats[static_cast<size_t>(r)].player->Start(
          machine, r, state, SteadyClock::now() + std::chrono::milliseconds(o.start_ms));
    }
  }
  std::vector<std::vector<reasoner::Move>> legal(static_cast<size_t>(roles));
  std::vector<reasoner::Move> joint(static_cast<size_t>(roles));
  for (int ply = 0; ply < o.max_plies && !machine->IsTerminal(state, *ws) &&
                    observer.strength().decisions() < o.strength.decisions;
       ++ply) {
    bool stuck = false;
    for (int r = 0; r < roles; ++r) {
      machine->LegalMoves(state, r, *ws, &legal[static_cast<size_t>(r)]);
      stuck = stuck || legal[static_cast<size_t>(r)].empty();
    }
    if (stuck) break;
    for (int r = 0; r < roles; ++r) {
      const Seat& s = seats[static_cast<size_t>(r)];
      const auto& l = legal[static_cast<size_t>(r)];
      joint[static_cast<size_t>(r)] = l.front();
      if (!s.player) continue;
      for (const Seat& other : seats) other.Wait();
      MoveStats stats;
      const reasoner::Move m = s.player->SelectMove(state, SteadyClock::now() + move_time, &stats);
      if (std::find(l.begin(), l.end(), m) != l.end()) joint[static_cast<size_t>(r)] = m;
    }
    for (const Seat& other : seats) other.Wait();
    machine->NextState(state, joint, *ws, &next);
    std::swap(state, next);
    for (const Seat& s : seats) {
      if (s.player) s.player->Advance(joint, state);
    }
  }
  MatchFeature f;
  f.label = opp.label;
  f.seat = seat;
  f.decisions = observer.strength().decisions();
  f.mean_regret = observer.strength().mean_regret();
  f.agreement = observer.strength().agreement();
  f.first_value = observer.strength().first_value();
  f.last_value = observer.strength().last_value();
  for (const Seat& s : seats) {
    if (s.player) s.player->Finish();
  }
  return f;
}

}  // namespace

std::vector<MatchFeature> RunStrengthMatches(
    std::shared_ptr<const reasoner::StateMachine> machine, const StrengthEvalOptions& o,
    const std::vector<StrengthOpponent>& opponents,
    const std::function<void(const MatchFeature&)>& progress) {
  std::vector<MatchFeature> out;
  if (opponents.empty()) return out;
  search::SearchPool pool(1);
  const size_t kinds = opponents.size();
  for (int i = 0; i < o.matches; ++i) {
    const size_t k = static_cast<size_t>(i) % kinds;
    const int b = static_cast<int>(static_cast<size_t>(i) / kinds);
    MatchFeature f = PlayOne(machine, o, opponents[k], b % machine->num_roles(),
                             o.seed * 1000003ULL + static_cast<unsigned long long>(i), &pool);
    f.opponent = k;
    f.train = (b / 2) % 2 == 0;
    out.push_back(f);
    if (progress) progress(f);
  }
  return out;
}

int ClassIndex(Strength s) {
  switch (s) {
    case Strength::kWeaker:
      return 0;
    case Strength::kStronger:
      return 2;
    default:
      return 1;
  }
}

int Confusion::total() const {
  int n = 0;
  for (const auto& row : counts) {
    for (int c : row) n += c;
  }
  return n;
}

double Confusion::accuracy() const {
  const int n = total();
  return n > 0 ? static_cast<double>(counts[0][0] + counts[1][1] + counts[2][2]) / n : 0.0;
}

double Confusion::rate(int truth, int predicted) const {
  const auto& row = counts[static_cast<size_t>(truth)];
  const int n = row[0] + row[1] + row[2];
  return n > 0 ? static_cast<double>(row[static_cast<size_t>(predicted)]) / n : 0.0;
}

Confusion Classify(std::span<const MatchFeature> features, const Fit& fit) {
  search::StrengthOptions so;
  so.weaker_above = fit.weaker_above;
  so.stronger_drop = fit.stronger_drop;
  Confusion c;
  for (const MatchFeature& f : features) {
    const Strength p = search::StrengthEstimator::Classify(f.mean_regret, f.value_drop(), so);
    ++c.counts[static_cast<size_t>(ClassIndex(f.label))][static_cast<size_t>(ClassIndex(p))];
  }
  return c;
}

namespace {

// Cuts of one feature: below everything, midway between neighbours, above everything.
std::vector<double> Cuts(std::span<const MatchFeature> features,
                         double (*feature)(const MatchFeature&)) {
  std::vector<double> v;
  for (const MatchFeature& f : features) v.push_back(feature(f));
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  std::vector<double> cuts;
  if (!v.empty()) cuts.push_back(v.front() - 1e-3);
  for (size_t i = 1; i < v.size(); ++i) cuts.push_back((v[i - 1] + v[i]) / 2);
  if (!v.empty()) cuts.push_back(v.back() + 1e-3);
  return cuts;
}

}  // namespace

Fit FitThresholds(std::span<const MatchFeature> features) {
  const std::vector<double> regret =
      Cuts(features, [](const MatchFeature& f) { return f.mean_regret; });
  const std::vector<double> drop =
      Cuts(features, [](const MatchFeature& f) { return f.value_drop(); });
  Fit best;
  best.train_accuracy = -1;
  for (double w : regret) {
    for (double d : drop) {
      const double acc = Classify(features, Fit{w, d, 0}).accuracy();
      if (acc > best.train_accuracy) best = {w, d, acc};
    }
  }
  if (best.train_accuracy < 0) best.train_accuracy = 0;
  return best;
}

}  // namespace ggp::agent::tools
