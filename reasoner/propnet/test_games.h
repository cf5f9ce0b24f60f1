#pragma once
// Small hand-written games for the ground and propnet unit tests.

namespace ggp::reasoner::testgames {

// Two players alternately take 1 or 2 from a pile of 4; taking the last wins. Static
// arithmetic (succ/minus), negation, function terms.
inline constexpr const char* kTakeAway = R"(
(role a) (role b)
(init (pile 4)) (init (control a))
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
(<= (minus ?x 1 ?y) (succ ?y ?x))
(<= (minus ?x 2 ?y) (succ ?y ?z) (succ ?z ?x))
(<= (legal ?p (take ?n)) (true (control ?p)) (true (pile ?x)) (minus ?x ?n ?y))
(<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (next (pile ?y)) (does ?p (take ?n)) (true (pile ?x)) (minus ?x ?n ?y))
(<= (next (control b)) (true (control a)))
(<= (next (control a)) (true (control b)))
(<= (next (last ?p)) (does ?p (take ?n)))
(<= terminal (true (pile 0)))
(<= (goal ?p 100) (true (last ?p)))
(<= (goal ?p 0) (role ?p) (not (true (last ?p))))
)";

// One player opens edges of a graph with a cycle n1 -> n2 -> n3 -> n1 (and n3 -> n4);
// `reach` is recursive over the opened edges. `jump` moves the start off the graph, so
// the cycle loses its support while its edges stay open.
inline constexpr const char* kReach = R"(
(role r)
(init (at n1))
(edge n1 n2) (edge n2 n3) (edge n3 n1) (edge n3 n4)
(<= (legal r (open ?x ?y)) (edge ?x ?y) (not (true (open ?x ?y))))
(<= (legal r jump) (true (at n1)))
(<= (next (open ?x ?y)) (does r (open ?x ?y)))
(<= (next (open ?x ?y)) (true (open ?x ?y)))
(<= (next (at n5)) (does r jump))
(<= (next (at ?x)) (true (at ?x)) (not (does r jump)))
(<= (reach ?x) (true (at ?x)))
(<= (reach ?y) (reach ?x) (true (open ?x ?y)))
(<= (seen ?x) (reach ?x))
(<= terminal (reach n4))
(<= (goal r 100) (reach n4))
(<= (goal r 50) (seen n3) (not (reach n4)))
(<= (goal r 0) (not (seen n3)))
)";

// Turn-taking where the turn is a derived view (`myturn`, a gate rather than a fluent)
// shared by every legal rule; `freeze` stops the game for a turn.
inline constexpr const char* kGuardedTurns = R"(
(role a) (role b)
(init (control a)) (init (cell 1 e)) (init (cell 2 e)) (init (cell 3 e)) (init running)
(<= (myturn ?p) (true (control ?p)) (not (true frozen)) (true running))
(<= (next running) (true running))
(<= (legal ?p (mark ?c)) (myturn ?p) (true (cell ?c e)))
(<= (legal ?p freeze) (myturn ?p) (true (control ?p)))
(<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (legal ?p noop) (role ?p) (true frozen))
(<= (next (cell ?c ?p)) (does ?p (mark ?c)))
(<= (next (cell ?c ?x)) (true (cell ?c ?x)) (not (marked ?c)))
(<= (marked ?c) (does ?p (mark ?c)))
(<= (next frozen) (does ?p freeze))
(<= (next (control b)) (true (control a)) (not (true frozen)))
(<= (next (control a)) (true (control b)) (not (true frozen)))
(<= (next (control ?p)) (true (control ?p)) (true frozen))
(<= terminal (not (true (cell 1 e))) (not (true (cell 2 e))) (not (true (cell 3 e))))
(<= (goal ?p 50) (role ?p))
)";

}  // namespace ggp::reasoner::testgames
