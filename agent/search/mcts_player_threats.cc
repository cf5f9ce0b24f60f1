// MctsPlayer's short-threat check (mcts_player.h, "threats"; threat_search.h). Where we alone
// choose in a two-role game, in the last part of the move's time: for depth 1, 3, 5, ... (plies,
// ours first from the root, the opponent's first after one of our moves) while time is
// left, a win we can force within the depth is proven on its move, and our moves are
// checked in the order of their visits for an opponent's forced win within the depth, until
// threat_moves_ of them have none: those the search would play. A move found lost is proven
// lost in the tree, so the search's next most visited move is chosen instead and its
// statistics stop feeding the root. With one search thread the search waits meanwhile.

#include <algorithm>
#include <numeric>

#include "agent/search/mcts_player.h"

namespace ggp::agent::search {

nlohmann::json MctsPlayer::ThreatReport::Json() const {
  return {{"depth", depth}, {"lost", lost}, {"won", won}, {"states", states}, {"ms", ms}};
}

bool MctsPlayer::ThreatsApply() const {
  if (!use_threats_ || threat_share_ <= 0 || machine_ == nullptr || machine_->num_roles() != 2 ||
      search_ == nullptr) {
    return false;
  }
  const Node* root = search_->root();
  return root != nullptr && !root->terminal() && !root->proven() && root->num_movers() == 1 &&
         root->num_moves(role_) >= 2;
}

bool MctsPlayer::TryThreats(const reasoner::State& state, Deadline until, ThreatReport* report) {
  // Where the values are not exact (read after the search's playouts have seen the goals)
  // no proof could be recorded: the time stays the search's.
  if (!ThreatsApply() || !search_->ExactValues()) return false;
  const auto begin = SteadyClock::now();
  if (begin >= until) return false;
  const Node* root = search_->root();
  if (threats_ == nullptr) threats_ = std::make_unique<ThreatSearch>(machine_, ThreatOptions{});
  const int other = 1 - role_;
  std::vector<reasoner::Move> joint(2);
  std::vector<reasoner::Move> legal;
  machine_->LegalMoves(state, other, *workspace_, &legal);
  if (legal.size() != 1) return false;
  joint[static_cast<size_t>(other)] = legal.front();

  // With one search thread the check takes its place (one thread's time, as the opponents
  // get); with more, it runs beside them (proofs are atomic, and the root stays the root:
  // only this thread changes it).
  const bool was_running = search_->Running();
  const bool pause = pool_->size() <= 1;
  if (pause) search_->Pause();
  const uint32_t k = root->num_moves(role_);
  std::vector<uint32_t> visits(k);
  for (uint32_t i = 0; i < k; ++i) {
    visits[i] = root->stat(role_, i).visits.load(std::memory_order_relaxed);
  }
  std::vector<uint32_t> order(k);
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(),
                   [&visits](uint32_t a, uint32_t b) { return visits[a] > visits[b]; });
  const int64_t nodes_before = threats_->nodes();
  reasoner::State next;
  int depth_done = -1, lost = 0;
  bool won = false, done = false;
  for (int depth = 1; depth <= threat_depth_ && !done; depth += 2) {
    reasoner::Move win_move = -1;
    const Threat ours = threats_->Forced(state, role_, depth, until, nullptr, &win_move);
    if (ours == Threat::kUnknown) break;
    if (ours == Threat::kForced) {
      const auto moves = root->moves(role_);
      const auto it = std::find(moves.begin(), moves.end(), win_move);
      won = it != moves.end() &&
            search_->ProveRootMove(static_cast<uint32_t>(it - moves.begin()), /*win=*/true);
      depth_done = depth;
      break;
    }
    int safe = 0;
    for (const uint32_t i : order) {
      if (const Node* c = root->child(i); c != nullptr && c->proven()) {
        if (c->value(role_) > 0 && ++safe >= threat_moves_) break;
        continue;
      }
      joint[static_cast<size_t>(role_)] = root->moves(role_)[i];
      machine_->NextState(state, joint, *workspace_, &next);
      const Threat theirs = threats_->Forced(next, other, depth, until, nullptr);
      if (theirs == Threat::kUnknown) {
        done = true;
        break;
      }
      if (theirs == Threat::kForced) {
        if (search_->ProveRootMove(i, /*win=*/false)) ++lost;
      } else if (++safe >= threat_moves_) {
        break;
      }
    }
    if (!done) depth_done = depth;
    if (root->proven()) break;  // every move is lost
  }
  if (pause && was_running) search_->Start();
  report->depth = std::max(report->depth, depth_done);
  report->lost += lost;
  report->won = report->won || won;
  report->states += threats_->nodes() - nodes_before;
  report->ms += std::chrono::duration<double, std::milli>(SteadyClock::now() - begin).count();
  return won || lost > 0;
}

}  // namespace ggp::agent::search
