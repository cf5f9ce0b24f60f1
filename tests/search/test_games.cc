#include "tests/search/test_games.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace ggp::search_testing {
namespace {

class TicTacToeGame final : public CellGame {
 public:
  std::vector<std::string> Roles() const override { return {"xplayer", "oplayer"}; }
  int num_cells() const override { return 10; }
  int num_values() const override { return 3; }
  Cells Initial() const override { return Cells(10, 0); }
  static int Winner(const Cells& c) {
    static constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                         {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (const auto& l : kLines) {
      if (c[l[0]] != 0 && c[l[0]] == c[l[1]] && c[l[1]] == c[l[2]]) return c[l[0]];
    }
    return 0;
  }
  bool Terminal(const Cells& c) const override {
    return Winner(c) != 0 || std::count(c.begin(), c.begin() + 9, 0) == 0;
  }
  void Legal(const Cells& c, int role, std::vector<Move>* out) const override {
    if (c[9] != role) {
      out->push_back(9);
      return;
    }
    for (int i = 0; i < 9; ++i) {
      if (c[static_cast<size_t>(i)] == 0) out->push_back(i);
    }
  }
  Cells Next(const Cells& c, std::span<const Move> joint) const override {
    Cells n = c;
    const int mover = c[9];
    const Move m = joint[static_cast<size_t>(mover)];
    if (m >= 0 && m < 9) n[static_cast<size_t>(m)] = mover + 1;
    n[9] = 1 - mover;
    return n;
  }
  int Goal(const Cells& c, int role) const override {
    const int w = Winner(c);
    if (w == 0) return 50;
    return w == role + 1 ? 100 : 0;
  }
  std::string MoveName(int, Move m) const override {
    return m == 9 ? "noop" : "mark" + std::to_string(m);
  }
};

class NimGame final : public CellGame {
 public:
  explicit NimGame(std::vector<int> piles) : piles_(std::move(piles)) {}
  std::vector<std::string> Roles() const override { return {"first", "second"}; }
  int num_cells() const override { return static_cast<int>(piles_.size()) + 1; }
  int num_values() const override { return std::max(2, *std::max_element(piles_.begin(), piles_.end()) + 1); }
  Cells Initial() const override {
    Cells c(piles_.begin(), piles_.end());
    c.push_back(0);
    return c;
  }
  bool Terminal(const Cells& c) const override {
    return std::all_of(c.begin(), c.end() - 1, [](int p) { return p == 0; });
  }
  void Legal(const Cells& c, int role, std::vector<Move>* out) const override {
    if (c.back() != role) {
      out->push_back(kNimNoop);
      return;
    }
    for (size_t p = 0; p + 1 < c.size(); ++p) {
      for (int k = 1; k <= c[p]; ++k) out->push_back(NimTake(static_cast<int>(p), k));
    }
  }
  Cells Next(const Cells& c, std::span<const Move> joint) const override {
    Cells n = c;
    const int mover = c.back();
    const Move m = joint[static_cast<size_t>(mover)];
    if (m != kNimNoop) n[static_cast<size_t>(m / 16)] = std::max(0, n[static_cast<size_t>(m / 16)] - m % 16);
    n.back() = 1 - mover;
    return n;
  }
  // The player who just moved (not the one to move) took the last object.
  int Goal(const Cells& c, int role) const override {
    if (!Terminal(c)) return reasoner::kNoGoal;
    return c.back() != role ? 100 : 0;
  }
  std::string MoveName(int, Move m) const override {
    return m == kNimNoop ? "noop" : "take" + std::to_string(m / 16) + "_" + std::to_string(m % 16);
  }

 private:
  std::vector<int> piles_;
};

class DuelGame final : public CellGame {
 public:
  std::vector<std::string> Roles() const override { return {"left", "right"}; }
  int num_cells() const override { return 3; }
  int num_values() const override { return 3; }
  Cells Initial() const override { return {0, 0, 0}; }
  bool Terminal(const Cells& c) const override { return c[0] == 1; }
  void Legal(const Cells&, int, std::vector<Move>* out) const override { *out = {0, 1, 2}; }
  Cells Next(const Cells&, std::span<const Move> joint) const override {
    return {1, joint[0], joint[1]};
  }
  int Goal(const Cells& c, int role) const override {
    if (c[0] != 1) return 50;
    const int mine = c[static_cast<size_t>(1 + role)];
    const int theirs = c[static_cast<size_t>(2 - role)];
    return 50 + (mine == 2 ? 25 : 0) - (theirs == 2 ? 25 : 0);
  }
  std::string MoveName(int, Move m) const override { return "pick" + std::to_string(m); }
};

// Cells: rounds played, then each role's points.
class GrabGame final : public CellGame {
 public:
  explicit GrabGame(int rounds) : rounds_(rounds) {}
  std::vector<std::string> Roles() const override { return {"first", "second"}; }
  int num_cells() const override { return 3; }
  int num_values() const override { return rounds_ + 1; }
  Cells Initial() const override { return {0, 0, 0}; }
  bool Terminal(const Cells& c) const override { return c[0] == rounds_; }
  void Legal(const Cells&, int, std::vector<Move>* out) const override { *out = {0, 1, 2}; }
  Cells Next(const Cells& c, std::span<const Move> joint) const override {
    Cells next = {c[0] + 1, c[1], c[2]};
    for (size_t r = 0; r < 2; ++r) {
      if (joint[r] != 2 && joint[r] != joint[1 - r]) ++next[1 + r];
    }
    return next;
  }
  int Goal(const Cells& c, int role) const override {
    return 100 * c[static_cast<size_t>(1 + role)] / rounds_;
  }
  std::string MoveName(int, Move m) const override { return m == 0 ? "a" : m == 1 ? "b" : "pass"; }

