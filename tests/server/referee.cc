#include "tests/server/referee.h"

#include <algorithm>

#include "agent/session/move_matching.h"
#include "reasoner/factory/machine_factory.h"

namespace ggp::agent::server_testing {

Referee::Referee(const std::string& rules, const std::string& backend, unsigned seed)
    : symbols_(std::make_shared<kif::SymbolTable>()), rng_(seed) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  if (!gdl::ParseDescription(rules, symbols_, &d, &errors)) {
    error_ = errors.empty() ? "parse error" : kif::FormatDiagnostic(errors[0]);
    return;
  }
  reasoner::MachineOptions options;
  options.backend = backend;
  reasoner::MachineBuild build = reasoner::CreateMachine(d, options);
  if (!build.machine) {
    error_ = build.reason;
    return;
  }
  machine_ = build.machine;
  ws_ = machine_->NewWorkspace();
  machine_->InitialState(&state_);
}

int Referee::RoleIndex(const std::string& role) const {
  for (int r = 0; r < machine_->num_roles(); ++r) {
    if (kif::ToString(machine_->role(r), machine_->symbols()) == role) return r;
  }
  return -1;
}

bool Referee::terminal() { return machine_->IsTerminal(state_, *ws_); }

std::optional<reasoner::Move> Referee::Parse(int role, const std::string& text) {
  kif::SExpr e;
  std::vector<kif::Diagnostic> errors;
  if (!kif::ParseOneSExpr(text, &e, &errors)) return std::nullopt;
  // Without interning: a symbol the rules do not know names no move.
  auto t = FindTerm(e, machine_->symbols());
  if (!t || !t->is_ground()) return std::nullopt;
  return machine_->FindMove(role, *t);
}

bool Referee::IsLegal(int role, const std::string& reply) {
  auto m = Parse(role, reply);
  if (!m) return false;
  std::vector<reasoner::Move> legal;
  machine_->LegalMoves(state_, role, *ws_, &legal);
  return std::find(legal.begin(), legal.end(), *m) != legal.end();
}

std::string Referee::RandomLegal(int role) {
  std::vector<reasoner::Move> legal;
  machine_->LegalMoves(state_, role, *ws_, &legal);
  if (legal.empty()) return "noop";
  std::uniform_int_distribution<size_t> pick(0, legal.size() - 1);
  return kif::ToString(machine_->MoveTerm(role, legal[pick(rng_)]), machine_->symbols());
}

bool Referee::Apply(const std::vector<std::string>& moves) {
  std::vector<reasoner::Move> joint;
  for (int r = 0; r < machine_->num_roles(); ++r) {
    if (!IsLegal(r, moves[static_cast<size_t>(r)])) return false;
    joint.push_back(*Parse(r, moves[static_cast<size_t>(r)]));
  }
  reasoner::State next;
  machine_->NextState(state_, joint, *ws_, &next);
  state_ = std::move(next);
  return true;
}

std::vector<int> Referee::Goals() {
  std::vector<int> goals;
  for (int r = 0; r < machine_->num_roles(); ++r) goals.push_back(machine_->Goal(state_, r, *ws_));
  return goals;
}

std::string JointText(const std::vector<std::string>& moves) {
  std::string s = "(";
  for (size_t i = 0; i < moves.size(); ++i) s += (i ? " " : "") + moves[i];
  return s + ")";
}

}  // namespace ggp::agent::server_testing
