#include "reasoner/ground/grounder.h"

#include <algorithm>
#include <bit>
#include <unordered_map>
#include <unordered_set>

#include "reasoner/ground/decomposition.h"
#include "reasoner/ground/fact_store.h"
#include "reasoner/ground/projection.h"
#include "reasoner/ground/rule_compiler.h"

namespace ggp::reasoner::ground {
namespace {

using Kind = CompiledLiteral::Kind;

class BudgetExceeded {};
// A race run (below) passed its limits.
class RaceLost {};
// The rewritten program won the race: it replaces the plain one.
struct Replaced {
  GroundResult result;
};

// Candidates from the best single-argument index above which a composite index pays.
constexpr uint32_t kCompositeThreshold = 16;

GroundResult GroundOnce(const gdl::Description& d, Budget& budget, const GroundOptions& caps,
                        bool race, size_t body_cap = 0);

// The whole description with its local variables projected, then its bodies decomposed.
gdl::Description Rewrite(const gdl::Description& d, size_t* decomposed_rules) {
  DecompositionStats stats;
  gdl::Description out = DecomposeBodies(ProjectLocalVariables(d), &stats);
  *decomposed_rules = stats.rules;
  return out;
}

class Grounder {
 public:
  // `caps` (0: none): past that many ground rules or that much join work, when the rule
  // that made the most of it can be rewritten, the whole description is rewritten
  // (Rewrite) and grounded on the side, limited to the rules, body literals and work the
  // plain run has made so far, and to the work the caps allowed if more (a race). If it
  // finishes, it replaces this grounding (Replaced); if not, this one goes on without
  // caps. With `race`, this is such a side run, and passing a cap ends it (RaceLost).
  Grounder(const gdl::Description& d, Budget& budget, GroundProgram* out, const GroundOptions& caps,
           bool race, size_t body_cap)
      : d_(d),
        budget_(budget),
        out_(out),
        facts_(&out->terms),
        given_work_cap_(caps.plain_work_cap),
        cap_(caps.plain_rule_cap),
        work_cap_(caps.plain_work_cap),
        race_(race),
        body_cap_(body_cap) {}

  uint64_t work() const { return total_work_; }
  uint64_t static_work() const { return static_work_; }

  size_t charged() const { return charged_; }

  // "the rule at line N made M of them: (<= ...)" for the rule that emitted the most
  // ground rules so far ("" before the fixpoint).
  std::string BusiestRule() const {
    if (fires_.empty()) return "";
    const auto top = std::max_element(fires_.begin(), fires_.end()) - fires_.begin();
    if (fires_[static_cast<size_t>(top)] == 0) return "";
    const gdl::Rule& rule = d_.rules[static_cast<size_t>(rules_[static_cast<size_t>(top)].source)];
    std::string text = gdl::ToString(rule, *d_.symbols);
    if (text.size() > 160) text = text.substr(0, 157) + "...";
    return "the rule at line " + std::to_string(rule.where.line) + " made " +
           std::to_string(fires_[static_cast<size_t>(top)]) + " of them: " + text;
  }

  void Run() {
    rules_ = CompileRules(d_, out_->terms, facts_);
    fires_.assign(rules_.size(), 0);
    work_.assign(rules_.size(), 0);
    true_ = facts_.RelationOf(kif::kTrue, 1);
    does_ = facts_.RelationOf(kif::kDoes, 2);
    next_ = facts_.RelationOf(kif::kNext, 1);
    legal_ = facts_.RelationOf(kif::kLegal, 2);
    int init = facts_.RelationOf(kif::kInit, 1);
    facts_.RelationOf(kif::kTerminal, 0);
    std::vector<int> dynamic_rules;
    std::vector<std::vector<int>> strata = ClassifyRelations(rules_, facts_, &dynamic_rules);
    if (!facts_.relation(init).is_static) throw GroundError("init depends on true or does");

    emit_ = false;
    for (const std::vector<int>& group : strata) StaticComponent(group);

    for (size_t f = 0; f < facts_.relation(init).size(); ++f) {
      TermId s = facts_.relation(init).sentences[f];
      TermId x = out_->terms.args(s)[0];
      out_->init.push_back(x);
      AddFact(true_, facts_.SentenceOf(true_, std::span<const TermId>(&x, 1)));
    }
    emit_ = true;
    Fixpoint(dynamic_rules);
    Finish();
  }

 private:
  struct Range {
    uint32_t begin = 0;
    uint32_t end = 0;
  };

