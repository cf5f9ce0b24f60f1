#pragma once
// The state machine seam (reasoner/state_machine.h) over NaiveModel (naive_model.h), so
// reasoner::VerifyAgainst can compare it with the prover: every query computes the whole
// model of the state (and joint move) from scratch.
//
// Fluents and moves are numbered as they are first met. Thread safety: NOT shareable
// between threads (the numbering is unsynchronised); the suite uses one per game on one
// thread. Queries on a model that overflows `max_atoms` report nothing (no fluents, no
// moves, terminal) and set overflowed().

#include <memory>
#include <unordered_map>
#include <vector>

#include "reasoner/gdl/description.h"
#include "reasoner/state_machine.h"
#include "tests/generated/naive_model.h"

namespace ggp::testing {

class NaiveMachine final : public reasoner::StateMachine {
 public:
  explicit NaiveMachine(const gdl::Description& d, size_t max_atoms = 200000);

  std::string_view backend() const override { return "naive"; }
  std::unique_ptr<reasoner::Workspace> NewWorkspace() const override;
  void InitialState(reasoner::State* out) const override;
  bool IsTerminal(const reasoner::State& s, reasoner::Workspace& ws) const override;
  void LegalMoves(const reasoner::State& s, int role, reasoner::Workspace& ws,
                  std::vector<reasoner::Move>* out) const override;
  void NextState(const reasoner::State& s, std::span<const reasoner::Move> joint,
                 reasoner::Workspace& ws, reasoner::State* out) const override;
  int Goal(const reasoner::State& s, int role, reasoner::Workspace& ws) const override;

  kif::Term MoveTerm(int role, reasoner::Move m) const override;
  std::optional<reasoner::Move> FindMove(int role, const kif::Term& t) const override;
  std::vector<kif::Term> Fluents(const reasoner::State& s) const override;

  bool overflowed() const { return overflowed_; }

 private:
  // Numbers `t` in `terms`/`ids`, adding it if new.
  static int Number(const kif::Term& t, std::vector<kif::Term>* terms,
                    std::unordered_map<kif::Term, int, kif::TermHash>* ids);
  // The model of state `s` with `joint` (empty: no moves), cached in `ws` per state.
  const AtomSet& ModelOf(const reasoner::State& s, std::span<const reasoner::Move> joint,
                         reasoner::Workspace& ws) const;
  reasoner::State StateOf(const AtomSet& model, kif::SymbolId keyword) const;

  NaiveModel model_;
  size_t max_atoms_;
  mutable bool overflowed_ = false;
  mutable std::vector<kif::Term> fluents_;
  mutable std::unordered_map<kif::Term, int, kif::TermHash> fluent_ids_;
  mutable std::vector<std::vector<kif::Term>> moves_;
  mutable std::vector<std::unordered_map<kif::Term, int, kif::TermHash>> move_ids_;
};

}  // namespace ggp::testing
