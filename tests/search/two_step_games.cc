// The two-decision games (gatekeeper, holdout) and the lock of the search tests
// (test_games.h), apart from the others to keep each file short.

#include <algorithm>
#include <utility>

#include "tests/search/test_games.h"

namespace ggp::search_testing {
namespace {

// Two decisions in turn: role 0 stops (move 0; ends in cell value 1) or goes on (move 1;
// cell value 2), then role 1 picks move 0 (cell value 3) or 1 (cell value 4); others noop (2).
// Goals per cell value and role from a table. Gatekeeper and holdout are two tables.
class TwoStepGame final : public CellGame {
 public:
  TwoStepGame(std::vector<std::string> roles, std::vector<std::vector<int>> goals,
              std::string move0, std::string move1)
      : roles_(std::move(roles)),
        goals_(std::move(goals)),
        move0_(std::move(move0)),
        move1_(std::move(move1)) {}
  std::vector<std::string> Roles() const override { return roles_; }
  int num_cells() const override { return 1; }
  int num_values() const override { return 5; }
  Cells Initial() const override { return {0}; }
  bool Terminal(const Cells& c) const override { return c[0] != 0 && c[0] != 2; }
  void Legal(const Cells& c, int role, std::vector<Move>* out) const override {
    const int mover = c[0] == 0 ? 0 : 1;
    if (role == mover) {
      *out = {0, 1};
    } else {
      *out = {2};
    }
  }
  Cells Next(const Cells& c, std::span<const Move> joint) const override {
    return c[0] == 0 ? Cells{joint[0] == 0 ? 1 : 2} : Cells{joint[1] == 0 ? 3 : 4};
  }
  int Goal(const Cells& c, int role) const override {
    return goals_[static_cast<size_t>(c[0])][static_cast<size_t>(role)];
  }
  std::string MoveName(int, Move m) const override {
    return m == 2 ? "noop" : m == 0 ? move0_ : move1_;
  }

 private:
  std::vector<std::string> roles_;
  std::vector<std::vector<int>> goals_;  // [cell value][role]
  std::string move0_, move1_;
};

class LockGame final : public CellGame {
 public:
  explicit LockGame(std::vector<int> code) : code_(std::move(code)) {}
  // Cells 0..n-1: digit + 1 (0: not yet); cell n: digits entered.
  std::vector<std::string> Roles() const override { return {"solver"}; }
  int num_cells() const override { return static_cast<int>(code_.size()) + 1; }
  int num_values() const override { return std::max<int>(5, static_cast<int>(code_.size()) + 1); }
  Cells Initial() const override { return Cells(code_.size() + 1, 0); }
  bool Terminal(const Cells& c) const override { return c.back() == static_cast<int>(code_.size()); }
  void Legal(const Cells&, int, std::vector<Move>* out) const override { *out = {0, 1, 2, 3}; }
  Cells Next(const Cells& c, std::span<const Move> joint) const override {
    Cells n = c;
    n[static_cast<size_t>(c.back())] = joint[0] + 1;
    n.back() = c.back() + 1;
    return n;
  }
  int Goal(const Cells& c, int) const override {
    for (size_t i = 0; i < code_.size(); ++i) {
      if (c[i] != code_[i] + 1) return 0;
    }
    return 100;
  }
  std::string MoveName(int, Move m) const override { return "digit" + std::to_string(m); }

 private:
  std::vector<int> code_;
};

}  // namespace

std::shared_ptr<const CellGame> Gatekeeper() {
  // Cell values: 0 us to move, 1 guarded, 2 gate to move, 3 blocked, 4 let through.
  return std::make_shared<TwoStepGame>(
      std::vector<std::string>{"us", "gate", "threat"},
      std::vector<std::vector<int>>{{0, 0, 0}, {40, 0, 0}, {0, 0, 0}, {60, 10, 0}, {0, 0, 100}},
      "guard_or_block", "pass_or_let");
}
std::shared_ptr<const CellGame> Holdout(std::string opponent) {
  // Cell values: 0 us to move, 1 settled, 2 them to move, 3 resigned, 4 held out.
  return std::make_shared<TwoStepGame>(
      std::vector<std::string>{"us", std::move(opponent)},
      std::vector<std::vector<int>>{{0, 0}, {40, 60}, {0, 0}, {100, 0}, {0, 0}}, "settle_or_resign",
      "press_or_hold");
}
std::shared_ptr<const CellGame> Lock(std::vector<int> code) { return std::make_shared<LockGame>(std::move(code)); }

}  // namespace ggp::search_testing
