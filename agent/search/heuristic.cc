#include "agent/search/heuristic.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_map>

#include <fmt/format.h>

#include "agent/search/fluent_types.h"
#include "reasoner/kif/term.h"
#include "reasoner/random.h"

namespace ggp::agent::search {
namespace {

using reasoner::Move;
using reasoner::State;

struct Sample {
  std::vector<uint32_t> fluents;  // true fluents
  std::vector<double> goals;      // each role's goal in the sampled state, 0..1
  std::vector<uint32_t> next_fluents;  // the same of the state after it in its game
  std::vector<double> next_goals;
  std::vector<double> outcome;    // each role's goal at the end of its game, 0..1
  bool held_out = false;
  // Held out and drawn from anywhere in its game whatever sample_from says (only when
  // sample_from > 0): what the evaluation meets at the end of a cut playout.
  bool whole = false;
};

// Solves (A + ridge I) x = b for a symmetric positive definite A (n x n, row major) by
// Gaussian elimination with partial pivoting; A and b are overwritten.
std::vector<double> Solve(std::vector<double> a, std::vector<double> b, size_t n, double ridge) {
  for (size_t i = 0; i < n; ++i) a[i * n + i] += ridge;
  for (size_t col = 0; col < n; ++col) {
    size_t pivot = col;
    for (size_t r = col + 1; r < n; ++r) {
      if (std::abs(a[r * n + col]) > std::abs(a[pivot * n + col])) pivot = r;
    }
    if (std::abs(a[pivot * n + col]) < 1e-12) continue;
    if (pivot != col) {
      for (size_t k = 0; k < n; ++k) std::swap(a[col * n + k], a[pivot * n + k]);
      std::swap(b[col], b[pivot]);
    }
    for (size_t r = col + 1; r < n; ++r) {
      const double f = a[r * n + col] / a[col * n + col];
      if (f == 0) continue;
      for (size_t k = col; k < n; ++k) a[r * n + k] -= f * a[col * n + k];
      b[r] -= f * b[col];
    }
  }
  std::vector<double> x(n, 0.0);
  for (size_t i = n; i-- > 0;) {
    if (std::abs(a[i * n + i]) < 1e-12) continue;
    double s = b[i];
    for (size_t k = i + 1; k < n; ++k) s -= a[i * n + k] * x[k];
    x[i] = s / a[i * n + i];
  }
  return x;
}

}  // namespace

std::shared_ptr<const Heuristic> Heuristic::Learn(const reasoner::StateMachine& machine,
                                                  const State& initial,
                                                  const HeuristicOptions& options,
                                                  const std::atomic<bool>* stop,
                                                  HeuristicReport* report) {
  using Clock = std::chrono::steady_clock;
  const auto until = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(options.seconds));
  const int roles = machine.num_roles();
  *report = HeuristicReport{};
  report->r2.assign(static_cast<size_t>(roles), std::numeric_limits<double>::quiet_NaN());
  report->r2_whole = report->r2;
  report->features.assign(static_cast<size_t>(roles), 0);
  report->top.assign(static_cast<size_t>(roles), "");
  if (!machine.FluentIndexedStates()) return nullptr;  // no fluent to weigh

