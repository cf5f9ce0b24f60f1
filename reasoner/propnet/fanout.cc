#include <algorithm>
#include <vector>

#include "reasoner/propnet/graph.h"

namespace ggp::reasoner::propnet {
namespace {

// Output lists under construction: per source, the gates that read it (encoded) and the
// flagged outputs (propnet.h, Fanout).
struct Lists {
  std::vector<uint32_t> plain_count, special_count;

  explicit Lists(uint32_t n) : plain_count(n, 0), special_count(n, 0) {}

  // Lays out the counted lists; afterwards the counts are the fill positions.
  void Allocate(std::vector<Propnet::Fanout>* fanout, std::vector<uint32_t>* edges) {
    fanout->resize(plain_count.size());
    uint32_t pos = 0;
    for (size_t c = 0; c < plain_count.size(); ++c) {
      Propnet::Fanout& f = (*fanout)[c];
      f.begin = pos;
      f.special = f.begin + plain_count[c];
      f.end = f.special + special_count[c];
      plain_count[c] = f.begin;
      special_count[c] = f.special;
      pos = f.end;
    }
    edges->assign(pos, 0);
  }
};

}  // namespace

void BuildFanout(const std::vector<uint8_t>& main, const DemuxPlan& demux, Propnet* out) {
  Propnet& net = *out;
  uint32_t m = net.num_components();
  Lists main_lists(m), goal_lists(m);
  // A demuxed gate's selector reaches it by a recompute edge, its other input through the
  // source's demux edge (one per demux); neither has a plain edge into it.
  auto routed = [&](uint32_t t, uint32_t k) -> int {  // 0 plain, 1 selector, 2 demuxed
    const uint8_t sel = demux.selector_input[t];
    if (sel == 0) return 0;
    return k - net.in_begin[t] + 1 == sel ? 1 : 2;
  };
  for (uint32_t t = 0; t < m; ++t) {
    Lists& lists = main[t] ? main_lists : goal_lists;
    for (uint32_t k = net.in_begin[t]; k < net.in_begin[t + 1]; ++k) {
      uint32_t src = net.in_edges[k] & kEdgeTargetMask;
      const int how = routed(t, k);
      if (how == 2) continue;
      ++(net.scc_of[t] >= 0 || how == 1 ? lists.special_count : lists.plain_count)[src];
    }
  }
  for (uint32_t y : demux.source) ++main_lists.special_count[y];
  // Pseudo-edges from each fluent's `next` component to the fluent, and from each legal
  // component to its bit in the legal bitset, so the evaluator keeps both up to date.
  for (uint32_t c : net.fluent_next) ++main_lists.special_count[c];
  net.legal_bit.clear();
  net.legal_words = 0;
  for (const auto& role : net.legal) {
    net.legal_bit.push_back(net.legal_words * 64);
    // At least one word per role, even one without moves: the playout's draw reads a
    // role's first word unconditionally, and it must read zeros there, not the next role's
    // moves or past the end (propnet_no_moves_test.cc).
    net.legal_words += static_cast<uint32_t>(std::max<size_t>(1, (role.size() + 63) / 64));
    for (uint32_t c : role) ++main_lists.special_count[c];
  }
  main_lists.Allocate(&net.fanout, &net.out_edges);
  goal_lists.Allocate(&net.goal_fanout, &net.goal_edges);

  for (uint32_t f = 0; f < net.fluent_next.size(); ++f) {
    net.out_edges[main_lists.special_count[net.fluent_next[f]]++] = f | kNextEdge;
  }
  net.legal_guarded_words.assign(net.legal_words, 0);
  for (size_t r = 0; r < net.legal.size(); ++r) {
    for (uint32_t mv = 0; mv < net.legal[r].size(); ++mv) {
      uint32_t bit = net.legal_bit[r] + mv;
      net.out_edges[main_lists.special_count[net.legal[r][mv]]++] = bit | kLegalEdge;
      if (net.legal_guarded[r][mv]) net.legal_guarded_words[bit >> 6] |= uint64_t{1} << (bit & 63);
    }
  }
  for (uint32_t d = 0; d < demux.source.size(); ++d) {
    net.out_edges[main_lists.special_count[demux.source[d]]++] = d | kDemuxEdge;
  }
  for (uint32_t t = 0; t < m; ++t) {
    Lists& lists = main[t] ? main_lists : goal_lists;
    std::vector<uint32_t>& edges = main[t] ? net.out_edges : net.goal_edges;
    for (uint32_t k = net.in_begin[t]; k < net.in_begin[t + 1]; ++k) {
      uint32_t e = net.in_edges[k];
      uint32_t src = e & kEdgeTargetMask;
      const int how = routed(t, k);
      if (how == 2) continue;
      if (how == 1) {
        edges[lists.special_count[src]++] = t | kRecomputeEdge;
      } else if (net.scc_of[t] >= 0) {
        edges[lists.special_count[src]++] = t | (e & kInvertedEdge) | kSccEdge;
      } else {
        edges[lists.plain_count[src]++] = t << 1 | (e >> 31);
      }
    }
  }
  net.goal_order.clear();
  net.goal_program.clear();
  bool goal_cycles = false;
  size_t run = 0;  // where the run of pairs that gate c - 1 ended starts, if any
  bool in_run = false;
  for (uint32_t c = 0; c < m; ++c) {
    if (main[c] || net.is_leaf[c]) {
      in_run = false;
      continue;
    }
    net.goal_order.push_back(c);
    goal_cycles |= net.scc_of[c] >= 0;
    if (net.in_begin[c + 1] - net.in_begin[c] == 2) {
      const uint32_t e0 = net.in_edges[net.in_begin[c]], e1 = net.in_edges[net.in_begin[c] + 1];
      const bool is_and = net.base_counter[c] != kFalseCounter;
      if (!in_run) {
        run = net.goal_program.size();
        net.goal_program.insert(net.goal_program.end(), {c | kProgramPair, 0});
        in_run = true;
      }
      ++net.goal_program[run + 1];
      net.goal_program.insert(net.goal_program.end(), {e0 | (is_and ? kProgramAnd : 0), e1});
      continue;
    }
    in_run = false;
    std::vector<uint32_t> plain, inverted;
    for (uint32_t k = net.in_begin[c]; k < net.in_begin[c + 1]; ++k) {
      const uint32_t e = net.in_edges[k];
      ((e & kInvertedEdge) != 0 ? inverted : plain).push_back(e & kEdgeTargetMask);
    }
    const auto n_inverted = static_cast<uint32_t>(inverted.size());
    net.goal_program.insert(
        net.goal_program.end(),
        {c, net.base_counter[c] + n_inverted, static_cast<uint32_t>(plain.size()), n_inverted});
    net.goal_program.insert(net.goal_program.end(), plain.begin(), plain.end());
    net.goal_program.insert(net.goal_program.end(), inverted.begin(), inverted.end());
  }
  if (goal_cycles) net.goal_program.clear();
  net.goal_boundary.clear();
  for (uint32_t c = 0; c < m; ++c) {
    const Propnet::Fanout& f = net.goal_fanout[c];
    if (main[c] && f.begin != f.end) net.goal_boundary.push_back(c);
  }
}

}  // namespace ggp::reasoner::propnet
