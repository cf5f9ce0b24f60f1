#pragma once
// The search half of `ggp-agent bench` (bench_command.cc): MCTS iterations per second on a
// game's initial state, or, with `reuse_after`, on a tree kept from an earlier move.
//
// Blocking: runs on the calling thread (the search on a pool of `threads` workers) for about
// reuse_after + seconds, plus one timing pass of the prior where a model is given.

#include <cstdint>
#include <memory>
#include <string>

#include "reasoner/state_machine.h"

namespace ggp::agent {

struct SearchBenchOptions {
  int threads = 1;
  std::string params = "{}";  // search parameters as JSON (search/mcts_player.h)
  double seconds = 10;        // the measured run
  uint64_t seed = 1;
  bool json = false;
  // > 0: search this many seconds from the initial state first, then make the child of
  // the most visited joint move the root (MctsSearch::Advance: its subtree is kept, the
  // rest goes to the background collector) and measure from there, as the turn after a
  // long first move does in a match.
  double reuse_after = 0;
};

// Prints one line (or one JSON object with --json: game, machine, threads,
// iterations_per_s, iterations, nodes, max_depth, proven, transpositions; kept_nodes and
// discarded_nodes with reuse_after; model, prior_us, prior_legal with a model). Returns the
// exit status: 1 if the parameters name an unknown model, or if reuse_after's first search
// leaves no expanded child to keep.
int BenchSearch(const SearchBenchOptions& o, const std::string& game,
                const std::shared_ptr<const reasoner::StateMachine>& machine,
                const std::string& backend);

}  // namespace ggp::agent
