#include "reasoner/prover/prover_machine.h"

#include <algorithm>

#include "reasoner/gdl/normalize.h"
#include "reasoner/prover/evaluator.h"
#include "reasoner/prover/program.h"

namespace ggp::reasoner {
namespace {

using prover::Evaluator;
using prover::FactTable;
using prover::TermId;

// Per-thread state: the evaluator and the state it currently holds.
class ProverWorkspace final : public Workspace {
 public:
  explicit ProverWorkspace(const prover::Program& p) : evaluator(p, /*static_mode=*/false) {}

  Evaluator& At(const State& s) {
    if (!has_state || !(s == state)) {
      state = s;
      has_state = true;
      evaluator.SetState(s);
    }
    return evaluator;
  }

  Evaluator evaluator;
  State state;
  bool has_state = false;
  std::vector<TermId> joint;
};

ProverWorkspace& Cast(Workspace& ws) { return static_cast<ProverWorkspace&>(ws); }

}  // namespace

ProverMachine::ProverMachine(std::shared_ptr<kif::SymbolTable> symbols, std::vector<kif::Term> roles,
                             std::unique_ptr<prover::Program> program)
    : StateMachine(std::move(symbols), std::move(roles)), program_(std::move(program)) {}

ProverMachine::~ProverMachine() = default;

std::shared_ptr<const ProverMachine> ProverMachine::Build(const gdl::Description& description,
                                                          std::string* error) {
  gdl::Description normalised = gdl::Normalize(description);
  auto program = prover::Program::Compile(normalised, error);
  if (!program) return nullptr;
  return std::make_shared<ProverMachine>(description.symbols, description.roles, std::move(program));
}

std::unique_ptr<Workspace> ProverMachine::NewWorkspace() const {
  return std::make_unique<ProverWorkspace>(*program_);
}

void ProverMachine::InitialState(State* out) const {
  out->Clear(0);
  if (program_->rel_init < 0) return;
  ProverWorkspace ws(*program_);
  const FactTable& init = ws.At(State()).Facts(program_->rel_init);
  for (size_t i = 0; i < init.size(); ++i) out->Set(program_->FluentIndex(init.Tuple(i)[0]));
}

bool ProverMachine::IsTerminal(const State& s, Workspace& ws) const {
  if (program_->rel_terminal < 0) return false;
  return !Cast(ws).At(s).Facts(program_->rel_terminal).empty();
}

void ProverMachine::LegalMoves(const State& s, int role, Workspace& ws, std::vector<Move>* out) const {
  out->clear();
  if (program_->rel_legal < 0) return;
  const FactTable& legal = Cast(ws).At(s).Facts(program_->rel_legal);
  TermId role_term = program_->role_terms[static_cast<size_t>(role)];
  for (size_t i = 0; i < legal.size(); ++i) {
    auto t = legal.Tuple(i);
    if (t[0] == role_term) out->push_back(program_->MoveIndex(role, t[1]));
  }
  std::sort(out->begin(), out->end());
}

void ProverMachine::NextState(const State& s, std::span<const Move> joint, Workspace& ws,
                              State* out) const {
  ProverWorkspace& w = Cast(ws);
  Evaluator& ev = w.At(s);
  w.joint.clear();
  for (size_t r = 0; r < joint.size(); ++r) {
    w.joint.push_back(program_->MoveTermId(static_cast<int>(r), joint[r]));
  }
  ev.SetJoint(w.joint);
  out->Clear(0);
  if (program_->rel_next < 0) return;
  const FactTable& next = ev.Facts(program_->rel_next);
  for (size_t i = 0; i < next.size(); ++i) out->Set(program_->FluentIndex(next.Tuple(i)[0]));
}

int ProverMachine::Goal(const State& s, int role, Workspace& ws) const {
  if (program_->rel_goal < 0) return kNoGoal;
  const FactTable& goal = Cast(ws).At(s).Facts(program_->rel_goal);
  TermId role_term = program_->role_terms[static_cast<size_t>(role)];
  int best = kNoGoal;
  for (size_t i = 0; i < goal.size(); ++i) {
    auto t = goal.Tuple(i);
    if (t[0] == role_term) best = std::max(best, program_->GoalValue(t[1]));
  }
  return best;
}

kif::Term ProverMachine::MoveTerm(int role, Move m) const {
  return program_->terms().ToTerm(program_->MoveTermId(role, m));
}

std::optional<Move> ProverMachine::FindMove(int role, const kif::Term& t) const {
  if (role < 0 || role >= num_roles() || !t.is_ground()) return std::nullopt;
  return program_->MoveIndex(role, program_->terms().FromTerm(t));
}

std::vector<kif::Term> ProverMachine::Fluents(const State& s) const {
  std::vector<kif::Term> out;
  s.ForEach([&](uint32_t f) { out.push_back(program_->terms().ToTerm(program_->FluentTerm(f))); });
  return out;
}

uint32_t ProverMachine::FluentIndexOf(const kif::Term& t) const {
  return program_->FluentIndex(program_->terms().FromTerm(t));
}

}  // namespace ggp::reasoner
