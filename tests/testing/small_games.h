#pragma once
// Small games written for the tests, as GDL text, shared by the suites of every layer
// (header only: include it, no library to link).

namespace ggp::testing {

// Nim with a pile of 3: roles first and second take 1 or 2 in turn (the other plays noop);
// whoever takes the last one wins (100), the other gets 0.
inline constexpr const char kNim3Gdl[] = R"((role first) (role second)
(init (pile 3)) (init (control first))
(succ 0 1) (succ 1 2) (succ 2 3)
(<= (legal ?p (take 1)) (true (control ?p)) (true (pile ?n)) (succ ?m ?n))
(<= (legal ?p (take 2)) (true (control ?p)) (true (pile ?n)) (succ ?m ?n) (succ ?k ?m))
(<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (next (pile ?m)) (does ?p (take 1)) (true (pile ?n)) (succ ?m ?n))
(<= (next (pile ?k)) (does ?p (take 2)) (true (pile ?n)) (succ ?m ?n) (succ ?k ?m))
(<= (next (control second)) (true (control first)))
(<= (next (control first)) (true (control second)))
(<= (next (winner ?p)) (does ?p (take ?x)) (true (pile ?x)))
(<= terminal (true (pile 0)))
(<= (goal ?p 100) (true (winner ?p)))
(<= (goal ?p 0) (role ?p) (not (true (winner ?p))))
)";

// Towers of three discs: 7 moves solve it, the game ends after 7 moves whatever happened,
// and giving up (at any time) ends it at once with 5 points. Random play almost never
// solves it; a search that settles for the sure 5 gives up at once.
inline constexpr const char kTowersGdl[] = R"(
(role solver)
(init (on d1 d2)) (init (on d2 d3)) (init (on d3 left))
(init (clear d1)) (init (clear middle)) (init (clear right))
(init (step 0))
(legal solver giveup)
(<= (legal solver (put ?x ?y)) (true (clear ?x)) (true (clear ?y)) (smaller ?x ?y))
(<= (next (on ?x ?y)) (does solver (put ?x ?y)))
(<= (next (on ?x ?y)) (true (on ?x ?y)) (not (moved ?x)))
(<= (moved ?x) (does solver (put ?x ?y)))
(<= (next (clear ?y)) (true (on ?x ?y)) (does solver (put ?x ?z)))
(<= (next (clear ?y)) (true (clear ?y)) (not (covered ?y)))
(<= (covered ?y) (does solver (put ?x ?y)))
(<= (next (step ?n)) (true (step ?m)) (succ ?m ?n))
(<= (next gaveup) (does solver giveup))
(<= done (true (on d1 d2)) (true (on d2 d3)) (true (on d3 right)))
(<= terminal done)
(<= terminal (true gaveup))
(<= terminal (true (step 7)))
(<= (goal solver 100) done)
(<= (goal solver 5) (true gaveup))
(<= (goal solver 0) (not done) (not (true gaveup)))
(size d1 1) (size d2 2) (size d3 3)
(size left 4) (size middle 4) (size right 4)
(less 1 2) (less 1 3) (less 1 4) (less 2 3) (less 2 4) (less 3 4)
(<= (smaller ?x ?y) (size ?x ?a) (size ?y ?b) (less ?a ?b))
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7)
)";

// A 3x3 Latin square with two givens: only digits that do not repeat in their row or
// column are legal; the game ends when no digit fits anywhere, 100 if every cell is full.
// Filling the wrong cells first leaves holes that can never be filled.
inline constexpr const char kLatinGdl[] = R"(
(role filler)
(init (cell 1 1 1)) (init (cell 2 2 2))
(init (cell 1 2 b)) (init (cell 1 3 b)) (init (cell 2 1 b)) (init (cell 2 3 b))
(init (cell 3 1 b)) (init (cell 3 2 b)) (init (cell 3 3 b))
(<= (legal filler (mark ?r ?c ?d)) (true (cell ?r ?c b)) (digit ?d)
    (not (inrow ?r ?d)) (not (incol ?c ?d)))
(<= (inrow ?r ?d) (true (cell ?r ?c ?d)) (digit ?d))
(<= (incol ?c ?d) (true (cell ?r ?c ?d)) (digit ?d))
(<= (next (cell ?r ?c ?d)) (does filler (mark ?r ?c ?d)))
(<= (next (cell ?r ?c ?x)) (true (cell ?r ?c ?x)) (does filler (mark ?r2 ?c2 ?d)) (distinct ?r ?r2))
(<= (next (cell ?r ?c ?x)) (true (cell ?r ?c ?x)) (does filler (mark ?r2 ?c2 ?d)) (distinct ?c ?c2))
(<= open (true (cell ?r ?c b)))
(<= playable (legal filler ?m))
(<= terminal (not playable))
(<= (goal filler 100) (not open))
(<= (goal filler 0) open)
(digit 1) (digit 2) (digit 3)
)";

}  // namespace ggp::testing
