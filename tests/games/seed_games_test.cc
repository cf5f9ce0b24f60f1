// The project's own test games (tests/games): Checkers-Breakthrough and Chess-Breakthrough,
// written from the seed paper's description (seed 001, section 4.1). These tests check that
// the GDL means what the paper says, on the reference prover: the start position's moves,
// hand-played lines (a checkers double jump as one move that leaves the jumped pieces; a
// rook that slides, stops at a blocker and captures an opponent but not an own piece; a
// king captured without ending the game), the back-rank wins, the loss of a player with no
// move, and random playouts that end within 160 plies with goals summing to 100.
//
// Positions other than the start are made by replacing the (init (cell ...)) facts of the
// game's text; every other rule stays as written.

#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"
#include "reasoner/kif/term.h"
#include "reasoner/random.h"
#include "reasoner/state_machine.h"

#ifndef GGP_GAMES_DIR
#error "GGP_GAMES_DIR must name tests/games"
#endif

namespace ggp::reasoner {
namespace {

constexpr int kWhite = 0;
constexpr int kBlack = 1;
constexpr int kMaxPlies = 160;

using MoveSet = std::set<std::string>;

std::string GameText(const std::string& name) {
  const std::string path = std::string(GGP_GAMES_DIR) + "/" + name + ".kif";
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_FALSE(text.str().empty()) << "cannot read " << path;
  return text.str();
}

// The game's text with its starting cells replaced by `cells` ("(cell 3 1 wc)" ...).
std::string WithCells(std::string text, const std::vector<std::string>& cells) {
  const std::string_view open = "(init (cell ";
  size_t removed = 0;
  for (size_t at = text.find(open); at != std::string::npos; at = text.find(open, at)) {
    const size_t close = text.find("))", at);
    if (close == std::string::npos) break;
    text.erase(at, close + 2 - at);
    ++removed;
  }
  EXPECT_GT(removed, 0u);
  for (const std::string& c : cells) text += "\n(init " + c + ")";
  return text + "\n";
}

// One game on the prover, with a current state to play moves in.
class Game {
 public:
  explicit Game(const std::string& text) {
    gdl::Description d;
    std::vector<kif::Diagnostic> errors;
    EXPECT_TRUE(gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors));
    MachineOptions o;
    o.backend = "prover";
    MachineBuild b = CreateMachine(d, o);
    EXPECT_TRUE(b.machine) << b.reason;
    machine_ = b.machine;
    if (!machine_) return;
    ws_ = machine_->NewWorkspace();
    machine_->InitialState(&state_);
  }

  bool ok() const { return machine_ != nullptr; }
  const StateMachine& machine() const { return *machine_; }
  Workspace& ws() { return *ws_; }
  const State& state() const { return state_; }
  int plies() const { return plies_; }

  MoveSet Legal(int role) {
    std::vector<Move> moves;
    machine_->LegalMoves(state_, role, *ws_, &moves);
    MoveSet out;
    for (Move m : moves) out.insert(kif::ToString(machine_->MoveTerm(role, m), machine_->symbols()));
    return out;
  }

  // Only the real moves ((move ...)), without noop.
  MoveSet Moves(int role) {
    MoveSet out;
    for (const std::string& m : Legal(role)) {
      if (m != "noop") out.insert(m);
    }
    return out;
  }

  MoveSet Fluents() const {
    MoveSet out;
    for (const kif::Term& t : machine_->Fluents(state_)) out.insert(kif::ToString(t, machine_->symbols()));
    return out;
  }

  bool Has(const std::string& fluent) const { return Fluents().count(fluent) > 0; }

  bool Terminal() { return machine_->IsTerminal(state_, *ws_); }
  int Goal(int role) { return machine_->Goal(state_, role, *ws_); }

