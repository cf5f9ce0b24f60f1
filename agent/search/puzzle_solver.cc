#include "agent/search/puzzle_solver.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <numeric>
#include <unordered_set>

#include "agent/search/puzzle_table.h"
#include "reasoner/random.h"

namespace ggp::agent::search {
namespace {

using reasoner::Move;
using reasoner::State;

bool AnyStranded(const State& child, const std::vector<uint64_t>& parent_droppable,
                 const std::vector<uint64_t>& child_droppable) {
  std::span<const uint64_t> w = child.words();
  for (size_t i = 0; i < w.size() && i < parent_droppable.size(); ++i) {
    const uint64_t kept = i < child_droppable.size() ? child_droppable[i] : 0;
    if ((w[i] & parent_droppable[i] & ~kept) != 0) return true;
  }
  return false;
}

}  // namespace

PuzzleSolver::PuzzleSolver(std::shared_ptr<const reasoner::StateMachine> machine, Options options)
    : machine_(std::move(machine)),
      options_(options),
      table_(std::make_unique<Table>(static_cast<size_t>(std::max(1, options.memory_mb)) << 20)),
      ws_(machine_->NewWorkspace()) {}

PuzzleSolver::~PuzzleSolver() { Stop(); }

void PuzzleSolver::Stop() { worker_.Stop(); }

void PuzzleSolver::Start(const State& root) {
  worker_.Launch([this, root] { Run(root); });
}

void PuzzleSolver::Advance(Move m, const State& next) {
  Stop();
  bool proven;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!best_.line.empty() && best_.line.front() == m) {
      best_.line.erase(best_.line.begin());
    } else {
      best_.line.clear();
      best_.value = -1;
      best_.proven = false;
    }
    proven = best_.proven;
  }
  if (!proven) Start(next);
}

PuzzleResult PuzzleSolver::Best() const {
  std::lock_guard<std::mutex> lock(mu_);
  PuzzleResult r = best_;
  r.states = states_.load(std::memory_order_relaxed);
  r.bound_cuts = bound_cuts_.load(std::memory_order_relaxed);
  r.best_first = best_first_generated_.load(std::memory_order_relaxed);
  return r;
}

int PuzzleSolver::BestValue() const {
  std::lock_guard<std::mutex> lock(mu_);
  return best_.value;
}

bool PuzzleSolver::Proven() const {
  std::lock_guard<std::mutex> lock(mu_);
  return best_.proven;
}

void PuzzleSolver::Run(State root) {
  if (prune_ < 0) {
    prune_ = ProbeDeadEnds(root) ? 1 : 0;
    reading_.store(prune_, std::memory_order_release);
    bounds_ = options_.goal_bounds && machine_->ProvesGoalBounds();
    if (prune_ == 0 && bounds_ && options_.exclusions) exclusive_ = ReadExclusions(root);
    std::lock_guard<std::mutex> lock(mu_);
    best_.pruning = prune_ == 1;
    best_.bounds = bounds_;
    best_.groups = exclusive_ ? groups_ : -1;
  } else if (exclusive_) {
    fixed_length_ = FixedLength(root);  // moves left from this root
    if (fixed_length_ < 1) exclusive_ = false;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    best_.exclusive = exclusive_;
  }
  int value = -1;
  bool complete = false;
  if (options_.best_first && prune_ != 1 && !exclusive_ && !best_first_spent_ &&
      BestValue() < options_.max_goal) {
    // Depth first for a slice (small puzzles are proven there), then best first, then
    // depth first again (what the slice proved is in the table).
    solve_budget_ = states_.load(std::memory_order_relaxed) + options_.depth_first_slice;
    complete = Solve(root, &value);
    solve_budget_ = -1;
    if (!complete && !worker_.Stopping()) {
      if (BestFirst(root)) {
        std::lock_guard<std::mutex> lock(mu_);
        best_.proven = true;  // a line of the best goal there is
        return;
      }
      best_first_spent_ = !worker_.Stopping();
      complete = Solve(root, &value);
    }
  } else {
    complete = Solve(root, &value);
  }
  if (complete && (prune_ == 1 || exclusive_) && value < options_.max_goal) {
    // The reading of the game was wrong for this puzzle: search everything instead. The
    // table's values were computed under the cuts; they go.
    prune_ = 0;
    exclusive_ = false;
    reading_.store(0, std::memory_order_release);
    table_->Clear();
    {
      std::lock_guard<std::mutex> lock(mu_);
      best_.pruning = false;
      best_.exclusive = false;
    }
    complete = Solve(root, &value);
  }
  std::lock_guard<std::mutex> lock(mu_);
  best_.stored = static_cast<int64_t>(table_->size());
  best_.table_full = table_->full();
  best_.pruning = prune_ == 1;
  best_.exclusive = exclusive_;
  if (complete && value <= best_.value) best_.proven = true;
}

