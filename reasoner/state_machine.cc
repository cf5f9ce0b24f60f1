#include "reasoner/state_machine.h"

namespace ggp::reasoner {

PlayoutResult StateMachine::RandomPlayout(const State& s, int max_steps, Rng& rng,
                                          Workspace& ws, State* end,
                                          std::vector<PlayoutMove>* moves,
                                          const std::atomic<bool>* stop) const {
  PlayoutResult result;
  const size_t n = roles_.size();
  // Thread-local scratch keeps this generic loop allocation-free after the first call
  // without widening the Workspace contract.
  thread_local std::vector<Move> legal;
  thread_local std::vector<Move> joint;
  thread_local State next;
  joint.resize(n);
  *end = s;
  while (!result.EndsHere(IsTerminal(*end, ws), max_steps, stop)) {
    const size_t mark = moves != nullptr ? moves->size() : 0;
    for (size_t r = 0; r < n && !result.stuck; ++r) {
      LegalMoves(*end, static_cast<int>(r), ws, &legal);
      if (legal.empty()) {
        result.stuck = true;
        break;
      }
      const auto choices = static_cast<uint32_t>(legal.size());
      joint[r] = legal[rng.Below(choices)];
      if (moves != nullptr) moves->push_back({joint[r], choices});
    }
    if (result.stuck) {
      if (moves != nullptr) moves->resize(mark);  // drop this step's partial joint move
      break;
    }
    NextState(*end, joint, ws, &next);
    std::swap(*end, next);
    ++result.steps;
  }
  return result;
}

std::optional<Move> TranslateMove(const StateMachine& from, const StateMachine& to, int role, Move m) {
  kif::Term term = from.MoveTerm(role, m);
  if (&from.symbols() != &to.symbols()) {
    std::vector<kif::Diagnostic> errors;
    if (!kif::ParseTerm(kif::ToString(term, from.symbols()), *to.shared_symbols(), &term, &errors)) {
      return std::nullopt;
    }
  }
  return to.FindMove(role, term);
}

}  // namespace ggp::reasoner
