#pragma once
// Internal to the grounder: rules compiled against a FactStore (relation indices and
// argument patterns) with join plans for semi-naive evaluation, and the split of
// relations into static and dynamic ones.
//
// Thread safety: single-threaded build structures.

#include <stdexcept>
#include <string>
#include <vector>

#include "reasoner/gdl/description.h"
#include "reasoner/ground/fact_store.h"
#include "reasoner/ground/pattern.h"

namespace ggp::reasoner::ground {

// Thrown inside the grounder for rules it cannot ground (caught by Ground()).
class GroundError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct CompiledLiteral {
  enum class Kind : unsigned char { kPositive, kNegative, kDistinct, kEqual };
  Kind kind = Kind::kPositive;
  int relation = -1;          // kPositive / kNegative
  std::vector<Pattern> args;  // relation arguments, or the two sides of distinct/equal
  std::vector<int> vars;      // variables occurring in args
};

struct CompiledRule {
  int head = -1;  // relation
  std::vector<Pattern> head_args;
  int num_vars = 0;
  std::vector<CompiledLiteral> body;
  std::vector<int> positives;           // body indices of positive literals, in body order
  std::vector<std::vector<int>> plans;  // plans[i]: evaluation order when positives[i] is
                                        // the delta literal; plans[0] too if no positives
  int line = 0;
  int source = -1;  // index of the rule in the description
};

// Compiles every rule of `d` that defines a relation the game needs (rules for base,
// input and sees, and malformed heads, are skipped). Creates the relations in `facts`.
std::vector<CompiledRule> CompileRules(const gdl::Description& d, TermStore& terms,
                                       FactStore& facts);

// Makes `r`'s plans again, choosing each next positive literal by the candidates the
// relations of `facts` are expected to give it as they stand (fewest first, among those
// connected to bound variables), instead of in body order. For rules whose relations'
// sizes are known, e.g. those over lower strata when a static component starts.
void Replan(CompiledRule& r, const FactStore& facts);
// Makes a dynamic rule's plans again once the static relations of `facts` are computed:
// as CompileRules made them (body order among the literals connected to what is bound, a
// lookup first), where a static literal whose bound arguments leave about one fact by
// the sizes of its argument indexes, (sum ?zy ?qy ?ny) with ?qy and ?ny bound, counts as
// a lookup too. (Dynamic relations are still empty then: their sizes say nothing.)
void ReplanDynamic(CompiledRule& r, const FactStore& facts);

// Marks relations as static (Relation::is_static): those that do not depend on true or
// does and are not legal/next/goal/terminal or filters (Relation::is_filter). Returns, for the
// static rules, groups of rule indices in evaluation order (one group per strongly connected set of
// relations, dependencies first), and the dynamic rule indices in `dynamic_rules`.
std::vector<std::vector<int>> ClassifyRelations(const std::vector<CompiledRule>& rules,
                                                FactStore& facts,
                                                std::vector<int>* dynamic_rules);

}  // namespace ggp::reasoner::ground