  void CheckBudget() {
    if (!budget_.Tick()) throw BudgetExceeded{};
    if ((++charge_ticks_ & 4095u) == 0) {
      if (cap_ > 0 && out_->rules.size() > cap_) CheckCap(fires_);
      if (work_cap_ > 0 && total_work_ > work_cap_) CheckCap(work_);
      if (race_ && out_->body.size() > body_cap_) throw RaceLost{};
      size_t bytes = out_->terms.ApproxBytes() + facts_.ApproxBytes() +
                     out_->body.capacity() * sizeof(TermId) +
                     out_->rules.capacity() * sizeof(GroundRule) + dedup_.size() * 32;
      if (!budget_.Charge(bytes > charged_ ? bytes - charged_ : 0)) throw BudgetExceeded{};
      charged_ = std::max(charged_, bytes);
    }
  }

  // Past a cap: the rule with the most of `count` decides whether a rewrite can help.
  void CheckCap(const std::vector<uint64_t>& count) {
    if (race_) throw RaceLost{};
    const size_t rules = out_->rules.size();
    const uint64_t work = total_work_;
    cap_ = work_cap_ = 0;  // one race at most
    const auto top = std::max_element(count.begin(), count.end()) - count.begin();
    const gdl::Rule& rule = d_.rules[static_cast<size_t>(rules_[static_cast<size_t>(top)].source)];
    if (!HasLocalVariables(rule) && !HasDecomposableBody(rule)) return;
    size_t decomposed = 0;
    const gdl::Description rewritten = Rewrite(d_, &decomposed);
    // The rewrite may make as many rules and body literals as the plain run has made, and
    // as much work as it has done or its work cap allowed it (a run stopped by its rule
    // cap may have done little: gt_two_thirds_6p passes 3M rules after 14M candidates, and
    // its rewrite needs 27M).
    const GroundOptions side_caps{rules, std::max(work, given_work_cap_)};
    GroundResult side = GroundOnce(rewritten, budget_, side_caps, /*race=*/true, out_->body.size());
    if (!side.ok) {
      if (!budget_.Ok()) throw BudgetExceeded{};
      out_->stats.rewrite_lost = true;
      return;  // lost the race (or failed): the plain grounding goes on
    }
    GroundStats& stats = side.program.stats;
    stats.projected = true;
    stats.decomposed_rules = decomposed;
    stats.plain_rules = rules;
    stats.plain_work = work;
    throw Replaced{std::move(side)};
  }

  void AddFact(int r, TermId sentence) {
    if (!facts_.Add(r, sentence)) return;
    CheckBudget();
    if (r == next_) {
      AddFact(true_, facts_.SentenceOf(true_, facts_.ArgsOf(r, sentence)));
    } else if (r == legal_) {
      AddFact(does_, facts_.SentenceOf(does_, facts_.ArgsOf(r, sentence)));
    }
  }

  void Fixpoint(const std::vector<int>& rule_ids) {
    for (bool first = true;; first = false) {
      bool any_delta = false;
      for (size_t i = 0; i < facts_.num_relations(); ++i) {
        Relation& rel = facts_.relation(static_cast<int>(i));
        rel.old_end = first ? 0 : rel.delta_end;
        rel.delta_end = rel.size();
        any_delta |= rel.delta_end > rel.old_end;
      }
      if (!first && !any_delta) return;
      // Static relations: join orders from the sizes their facts have reached (in body
      // order, a recursive table like gt_two_thirds' absDiff over 600 numbers walks its
      // widest literal for every new fact).
      if (!emit_) {
        for (int r : rule_ids) Replan(rules_[static_cast<size_t>(r)], facts_);
      }
      for (int r : rule_ids) RunRule(rules_[static_cast<size_t>(r)], first);
    }
  }

  // A static component, by semi-naive fixpoint; one whose rules negate its own relations
  // (stratified by arguments only) by the alternating fixpoint, as the prover computes it
  // (prover/evaluator.h): Γ(I) is the fixpoint with those negated literals read against
  // I; from K = {}, K = Γ(Γ(K)) until K stops growing.
  void StaticComponent(const std::vector<int>& rule_ids) {
    std::vector<int> heads;
    for (int r : rule_ids) heads.push_back(rules_[static_cast<size_t>(r)].head);
    std::sort(heads.begin(), heads.end());
    heads.erase(std::unique(heads.begin(), heads.end()), heads.end());
    bool negates_own = false;
    for (int r : rule_ids) {
      for (const CompiledLiteral& l : rules_[static_cast<size_t>(r)].body) {
        negates_own |=
            l.kind == Kind::kNegative && std::binary_search(heads.begin(), heads.end(), l.relation);
      }
    }
    if (!negates_own) {
      Fixpoint(rule_ids);
      return;
    }
    frozen_relations_ = heads;
    std::unordered_set<TermId> lower, upper;
    for (;;) {
      FixpointAgainst(rule_ids, lower, &upper);
      std::unordered_set<TermId> next;
      FixpointAgainst(rule_ids, upper, &next);  // the facts now hold the next K
      // K only grows and stays within Γ(K): the same size as either is the same set.
      const bool done = next.size() == lower.size() || next.size() == upper.size();
      lower = std::move(next);
      if (done) break;
    }
    frozen_relations_.clear();
  }

