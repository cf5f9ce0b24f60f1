// PlanDemux (graph.h): selector groups and the demultiplexed edges that read them.
//
// A selector group is a set of fluents of which at most one is true in every reachable
// state: a step counter, whose turn it is. The proof is inductive and syntactic: at most one
// member is true initially, and each member's `next` is a copy of another member, or an
// AND with exactly one positive member among its inputs, or false, with no two members
// copying the same one. If at most one member is true now, then at most one can be next.
//
// A gate AND(s_k, Y) with s_k a member is true only while s_k is the group's true member.
// When Y feeds many such gates, one per member (hex: "cell ?m ?n is reached" AND "step ?k"
// for 81 steps), a change of Y needs to reach only the gate of the active member. The plan
// replaces Y's edges into those gates by one demux edge and each selector's edge into its
// gate by a recompute edge. The evaluator tracks each group's true member as fluents are
// loaded, and recomputes a gate from its inputs' values whenever its selector changes, or
// Y changes while its selector is the true member; the gates of the other members may
// hold a stale count of Y, which does not matter while their selector is false.
#include <algorithm>
#include <numeric>
#include <tuple>

#include "reasoner/propnet/graph.h"

namespace ggp::reasoner::propnet {
namespace {

constexpr int32_t kNoPred = -1;         // next is not of an accepted form
constexpr int32_t kNeverNext = -2;      // next is constantly false
constexpr size_t kMinDemuxTargets = 4;  // fewer gates are cheaper as plain edges

uint32_t Find(std::vector<uint32_t>& parent, uint32_t x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

}  // namespace

DemuxPlan PlanDemux(const std::vector<uint8_t>& main, Propnet* out) {
  Propnet& net = *out;
  const uint32_t m = net.num_components();
  const uint32_t nf = net.num_fluents;
  DemuxPlan plan;
  plan.selector_input.assign(m, 0);
  net.fluent_group.assign(nf, -1);
  net.fluent_group_index.assign(nf, 0);
  net.group_members.clear();
  net.selector_words.assign((nf + 63) / 64, 0);
  net.demux_group.clear();
  net.demux_index_begin.clear();
  net.demux_index.clear();
  net.demux_targets.clear();
  net.demux_partner.assign(m, 0);

  std::vector<int32_t> fluent_of(m, -1);
  for (uint32_t f = 0; f < nf; ++f) {
    if (net.fluent_base[f] >= 0)
      fluent_of[static_cast<uint32_t>(net.fluent_base[f])] = static_cast<int32_t>(f);
  }
  // pred[f]: the member f's next copies, kNeverNext, or kNoPred.
  std::vector<int32_t> pred(nf, kNoPred);
  for (uint32_t f = 0; f < nf; ++f) {
    const uint32_t c = net.fluent_next[f];
    if (c == net.const_false) {
      pred[f] = kNeverNext;
    } else if (net.is_leaf[c]) {
      pred[f] = fluent_of[c];
    } else if (net.base_counter[c] == kTrueCounter - (net.in_begin[c + 1] - net.in_begin[c])) {
      int32_t only = kNoPred;
      int found = 0;
      for (uint32_t k = net.in_begin[c]; k < net.in_begin[c + 1]; ++k) {
        const uint32_t e = net.in_edges[k];
        if ((e & kInvertedEdge) == 0 && fluent_of[e & kEdgeTargetMask] >= 0) {
          only = fluent_of[e & kEdgeTargetMask];
          ++found;
        }
      }
      if (found == 1) pred[f] = only;
    }
  }
  std::vector<uint32_t> parent(nf);
  std::iota(parent.begin(), parent.end(), 0u);
  for (uint32_t f = 0; f < nf; ++f) {
    if (pred[f] >= 0) parent[Find(parent, f)] = Find(parent, static_cast<uint32_t>(pred[f]));
  }
  std::vector<std::vector<uint32_t>> sets(nf);
  for (uint32_t f = 0; f < nf; ++f) sets[Find(parent, f)].push_back(f);
  std::vector<uint8_t> copied(nf, 0);  // a fluent is copied only by members of its own set
  for (const std::vector<uint32_t>& set : sets) {
    if (set.size() < 2) continue;
    bool ok = true;
    int initially_true = 0;
    for (uint32_t f : set) {
      if (pred[f] == kNoPred) ok = false;
      if (pred[f] >= 0 && copied[static_cast<uint32_t>(pred[f])]++) ok = false;
      initially_true += net.initial.Test(f) ? 1 : 0;
    }
    if (!ok || initially_true > 1) continue;
    const auto g = static_cast<int32_t>(net.group_members.size());
    for (uint32_t i = 0; i < set.size(); ++i) {
      net.fluent_group[set[i]] = g;
      net.fluent_group_index[set[i]] = i;
    }
    net.group_members.push_back(set);
  }
  if (net.group_members.empty()) return plan;

  // Candidate gates: main AND(member leaf, Y), outside cycles; keyed by (Y, group).
  struct Candidate {
    uint32_t y, group, member, gate, selector_side;
  };
  std::vector<Candidate> candidates;
  for (uint32_t t = 0; t < m; ++t) {
    if (!main[t] || net.is_leaf[t] || net.scc_of[t] >= 0) continue;
    if (net.in_begin[t + 1] - net.in_begin[t] != 2 || net.base_counter[t] != kTrueCounter - 2)
      continue;
    // The selector: a positive member input; of two, the one of the larger group.
    int best = -1;
    size_t best_size = 0;
    for (int side = 0; side < 2; ++side) {
      const uint32_t s = net.in_edges[net.in_begin[t] + static_cast<uint32_t>(side)];
      const int32_t f = fluent_of[s & kEdgeTargetMask];
      if ((s & kInvertedEdge) != 0 || f < 0 || net.fluent_group[static_cast<uint32_t>(f)] < 0)
        continue;
      const size_t size =
          net.group_members[static_cast<size_t>(net.fluent_group[static_cast<uint32_t>(f)])].size();
      if (size > best_size) {
        best = side;
        best_size = size;
      }
    }
    if (best < 0) continue;
    const uint32_t s = net.in_edges[net.in_begin[t] + static_cast<uint32_t>(best)];
    const uint32_t y = net.in_edges[net.in_begin[t] + static_cast<uint32_t>(1 - best)];
    const auto f = static_cast<uint32_t>(fluent_of[s & kEdgeTargetMask]);
    const auto g = static_cast<uint32_t>(net.fluent_group[f]);
    const int32_t yf = fluent_of[y & kEdgeTargetMask];
    if (yf >= 0 && net.fluent_group[static_cast<uint32_t>(yf)] == static_cast<int32_t>(g)) continue;
    candidates.push_back({y, g, net.fluent_group_index[f], t, static_cast<uint32_t>(best)});
  }
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    const uint32_t ay = a.y & kEdgeTargetMask, by = b.y & kEdgeTargetMask;
    return std::tie(ay, a.group, a.member, a.gate) < std::tie(by, b.group, b.member, b.gate);
  });
  for (size_t b = 0; b < candidates.size();) {
    size_t e = b;
    const uint32_t y = candidates[b].y & kEdgeTargetMask, g = candidates[b].group;
    while (e < candidates.size() && (candidates[e].y & kEdgeTargetMask) == y &&
           candidates[e].group == g)
      ++e;
    if (e - b >= kMinDemuxTargets) {
      net.demux_group.push_back(g);
      plan.source.push_back(y);
      net.demux_index_begin.push_back(static_cast<uint32_t>(net.demux_index.size()));
      size_t k = b;
      for (uint32_t member = 0; member <= net.group_members[g].size(); ++member) {
        net.demux_index.push_back(static_cast<uint32_t>(net.demux_targets.size()));
        for (; k < e && candidates[k].member == member; ++k) {
          const Candidate& c = candidates[k];
          net.demux_targets.push_back(c.gate << 1 | c.y >> 31);
          net.demux_partner[c.gate] = c.y;
          plan.selector_input[candidates[k].gate] =
              static_cast<uint8_t>(1 + candidates[k].selector_side);
        }
      }
    }
    b = e;
  }
  // The evaluator tracks the true member of the groups that some demux reads.
  for (uint32_t g : net.demux_group) {
    for (uint32_t f : net.group_members[g]) net.selector_words[f >> 6] |= uint64_t{1} << (f & 63);
  }
  return plan;
}

}  // namespace ggp::reasoner::propnet
