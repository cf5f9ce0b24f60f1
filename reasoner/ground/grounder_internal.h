#pragma once
// The grounder's internals, shared by grounder.cc (the joins and fixpoints) and
// grounder_race.cc (the race with the rewrite, and the entry point). Not an interface:
// include grounder.h.
//
// Not thread safe: one Grounder per grounding, on the calling thread.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "reasoner/gdl/description.h"
#include "reasoner/ground/budget.h"
#include "reasoner/ground/demand.h"
#include "reasoner/ground/fact_store.h"
#include "reasoner/ground/grounder.h"
#include "reasoner/ground/rule_compiler.h"

namespace ggp::reasoner::ground::internal {

class BudgetExceeded {};
// A deferrable static relation (GroundOptions::deferrable) passed its fact cap.
class Deferred {};
// A race run passed its limits.
class RaceLost {};
// The rewritten program won the race: it replaces the plain one.
struct Replaced {
  GroundResult result;
};

// One grounding of `d` into a fresh program; `caps` and `race` as Grounder's. A race run
// that passes a cap returns !ok with an empty error; `charged` (may be null) gets the
// bytes a finished run left charged to `budget`.
GroundResult GroundOnce(const gdl::Description& d, Budget& budget, const GroundOptions& caps,
                        bool race, size_t size_cap = 0, size_t* charged = nullptr);

// The whole description with its local variables projected, then its bodies decomposed.
gdl::Description Rewrite(const gdl::Description& d, size_t* decomposed_rules);

// The emitted rules by a 64-bit hash of their head and body, for deduplication. Open
// addressing in one array: a slot holds the hash's high 32 bits above the rule's index + 1
// (0: empty), its place comes from those bits alone (so growing needs no other record),
// and a probe compares rules only where the tags agree. Half full at most. (A node-based
// map took a third of amazons' grounding: an allocation per rule, rehashing, freeing.)
class EmittedRules {
 public:
  // If a rule `same` accepts is recorded under `hash`, true; otherwise records `index`
  // under it and returns false.
  template <typename Same>
  bool FindOrAdd(uint64_t hash, uint32_t index, Same&& same) {
    if ((count_ + 1) * 2 > slots_.size()) Grow();
    const auto tag = static_cast<uint32_t>(hash >> 32);
    for (size_t i = Place(tag);; i = (i + 1) & (slots_.size() - 1)) {
      const uint64_t slot = slots_[i];
      if (slot == 0) {
        slots_[i] = uint64_t{tag} << 32 | (uint64_t{index} + 1);
        ++count_;
        return false;
      }
      if (static_cast<uint32_t>(slot >> 32) == tag &&
          same(static_cast<uint32_t>(slot & 0xFFFFFFFFu) - 1)) {
        return true;
      }
    }
  }
  size_t bytes() const { return slots_.capacity() * sizeof(uint64_t); }

 private:
  size_t Place(uint32_t tag) const { return (tag * 0x9E3779B97F4A7C15ull) >> shift_; }
  void Grow() {
    std::vector<uint64_t> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : old.size() * 2, 0);
    shift_ = 64 - std::countr_zero(slots_.size());
    for (uint64_t slot : old) {
      if (slot == 0) continue;
      size_t i = Place(static_cast<uint32_t>(slot >> 32));
      while (slots_[i] != 0) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = slot;
    }
  }

  std::vector<uint64_t> slots_;
  size_t count_ = 0;
  int shift_ = 64;
};

class Grounder {
 public:
  // `caps` (0: none): past that many ground rules or that much join work, when the rule
  // that made the most of it can be rewritten, the whole description is rewritten
  // (Rewrite) and raced on the side (grounder.h; grounder_race.cc). With `race`, this is
  // such a side run, and passing a cap or `size_cap` (rules plus body literals) ends it
  // (RaceLost).
  // What is grounded is `demand.description` (`original` restricted to demand, demand.h);
  // the rewrite starts from `original`.
  Grounder(const gdl::Description& original, const DemandRewrite& demand, Budget& budget,
           GroundProgram* out, const GroundOptions& caps, bool race, size_t size_cap)
      : d_(demand.description),
        original_(original),
        demand_(demand),
        budget_(budget),
        out_(out),
        facts_(&out->terms),
        given_work_cap_(caps.plain_work_cap),
        demand_on_(caps.demand),
        deferrable_(caps.deferrable),
        deferrable_fact_cap_(caps.deferrable_fact_cap),
        cap_(caps.plain_rule_cap),
        work_cap_(caps.plain_work_cap),
        race_(race),
        size_cap_(size_cap) {}

  uint64_t work() const { return tried_work_; }
  uint64_t static_work() const { return static_work_; }

  size_t charged() const { return charged_; }

  // "the rule at line N made M of them: (<= ...)" for the rule that emitted the most
  // ground rules so far ("" before the fixpoint).
  std::string BusiestRule() const;
  // The head relation of that rule (-1 if no rule made any); while the static relations
  // are computed, the one being computed.
  kif::SymbolId BusiestHead() const;
  // The facts of the deferrable static relation being computed (0 if none is).
  size_t DeferrableFacts() const;

