#pragma once
// Small games and helpers shared by the learned evaluation's tests (heuristic_test.cc,
// heuristic_rebind_test.cc) and the search's playout tests (mcts_decisive_test.cc).

#include <atomic>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "agent/search/heuristic.h"
#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"

namespace ggp::agent::search::heuristic_testing {

// x and o take turns; the mover takes a free coin or waits. After six plies, whoever holds
// two of the three coins wins (else a draw): holding coins (coin/x, coin/o) predicts the
// outcome. Goals hold only at the end, so the goals of earlier states say nothing.
inline constexpr char kGrab[] = R"(
(role x) (role o)
(index 1) (index 2) (index 3)
(init (control x)) (init (step 0))
(<= (held ?i) (true (coin ?i ?q)))
(<= (legal ?p (take ?i)) (true (control ?p)) (index ?i) (not (held ?i)))
(<= (legal ?p wait) (true (control ?p)))
(<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (next (coin ?i ?p)) (does ?p (take ?i)))
(<= (next (coin ?i ?p)) (true (coin ?i ?p)))
(<= (next (control o)) (true (control x)))
(<= (next (control x)) (true (control o)))
(<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6)
(<= terminal (true (step 6)))
(<= (two ?p) (true (coin 1 ?p)) (true (coin 2 ?p)))
(<= (two ?p) (true (coin 1 ?p)) (true (coin 3 ?p)))
(<= (two ?p) (true (coin 2 ?p)) (true (coin 3 ?p)))
(<= (goal ?p 100) (true (step 6)) (two ?p))
(<= (goal ?p 50) (true (step 6)) (role ?p) (not (two x)) (not (two o)))
(<= (goal x 0) (true (step 6)) (two o))
(<= (goal o 0) (true (step 6)) (two x))
)";

// The last move alone decides: nothing before it says who wins.
inline constexpr char kToss[] = R"(
(role x) (role o)
(init (step 0))
(<= (legal x heads) (true (step 3)))
(<= (legal x tails) (true (step 3)))
(<= (legal x (tick ?m)) (true (step ?m)) (distinct ?m 3))
(<= (legal x (tock ?m)) (true (step ?m)) (distinct ?m 3))
(legal o noop)
(<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
(<= (next (mark ?m)) (does x (tick ?m)))
(<= (next (mark ?m)) (true (mark ?m)))
(<= (next won) (does x heads))
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
(<= terminal (true (step 4)))
(<= (goal x 100) (true won))
(<= (goal x 0) (not (true won)))
(<= (goal o 0) (true won))
(<= (goal o 100) (not (true won)))
)";

inline std::shared_ptr<const reasoner::StateMachine> Machine(const char* gdl, const std::string& backend = "auto") {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(gdl, std::make_shared<kif::SymbolTable>(), &d, &errors));
  reasoner::MachineOptions mo;
  mo.backend = backend;
  mo.board_seconds = 0;
  return reasoner::CreateMachine(d, mo).machine;
}

// The state reached from the initial one by `moves` (joint moves as text, role order).
inline reasoner::State StateWith(const reasoner::StateMachine& m, const std::vector<std::vector<std::string>>& moves) {
  auto ws = m.NewWorkspace();
  reasoner::State s, next;
  m.InitialState(&s);
  for (const auto& joint_text : moves) {
    std::vector<reasoner::Move> joint;
    for (int r = 0; r < m.num_roles(); ++r) {
      kif::Term t;
      std::vector<kif::Diagnostic> errors;
      EXPECT_TRUE(kif::ParseTerm(joint_text[static_cast<size_t>(r)], *m.shared_symbols(), &t, &errors));
      joint.push_back(m.FindMove(r, t).value_or(0));
    }
    m.NextState(s, joint, *ws, &next);
    std::swap(s, next);
  }
  return s;
}

inline HeuristicOptions Quick() {
  HeuristicOptions o;
  o.seconds = 20;  // a hang guard: max_playouts ends it
  o.max_playouts = 1200;
  o.seed = 7;
  o.sample_from = 0;  // states from anywhere in the games
  return o;
}

// Learns on `m` from its initial state with Quick() options (or `options`).
inline std::shared_ptr<const Heuristic> LearnFromStart(const reasoner::StateMachine& m, HeuristicReport* report,
                                               const HeuristicOptions& options = Quick(),
                                               const std::atomic<bool>* stop = nullptr) {
  reasoner::State initial;
  m.InitialState(&initial);
  return Heuristic::Learn(m, initial, options, stop, report);
}

// A machine that answers every query with `inner`'s; tests derive from it to change one
// property (what the states are, which playout loops there are).
class Delegating : public reasoner::StateMachine {
 public:
  explicit Delegating(std::shared_ptr<const reasoner::StateMachine> inner)
      : StateMachine(inner->shared_symbols(), inner->roles()), inner_(std::move(inner)) {}
  std::string_view backend() const override { return "delegating-test"; }
  std::unique_ptr<reasoner::Workspace> NewWorkspace() const override { return inner_->NewWorkspace(); }
  void InitialState(reasoner::State* out) const override { inner_->InitialState(out); }
  bool IsTerminal(const reasoner::State& s, reasoner::Workspace& ws) const override {
    return inner_->IsTerminal(s, ws);
  }
  void LegalMoves(const reasoner::State& s, int role, reasoner::Workspace& ws,
                  std::vector<reasoner::Move>* out) const override {
    inner_->LegalMoves(s, role, ws, out);
  }
  void NextState(const reasoner::State& s, std::span<const reasoner::Move> joint,
                 reasoner::Workspace& ws, reasoner::State* out) const override {
    inner_->NextState(s, joint, ws, out);
  }
  int Goal(const reasoner::State& s, int role, reasoner::Workspace& ws) const override {
    return inner_->Goal(s, role, ws);
  }
  kif::Term MoveTerm(int role, reasoner::Move m) const override { return inner_->MoveTerm(role, m); }
  std::optional<reasoner::Move> FindMove(int role, const kif::Term& t) const override {
    return inner_->FindMove(role, t);
  }
  std::vector<kif::Term> Fluents(const reasoner::State& s) const override { return inner_->Fluents(s); }

 protected:
  const reasoner::StateMachine& inner() const { return *inner_; }

 private:
  std::shared_ptr<const reasoner::StateMachine> inner_;
};

}  // namespace ggp::agent::search::heuristic_testing