  // Plays `move` (e.g. "(move 3 3 4 4)") for the role in control; the other waits. The
  // move must be legal and the state not terminal.
  void Play(const std::string& move) {
    ASSERT_FALSE(Terminal()) << "before " << move;
    const int mover = Legal(kWhite).count("noop") ? kBlack : kWhite;
    const int waiter = 1 - mover;
    ASSERT_EQ(Legal(waiter), MoveSet{"noop"}) << "before " << move;
    ASSERT_TRUE(Legal(mover).count(move)) << move << " is not legal for role " << mover;
    kif::Term mt, noop;
    std::vector<kif::Diagnostic> errors;
    kif::SymbolTable& symbols = *machine_->shared_symbols();
    ASSERT_TRUE(kif::ParseTerm(move, symbols, &mt, &errors));
    ASSERT_TRUE(kif::ParseTerm("noop", symbols, &noop, &errors));
    const auto m = machine_->FindMove(mover, mt);
    const auto w = machine_->FindMove(waiter, noop);
    ASSERT_TRUE(m.has_value() && w.has_value()) << move;
    std::vector<Move> joint(2);
    joint[static_cast<size_t>(mover)] = *m;
    joint[static_cast<size_t>(waiter)] = *w;
    State next;
    machine_->NextState(state_, joint, *ws_, &next);
    state_ = next;
    ++plies_;
  }

