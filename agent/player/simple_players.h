#pragma once
// The two trivial policies, useful as opponents, baselines and fallbacks:
//   "random": a uniformly random legal move (seeded by PlayerOptions::seed);
//   "legal":  the first legal move in the machine's order (deterministic).
// Both answer at once, ignoring the deadline's slack. Not thread safe (one Player per
// match and role; see player.h).

#include <memory>

#include "agent/player/player.h"
#include "agent/player/registry.h"

namespace ggp::agent {

std::unique_ptr<Player> MakeRandomPlayer(const PlayerOptions& options);
std::unique_ptr<Player> MakeLegalPlayer(const PlayerOptions& options);

// The seed a policy should use: options.seed, or a fresh random one when that is 0.
unsigned long long ResolveSeed(const PlayerOptions& options);

}  // namespace ggp::agent
