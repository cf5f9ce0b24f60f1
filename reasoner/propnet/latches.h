#pragma once
// Latches of a propnet, and the goal values they rule out.
//
// A fluent is a positive latch when (next f) holds in every state where f holds, whatever
// the other fluents and whatever any role plays; a negative latch when (next f) fails
// wherever f fails (both: the fluent never changes). Both are proved on the circuit by
// three-valued evaluation: f fixed, every other fluent and every move input unknown; if
// (next f) still comes out true (false), no assignment of the unknowns changes it. Where
// that fails and the cone of (next f) reads at most kCaseLeaves unknown leaves, each
// assignment of them is tried (a fluent kept unless a move is played: "(next f) <= does
// m" and "(next f) <= (true f) (not (does m))" needs the cases m and not m). Every
// assignment of the move inputs is tried, legal or not, so this stays sound; it is not
// complete: a fluent not called a latch may still be one.
//
// Goal bounds: the latched fluents of a state (positive latches that hold, negative ones
// that do not) keep their values to the end of the game. Evaluating a role's goal gates
// with those fixed and everything else unknown shows the goal values that can no longer
// hold in any later state; the highest value left bounds what the role can still get.
//
// Three-valued evaluation keeps two bits per component, a lower bound (surely true) and an
// upper bound (possibly true); an inverted input swaps them. Cyclic SCCs (positive
// recursion) take the least fixpoint of each bound, which is sound because their gates
// are monotone in the cycle's edges.
//
// Cost: AnalyseLatches evaluates the cone of each fluent's `next` (what it reads, back to
// the leaves) twice, plus up to 2^kCaseLeaves times where cases are tried, within
// `max_work` component evaluations (fluents beyond it are not
// called latches; `complete` then false). GoalUpperBound evaluates the role's goal cone
// once: for searches that prune, not for playouts.
//
// Thread safety: LatchAnalysis is immutable once made; a ThreeValued is one thread's.

#include <cstdint>
#include <span>
#include <vector>

#include "reasoner/propnet/propnet.h"
#include "reasoner/state.h"

namespace ggp::reasoner::propnet {

inline constexpr uint8_t kLatchPositive = 1;
inline constexpr uint8_t kLatchNegative = 2;
inline constexpr uint8_t kUnknown = 2;  // a fluent's value in ThreeValued::Evaluate
inline constexpr int kCaseLeaves = 4;   // unknown leaves AnalyseLatches splits cases on

// Three-valued evaluation of parts of one net.
class ThreeValued {
 public:
  explicit ThreeValued(const Propnet& net);
  // The components `targets` read, transitively, themselves included, in ascending
  // (topological) order.
  std::vector<uint32_t> Cone(std::span<const uint32_t> targets);
  // Evaluates `cone` (from Cone): a fluent's leaf takes value(f) (0, 1 or kUnknown), move
  // inputs are unknown unless set by SetInput, constants are themselves.
  template <typename FluentValue>
  void Evaluate(std::span<const uint32_t> cone, FluentValue&& value) {
    for (size_t i = 0; i < cone.size();) {
      const uint32_t c = cone[i];
      if (net_.is_leaf[c]) {
        uint8_t v = kUnknown;
        if (c == net_.const_true) {
          v = 1;
        } else if (c == net_.const_false) {
          v = 0;
        } else if (leaf_fluent_[c] >= 0) {
          v = value(static_cast<uint32_t>(leaf_fluent_[c]));
        } else {
          v = input_[c];
        }
        lo_[c] = v == 1;
        hi_[c] = v != 0;
        ++i;
      } else if (net_.scc_of[c] >= 0) {
        i = EvaluateScc(cone, i);
      } else {
        Gate(c);
        ++i;
      }
    }
  }
  // The value a move input leaf takes in Evaluate (0, 1 or kUnknown, the default).
  void SetInput(uint32_t leaf, uint8_t v) { input_[leaf] = v; }
  // The fluent whose leaf `c` is, or -1 (a move input or constant).
  int32_t FluentOfLeaf(uint32_t c) const { return leaf_fluent_[c]; }
  bool SurelyTrue(uint32_t c) const { return lo_[c] != 0; }
  bool SurelyFalse(uint32_t c) const { return hi_[c] == 0; }

 private:
  // Returns whether c's bounds changed.
  bool Gate(uint32_t c);
  size_t EvaluateScc(std::span<const uint32_t> cone, size_t first);

  const Propnet& net_;
  std::vector<int32_t> leaf_fluent_;  // component -> fluent whose leaf it is, or -1
  std::vector<uint8_t> lo_, hi_;
  std::vector<uint8_t> input_;  // per component: a move input leaf's value
  std::vector<uint32_t> mark_;  // Cone's visit stamps
  uint32_t stamp_ = 0;
};

struct LatchAnalysis {
  std::vector<uint8_t> latch;  // per fluent: kLatchPositive | kLatchNegative bits
  State positive_mask;         // positive latches as a bitset
  State negative_mask;         // negative latches
  size_t positive = 0;         // counts (a never-changing fluent counts in both)
  size_t negative = 0;
  bool complete = true;  // every fluent was examined within the work budget
  int64_t work = 0;      // component evaluations spent
  std::vector<std::vector<uint32_t>> goal_cone;  // per role: Cone of its goal components
};

LatchAnalysis AnalyseLatches(const Propnet& net, int64_t max_work);

// The highest goal value of `role` that the latched fluents of `s` do not rule out; -1 if
// they rule out every value the rules give the role.
int GoalUpperBound(const Propnet& net, const LatchAnalysis& latches, const State& s, int role,
                   ThreeValued& eval);

}  // namespace ggp::reasoner::propnet