  void PlayAll(const std::vector<std::string>& moves) {
    for (const std::string& m : moves) {
      Play(m);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }

 private:
  std::shared_ptr<const StateMachine> machine_;
  std::unique_ptr<Workspace> ws_;
  State state_;
  int plies_ = 0;
};

std::string Mv(int x1, int y1, int x2, int y2) {
  return "(move " + std::to_string(x1) + " " + std::to_string(y1) + " " + std::to_string(x2) + " " +
         std::to_string(y2) + ")";
}

// The moves of `set` that start on (x, y).
MoveSet From(const MoveSet& set, int x, int y) {
  const std::string prefix = "(move " + std::to_string(x) + " " + std::to_string(y) + " ";
  MoveSet out;
  for (const std::string& m : set) {
    if (m.rfind(prefix, 0) == 0) out.insert(m);
  }
  return out;
}

// Random playouts from the start: each ends terminal within 160 plies, by a win (100/0) of
// the player who moved last or at exactly 160 plies by a tie (50/50).
void CheckRandomPlayouts(const std::string& name, int playouts) {
  Game g(GameText(name));
  ASSERT_TRUE(g.ok());
  const StateMachine& m = g.machine();
  Rng rng(12345);
  int wins = 0, ties = 0;
  for (int i = 0; i < playouts; ++i) {
    State end;
    PlayoutResult r = m.RandomPlayout(g.state(), kMaxPlies + 10, rng, g.ws(), &end, nullptr, nullptr);
    ASSERT_TRUE(r.terminal) << name << " playout " << i << " after " << r.steps;
    ASSERT_FALSE(r.stuck) << name << " playout " << i;
    ASSERT_LE(r.steps, kMaxPlies) << name;
    const int w = m.Goal(end, kWhite, g.ws());
    const int b = m.Goal(end, kBlack, g.ws());
    EXPECT_EQ(w + b, 100) << name << " playout " << i;
    if (w == 50) {
      EXPECT_EQ(r.steps, kMaxPlies) << name << ": a tie only at the ply limit";
      ++ties;
    } else {
      EXPECT_TRUE((w == 100 && b == 0) || (w == 0 && b == 100)) << w << " " << b;
      EXPECT_EQ(w == 100, r.steps % 2 == 1) << name << ": white moves on odd plies";
      ++wins;
    }
  }
  EXPECT_EQ(wins + ties, playouts);
}

// ---------------------------------------------------------------- Checkers-Breakthrough

TEST(CheckersBreakthrough, StartPosition) {
  Game g(GameText("checkers_breakthrough"));
  ASSERT_TRUE(g.ok());
  EXPECT_FALSE(g.Terminal());
  // 12 checkers each on the squares with x + y even of the three nearest ranks.
  MoveSet cells;
  for (int y = 1; y <= 8; ++y) {
    for (int x = 1; x <= 8; ++x) {
      if ((x + y) % 2 != 0) continue;
      if (y <= 3) cells.insert("(cell " + std::to_string(x) + " " + std::to_string(y) + " wc)");
      if (y >= 6) cells.insert("(cell " + std::to_string(x) + " " + std::to_string(y) + " bc)");
    }
  }
  MoveSet board;
  for (const std::string& f : g.Fluents()) {
    if (f.rfind("(cell ", 0) == 0) board.insert(f);
  }
  EXPECT_EQ(board, cells);
  EXPECT_TRUE(g.Has("(control white)"));
  EXPECT_TRUE(g.Has("(step 0)"));
  EXPECT_EQ(g.Legal(kWhite), (MoveSet{Mv(1, 3, 2, 4), Mv(3, 3, 2, 4), Mv(3, 3, 4, 4), Mv(5, 3, 4, 4),
                                      Mv(5, 3, 6, 4), Mv(7, 3, 6, 4), Mv(7, 3, 8, 4)}));
  EXPECT_EQ(g.Legal(kBlack), MoveSet{"noop"});
  EXPECT_EQ(g.Goal(kWhite), 50);
  EXPECT_EQ(g.Goal(kBlack), 50);
  g.Play(Mv(3, 3, 4, 4));
  EXPECT_EQ(g.Legal(kWhite), MoveSet{"noop"});
  EXPECT_EQ(g.Legal(kBlack), (MoveSet{Mv(2, 6, 1, 5), Mv(2, 6, 3, 5), Mv(4, 6, 3, 5), Mv(4, 6, 5, 5),
                                      Mv(6, 6, 5, 5), Mv(6, 6, 7, 5), Mv(8, 6, 7, 5)}));
  EXPECT_TRUE(g.Has("(step 1)"));
  EXPECT_FALSE(g.Has("(cell 3 3 wc)"));
  EXPECT_TRUE(g.Has("(cell 4 4 wc)"));
}

// Black clears (6,6) and (8,8) behind two of its checkers: the white checker on (4,4) then
// has a single jump to (6,6) and a double jump to (8,8), both one move; neither captures.
TEST(CheckersBreakthrough, DoubleJumpIsOneMoveAndCapturesNothing) {
  Game g(GameText("checkers_breakthrough"));
  ASSERT_TRUE(g.ok());
  g.PlayAll({Mv(3, 3, 4, 4), Mv(8, 6, 7, 5), Mv(1, 3, 2, 4), Mv(7, 7, 8, 6), Mv(2, 2, 3, 3),
             Mv(8, 8, 7, 7), Mv(2, 4, 1, 5), Mv(6, 6, 5, 5)});
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_FALSE(g.Terminal());
  EXPECT_EQ(From(g.Legal(kWhite), 4, 4), (MoveSet{Mv(4, 4, 3, 5), Mv(4, 4, 6, 6), Mv(4, 4, 8, 8)}));
  // (3,3) is blocked straight ahead by (4,4) and has (2,4); nothing to jump.
  EXPECT_EQ(From(g.Legal(kWhite), 3, 3), (MoveSet{Mv(3, 3, 2, 4)}));

  // The single jump: (5,5) stays black, the game goes on.
  {
    Game h(GameText("checkers_breakthrough"));
    h.PlayAll({Mv(3, 3, 4, 4), Mv(8, 6, 7, 5), Mv(1, 3, 2, 4), Mv(7, 7, 8, 6), Mv(2, 2, 3, 3),
               Mv(8, 8, 7, 7), Mv(2, 4, 1, 5), Mv(6, 6, 5, 5), Mv(4, 4, 6, 6)});
    ASSERT_FALSE(HasFatalFailure());
    EXPECT_FALSE(h.Terminal());
    EXPECT_TRUE(h.Has("(cell 6 6 wc)"));
    EXPECT_TRUE(h.Has("(cell 5 5 bc)"));
    EXPECT_FALSE(h.Has("(cell 4 4 wc)"));
    // Black's (7,7) is stuck: (8,6) is its own, and the jump over (6,6) lands on (5,5), taken.
    EXPECT_EQ(From(h.Legal(kBlack), 7, 7), (MoveSet{}));
  }

  // The double jump reaches rank 8: a win, with both jumped checkers still on the board.
  g.Play(Mv(4, 4, 8, 8));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_TRUE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 100);
  EXPECT_EQ(g.Goal(kBlack), 0);
  EXPECT_TRUE(g.Has("(cell 8 8 wc)"));
  EXPECT_TRUE(g.Has("(cell 5 5 bc)"));
  EXPECT_TRUE(g.Has("(cell 7 7 bc)"));
  EXPECT_FALSE(g.Has("(cell 4 4 wc)"));
  EXPECT_FALSE(g.Has("(cell 6 6 wc)"));
  size_t black = 0;
  for (const std::string& f : g.Fluents()) black += f.find(" bc)") != std::string::npos;
  EXPECT_EQ(black, 12u);
}

// A chain may change direction; it never jumps an own piece, an empty square or backwards.
TEST(CheckersBreakthrough, JumpChainsChangeDirection) {
  Game g(WithCells(GameText("checkers_breakthrough"),
                   {"(cell 3 1 wc)", "(cell 6 4 wc)", "(cell 4 2 bc)", "(cell 4 4 bc)", "(cell 2 6 bc)",
                    "(cell 8 8 bc)"}));
  ASSERT_TRUE(g.ok());
  // (3,1) over (4,2) to (5,3), over (4,4) to (3,5), over (2,6) to (1,7); (5,3) over the own
  // checker on (6,4) to (7,5) is not a jump.
  EXPECT_EQ(g.Legal(kWhite), (MoveSet{Mv(3, 1, 2, 2), Mv(3, 1, 5, 3), Mv(3, 1, 3, 5), Mv(3, 1, 1, 7),
                                      Mv(6, 4, 5, 5), Mv(6, 4, 7, 5)}));
  g.Play(Mv(3, 1, 1, 7));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_FALSE(g.Terminal());
  EXPECT_TRUE(g.Has("(cell 4 2 bc)"));
  EXPECT_TRUE(g.Has("(cell 4 4 bc)"));
  EXPECT_TRUE(g.Has("(cell 2 6 bc)"));
  // Black steps only (nothing white to jump): (4,2) may reach rank 1 and win.
  EXPECT_EQ(g.Legal(kBlack), (MoveSet{Mv(2, 6, 1, 5), Mv(2, 6, 3, 5), Mv(4, 2, 3, 1), Mv(4, 2, 5, 1),
                                      Mv(4, 4, 3, 3), Mv(4, 4, 5, 3), Mv(8, 8, 7, 7)}));
  g.Play(Mv(4, 2, 5, 1));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_TRUE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 0);
  EXPECT_EQ(g.Goal(kBlack), 100);
}