  // Random games; a few states of each kept with the goals the game ended with.
  auto ws = machine.NewWorkspace();
  reasoner::Rng rng(options.seed);
  FluentTyper typer;
  std::vector<int32_t>& type_of = typer.type_of;  // fluent -> type id
  std::vector<std::string>& type_names = typer.names;
  std::vector<Sample> samples;
  std::vector<State> line;
  std::vector<Move> legal, joint(static_cast<size_t>(roles));
  while (report->playouts < options.max_playouts && Clock::now() < until &&
         !(stop != nullptr && stop->load(std::memory_order_relaxed))) {
    line.assign(1, initial);
    bool ok = true;
    while (ok && !machine.IsTerminal(line.back(), *ws)) {
      if (static_cast<int>(line.size()) > options.max_steps) ok = false;
      for (int r = 0; ok && r < roles; ++r) {
        machine.LegalMoves(line.back(), r, *ws, &legal);
        if (legal.empty()) ok = false;
        else joint[static_cast<size_t>(r)] = legal[rng.Below(static_cast<uint32_t>(legal.size()))];
      }
      if (!ok) break;
      State next;
      machine.NextState(line.back(), joint, *ws, &next);
      line.push_back(std::move(next));
    }
    if (!ok || line.size() < 2) continue;
    std::vector<double> outcome(static_cast<size_t>(roles));
    for (int r = 0; r < roles; ++r) {
      outcome[static_cast<size_t>(r)] = std::max(0, machine.Goal(line.back(), r, *ws)) / 100.0;
    }
    const bool held_out = report->playouts % 4 == 3;
    const bool also_whole = held_out && options.sample_from > 0;
    ++report->playouts;
    for (int k = 0; k < options.samples_per_playout * (also_whole ? 2 : 1); ++k) {
      const bool whole = k >= options.samples_per_playout;
      const size_t span = line.size() - 1;
      const size_t first =
          whole ? 0
                : std::min(span - 1,
                           static_cast<size_t>(options.sample_from * static_cast<double>(span)));
      const size_t at = first + rng.Below(static_cast<uint32_t>(span - first));
      const State& s = line[at];
      Sample sample;
      s.ForEach([&](uint32_t f) { sample.fluents.push_back(f); });
      line[at + 1].ForEach([&](uint32_t f) { sample.next_fluents.push_back(f); });
      if (!typer.Type(machine, s, sample.fluents) ||
          !typer.Type(machine, line[at + 1], sample.next_fluents)) {
        continue;
      }
      for (int r = 0; r < roles; ++r) {
        sample.goals.push_back(std::max(0, machine.Goal(s, r, *ws)) / 100.0);
        sample.next_goals.push_back(std::max(0, machine.Goal(line[at + 1], r, *ws)) / 100.0);
      }
      sample.outcome = outcome;
      sample.held_out = held_out;
      sample.whole = whole;
      samples.push_back(std::move(sample));
    }
  }
  report->samples = static_cast<int>(samples.size());
  report->types = static_cast<int>(type_names.size());
  if (report->playouts < 40 || (stop != nullptr && stop->load(std::memory_order_relaxed))) {
    return nullptr;
  }

  // Dense features: type counts, then each role's goal.
  const size_t num_types = type_names.size();
  const size_t width = num_types + static_cast<size_t>(roles);
  auto features = [&](const Sample& s, std::vector<double>* x) {
    x->assign(width, 0.0);
    for (uint32_t f : s.fluents) (*x)[static_cast<size_t>(type_of[f])] += 1.0;
    for (int r = 0; r < roles; ++r) (*x)[num_types + static_cast<size_t>(r)] = s.goals[static_cast<size_t>(r)];
  };
  std::vector<double> mean(width, 0.0), var(width, 0.0), x;
  size_t train = 0;
  for (const Sample& s : samples) {
    if (s.held_out) continue;
    ++train;
    features(s, &x);
    for (size_t j = 0; j < width; ++j) mean[j] += x[j];
  }
  if (train < 20) return nullptr;
  for (double& m : mean) m /= static_cast<double>(train);
  for (const Sample& s : samples) {
    if (s.held_out) continue;
    features(s, &x);
    for (size_t j = 0; j < width; ++j) var[j] += (x[j] - mean[j]) * (x[j] - mean[j]);
  }
  std::vector<double> sd(width);
  for (size_t j = 0; j < width; ++j) sd[j] = std::sqrt(var[j] / static_cast<double>(train));

