// Nested Rollout Policy Adaptation: see nrpa.h.

#include "agent/search/nrpa.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <thread>
#include <utility>

namespace ggp::agent::search {

using reasoner::Move;
using reasoner::State;

NrpaSearch::NrpaSearch(std::shared_ptr<const reasoner::StateMachine> machine, Options options)
    : machine_(std::move(machine)), options_(options), rng_(options.seed) {
  if (machine_ == nullptr || machine_->num_roles() != 1) {
    throw std::invalid_argument("NrpaSearch: needs a machine with exactly one role");
  }
  options_.level = std::clamp(options_.level, 1, 8);
  options_.iterations = std::max(1, options_.iterations);
  options_.max_steps = std::max(1, options_.max_steps);
  ws_ = machine_->NewWorkspace();
  policies_.resize(static_cast<size_t>(options_.level) + 1);
  lines_.resize(2 * (static_cast<size_t>(options_.level) + 1));
}

NrpaSearch::~NrpaSearch() { Stop(); }

void NrpaSearch::Stop() { worker_.Stop(); }

void NrpaSearch::Start(const State& root) {
  Stop();
  root_ = root;
  runs_.store(0, std::memory_order_relaxed);
  budget_ = -1;
  worker_.Launch([this] { Run(); });
}

void NrpaSearch::Advance(Move m, const State& next) {
  Stop();
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!best_line_.empty() && best_line_.front() == m) {
      best_line_.erase(best_line_.begin());
      // A near miss's line is one step shorter now; new lines count from the new root.
      const int value = best_value_.load(std::memory_order_relaxed);
      best_score_ = value + std::max(0.0, best_score_ - value - 1.0 / (options_.max_steps + 2.0));
    } else {
      best_line_.clear();
      best_value_.store(-1, std::memory_order_release);
      best_score_ = -1;
    }
  }
  warm_ = true;  // the next run starts from the policy learned so far
  if (BestValue() < options_.max_goal) Start(next);
}

int NrpaSearch::SearchFor(const State& root, int64_t playouts) {
  Stop();
  root_ = root;
  budget_ = playouts_.load(std::memory_order_relaxed) + playouts;
  while (!Done()) RunOnce();
  budget_ = -1;
  return BestValue();
}

NrpaResult NrpaSearch::Best() const {
  NrpaResult r;
  {
    std::lock_guard<std::mutex> lock(mu_);
    r.line = best_line_;
    r.value = best_value_.load(std::memory_order_relaxed);
  }
  r.playouts = playouts_.load(std::memory_order_relaxed);
  r.runs = runs_.load(std::memory_order_relaxed);
  r.near_misses = near_.load(std::memory_order_relaxed) == 1;
  return r;
}

void NrpaSearch::Run() {
  while (!Done()) RunOnce();
}

bool NrpaSearch::Done() const {
  return worker_.Stopping() ||
         (budget_ >= 0 && playouts_.load(std::memory_order_relaxed) >= budget_) ||
         BestValue() >= options_.max_goal;
}

