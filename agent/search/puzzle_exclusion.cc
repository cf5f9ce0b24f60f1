// PuzzleSolver: the exclusive-moves reading of placement puzzles (puzzle_solver.h): which
// root moves exclude each other on a line of max_goal, grouped, and the cuts and the
// branching it gives a state. Solver thread only.

#include <algorithm>
#include <chrono>
#include <climits>

#include "agent/search/puzzle_solver.h"
#include "reasoner/random.h"

namespace ggp::agent::search {

using reasoner::Move;
using reasoner::State;

int PuzzleSolver::FixedLength(const State& root) {
  constexpr int kPlayouts = 8;
  constexpr int kMaxLength = 10'000;
  reasoner::Rng rng(0xC0FFEE);
  std::vector<Move> moves;
  State s, next;
  int length = -1;
  for (int p = 0; p < kPlayouts; ++p) {
    s = root;
    int n = 0;
    while (!machine_->IsTerminal(s, *ws_)) {
      machine_->LegalMoves(s, 0, *ws_, &moves);
      if (moves.empty() || n == kMaxLength || worker_.Stopping()) return -1;
      const Move joint[1] = {moves[rng.Below(static_cast<uint32_t>(moves.size()))]};
      machine_->NextState(s, joint, *ws_, &next);
      std::swap(s, next);
      ++n;
    }
    if (length >= 0 && n != length) return -1;
    length = n;
  }
  return length;
}

bool PuzzleSolver::ReadExclusions(const State& root) {
  fixed_length_ = FixedLength(root);
  if (fixed_length_ < 2) return false;
  std::vector<Move> moves;
  machine_->LegalMoves(root, 0, *ws_, &moves);
  const size_t k = moves.size();
  if (k < 2 || static_cast<int64_t>(k * k) > options_.exclusion_pairs) return false;
  const auto until =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(options_.exclusion_ms);
  auto reaches_max = [&](const State& s) {
    return machine_->GoalUpperBound(s, 0, *ws_) >= options_.max_goal;
  };
  std::vector<State> children(k);
  std::vector<char> live(k, 0);
  for (size_t i = 0; i < k; ++i) {
    const Move joint[1] = {moves[i]};
    machine_->NextState(root, joint, *ws_, &children[i]);
    live[i] = reaches_max(children[i]);
  }
  // excl[i * k + j]: after move i, move j is illegal or leads below max_goal.
  std::vector<char> excl(k * k, 1);
  std::vector<Move> after;
  State grandchild;
  for (size_t i = 0; i < k; ++i) {
    if (!live[i]) continue;
    if (worker_.Stopping() || std::chrono::steady_clock::now() > until) return false;
    machine_->LegalMoves(children[i], 0, *ws_, &after);
    std::sort(after.begin(), after.end());
    for (size_t j = 0; j < k; ++j) {
      if (!live[j] || !std::binary_search(after.begin(), after.end(), moves[j])) continue;
      const Move joint[1] = {moves[j]};
      machine_->NextState(children[i], joint, *ws_, &grandchild);
      excl[i * k + j] = !reaches_max(grandchild);
      if (i == j && !excl[i * k + j]) return false;  // played twice: groups would not bound
    }
  }
  std::vector<int32_t> group(k, -1);
  std::vector<size_t> members;
  int groups = 0;
  bool wide = false;
  for (size_t i = 0; i < k; ++i) {
    if (!live[i] || group[i] >= 0) continue;
    members.assign(1, i);
    for (size_t j = i + 1; j < k; ++j) {
      if (!live[j] || group[j] >= 0) continue;
      const bool all = std::all_of(members.begin(), members.end(), [&](size_t m) {
        return excl[m * k + j] && excl[j * k + m];
      });
      if (all) members.push_back(j);
    }
    for (size_t m : members) group[m] = groups;
    wide = wide || members.size() >= 2;
    ++groups;
  }
  if (!wide) return false;
  const Move top = *std::max_element(moves.begin(), moves.end());
  if (top < 0) return false;
  group_of_.assign(static_cast<size_t>(top) + 1, -1);
  for (size_t i = 0; i < k; ++i) {
    if (moves[i] >= 0) group_of_[static_cast<size_t>(moves[i])] = group[i];
  }
  groups_ = groups;
  return true;
}

void PuzzleSolver::Exclude(const Frame& f, int remaining, std::vector<char>* out,
                           std::vector<int>* rank) {
  const size_t k = f.moves.size();
  std::vector<int> live_in(static_cast<size_t>(groups_), 0);  // live moves per group
  std::vector<int32_t> group(k, INT_MIN);  // INT_MIN: dead; -1: a group of its own
  bool unseen = false;  // a move the root did not have: no bound on what it adds
  int singles = 0;
  for (size_t i = 0; i < k; ++i) {
    if (machine_->GoalUpperBound(f.children[i], 0, *ws_) < options_.max_goal) {
      (*out)[i] = 1;
      continue;
    }
    const Move m = f.moves[i];
    if (m < 0 || static_cast<size_t>(m) >= group_of_.size()) {
      unseen = true;
      group[i] = -1;
      continue;
    }
    group[i] = group_of_[static_cast<size_t>(m)];
    if (group[i] < 0) {
      ++singles;
    } else {
      ++live_in[static_cast<size_t>(group[i])];
    }
  }
  int covered = singles;
  int fewest = -1;  // the group with the fewest live moves (-1: a single)
  int fewest_count = singles > 0 ? 1 : INT_MAX;
  for (size_t g = 0; g < live_in.size(); ++g) {
    if (live_in[g] == 0) continue;
    ++covered;
    if (live_in[g] < fewest_count) {
      fewest_count = live_in[g];
      fewest = static_cast<int>(g);
    }
  }
  for (size_t i = 0; i < k; ++i) {
    if (group[i] == INT_MIN) continue;
    (*rank)[i] = group[i] < 0 ? 1 : live_in[static_cast<size_t>(group[i])];
  }
  if (unseen || remaining <= 0 || covered > remaining) return;
  bool first_single = true;
  for (size_t i = 0; i < k; ++i) {
    if (group[i] == INT_MIN) continue;
    bool keep = false;
    if (covered == remaining) {
      // Each group gives one move: branch on the most constrained group alone.
      if (fewest < 0) {
        keep = group[i] < 0 && first_single;
        if (keep) first_single = false;
      } else {
        keep = group[i] == fewest;
      }
    }
    if (!keep) (*out)[i] = 1;  // fewer groups than moves to play: a dead end
  }
}

}  // namespace ggp::agent::search
