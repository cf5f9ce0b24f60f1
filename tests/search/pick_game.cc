// The one-shot picking game of the search tests (test_games.h: PickGame).

#include <algorithm>
#include <numeric>

#include "tests/search/test_games.h"

namespace ggp::search_testing {

PickGame::PickGame(int n, bool together) : n_(std::max(n, 2)), together_(together) {}

void PickGame::RaiseAfterGoals(std::atomic<bool>* flag, int goals) {
  flag_ = flag;
  goals_left_.store(goals);
}

void PickGame::Legal(const Cells&, int role, std::vector<Move>* out) const {
  out->resize(role == 0 || together_ ? static_cast<size_t>(n_) : 1);
  std::iota(out->begin(), out->end(), Move{0});
}

Cells PickGame::Next(const Cells&, std::span<const Move> joint) const {
  return {1, static_cast<int>(joint[0]), static_cast<int>(joint[1])};
}

int PickGame::Goal(const Cells& c, int role) const {
  if (flag_ != nullptr && goals_left_.fetch_sub(1) == 1) flag_->store(true);
  const int picker = c[0] == 1 && together_ && c[1] != c[2] ? 100 : 0;
  return role == 0 ? picker : 100 - picker;
}

}  // namespace ggp::search_testing
