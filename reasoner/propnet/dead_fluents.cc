#include "reasoner/propnet/dead_fluents.h"

#include <cstddef>

namespace ggp::reasoner::propnet {

namespace {

// Whether `net` is of the whole game: a terminal, and legal moves and goals for every
// role. One built without legal moves (the hybrid machine's) or without goals or terminal
// (the split machine's) would call dead what the missing parts read.
bool WholeGame(const Propnet& net) {
  if (net.terminal == net.const_false) return false;
  for (size_t r = 0; r < net.legal.size(); ++r) {
    bool some_legal = false;
    for (uint32_t c : net.legal[r]) some_legal = some_legal || c != net.const_false;
    if (!some_legal || r >= net.goals.size() || net.goals[r].empty()) return false;
  }
  return true;
}

}  // namespace

std::vector<uint64_t> LiveFluentWords(const Propnet& net) {
  if (!WholeGame(net)) return {};
  const uint32_t n = net.num_components();
  // The fluent whose leaf each component is, if any.
  std::vector<int32_t> fluent_of(n, -1);
  for (uint32_t f = 0; f < net.num_fluents; ++f) {
    const int32_t leaf = net.fluent_base[f];
    if (leaf >= 0) fluent_of[static_cast<size_t>(leaf)] = static_cast<int32_t>(f);
  }
  std::vector<uint8_t> seen(n, 0);
  std::vector<uint32_t> stack;
  auto visit = [&](uint32_t c) {
    c &= kEdgeTargetMask;
    if (c < n && !seen[c]) {
      seen[c] = 1;
      stack.push_back(c);
    }
  };
  for (size_t r = 0; r < net.legal.size(); ++r) {
    for (uint32_t c : net.legal[r]) visit(c);
    if (net.legal_guard[r] != kNoGuard) visit(net.legal_guard[r]);
  }
  for (const auto& role_goals : net.goals) {
    for (const auto& [value, c] : role_goals) visit(c);
  }
  visit(net.terminal);

  const size_t words = (static_cast<size_t>(net.num_fluents) + 63) / 64;
  std::vector<uint64_t> live(words, 0);
  while (!stack.empty()) {
    const uint32_t c = stack.back();
    stack.pop_back();
    if (const int32_t f = fluent_of[c]; f >= 0) {
      live[static_cast<size_t>(f) >> 6] |= uint64_t{1} << (f & 63);
      visit(net.fluent_next[static_cast<size_t>(f)]);
    }
    for (uint32_t i = net.in_begin[c]; i < net.in_begin[c + 1]; ++i) visit(net.in_edges[i]);
  }
  if (words > 0 && (net.num_fluents & 63) != 0) {
    live.back() |= ~uint64_t{0} << (net.num_fluents & 63);
  }
  return live;
}

}  // namespace ggp::reasoner::propnet
