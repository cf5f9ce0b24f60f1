#pragma once
// Fluent "types" for the learned evaluation (heuristic.h): a fluent's relation with its
// last argument, so (cell 3 4 white) is cell/white, (control red) control/red and an atom
// itself. Counting the true fluents of each type gives piece counts per kind and owner in
// board games and flags elsewhere.
//
// FluentTyper maps a machine's fluent indices to type ids as states show them, crossing
// the symbol boundary once per new fluent (Fluents() of the state), never on a state
// whose fluents are all typed. Requires StateMachine::FluentIndexedStates(). Not thread
// safe: one typer per learner.

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "reasoner/kif/term.h"
#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

// The type name of a fluent term.
std::string FluentTypeOf(const kif::Term& t, const kif::SymbolTable& symbols);

struct FluentTyper {
  static constexpr int32_t kUnseen = -1;
  static constexpr int32_t kUnknownType = -2;  // with `fixed`: a type not in `names`
  std::vector<int32_t> type_of;                // fluent index -> type id (or the above)
  std::vector<std::string> names;              // type id -> name
  std::unordered_map<std::string, int> ids;    // name -> type id
  bool fixed = false;                          // no new types: unknown names get kUnknownType

  // Types the fluents of `s` not typed yet. `fluents` lists s's true fluents in index
  // order (State::ForEach). False if the machine's terms disagree with it in number.
  bool Type(const reasoner::StateMachine& machine, const reasoner::State& s,
            const std::vector<uint32_t>& fluents);
};

}  // namespace ggp::agent::search