void NrpaSearch::WaitWhileHeld() const {
  while (options_.hold && !worker_.Stopping() && options_.hold()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

bool NrpaSearch::RunOnce() {
  Policy& top = policies_.back();  // the run's starting policy: uniform, or warm
  if (warm_) {
    // After a move of the game: the top level's policy of the run that was stopped
    // (move ids mean the same move in every state).
    top = policies_[policies_.size() - 2];
    warm_ = false;
  } else {
    top.assign(top.size(), 0.0);
  }
  Line& line = lines_.back();
  Level(options_.level, top, &line);
  if (Done()) return false;
  runs_.fetch_add(1, std::memory_order_relaxed);
  return true;
}

double NrpaSearch::Level(int level, const Policy& policy, Line* line) {
  if (level == 0) return Playout(policy, line);
  const size_t l = static_cast<size_t>(level);
  Policy& mine = policies_[l - 1];  // level L adapts its own copy
  mine = policy;
  Line& best = lines_[2 * l - 2];
  Line& trial = lines_[2 * l - 1];
  best.Clear();
  double best_value = -1;
  for (int i = 0; i < options_.iterations && !Done(); ++i) {
    if (level == 1) WaitWhileHeld();
    const double v = Level(level - 1, mine, &trial);
    if (v >= best_value) {
      best_value = v;
      std::swap(best, trial);
    }
    // Level L-1 used policies_[L-2] and below as scratch: `mine` is still level L's.
    Adapt(best, &mine);
  }
  *line = best;  // copy assignment: the target's buffers are reused
  return best_value;
}

double NrpaSearch::Odds(const Policy& policy, std::span<const Move> legal) {
  double top = -1e300;
  for (Move mv : legal) top = std::max(top, Weight(policy, mv));
  odds_.resize(legal.size());
  double sum = 0;
  for (size_t i = 0; i < legal.size(); ++i)
    sum += odds_[i] = std::exp(Weight(policy, legal[i]) - top);
  return sum;
}

double NrpaSearch::Playout(const Policy& policy, Line* line) {
  const reasoner::StateMachine& m = *machine_;
  if (near_.load(std::memory_order_relaxed) < 0) {  // first playout: may run the analysis
    near_.store(options_.near_misses && m.ProvesGoalBounds() ? 1 : 0, std::memory_order_relaxed);
  }
  const bool near = near_.load(std::memory_order_relaxed) == 1;
  line->Clear();
  cur_ = root_;
  bool terminal = false;
  size_t n = 0;  // states on the path
  for (int step = 0; step < options_.max_steps; ++step) {
    if (near) {
      if (path_.size() <= n) path_.resize(n + 1);
      path_[n++] = cur_;  // copy assignment: the slot's words are reused
    }
    if ((terminal = m.IsTerminal(cur_, *ws_))) break;
    m.LegalMoves(cur_, 0, *ws_, &legal_);
    if (legal_.empty()) break;  // broken rules: score the state as it is
    size_t pick = 0;
    if (legal_.size() > 1) {
      double x = rng_.Uniform() * Odds(policy, legal_);
      pick = legal_.size() - 1;
      for (size_t i = 0; i < legal_.size(); ++i) {
        x -= odds_[i];
        if (x < 0) {
          pick = i;
          break;
        }
      }
    }
    line->moves.push_back(legal_[pick]);
    line->legal.insert(line->legal.end(), legal_.begin(), legal_.end());
    line->begin.push_back(static_cast<uint32_t>(line->legal.size()));
    const Move joint[1] = {legal_[pick]};
    m.NextState(cur_, joint, *ws_, &next_);
    std::swap(cur_, next_);
  }
  const int goal = m.Goal(cur_, 0, *ws_);
  const int value = goal < 0 ? 0 : goal;
  playouts_.fetch_add(1, std::memory_order_relaxed);
  double score = value;
  if (near && value < options_.max_goal) {
    if (!terminal) {
      if (path_.size() <= n) path_.resize(n + 1);
      path_[n++] = cur_;
    }
    score += static_cast<double>(StepsWithinReach(n)) / (options_.max_steps + 2.0);
  }
  // Only a line that ends the game is a guarantee; a cut one still guides the policy.
  if (terminal && value >= BestValue()) Offer(value, score, line->moves);
  return score;
}

size_t NrpaSearch::StepsWithinReach(size_t n) {
  // The bound never rises along a line (latched fluents stay latched): find where it fell.
  const reasoner::StateMachine& m = *machine_;
  auto within = [&](size_t i) { return m.GoalUpperBound(path_[i], 0, *ws_) >= options_.max_goal; };
  size_t lo = 0, hi = n;  // path_[0, lo) within reach, path_[hi, n) out of it
  if (n > 0 && within(n - 1)) {
    lo = n;
  } else if (n > 0) {
    hi = n - 1;
    while (lo < hi) {
      const size_t mid = lo + (hi - lo) / 2;
      if (within(mid)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
  }
  ++near_tries_;
  if (lo > 0 && lo < n) ++near_falls_;  // fell on the way (not already out of reach)
  if (near_tries_ >= 500 && near_falls_ == 0) near_.store(0, std::memory_order_relaxed);
  return lo;
}

void NrpaSearch::Adapt(const Line& line, Policy* policy) {
  if (line.moves.empty()) return;
  Move top_id = 0;
  for (Move mv : line.legal) top_id = std::max(top_id, mv);
  if (static_cast<size_t>(top_id) >= policy->size()) policy->resize(static_cast<size_t>(top_id) + 1, 0.0);
  before_ = *policy;  // probabilities come from the policy before this adaptation
  for (size_t step = 0; step < line.moves.size(); ++step) {
    const std::span<const Move> legal = line.LegalAt(step);
    const double sum = Odds(before_, legal);
    for (size_t i = 0; i < legal.size(); ++i) {
      if (legal[i] >= 0)
        (*policy)[static_cast<size_t>(legal[i])] -= options_.alpha * odds_[i] / sum;
    }
    const Move chosen = line.moves[step];
    if (chosen >= 0) (*policy)[static_cast<size_t>(chosen)] += options_.alpha;
  }
}

void NrpaSearch::Offer(int value, double score, const std::vector<Move>& line) {
  std::lock_guard<std::mutex> lock(mu_);
  if (score <= best_score_) return;
  best_score_ = score;
  best_line_.assign(line.begin(), line.end());
  best_value_.store(value, std::memory_order_release);
}

}  // namespace ggp::agent::search
