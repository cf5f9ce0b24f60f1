#include "agent/search/threat_search.h"

#include <algorithm>
#include <bit>

namespace ggp::agent::search {
namespace {

constexpr uint8_t kNoWin = 0xff;

}  // namespace

ThreatSearch::ThreatSearch(std::shared_ptr<const reasoner::StateMachine> machine,
                           const ThreatOptions& options)
    : machine_(std::move(machine)), options_(options), table_(options.table_bytes) {
  ws_ = machine_->NewWorkspace();
  // Every ply's scratch exists before the recursion: references into plies_ stay valid.
  plies_.resize(static_cast<size_t>(std::clamp(options_.max_depth, 1, 250)) + 1);
  history_.Reset(machine_->num_roles());
}

void ThreatSearch::Clear() {
  table_.Clear();
  history_.Reset(machine_->num_roles());
  nodes_ = 0;
}

void ThreatSearch::Store(uint64_t key, bool win, int depth, uint32_t best) {
  bool added = false;
  Entry* slot = &table_.Claim(key, &added);
  const auto d = static_cast<uint8_t>(depth);
  if (win) {
    slot->win = std::min(slot->win, d);
  } else {
    slot->none = std::max(slot->none, d);
  }
  if (slot->win <= slot->none) {  // only a hash collision can contradict: keep the new fact
    slot->win = win ? d : kNoWin;
    slot->none = win ? 0 : d;
  }
  if (best != UINT32_MAX) slot->best = static_cast<uint16_t>(std::min<uint32_t>(best, 0xffff));
}

void ThreatSearch::Order(int chooser, uint32_t first, Ply* p) {
  history_.Order(chooser, p->legal[static_cast<size_t>(chooser)], first, &p->order);
}

void ThreatSearch::Credit(int chooser, reasoner::Move move, int64_t before) {
  // A choice that settled its node (the attacker's win, the defender's refutation) is tried
  // early elsewhere, weighed by the work it took to find it.
  history_.Credit(chooser, move, static_cast<uint64_t>(nodes_ - before) + 1);
}

bool ThreatSearch::TimeUp() {
  if (aborted_) return true;
  aborted_ = PollStop(calls_++, deadline_, stop_);
  return aborted_;
}

bool ThreatSearch::Search(const reasoner::State& s, int depth, size_t ply) {
  if (TimeUp()) return false;
  if (machine_->IsTerminal(s, *ws_)) return machine_->Goal(s, attacker_, *ws_) == 100;
  if (depth <= 0) return false;
  const uint64_t key = (machine_->TranspositionKey(s) ^ salt_) | 1;
  uint32_t first = 0;
  if (const Entry* e = table_.Find(key)) {
    if (e->win <= depth) {
      if (ply == 0) root_best_ = e->best;
      return true;
    }
    if (e->none >= depth) return false;
    first = e->best;
  }
  ++nodes_;
  Ply& p = plies_[ply];
  const int chooser = Chooser(*machine_, s, *ws_, &p.legal, &p.joint);
  if (chooser == kBroken) return false;  // broken rules: nothing is shown here
  if (chooser == kSeveral) {             // roles move together: no forced line is read here
    Store(key, false, depth, UINT32_MAX);
    return false;
  }
  if (chooser == kNobody) {
    machine_->NextState(s, p.joint, *ws_, &p.next);
    const bool win = Search(p.next, depth - 1, ply + 1);
    if (aborted_) return false;
    Store(key, win, depth, UINT32_MAX);
    return win;
  }
  Order(chooser, first, &p);
  const bool attacking = chooser == attacker_;
  const auto& legal = p.legal[static_cast<size_t>(chooser)];
  const int64_t before = nodes_;
  for (const uint32_t i : p.order) {
    p.joint[static_cast<size_t>(chooser)] = legal[i];
    machine_->NextState(s, p.joint, *ws_, &p.next);
    const bool win = Search(p.next, depth - 1, ply + 1);
    if (aborted_) return false;
    if (win == attacking) {  // the attacker found a win, or the defender a refutation
      Store(key, win, depth, i);
      Credit(chooser, legal[i], before);
      if (ply == 0 && win) root_best_ = i;
      return win;
    }
  }
  // The attacker's every move was refuted, or the defender's every move loses.
  Store(key, !attacking, depth, UINT32_MAX);
  if (ply == 0 && !attacking) root_best_ = UINT32_MAX;
  return !attacking;
}

Threat ThreatSearch::Forced(const reasoner::State& s, int attacker, int depth, Deadline deadline,
                            const std::atomic<bool>* stop, reasoner::Move* move) {
  if (move != nullptr) *move = -1;
  attacker_ = attacker;
  salt_ = static_cast<uint64_t>(attacker + 1) * 0x9e3779b97f4a7c15ull;
  deadline_ = deadline;
  stop_ = stop;
  calls_ = 0;  // the first call polls: a deadline already past stops at the root
  aborted_ = false;
  root_best_ = UINT32_MAX;
  const int d = std::clamp(depth, 0, static_cast<int>(plies_.size()) - 1);
  const bool win = Search(s, d, 0);
  if (aborted_) return Threat::kUnknown;
  if (!win) return Threat::kNotShown;
  if (move != nullptr && !machine_->IsTerminal(s, *ws_)) {
    std::vector<reasoner::Move> legal;
    machine_->LegalMoves(s, attacker, *ws_, &legal);
    if (legal.size() == 1) *move = legal.front();
    if (legal.size() > 1 && root_best_ < legal.size()) *move = legal[root_best_];
  }
  return Threat::kForced;
}

}  // namespace ggp::agent::search
