#include "agent/search/register.h"

#include "agent/player/registry.h"
#include "agent/search/mcts_player.h"
#include "agent/search/minimax_player.h"

namespace ggp::agent::search {

void RegisterSearchPolicies() {
  RegisterPolicy(
      "mcts", [](const PlayerOptions& o) { return std::make_unique<MctsPlayer>(o); },
      "UCT / decoupled UCT with GRAVE, solver, tree reuse and pondering on the shared search pool");
  RegisterPolicy(
      "mast",
      [](const PlayerOptions& o) {
        PlayerOptions with_mast = o;
        if (!with_mast.params.is_object()) with_mast.params = nlohmann::json::object();
        if (!with_mast.params.contains("mast")) with_mast.params["mast"] = true;
        return std::make_unique<MctsPlayer>(with_mast);
      },
      "mcts with MAST playouts (epsilon-greedy on each move's average reward)");
  RegisterPolicy(
      "minimax", [](const PlayerOptions& o) { return std::make_unique<MinimaxPlayer>(o); },
      "iterative-deepening alpha-beta on our goal (paranoid beyond 2-player turn-taking)");
}

}  // namespace ggp::agent::search
