#pragma once
// A game as the match runner holds it: the rule items it sends in START, the state machine
// it referees with, and the roles in fact order.
//
// Loading strips comments (';' and '#| |#'), optionally upper-cases the whole text
// (Dresden style: the rules, roles, moves and states are then all upper case), parses
// the description and builds a machine through the given builder, so the caller chooses
// the back end (the command line passes reasoner::CreateMachine; tests may pass any).
//
// Thread safety: a loaded Game is immutable; its machine may be shared by threads.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"
#include "reasoner/kif/sexpr.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::runner {

using MachineBuilder = std::function<reasoner::MachineBuild(const gdl::Description&)>;

struct Game {
  std::string key;                    // short name used in match ids (the file stem)
  std::vector<kif::SExpr> rules;      // top-level rule items, comments stripped
  std::shared_ptr<const reasoner::StateMachine> machine;
  std::vector<std::string> role_names;  // printed roles, in (role ...) fact order
  std::string backend;                // which back end the builder chose
  std::optional<std::string> meta_url;  // gameMetaURL, when the game has one

  int num_roles() const { return static_cast<int>(role_names.size()); }
};

// Parses `text` and builds the machine. Returns false with a reason in `error` when the
// text does not parse, has no role, or no machine could be built.
bool LoadGameText(std::string key, std::string_view text, bool uppercase,
                  const MachineBuilder& builder, Game* out, std::string* error);

// Reads `path` and calls LoadGameText with the file stem as key ("ticTacToe.kif" ->
// "ticTacToe").
bool LoadGameFile(const std::string& path, bool uppercase, const MachineBuilder& builder,
                  Game* out, std::string* error);

}  // namespace ggp::agent::runner
