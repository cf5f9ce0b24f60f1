#pragma once
// Single-role games (puzzles): a depth-first solver that proves the best goal reachable
// from the current state and the line that reaches it, on a thread of its own beside the
// MCTS (mcts_player.h uses it for every game with one role).
//
// The search: depth first over states, with a transposition table of the states whose
// subtree is fully explored, keyed by a 64-bit hash of the state's bits and holding the
// best goal reachable from there (exact: deterministic rules, one role). The successors
// of a state are ordered most constrained first: a move's successor drops some fluents of
// the state; a move whose dropped fluent is dropped by the fewest other legal moves goes
// first (in a grid puzzle, the cell with the fewest candidates; the order only changes
// how soon lines are found, never what is proven). A branch stops as soon as it reaches
// the highest goal the role can get (100, or the highest value its goal rules name when
// that is given); a terminal state is worth its goal (kNoGoal: 0). A state met again on
// its own path (rules that loop) is worth nothing there. The search stops when the root is
// proven, when Stop() is called, or never grows the table beyond `memory_mb` (it then
// goes on without storing new states: still sound, only slower).
//
// Dead ends (constraint puzzles): a fluent that must go for the puzzle to be solved (a
// blank cell) and that no legal move can drop any more (no digit fits) stays forever in
// puzzles whose options only shrink. Whether a game is like that is read off random
// playouts at the start (ProbeDeadEnds: no fluent ever got a dropping move back after
// losing all of them while it stayed true, and the playouts' last states would have been
// worth more without such fluents). If so, the search works like a constraint solver: a
// state with a fluent that its parent's moves could drop and none of its own can
// ("stranded") is cut, and a state branches only on the moves that drop its most
// constrained fluent (that fluent has to go, and later its options are fewer). That is a
// reading of the game, not a proof: lines found are exact whatever the reading, and if
// the search ends without a line of max_goal it runs again without the cuts (over a
// cleared table), which is then the proof.
//
// Goal bounds (latches): where the machine proves an upper bound on the goal still
// reachable from a state (StateMachine::GoalUpperBound; the propnet's latches), a state
// whose bound is no better than the best line found is cut. Its subtree is then not
// fully known, so neither it nor an ancestor whose value it might have raised is stored
// as exact; the root is still proven, because what was cut could not beat the best line.
// A bound costs several expansions: after 2000 bounds that cut fewer than 1 state in 100,
// the solver stops asking (snake_2009_big: none cut, and asking made it 6 times slower).
//
// Exclusive moves (placement puzzles: queens, knights). Where the machine proves goal
// bounds, the game was not read as a constraint puzzle, and random playouts from the root
// all last the same number of moves, the solver reads which pairs of the root's moves
// cannot both be on a line that reaches max_goal (after either, the other is illegal or
// its successor's bound is below max_goal; a move that could be played twice spoils the
// reading), and covers the moves with groups of pairwise exclusive moves, greedily in the
// moves' order (a queens board's rows). A line of max_goal takes at most one move of
// each group. Under that reading a state keeps only the moves whose successor can still
// reach max_goal; if fewer groups have such a move than moves remain to be played, it is
// a dead end; if exactly as many, each group must give one, and only the group with the
// fewest is branched on (forward checking, most constrained first). A reading, as above:
// if the search ends without a line of max_goal it runs again without it. (queens12ug,
// 144 moves, 12 to play: 300,000 states in 20 s found no queen-safe line without it.)
//
// Best first (lights-out puzzles): where the machine reads how nearly a state satisfies
// the best goal (StateMachine::GoalLogDegree: a fuzzy reading of the goal's circuit) and
// the game was not read as a constraint puzzle, a root that the depth-first search does
// not finish within `depth_first_slice` expanded states gets a weighted A* on
// depth - 2 x ln(degree), with a set of the states met, for up to `best_first_states`
// generated states or `best_first_seconds`. A line that reaches max_goal ends the search
// (nothing beats it); others are kept as lines found. It gives up where the degree never
// varied over the first 2000 states, and is not tried again once it spent its budget in
// vain. The depth-first search then goes on: it is the proof. (lightsOut: depth first
// finds no dark board in 5 s; best first finds one in 0.08 s, 42,000 states.)
//
// The best complete line found so far is kept at every moment (a guarantee: the rules
// are deterministic), so a solver that cannot finish still improves on the MCTS's line
// wherever it finds a better one.
//
// Threading: the control methods (Start, Advance, Stop) are called by one thread; Best()
// from any thread. The solver's own thread only reads the machine (with its own
// Workspace).

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "agent/search/background_thread.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

struct PuzzleResult {
  int value = -1;                      // goal of the best line found (-1: none yet)
  std::vector<reasoner::Move> line;    // its moves from the current root
  bool proven = false;                 // value is the best reachable (search complete)
  int64_t states = 0;                  // states expanded since the solver was made
  int64_t stored = 0;                  // states in the transposition table
  bool table_full = false;
  bool pruning = false;    // dead ends were cut (see the header)
  bool bounds = false;     // goal bounds were used
  int64_t bound_cuts = 0;  // states cut by their goal bound
  int64_t best_first = -1;  // states the best-first phase generated (-1: not run)
  int groups = -1;          // groups of exclusive moves read (-1: no such reading)
  bool exclusive = false;   // the search runs under that reading (see the header)
};

