// PuzzleSolver: the best-first phase on the machine's goal degree (see puzzle_solver.h).
// Solver thread only.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <queue>
#include <unordered_set>
#include <utility>
#include <vector>

#include "agent/search/puzzle_solver.h"

namespace ggp::agent::search {

using reasoner::Move;
using reasoner::State;

namespace {

// Weight of the heuristic against the depth (weighted A*): -ln(degree) grows by about one
// per fluent of the goal that is off, so one such fluent is worth two moves.
constexpr double kWeight = 2.0;
// Generated states after which a degree that never varied is taken to say nothing.
constexpr int64_t kFlatCheck = 2000;

}  // namespace

bool PuzzleSolver::BestFirst(const State& root) {
  const std::optional<double> root_degree = machine_->GoalLogDegree(root, 0, *ws_);
  if (!root_degree) return false;
  struct Node {
    uint32_t parent;
    Move move;
    uint32_t depth;
  };
  std::vector<Node> nodes;
  std::vector<State> states;                  // a node's state until it is expanded
  using Entry = std::pair<double, uint32_t>;  // (priority, node): lowest first
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  std::unordered_set<size_t> seen;
  auto priority = [](double log_degree, uint32_t depth) {
    return depth - kWeight * std::max(log_degree, -1e300);  // -infinity: last
  };
  auto line_to = [&](uint32_t i, Move last) {
    std::vector<Move> line{last};
    for (; nodes[i].parent != UINT32_MAX; i = nodes[i].parent) line.push_back(nodes[i].move);
    std::reverse(line.begin(), line.end());
    return line;
  };
  nodes.push_back({UINT32_MAX, -1, 0});
  states.push_back(root);
  seen.insert(root.Hash());
  open.push({priority(*root_degree, 0), 0});
  double lowest = *root_degree, highest = *root_degree;
  int64_t generated = 1;
  std::vector<Move> moves;
  State next;
  const auto until = std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(options_.best_first_seconds));
  for (int64_t expanded = 0;
       !open.empty() && !worker_.Stopping() && generated < options_.best_first_states; ++expanded) {
    if ((expanded & 255) == 255 && std::chrono::steady_clock::now() > until) break;
    const uint32_t i = open.top().second;
    open.pop();
    const State s = std::move(states[i]);
    states[i] = State();
    machine_->LegalMoves(s, 0, *ws_, &moves);
    states_.fetch_add(1, std::memory_order_relaxed);
    for (Move m : moves) {
      const Move joint[1] = {m};
      machine_->NextState(s, joint, *ws_, &next);
      if (!seen.insert(next.Hash()).second) continue;
      ++generated;
      if (machine_->IsTerminal(next, *ws_)) {
        const int v = std::max(0, machine_->Goal(next, 0, *ws_));
        if (v > BestValue()) OfferLine(v, line_to(i, m));
        if (v >= options_.max_goal) {
          best_first_generated_.store(generated, std::memory_order_relaxed);
          return true;
        }
        continue;
      }
      const double d = machine_->GoalLogDegree(next, 0, *ws_).value_or(0.0);
      lowest = std::min(lowest, d);
      highest = std::max(highest, d);
      const uint32_t depth = nodes[i].depth + 1;
      nodes.push_back({i, m, depth});
      states.push_back(next);
      open.push({priority(d, depth), static_cast<uint32_t>(nodes.size() - 1)});
    }
    best_first_generated_.store(generated, std::memory_order_relaxed);
    if (generated >= kFlatCheck && highest <= lowest) break;  // the degree says nothing here
  }
  return false;
}

void PuzzleSolver::OfferLine(int value, std::vector<Move> line) {
  std::lock_guard<std::mutex> lock(mu_);
  if (value <= best_.value) return;
  best_.value = value;
  best_.line = std::move(line);
}

}  // namespace ggp::agent::search
