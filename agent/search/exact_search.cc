#include "agent/search/exact_search.h"

#include <algorithm>

namespace ggp::agent::search {

int Chooser(const reasoner::StateMachine& m, const reasoner::State& s, reasoner::Workspace& ws,
            std::vector<std::vector<reasoner::Move>>* legal, std::vector<reasoner::Move>* joint) {
  const auto num_roles = static_cast<size_t>(m.num_roles());
  legal->resize(num_roles);
  joint->resize(num_roles);
  int chooser = kNobody;
  for (size_t r = 0; r < num_roles; ++r) {
    auto& moves = (*legal)[r];
    m.LegalMoves(s, static_cast<int>(r), ws, &moves);
    if (moves.empty()) return kBroken;
    if (moves.size() > 1) chooser = chooser == kNobody ? static_cast<int>(r) : kSeveral;
    (*joint)[r] = moves.front();
  }
  return chooser;
}

void MoveHistory::Reset(int num_roles) { credit_.assign(static_cast<size_t>(num_roles), {}); }

void MoveHistory::Order(int role, std::span<const reasoner::Move> legal, uint32_t first,
                        std::vector<uint32_t>* order) {
  auto& credit = credit_[static_cast<size_t>(role)];
  order->resize(legal.size());
  for (size_t i = 0; i < legal.size(); ++i) {
    (*order)[i] = static_cast<uint32_t>(i);
    const auto m = static_cast<size_t>(legal[i]);
    if (m >= credit.size()) credit.resize(m + 1, 0);
  }
  // Insertion sort, stable and without allocation (choices are few).
  for (size_t i = 1; i < order->size(); ++i) {
    const uint32_t x = (*order)[i];
    const uint64_t cx = credit[static_cast<size_t>(legal[x])];
    size_t j = i;
    for (; j > 0 && credit[static_cast<size_t>(legal[(*order)[j - 1]])] < cx; --j) {
      (*order)[j] = (*order)[j - 1];
    }
    (*order)[j] = x;
  }
  if (first < legal.size()) {
    auto it = std::find(order->begin(), order->end(), first);
    std::rotate(order->begin(), it, it + 1);
  }
}

void MoveHistory::Credit(int role, reasoner::Move move, uint64_t amount) {
  auto& credit = credit_[static_cast<size_t>(role)];
  const auto m = static_cast<size_t>(move);
  if (m < credit.size()) credit[m] += amount;
}

}  // namespace ggp::agent::search
