#include "tests/generated/naive_machine.h"

#include <algorithm>

namespace ggp::testing {
namespace {

using reasoner::Move;
using reasoner::State;

// The last model a workspace computed, for the state (and joint move) it belongs to.
class NaiveWorkspace final : public reasoner::Workspace {
 public:
  bool valid = false;
  State state;
  std::vector<Move> joint;
  AtomSet model;
};

// The goal value of a value term, as the prover reads it: digits only, else none.
int GoalValue(const kif::Term& t, const kif::SymbolTable& symbols) {
  if (t.is_compound || t.is_variable) return reasoner::kNoGoal;
  const std::string_view name = symbols.Name(t.symbol);
  if (name.empty() || name.size() > 9) return reasoner::kNoGoal;
  int v = 0;
  for (char c : name) {
    if (c < '0' || c > '9') return reasoner::kNoGoal;
    v = v * 10 + (c - '0');
  }
  return v;
}

}  // namespace

NaiveMachine::NaiveMachine(const gdl::Description& d, size_t max_atoms)
    : StateMachine(d.symbols, d.roles), model_(d, max_atoms), max_atoms_(max_atoms) {
  moves_.resize(d.roles.size());
  move_ids_.resize(d.roles.size());
}

std::unique_ptr<reasoner::Workspace> NaiveMachine::NewWorkspace() const {
  return std::make_unique<NaiveWorkspace>();
}

int NaiveMachine::Number(const kif::Term& t, std::vector<kif::Term>* terms,
                         std::unordered_map<kif::Term, int, kif::TermHash>* ids) {
  auto [it, inserted] = ids->try_emplace(t, static_cast<int>(terms->size()));
  if (inserted) terms->push_back(t);
  return it->second;
}

const AtomSet& NaiveMachine::ModelOf(const State& s, std::span<const Move> joint,
                                     reasoner::Workspace& ws) const {
  auto& w = static_cast<NaiveWorkspace&>(ws);
  if (w.valid && w.state == s &&
      std::equal(joint.begin(), joint.end(), w.joint.begin(), w.joint.end())) {
    return w.model;
  }
  std::vector<kif::Term> inputs;
  s.ForEach([&](uint32_t f) { inputs.push_back(kif::Term::Compound(kif::kTrue, {fluents_[f]})); });
  for (size_t r = 0; r < joint.size(); ++r) {
    inputs.push_back(kif::Term::Compound(
        kif::kDoes, {role(static_cast<int>(r)), moves_[r][static_cast<size_t>(joint[r])]}));
  }
  std::optional<AtomSet> model = model_.Compute(inputs, max_atoms_);
  overflowed_ |= !model.has_value();
  w.model = model ? std::move(*model) : AtomSet();
  w.state = s;
  w.joint.assign(joint.begin(), joint.end());
  w.valid = true;
  return w.model;
}

State NaiveMachine::StateOf(const AtomSet& model, kif::SymbolId keyword) const {
  State out;
  for (const kif::Term& atom : model.Of(keyword, 1)) {
    if (atom.is_compound)
      out.Set(static_cast<uint32_t>(Number(atom.args[0], &fluents_, &fluent_ids_)));
  }
  return out;
}

void NaiveMachine::InitialState(State* out) const {
  std::optional<AtomSet> model = model_.Compute({}, max_atoms_);
  overflowed_ |= !model.has_value();
  *out = model ? StateOf(*model, kif::kInit) : State();
}

bool NaiveMachine::IsTerminal(const State& s, reasoner::Workspace& ws) const {
  const AtomSet& model = ModelOf(s, {}, ws);
  return overflowed_ || model.Contains(kif::Term::Atom(kif::kTerminal));
}

void NaiveMachine::LegalMoves(const State& s, int r, reasoner::Workspace& ws,
                              std::vector<Move>* out) const {
  out->clear();
  for (const kif::Term& atom : ModelOf(s, {}, ws).Of(kif::kLegal, 2)) {
    if (atom.is_compound && atom.args[0] == role(r)) {
      out->push_back(Number(atom.args[1], &moves_[static_cast<size_t>(r)],
                            &move_ids_[static_cast<size_t>(r)]));
    }
  }
  std::sort(out->begin(), out->end());
}

void NaiveMachine::NextState(const State& s, std::span<const Move> joint, reasoner::Workspace& ws,
                             State* out) const {
  *out = StateOf(ModelOf(s, joint, ws), kif::kNext);
}

int NaiveMachine::Goal(const State& s, int r, reasoner::Workspace& ws) const {
  int best = reasoner::kNoGoal;
  for (const kif::Term& atom : ModelOf(s, {}, ws).Of(kif::kGoal, 2)) {
    if (atom.is_compound && atom.args[0] == role(r))
      best = std::max(best, GoalValue(atom.args[1], symbols()));
  }
  return best;
}

kif::Term NaiveMachine::MoveTerm(int r, Move m) const {
  return moves_[static_cast<size_t>(r)][static_cast<size_t>(m)];
}

std::optional<Move> NaiveMachine::FindMove(int r, const kif::Term& t) const {
  return Number(t, &moves_[static_cast<size_t>(r)], &move_ids_[static_cast<size_t>(r)]);
}

std::vector<kif::Term> NaiveMachine::Fluents(const State& s) const {
  std::vector<kif::Term> out;
  s.ForEach([&](uint32_t f) { out.push_back(fluents_[f]); });
  return out;
}

}  // namespace ggp::testing
