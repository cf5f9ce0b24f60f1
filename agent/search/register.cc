#include "agent/search/register.h"

#include "agent/player/registry.h"
#include "agent/search/mcts_player.h"
#include "agent/search/minimax_player.h"

namespace ggp::agent::search {

void RegisterSearchPolicies() {
  RegisterPolicy(
      "mcts", [](const PlayerOptions& o) { return std::make_unique<MctsPlayer>(o); },
      "UCT / decoupled UCT with solver, tree reuse and pondering on the shared search pool");
  RegisterPolicy(
      "minimax", [](const PlayerOptions& o) { return std::make_unique<MinimaxPlayer>(o); },
      "iterative-deepening alpha-beta on our goal (paranoid beyond 2-player turn-taking)");
}

}  // namespace ggp::agent::search
