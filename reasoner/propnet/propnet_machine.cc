#include "reasoner/propnet/propnet_machine.h"

#include <bit>

#include "reasoner/gdl/normalize.h"
#include "reasoner/ground/grounder.h"
#include "reasoner/propnet/dead_fluents.h"
#include "reasoner/propnet/evaluator.h"
#include "reasoner/propnet/graph.h"

namespace ggp::reasoner::propnet {
namespace {

Evaluator& EvalOf(Workspace& ws) { return static_cast<PropnetWorkspace&>(ws).eval; }

}  // namespace

PropnetBuild PropnetMachine::Build(const gdl::Description& description,
                                   const PropnetOptions& options) {
  PropnetBuild result;
  ground::Budget budget(options.budget);
  try {
    gdl::Description normalized = gdl::Normalize(description);
    ground::GroundResult grounded = ground::Ground(normalized, budget, options.ground);
    result.stats.ground = grounded.program.stats;
    result.stats.ground_seconds = budget.ElapsedSeconds();
    if (!grounded.ok) {
      result.error = grounded.error;
      return result;
    }
    Graph graph;
    std::string error;
    if (!BuildGraph(grounded.program, budget, &graph, &error)) {
      result.error = error;
      return result;
    }
    grounded = ground::GroundResult{};  // release the ground program early
    Propnet net;
    if (!LayOut(graph, budget, &net, &error, options.legal)) {
      result.error = error;
      return result;
    }
    if (budget.TimeUp()) {
      result.error = "propnet build " + budget.ExceededReason();
      return result;
    }
    PropnetStats& st = result.stats;
    st.components = net.num_components();
    st.edges = net.num_edges();
    st.fluents = net.num_fluents;
    for (const auto& role : net.legal) st.moves += role.size();
    st.cyclic_sccs = net.scc_range.size();
    st.selector_groups = net.group_members.size();
    st.demuxed_gates = net.demux_targets.size();
    st.build_seconds = budget.ElapsedSeconds();
    auto machine = std::make_shared<PropnetMachine>(description.symbols, description.roles,
                                                    std::move(net), std::move(graph.fluent_terms),
                                                    std::move(graph.move_terms), st);
    machine->ChooseBranchFreeFanouts(options.legal ? nullptr : options.profile_moves);
    result.stats = machine->stats_;
    result.machine = std::move(machine);
  } catch (const std::bad_alloc&) {
    result.error = "propnet build ran out of memory";
  }
  return result;
}

PropnetMachine::PropnetMachine(std::shared_ptr<kif::SymbolTable> symbols,
                               std::vector<kif::Term> roles, Propnet net,
                               std::vector<kif::Term> fluent_terms,
                               std::vector<std::vector<kif::Term>> move_terms, PropnetStats stats)
    : StateMachine(std::move(symbols), std::move(roles)),
      net_(std::move(net)),
      fluent_terms_(std::move(fluent_terms)),
      move_terms_(std::move(move_terms)),
      stats_(stats) {
  live_words_ = LiveFluentWords(net_);
  for (uint64_t w : live_words_) num_dead_ += static_cast<size_t>(std::popcount(~w));
  move_ids_.resize(move_terms_.size());
  for (size_t r = 0; r < move_terms_.size(); ++r) {
    for (size_t m = 0; m < move_terms_[r].size(); ++m) {
      move_ids_[r].emplace(move_terms_[r][m], static_cast<Move>(m));
    }
  }
}

std::unique_ptr<Workspace> PropnetMachine::NewWorkspace() const {
  return std::make_unique<PropnetWorkspace>(net_);
}

bool PropnetMachine::IsTerminal(const State& s, Workspace& ws) const {
  Evaluator& e = EvalOf(ws);
  e.LoadState(s);
  return e.Value(net_.terminal);
}

void PropnetMachine::LegalMoves(const State& s, int role, Workspace& ws,
                                std::vector<Move>* out) const {
  Evaluator& e = EvalOf(ws);
  e.LoadState(s);
  out->clear();
  const size_t r = static_cast<size_t>(role);
  const auto n = static_cast<uint32_t>(net_.legal[r].size());
  for (uint32_t w = 0; w * 64 < n; ++w) {
    uint64_t bits = LegalWord(e, r, w);
    while (bits != 0) {
      out->push_back(static_cast<Move>(w * 64 + static_cast<uint32_t>(std::countr_zero(bits))));
      bits &= bits - 1;
    }
  }
}

void PropnetMachine::NextState(const State& s, std::span<const Move> joint, Workspace& ws,
                               State* out) const {
  Evaluator& e = EvalOf(ws);
  e.LoadState(s);
  e.SetJoint(joint);
  e.ReadNext(out);
}

int PropnetMachine::Goal(const State& s, int role, Workspace& ws) const {
  Evaluator& e = EvalOf(ws);
  e.LoadState(s);
  e.SyncGoals();
  for (const auto& [value, c] : net_.goals[static_cast<size_t>(role)]) {
    if (e.Value(c)) return value;
  }
  return kNoGoal;
}

const LatchAnalysis& PropnetMachine::latches() const {
  std::call_once(latches_once_, [this] {
    latches_ = std::make_unique<LatchAnalysis>(AnalyseLatches(net_, kLatchWork));
    // Bounds can only come from a latch that some goal reads.
    std::vector<uint8_t> latched_leaf(net_.num_components(), 0);
    for (uint32_t f = 0; f < net_.num_fluents; ++f) {
      if (latches_->latch[f] != 0 && net_.fluent_base[f] >= 0) {
        latched_leaf[static_cast<size_t>(net_.fluent_base[f])] = 1;
      }
    }
    for (const auto& cone : latches_->goal_cone) {
      for (uint32_t c : cone) bounds_goals_ = bounds_goals_ || latched_leaf[c] != 0;
    }
  });
  return *latches_;
}

bool PropnetMachine::ProvesGoalBounds() const {
  latches();
  return bounds_goals_;
}

int PropnetMachine::GoalUpperBound(const State& s, int role, Workspace& ws) const {
  if (!ProvesGoalBounds()) return 100;
  auto& w = static_cast<PropnetWorkspace&>(ws);
  if (!w.bounds) w.bounds = std::make_unique<ThreeValued>(net_);
  return propnet::GoalUpperBound(net_, *latches_, s, role, *w.bounds);
}

std::optional<double> PropnetMachine::GoalLogDegree(const State& s, int role, Workspace& ws) const {
  if (role < 0 || role >= num_roles()) return std::nullopt;
  auto& w = static_cast<PropnetWorkspace&>(ws);
  if (w.fuzzy.empty()) w.fuzzy.resize(static_cast<size_t>(num_roles()));
  auto& fuzzy = w.fuzzy[static_cast<size_t>(role)];
  if (!fuzzy) fuzzy = std::make_unique<FuzzyGoal>(net_, role);
  if (!fuzzy->informative()) return std::nullopt;
  return fuzzy->LogDegree(s);
}

kif::Term PropnetMachine::MoveTerm(int role, Move m) const {
  return move_terms_[static_cast<size_t>(role)][static_cast<size_t>(m)];
}

std::optional<Move> PropnetMachine::FindMove(int role, const kif::Term& t) const {
  if (role < 0 || static_cast<size_t>(role) >= move_ids_.size()) return std::nullopt;
  const auto& ids = move_ids_[static_cast<size_t>(role)];
  auto it = ids.find(t);
  if (it == ids.end()) return std::nullopt;
  return it->second;
}

std::vector<kif::Term> PropnetMachine::Fluents(const State& s) const {
  std::vector<kif::Term> out;
  s.ForEach([&](uint32_t f) {
    if (f < fluent_terms_.size()) out.push_back(fluent_terms_[f]);
  });
  return out;
}

}  // namespace ggp::reasoner::propnet
