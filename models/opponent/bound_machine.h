#pragma once
// The game as seed 003's models see it: a state machine bound to the modelled role, made
// by OpponentModel::Bind and shared (shared_ptr<const>) by a model and all its clones.
//
//   Rewards(s, legal, q)     Q(s, a) for each legal move a of the role in `s`: the seed's
//                            "expand one step, simulate once". Every other role's move in
//                            the joint move is drawn uniformly from its legal moves (a
//                            forced move is simply played), the successor is played out by
//                            the machine's RandomPlayout (at most `max_steps` joint moves),
//                            and Q is the role's goal at the end scaled to 0..1 (no goal:
//                            0), averaged over `simulations` such playouts.
//   Echo(from, m, mirror)    the role's move whose GDL term is role `from`'s move `m`
//                            (mirror: with direction words swapped, MirrorTerm), or -1 if
//                            the machine has no such move for the role.
//
// Ownership: keeps the machine alive. Thread safety: every method is const and may run on
// any number of threads at once. Rewards takes a scratch (workspace, states, move lists,
// random generator) from a pool under a mutex held only to pop or push one pointer, making
// a new one when all are in use: it allocates only until the pool holds one scratch per
// concurrent caller and their vectors have grown (then never; the prover back end may
// allocate inside its own queries). Echo memoises per (from role, move id) under a
// shared_mutex: a hit allocates nothing, a miss builds terms once. Never blocks on I/O.

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <span>
#include <vector>

#include "reasoner/kif/symbol_table.h"
#include "reasoner/kif/term.h"
#include "reasoner/random.h"
#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::models {

// `t` with every direction word swapped (up/down, left/right, north/south, east/west): whole
// symbols or words within one at a boundary (the ends, a non-letter, a camel-case capital),
// in the case of the word replaced: up -> down, UP -> DOWN, moveUp -> moveDown, move_up ->
// move_down, upLeft -> downRight; "setup", "upgrade" stay. Other symbols, numbers included,
// are copied. nullopt if a mirrored symbol is not in `symbols` (no move can use it).
std::optional<kif::Term> MirrorTerm(const kif::Term& t, const kif::SymbolTable& symbols);

class BoundMachine {
 public:
  // `role` is the modelled role (0 <= role < machine->num_roles()).
  BoundMachine(std::shared_ptr<const reasoner::StateMachine> machine, int role);
  ~BoundMachine();
  BoundMachine(const BoundMachine&) = delete;
  BoundMachine& operator=(const BoundMachine&) = delete;

  const reasoner::StateMachine& machine() const { return *machine_; }
  int role() const { return role_; }

  // Writes Q(s, legal[i]) into q[i] (q.size() == legal.size()). `legal` are the role's legal
  // moves in `s`. Returns false (q all 0) if another role has no legal move in `s`.
  bool Rewards(const reasoner::State& s, std::span<const reasoner::Move> legal, int simulations,
               int max_steps, std::span<float> q) const;

  reasoner::Move Echo(int from, reasoner::Move m, bool mirror) const;

  // Playouts run by Rewards so far (all threads); for cost reports and tests.
  int64_t playouts() const;

 private:
  struct Scratch;
  std::unique_ptr<Scratch> Acquire() const;
  void Release(std::unique_ptr<Scratch> s) const;

  std::shared_ptr<const reasoner::StateMachine> machine_;
  int role_;
  mutable std::mutex pool_mu_;
  mutable std::vector<std::unique_ptr<Scratch>> pool_;  // idle scratches
  mutable uint64_t scratches_made_ = 0;                 // seeds their generators (pool_mu_)
  mutable std::atomic<int64_t> playouts_{0};
  // echo_[mirror][from][m]: kUnknown, -1 (no such move) or the role's move id.
  static constexpr reasoner::Move kUnknown = -2;
  mutable std::shared_mutex echo_mu_;
  mutable std::vector<std::vector<reasoner::Move>> echo_[2];
};

}  // namespace ggp::models
