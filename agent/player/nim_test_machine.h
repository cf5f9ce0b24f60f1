#pragma once
// Test double: a hand-written StateMachine for the nim game of the protocol notes
// ("nim3" with a configurable pile): two roles (in description order), `control` passes
// between them, the player in control may (take 1) or (take 2) while the pile allows,
// the other plays noop; whoever empties the pile wins (goal 100, the other 0).
//
// Move ids of every role: 0 = (take 1), 1 = (take 2), 2 = noop. Move terms are interned
// into the given symbol table with the given spelling of "take" and "noop", so a test
// can play the Dresden (upper case) form. Thread safety as the StateMachine contract.
// Only for tests: it ignores the rules it is built for.

#include <memory>
#include <string>
#include <vector>

#include "reasoner/state_machine.h"
#include "tests/testing/small_games.h"

namespace ggp::agent::testing {

struct NimSpelling {
  std::string take = "take";
  std::string noop = "noop";
};

std::shared_ptr<const reasoner::StateMachine> MakeNimMachine(
    std::shared_ptr<kif::SymbolTable> symbols, std::vector<kif::Term> roles, int pile = 3,
    const NimSpelling& spelling = {});

// The rules of nim with a pile of 3, as GDL text (lower case).
inline constexpr const char* kNim3Rules = ::ggp::testing::kNim3Gdl;

}  // namespace ggp::agent::testing