// A role to move without a legal move loses.
TEST(CheckersBreakthrough, NoMoveLoses) {
  // Black's only checker on (1,4) is blocked by (2,3), and the jump lands on (3,2), taken.
  Game g(WithCells(GameText("checkers_breakthrough"),
                   {"(cell 2 3 wc)", "(cell 3 2 wc)", "(cell 8 2 wc)", "(cell 1 4 bc)"}));
  ASSERT_TRUE(g.ok());
  EXPECT_FALSE(g.Terminal());
  g.Play(Mv(8, 2, 7, 3));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_EQ(g.Moves(kBlack), MoveSet{});
  EXPECT_TRUE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 100);
  EXPECT_EQ(g.Goal(kBlack), 0);
}

// (Checkers never reach the limit: a checker advances on every move and at most 6 ranks
// without winning, so a side has at most 60 moves.)
TEST(CheckersBreakthrough, RandomPlayoutsEndWithinTheLimit) {
  CheckRandomPlayouts("checkers_breakthrough", 30);
}

// ---------------------------------------------------------------- Chess-Breakthrough

TEST(ChessBreakthrough, StartPosition) {
  Game g(GameText("chess_breakthrough"));
  ASSERT_TRUE(g.ok());
  EXPECT_FALSE(g.Terminal());
  EXPECT_TRUE(g.Has("(cell 5 1 wk)"));
  EXPECT_TRUE(g.Has("(cell 4 1 wq)"));
  EXPECT_TRUE(g.Has("(cell 4 8 bq)"));
  EXPECT_TRUE(g.Has("(cell 5 8 bk)"));
  size_t cells = 0;
  for (const std::string& f : g.Fluents()) cells += f.rfind("(cell ", 0) == 0;
  EXPECT_EQ(cells, 32u);
  // Eight one-step pawn moves (no two-step moves) and four knight moves.
  MoveSet expected = {Mv(2, 1, 1, 3), Mv(2, 1, 3, 3), Mv(7, 1, 6, 3), Mv(7, 1, 8, 3)};
  for (int x = 1; x <= 8; ++x) expected.insert(Mv(x, 2, x, 3));
  EXPECT_EQ(g.Legal(kWhite), expected);
  EXPECT_EQ(g.Legal(kBlack), MoveSet{"noop"});
  g.Play(Mv(5, 2, 5, 3));
  MoveSet black = {Mv(2, 8, 1, 6), Mv(2, 8, 3, 6), Mv(7, 8, 6, 6), Mv(7, 8, 8, 6)};
  for (int x = 1; x <= 8; ++x) black.insert(Mv(x, 7, x, 6));
  EXPECT_EQ(g.Legal(kBlack), black);
  // White's bishop and queen now see the opened diagonals; the king may step to (5,2).
  Game w(GameText("chess_breakthrough"));
  w.PlayAll({Mv(5, 2, 5, 3), Mv(1, 7, 1, 6)});
  ASSERT_FALSE(HasFatalFailure());
  const MoveSet legal = w.Legal(kWhite);
  EXPECT_EQ(From(legal, 6, 1), (MoveSet{Mv(6, 1, 5, 2), Mv(6, 1, 4, 3), Mv(6, 1, 3, 4), Mv(6, 1, 2, 5),
                                        Mv(6, 1, 1, 6)}));  // stops on the black pawn it captures
  EXPECT_EQ(From(legal, 4, 1), (MoveSet{Mv(4, 1, 5, 2), Mv(4, 1, 6, 3), Mv(4, 1, 7, 4), Mv(4, 1, 8, 5)}));
  EXPECT_EQ(From(legal, 5, 1), (MoveSet{Mv(5, 1, 5, 2)}));
  EXPECT_EQ(From(legal, 5, 3), (MoveSet{Mv(5, 3, 5, 4)}));
}

