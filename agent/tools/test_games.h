#pragma once
// Small games and traces for the tools' tests (written for these tests).

#include "tests/testing/small_games.h"

namespace ggp::agent::tools::testing {

// nim3: a pile of 3, take 1 or 2 in turn, whoever takes the last one wins.
inline constexpr const char* kNim3Rules = ::ggp::testing::kNim3Gdl;

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
