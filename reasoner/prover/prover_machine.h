#pragma once
// The reference state machine: evaluates the GDL rules directly, bottom-up, for each state.
//
// How it works (see program.h and evaluator.h): the normalised rules are compiled once
// into patterns over interned ground terms; relations are grouped into strongly connected
// components of the dependency graph and ordered (stratified). Relations that depend on
// neither `true` nor `does` are computed once at construction. For a state, a Workspace
// computes on demand only the components that the query (legal, terminal, goal, next)
// needs, each by a fixpoint, and keeps them until the state changes, so IsTerminal,
// LegalMoves and Goal on one state share their work. Evaluation is iterative: deep
// recursion in the rules cannot overflow the stack.
//
// Fluents and moves are numbered as they are first met (the fluent set is not known in
// advance), through intern tables that are safe to use from many threads.
//
// Thread safety: immutable after construction but for the intern tables (internally
// synchronised); share one machine between threads, one Workspace per thread.

#include <memory>
#include <string>

#include "reasoner/gdl/description.h"
#include "reasoner/state_machine.h"

namespace ggp::reasoner {

namespace prover {
class Program;
}

class ProverMachine final : public StateMachine {
 public:
  // Builds the machine from a parsed description (normalised here). Returns null and
  // sets `error` when the description has no roles or cannot be compiled.
  static std::shared_ptr<const ProverMachine> Build(const gdl::Description& description,
                                                    std::string* error);

  ~ProverMachine() override;

  std::string_view backend() const override { return "prover"; }
  std::unique_ptr<Workspace> NewWorkspace() const override;
  void InitialState(State* out) const override;
  bool IsTerminal(const State& s, Workspace& ws) const override;
  void LegalMoves(const State& s, int role, Workspace& ws, std::vector<Move>* out) const override;
  void NextState(const State& s, std::span<const Move> joint, Workspace& ws,
                 State* out) const override;
  int Goal(const State& s, int role, Workspace& ws) const override;

  kif::Term MoveTerm(int role, Move m) const override;
  std::optional<Move> FindMove(int role, const kif::Term& t) const override;
  std::vector<kif::Term> Fluents(const State& s) const override;
  // The index of fluent `t` (a ground term, without `true`) in this machine's states,
  // numbered now if it was not met yet: for machines that hand states over to this one
  // (reasoner/factory/split_machine.h). A boundary method; thread-safe.
  uint32_t FluentIndexOf(const kif::Term& t) const;

  ProverMachine(std::shared_ptr<kif::SymbolTable> symbols, std::vector<kif::Term> roles,
                std::unique_ptr<prover::Program> program);

 private:
  std::unique_ptr<prover::Program> program_;
};

}  // namespace ggp::reasoner
