#pragma once
// Adds the search policies to the player registry (agent/player/registry.h):
//   "mcts"     MctsPlayer (mcts_player.h) on the process-wide SearchPool
//   "mast"     the same with MAST playouts (mast.h)
//   "minimax"  MinimaxPlayer (minimax_player.h)
// Call once at start-up (the command line does); calling again is harmless.
// Thread safety: as RegisterPolicy.

namespace ggp::agent::search {

void RegisterSearchPolicies();

}  // namespace ggp::agent::search
