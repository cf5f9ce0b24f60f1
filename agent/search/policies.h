#pragma once
// Hooks for opponent models, and the random generator every search thread owns.
//
//   MovePrior:     P(a | s, role) for each legal move a of `role` in `s`. MCTS uses it in
//                  selection (a PUCT-style bonus, see mcts_search.h) and to order which
//                  unvisited move is tried first. Default: uniform (plain UCT).
//   PlayoutPolicy: picks the move of `role` in a playout. Default: uniform random.
//
// Thread safety: both are called concurrently from every search thread, each with its own
// Rng. Implementations must be safe for concurrent calls and should not allocate (they run
// in the hot loop). They must not block.

#include <cstddef>
#include <cstdint>
#include <span>

#include "reasoner/random.h"
#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

// The per-thread generator of the search (reasoner/random.h).
using Rng = reasoner::Rng;

class MovePrior {
 public:
  virtual ~MovePrior() = default;
  // Writes one probability per entry of `legal` into `out` (same size, non-negative; the
  // search normalises the sum to 1). Called once per role when a tree node is created.
  // `last_joint` is the joint move (one per role, role order) that led to `state`, empty
  // when the search does not know it (a root set without a move, e.g. the initial state).
  virtual void Prior(const reasoner::State& state, std::span<const reasoner::Move> last_joint,
                     int role, std::span<const reasoner::Move> legal,
                     std::span<float> out) const = 0;
  // How far the prior may stand in for `role`'s own choice where it moves at the same time
  // as another role (0..1): there the search draws the role's move from the prior with this
  // probability times SearchParams::simultaneous_follow. 0 (the default): never. May change
  // during a search; read on every visit of such a node, so it must be cheap.
  virtual double Trust(int /*role*/) const { return 0.0; }
};

class UniformPrior final : public MovePrior {
 public:
  void Prior(const reasoner::State&, std::span<const reasoner::Move>, int,
             std::span<const reasoner::Move> legal, std::span<float> out) const override {
    const float p = legal.empty() ? 0.0f : 1.0f / static_cast<float>(legal.size());
    for (float& x : out) x = p;
  }
};

class PlayoutPolicy {
 public:
  virtual ~PlayoutPolicy() = default;
  // Returns an index into `legal` (non-empty) for `role` in `state`.
  virtual size_t Choose(const reasoner::State& state, int role,
                        std::span<const reasoner::Move> legal, Rng& rng) const = 0;
  // True if Choose draws uniformly, exactly as rng.Below(legal.size()): the search then
  // lets the machine run the whole playout (StateMachine::RandomPlayout).
  virtual bool uniform() const { return false; }
};

class UniformPlayout final : public PlayoutPolicy {
 public:
  size_t Choose(const reasoner::State&, int, std::span<const reasoner::Move> legal,
                Rng& rng) const override {
    return rng.Below(static_cast<uint32_t>(legal.size()));
  }
  bool uniform() const override { return true; }
};

}  // namespace ggp::agent::search
