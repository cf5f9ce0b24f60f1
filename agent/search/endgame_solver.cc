#include "agent/search/endgame_solver.h"

#include <algorithm>
#include <bit>

namespace ggp::agent::search {
EndgameSolver::EndgameSolver(std::shared_ptr<const reasoner::StateMachine> machine, int role,
                             const EndgameOptions& options)
    : machine_(std::move(machine)), role_(role), options_(options), table_(options.table_bytes) {
  ws_ = machine_->NewWorkspace();
  // Every ply's scratch exists before the recursion: references into plies_ stay valid.
  plies_.resize(static_cast<size_t>(std::max(1, options_.max_depth)) + 1);
  history_.Reset(machine_->num_roles());
}

void EndgameSolver::Clear() {
  table_.Clear();
  entries_ = 0;
  history_.Reset(machine_->num_roles());
  simultaneous_ = false;
  goal_sum_ = -1;
}

void EndgameSolver::Store(uint64_t key, int value, int alpha, int beta, uint32_t best) {
  bool added = false;
  Entry* slot = &table_.Claim(key, &added);
  if (added) ++entries_;
  const auto v = static_cast<uint8_t>(std::clamp(value, 0, 100));
  if (value <= alpha) {
    slot->hi = std::min(slot->hi, v);
  } else if (value >= beta) {
    slot->lo = std::max(slot->lo, v);
  } else {
    slot->lo = slot->hi = v;
  }
  if (slot->lo > slot->hi) slot->lo = slot->hi = v;  // only a hash collision can do this
  slot->best = static_cast<uint16_t>(std::min<uint32_t>(best, 0xffff));
}

void EndgameSolver::Order(int chooser, uint32_t first, Ply* p) {
  history_.Order(chooser, p->legal[static_cast<size_t>(chooser)], first, &p->order);
}

void EndgameSolver::Credit(int chooser, reasoner::Move move, int64_t before) {
  // A choice that cut the search is tried early elsewhere, weighed by the work of the node
  // it cut (every choice searched there up to and including it: a cut found late in an
  // expensive node is worth most to find first). Weighing by the cutting subtree alone
  // measured worse (connectFour 20 random moves in: 3.6M states against 1.3M).
  history_.Credit(chooser, move, static_cast<uint64_t>(nodes_ - before) + 1);
}

bool EndgameSolver::TimeUp() {
  if (aborted_) return true;
  aborted_ = PollStop(calls_++, deadline_, stop_);
  return aborted_;
}

void EndgameSolver::NoteTerminal(const reasoner::State& s, int ours) {
  if (goal_sum_ == -2) return;
  if (machine_->num_roles() != 2) {
    goal_sum_ = -2;
    return;
  }
  const int other = machine_->Goal(s, 1 - role_, *ws_);
  const int sum = ours + (other == reasoner::kNoGoal ? 0 : other);
  if (goal_sum_ == -1) goal_sum_ = sum;
  if (goal_sum_ != sum) goal_sum_ = -2;
}

int EndgameSolver::MinOverReplies(const reasoner::State& s, size_t a, int floor, int beta,
                                  size_t ply, int replier, uint32_t* best_reply) {
  const int num_roles = machine_->num_roles();
  Ply& p = plies_[ply];
  p.joint[static_cast<size_t>(role_)] = p.legal[static_cast<size_t>(role_)][a];
  std::fill(p.counter.begin(), p.counter.end(), 0);
  int worst = 101;
  const int64_t before = nodes_;
  while (true) {
    size_t reply = 0;
    for (int r = 0; r < num_roles; ++r) {
      if (r == role_) continue;
      const auto& legal = p.legal[static_cast<size_t>(r)];
      size_t index = p.counter[static_cast<size_t>(r)];
      if (r == replier) reply = index = p.order[index];
      p.joint[static_cast<size_t>(r)] = legal[index];
    }
    machine_->NextState(s, p.joint, *ws_, &p.next);
    const int v = Search(p.next, floor, std::min(beta, worst), ply + 1);
    if (aborted_) return 0;
    if (ply == 0 && p.legal[static_cast<size_t>(role_)].size() == 1) ++root_done_;
    if (v < worst) {
      worst = v;
      *best_reply = static_cast<uint32_t>(reply);
    }
    if (worst <= floor) {  // this move cannot beat what we have
      if (replier >= 0) Credit(replier, p.legal[static_cast<size_t>(replier)][reply], before);
      break;
    }
    int r = num_roles - 1;
    for (; r >= 0; --r) {
      if (r == role_) continue;
      if (++p.counter[static_cast<size_t>(r)] < p.legal[static_cast<size_t>(r)].size()) break;
      p.counter[static_cast<size_t>(r)] = 0;
    }
    if (r < 0) break;
  }
  return worst;
}

int EndgameSolver::Search(const reasoner::State& s, int alpha, int beta, size_t ply) {
  if (TimeUp()) return 0;
  // The table first: a state in it is not terminal (terminals are not stored), and a hit
  // spares the machine the state.
  const uint64_t key = machine_->TranspositionKey(s) | 1;
  uint32_t first = 0;
  if (const Entry* e = table_.Find(key)) {
    first = e->best;
    // The root is searched with its whole window, so that its choice achieves V (a
    // narrowed window may leave every move failing low).
    if (ply > 0) {
      if (e->lo >= beta || e->lo == e->hi) return e->lo;
      if (e->hi <= alpha) return e->hi;
      alpha = std::max(alpha, static_cast<int>(e->lo));
      beta = std::min(beta, static_cast<int>(e->hi));
    }
  }
  if (machine_->IsTerminal(s, *ws_)) {
    int g = machine_->Goal(s, role_, *ws_);
    if (g == reasoner::kNoGoal) g = 0;
    NoteTerminal(s, g);
    return g;
  }
  if (ply >= static_cast<size_t>(options_.max_depth)) {
    aborted_ = true;  // too long to be an ending
    return 0;
  }
  ++nodes_;
  const int num_roles = machine_->num_roles();
  Ply& p = plies_[ply];
  p.legal.resize(static_cast<size_t>(num_roles));
  p.joint.resize(static_cast<size_t>(num_roles));
  p.counter.resize(static_cast<size_t>(num_roles));
  int replier = -1;  // the one other role with a choice; -2: several
  for (int r = 0; r < num_roles; ++r) {
    auto& legal = p.legal[static_cast<size_t>(r)];
    machine_->LegalMoves(s, r, *ws_, &legal);
    if (legal.empty()) {
      aborted_ = true;  // broken rules: nothing is proven here
      return 0;
    }
    if (r != role_ && legal.size() > 1) replier = replier == -1 ? r : -2;
  }
  const size_t n_ours = p.legal[static_cast<size_t>(role_)].size();
  if (replier == -2 || (replier >= 0 && n_ours > 1)) simultaneous_ = true;
  // One role's choices are ordered (ours where we choose, else the one replier's); where
  // we choose at the same time as others, their replies keep the rules' order.
  const int chooser = n_ours > 1 ? role_ : replier;
  if (chooser >= 0) {
    Order(chooser, first, &p);
  } else {
    p.order.assign(1, 0);
  }
  const int64_t before = nodes_;
  int best = -1;
  uint32_t choice = 0;
  for (size_t i = 0; i < n_ours; ++i) {
    const size_t a = n_ours > 1 ? p.order[i] : 0;
    uint32_t reply = 0;
    const int v =
        MinOverReplies(s, a, std::max(alpha, best), beta, ply, n_ours > 1 ? -1 : replier, &reply);
    if (aborted_) return 0;
    if (ply == 0 && n_ours > 1) ++root_done_;
    if (v > best) {
      best = v;
      choice = n_ours > 1 ? static_cast<uint32_t>(a) : reply;
    }
    if (best >= beta) {
      if (n_ours > 1) Credit(role_, p.legal[static_cast<size_t>(role_)][a], before);
      break;
    }
  }
  Store(key, best, alpha, beta, choice);
  if (ply == 0) root_choice_ = choice;
  return best;
}

EndgameResult EndgameSolver::Solve(const reasoner::State& root, Deadline deadline,
                                   const std::atomic<bool>* stop) {
  deadline_ = deadline;
  stop_ = stop;
  nodes_ = 0;
  calls_ = 0;  // the first call polls: a deadline already past stops at the root
  aborted_ = false;
  root_choice_ = 0;
  root_done_ = 0;
  EndgameResult result;
  const int value = Search(root, -1, 101, 0);
  result.nodes = nodes_;
  result.entries = entries_;
  result.root_done = root_done_;
  if (aborted_) return result;
  result.solved = true;
  result.value = value;
  result.exact = machine_->num_roles() == 2 && !simultaneous_ && goal_sum_ >= 0;
  const auto& ours = plies_[0].legal;
  if (!machine_->IsTerminal(root, *ws_) && ours.size() > static_cast<size_t>(role_)) {
    const auto& moves = ours[static_cast<size_t>(role_)];
    if (root_choice_ < moves.size() && moves.size() > 1) result.move = moves[root_choice_];
    if (moves.size() == 1) result.move = moves[0];
  }
  return result;
}

}  // namespace ggp::agent::search