// The a-pawn walks up and captures on b7; the rook on a1 then slides up the open file and
// stops on the black pawn of a7, which it may capture; it never takes its own knight.
TEST(ChessBreakthrough, RookSlidesAndPawnsCapture) {
  Game g(GameText("chess_breakthrough"));
  ASSERT_TRUE(g.ok());
  g.PlayAll({Mv(1, 2, 1, 3), Mv(8, 7, 8, 6), Mv(1, 3, 1, 4), Mv(8, 6, 8, 5), Mv(1, 4, 1, 5), Mv(8, 5, 8, 4),
             Mv(1, 5, 1, 6), Mv(8, 4, 8, 3)});
  ASSERT_FALSE(HasFatalFailure());
  MoveSet legal = g.Legal(kWhite);
  // The pawn on a6 is blocked straight ahead by a7 and captures on b7.
  EXPECT_EQ(From(legal, 1, 6), (MoveSet{Mv(1, 6, 2, 7)}));
  // The h-pawn is blocked by the black pawn on h3, which the g-pawn may capture.
  EXPECT_EQ(From(legal, 8, 2), (MoveSet{}));
  EXPECT_EQ(From(legal, 7, 2), (MoveSet{Mv(7, 2, 7, 3), Mv(7, 2, 8, 3)}));
  EXPECT_EQ(From(legal, 1, 1), (MoveSet{Mv(1, 1, 1, 2), Mv(1, 1, 1, 3), Mv(1, 1, 1, 4), Mv(1, 1, 1, 5)}));
  g.PlayAll({Mv(1, 6, 2, 7), Mv(7, 7, 7, 6)});
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_FALSE(g.Has("(cell 2 7 bp)"));
  EXPECT_TRUE(g.Has("(cell 2 7 wp)"));
  legal = g.Legal(kWhite);
  EXPECT_EQ(From(legal, 1, 1), (MoveSet{Mv(1, 1, 1, 2), Mv(1, 1, 1, 3), Mv(1, 1, 1, 4), Mv(1, 1, 1, 5),
                                        Mv(1, 1, 1, 6), Mv(1, 1, 1, 7)}));
  // The pawn on b7 captures on a8 or c8 (both winning), not straight onto the knight.
  EXPECT_EQ(From(legal, 2, 7), (MoveSet{Mv(2, 7, 1, 8), Mv(2, 7, 3, 8)}));
  EXPECT_EQ(From(legal, 8, 1), (MoveSet{}));  // the h1 rook is boxed in by its own pieces

  {
    Game r = Game(GameText("chess_breakthrough"));
    r.PlayAll({Mv(1, 2, 1, 3), Mv(8, 7, 8, 6), Mv(1, 3, 1, 4), Mv(8, 6, 8, 5), Mv(1, 4, 1, 5),
               Mv(8, 5, 8, 4), Mv(1, 5, 1, 6), Mv(8, 4, 8, 3), Mv(1, 6, 2, 7), Mv(7, 7, 7, 6),
               Mv(1, 1, 1, 7)});
    ASSERT_FALSE(HasFatalFailure());
    EXPECT_FALSE(r.Terminal());  // a rook on rank 7 wins nothing
    EXPECT_TRUE(r.Has("(cell 1 7 wr)"));
    EXPECT_FALSE(r.Has("(cell 1 7 bp)"));
    // The black rook on a8 takes the white rook back; it may not slide through it.
    EXPECT_EQ(From(r.Legal(kBlack), 1, 8), (MoveSet{Mv(1, 8, 1, 7)}));
  }

  // A pawn on the back rank wins.
  g.Play(Mv(2, 7, 1, 8));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_TRUE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 100);
  EXPECT_EQ(g.Goal(kBlack), 0);
  EXPECT_TRUE(g.Has("(cell 1 8 wp)"));
}

