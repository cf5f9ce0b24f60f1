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

}  // namespace ggp::testing
