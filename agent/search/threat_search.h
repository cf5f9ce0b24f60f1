#pragma once
// Short forced wins, for the traps MCTS walks into (issue 24: MCTS-minimax hybrids; Baier
// & Winands, "Monte-Carlo Tree Search and minimax hybrids", CIG 2013). In connect-four-like
// games a threat sequence a few plies deep decides the game, and random playouts rate the
// move that allows it about as well as any other until the tree is deep enough to see the
// whole sequence: the loss is proven one or two moves too late.
//
// ThreatSearch answers one question exactly: can `attacker` force a terminal state where its
// goal is 100 within `depth` joint moves from a state, whatever every other role does?
// An AND/OR search, depth-limited:
//
//   W(s, d) = goal_attacker(s) == 100                   if s is terminal
//           = false                                     if d == 0
//           = OR over the attacker's moves  W(next, d - 1)   where the attacker chooses
//           = AND over the chooser's moves  W(next, d - 1)   where another role chooses
//           = W(next(s, the joint move), d - 1)              where nobody chooses
//
// A state where two or more roles choose at once is answered false (not shown): a forced
// win there would need the attacker's move to answer moves it cannot see. So true is
// always a proof; false means "not within d", or "not shown" where roles move together.
// Where no threat exists the search is cheap: each defender node needs only one move that
// refutes the attack, tried first from the table (the refutation found last time) or by
// history, so depth d costs about b^(d/2) successors for b moves a ply.
//
// A transposition table keeps, per state and attacker, the depth a win was shown within
// and the depth no win exists within (both are facts of the game: a win within d is a win
// within any d' > d, none within d is none within any d' < d), so iterative deepening and
// the calls of later moves reuse them.
//
// Thread safety: one thread at a time; the machine is shared and only read. Memory: the
// table is allocated at construction (options.table_bytes, 16 bytes an entry); a full
// table overwrites the home slot.

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "agent/player/player.h"
#include "agent/search/exact_search.h"
#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

struct ThreatOptions {
  int64_t table_bytes = int64_t{16} << 20;
  int max_depth = 32;  // deeper calls are cut to this
};

enum class Threat : uint8_t {
  kForced,    // the attacker can force its 100 within the depth (a proof)
  kNotShown,  // not within the depth (or roles move together somewhere on the way)
  kUnknown,   // the deadline or the stop flag ended the call first
};

class ThreatSearch {
 public:
  ThreatSearch(std::shared_ptr<const reasoner::StateMachine> machine, const ThreatOptions& options);

  // W(s, depth) for `attacker`, until `deadline` or `stop` (may be null). Blocks for at
  // most that long plus the calls up to the next poll (every 16th, exact_search.h). Where the
  // attacker chooses at `s` and the answer is kForced, `*move` (may be null) gets a legal move of
  // the attacker's that keeps the win (-1 elsewhere).
  Threat Forced(const reasoner::State& s, int attacker, int depth, Deadline deadline,
                const std::atomic<bool>* stop, reasoner::Move* move = nullptr);

  // States expanded since construction (or Clear).
  int64_t nodes() const { return nodes_; }
  // Forgets the table (another game, or another machine's states).
  void Clear();

 private:
  struct Entry {
    uint64_t key = 0;    // state hash mixed with the attacker, | 1; 0: empty
    uint8_t win = 0xff;  // a win is shown within this depth (0xff: none shown)
    uint8_t none = 0;    // no win exists within this depth (0: nothing known)
    uint16_t best = 0;   // the attacker's winning choice, or the defender's refutation
    uint32_t unused = 0;
  };
  static_assert(sizeof(Entry) == 16);
  struct Ply {
    std::vector<std::vector<reasoner::Move>> legal;  // per role
    std::vector<uint32_t> order;                     // the chooser's choices, tried in turn
    std::vector<reasoner::Move> joint;
    reasoner::State next;
  };

  bool Search(const reasoner::State& s, int depth, size_t ply);
  void Store(uint64_t key, bool win, int depth, uint32_t best);
  void Order(int chooser, uint32_t first, Ply* p);
  void Credit(int chooser, reasoner::Move move, int64_t before);
  bool TimeUp();

  std::shared_ptr<const reasoner::StateMachine> machine_;
  const ThreatOptions options_;
  std::unique_ptr<reasoner::Workspace> ws_;
  KeyedTable<Entry> table_;
  std::vector<Ply> plies_;
  MoveHistory history_;
  int attacker_ = 0;
  uint64_t salt_ = 0;  // mixed into the keys: the attacker
  Deadline deadline_{};
  const std::atomic<bool>* stop_ = nullptr;
  int64_t nodes_ = 0;
  int64_t calls_ = 0;  // Search calls of this object, for PollStop
  bool aborted_ = false;
  uint32_t root_best_ = 0;
};

}  // namespace ggp::agent::search
