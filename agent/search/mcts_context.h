#pragma once
// The scratch of one thread of an MctsSearch (mcts_search.h): the path of the iteration it
// runs, its playout buffers and its random stream. Each context belongs to one worker (or
// the control thread) and is reserved up front, so the search's hot loop allocates nothing;
// nothing in it is shared between threads.

#include <cstdint>
#include <memory>
#include <vector>

#include "agent/search/amaf.h"
#include "agent/search/mast.h"
#include "agent/search/node.h"
#include "agent/search/policies.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

// A step of an iteration's path: the node and the joint move taken there.
struct MctsPathStep {
  Node* node;
  uint32_t joint;
};
// Scratch of one thread, reserved up front.
struct MctsWorkerContext {
  std::unique_ptr<reasoner::Workspace> ws;
  Rng rng;
  reasoner::State cur, next;
  std::vector<reasoner::Move> joint;
  std::vector<MctsPathStep> path;
  std::vector<uint32_t> path_moves;  // num_roles entries per path step
  std::vector<std::vector<reasoner::Move>> legal;
  std::vector<double> rewards;
  std::vector<reasoner::Move> line;                  // single-role games: moves of this iteration
  std::vector<reasoner::PlayoutMove> playout_moves;  // MachinePlayout's record
  std::vector<uint32_t> ranked;  // widening: a role's eligible move indices first
  bool terminal = false;         // the iteration ended in a terminal state
  bool draw = false;             // ... in a draw (IsDraw: contempt applies)
  NodeScratch scratch;
  MastTable mast;                  // empty unless the search uses MAST
  AmafTrace amaf;                  // empty unless the search uses GRAVE
  uint32_t index = 0;              // position among the search's contexts (AMAF counter copy)
  const AmafTable* ref = nullptr;  // GRAVE: the reference table of the current step
  // RootRelativePrior: each role's RootMean, recomputed every kRootMeanRefresh priors
  // (a sum over the root's moves each time a node is created is a cost in wide games).
  std::vector<double> root_mean;
  uint32_t root_mean_age = 0;
};

}  // namespace ggp::agent::search
