#pragma once
// The split machine (backend "split"): a propnet for the part of the rules that grounds,
// the prover for the rest. It is for games whose goals (and perhaps terminal) need a
// relation no grounder can instantiate within budget (sudoku's nine-way `exactlyOne` over
// every row, column and square; laikLee_hex's connection paths as lists of cells) while
// their moves and updates ground in milliseconds.
//
//   net     a propnet of the rules kept by gdl::KeepRelevant for role, init, legal, next,
//           base, input (and terminal when `terminal_in_net`). It answers InitialState,
//           LegalMoves and NextState (and IsTerminal), and names fluents and moves: the
//           split machine's states and move ids are the net's.
//   prover  the prover of the whole game. It answers Goal (and IsTerminal when not
//           `terminal_in_net`) on the same state, handed over fluent by fluent through a
//           table from the net's fluent indices to the prover's (made once, at Create).
//
// Goals and terminal depend only on the state, never on moves, so the two halves cannot
// disagree on what a move did. The split is still verified against the prover like any
// propnet (machine_factory.h), because the net's fluents must be all the state there is.
//
// Threads: immutable after Create and shared by any number of threads. A workspace holds
// one workspace of each half and the last state handed to the prover (asking Goal for
// every role of one state converts it once). The prover may allocate; the net does not.

#include <memory>
#include <string>
#include <vector>

#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/prover/prover_machine.h"
#include "reasoner/state_machine.h"

namespace ggp::reasoner {

class SplitWorkspace final : public Workspace {
 public:
  std::unique_ptr<Workspace> net;
  std::unique_ptr<Workspace> prover;
  State handed;     // the last state converted, in the net's indices
  State converted;  // that state in the prover's indices
  bool valid = false;
};

class SplitMachine final : public StateMachine {
 public:
  // `net` and `prover` must be machines of the same game (same symbol table and roles).
  // Returns null, with the reason in `why`, when a fluent of the net has no prover index.
  static std::shared_ptr<const SplitMachine> Create(
      std::shared_ptr<const propnet::PropnetMachine> net,
      std::shared_ptr<const ProverMachine> prover, bool terminal_in_net, std::string* why);

  std::string_view backend() const override { return "split"; }
  std::unique_ptr<Workspace> NewWorkspace() const override;
  void InitialState(State* out) const override { net_->InitialState(out); }
  bool IsTerminal(const State& s, Workspace& ws) const override;
  void LegalMoves(const State& s, int role, Workspace& ws, std::vector<Move>* out) const override;
  void NextState(const State& s, std::span<const Move> joint, Workspace& ws,
                 State* out) const override;
  int Goal(const State& s, int role, Workspace& ws) const override;
  // The net's own loop when it knows terminal; otherwise the generic loop over the queries.
  PlayoutResult RandomPlayout(const State& s, int max_steps, Rng& rng, Workspace& ws, State* end,
                              std::vector<PlayoutMove>* moves,
                              const std::atomic<bool>* stop) const override;

  kif::Term MoveTerm(int role, Move m) const override { return net_->MoveTerm(role, m); }
  std::optional<Move> FindMove(int role, const kif::Term& t) const override {
    return net_->FindMove(role, t);
  }
  std::vector<kif::Term> Fluents(const State& s) const override { return net_->Fluents(s); }

  bool terminal_in_net() const { return terminal_in_net_; }
  const propnet::PropnetMachine& net() const { return *net_; }

  SplitMachine(std::shared_ptr<const propnet::PropnetMachine> net,
               std::shared_ptr<const ProverMachine> prover, bool terminal_in_net,
               std::vector<uint32_t> to_prover);

 private:
  // `s` in the prover's indices (cached in the workspace).
  const State& Converted(const State& s, SplitWorkspace& ws) const;

  std::shared_ptr<const propnet::PropnetMachine> net_;
  std::shared_ptr<const ProverMachine> prover_;
  bool terminal_in_net_;
  std::vector<uint32_t> to_prover_;  // net fluent index -> prover fluent index
};

}  // namespace ggp::reasoner
