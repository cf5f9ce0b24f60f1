#pragma once
// The game master's view of a match in the server tests: its own state machine for the
// rules (built independently of the player's), the current state, legality checks of the
// player's replies and random moves for the other roles. Not thread safe.

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "reasoner/gdl/description.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::server_testing {

class Referee {
 public:
  // Parses `rules` and builds a machine with back end `backend`; ok() says if it worked.
  Referee(const std::string& rules, const std::string& backend, unsigned seed);

  bool ok() const { return machine_ != nullptr; }
  const std::string& error() const { return error_; }
  int num_roles() const { return machine_->num_roles(); }
  int RoleIndex(const std::string& role) const;

  bool terminal();
  // True if `reply` parses as a term naming a legal move of `role` in the current state
  // (exact spelling, as ggp-base compares).
  bool IsLegal(int role, const std::string& reply);
  // A uniformly random legal move of `role`, printed.
  std::string RandomLegal(int role);
  // Applies printed moves (role order); false if one is not legal.
  bool Apply(const std::vector<std::string>& moves);
  // The goals of the current state, role order.
  std::vector<int> Goals();

 private:
  std::optional<reasoner::Move> Parse(int role, const std::string& text);

  std::shared_ptr<kif::SymbolTable> symbols_;
  std::shared_ptr<const reasoner::StateMachine> machine_;
  std::unique_ptr<reasoner::Workspace> ws_;
  reasoner::State state_;
  std::mt19937 rng_;
  std::string error_;
};

// "(play ID (m1 m2))" from printed moves.
std::string JointText(const std::vector<std::string>& moves);

}  // namespace ggp::agent::server_testing
