#pragma once
// How nearly a state satisfies a role's best goal: a fuzzy reading of the goal's circuit
// (after FluxPlayer, Schiffel and Thielscher 2007), a heuristic for searches that need a
// direction where every line they can see scores the same (lights-out puzzles: all lines
// are worth 0 until the last light goes off).
//
// Each fluent the goal reads is worth `p` when it holds and 1 - p when it does not, so a
// formula that is one fluent closer to holding is worth more. A gate that needs all of
// its inputs (and) multiplies their degrees; one that needs any (or) takes 1 - the
// product of 1 - degree; one that needs t of n takes the chance that at least t of n
// independent inputs hold; an inverted edge reads 1 - degree. Cycles are iterated from 0
// a few times (the least fixpoint's direction). Only the order of degrees between states
// means anything.
//
// Precision: a goal such as "no queen is attacked" is the negation of an or over many
// cells, a degree of 0.75^144 read as 1 - (1 - 0.75^144), which doubles round to 0 for
// every state alike. So each component keeps the logarithms of both its degree and its
// complement (an and adds the first, an or the second, the other side comes from
// log(-expm1(x))), and Degree answers the logarithm: no state's reading is lost to
// rounding or underflow.
//
// Cost: one pass over the cone of the goal component (what it reads, back to the
// leaves), per call. Not for playouts' inner loops; for best-first searches that score
// each state once.
//
// Thread safety: a FuzzyGoal is one thread's (its scratch is per object); the net must
// outlive it.

#include <cstdint>
#include <vector>

#include "reasoner/propnet/propnet.h"
#include "reasoner/state.h"

namespace ggp::reasoner::propnet {

class FuzzyGoal {
 public:
  // The goal component of `role` with the highest value; `p` in (0.5, 1).
  FuzzyGoal(const Propnet& net, int role, double p = 0.75);
  // False when the role has no goal, or its best goal reads no fluent (a constant).
  bool informative() const { return informative_; }
  // The natural logarithm of the degree (<= 0; -infinity: certainly false).
  double LogDegree(const State& s);

 private:
  void Gate(uint32_t c);

  const Propnet& net_;
  double p_;
  uint32_t target_ = 0;
  bool informative_ = false;
  std::vector<uint32_t> cone_;        // ascending (topological) order
  std::vector<int32_t> leaf_fluent_;  // component -> fluent whose leaf it is, or -1
  std::vector<double> lv_, lw_;       // per component: ln degree, ln(1 - degree)
  std::vector<double> dp_;            // Gate's scratch for t of n
};

}  // namespace ggp::reasoner::propnet
