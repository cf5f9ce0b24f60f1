#pragma once
// Exact values of game endings, for the games MCTS plays against others (issue 24:
// MCTS-minimax hybrids). Random playouts misjudge endings decided by tempo or parity
// (who has to open the next chain in dots and boxes, zugzwang); a search to the end of
// the game does not, once few enough moves remain.
//
// Alpha-beta (Knuth & Moore, 1975) over our goal, to terminal states only (no depth
// limit, no evaluation):
//
//   V(s) = goal_us(s)                                         if s is terminal
//        = max_{a in A_us(s)} min_{b in A_others(s)} V(next(s, a, b))   otherwise
//
// In a turn-taking game one of the two levels is the mover's single noop, and V is the
// minimax value. Where others move at the same time as us, or several others move, they
// are read as answering our move together against us (the paranoid reading): V is then
// what we can guarantee, a lower bound of what we get whatever they do.
//
// A transposition table keeps, per state (64-bit hash), the bounds proven on V and the
// mover's best choice there. A bound proven below a state is a fact of the game, not of
// one search, so the table lives across calls: the subtrees an unfinished call completed
// are found again by the next call, a move later, and the ending is solved sooner. Move
// order: the table's best choice first, then by the history heuristic (Schaeffer, 1989:
// per role and move, the size of the subtrees its cut-offs saved).
//
// Thread safety: one thread at a time (the player's); the machine is shared and only read.
// Memory: the table is allocated at construction (options.table_bytes, 16 bytes an entry)
// and replaced in place when full.

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "agent/player/player.h"
#include "agent/search/exact_search.h"
#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

struct EndgameOptions {
  int64_t table_bytes = int64_t{32} << 20;
  // A path longer than this many joint moves stops the call unsolved (games whose
  // endings are this long are not endings).
  int max_depth = 400;
};

struct EndgameResult {
  bool solved = false;       // value is V(root)
  int value = -1;            // V(root), 0..100, when solved
  reasoner::Move move = -1;  // when solved and we have a choice: a move that achieves V
  // V is the game's value, not only a guarantee: two roles, constant-sum goals, and no
  // state where both roles had a choice was met by this solver so far.
  bool exact = false;
  int64_t nodes = 0;    // states expanded by this call
  int64_t entries = 0;  // table entries in use after it
  // The root's children whose search this call finished (our moves where we choose, else
  // the others' replies), counting those the table answered: how far an unsolved call got.
  int root_done = 0;
};

class EndgameSolver {
 public:
  EndgameSolver(std::shared_ptr<const reasoner::StateMachine> machine, int role,
                const EndgameOptions& options);

  // Searches V(root) until it is known, `deadline` passes or `stop` (may be null) is set.
  // Blocks the calling thread for at most that long, plus the calls up to the next poll
  // (every 16th, terminal states included, exact_search.h).
  EndgameResult Solve(const reasoner::State& root, Deadline deadline,
                      const std::atomic<bool>* stop);

  // Forgets what the table holds (another game, or another machine's states).
  void Clear();

 private:
  struct Entry {
    uint64_t key = 0;   // state hash | 1; 0: empty
    uint8_t lo = 0;     // V >= lo
    uint8_t hi = 100;   // V <= hi
    uint16_t best = 0;  // index of the mover's best choice (ours, or the one replier's)
    uint32_t unused = 0;
  };
  static_assert(sizeof(Entry) == 16);

  // Per ply scratch, grown before the recursion reaches it.
  struct Ply {
    std::vector<std::vector<reasoner::Move>> legal;  // per role
    std::vector<uint32_t> counter;                   // mixed-radix counter over the others
    std::vector<uint32_t> order;                     // the chooser's choices, best first
    std::vector<reasoner::Move> joint;
    reasoner::State next;
  };

  int Search(const reasoner::State& s, int alpha, int beta, size_t ply);
  // The value of our move `a` at ply `ply`: the min over the others' joint replies, searched
  // with the window (floor, beta); `best_reply` gets the reply index that gave it where a
  // single other role chooses.
  // `replier` >= 0: that role's replies are tried in the ply's order.
  int MinOverReplies(const reasoner::State& s, size_t a, int floor, int beta, size_t ply,
                     int replier, uint32_t* best_reply);
  // Fills p->order with the chooser's choices: `first` (the table's), then by history.
  void Order(int chooser, uint32_t first, Ply* p);
  void Credit(int chooser, reasoner::Move move, int64_t before);
  void Store(uint64_t key, int value, int alpha, int beta, uint32_t best);
  void NoteTerminal(const reasoner::State& s, int ours);
  bool TimeUp();

  std::shared_ptr<const reasoner::StateMachine> machine_;
  const int role_;
  const EndgameOptions options_;
  std::unique_ptr<reasoner::Workspace> ws_;
  KeyedTable<Entry> table_;
  int64_t entries_ = 0;
  std::vector<Ply> plies_;
  MoveHistory history_;

  Deadline deadline_{};
  const std::atomic<bool>* stop_ = nullptr;
  int64_t nodes_ = 0;
  int64_t calls_ = 0;  // Search calls of this object, for PollStop
  bool aborted_ = false;
  bool simultaneous_ = false;  // sticky: a state where two roles choose was met
  int goal_sum_ = -1;          // the goals' sum at the first terminal met; -2: not constant
  uint32_t root_choice_ = 0;   // the root's best choice, set by Search at ply 0
  int root_done_ = 0;          // EndgameResult::root_done of the running call
};

}  // namespace ggp::agent::search