 private:
  int rounds_;
};

// Like the duel, but left wins outright with 2, and otherwise wins only by matching.
class SureWinGame final : public CellGame {
 public:
  std::vector<std::string> Roles() const override { return {"left", "right"}; }
  int num_cells() const override { return 3; }
  int num_values() const override { return 3; }
  Cells Initial() const override { return {0, 0, 0}; }
  bool Terminal(const Cells& c) const override { return c[0] == 1; }
  void Legal(const Cells&, int, std::vector<Move>* out) const override { *out = {0, 1, 2}; }
  Cells Next(const Cells&, std::span<const Move> joint) const override {
    return {1, joint[0], joint[1]};
  }
  int Goal(const Cells& c, int role) const override {
    const bool left_wins = c[1] == 2 || c[1] == c[2];
    return (role == 0) == left_wins ? 100 : 0;
  }
  std::string MoveName(int, Move m) const override { return "pick" + std::to_string(m); }
};

class ThreePlayersGame final : public CellGame {
 public:
  // Cells 0..2: the pick of each role (0 none, 1 picked 0, 2 picked 1); cell 3: turn.
  std::vector<std::string> Roles() const override { return {"red", "green", "blue"}; }
  int num_cells() const override { return 4; }
  int num_values() const override { return 4; }
  Cells Initial() const override { return {0, 0, 0, 0}; }
  bool Terminal(const Cells& c) const override { return c[3] == 3; }
  void Legal(const Cells& c, int role, std::vector<Move>* out) const override {
    if (c[3] == role) {
      *out = {0, 1};
    } else {
      *out = {2};
    }
  }
  Cells Next(const Cells& c, std::span<const Move> joint) const override {
    Cells n = c;
    n[static_cast<size_t>(c[3])] = joint[static_cast<size_t>(c[3])] + 1;
    n[3] = c[3] + 1;
    return n;
  }
  int Goal(const Cells& c, int role) const override {
    return c[static_cast<size_t>(role)] == 2 ? 100 : 0;
  }
  std::string MoveName(int, Move m) const override { return m == 2 ? "noop" : "pick" + std::to_string(m); }
};

class KingmakerGame final : public CellGame {
 public:
  // Cell 0: red's pick (0 none, 1 picked 0, 2 picked 1).
  std::vector<std::string> Roles() const override { return {"red", "green", "blue"}; }
  int num_cells() const override { return 1; }
  int num_values() const override { return 3; }
  Cells Initial() const override { return {0}; }
  bool Terminal(const Cells& c) const override { return c[0] != 0; }
  void Legal(const Cells&, int role, std::vector<Move>* out) const override {
    if (role == 0) {
      *out = {0, 1};
    } else {
      *out = {2};
    }
  }
  Cells Next(const Cells&, std::span<const Move> joint) const override { return {joint[0] + 1}; }
  int Goal(const Cells& c, int role) const override { return role == 1 && c[0] == 2 ? 100 : 0; }
  std::string MoveName(int, Move m) const override { return m == 2 ? "noop" : "pick" + std::to_string(m); }
};

}  // namespace

std::shared_ptr<const CellGame> TicTacToe() { return std::make_shared<TicTacToeGame>(); }

Cells TicTacToeCells(const std::string& board, bool x_to_move) {
  if (board.size() != 9) throw std::invalid_argument("board needs 9 cells");
  Cells c(10, 0);
  for (size_t i = 0; i < 9; ++i) c[i] = board[i] == 'x' ? 1 : board[i] == 'o' ? 2 : 0;
  c[9] = x_to_move ? 0 : 1;
  return c;
}

std::shared_ptr<const CellGame> Nim(std::vector<int> piles) { return std::make_shared<NimGame>(std::move(piles)); }
std::shared_ptr<const CellGame> Duel() { return std::make_shared<DuelGame>(); }
std::shared_ptr<const CellGame> SureWin() { return std::make_shared<SureWinGame>(); }
std::shared_ptr<const CellGame> ThreePlayers() { return std::make_shared<ThreePlayersGame>(); }
std::shared_ptr<const CellGame> Kingmaker() { return std::make_shared<KingmakerGame>(); }
std::shared_ptr<const CellGame> Grab(int rounds) { return std::make_shared<GrabGame>(rounds); }

reasoner::State RandomPosition(const reasoner::StateMachine& m, reasoner::Rng& rng, int plies) {
  auto ws = m.NewWorkspace();
  reasoner::State s, next;
  m.InitialState(&s);
  std::vector<Move> joint(static_cast<size_t>(m.num_roles())), legal;
  for (int i = 0; i < plies && !m.IsTerminal(s, *ws); ++i) {
    for (int r = 0; r < m.num_roles(); ++r) {
      m.LegalMoves(s, r, *ws, &legal);
      joint[static_cast<size_t>(r)] = legal[rng.Below(static_cast<uint32_t>(legal.size()))];
    }
    m.NextState(s, joint, *ws, &next);
    std::swap(s, next);
  }
  return s;
}

}  // namespace ggp::search_testing
