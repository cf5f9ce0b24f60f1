#pragma once
// Settings of the player service (MatchManager) and of each match session it runs.

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>

#include "agent/player/registry.h"
#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"

namespace ggp::agent {

// Builds the state machine of a match (normally reasoner::CreateMachine). Called on the
// match's worker thread; may take up to the options' budget. Must not throw (exceptions
// are caught and reported as a failed build anyway).
using MachineBuilder = std::function<reasoner::MachineBuild(const gdl::Description&,
                                                            const reasoner::MachineOptions&)>;

struct SessionOptions {
  std::string name = "ggp-agent";  // INFO name (no spaces or parentheses)
  std::string log_dir = "logs";    // per-match event files; "" = none
  std::chrono::milliseconds margin{1000};  // deadline = received + clock - margin (>= received)
  std::string policy = "montecarlo";       // registry name (agent/player/registry.h)
  PlayerOptions player;                    // passed to MakePlayer
  int max_matches = 4;                     // INFO says busy from this many live matches on
  std::string machine_backend = "auto";    // MachineOptions::backend
  size_t build_memory_bytes = size_t{4} << 30;  // MachineOptions::build_memory_bytes
  MachineBuilder builder;                  // required
  // Silence after which a match is dropped: max(startclock, 10 x playclock) + this.
  std::chrono::seconds expiry_slack{120};
  std::chrono::milliseconds tick{1000};    // how often expiry is checked
};

}  // namespace ggp::agent
