#pragma once
// Small games and traces for the tools' tests (written for these tests).

namespace ggp::agent::tools::testing {

// nim3: a pile of 3, take 1 or 2 in turn, whoever takes the last one wins.
inline constexpr const char* kNim3Rules = R"(
(role first) (role second) (init (pile 3)) (init (control first)) (succ 0 1) (succ 1 2) (succ 2 3)
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

// One playout of nim3: (take 2) by first, then (take 1) by second, who wins.
inline constexpr const char* kNim3Trace = R"json({
  "game": "nim3", "reference": "hand-written", "roles": ["first", "second"], "notes": "",
  "playouts": [{"seed": 1, "truncated": false, "steps": [
    {"state": ["(control first)", "(pile 3)"], "terminal": false,
     "legal": [["(take 1)", "(take 2)"], ["noop"]], "moves": ["(take 2)", "noop"]},
    {"state": ["(control second)", "(pile 1)"], "terminal": false,
     "legal": [["noop"], ["(take 1)"]], "moves": ["noop", "(take 1)"]},
    {"state": ["(control first)", "(pile 0)", "(winner second)"], "terminal": true,
     "goals": [0, 100]}]}]
})json";

}  // namespace ggp::agent::tools::testing