  auto h = std::shared_ptr<Heuristic>(new Heuristic());
  h->machine_ = &machine;
  h->num_roles_ = roles;
  h->usable_.assign(static_cast<size_t>(roles), 0);
  h->r2_.assign(static_cast<size_t>(roles), 0.0);
  h->r2_whole_.assign(static_cast<size_t>(roles), 0.0);
  h->bias_.assign(static_cast<size_t>(roles), 0.0);
  h->fluent_weight_.assign(static_cast<size_t>(roles), std::vector<float>(type_of.size(), 0.0f));
  h->type_names_ = type_names;
  h->type_weight_.assign(static_cast<size_t>(roles), std::vector<double>(num_types, 0.0));
  h->goal_weight_.assign(static_cast<size_t>(roles), std::vector<double>(static_cast<size_t>(roles), 0.0));
  h->goal_read_.assign(static_cast<size_t>(roles), 0);
  h->step_scale_.assign(static_cast<size_t>(roles), 0.0);
  report->step.assign(static_cast<size_t>(roles), 0.0);
  bool any = false;
  for (int r = 0; r < roles; ++r) {
    const size_t ri = static_cast<size_t>(r);
    // Correlation of each varying feature with the outcome, on the training games.
    double y_mean = 0, y_var = 0;
    std::vector<double> cov(width, 0.0);
    for (const Sample& s : samples) if (!s.held_out) y_mean += s.outcome[ri];
    y_mean /= static_cast<double>(train);
    for (const Sample& s : samples) {
      if (s.held_out) continue;
      features(s, &x);
      const double dy = s.outcome[ri] - y_mean;
      y_var += dy * dy;
      for (size_t j = 0; j < width; ++j) cov[j] += (x[j] - mean[j]) * dy;
    }
    if (y_var <= 0) continue;  // every game ended alike for this role
    std::vector<std::pair<double, size_t>> ranked;
    for (size_t j = 0; j < width; ++j) {
      if (sd[j] < 1e-9) continue;
      const double corr = cov[j] / (sd[j] * static_cast<double>(train) * std::sqrt(y_var / static_cast<double>(train)));
      if (std::abs(corr) >= options.min_correlation) ranked.push_back({std::abs(corr), j});
    }
    std::sort(ranked.rbegin(), ranked.rend());
    if (ranked.size() > static_cast<size_t>(options.max_features)) ranked.resize(static_cast<size_t>(options.max_features));
    if (ranked.empty()) continue;
    const size_t k = ranked.size();
    // Ridge regression on the standardised chosen features.
    std::vector<double> ata(k * k, 0.0), atb(k, 0.0), z(k);
    for (const Sample& s : samples) {
      if (s.held_out) continue;
      features(s, &x);
      for (size_t a = 0; a < k; ++a) z[a] = (x[ranked[a].second] - mean[ranked[a].second]) / sd[ranked[a].second];
      const double dy = s.outcome[ri] - y_mean;
      for (size_t a = 0; a < k; ++a) {
        atb[a] += z[a] * dy;
        for (size_t b = 0; b < k; ++b) ata[a * k + b] += z[a] * z[b];
      }
    }
    for (double& v : ata) v /= static_cast<double>(train);
    for (double& v : atb) v /= static_cast<double>(train);
    const std::vector<double> beta = Solve(ata, atb, k, options.ridge);
    // Back to raw counts: value = bias + sum_j w_j x_j.
    std::vector<double> w(width, 0.0);
    double bias = y_mean;
    for (size_t a = 0; a < k; ++a) {
      const size_t j = ranked[a].second;
      w[j] = beta[a] / sd[j];
      bias -= w[j] * mean[j];
    }
    // Held out: does it beat the training mean? On the states it was fitted for, and on
    // states from anywhere in the games (the same ones when sample_from is 0).
    auto held_out_r2 = [&](bool whole, int* held) {
      double sse = 0, sst = 0;
      *held = 0;
      for (const Sample& s : samples) {
        if (!s.held_out || s.whole != whole) continue;
        features(s, &x);
        double v = bias;
        for (size_t j = 0; j < width; ++j) v += w[j] * x[j];
        v = std::clamp(v, 0.0, 1.0);
        sse += (v - s.outcome[ri]) * (v - s.outcome[ri]);
        sst += (y_mean - s.outcome[ri]) * (y_mean - s.outcome[ri]);
        ++*held;
      }
      return *held < 10 || sst <= 0 ? std::numeric_limits<double>::quiet_NaN() : 1.0 - sse / sst;
    };
    int held = 0, held_whole = 0;
    const double r2 = held_out_r2(false, &held);
    if (std::isnan(r2)) continue;
    const double r2_whole = options.sample_from > 0 ? held_out_r2(true, &held_whole) : r2;
    report->r2[ri] = r2;
    report->r2_whole[ri] = r2_whole;
    report->features[ri] = static_cast<int>(k);
    std::vector<std::pair<double, size_t>> heavy;
    for (size_t a = 0; a < k; ++a) heavy.push_back({std::abs(beta[a]), ranked[a].second});
    std::sort(heavy.rbegin(), heavy.rend());
    for (size_t a = 0; a < heavy.size() && a < 3; ++a) {
      const size_t j = heavy[a].second;
      const std::string name = j < num_types ? type_names[j] : fmt::format("goal/{}", j - num_types);
      report->top[ri] += fmt::format("{}{} {:+.3f}", a == 0 ? "" : ", ", name, w[j]);
    }
    if (r2 <= options.min_r2 || r2 * held < options.min_evidence) continue;
    // The typical change of the value in one step of a random game (median of the
    // changes that are not zero), for evaluations relative to the parent.
    std::vector<double> steps;
    for (const Sample& s : samples) {
      if (s.held_out) continue;
      double before = bias, after = bias;
      for (uint32_t f : s.fluents) before += w[static_cast<size_t>(type_of[f])];
      for (uint32_t f : s.next_fluents) {
        if (f < type_of.size() && type_of[f] >= 0) after += w[static_cast<size_t>(type_of[f])];
      }
      for (int g = 0; g < roles; ++g) {
        const double gw = w[num_types + static_cast<size_t>(g)];
        before += gw * s.goals[static_cast<size_t>(g)];
        after += gw * s.next_goals[static_cast<size_t>(g)];
      }
      const double d = std::abs(std::clamp(after, 0.0, 1.0) - std::clamp(before, 0.0, 1.0));
      if (d > 1e-9) steps.push_back(d);
    }
    if (!steps.empty()) {
      std::nth_element(steps.begin(), steps.begin() + static_cast<std::ptrdiff_t>(steps.size() / 2), steps.end());
      h->step_scale_[ri] = steps[steps.size() / 2];
      report->step[ri] = h->step_scale_[ri];
    }
    h->usable_[ri] = 1;
    h->r2_[ri] = r2;
    h->r2_whole_[ri] = std::isnan(r2_whole) ? 0.0 : r2_whole;
    std::copy(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(num_types), h->type_weight_[ri].begin());
    h->bias_[ri] = bias;
    for (size_t f = 0; f < type_of.size(); ++f) {
      if (type_of[f] >= 0) h->fluent_weight_[ri][f] = static_cast<float>(w[static_cast<size_t>(type_of[f])]);
    }
    for (int g = 0; g < roles; ++g) {
      const double gw = w[num_types + static_cast<size_t>(g)];
      h->goal_weight_[ri][static_cast<size_t>(g)] = gw;
      if (gw != 0) h->goal_read_[static_cast<size_t>(g)] = 1;
    }
    any = true;
  }
  if (!any) return nullptr;
  return h;
}

double Heuristic::Value(const State& s, int role, reasoner::Workspace& ws) const {
  const size_t r = static_cast<size_t>(role);
  double v = bias_[r];
  if (!compiled_.empty() && compiled_[r] != nullptr) {
    v += compiled_[r]->Sum(s);
  } else {
    const std::vector<float>& w = fluent_weight_[r];
    s.ForEach([&](uint32_t f) {
      if (f < w.size()) v += w[f];
    });
  }
  for (int g = 0; g < num_roles_; ++g) {
    if (!goal_read_[static_cast<size_t>(g)]) continue;
    v += goal_weight_[r][static_cast<size_t>(g)] * std::max(0, machine_->Goal(s, g, ws)) / 100.0;
  }
  return std::clamp(v, 0.0, 1.0);
}

double Heuristic::FluentWeight(int role, uint32_t f) const {
  const std::vector<float>& w = fluent_weight_[static_cast<size_t>(role)];
  return f < w.size() ? w[f] : 0.0;
}

}  // namespace ggp::agent::search
