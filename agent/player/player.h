#pragma once
// The move-choosing side of the agent: one Player per match and role, behind one
// interface so that the server, the local match runner (builtin:NAME players) and the
// tournaments use the same policies (random, legal, montecarlo, mcts, minimax, ...).
// Policies are created by name through agent/player/registry.h (MakePlayer, RegisterPolicy).
//
// Lifecycle, in this order: Start once; then for each turn SelectMove (at most once per
// state); Advance with the joint move the server reports (which may differ from what we
// chose); ... ; Finish once. Calls for one Player never overlap (the session serialises
// them), but different Players run concurrently on different threads.
//
// Time: every method that may take time gets a steady-clock deadline and must return by
// it (policies poll the clock; a returned move is always legal in the given state).

#include <chrono>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reasoner/state_machine.h"

namespace ggp::agent {

using SteadyClock = std::chrono::steady_clock;
using Deadline = SteadyClock::time_point;

// What a search reports about one move decision, for the match event log.
struct MoveStats {
  long long iterations = 0;   // playouts / simulations / nodes searched
  // Iterations per second over the span they were counted in (a searching player that
  // ponders counts from its previous decision), -1 if unknown.
  double iterations_per_s = -1;
  long long nodes = 0;        // tree nodes (0 for tree-less policies)
  int max_depth = 0;
  double value = -1;          // expected goal (0..100) of the chosen move, -1 if unknown
  double visit_share = -1;    // share of root visits on the chosen move, -1 if n/a
  bool proven = false;        // the value is proven (solver)
  double elapsed_ms = 0;
  nlohmann::json extra;       // policy-specific details
};
nlohmann::json ToJson(const MoveStats& s);

class Player {
 public:
  virtual ~Player() = default;

  // Short policy name ("random", "mcts", ...).
  virtual std::string_view name() const = 0;

  // The match begins: `machine` is shared and immutable, `role` our index, `initial` the
  // initial state. May prepare until `deadline`. Blocks the calling thread.
  virtual void Start(std::shared_ptr<const reasoner::StateMachine> machine, int role,
                     const reasoner::State& initial, Deadline deadline) = 0;

  // Chooses a legal move of our role in `state` (non-terminal, where we have >= 1 legal
  // move), returning by `deadline`. Blocks the calling thread.
  virtual reasoner::Move SelectMove(const reasoner::State& state, Deadline deadline,
                                    MoveStats* stats) = 0;

  // True while the player, between calls, keeps improving its next decision (a search that
  // ponders and has not settled the game): the session then holds `ready` back until the
  // start deadline, so the whole start clock is thinking time. Quick. Default: false.
  virtual bool ThinksAhead() const { return false; }

  // The joint move (role order) that was applied, and the resulting state. Quick as a
  // rule, but a search may have to finish a state machine call first (seconds where one
  // call is that slow): the session arms its fallback move before calling.
  virtual void Advance(std::span<const reasoner::Move> joint, const reasoner::State& next) = 0;

  // A move of ours for the state that `joint` leads to from the state of the last
  // Start/Advance, from what the policy already knows (a search tree, a best line), or -1
  // for none. The session calls it just before Advance(joint) and sends it (if legal
  // there) in place of the first legal move when the policy cannot answer in time. Quick:
  // never waits for a search. Default: -1.
  virtual reasoner::Move FallbackAfter(std::span<const reasoner::Move> /*joint*/) const {
    return -1;
  }

  // The session has a faster machine for the same game (the board machine, verified
  // against the one given to Start): go on with `machine`, in which `current` is the
  // state of the last Start/Advance. Called between the other calls, never during them.
  // Returns false if the policy keeps its machine (the session then keeps it too); fills
  // `report` (may be null) with what was carried over. Quick: at most a tree to rebuild.
  // Default: false.
  virtual bool SwitchMachine(std::shared_ptr<const reasoner::StateMachine> /*machine*/,
                             const reasoner::State& /*current*/, nlohmann::json* /*report*/) {
    return false;
  }

  // What the policy learned in this match, for the end-of-match log line (e.g. how well its
  // opponent models predicted the opponents' real moves). Quick. Default: null (nothing).
  virtual nlohmann::json Summary() const { return nullptr; }

  // Experience across matches (the experience store, kind "opponent-model"), as JSON
  // documents keyed by the text of an opponent role. LoadExperience is called before Start
  // with what the store holds for this game ({role: body}; roles without a document are
  // absent); the policy may use it from Start on. SaveExperience is called after the last
  // Advance with the store's current documents ({role: body}, possibly empty) and returns
  // the bodies to write back ({role: body}: the stored one with this match added), or null
  // for nothing. Both quick (a replay of the stored matches at most). Defaults: ignore, null.
  virtual void LoadExperience(const nlohmann::json& /*per_role*/) {}
  virtual nlohmann::json SaveExperience(const nlohmann::json& /*stored_per_role*/) const {
    return nullptr;
  }

  // The match is over (or aborted). Free what can be freed. Quick.
  virtual void Finish() = 0;
};

}  // namespace ggp::agent
