#include "agent/search/heuristic.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_map>

#include "agent/search/fluent_types.h"
#include "agent/search/heuristic_internal.h"
#include "reasoner/kif/term.h"

namespace ggp::agent::search {

using heuristic_internal::Features;
using heuristic_internal::RoleFit;
using heuristic_internal::Sample;
using reasoner::State;

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
  FluentTyper typer;
  std::vector<Sample> samples;
  heuristic_internal::SampleGames(machine, initial, options, stop, until, &typer, &samples, report);
  const std::vector<int32_t>& type_of = typer.type_of;  // fluent -> type id
  const std::vector<std::string>& type_names = typer.names;
  report->samples = static_cast<int>(samples.size());
  report->types = static_cast<int>(type_names.size());
  if (report->playouts < 40 || (stop != nullptr && stop->load(std::memory_order_relaxed))) {
    return nullptr;
  }
  Features features;
  if (!heuristic_internal::Standardise(samples, typer, roles, &features)) return nullptr;
  const size_t num_types = features.num_types;

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
  RoleFit fit;
  for (int r = 0; r < roles; ++r) {
    const size_t ri = static_cast<size_t>(r);
    if (!heuristic_internal::FitRole(samples, features, r, options, &fit)) continue;
    const std::vector<double>& w = fit.w;
    const double bias = fit.bias;
    const double r2 = fit.r2, r2_whole = fit.r2_whole;
    const size_t k = fit.ranked.size();
    report->r2[ri] = r2;
    report->r2_whole[ri] = r2_whole;
    report->features[ri] = static_cast<int>(k);
    std::vector<std::pair<double, size_t>> heavy;
    for (size_t a = 0; a < k; ++a) heavy.push_back({std::abs(fit.beta[a]), fit.ranked[a].second});
    std::sort(heavy.rbegin(), heavy.rend());
    for (size_t a = 0; a < heavy.size() && a < 3; ++a) {
      const size_t j = heavy[a].second;
      const std::string name = j < num_types ? type_names[j] : fmt::format("goal/{}", j - num_types);
      report->top[ri] += fmt::format("{}{} {:+.3f}", a == 0 ? "" : ", ", name, w[j]);
    }
    if (r2 <= options.min_r2 || r2 * fit.held < options.min_evidence) continue;
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
