#pragma once
// The state machine seam: one interface, several back ends (prover, propnet, board/DFA).
//
//   roles, initial state, legal moves, next state, terminal, goals
//
// Contract for every back end:
//  - A StateMachine is immutable after construction and may be shared by any number of
//    threads. Each thread passes its own Workspace (NewWorkspace()) to the query methods;
//    a Workspace must not be used by two threads at once. Workspaces may cache the
//    evaluation of the last state they saw, so asking IsTerminal, LegalMoves and Goal
//    about one state in a row is cheap.
//  - Roles are indices 0..num_roles()-1 in the order of the (role ...) facts.
//  - A Move is a small integer naming one move term of one role: the same term may have
//    different ids for different roles. Ids are stable for the machine's lifetime.
//  - States are fluent bitsets (state.h) whose indices belong to the machine that made
//    them: never mix states of two machines.
//  - Query methods do not allocate once output vectors and states have reached their
//    working capacity (back ends strive for this; the prover may allocate).
//  - Symbols appear only in the boundary methods at the bottom (MoveTerm, FindMove,
//    Fluents), which are for the protocol edge, logs and conformance, not hot loops.
//  - RandomPlayout has a generic implementation over the queries above; a back end may
//    override it with a faster loop, but must draw the same moves from the same Rng.
//  - Errors in the rules (a role without legal moves, no goal) are reported through the
//    results (an empty legal list, kNoGoal), never by crashing.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "reasoner/kif/symbol_table.h"
#include "reasoner/kif/term.h"
#include "reasoner/random.h"
#include "reasoner/state.h"

namespace ggp::reasoner {

using Move = int32_t;
inline constexpr int kNoGoal = -1;

// One role's move in a random playout, with the number of legal moves it was drawn from
// (1: the move was forced).
struct PlayoutMove {
  Move move;
  uint32_t choices;
};

struct PlayoutResult {
  int steps = 0;          // joint moves played
  bool terminal = false;  // the final state is terminal
  bool stuck = false;     // some role had no legal move in the final state
  bool stopped = false;   // `stop` was seen set; the final state is where it stopped

  // The checks every RandomPlayout loop makes before a step, in this order: records why
  // the playout ends there and returns true, or returns false to play the step.
  bool EndsHere(bool is_terminal, int max_steps, const std::atomic<bool>* stop) {
    terminal = is_terminal;
    if (is_terminal || steps >= max_steps) return true;
    stopped = stop != nullptr && stop->load(std::memory_order_relaxed);
    return stopped;
  }
};

// Per-thread scratch space of one machine. Opaque to callers.
class Workspace {
 public:
  virtual ~Workspace() = default;
};

// A compiled linear function of a state's fluents (StateMachine::CompileFluentWeights).
// Immutable; Sum may be called from any number of threads and allocates nothing.
class FluentWeights {
 public:
  virtual ~FluentWeights() = default;
  // The sum, over the true fluents of `s`, of the weight compiled for each.
  virtual double Sum(const State& s) const = 0;
};

class StateMachine {
 public:
  virtual ~StateMachine() = default;

  // Short name of the back end: "prover", "propnet", ...
  virtual std::string_view backend() const = 0;

  int num_roles() const { return static_cast<int>(roles_.size()); }
  const kif::Term& role(int r) const { return roles_[static_cast<size_t>(r)]; }
  const std::vector<kif::Term>& roles() const { return roles_; }
  const kif::SymbolTable& symbols() const { return *symbols_; }
  const std::shared_ptr<kif::SymbolTable>& shared_symbols() const { return symbols_; }

  virtual std::unique_ptr<Workspace> NewWorkspace() const = 0;

  virtual void InitialState(State* out) const = 0;
  virtual bool IsTerminal(const State& s, Workspace& ws) const = 0;
  // The legal moves of `role` in `s`, in a deterministic order, without duplicates;
  // `out` is overwritten. Empty if the rules give the role no legal move.
  virtual void LegalMoves(const State& s, int role, Workspace& ws, std::vector<Move>* out) const = 0;
  // The successor of `s` under `joint` (one move per role, role order). `out` may not alias
  // `s`. Moves need not be legal: the successor is whatever the rules derive.
  virtual void NextState(const State& s, std::span<const Move> joint, Workspace& ws,
                         State* out) const = 0;
  // The goal value (0..100) of `role` in `s`; kNoGoal if none holds. If the rules give
  // several values, the highest.
  virtual int Goal(const State& s, int role, Workspace& ws) const = 0;

