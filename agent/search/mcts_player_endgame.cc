// MctsPlayer near the end of games of two or more roles (mcts_player.h, "endgame"): when
// every one of a few random games from the root ends within endgame_plies joint moves, the
// search is paused for endgame_share of the move's time while the endgame solver
// (endgame_solver.h) searches the ending to its terminal states. Its table is kept through
// the match, so an ending too long for one move's share is finished over several. While
// the opponents choose (we have a single legal move) in an ending, the solver takes the
// search's place on a thread of its own until our next call: one thread's time either way.
// Random games can end long before good play does (in suicide games random players lose at
// once): a try that finishes none of the root's children halves the next one's share of
// our time, until a try gets somewhere. The opponents' time is the solver's in any ending:
// where the ending is decided by parity (dots and boxes), that is what proves it in time.

#include <algorithm>

#include "agent/search/mcts_player.h"

namespace ggp::agent::search {
namespace {

constexpr int kProbeGames = 8;
constexpr int kMaxBackoff = 3;  // the share falls to 1/8 at most

}  // namespace

bool MctsPlayer::InEnding(const reasoner::State& state) {
  reasoner::State end;
  for (int i = 0; i < kProbeGames; ++i) {
    const reasoner::PlayoutResult r = machine_->RandomPlayout(state, endgame_plies_, endgame_rng_,
                                                              *workspace_, &end, nullptr, nullptr);
    if (!r.terminal) return false;
  }
  return true;
}

double MctsPlayer::EndgameShareNow() const {
  return endgame_share_ / static_cast<double>(1 << std::min(endgame_misses_, kMaxBackoff));
}

void MctsPlayer::MakeEndgameSolver() {
  if (endgame_ != nullptr) return;
  EndgameOptions o;
  o.table_bytes = int64_t{endgame_mb_} << 20;
  endgame_ = std::make_unique<EndgameSolver>(machine_, role_, o);
}

void MctsPlayer::PonderEndgame(const reasoner::State& state) {
  if (!use_endgame_ || machine_->num_roles() < 2 || endgame_share_ <= 0 || search_ == nullptr) {
    return;
  }
  std::vector<reasoner::Move> ours;
  machine_->LegalMoves(state, role_, *workspace_, &ours);
  if (ours.size() != 1 || machine_->IsTerminal(state, *workspace_) || !InEnding(state)) return;
  MakeEndgameSolver();
  search_->Pause();
  endgame_pondering_ = true;
  endgame_thread_.Launch([this, state] {
    // Until stopped: what it proves stays in the table for our next move.
    const EndgameResult r = endgame_->Solve(state, SteadyClock::now() + std::chrono::hours(1),
                                            endgame_thread_.StopFlag());
    pondered_states_ += r.nodes;
  });
}

void MctsPlayer::StopEndgamePonder(bool resume) {
  if (!endgame_pondering_ && !threat_pondering_) return;
  endgame_thread_.Stop();  // the threats' ponder may leave the search running or paused
  endgame_pondering_ = false;
  threat_pondering_ = false;
  if (resume && search_ != nullptr) search_->Start();
}

bool MctsPlayer::TryEndgame(const reasoner::State& state, Deadline decide_at, Decision* d,
                            MoveStats* stats) {
  if (!use_endgame_ || machine_->num_roles() < 2 || endgame_share_ <= 0) return false;
  const auto begin = SteadyClock::now();
  if (begin >= decide_at || !InEnding(state)) return false;
  MakeEndgameSolver();
  const double share = EndgameShareNow();
  const auto budget =
      std::chrono::duration_cast<SteadyClock::duration>((decide_at - begin) * share);
  search_->Pause();  // one thread's time: the search waits while the solver runs
  const EndgameResult r = endgame_->Solve(state, begin + budget, nullptr);
  // Played: a win nothing can take away (the best goal there is), or, where the value is
  // the game's (two roles, constant sum, turns), any outcome better than a loss. A proven
  // loss leaves the choice to the search, which plays for the opponent's mistakes; so does
  // a proven draw where every move of ours is settled: the search chooses among those
  // that keep it.
  bool play = r.solved && r.move >= 0 && (r.value >= 100 || (r.exact && r.value > 0));
  const int kept =
      play && r.value < 100 && endgame_keep_
          ? KeepMovesWorth(state, r.value, std::min(decide_at, SteadyClock::now() + budget))
          : -1;
  play = play && kept < 0;
  search_->Start();
  endgame_misses_ = r.solved || r.root_done > 0 ? 0 : endgame_misses_ + 1;
  const double ms = std::chrono::duration<double, std::milli>(SteadyClock::now() - begin).count();
  if (stats != nullptr) {
    stats->extra["endgame"] = {
        {"solved", r.solved}, {"value", r.value},  {"exact", r.exact},
        {"played", play},     {"states", r.nodes}, {"entries", r.entries},
        {"ms", ms},           {"share", share},    {"root_done", r.root_done}};
    if (pondered_states_ > 0) stats->extra["endgame"]["pondered"] = pondered_states_;
    if (kept >= 0) stats->extra["endgame"]["kept"] = kept;
  }
  pondered_states_ = 0;
  if (!play) return false;
  d->move = r.move;
  d->value = r.value / 100.0;
  d->proven = true;
  d->certain = true;
  d->visit_share = -1;
  return true;
}

int MctsPlayer::KeepMovesWorth(const reasoner::State& state, int value, Deadline until) {
  const Node* root = search_->root();
  if (root == nullptr || machine_->num_roles() != 2 || root->terminal() ||
      root->num_movers() != 1 || root->num_moves(role_) < 2 || !search_->ExactValues()) {
    return -1;
  }
  const int other = 1 - role_;
  std::vector<reasoner::Move> joint(2), legal;
  machine_->LegalMoves(state, other, *workspace_, &legal);
  if (legal.size() != 1) return -1;
  joint[static_cast<size_t>(other)] = legal.front();
  const uint32_t k = root->num_moves(role_);
  std::vector<uint32_t> worse;
  reasoner::State next;
  for (uint32_t i = 0; i < k; ++i) {
    joint[static_cast<size_t>(role_)] = root->moves(role_)[i];
    machine_->NextState(state, joint, *workspace_, &next);
    // The root's solve left most of these in the table.
    const EndgameResult c = endgame_->Solve(next, until, nullptr);
    if (!c.solved) return -1;
    if (c.value < value) worse.push_back(i);
  }
  // A move worth less than the draw is proven a loss: the tree then leaves it alone. Every
  // one must hold (its child made), or the solver's own move is played.
  for (uint32_t i : worse) {
    if (!search_->ProveRootMove(i, /*win=*/false)) return -1;
  }
  return static_cast<int>(k - worse.size());
}

}  // namespace ggp::agent::search
