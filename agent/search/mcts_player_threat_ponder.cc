// MctsPlayer's threat check on the opponent's time (mcts_player.h, "threat_ponder"). The
// traps our lost matches fell into were lines the in-move check could not read in its
// share of one move (issue 24: df-pn proved them in 0.05 to 2 s; the deepening found
// nothing in 10 s). While the opponent chooses, the moves that will matter next are
// already in the tree: its likeliest replies, and our likeliest answers to each. The
// proof-number search asks, for each such answer, whether the opponent can then force
// its win; a proof is kept until our move, where the answer is proven lost at the root
// before the search decides (ApplyPonderedLosses), so no time of ours goes to it.
//
// One thread's time, as the opponents get: the body alternates with the search, a proof
// slice of kProofSlice, then the search's slice (threat_ponder_ of each round for the
// proofs). The tree is read only while the search is paused. Partial work stays in the
// proof-number table between slices and between moves; each job gets up to kJobCap before
// the next is taken, and its answer (proof or disproof) settles it for this ponder. The
// jobs: the opponent's threat_moves_ most visited replies, our threat_moves_ most visited
// answers to each that the tree has not proven, in that order.

#include <algorithm>

#include "agent/search/mcts_player.h"

namespace ggp::agent::search {
namespace {

constexpr auto kProofSlice = std::chrono::milliseconds(40);
constexpr auto kJobCap = std::chrono::milliseconds(1500);
constexpr auto kIdle = std::chrono::milliseconds(200);  // between looks when nothing is due

}  // namespace

void MctsPlayer::PonderThreats() {
  if (threat_ponder_ <= 0 || endgame_pondering_ || !use_threats_ || machine_ == nullptr ||
      machine_->num_roles() != 2 || search_ == nullptr) {
    return;
  }
  const Node* root = search_->root();
  // The opponent alone chooses at the root (we answered with our only move).
  if (root == nullptr || root->terminal() || root->proven() || root->num_movers() != 1 ||
      root->num_moves(role_) != 1) {
    return;
  }
  if (proofs_ == nullptr) {
    proofs_ = std::make_unique<ProofNumberSearch>(machine_, ProofNumberOptions{});
  }
  if (ponder_ws_ == nullptr) ponder_ws_ = machine_->NewWorkspace();
  ponder_lost_.clear();
  threat_pondering_ = true;
  endgame_thread_.Launch([this] { PonderThreatsBody(); });
}

void MctsPlayer::PonderThreatsBody() {
  struct Job {
    reasoner::State state;
    SteadyClock::duration spent{};
    bool settled = false;
  };
  std::vector<Job> jobs;    // every answer met in this ponder
  std::vector<size_t> due;  // this round's, in order
  const int64_t nodes_from = proofs_->nodes();
  const int other = 1 - role_;
  const size_t width = static_cast<size_t>(threat_moves_);
  const auto search_slice = std::chrono::duration_cast<SteadyClock::duration>(
      kProofSlice * ((1 - threat_ponder_) / threat_ponder_));
  std::vector<reasoner::Move> joint(2);
  reasoner::State reply, answer;
  while (!endgame_thread_.Stopping()) {
    search_->Pause();  // the tree holds still while the jobs are read from it
    const Node* root = search_->root();
    due.clear();
    // Proofs are recorded only where the values are exact, as the playouts have seen the
    // goals so far (none yet at the first move of a match).
    const std::vector<uint32_t> replies =
        search_->ExactValues() ? MovesByVisits(*root, other) : std::vector<uint32_t>{};
    for (size_t r = 0; r < replies.size() && r < width; ++r) {
      // We have a single move at the root: the child's slot is the opponent's move index.
      const Node* c = replies[r] < root->num_children() ? root->child(replies[r]) : nullptr;
      if (c == nullptr || c->terminal() || c->proven() || c->num_movers() != 1 ||
          c->num_moves(role_) < 2) {
        continue;
      }
      c->LoadState(&reply);
      joint[static_cast<size_t>(other)] = c->moves(other)[0];
      size_t taken = 0;
      for (const uint32_t a : MovesByVisits(*c, role_)) {
        if (taken >= width) break;
        if (const Node* g = a < c->num_children() ? c->child(a) : nullptr;
            g != nullptr && g->proven()) {
          continue;  // the tree knows already
        }
        ++taken;
        joint[static_cast<size_t>(role_)] = c->moves(role_)[a];
        machine_->NextState(reply, joint, *ponder_ws_, &answer);
        auto it = std::find_if(jobs.begin(), jobs.end(),
                               [&answer](const Job& j) { return j.state == answer; });
        if (it == jobs.end()) {
          jobs.push_back({answer, {}, false});
          it = jobs.end() - 1;
        }
        if (!it->settled && it->spent < kJobCap)
          due.push_back(static_cast<size_t>(it - jobs.begin()));
      }
    }
    // The slice goes to the jobs in order: one answered, the next gets the rest.
    const auto slice_end = SteadyClock::now() + kProofSlice;
    for (const size_t j : due) {
      const auto begin = SteadyClock::now();
      if (begin >= slice_end || endgame_thread_.Stopping()) break;
      Job& job = jobs[j];
      const Threat t = proofs_->Prove(job.state, other, slice_end, endgame_thread_.StopFlag());
      const auto took = SteadyClock::now() - begin;
      job.spent += took;
      ponder_ms_ += std::chrono::duration<double, std::milli>(took).count();
      if (t != Threat::kUnknown) job.settled = true;
      if (t == Threat::kForced) ponder_lost_.push_back(job.state);
    }
    search_->Start();
    // Nothing to prove now: the search grows the tree (or has settled it) a while longer.
    endgame_thread_.WaitUntil(SteadyClock::now() + (due.empty() ? kIdle : search_slice));
  }
  ponder_states_ += proofs_->nodes() - nodes_from;
}

int MctsPlayer::ApplyPonderedLosses(const reasoner::State& state) {
  if (ponder_lost_.empty()) return 0;
  int proven = 0;
  // Where we alone choose now (whatever the in-move check's share), and proofs count.
  const Node* root = search_ != nullptr ? search_->root() : nullptr;
  if (root != nullptr && machine_->num_roles() == 2 && !root->terminal() && !root->proven() &&
      root->num_movers() == 1 && root->num_moves(role_) >= 2 && search_->ExactValues()) {
    const int other = 1 - role_;
    std::vector<reasoner::Move> joint(2), legal;
    machine_->LegalMoves(state, other, *workspace_, &legal);
    if (legal.size() == 1) {
      joint[static_cast<size_t>(other)] = legal.front();
      reasoner::State next;
      for (uint32_t i = 0; i < root->num_moves(role_) && !root->proven(); ++i) {
        joint[static_cast<size_t>(role_)] = root->moves(role_)[i];
        machine_->NextState(state, joint, *workspace_, &next);
        const auto it = std::find(ponder_lost_.begin(), ponder_lost_.end(), next);
        if (it != ponder_lost_.end() && search_->ProveRootMove(i, /*win=*/false)) {
          ponder_lost_.erase(it);
          ++proven;
        }
      }
    }
  }
  return proven;
}

}  // namespace ggp::agent::search
