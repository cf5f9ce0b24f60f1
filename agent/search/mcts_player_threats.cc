// MctsPlayer's short-threat check (mcts_player.h, "threats"; threat_search.h). Where we alone
// choose in a two-role game, in the last part of the move's time: for depth 1, 3, 5, ... (plies,
// ours first from the root, the opponent's first after one of our moves) while time is
// left, a win we can force within the depth is proven on its move, and our moves are
// checked in the order of their visits for an opponent's forced win within the depth, until
// threat_moves_ of them have none: those the search would play. A move found lost is proven
// lost in the tree, so the search's next most visited move is chosen instead and its
// statistics stop feeding the root. Where "threat_pn" > 0, that share of the check's time
// goes after the deepening to a proof-number search (proof_number.h) without a depth limit
// on the move the search would play, and on the next while each is proven lost. With one search
// thread the search waits meanwhile.

#include <algorithm>

#include "agent/search/mcts_player.h"

namespace ggp::agent::search {

nlohmann::json MctsPlayer::ThreatReport::Json() const {
  nlohmann::json j = {
      {"depth", depth}, {"lost", lost}, {"won", won}, {"states", states}, {"ms", ms}};
  if (deep_lost > 0) j["deep_lost"] = deep_lost;
  if (ponder_ms > 0) {
    j["pondered"] = pondered;
    j["ponder_ms"] = ponder_ms;
    j["ponder_states"] = ponder_states;
  }
  return j;
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
  if (threat_pn_ > 0 && proofs_ == nullptr) {
    proofs_ = std::make_unique<ProofNumberSearch>(machine_, ProofNumberOptions{});
  }
  // The deepening gets the first part of the time, the proof-number search the rest.
  const Deadline deepen_until = threat_pn_ > 0
                                    ? begin + std::chrono::duration_cast<SteadyClock::duration>(
                                                  (until - begin) * (1 - threat_pn_))
                                    : until;
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
  const std::vector<uint32_t> order = MovesByVisits(*root, role_);
  const int64_t nodes_before = threats_->nodes() + (proofs_ ? proofs_->nodes() : 0);
  reasoner::State next;
  int depth_done = -1, lost = 0;
  bool won = false, done = false;
  for (int depth = 1; depth <= threat_depth_ && !done; depth += 2) {
    reasoner::Move win_move = -1;
    const Threat ours = threats_->Forced(state, role_, depth, deepen_until, nullptr, &win_move);
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
      const Threat theirs = threats_->Forced(next, other, depth, deepen_until, nullptr);
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
  const int deep_lost = won || root->proven() ? 0 : ProveDeepLosses(state, until, order);
  if (pause && was_running) search_->Start();
  report->deep_lost += deep_lost;
  lost += deep_lost;
  report->depth = std::max(report->depth, depth_done);
  report->lost += lost;
  report->won = report->won || won;
  report->states += threats_->nodes() + (proofs_ ? proofs_->nodes() : 0) - nodes_before;
  report->ms += std::chrono::duration<double, std::milli>(SteadyClock::now() - begin).count();
  return won || lost > 0;
}

int MctsPlayer::ProveDeepLosses(const reasoner::State& state, Deadline until,
                                std::span<const uint32_t> order) {
  if (proofs_ == nullptr) return 0;
  const Node* root = search_->root();
  const int other = 1 - role_;
  std::vector<reasoner::Move> joint(2), legal;
  machine_->LegalMoves(state, other, *workspace_, &legal);
  joint[static_cast<size_t>(other)] = legal.front();
  reasoner::State next;
  int lost = 0;
  // The move the search would play gets all the time: proven lost, the next one does.
  for (const uint32_t i : order) {
    if (root->proven()) break;
    if (const Node* c = root->child(i); c != nullptr && c->proven()) {
      if (c->value(role_) > 0) break;  // a proven draw or win is played
      continue;
    }
    joint[static_cast<size_t>(role_)] = root->moves(role_)[i];
    machine_->NextState(state, joint, *workspace_, &next);
    if (proofs_->Prove(next, other, until, nullptr) != Threat::kForced ||
        !search_->ProveRootMove(i, /*win=*/false)) {
      break;
    }
    ++lost;
  }
  return lost;
}

}  // namespace ggp::agent::search
