#pragma once
// Nested Rollout Policy Adaptation (Rosin, IJCAI 2011) for single-role games: the search
// for puzzles whose space the depth-first solver (puzzle_solver.h) cannot cover, on a
// thread of its own beside it and the MCTS (mcts_player.h runs all three in puzzles).
//
// A policy is one weight per move (the machine's move id, whatever the state: "place
// a peg here", "slide that tile"); a playout draws each move with probability
// proportional to exp(weight) among the legal ones. Level 0 is one playout. Level L runs
// `iterations` searches of level L-1, each from a copy of its own policy, and after each
// one moves its policy towards the best line it has seen so far: that line's moves gain
// `alpha`, every legal alternative along it loses alpha times its probability. A run of
// the top level starts from a uniform policy; runs repeat (each a new start) until the
// search is stopped or a line reaches `max_goal`.
//
// Near misses: where every line scores the same (a puzzle worth 100 or 0, as most are),
// the policy would adapt towards whichever line came first. Where the machine bounds goals
// (StateMachine::GoalUpperBound: latches), a line that misses max_goal is also ranked by
// how many of its states still had max_goal within reach: the bound never rises along a
// line, so a binary search over the line's states finds where it fell, in a few bounds
// per playout (queens12ug: the first queen placed under attack). Lines are compared by
// goal first; the steps only break ties. After 500 playouts whose bound never fell before
// their end, the search stops asking (the bounds say nothing in that game).
//
// Every playout is a complete line from the root and, the rules being deterministic, a
// guarantee of its goal: the best line of all runs is kept (Best(); among lines of one
// goal, the one with the most steps within reach). A line is never replaced by a worse
// one, and after a move of the game the line goes on from there if it began with that
// move. The first run after a move starts from the policy the stopped run had learned
// (a move id is the same move in every state), not from a uniform one.
//
// Threading: the control methods (Start, Advance, Stop) are called by one thread; Best()
// and BestValue() from any thread. The search thread only reads the machine, with its own
// Workspace. Nothing in a playout allocates once the scratch has grown to the game.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "agent/search/background_thread.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

struct NrpaResult {
  int value = -1;                    // goal of the best line found (-1: none yet)
  std::vector<reasoner::Move> line;  // its moves from the current root
  int64_t playouts = 0;              // since the search was made
  int runs = 0;                      // top-level runs finished since the last root
  bool near_misses = false;          // lines are ranked by their steps within reach too
};

class NrpaSearch {
 public:
  struct Options {
    int level = 3;
    int iterations = 100;  // searches of the level below per level
    double alpha = 1.0;
    int max_steps = 4000;  // a longer playout is cut and scored where it stands
    int max_goal = 100;    // a line reaching it ends the search
    uint64_t seed = 1;
    bool near_misses = true;  // rank lines that miss max_goal by the header's steps
    // While this returns true the search waits (asked between playouts, from the search
    // thread; it must be thread-safe): the CPU goes to another search meanwhile.
    std::function<bool()> hold;
  };
  // `machine` must have exactly one role.
  NrpaSearch(std::shared_ptr<const reasoner::StateMachine> machine, Options options);
  ~NrpaSearch();  // stops and joins
  NrpaSearch(const NrpaSearch&) = delete;
  NrpaSearch& operator=(const NrpaSearch&) = delete;

  // Searches from `root` in the background (stopping a running search first).
  void Start(const reasoner::State& root);
  // The move `m` was played and led to `next`: the best line moves on if it began with
  // `m` (else it is dropped), and the search starts again from `next` unless the line
  // already reaches max_goal.
  void Advance(reasoner::Move m, const reasoner::State& next);
  // Stops the search (blocks until the thread has left). The result stays readable.
  void Stop();

  // Runs top-level searches from `root` on the calling thread until `playouts` more
  // playouts have been made or a line reaches max_goal (tests, benchmarks). Returns the
  // best value.
  int SearchFor(const reasoner::State& root, int64_t playouts);

  NrpaResult Best() const;
  int BestValue() const { return best_value_.load(std::memory_order_acquire); }
  bool Running() const { return worker_.Running(); }

 private:
  using Policy = std::vector<double>;  // indexed by move id; missing ids weigh 0
  // A line of moves from the root, with the legal moves of the state each was chosen in:
  // all that Adapt needs, so that adapting a policy never asks the machine again.
  struct Line {
    std::vector<reasoner::Move> moves;
    std::vector<reasoner::Move> legal;  // step i's legal moves: legal[begin[i], begin[i + 1])
    std::vector<uint32_t> begin{0};
    void Clear() {
      moves.clear();
      legal.clear();
      begin.assign(1, 0);
    }
    std::span<const reasoner::Move> LegalAt(size_t i) const {
      return std::span<const reasoner::Move>(legal).subspan(begin[i], begin[i + 1] - begin[i]);
    }
  };
  void Run();
  // One top-level run from a uniform policy; returns false if stopped or over budget.
  bool RunOnce();
  // Level and Playout return a line's score: its goal, plus, for a near miss, a fraction
  // below 1 that grows with its steps within reach of max_goal.
  double Level(int level, const Policy& policy, Line* line);
  double Playout(const Policy& policy, Line* line);
  // The number of states of path_[0..n) from which max_goal is still within reach.
  size_t StepsWithinReach(size_t n);
  void Adapt(const Line& line, Policy* policy);
  // Fills odds_ with exp(w(m) - max w) for each move m of `legal` under `policy` (the
  // softmax's numerators, shifted so that none overflows) and returns their sum.
  double Odds(const Policy& policy, std::span<const reasoner::Move> legal);
  // Keeps `line` (complete, worth `value`) if its score beats the best line's.
  void Offer(int value, double score, const std::vector<reasoner::Move>& line);
  bool Done() const;
  void WaitWhileHeld() const;
  static double Weight(const Policy& p, reasoner::Move m) {
    return m >= 0 && static_cast<size_t>(m) < p.size() ? p[static_cast<size_t>(m)] : 0.0;
  }

  std::shared_ptr<const reasoner::StateMachine> machine_;
  Options options_;
  std::unique_ptr<reasoner::Workspace> ws_;  // the search thread's
  reasoner::Rng rng_;
  reasoner::State root_;
  // Scratch of the search thread.
  std::vector<Policy> policies_;                    // per level
  std::vector<Line> lines_;                         // per level: best line, then a trial's
  Policy before_;                                   // Adapt's copy
  reasoner::State cur_, next_;
  std::vector<reasoner::State> path_;  // the playout's states, root first
  std::atomic<int> near_{-1};          // near misses: -1 not asked yet, 0 off, 1 on
  int64_t near_tries_ = 0;             // playouts scored by their steps
  int64_t near_falls_ = 0;             // ... whose bound fell before their end
  std::vector<reasoner::Move> legal_;
  std::vector<double> odds_;

  std::atomic<int64_t> playouts_{0};
  int64_t budget_ = -1;  // SearchFor: the playout count to stop at (-1: none)
  std::atomic<int> runs_{0};
  std::atomic<int> best_value_{-1};
  mutable std::mutex mu_;  // guards best_line_
  std::vector<reasoner::Move> best_line_;
  double best_score_ = -1;   // the best line's (Playout's score)
  bool warm_ = false;        // control thread, before Start: the next run starts warm
  BackgroundThread worker_;  // last: stopped first
};

}  // namespace ggp::agent::search