  void Run();

  // After the plain run finished: a rewrite kept aside is dropped.
  void DropStandby();

 private:
  struct Range {
    uint32_t begin = 0;
    uint32_t end = 0;
  };

  void CheckBudget();

  // Past a cap: the rule with the most of `count` decides whether a rewrite can help.
  void CheckCap(const std::vector<uint64_t>& count, bool by_work);

  // The plain run is now as big as the rewrite kept aside: the rewrite replaces it.
  [[noreturn]] void UseStandby();

  void AddFact(int r, TermId sentence);
  // A join reached (not s), s a sentence of relation r: s is asked about.
  void Demand(int r, TermId s);

  void Fixpoint(const std::vector<int>& rule_ids);

  // A static component, by semi-naive fixpoint; one whose rules negate its own relations
  // (stratified by arguments only) by the alternating fixpoint, as the prover computes it
  // (prover/evaluator.h): Γ(I) is the fixpoint with those negated literals read against
  // I; from K = {}, K = Γ(Γ(K)) until K stops growing.
  void StaticComponent(const std::vector<int>& rule_ids);

  void FixpointAgainst(const std::vector<int>& rule_ids, const std::unordered_set<TermId>& against,
                       std::unordered_set<TermId>* result);

  void RunRule(const CompiledRule& rule, bool first);

  [[noreturn]] void Unsafe() const;

  void Join(const std::vector<int>& plan, size_t k);

  TermId BuildSentence(const CompiledLiteral& lit);

  void JoinPositive(const std::vector<int>& plan, size_t k, const CompiledLiteral& lit);

  // For a positive literal with a compound argument the bindings leave partly open (the
  // arguments in `mask` are bound whole): the component index (fact_store.h) of the one
  // whose bound components narrow its candidates most, if that leaves fewer than `count`,
  // with the first candidate in *head. Null otherwise; *head = kAbsentFact when no fact can
  // match.
  Relation::ComponentIndex* ComponentIndexFor(const CompiledLiteral& lit, uint32_t mask,
                                              uint32_t count, uint32_t* head);

  // The candidates a join of relation r over `range` would have met through the argument
  // index at `best_pos` (bound to `value`), or by a scan when it is negative: what a join
  // through a component index counts towards the caps.
  uint64_t ScannedWithout(int r, Range range, int best_pos, TermId value) const;
  void CountScanned(uint64_t n) {
    work_[static_cast<size_t>(rule_ - rules_.data())] += n;
    total_work_ += n;
  }

  void Fire();

  void Emit(TermId head);

  bool SameRule(const GroundRule& g, TermId head) const;

  void Finish();

  const gdl::Description& d_;
  const gdl::Description& original_;
  const DemandRewrite& demand_;
  // Per relation: its demand relation where it is restricted (-1: none), and the
  // positions that demand reads (demand.h; negated literals add their demand here).
  std::vector<int> demand_relation_;
  std::vector<const std::vector<uint32_t>*> demand_positions_;
  std::vector<TermId> demand_args_;
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
  EmittedRules emitted_;
  // While StaticComponent computes Γ(I): the component's relations (sorted) and I.
  std::vector<int> frozen_relations_;
  const std::unordered_set<TermId>* frozen_ = nullptr;
  size_t charged_ = 0;
  uint32_t charge_ticks_ = 0;
  const uint64_t given_work_cap_;  // work_cap_ before the race cleared it
  const bool demand_on_;           // GroundOptions::demand, for the rewrite's run too
  const std::vector<kif::SymbolId> deferrable_;
  const size_t deferrable_fact_cap_;
  size_t cap_ = 0;
  uint64_t work_cap_ = 0;
  const bool race_;
  const size_t size_cap_;                  // race only: ground rules plus body literals
  bool raced_ = false;                     // a first race was lost
  std::unique_ptr<GroundResult> standby_;  // a finished rewrite bigger than the plain run
  size_t standby_size_ = 0;                // its rules plus body literals
  size_t standby_charged_ = 0;             // its bytes charged to the budget
  std::vector<uint64_t> fires_;            // per compiled rule: instances emitted
  kif::SymbolId static_head_ = -1;         // the static relation being computed
  int static_relation_ = -1;               // its relation id, when it is deferrable
  // Per compiled rule, and in all: the candidate facts the joins met while emitting, as
  // they would without the component indexes (fact_store.h), which the caps read: the
  // indexes speed the joins up and leave which programs race the rewrite as it was.
  std::vector<uint64_t> work_;
  uint64_t total_work_ = 0;
  uint64_t tried_work_ = 0;   // the candidate facts the joins tried while emitting
  uint64_t static_work_ = 0;  // candidate facts tried computing the static relations
};

}  // namespace ggp::reasoner::ground::internal
