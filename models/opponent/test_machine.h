#pragma once
// Tests only: a state machine from GDL text (the machine factory's "auto", no board
// learner), and the helpers the seed-003 model tests share.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "models/opponent/features.h"
#include "models/opponent/opponent_model.h"
#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"

namespace ggp::models::testing {

// Null (and a test failure) if the rules do not parse or build.
inline std::shared_ptr<const reasoner::StateMachine> MachineOf(std::string_view gdl) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  if (!gdl::ParseDescription(gdl, std::make_shared<kif::SymbolTable>(), &d, &errors)) {
    ADD_FAILURE() << "rules do not parse";
    return nullptr;
  }
  reasoner::MachineOptions mo;
  mo.board_seconds = 0;
  reasoner::MachineBuild build = reasoner::CreateMachine(d, mo);
  if (!build.machine) ADD_FAILURE() << "no machine: " << build.reason;
  return build.machine;
}

// The move of `role` spelled `text` (e.g. "up", "(mark 1 2)"), or -1.
inline reasoner::Move MoveOf(const reasoner::StateMachine& m, int role, std::string_view text) {
  kif::Term t;
  std::vector<kif::Diagnostic> errors;
  if (!kif::ParseTerm(text, *m.shared_symbols(), &t, &errors)) return -1;
  return m.FindMove(role, t).value_or(-1);
}

// A decision's context and legal moves, kept together.
struct Situation {
  reasoner::State state;
  std::vector<uint32_t> features;
  std::vector<reasoner::Move> last_joint;
  std::vector<reasoner::Move> legal;  // of the modelled role
  PredictContext context() const { return PredictContext{&state, features, last_joint}; }
};

// The state after `joint` (text per role) from the initial state (empty: the initial
// state itself), with `role`'s legal moves there.
inline Situation After(const reasoner::StateMachine& m, int role,
                       const std::vector<std::string>& joint) {
  Situation s;
  auto ws = m.NewWorkspace();
  m.InitialState(&s.state);
  if (!joint.empty()) {
    for (int r = 0; r < m.num_roles(); ++r) {
      s.last_joint.push_back(MoveOf(m, r, joint[static_cast<size_t>(r)]));
    }
    reasoner::State next;
    m.NextState(s.state, s.last_joint, *ws, &next);
    s.state = next;
  }
  FeaturesOf(s.state, &s.features);
  m.LegalMoves(s.state, role, *ws, &s.legal);
  return s;
}

// The prediction for the move spelled `text` in `p` (over s.legal).
inline float P(const reasoner::StateMachine& m, int role, const Situation& s,
               const std::vector<float>& p, std::string_view text) {
  const reasoner::Move want = MoveOf(m, role, text);
  for (size_t i = 0; i < s.legal.size(); ++i) {
    if (s.legal[i] == want) return p[i];
  }
  ADD_FAILURE() << text << " is not legal";
  return -1;
}

}  // namespace ggp::models::testing
