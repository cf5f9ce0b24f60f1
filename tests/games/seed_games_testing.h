#pragma once
// Helpers of the tests of the project's own seed games (tests/games): reading a game's text,
// replacing its start position, and playing it on the reference prover (Game).
//
// The games, Checkers-Breakthrough and Chess-Breakthrough, are written from the seed
// paper's description (seed 001, section 4.1). Positions other than the start are made by
// replacing the (init (cell ...)) facts of the game's text; every other rule stays as
// written.

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

namespace ggp::reasoner::seed_games {

inline constexpr int kWhite = 0;
inline constexpr int kBlack = 1;
inline constexpr int kMaxPlies = 160;

using MoveSet = std::set<std::string>;

inline std::string GameText(const std::string& name) {
  const std::string path = std::string(GGP_GAMES_DIR) + "/" + name + ".kif";
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_FALSE(text.str().empty()) << "cannot read " << path;
  return text.str();
}

// The game's text with its starting cells replaced by `cells` ("(cell 3 1 wc)" ...).
inline std::string WithCells(std::string text, const std::vector<std::string>& cells) {
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
    for (Move m : moves)
      out.insert(kif::ToString(machine_->MoveTerm(role, m), machine_->symbols()));
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
    for (const kif::Term& t : machine_->Fluents(state_))
      out.insert(kif::ToString(t, machine_->symbols()));
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

inline std::string Mv(int x1, int y1, int x2, int y2) {
  return "(move " + std::to_string(x1) + " " + std::to_string(y1) + " " + std::to_string(x2) + " " +
         std::to_string(y2) + ")";
}

// The moves of `set` that start on (x, y).
inline MoveSet From(const MoveSet& set, int x, int y) {
  const std::string prefix = "(move " + std::to_string(x) + " " + std::to_string(y) + " ";
  MoveSet out;
  for (const std::string& m : set) {
    if (m.rfind(prefix, 0) == 0) out.insert(m);
  }
  return out;
}

// Random playouts from the start: each ends terminal within 160 plies, by a win (100/0) of
// the player who moved last or at exactly 160 plies by a tie (50/50).
inline void CheckRandomPlayouts(const std::string& name, int playouts) {
  Game g(GameText(name));
  ASSERT_TRUE(g.ok());
  const StateMachine& m = g.machine();
  Rng rng(12345);
  int wins = 0, ties = 0;
  for (int i = 0; i < playouts; ++i) {
    State end;
    PlayoutResult r =
        m.RandomPlayout(g.state(), kMaxPlies + 10, rng, g.ws(), &end, nullptr, nullptr);
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

}  // namespace ggp::reasoner::seed_games
