#pragma once
// A game of the grounder's tests (grounder_test.cc, race_test.cc): `pieces` pieces are put
// on the cells of an n x n board; once a piece stands on (1 1), a cell may be picked, and
// its pieces are held. Every cell fluent is known before any pick is legal, so each pick
// reads (true (cell ?x ?y ?p)) with ?x and ?y bound against all of them. With `local`, a
// pick also names a third coordinate that nothing else reads (a local variable, which the
// rewrite projects away: projection.h).

#include <string>

namespace ggp::reasoner::ground::testing {

inline std::string PickGame(int n, int pieces, bool local) {
  const std::string pick = local ? "(pick ?x ?y ?z)" : "(pick ?x ?y)";
  std::string text = "(role r)\n(init (cell 1 1 p0))\n";
  text += "(<= (legal r (put ?x ?y ?p)) (coord ?x) (coord ?y) (piece ?p))\n";
  text += "(<= (legal r " + pick + ") (true ready) (coord ?x) (coord ?y)" +
          (local ? " (coord ?z))\n" : ")\n");
  text += "(<= (next ready) (true (cell 1 1 p" + std::to_string(pieces - 1) + ")))\n";
  text += "(<= (next (cell ?x ?y ?p)) (does r (put ?x ?y ?p)))\n";
  text += "(<= (next (held ?p)) (does r " + pick + ") (true (cell ?x ?y ?p)))\n";
  text += "(<= terminal (true (held p" + std::to_string(pieces - 1) + ")))\n(goal r 100)\n";
  for (int i = 1; i <= n; ++i) text += "(coord " + std::to_string(i) + ")\n";
  for (int i = 0; i < pieces; ++i) text += "(piece p" + std::to_string(i) + ")\n";
  return text;
}

}  // namespace ggp::reasoner::ground::testing