class PuzzleSolver {
 public:
  struct Options {
    int memory_mb = 256;  // transposition table
    int max_goal = 100;   // the best goal the role can get: a line reaching it ends the search
    int probe_ms = 300;   // ProbeDeadEnds' budget
    int probe_playouts = 30;
    bool goal_bounds = true;  // cut states by the machine's goal bounds (when it has any)
    bool best_first = true;   // the best-first phase (see the header)
    int64_t depth_first_slice = 200'000;  // states expanded depth first before best first
    int64_t best_first_states = 500'000;
    double best_first_seconds = 5;  // of the solver thread's time, whichever comes first
    // Successor states kept per frame of the path, in bytes; wider frames make them again
    // on the way down (a path then holds depth x state, not depth x moves x state).
    size_t max_frame_bytes = size_t{1} << 18;
    bool exclusions = true;  // the exclusive-moves reading (see the header)
    int64_t exclusion_pairs = 70'000;  // most root move pairs it examines
    int exclusion_ms = 1000;           // and its time
  };
  // `machine` must have exactly one role.
  PuzzleSolver(std::shared_ptr<const reasoner::StateMachine> machine, Options options);
  ~PuzzleSolver();  // stops and joins
  PuzzleSolver(const PuzzleSolver&) = delete;
  PuzzleSolver& operator=(const PuzzleSolver&) = delete;

  // Solves from `root` in the background (stopping a running search first). The table is
  // kept across calls: what was proven stays proven.
  void Start(const reasoner::State& root);
  // The move `m` was played and led to `next`: the line moves on if it began with `m`,
  // and the search goes on from `next` (unless the root was already proven).
  void Advance(reasoner::Move m, const reasoner::State& next);
  // Stops the search (blocks until the thread has left). The result stays readable.
  void Stop();

  PuzzleResult Best() const;
  // Parts of Best() without copying the line (for polling and for the search loop).
  int BestValue() const;
  bool Proven() const;
  bool Running() const { return worker_.Running(); }
  // The reading of the game (see dead ends above): -1 not made yet, 1 a constraint puzzle
  // (dead ends are cut), 0 not (or the reading was dropped). Any thread.
  int ConstraintPuzzle() const { return reading_.load(std::memory_order_acquire); }

 private:
  // One state on the search path.
  struct Frame {
    reasoner::State state;
    uint64_t key = 0;
    std::vector<reasoner::Move> moves;      // most constrained first
    std::vector<reasoner::State> children;  // successor of each move (empty: made on demand)
    size_t next = 0;                        // moves[next - 1] is the one being searched
    int best = -1;
    int hidden = -1;  // the most a cut below this frame might have been worth
    std::vector<uint64_t> droppable;  // fluents of `state` that some legal move drops
  };
  class Table;
  void Run(reasoner::State root);
  // Random playouts from `root`: true if no fluent that lost every move that could drop it
  // (while it stayed true) ever got one back, and taking such stranded fluents out of a
  // playout's last state would have raised its goal (they block the goal).
  bool ProbeDeadEnds(const reasoner::State& root);
  // Depth-first search from `root`; returns false if stopped before it was complete.
  bool Solve(const reasoner::State& root, int* value);
  // The best-first phase from `root`; true if it found a line of max_goal.
  bool BestFirst(const reasoner::State& root);
  // Records `line` if `value` beats the best line.
  void OfferLine(int value, std::vector<reasoner::Move> line);
  // Orders `moves` (legal in `state`, successors in `next`) most constrained first;
  // `depth`: the state's distance from the root of Solve (-1: not in Solve).
  void Order(const reasoner::State& state, Frame* f, int depth = -1);
  // The exclusive-moves reading (puzzle_exclusion.cc): reads the groups from `root`; true
  // if the reading applies.
  bool ReadExclusions(const reasoner::State& root);
  // The length every one of a few random playouts from `root` has; -1 if they differ.
  int FixedLength(const reasoner::State& root);
  // Under the reading, marks in `out` the moves of `f` not to search with `remaining`
  // moves left to play, and gives each kept move its group's count of live moves in
  // `rank`.
  void Exclude(const Frame& f, int remaining, std::vector<char>* out, std::vector<int>* rank);
  // Records the line of `path` (then `tail`) if `value` beats the best line.
  void Offer(int value, const std::vector<Frame>& path, const std::vector<reasoner::Move>& tail);
  // The line from `s` (worth `value`, stored) down the table to a terminal of that goal.
  bool WalkTable(reasoner::State s, int value, std::vector<reasoner::Move>* line);

  std::shared_ptr<const reasoner::StateMachine> machine_;
  Options options_;
  std::unique_ptr<Table> table_;
  std::unique_ptr<reasoner::Workspace> ws_;  // the solver thread's
  std::atomic<int64_t> states_{0};
  std::atomic<int> reading_{-1};  // prune_ for other threads
  int prune_ = -1;  // solver thread: -1 not probed yet, 0 no, 1 dead ends are cut
  bool bounds_ = false;  // solver thread: goal bounds are asked
  int64_t bound_evals_ = 0;  // solver thread: bounds asked
  std::atomic<int64_t> bound_cuts_{0};
  bool best_first_spent_ = false;  // solver thread: the phase ran and found no line of max_goal
  std::atomic<int64_t> best_first_generated_{-1};
  int64_t solve_budget_ = -1;  // solver thread: Solve stops when states_ reaches it (-1: never)
  // The exclusive-moves reading, solver thread only.
  std::vector<int32_t> group_of_;  // move -> its group (-1: none; beyond the end: unseen)
  bool exclusive_ = false;         // the reading is in force
  int groups_ = 0;                 // groups read
  int fixed_length_ = -1;          // moves from the root of Solve to every end

  mutable std::mutex mu_;  // guards the result
  PuzzleResult best_;
  BackgroundThread worker_;  // last: stopped first
};

}  // namespace ggp::agent::search
