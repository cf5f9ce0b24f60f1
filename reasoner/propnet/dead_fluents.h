#pragma once
// Fluents that cannot matter: a fluent is live when legal, a goal or terminal reads it,
// directly or through gates, or when the `next` of a live fluent reads it; every other
// fluent is dead (dots and boxes' (box x y mark): only its own frame rule reads it, and
// the box counts carry what the goals need). Two states that differ in dead fluents only
// have the same legal moves, goals and terminal flag, and so do their successors under
// every joint move: a search may take them for one state (StateMachine::TranspositionKey).
//
// The analysis walks the net's input edges backwards from the legal, guard, goal and
// terminal components, and from the `next` component of each live fluent it meets, once
// per component: linear in the net's size. Pure; thread safety: none needed.

#include <cstdint>
#include <vector>

#include "reasoner/propnet/propnet.h"

namespace ggp::reasoner::propnet {

// One bit per fluent of `net` (State's word layout), set for the live ones; bits past
// net.num_fluents are set too, so that a mask never clears a fluent it does not know.
// Empty (every fluent live) unless the net is of the whole game: without its legal moves,
// goals or terminal (the hybrid's and the split machine's nets) nothing can be called dead.
std::vector<uint64_t> LiveFluentWords(const Propnet& net);

}  // namespace ggp::reasoner::propnet
