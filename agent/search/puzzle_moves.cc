// PuzzleSolver: the order of a state's moves (most constrained first) and the reading of
// a game's dead ends (ProbeDeadEnds). Solver thread only.

#include <algorithm>
#include <chrono>
#include <climits>
#include <numeric>

#include "agent/search/puzzle_solver.h"
#include "reasoner/random.h"

namespace ggp::agent::search {

using reasoner::Move;
using reasoner::State;

void PuzzleSolver::Order(const State& state, Frame* f, int depth) {
  const size_t k = f->moves.size();
  f->children.resize(k);
  std::vector<std::vector<uint32_t>> dropped(k);
  std::vector<int> count(state.words().size() * 64, 0);
  for (size_t i = 0; i < k; ++i) {
    const Move joint[1] = {f->moves[i]};
    machine_->NextState(state, joint, *ws_, &f->children[i]);
    state.ForEach([&](uint32_t fluent) {
      if (!f->children[i].Test(fluent)) {
        dropped[i].push_back(fluent);
        ++count[fluent];
      }
    });
  }
  f->droppable.assign(state.words().size(), 0);
  for (size_t i = 0; i < k; ++i) {
    for (uint32_t fluent : dropped[i]) f->droppable[fluent >> 6] |= uint64_t{1} << (fluent & 63);
  }
  std::vector<int> rank(k, INT_MAX);
  int fewest = INT_MAX;
  uint32_t pivot = 0;
  for (size_t i = 0; i < k; ++i) {
    for (uint32_t fluent : dropped[i]) {
      rank[i] = std::min(rank[i], count[fluent]);
      if (count[fluent] < fewest) {
        fewest = count[fluent];
        pivot = fluent;
      }
    }
  }
  std::vector<char> out(k, 0);
  size_t keep = k;
  if (exclusive_ && depth >= 0) {
    // The exclusive-moves reading (puzzle_exclusion.cc) decides what is searched.
    Exclude(*f, fixed_length_ - depth, &out, &rank);
    keep = static_cast<size_t>(std::count(out.begin(), out.end(), 0));
  } else if (prune_ == 1 && fewest != INT_MAX) {
    // Dead-end reading (see the header): the most constrained fluent has to go, and its
    // options only shrink, so only the moves that drop it are tried here.
    for (size_t i = 0; i < k; ++i) {
      if (std::find(dropped[i].begin(), dropped[i].end(), pivot) == dropped[i].end()) {
        out[i] = 1;
        --keep;
      }
    }
  }
  std::vector<size_t> order(k);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return out[a] != out[b] ? out[a] < out[b] : rank[a] < rank[b];
  });
  std::vector<Move> moves(k);
  std::vector<State> children(k);
  for (size_t i = 0; i < k; ++i) {
    moves[i] = f->moves[order[i]];
    children[i] = std::move(f->children[order[i]]);
  }
  f->moves.swap(moves);
  f->children.swap(children);
  f->moves.resize(keep);
  f->children.resize(keep);
  // Wide states of many moves: the successors are made again one at a time on the way
  // down, so that the path does not hold depth x moves x state words.
  if (keep * state.words().size() * sizeof(uint64_t) > options_.max_frame_bytes) {
    f->children.clear();
  }
}

bool PuzzleSolver::ProbeDeadEnds(const State& root) {
  Frame f;
  State s, relieved;
  reasoner::Rng rng(0x5EED);
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(options_.probe_ms);
  bool blocking = false;      // removing a terminal's stranded fluents raised its goal
  std::vector<uint8_t> mark;  // per fluent: 0 unknown, 1 droppable, 2 stranded
  for (int playout = 0; playout < options_.probe_playouts; ++playout) {
    s = root;
    std::fill(mark.begin(), mark.end(), 0);
    while (!machine_->IsTerminal(s, *ws_)) {
      if (worker_.Stopping() || std::chrono::steady_clock::now() > until) {
        return blocking;
      }
      machine_->LegalMoves(s, 0, *ws_, &f.moves);
      if (f.moves.empty()) break;
      Order(s, &f);
      if (mark.size() < f.droppable.size() * 64) mark.resize(f.droppable.size() * 64, 0);
      for (size_t i = 0; i < mark.size(); ++i) {
        if (!s.Test(static_cast<uint32_t>(i))) {
          mark[i] = 0;
          continue;
        }
        const bool d = (i >> 6) < f.droppable.size() && ((f.droppable[i >> 6] >> (i & 63)) & 1);
        if (d && mark[i] == 2) return false;  // came back: not a dead end in this game
        if (d) {
          mark[i] = 1;
        } else if (mark[i] == 1) {
          mark[i] = 2;
        }
      }
      const size_t pick = rng.Below(static_cast<uint32_t>(f.moves.size()));
      if (f.children.empty()) {
        const Move joint[1] = {f.moves[pick]};
        machine_->NextState(s, joint, *ws_, &relieved);
        std::swap(s, relieved);
      } else {
        s = f.children[pick];
      }
    }
    // Would this end have been worth more without its stranded fluents?
    relieved = s;
    bool any = false;
    for (size_t i = 0; i < mark.size(); ++i) {
      if (mark[i] == 2 && s.Test(static_cast<uint32_t>(i))) {
        relieved.Reset(static_cast<uint32_t>(i));
        any = true;
      }
    }
    if (any && std::max(0, machine_->Goal(relieved, 0, *ws_)) > std::max(0, machine_->Goal(s, 0, *ws_))) {
      blocking = true;
    }
  }
  return blocking;
}

}  // namespace ggp::agent::search