  void FixpointAgainst(const std::vector<int>& rule_ids, const std::unordered_set<TermId>& against,
                       std::unordered_set<TermId>* result) {
    for (int h : frozen_relations_) facts_.Clear(h);
    frozen_ = &against;
    Fixpoint(rule_ids);
    frozen_ = nullptr;
    result->clear();
    for (int h : frozen_relations_) {
      const Relation& rel = facts_.relation(h);
      result->insert(rel.sentences.begin(), rel.sentences.end());
    }
  }

  void RunRule(const CompiledRule& rule, bool first) {
    bindings_.assign(static_cast<size_t>(rule.num_vars), kNoTerm);
    ranges_.assign(rule.body.size(), Range{});
    rule_ = &rule;
    if (rule.positives.empty()) {
      if (first) Join(rule.plans[0], 0);
      return;
    }
    for (size_t i = 0; i < rule.positives.size(); ++i) {
      const Relation& delta = facts_.relation(rule.body[static_cast<size_t>(rule.positives[i])].relation);
      if (delta.delta_end == delta.old_end) continue;
      for (size_t j = 0; j < rule.positives.size(); ++j) {
        const Relation& rel = facts_.relation(rule.body[static_cast<size_t>(rule.positives[j])].relation);
        Range& range = ranges_[static_cast<size_t>(rule.positives[j])];
        if (j < i) range = {0, rel.old_end};
        if (j == i) range = {rel.old_end, rel.delta_end};
        if (j > i) range = {0, rel.delta_end};
      }
      Join(rule.plans[i], 0);
    }
  }

  [[noreturn]] void Unsafe() const {
    throw GroundError("unsafe rule at line " + std::to_string(rule_->line) +
                      ": a variable is not bound by a positive literal");
  }

  void Join(const std::vector<int>& plan, size_t k) {
    if (k == plan.size()) {
      Fire();
      return;
    }
    const CompiledLiteral& lit = rule_->body[static_cast<size_t>(plan[k])];
    TermStore& terms = out_->terms;
    switch (lit.kind) {
      case Kind::kPositive:
        JoinPositive(plan, k, lit);
        return;
      case Kind::kNegative: {
        TermId s = BuildSentence(lit);
        if (facts_.relation(lit.relation).is_static) {
          const bool frozen =
              frozen_ != nullptr &&
              std::binary_search(frozen_relations_.begin(), frozen_relations_.end(), lit.relation);
          if (!(frozen ? frozen_->count(s) > 0 : facts_.Contains(s))) Join(plan, k + 1);
          return;
        }
        negatives_.push_back(s);
        Join(plan, k + 1);
        negatives_.pop_back();
        return;
      }
      case Kind::kDistinct:
      case Kind::kEqual: {
        TermId a = Build(lit.args[0], bindings_.data(), terms);
        TermId b = Build(lit.args[1], bindings_.data(), terms);
        if (a == kNoTerm || b == kNoTerm) Unsafe();
        if ((a == b) == (lit.kind == Kind::kEqual)) Join(plan, k + 1);
        return;
      }
    }
  }

  TermId BuildSentence(const CompiledLiteral& lit) {
    std::vector<TermId> args(lit.args.size());
    for (size_t i = 0; i < args.size(); ++i) {
      args[i] = Build(lit.args[i], bindings_.data(), out_->terms);
      if (args[i] == kNoTerm) Unsafe();
    }
    return facts_.SentenceOf(lit.relation, args);
  }

