// The grounder's joins (grounder_internal.h): a rule's body literal by literal (Join), one
// positive literal from the most selective index the bindings allow (an argument, several
// arguments, or the components of a compound argument; fact_store.h), and what a complete
// match adds: the head as a fact and, while emitting, the ground rule (Fire, Emit). Join and
// JoinPositive call each other, so they stay in one translation unit.

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "reasoner/ground/grounder_internal.h"

namespace ggp::reasoner::ground::internal {

using Kind = CompiledLiteral::Kind;

// Candidates from the best single-argument index above which a composite index pays.
constexpr uint32_t kCompositeThreshold = 16;
// ComponentIndexFor found that no fact can match.
constexpr uint32_t kAbsentFact = kNoFact - 1;

namespace {

// Calls f(fact) for each fact in [begin, end) of the index chain that starts at `head`,
// next(fact) being the one after it (chains run in decreasing fact order). next is called
// after f, which may add facts (and so move the chain's storage).
template <typename Next, typename F>
void ForEachInRange(uint32_t head, uint32_t begin, uint32_t end, Next&& next, F&& f) {
  for (uint32_t fact = head; fact != kNoFact; fact = next(fact)) {
    if (fact >= end) continue;
    if (fact < begin) break;
    f(fact);
  }
}

}  // namespace

void Grounder::JoinPositive(const std::vector<int>& plan, size_t k, const CompiledLiteral& lit) {
  Range range = ranges_[static_cast<size_t>(plan[k])];
  if (range.begin >= range.end) return;
  int r = lit.relation;
  // Static and demand literals are joined here and not kept in the emitted body.
  const bool kept = !facts_.relation(r).is_static && !facts_.relation(r).is_filter;
  // Bound arguments: the most selective single-argument index, or, when that still
  // leaves many candidates and several arguments are bound, a composite index over all
  // of them (built on first use).
  uint32_t arity = static_cast<uint32_t>(lit.args.size());
  TermId values[32];
  uint32_t mask = 0;
  int best_pos = -1;
  uint32_t best_head = kNoFact;
  uint32_t best_count = 0;
  TermId best_value = kNoTerm;
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
      best_value = v;
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
  // A compound argument left partly open: its bound components may narrow the candidates
  // more (ComponentIndexFor).
  Relation::ComponentIndex* by_components =
      composite == nullptr && (best_pos < 0 || best_count > kCompositeThreshold) &&
              range.end - range.begin > kCompositeThreshold
          ? ComponentIndexFor(lit, mask, best_pos < 0 ? UINT32_MAX : best_count, &best_head)
          : nullptr;
  if (by_components == nullptr && best_head == kAbsentFact) {
    if (emit_) CountScanned(ScannedWithout(r, range, best_pos, best_value));
    return;
  }
  size_t mark = trail_.size();
  auto try_fact = [&](uint32_t f) {
    // Per candidate, not only per derived head: a join may try millions that all fail.
    if (emit_) {
      ++tried_work_;
      if (by_components == nullptr) CountScanned(1);
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
      if (kept) positives_.push_back(s);
      Join(plan, k + 1);
      if (kept) positives_.pop_back();
    }
    Undo(&trail_, mark, bindings_.data());
  };
  if (by_components != nullptr) {
    if (emit_) CountScanned(ScannedWithout(r, range, best_pos, best_value));
    ForEachInRange(
        best_head, range.begin, range.end, [&](uint32_t f) { return by_components->prev[f]; },
        try_fact);
    return;
  }
  if (composite != nullptr) {
    ForEachInRange(
        best_head, range.begin, range.end, [&](uint32_t f) { return composite->prev[f]; },
        try_fact);
    return;
  }
  if (best_pos < 0) {
    for (uint32_t f = range.begin; f < range.end; ++f) try_fact(f);
    return;
  }
  ForEachInRange(
      best_head, range.begin, range.end,
      [&](uint32_t f) {
        return facts_.relation(r)
            .prev[static_cast<size_t>(f) * arity + static_cast<uint32_t>(best_pos)];
      },
      try_fact);
}

uint64_t Grounder::ScannedWithout(int r, Range range, int best_pos, TermId value) const {
  if (best_pos < 0) return range.end - range.begin;
  const Relation& rel = facts_.relation(r);
  uint64_t n = 0;
  ForEachInRange(
      rel.index[static_cast<size_t>(best_pos)].at(value).head, range.begin, range.end,
      [&](uint32_t f) {
        return rel.prev[static_cast<size_t>(f) * rel.arity + static_cast<uint32_t>(best_pos)];
      },
      [&](uint32_t) { ++n; });
  return n;
}

Relation::ComponentIndex* Grounder::ComponentIndexFor(const CompiledLiteral& lit, uint32_t mask,
                                                      uint32_t count, uint32_t* head) {
  Relation::ComponentIndex* best = nullptr;
  for (size_t pos = 0; pos < lit.args.size() && pos < 32; ++pos) {
    const Pattern& p = lit.args[pos];
    if (p.kind != Pattern::Kind::kFunc || p.args.size() > 32 || (mask >> pos & 1) != 0) continue;
    TermId values[32];
    uint32_t bound = 0;
    for (size_t j = 0; j < p.args.size(); ++j) {
      const TermId v = Lookup(p.args[j], bindings_.data(), out_->terms);
      if (v == kAbsentTerm) {  // no fact has that component
        *head = kAbsentFact;
        return nullptr;
      }
      if (v == kNoTerm) continue;
      values[j] = v;
      bound |= uint32_t{1} << j;
    }
    if (bound == 0) continue;
    Relation::ComponentIndex* ci =
        facts_.Components(lit.relation, static_cast<uint32_t>(pos), p.functor,
                          static_cast<uint32_t>(p.args.size()), bound);
    auto it = ci->chains.find(FactStore::CompositeKey(bound, values));
    if (it == ci->chains.end()) {
      *head = kAbsentFact;
      return nullptr;
    }
    if (it->second.count < count) {
      best = ci;
      count = it->second.count;
      *head = it->second.head;
    }
  }
  return best;
}

[[noreturn]] void Grounder::Unsafe() const {
  throw GroundError("unsafe rule at line " + std::to_string(rule_->line) +
                    ": a variable is not bound by a positive literal");
}

void Grounder::Join(const std::vector<int>& plan, size_t k) {
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
      Demand(lit.relation, s);
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

TermId Grounder::BuildSentence(const CompiledLiteral& lit) {
  std::vector<TermId> args(lit.args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    args[i] = Build(lit.args[i], bindings_.data(), out_->terms);
    if (args[i] == kNoTerm) Unsafe();
  }
  return facts_.SentenceOf(lit.relation, args);
}

void Grounder::Fire() {
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
  if (emit_ && !facts_.relation(rule_->head).is_filter) Emit(head);
}

void Grounder::Emit(TermId head) {
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
  if (emitted_.FindOrAdd(h, static_cast<uint32_t>(out_->rules.size()),
                         [&](uint32_t i) { return SameRule(out_->rules[i], head); })) {
    return;
  }
  GroundRule g{head, static_cast<uint32_t>(out_->body.size()),
               static_cast<uint32_t>(scratch_pos_.size()),
               static_cast<uint32_t>(scratch_neg_.size())};
  out_->body.insert(out_->body.end(), scratch_pos_.begin(), scratch_pos_.end());
  out_->body.insert(out_->body.end(), scratch_neg_.begin(), scratch_neg_.end());
  out_->rules.push_back(g);
}

bool Grounder::SameRule(const GroundRule& g, TermId head) const {
  return g.head == head && g.num_pos == scratch_pos_.size() && g.num_neg == scratch_neg_.size() &&
         std::equal(scratch_pos_.begin(), scratch_pos_.end(), out_->body.begin() + g.begin) &&
         std::equal(scratch_neg_.begin(), scratch_neg_.end(),
                    out_->body.begin() + g.begin + g.num_pos);
}

}  // namespace ggp::reasoner::ground::internal
