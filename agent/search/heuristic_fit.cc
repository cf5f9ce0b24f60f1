// Heuristic::Learn's parts (heuristic_internal.h): sampling states from random games, the
// dense features, and the ridge regression of a role's final goal on them.

#include <algorithm>
#include <cmath>
#include <limits>

#include "agent/search/heuristic_internal.h"
#include "reasoner/random.h"

namespace ggp::agent::search::heuristic_internal {
namespace {

using reasoner::Move;
using reasoner::State;

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

void SampleGames(const reasoner::StateMachine& machine, const State& initial,
                 const HeuristicOptions& options, const std::atomic<bool>* stop,
                 std::chrono::steady_clock::time_point until, FluentTyper* typer,
                 std::vector<Sample>* samples, HeuristicReport* report) {
  const int roles = machine.num_roles();
  auto ws = machine.NewWorkspace();
  reasoner::Rng rng(options.seed);
  std::vector<State> line;
  std::vector<Move> legal, joint(static_cast<size_t>(roles));
  while (report->playouts < options.max_playouts && std::chrono::steady_clock::now() < until &&
         !(stop != nullptr && stop->load(std::memory_order_relaxed))) {
    line.assign(1, initial);
    bool ok = true;
    while (ok && !machine.IsTerminal(line.back(), *ws)) {
      if (static_cast<int>(line.size()) > options.max_steps) ok = false;
      for (int r = 0; ok && r < roles; ++r) {
        machine.LegalMoves(line.back(), r, *ws, &legal);
        if (legal.empty())
          ok = false;
        else
          joint[static_cast<size_t>(r)] = legal[rng.Below(static_cast<uint32_t>(legal.size()))];
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
      if (!typer->Type(machine, s, sample.fluents) ||
          !typer->Type(machine, line[at + 1], sample.next_fluents)) {
        continue;
      }
      for (int r = 0; r < roles; ++r) {
        sample.goals.push_back(std::max(0, machine.Goal(s, r, *ws)) / 100.0);
        sample.next_goals.push_back(std::max(0, machine.Goal(line[at + 1], r, *ws)) / 100.0);
      }
      sample.outcome = outcome;
      sample.held_out = held_out;
      sample.whole = whole;
      samples->push_back(std::move(sample));
    }
  }
}

void Features::Of(const Sample& s, std::vector<double>* x) const {
  x->assign(width, 0.0);
  for (uint32_t f : s.fluents) (*x)[static_cast<size_t>((*type_of)[f])] += 1.0;
  for (int r = 0; r < roles; ++r)
    (*x)[num_types + static_cast<size_t>(r)] = s.goals[static_cast<size_t>(r)];
}

bool Standardise(const std::vector<Sample>& samples, const FluentTyper& typer, int roles,
                 Features* f) {
  f->type_of = &typer.type_of;
  f->num_types = typer.names.size();
  f->roles = roles;
  f->width = f->num_types + static_cast<size_t>(roles);
  std::vector<double> mean(f->width, 0.0), var(f->width, 0.0), x;
  size_t train = 0;
  for (const Sample& s : samples) {
    if (s.held_out) continue;
    ++train;
    f->Of(s, &x);
    for (size_t j = 0; j < f->width; ++j) mean[j] += x[j];
  }
  if (train < 20) return false;
  for (double& m : mean) m /= static_cast<double>(train);
  for (const Sample& s : samples) {
    if (s.held_out) continue;
    f->Of(s, &x);
    for (size_t j = 0; j < f->width; ++j) var[j] += (x[j] - mean[j]) * (x[j] - mean[j]);
  }
  f->sd.resize(f->width);
  for (size_t j = 0; j < f->width; ++j) f->sd[j] = std::sqrt(var[j] / static_cast<double>(train));
  f->mean = std::move(mean);
  f->train = train;
  return true;
}

bool FitRole(const std::vector<Sample>& samples, const Features& f, int role,
             const HeuristicOptions& options, RoleFit* fit) {
  const size_t ri = static_cast<size_t>(role);
  const size_t width = f.width, train = f.train;
  const std::vector<double>& mean = f.mean;
  const std::vector<double>& sd = f.sd;
  std::vector<double> x;
  // Correlation of each varying feature with the outcome, on the training games.
  double y_mean = 0, y_var = 0;
  std::vector<double> cov(width, 0.0);
  for (const Sample& s : samples)
    if (!s.held_out) y_mean += s.outcome[ri];
  y_mean /= static_cast<double>(train);
  for (const Sample& s : samples) {
    if (s.held_out) continue;
    f.Of(s, &x);
    const double dy = s.outcome[ri] - y_mean;
    y_var += dy * dy;
    for (size_t j = 0; j < width; ++j) cov[j] += (x[j] - mean[j]) * dy;
  }
  if (y_var <= 0) return false;  // every game ended alike for this role
  std::vector<std::pair<double, size_t>>& ranked = fit->ranked;
  ranked.clear();
  for (size_t j = 0; j < width; ++j) {
    if (sd[j] < 1e-9) continue;
    const double corr = cov[j] / (sd[j] * static_cast<double>(train) *
                                  std::sqrt(y_var / static_cast<double>(train)));
    if (std::abs(corr) >= options.min_correlation) ranked.push_back({std::abs(corr), j});
  }
  std::sort(ranked.rbegin(), ranked.rend());
  if (ranked.size() > static_cast<size_t>(options.max_features))
    ranked.resize(static_cast<size_t>(options.max_features));
  if (ranked.empty()) return false;
  const size_t k = ranked.size();
  // Ridge regression on the standardised chosen features.
  std::vector<double> ata(k * k, 0.0), atb(k, 0.0), z(k);
  for (const Sample& s : samples) {
    if (s.held_out) continue;
    f.Of(s, &x);
    for (size_t a = 0; a < k; ++a)
      z[a] = (x[ranked[a].second] - mean[ranked[a].second]) / sd[ranked[a].second];
    const double dy = s.outcome[ri] - y_mean;
    for (size_t a = 0; a < k; ++a) {
      atb[a] += z[a] * dy;
      for (size_t b = 0; b < k; ++b) ata[a * k + b] += z[a] * z[b];
    }
  }
  for (double& v : ata) v /= static_cast<double>(train);
  for (double& v : atb) v /= static_cast<double>(train);
  fit->beta = Solve(ata, atb, k, options.ridge);
  // Back to raw counts: value = bias + sum_j w_j x_j.
  std::vector<double>& w = fit->w;
  w.assign(width, 0.0);
  double bias = y_mean;
  for (size_t a = 0; a < k; ++a) {
    const size_t j = ranked[a].second;
    w[j] = fit->beta[a] / sd[j];
    bias -= w[j] * mean[j];
  }
  fit->bias = bias;
  // Held out: does it beat the training mean? On the states it was fitted for, and on
  // states from anywhere in the games (the same ones when sample_from is 0).
  auto held_out_r2 = [&](bool whole, int* held) {
    double sse = 0, sst = 0;
    *held = 0;
    for (const Sample& s : samples) {
      if (!s.held_out || s.whole != whole) continue;
      f.Of(s, &x);
      double v = bias;
      for (size_t j = 0; j < width; ++j) v += w[j] * x[j];
      v = std::clamp(v, 0.0, 1.0);
      sse += (v - s.outcome[ri]) * (v - s.outcome[ri]);
      sst += (y_mean - s.outcome[ri]) * (y_mean - s.outcome[ri]);
      ++*held;
    }
    return *held < 10 || sst <= 0 ? std::numeric_limits<double>::quiet_NaN() : 1.0 - sse / sst;
  };
  int held_whole = 0;
  fit->r2 = held_out_r2(false, &fit->held);
  if (std::isnan(fit->r2)) return false;
  fit->r2_whole = options.sample_from > 0 ? held_out_r2(true, &held_whole) : fit->r2;
  return true;
}

}  // namespace ggp::agent::search::heuristic_internal