  void JoinPositive(const std::vector<int>& plan, size_t k, const CompiledLiteral& lit) {
    Range range = ranges_[static_cast<size_t>(plan[k])];
    if (range.begin >= range.end) return;
    int r = lit.relation;
    bool is_static = facts_.relation(r).is_static;
    // Bound arguments: the most selective single-argument index, or, when that still
    // leaves many candidates and several arguments are bound, a composite index over all
    // of them (built on first use).
    uint32_t arity = static_cast<uint32_t>(lit.args.size());
    TermId values[32];
    uint32_t mask = 0;
    int best_pos = -1;
    uint32_t best_head = kNoFact;
    uint32_t best_count = 0;
    for (size_t pos = 0; pos < lit.args.size(); ++pos) {
      TermId v = Lookup(lit.args[pos], bindings_.data(), out_->terms);
      if (v == kAbsentTerm) return;
      if (v == kNoTerm) continue;
      if (pos < 32) {
        values[pos] = v;
        mask |= uint32_t{1} << pos;
      }
      const auto& index = facts_.relation(r).index[pos];
      auto it = index.find(v);
      if (it == index.end()) return;
      if (best_pos < 0 || it->second.count < best_count) {
        best_pos = static_cast<int>(pos);
        best_head = it->second.head;
        best_count = it->second.count;
      }
    }
    Relation::CompositeIndex* composite = nullptr;
    if (best_count > kCompositeThreshold && std::popcount(mask) >= 2) {
      composite = facts_.Composite(r, mask);
      auto it = composite->chains.find(FactStore::CompositeKey(mask, values));
      if (it == composite->chains.end()) return;
      best_head = it->second.head;
    }
    size_t mark = trail_.size();
    auto try_fact = [&](uint32_t f) {
      // Per candidate, not only per derived head: a join may try millions that all fail.
      if (emit_) {
        ++work_[static_cast<size_t>(rule_ - rules_.data())];
        ++total_work_;
      } else {
        ++static_work_;
      }
      CheckBudget();
      TermId s = facts_.relation(r).sentences[f];
      std::span<const TermId> args = facts_.ArgsOf(r, s);
      bool ok = true;
      for (size_t i = 0; ok && i < args.size(); ++i) {
        ok = Match(lit.args[i], args[i], out_->terms, bindings_.data(), &trail_);
      }
      if (ok) {
        if (!is_static) positives_.push_back(s);
        Join(plan, k + 1);
        if (!is_static) positives_.pop_back();
      }
      Undo(&trail_, mark, bindings_.data());
    };
    if (composite != nullptr) {
      for (uint32_t f = best_head; f != kNoFact; f = composite->prev[f]) {
        if (f >= range.end) continue;
        if (f < range.begin) break;
        try_fact(f);
      }
      return;
    }
    if (best_pos < 0) {
      for (uint32_t f = range.begin; f < range.end; ++f) try_fact(f);
      return;
    }
    for (uint32_t f = best_head; f != kNoFact;
         f = facts_.relation(r).prev[static_cast<size_t>(f) * arity + static_cast<uint32_t>(best_pos)]) {
      if (f >= range.end) continue;
      if (f < range.begin) break;
      try_fact(f);
    }
  }

  void Fire() {
    if (emit_) ++fires_[static_cast<size_t>(rule_ - rules_.data())];
    CheckBudget();
    std::vector<TermId>& args = head_args_;
    args.resize(rule_->head_args.size());
    for (size_t i = 0; i < args.size(); ++i) {
      args[i] = Build(rule_->head_args[i], bindings_.data(), out_->terms);
      if (args[i] == kNoTerm) Unsafe();
    }
    TermId head = facts_.SentenceOf(rule_->head, args);
    AddFact(rule_->head, head);
    if (emit_) Emit(head);
  }

  void Emit(TermId head) {
    scratch_pos_.assign(positives_.begin(), positives_.end());
    scratch_neg_.assign(negatives_.begin(), negatives_.end());
    std::sort(scratch_pos_.begin(), scratch_pos_.end());
    scratch_pos_.erase(std::unique(scratch_pos_.begin(), scratch_pos_.end()), scratch_pos_.end());
    std::sort(scratch_neg_.begin(), scratch_neg_.end());
    scratch_neg_.erase(std::unique(scratch_neg_.begin(), scratch_neg_.end()), scratch_neg_.end());
    uint64_t h = head * 0x9E3779B97F4A7C15ull;
    for (TermId t : scratch_pos_) h = (h ^ t) * 0x100000001B3ull;
    h = (h ^ 0xABCDEFull) * 0x100000001B3ull;
    for (TermId t : scratch_neg_) h = (h ^ t) * 0x100000001B3ull;
    auto [it, inserted] = dedup_.try_emplace(h, static_cast<uint32_t>(out_->rules.size()));
    if (!inserted && SameRule(out_->rules[it->second], head)) return;
    GroundRule g{head, static_cast<uint32_t>(out_->body.size()),
                 static_cast<uint32_t>(scratch_pos_.size()), static_cast<uint32_t>(scratch_neg_.size())};
    out_->body.insert(out_->body.end(), scratch_pos_.begin(), scratch_pos_.end());
    out_->body.insert(out_->body.end(), scratch_neg_.begin(), scratch_neg_.end());
    out_->rules.push_back(g);
  }

