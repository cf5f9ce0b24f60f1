// The grounder (grounder.h): the static stage, the relaxed fixpoint and the rule runs of
// each round. The joins of a rule's body, and what a match of it adds, are in
// grounder_join.cc; the race with the rewrite and the entry point are in grounder_race.cc.

#include <algorithm>

#include "reasoner/ground/grounder_internal.h"

namespace ggp::reasoner::ground::internal {

using Kind = CompiledLiteral::Kind;

std::string Grounder::BusiestRule() const {
  if (fires_.empty()) return "";
  const auto top = std::max_element(fires_.begin(), fires_.end()) - fires_.begin();
  if (fires_[static_cast<size_t>(top)] == 0) return "";
  const gdl::Rule& rule = d_.rules[static_cast<size_t>(rules_[static_cast<size_t>(top)].source)];
  std::string text = gdl::ToString(rule, *d_.symbols);
  if (text.size() > 160) text = text.substr(0, 157) + "...";
  return "the rule at line " + std::to_string(rule.where.line) + " made " +
         std::to_string(fires_[static_cast<size_t>(top)]) + " of them: " + text;
}

kif::SymbolId Grounder::BusiestHead() const {
  if (static_head_ >= 0) return static_head_;
  if (fires_.empty()) return -1;
  const auto top = std::max_element(fires_.begin(), fires_.end()) - fires_.begin();
  if (fires_[static_cast<size_t>(top)] == 0) return -1;
  return d_.rules[static_cast<size_t>(rules_[static_cast<size_t>(top)].source)].head.symbol;
}

size_t Grounder::DeferrableFacts() const {
  return static_relation_ < 0 ? 0 : facts_.relation(static_relation_).size();
}

void Grounder::Run() {
  rules_ = CompileRules(d_, out_->terms, facts_);
  for (const auto& [symbol, arity] : demand_.filters) {
    facts_.relation(facts_.RelationOf(symbol, arity)).is_filter = true;
  }
  std::vector<std::pair<int, int>> restricted;  // (relation, its demand relation)
  for (const DemandOf& of : demand_.restricted_relations) {
    restricted.emplace_back(
        facts_.RelationOf(of.relation, of.arity),
        facts_.RelationOf(of.demand, static_cast<uint32_t>(of.positions.size())));
  }
  demand_relation_.assign(facts_.num_relations(), -1);
  demand_positions_.assign(facts_.num_relations(), nullptr);
  for (size_t i = 0; i < restricted.size(); ++i) {
    const auto r = static_cast<size_t>(restricted[i].first);
    demand_relation_[r] = restricted[i].second;
    demand_positions_[r] = &demand_.restricted_relations[i].positions;
  }
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
  for (const std::vector<int>& group : strata) {
    static_relation_ = -1;
    if (!group.empty()) {
      const CompiledRule& first = rules_[static_cast<size_t>(group[0])];
      static_head_ = d_.rules[static_cast<size_t>(first.source)].head.symbol;
      if (std::binary_search(deferrable_.begin(), deferrable_.end(), static_head_)) {
        static_relation_ = first.head;
      }
    }
    StaticComponent(group);
  }
  static_head_ = -1;
  static_relation_ = -1;
  for (int r : dynamic_rules) ReplanDynamic(rules_[static_cast<size_t>(r)], facts_);

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

void Grounder::CheckBudget() {
  if (!budget_.Tick()) throw BudgetExceeded{};
  if ((++charge_ticks_ & 4095u) == 0) {
    if (static_relation_ >= 0 && DeferrableFacts() > deferrable_fact_cap_) throw Deferred{};
    if (cap_ > 0 && out_->rules.size() > cap_) CheckCap(fires_, /*by_work=*/false);
    if (work_cap_ > 0 && total_work_ > work_cap_) CheckCap(work_, /*by_work=*/true);
    if (standby_ && out_->rules.size() + out_->body.size() >= standby_size_) UseStandby();
    if (race_ && out_->rules.size() + out_->body.size() > size_cap_) throw RaceLost{};
    size_t bytes = out_->terms.ApproxBytes() + facts_.ApproxBytes() +
                   out_->body.capacity() * sizeof(TermId) +
                   out_->rules.capacity() * sizeof(GroundRule) + emitted_.bytes();
    if (!budget_.Charge(bytes > charged_ ? bytes - charged_ : 0)) throw BudgetExceeded{};
    charged_ = std::max(charged_, bytes);
  }
}

void Grounder::AddFact(int r, TermId sentence) {
  if (!facts_.Add(r, sentence)) return;
  CheckBudget();
  if (r == next_) {
    AddFact(true_, facts_.SentenceOf(true_, facts_.ArgsOf(r, sentence)));
  } else if (r == legal_) {
    AddFact(does_, facts_.SentenceOf(does_, facts_.ArgsOf(r, sentence)));
  }
}

void Grounder::Demand(int r, TermId s) {
  if (static_cast<size_t>(r) >= demand_relation_.size() ||
      demand_relation_[static_cast<size_t>(r)] < 0) {
    return;
  }
  const std::span<const TermId> args = facts_.ArgsOf(r, s);
  demand_args_.clear();
  for (uint32_t p : *demand_positions_[static_cast<size_t>(r)]) demand_args_.push_back(args[p]);
  const int m = demand_relation_[static_cast<size_t>(r)];
  AddFact(m, facts_.SentenceOf(m, demand_args_));
}

void Grounder::Fixpoint(const std::vector<int>& rule_ids) {
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

void Grounder::StaticComponent(const std::vector<int>& rule_ids) {
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

void Grounder::FixpointAgainst(const std::vector<int>& rule_ids,
                               const std::unordered_set<TermId>& against,
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

void Grounder::RunRule(const CompiledRule& rule, bool first) {
  bindings_.assign(static_cast<size_t>(rule.num_vars), kNoTerm);
  ranges_.assign(rule.body.size(), Range{});
  rule_ = &rule;
  if (rule.positives.empty()) {
    if (first) Join(rule.plans[0], 0);
    return;
  }
  for (size_t i = 0; i < rule.positives.size(); ++i) {
    const Relation& delta =
        facts_.relation(rule.body[static_cast<size_t>(rule.positives[i])].relation);
    if (delta.delta_end == delta.old_end) continue;
    for (size_t j = 0; j < rule.positives.size(); ++j) {
      const Relation& rel =
          facts_.relation(rule.body[static_cast<size_t>(rule.positives[j])].relation);
      Range& range = ranges_[static_cast<size_t>(rule.positives[j])];
      if (j < i) range = {0, rel.old_end};
      if (j == i) range = {rel.old_end, rel.delta_end};
      if (j > i) range = {0, rel.delta_end};
    }
    Join(rule.plans[i], 0);
  }
}

void Grounder::Finish() {
  size_t static_facts = 0;
  for (size_t i = 0; i < facts_.num_relations(); ++i) {
    const Relation& rel = facts_.relation(static_cast<int>(i));
    if (rel.is_static) {
      static_facts += rel.size();
    } else if (!rel.is_filter) {
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

}  // namespace ggp::reasoner::ground::internal