// The queen reaches h5 and captures the black king on e8: the game goes on (no check rules,
// and losing the king ends nothing); the queen's moves stop on the first piece of each ray.
TEST(ChessBreakthrough, KingsCanBeCaptured) {
  Game g(GameText("chess_breakthrough"));
  ASSERT_TRUE(g.ok());
  g.PlayAll({Mv(5, 2, 5, 3), Mv(6, 7, 6, 6), Mv(4, 1, 8, 5), Mv(1, 7, 1, 6)});
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_EQ(From(g.Legal(kWhite), 8, 5),
            (MoveSet{Mv(8, 5, 8, 4), Mv(8, 5, 8, 3), Mv(8, 5, 8, 6), Mv(8, 5, 8, 7),   // h-file
                     Mv(8, 5, 7, 5), Mv(8, 5, 6, 5), Mv(8, 5, 5, 5), Mv(8, 5, 4, 5), Mv(8, 5, 3, 5),
                     Mv(8, 5, 2, 5), Mv(8, 5, 1, 5),                                      // rank 5
                     Mv(8, 5, 7, 6), Mv(8, 5, 6, 7), Mv(8, 5, 5, 8),                      // to e8
                     Mv(8, 5, 7, 4), Mv(8, 5, 6, 3), Mv(8, 5, 5, 2), Mv(8, 5, 4, 1)}));  // to d1
  g.Play(Mv(8, 5, 5, 8));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_FALSE(g.Has("(cell 5 8 bk)"));
  EXPECT_TRUE(g.Has("(cell 5 8 wq)"));
  EXPECT_FALSE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 50);
  EXPECT_FALSE(g.Moves(kBlack).empty());
  // The black queen and bishop on d8/f8 may take the white queen back.
  const MoveSet black = g.Legal(kBlack);
  EXPECT_TRUE(black.count(Mv(4, 8, 5, 8)));
  EXPECT_TRUE(black.count(Mv(6, 8, 5, 8)) == 0);  // a bishop does not move sideways
  EXPECT_TRUE(black.count(Mv(7, 8, 5, 8)) == 0);  // nor a knight one file over two
}

// A knight on the back rank wins (for black too), and so does a black pawn on rank 1.
TEST(ChessBreakthrough, KnightOnTheBackRankWins) {
  Game g(GameText("chess_breakthrough"));
  ASSERT_TRUE(g.ok());
  g.PlayAll({Mv(2, 1, 3, 3), Mv(8, 7, 8, 6), Mv(3, 3, 4, 5), Mv(8, 6, 8, 5), Mv(4, 5, 3, 7), Mv(8, 5, 8, 4)});
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_EQ(From(g.Legal(kWhite), 3, 7),
            (MoveSet{Mv(3, 7, 1, 8), Mv(3, 7, 5, 8), Mv(3, 7, 1, 6), Mv(3, 7, 5, 6), Mv(3, 7, 2, 5),
                     Mv(3, 7, 4, 5)}));
  g.Play(Mv(3, 7, 5, 8));  // takes the king and lands on rank 8
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_TRUE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 100);
  EXPECT_EQ(g.Goal(kBlack), 0);

  Game b(WithCells(GameText("chess_breakthrough"),
                   {"(cell 1 1 wk)", "(cell 8 8 bk)", "(cell 5 3 bn)", "(cell 3 2 bp)", "(cell 8 5 wr)"}));
  ASSERT_TRUE(b.ok());
  b.Play(Mv(8, 5, 8, 6));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_EQ(From(b.Legal(kBlack), 3, 2), (MoveSet{Mv(3, 2, 3, 1)}));
  // The knight's eight squares but (3,2), where black's own pawn stands.
  EXPECT_EQ(From(b.Legal(kBlack), 5, 3),
            (MoveSet{Mv(5, 3, 4, 1), Mv(5, 3, 6, 1), Mv(5, 3, 3, 4), Mv(5, 3, 7, 4), Mv(5, 3, 7, 2),
                     Mv(5, 3, 4, 5), Mv(5, 3, 6, 5)}));
  b.Play(Mv(5, 3, 4, 1));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_TRUE(b.Terminal());
  EXPECT_EQ(b.Goal(kWhite), 0);
  EXPECT_EQ(b.Goal(kBlack), 100);
}