  bool SameRule(const GroundRule& g, TermId head) const {
    return g.head == head && g.num_pos == scratch_pos_.size() && g.num_neg == scratch_neg_.size() &&
           std::equal(scratch_pos_.begin(), scratch_pos_.end(), out_->body.begin() + g.begin) &&
           std::equal(scratch_neg_.begin(), scratch_neg_.end(), out_->body.begin() + g.begin + g.num_pos);
  }

  void Finish() {
    size_t static_facts = 0;
    for (size_t i = 0; i < facts_.num_relations(); ++i) {
      const Relation& rel = facts_.relation(static_cast<int>(i));
      if (rel.is_static) {
        static_facts += rel.size();
      } else {
        out_->facts.insert(out_->facts.end(), rel.sentences.begin(), rel.sentences.end());
      }
    }
    GroundStats& s = out_->stats;
    s.terms = out_->terms.size();
    s.static_facts = static_facts;
    s.dynamic_facts = out_->facts.size();
    s.rules = out_->rules.size();
    s.body_literals = out_->body.size();
  }

  const gdl::Description& d_;
  Budget& budget_;
  GroundProgram* out_;
  FactStore facts_;
  std::vector<CompiledRule> rules_;
  int true_ = -1, does_ = -1, next_ = -1, legal_ = -1;
  bool emit_ = false;

  const CompiledRule* rule_ = nullptr;
  std::vector<TermId> bindings_;
  std::vector<int> trail_;
  std::vector<Range> ranges_;
  std::vector<TermId> positives_, negatives_, head_args_, scratch_pos_, scratch_neg_;
  std::unordered_map<uint64_t, uint32_t> dedup_;
  // While StaticComponent computes Γ(I): the component's relations (sorted) and I.
  std::vector<int> frozen_relations_;
  const std::unordered_set<TermId>* frozen_ = nullptr;
  size_t charged_ = 0;
  uint32_t charge_ticks_ = 0;
  const uint64_t given_work_cap_;  // work_cap_ before the race cleared it
  size_t cap_ = 0;
  uint64_t work_cap_ = 0;
  const bool race_;
  const size_t body_cap_;  // race only: body literals
  std::vector<uint64_t> fires_;  // per compiled rule: instances emitted
  std::vector<uint64_t> work_;   // per compiled rule: candidate facts tried while emitting
  uint64_t total_work_ = 0;
  uint64_t static_work_ = 0;  // candidate facts tried computing the static relations
};

// One grounding of `d` into a fresh program; `caps` and `race` as Grounder's. A race run
// that passes a cap returns !ok with an empty error.
GroundResult GroundOnce(const gdl::Description& d, Budget& budget, const GroundOptions& caps,
                        bool race, size_t body_cap) {
  GroundResult result;
  GroundProgram& p = result.program;
  p.symbols = d.symbols;
  p.roles = d.roles;
  for (const kif::Term& r : d.roles) p.role_terms.push_back(p.terms.FromKif(r));
  double start = budget.ElapsedSeconds();
  Grounder grounder(d, budget, &p, caps, race, body_cap);
  try {
    grounder.Run();
    result.ok = true;
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
  } catch (const GroundError& e) {
    result.error = e.what();
  } catch (const std::bad_alloc&) {
    result.error = "grounding ran out of memory";
  }
  p.stats.seconds = budget.ElapsedSeconds() - start;
  p.stats.work = grounder.work();
  p.stats.static_work = grounder.static_work();
  return result;
}

}  // namespace

GroundResult Ground(const gdl::Description& normalized, Budget& budget, const GroundOptions& options) {
  if (options.plain_rule_cap > 0) {
    return GroundOnce(normalized, budget, options, /*race=*/false);
  }
  size_t decomposed = 0;
  GroundResult all = GroundOnce(Rewrite(normalized, &decomposed), budget, {0, 0}, /*race=*/false);
  all.program.stats.projected = true;
  all.program.stats.decomposed_rules = decomposed;
  return all;
}

}  // namespace ggp::reasoner::ground
