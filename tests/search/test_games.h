#pragma once
// Small hand-written games for the search tests, behind the StateMachine seam.
//
// A CellGame describes a game over a short vector of small integers ("cells"); CellMachine
// adapts it to reasoner::StateMachine with one fluent per (cell, value). The games:
//   tic-tac-toe  cells 0..8 (0 empty, 1 x, 2 o), cell 9 whose turn (0 xplayer, 1 oplayer);
//                moves 0..8 mark a cell, 9 noop; win 100 / loss 0 / draw 50.
//   nim          cells = pile sizes, last cell whose turn; move pile*16 + take, 1023 noop;
//                whoever takes the last object wins.
//   duel         simultaneous, one round: both roles pick 0..2; picking 2 is dominant:
//                goal_r = 50 + 25 [a_r = 2] - 25 [a_other = 2] (constant sum 100).
//   surewin      as duel, but left wins (100, right 0) with 2 or by matching right's pick;
//                otherwise right wins (constant sum).
//   three        three roles in turn each pick 0 or 1; goal_r = 100 * pick_r.
//   kingmaker    red alone picks 0 or 1 and the game ends; red and blue get 0 either way,
//                green gets 100 if red picked 1.
//   gatekeeper   three roles: us (0) either guards (ends: us 40) or passes; then gate (1)
//                blocks (ends: us 60, gate 10) or lets threat (2) win (threat 100).
//                Max^n expects gate to block; a paranoid reading, that it lets threat win.
//   holdout      two roles, not constant-sum: us (0) settles (ends: us 40, them 60) or
//                presses; then them (1) resigns (us 100, them 0) or holds out (both 0).
//                Them gets 0 either way; a rival holds out. Holdout("random") names
//                the opponent `random`: chance, nobody's rival.
//   lock         one role picks digits 0..3 four times; 100 for the code, 0 otherwise.
//   grab         simultaneous, `rounds` rounds: both pick 0 (a), 1 (b) or 2 (pass); a role
//                scores a point with a or b when the other did not pick the same; goal
//                100 * points / rounds. Not constant-sum: picking apart scores for both.
//   guess        simultaneous, `rounds` rounds: both pick 0..2; the seeker (0) scores a
//                point when the picks match, the hider (1) when they differ; seeker's goal
//                100 * points / rounds, the hider's the rest (constant sum 100).
// Thread safety: as the StateMachine contract (the adapters keep no mutable state).

#include <atomic>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "reasoner/random.h"
#include "reasoner/state_machine.h"

namespace ggp::search_testing {

using reasoner::Move;
using Cells = std::vector<int>;

class CellGame {
 public:
  virtual ~CellGame() = default;
  virtual std::vector<std::string> Roles() const = 0;
  virtual int num_cells() const = 0;
  virtual int num_values() const = 0;
  virtual Cells Initial() const = 0;
  virtual bool Terminal(const Cells& c) const = 0;
  virtual void Legal(const Cells& c, int role, std::vector<Move>* out) const = 0;
  virtual Cells Next(const Cells& c, std::span<const Move> joint) const = 0;
  virtual int Goal(const Cells& c, int role) const = 0;
  virtual std::string MoveName(int role, Move m) const = 0;
};

std::shared_ptr<const reasoner::StateMachine> MakeCellMachine(std::shared_ptr<const CellGame> game);
// The state of `cells` in a machine made by MakeCellMachine for `game`.
reasoner::State EncodeCells(const CellGame& game, const Cells& cells);

std::shared_ptr<const CellGame> TicTacToe();
// `board` is 9 characters of 'x', 'o' or '.'; `x_to_move` whose turn it is.
Cells TicTacToeCells(const std::string& board, bool x_to_move);
std::shared_ptr<const CellGame> Nim(std::vector<int> piles);
inline Move NimTake(int pile, int count) { return pile * 16 + count; }
inline constexpr Move kNimNoop = 1023;
std::shared_ptr<const CellGame> Duel();
std::shared_ptr<const CellGame> SureWin();
std::shared_ptr<const CellGame> ThreePlayers();
std::shared_ptr<const CellGame> Kingmaker();
std::shared_ptr<const CellGame> Gatekeeper();
std::shared_ptr<const CellGame> Holdout(std::string opponent = "them");
std::shared_ptr<const CellGame> Lock(std::vector<int> code);
std::shared_ptr<const CellGame> Grab(int rounds);
std::shared_ptr<const CellGame> Guess(int rounds);  // guess_game.cc

// One joint move, then the end (pick_game.cc): the picker picks one of n numbers; the
// other picks one too where `together`, else has the single move 0. The picker scores 100
// where they pick together and differently, else 0 (so it never wins where it picks alone,
// and the other can always match it). Every child of the initial state is terminal: the
// exact searches' clock must be read among them. For that, RaiseAfterGoals sets `flag` at
// the `goals`-th Goal the machine asks of the game from then on (the searches' stop flag,
// raised while they are among those children, without a clock in the test).
class PickGame final : public CellGame {
 public:
  PickGame(int n, bool together);
  void RaiseAfterGoals(std::atomic<bool>* flag, int goals);

  std::vector<std::string> Roles() const override { return {"picker", "other"}; }
  int num_cells() const override { return 3; }
  int num_values() const override { return n_; }
  Cells Initial() const override { return {0, 0, 0}; }
  bool Terminal(const Cells& c) const override { return c[0] == 1; }
  void Legal(const Cells& c, int role, std::vector<Move>* out) const override;
  Cells Next(const Cells& c, std::span<const Move> joint) const override;
  int Goal(const Cells& c, int role) const override;
  std::string MoveName(int, Move m) const override { return "pick" + std::to_string(m); }

 private:
  const int n_;
  const bool together_;
  std::atomic<bool>* flag_ = nullptr;
  mutable std::atomic<int> goals_left_{0};
};

// The state after up to `plies` joint moves drawn uniformly from the initial state of `m`
// (fewer where the game ends first).
reasoner::State RandomPosition(const reasoner::StateMachine& m, reasoner::Rng& rng, int plies);

}  // namespace ggp::search_testing
