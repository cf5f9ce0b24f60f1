#pragma once
// Small GDL games of our own for the board suites: recognition, learning, the machine.

#include "reasoner/board/board_game.h"
#include "reasoner/board/dfa.h"
#include "reasoner/board/pattern.h"

namespace ggp::reasoner::board::testing {

// `game` with piece type 0 limited to one step straight ahead onto an empty square (pawns
// that may not capture): a deliberately wrong model that verification must refuse.
inline BoardGame WithoutCaptures(BoardGame game) {
  Dfa only_forward;
  only_forward.SetEdge(0, Encode(Step{0, 1, Content::kEmpty}), only_forward.AddState(true));
  game.dfa[0] = only_forward;
  return game;
}

// Pawns on a 3 x 4 board: forward onto an empty square, diagonally forward onto an
// opponent; reaching the far rank wins, a player without a move loses, 20 plies tie.
// Files are letters ordered by a (file-next) chain, ranks numbers; a step counter.
inline constexpr const char kPawns3x4[] = R"(
(role white) (role black)
(init (control white)) (init (step 0))
(init (cell a 1 wp)) (init (cell b 1 wp)) (init (cell c 1 wp))
(init (cell a 4 bp)) (init (cell b 4 bp)) (init (cell c 4 bp))
(file-next a b) (file-next b c)
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7) (succ 7 8)
(succ 8 9) (succ 9 10) (succ 10 11) (succ 11 12) (succ 12 13) (succ 13 14) (succ 14 15)
(succ 15 16) (succ 16 17) (succ 17 18) (succ 18 19) (succ 19 20)
(rank-next 1 2) (rank-next 2 3) (rank-next 3 4)
(owns white wp) (owns black bp)
(<= (forward white ?y1 ?y2) (rank-next ?y1 ?y2))
(<= (forward black ?y1 ?y2) (rank-next ?y2 ?y1))
(<= (side ?x1 ?x2) (file-next ?x1 ?x2))
(<= (side ?x1 ?x2) (file-next ?x2 ?x1))
(<= (occupied ?x ?y) (true (cell ?x ?y ?p)))
(<= (opponent-on ?r ?x ?y) (true (cell ?x ?y ?p)) (role ?r) (not (owns ?r ?p)))
(<= (legal ?r (move ?x ?y1 ?x ?y2))
    (true (control ?r)) (owns ?r ?p) (true (cell ?x ?y1 ?p)) (forward ?r ?y1 ?y2)
    (not (occupied ?x ?y2)))
(<= (legal ?r (move ?x1 ?y1 ?x2 ?y2))
    (true (control ?r)) (owns ?r ?p) (true (cell ?x1 ?y1 ?p)) (forward ?r ?y1 ?y2)
    (side ?x1 ?x2) (opponent-on ?r ?x2 ?y2))
(<= (legal white noop) (true (control black)))
(<= (legal black noop) (true (control white)))
(<= (next (cell ?x2 ?y2 ?p)) (does ?r (move ?x1 ?y1 ?x2 ?y2)) (true (cell ?x1 ?y1 ?p)))
(<= (next (cell ?x ?y ?p)) (true (cell ?x ?y ?p)) (does ?r (move ?x1 ?y1 ?x2 ?y2))
    (not (same ?x ?y ?x1 ?y1)) (not (same ?x ?y ?x2 ?y2)))
(<= (same ?x ?y ?x ?y) (true (cell ?x ?y ?p)))
(<= (next (control white)) (true (control black)))
(<= (next (control black)) (true (control white)))
(<= (next (step ?n2)) (true (step ?n1)) (succ ?n1 ?n2))
(<= (has-move ?r) (legal ?r (move ?a ?b ?c ?d)))
(<= (mover-stuck ?r) (true (control ?r)) (not (has-move ?r)))
(<= (wins white) (true (cell ?x 4 wp)))
(<= (wins black) (true (cell ?x 1 bp)))
(<= (wins white) (mover-stuck black))
(<= (wins black) (mover-stuck white))
(<= terminal (wins ?r))
(<= terminal (true (step 20)))
(<= (goal ?r 100) (wins ?r))
(<= (goal ?r 0) (role ?r) (not (wins ?r)) (wins ?o))
(<= (goal ?r 50) (role ?r) (not (wins white)) (not (wins black)))
)";

}  // namespace ggp::reasoner::board::testing
