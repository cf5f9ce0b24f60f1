// The guessing game of the search tests (test_games.h: Guess).

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "tests/search/test_games.h"

namespace ggp::search_testing {
namespace {

// Cells: rounds played, then the seeker's points. Both roles pick 0, 1 or 2 each round;
// the seeker scores when the picks match, the hider when they differ. Its only
// equilibrium is for both to pick uniformly at random: any pure choice can be answered.
class GuessGame final : public CellGame {
 public:
  explicit GuessGame(int rounds) : rounds_(rounds) {}
  std::vector<std::string> Roles() const override { return {"seeker", "hider"}; }
  int num_cells() const override { return 2; }
  int num_values() const override { return rounds_ + 1; }
  Cells Initial() const override { return {0, 0}; }
  bool Terminal(const Cells& c) const override { return c[0] == rounds_; }
  void Legal(const Cells&, int, std::vector<Move>* out) const override { *out = {0, 1, 2}; }
  Cells Next(const Cells& c, std::span<const Move> joint) const override {
    return {c[0] + 1, c[1] + (joint[0] == joint[1] ? 1 : 0)};
  }
  int Goal(const Cells& c, int role) const override {
    const int seeker = 100 * c[1] / rounds_;
    return role == 0 ? seeker : 100 - seeker;
  }
  std::string MoveName(int, Move m) const override { return "pick" + std::to_string(m); }

 private:
  int rounds_;
};

}  // namespace

std::shared_ptr<const CellGame> Guess(int rounds) { return std::make_shared<GuessGame>(rounds); }

}  // namespace ggp::search_testing
