#include "agent/search/amaf.h"

#include <algorithm>
#include <bit>

namespace ggp::agent::search {

AmafTable::AmafTable(int num_roles, uint32_t slots_per_role, uint32_t copies)
    : mask_(std::bit_ceil(std::max<uint32_t>(slots_per_role, 1)) - 1),
      copies_(std::max<uint32_t>(copies, 1)),
      stride_((static_cast<size_t>(num_roles) * (mask_ + 1) + 7) / 8 * 8),
      bytes_(sizeof(AmafTable) + copies_ * (stride_ * sizeof(Entry) + sizeof(Counter)) + 64),
      entries_(std::make_unique<Entry[]>(copies_ * stride_)),
      samples_(std::make_unique<Counter[]>(copies_)) {}

void AmafTrace::Init(int num_roles) {
  stamps_.assign(static_cast<size_t>(num_roles), {});
  for (auto& s : stamps_) s.reserve(256);
  played_.clear();
  played_.reserve(1024);
  epoch_ = 0;
  max_move_ = 0;
}

void AmafTrace::Begin() {
  played_.clear();
  if (++epoch_ == 0) {  // wrapped: stale stamps could equal the new epoch
    for (auto& s : stamps_) std::fill(s.begin(), s.end(), 0u);
    epoch_ = 1;
  }
}

void AmafTrace::Grow(std::vector<uint32_t>* stamps, size_t m) {
  stamps->resize(std::max(m + 1, stamps->size() * 2), 0u);
}

}  // namespace ggp::agent::search