  // Plays from `s`: while the state is not terminal and fewer than `max_steps` joint moves
  // were played, each role in order draws its move as legal[rng.Below(legal.size())] from
  // its LegalMoves; then NextState. Stops early when a role has no legal move or when
  // `stop` (may be null; polled once per step) is set. Writes the final state to `end`
  // (which may not alias `s`) and, if `moves` is not null, appends num_roles() entries per
  // step. Goals of `end` are then cheap to ask with the same workspace.
  virtual PlayoutResult RandomPlayout(const State& s, int max_steps, Rng& rng, Workspace& ws,
                                      State* end, std::vector<PlayoutMove>* moves,
                                      const std::atomic<bool>* stop) const;
  // Whether DecisivePlayout is a loop of the back end's own (else it is RandomPlayout).
  virtual bool HasDecisivePlayout() const { return false; }
  // As RandomPlayout (same arguments, same outputs), but in games where one role moves at
  // a time its moves are not uniform: a mover that can win at once does so (decisive
  // move); otherwise, if the opponent could win with its next move, the mover takes a
  // move after which it cannot, where it finds one (anti-decisive move; the back end says
  // which moves it tries), and draws at random only when it finds none. The draws differ
  // from RandomPlayout's. Default: RandomPlayout.
  virtual PlayoutResult DecisivePlayout(const State& s, int max_steps, Rng& rng, Workspace& ws,
                                        State* end, std::vector<PlayoutMove>* moves,
                                        const std::atomic<bool>* stop) const {
    return RandomPlayout(s, max_steps, rng, ws, end, moves, stop);
  }

  // ---- Game analysis (optional; back ends without it know nothing) ----

  // The highest goal `role` can still get from `s` in any continuation that ends in a
  // terminal state, as far as the back end can prove it from the rules (the propnet: from
  // latches, propnet/latches.h); 100 when it proves nothing, -1 when no goal value of
  // the role can hold any more. Much slower than Goal(): for searches that prune.
  virtual int GoalUpperBound(const State& s, int role, Workspace& ws) const {
    (void)s;
    (void)role;
    (void)ws;
    return 100;
  }
  // Whether GoalUpperBound can answer less than 100 at all (the analysis found something
  // to bound goals with). May run the analysis on first call; thread-safe.
  virtual bool ProvesGoalBounds() const { return false; }
  // How nearly `s` satisfies the best goal of `role`, as the natural logarithm of a degree
  // in [0, 1] (the propnet: a fuzzy reading of the goal's circuit, propnet/fuzzy_goal.h);
  // only its order between states means anything. Empty where the back end has no such
  // reading or the goal reads no fluent. Costs a pass over the goal's circuit: for
  // searches that score each state once.
  virtual std::optional<double> GoalLogDegree(const State& s, int role, Workspace& ws) const {
    (void)s;
    (void)role;
    (void)ws;
    return std::nullopt;
  }

  // The bits of the fluents that can change a legal move, goal or terminal flag of a state
  // or of its successors (State's word layout; words past the end: all bits). Two states
  // equal on these bits have the same future under every line of play, so a search may
  // take them for one state. Empty (the default): every fluent counts. The propnet leaves
  // out its dead fluents (propnet/dead_fluents.h). Fixed for the machine's life.
  virtual std::span<const uint64_t> LiveFluentMask() const { return {}; }
  // A key of `s` for transposition tables: the hash of its live bits (LiveFluentMask), so
  // states equal on them share a key; the state's hash where every fluent counts.
  uint64_t TranspositionKey(const State& s) const {
    const std::span<const uint64_t> keep = LiveFluentMask();
    return keep.empty() ? s.Hash() : State::HashWordsMasked(s.words(), keep);
  }

  // ---- Symbol boundary (not for hot loops) ----
  // The term of a move id of `role`.
  virtual kif::Term MoveTerm(int role, Move m) const = 0;
  // The id of move term `t` for `role`, if the machine can name it (it need not be legal
  // anywhere). Ground terms only.
  virtual std::optional<Move> FindMove(int role, const kif::Term& t) const = 0;
  // The fluents of `s` as terms (without the surrounding `true`), in index order.
  virtual std::vector<kif::Term> Fluents(const State& s) const = 0;
  // Whether a state is the set of its true fluents: State::ForEach visits one index per
  // fluent, in the order Fluents() names them, and an index names the same fluent in every
  // state of this machine (learners that weigh fluents by index rely on it). False for
  // back ends with packed states of their own (the board machine).
  virtual bool FluentIndexedStates() const { return true; }
  // For back ends whose states are not fluent sets: compiles "the sum of weight(term) over
  // the state's true fluents", calling `weight` (on this thread, before returning) once
  // for each fluent the machine's states can hold. Null where the back end does not
  // offer it (the default; fluent-set machines are summed by index instead).
  virtual std::unique_ptr<const FluentWeights> CompileFluentWeights(
      const std::function<double(const kif::Term&)>& weight) const {
    (void)weight;
    return nullptr;
  }

 protected:
  StateMachine(std::shared_ptr<kif::SymbolTable> symbols, std::vector<kif::Term> roles)
      : symbols_(std::move(symbols)), roles_(std::move(roles)) {}

 private:
  std::shared_ptr<kif::SymbolTable> symbols_;
  std::vector<kif::Term> roles_;
};

// Move `m` of `role` in `from`, as the same move of `to`, another machine of the same game
// (e.g. the propnet's move on the board machine), through its GDL term; nullopt if `to`
// has no such move. Works across symbol tables. A boundary function: it builds terms.
std::optional<Move> TranslateMove(const StateMachine& from, const StateMachine& to, int role, Move m);

}  // namespace ggp::reasoner
