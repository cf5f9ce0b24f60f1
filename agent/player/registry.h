#pragma once
// Policies by name: the server (`serve --policy NAME`), the local match runner
// (`builtin:NAME` players) and the tournaments create Players through this registry.
//
// Built-in policies ("random", "legal", "montecarlo") are always registered. Other
// modules add theirs by calling RegisterPolicy, typically from one explicit function of
// theirs (e.g. a `RegisterSearchPolicies()` that the command line calls at start-up);
// explicit calls are preferred over static initialisers, which a static library link may
// silently drop.
//
// Thread safety: every function here may be called from any thread at any time. A factory
// is called without the registry lock held, so it may itself use the registry.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "agent/player/player.h"

namespace ggp::agent {

// How to build one Player. Policies ignore what they do not use.
struct PlayerOptions {
  unsigned long long seed = 0;  // 0: seed from std::random_device
  int threads = 1;              // search threads the policy may use
  nlohmann::json params = nlohmann::json::object();  // policy-specific settings
};

using PolicyFactory = std::function<std::unique_ptr<Player>(const PlayerOptions&)>;

// Adds (or, when `name` exists, replaces) a policy. Names are compared exactly
// (lower case by convention). Returns true if the name was new.
bool RegisterPolicy(std::string name, PolicyFactory factory, std::string description = "");

// A new Player of policy `policy`, or null if no such policy is registered.
std::unique_ptr<Player> MakePlayer(std::string_view policy, const PlayerOptions& options);

// True if `policy` is registered.
bool HasPolicy(std::string_view policy);

// Every registered policy name, sorted.
std::vector<std::string> PolicyNames();

// The one-line description given at registration ("" if none or unknown).
std::string PolicyDescription(std::string_view policy);

}  // namespace ggp::agent