// Rooks, bishops and kings on the back rank win nothing; a role without a move loses.
TEST(ChessBreakthrough, OtherPiecesDoNotWinAndNoMoveLoses) {
  Game g(WithCells(GameText("chess_breakthrough"),
                   {"(cell 1 7 wr)", "(cell 3 7 wb)", "(cell 7 7 wk)", "(cell 5 5 bp)", "(cell 5 4 wp)"}));
  ASSERT_TRUE(g.ok());
  for (const std::string& m : {Mv(1, 7, 1, 8), Mv(3, 7, 2, 8), Mv(7, 7, 7, 8)}) {
    Game h = Game(WithCells(GameText("chess_breakthrough"),
                            {"(cell 1 7 wr)", "(cell 3 7 wb)", "(cell 7 7 wk)", "(cell 5 5 bp)",
                             "(cell 5 4 wp)", "(cell 1 1 bk)"}));
    h.Play(m);
    ASSERT_FALSE(HasFatalFailure());
    EXPECT_FALSE(h.Terminal()) << m;
  }
  // The king steps one square in all eight directions; the rook slides up to its own bishop;
  // the bishop's rays stop on the black pawn it captures.
  const MoveSet white = g.Legal(kWhite);
  EXPECT_EQ(From(white, 7, 7), (MoveSet{Mv(7, 7, 6, 6), Mv(7, 7, 7, 6), Mv(7, 7, 8, 6), Mv(7, 7, 6, 7),
                                        Mv(7, 7, 8, 7), Mv(7, 7, 6, 8), Mv(7, 7, 7, 8), Mv(7, 7, 8, 8)}));
  EXPECT_EQ(From(white, 1, 7), (MoveSet{Mv(1, 7, 1, 8), Mv(1, 7, 2, 7), Mv(1, 7, 1, 6), Mv(1, 7, 1, 5),
                                        Mv(1, 7, 1, 4), Mv(1, 7, 1, 3), Mv(1, 7, 1, 2), Mv(1, 7, 1, 1)}));
  EXPECT_EQ(From(white, 3, 7), (MoveSet{Mv(3, 7, 2, 8), Mv(3, 7, 4, 8), Mv(3, 7, 2, 6), Mv(3, 7, 1, 5),
                                        Mv(3, 7, 4, 6), Mv(3, 7, 5, 5)}));
  EXPECT_EQ(From(white, 5, 4), (MoveSet{}));
  // Black's only piece, the pawn on e5, is blocked by the white pawn on e4 and has nothing
  // to capture: after white's move black is stuck and loses.
  g.Play(Mv(1, 7, 1, 8));
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_EQ(g.Moves(kBlack), MoveSet{});
  EXPECT_TRUE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 100);
  EXPECT_EQ(g.Goal(kBlack), 0);
}

// Knights shuffle back and forth: no win, and the game ends in a tie at exactly 160 plies.
TEST(ChessBreakthrough, TieAtThePlyLimit) {
  Game g(GameText("chess_breakthrough"));
  ASSERT_TRUE(g.ok());
  const std::vector<std::string> cycle = {Mv(7, 1, 6, 3), Mv(7, 8, 6, 6), Mv(6, 3, 7, 1), Mv(6, 6, 7, 8)};
  while (g.plies() < kMaxPlies - 1) {
    g.Play(cycle[static_cast<size_t>(g.plies()) % cycle.size()]);
    ASSERT_FALSE(HasFatalFailure());
  }
  EXPECT_FALSE(g.Terminal());
  EXPECT_TRUE(g.Has("(step 159)"));
  g.Play(cycle[static_cast<size_t>(g.plies()) % cycle.size()]);
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_TRUE(g.Has("(step 160)"));
  EXPECT_TRUE(g.Terminal());
  EXPECT_EQ(g.Goal(kWhite), 50);
  EXPECT_EQ(g.Goal(kBlack), 50);
}

TEST(ChessBreakthrough, RandomPlayoutsEndWithinTheLimit) { CheckRandomPlayouts("chess_breakthrough", 8); }

}  // namespace
}  // namespace ggp::reasoner
