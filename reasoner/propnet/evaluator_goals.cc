// The goal side of the Evaluator (evaluator.h): bringing the goal-only part up to date.
#include "reasoner/propnet/evaluator.h"

namespace ggp::reasoner::propnet {

namespace {

// Runs a goal_program (propnet.h). Gates have few inputs: vectorising the inner loop only
// adds set-up, so it is kept scalar.
[[gnu::optimize("no-tree-vectorize")]] void RunProgram(const std::vector<uint32_t>& program,
                                                       uint32_t* counters) {
  const uint32_t* p = program.data();
  const uint32_t* const end = p + program.size();
  while (p != end) {
    const uint32_t head = p[0];
    if ((head & kProgramPair) != 0) {  // a run of ANDs and ORs of two inputs
      uint32_t* out = counters + (head & kEdgeTargetMask);
      const uint32_t* const run_end = p + 2 + 2 * p[1];
      for (p += 2; p != run_end; p += 2, ++out) {
        // kFalseCounter for an OR, kTrueCounter - 2 for an AND; an input is satisfied when
        // its value differs from its kInvertedEdge bit.
        const uint32_t e0 = p[0], e1 = p[1];
        *out = kFalseCounter - ((e0 >> 30) & 1) + ((counters[e0 & kEdgeTargetMask] ^ e0) >> 31) +
               ((counters[e1 & kEdgeTargetMask] ^ e1) >> 31);
      }
      continue;
    }
    const uint32_t gate = head;
    uint32_t c = p[1];  // an inverted input counts 1 - value
    const uint32_t* const plain_end = p + 4 + p[2];
    const uint32_t* const inverted_end = plain_end + p[3];
    for (p += 4; p != plain_end; ++p) c += counters[*p] >> 31;
    for (; p != inverted_end; ++p) c -= counters[*p] >> 31;
    counters[gate] = c;
  }
}

}  // namespace

// Propagating the boundary's changes costs an event for every flip they cause, and one
// change may cascade through many (piece counting) or die out at once; recomputing the
// goal part costs one pass over its program, cheap per word. The evaluator learns from
// the goal syncs that propagate how many events each direct goal output of a changed
// boundary component causes, and recomputes when that predicts more work than the pass.
void Evaluator::SyncGoals() {
  if (goals_synced_) return;
  goals_synced_ = true;
  size_t direct = 0;
  for (size_t k = 0; k < net_.goal_boundary.size(); ++k) {
    const uint32_t c = net_.goal_boundary[k];
    if (Value(c) == (goal_seen_[k] != 0)) continue;
    const Propnet::Fanout& f = net_.goal_fanout[c];
    direct += f.end - f.begin;
  }
  if (direct == 0) return;
  const double pass = static_cast<double>(
      net_.goal_program.empty() ? 3 * (net_.goal_edges.size() + net_.goal_order.size())
                                : net_.goal_program.size());
  if (goal_cascade_ * static_cast<double>(direct) * kEventWeight > pass) {
    for (size_t k = 0; k < net_.goal_boundary.size(); ++k)
      goal_seen_[k] = Value(net_.goal_boundary[k]);
    if (!net_.goal_program.empty()) {
      RunProgram(net_.goal_program, counters_.data());
      return;
    }
    for (uint32_t i : net_.goal_order) {
      const int32_t scc = net_.scc_of[i];
      if (scc < 0) {
        counters_[i] = Recomputed(i);
      } else if (net_.scc_range[static_cast<size_t>(scc)].first == i) {
        RecomputeScc(static_cast<uint32_t>(scc), false);
      }
    }
    return;
  }
  for (size_t k = 0; k < net_.goal_boundary.size(); ++k) {
    uint32_t c = net_.goal_boundary[k];
    uint8_t v = Value(c) ? 1 : 0;
    if (v == goal_seen_[k]) continue;
    goal_seen_[k] = v;
    Push(c << 1 | v);
  }
  const uint64_t before = events_;
  if (top_ != 0) Drain<true>(true);
  goal_cascade_ = 0.75 * goal_cascade_ +
                  0.25 * static_cast<double>(events_ - before) / static_cast<double>(direct);
}

}  // namespace ggp::reasoner::propnet
