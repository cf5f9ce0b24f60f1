#include "agent/search/exact_search.h"

#include <algorithm>

namespace ggp::agent::search {

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