void PuzzleSolver::Offer(int value, const std::vector<Frame>& path, const std::vector<Move>& tail) {
  std::lock_guard<std::mutex> lock(mu_);
  if (value <= best_.value) return;
  best_.value = value;
  best_.line.clear();
  for (const Frame& f : path) best_.line.push_back(f.moves[f.next - 1]);
  best_.line.insert(best_.line.end(), tail.begin(), tail.end());
}

bool PuzzleSolver::WalkTable(State s, int value, std::vector<Move>* line) {
  std::vector<Move> moves;
  State next;
  // Exact values: some move of a state worth v leads to a terminal of goal v or to a
  // stored state worth v (unless the table was full when it was proven).
  for (size_t steps = 0; steps < 100000; ++steps) {
    machine_->LegalMoves(s, 0, *ws_, &moves);
    bool found = false;
    for (Move m : moves) {
      const Move joint[1] = {m};
      machine_->NextState(s, joint, *ws_, &next);
      int v;
      if (machine_->IsTerminal(next, *ws_)) {
        if (std::max(0, machine_->Goal(next, 0, *ws_)) != value) continue;
        line->push_back(m);
        return true;
      }
      if (!table_->Get(PuzzleKey(next), &v) || v != value) continue;
      line->push_back(m);
      std::swap(s, next);
      found = true;
      break;
    }
    if (!found) return false;
  }
  return false;
}

bool PuzzleSolver::Solve(const State& root, int* value) {
  auto goal = [&](const State& s) { return std::max(0, machine_->Goal(s, 0, *ws_)); };
  if (machine_->IsTerminal(root, *ws_)) {
    *value = goal(root);
    return true;
  }
  std::vector<Frame> path;
  State scratch;  // a successor made on the way down (frames that keep none)
  std::unordered_set<uint64_t> on_path;
  auto push = [&](const State& s, uint64_t key) {
    Frame& f = path.emplace_back();
    f.state = s;
    f.key = key;
    machine_->LegalMoves(s, 0, *ws_, &f.moves);
    Order(s, &f, static_cast<int>(path.size()) - 1);
    on_path.insert(key);
    states_.fetch_add(1, std::memory_order_relaxed);
  };
  push(root, PuzzleKey(root));
  for (;;) {
    if (worker_.Stopping()) return false;
    if (solve_budget_ >= 0 && states_.load(std::memory_order_relaxed) >= solve_budget_)
      return false;
    Frame& f = path.back();
    if (f.best >= options_.max_goal || f.next == f.moves.size()) {
      const int v = std::max(f.best, 0);  // no legal move: stuck, worth nothing
      // Exact unless a cut below might have been worth more than what was found.
      const int hidden = f.hidden > v ? f.hidden : -1;
      if (hidden < 0) table_->Put(f.key, v);
      on_path.erase(f.key);
      path.pop_back();
      if (path.empty()) {
        *value = v;
        return true;
      }
      path.back().best = std::max(path.back().best, v);
      path.back().hidden = std::max(path.back().hidden, hidden);
      continue;
    }
    if (f.children.empty()) {
      const Move joint[1] = {f.moves[f.next]};
      machine_->NextState(f.state, joint, *ws_, &scratch);
    }
    const State& child = f.children.empty() ? scratch : f.children[f.next];
    ++f.next;
    const uint64_t key = PuzzleKey(child);
    if (on_path.count(key) > 0) continue;  // a loop: nothing gained on this path
    int v;
    if (table_->Get(key, &v)) {
      // Proven earlier (another path or an earlier search): its line is read back from
      // the table if it beats the best line so far.
      if (v > f.best) f.best = v;
      std::vector<Move> tail;
      if (v > BestValue() && WalkTable(child, v, &tail)) Offer(v, path, tail);
      continue;
    }
    if (machine_->IsTerminal(child, *ws_)) {
      v = goal(child);
      f.best = std::max(f.best, v);
      Offer(v, path, {});
      continue;
    }
    push(State(child), key);
    if (bounds_) {
      // A bound costs more than an expansion: where they stop paying (under 1 cut in 100
      // after 2000), the search goes on without them (still exact, only uncut).
      if (++bound_evals_ >= 2000 && bound_cuts_.load(std::memory_order_relaxed) * 100 < bound_evals_) {
        bounds_ = false;
      }
    }
    if (bounds_) {
      const int bound = machine_->GoalUpperBound(path.back().state, 0, *ws_);
      if (bound <= BestValue()) {
        // Nothing below can beat the best line: cut, and remember what it might be worth.
        path.back().next = path.back().moves.size();
        path.back().hidden = bound;
        bound_cuts_.fetch_add(1, std::memory_order_relaxed);
        continue;
      }
    }
    if (prune_ == 1 && path.size() >= 2 &&
        AnyStranded(path.back().state, path[path.size() - 2].droppable, path.back().droppable)) {
      // A fluent the parent's moves could drop, that nothing can drop any more: in this
      // game that never comes back (ProbeDeadEnds), so the state is a dead end.
      path.back().next = path.back().moves.size();
      path.back().best = 0;
    }
  }
}

}  // namespace ggp::agent::search
