// The race between a plain grounding past its caps and the rewrite (grounder.h), and
// the entry point.

#include <algorithm>
#include <memory>

#include "reasoner/ground/constant_fluents.h"
#include "reasoner/ground/decomposition.h"
#include "reasoner/ground/demand.h"
#include "reasoner/ground/grounder_internal.h"
#include "reasoner/ground/projection.h"

namespace ggp::reasoner::ground {
namespace internal {

gdl::Description Rewrite(const gdl::Description& d, size_t* decomposed_rules) {
  DecompositionStats stats;
  gdl::Description out = DecomposeBodies(ProjectLocalVariables(d), &stats);
  *decomposed_rules = stats.rules;
  return out;
}

void Grounder::CheckCap(const std::vector<uint64_t>& count, bool by_work) {
  if (race_) throw RaceLost{};
  const size_t rules = out_->rules.size();
  const size_t body = out_->body.size();
  const uint64_t work = total_work_;
  const bool second = raced_;
  cap_ = work_cap_ = 0;  // two races at most
  const auto top = std::max_element(count.begin(), count.end()) - count.begin();
  const gdl::Rule& rule = d_.rules[static_cast<size_t>(rules_[static_cast<size_t>(top)].source)];
  if (!HasLocalVariables(rule) && !HasDecomposableBody(rule)) return;
  size_t decomposed = 0;
  const gdl::Description rewritten = Rewrite(original_, &decomposed);
  // The race is decided by size, ground rules plus body literals (a circuit's gates and
  // edges before simplification): the first allows the rewrite the plain run's size so
  // far, and as much work as it has done or its work cap allowed it (a run stopped by
  // its rule cap may have done little: gt_two_thirds_6p passes 3M rules after 14M
  // candidates, and its rewrite needs 27M). A second race, at twice the first's count,
  // allows twice the plain run's size and work: a rewrite that finishes bigger is kept
  // aside and replaces the plain run once that is as big.
  const size_t size = rules + body;
  const size_t slack = second ? 2 : 1;
  size_t side_charged = 0;
  GroundOptions side_caps{0, std::max(work, given_work_cap_) * slack};
  side_caps.demand = demand_on_;
  GroundResult side = GroundOnce(rewritten, budget_, side_caps,
                                 /*race=*/true, size * slack, &side_charged);
  if (!side.ok) {
    if (!budget_.Ok()) throw BudgetExceeded{};
    out_->stats.rewrite_lost = true;
    if (!second) {
      raced_ = true;
      (by_work ? work_cap_ : cap_) = by_work ? 2 * work : 2 * rules;
    }
    return;  // lost the race (or failed): the plain grounding goes on
  }
  GroundStats& stats = side.program.stats;
  stats.projected = true;
  stats.decomposed_rules = decomposed;
  stats.plain_rules = rules;
  stats.plain_body = body;
  stats.plain_work = work;
  standby_size_ = side.program.rules.size() + side.program.body.size();
  if (standby_size_ <= size) throw Replaced{std::move(side)};
  out_->stats.rewrite_lost = true;
  standby_ = std::make_unique<GroundResult>(std::move(side));
  standby_charged_ = side_charged;
}

[[noreturn]] void Grounder::UseStandby() {
  GroundResult r = std::move(*standby_);
  standby_.reset();
  r.program.stats.plain_rules = out_->rules.size();
  r.program.stats.plain_body = out_->body.size();
  r.program.stats.plain_work = total_work_;
  throw Replaced{std::move(r)};
}

void Grounder::DropStandby() {
  if (!standby_) return;
  standby_.reset();
  budget_.Release(standby_charged_);
}

GroundResult GroundOnce(const gdl::Description& d, Budget& budget, const GroundOptions& caps,
                        bool race, size_t size_cap, size_t* charged) {
  GroundResult result;
  GroundProgram& p = result.program;
  p.symbols = d.symbols;
  p.roles = d.roles;
  for (const kif::Term& r : d.roles) p.role_terms.push_back(p.terms.FromKif(r));
  double start = budget.ElapsedSeconds();
  DemandRewrite demand;
  if (caps.demand) {
    demand = RestrictToDemand(d);
  } else {
    demand.description = d;
  }
  Grounder grounder(d, demand, budget, &p, caps, race, size_cap);
  try {
    grounder.Run();
    grounder.DropStandby();
    result.ok = true;
    if (charged != nullptr) *charged = grounder.charged();
  } catch (Replaced& replaced) {
    budget.Release(grounder.charged());  // the plain program is dropped
    result = GroundResult{};             // free it before returning the other
    replaced.result.program.stats.seconds = budget.ElapsedSeconds() - start;
    return std::move(replaced.result);
  } catch (const RaceLost&) {
    budget.Release(grounder.charged());
  } catch (const BudgetExceeded&) {
    result.error = "grounding " + budget.ExceededReason() + " (" + std::to_string(p.terms.size()) +
                   " terms, " + std::to_string(p.rules.size()) + " ground rules so far";
    const std::string busiest = grounder.BusiestRule();
    result.error += busiest.empty() ? ")" : "; " + busiest + ")";
    p.stats.busiest_relation = grounder.BusiestHead();
  } catch (const Deferred&) {
    result.error = "grounding stopped: the static relation " +
                   std::string(d.symbols->Name(grounder.BusiestHead())) +
                   ", marked deferrable, exceeded " + std::to_string(grounder.DeferrableFacts()) +
                   " facts (" + std::to_string(p.terms.size()) + " terms so far)";
    p.stats.busiest_relation = grounder.BusiestHead();
  } catch (const GroundError& e) {
    result.error = e.what();
  } catch (const std::bad_alloc&) {
    result.error = "grounding ran out of memory";
  }
  p.stats.seconds = budget.ElapsedSeconds() - start;
  p.stats.demand_restricted = demand.restricted;
  p.stats.work = grounder.work();
  p.stats.static_work = grounder.static_work();
  return result;
}

}  // namespace internal

using internal::GroundOnce;
using internal::Rewrite;

GroundResult Ground(const gdl::Description& normalized, Budget& budget,
                    const GroundOptions& options) {
  size_t constants = 0;
  const gdl::Description d = PinConstantFluents(normalized, &constants);
  GroundResult result;
  if (options.plain_rule_cap > 0) {
    result = GroundOnce(d, budget, options, /*race=*/false);
  } else {
    size_t decomposed = 0;
    result = GroundOnce(Rewrite(d, &decomposed), budget, {0, 0}, /*race=*/false);
    result.program.stats.projected = true;
    result.program.stats.decomposed_rules = decomposed;
  }
  result.program.stats.constant_fluents = constants;
  return result;
}

}  // namespace ggp::reasoner::ground
