#include "agent/search/proof_number.h"

#include <algorithm>

namespace ggp::agent::search {
namespace {

// Proof numbers are "infinite" only when exact (a proof or a disproof); sums stop below.
constexpr uint32_t kInf = UINT32_MAX;
constexpr uint32_t kBig = kInf - 1;

}  // namespace

ProofNumberSearch::ProofNumberSearch(std::shared_ptr<const reasoner::StateMachine> machine,
                                     const ProofNumberOptions& options)
    : machine_(std::move(machine)), options_(options), table_(options.table_bytes) {
  ws_ = machine_->NewWorkspace();
  const size_t plies = static_cast<size_t>(std::clamp(options_.max_plies, 1, 1000)) + 1;
  plies_.resize(plies);
  line_.assign(plies, 0);
}

void ProofNumberSearch::Clear() {
  table_.Clear();
  nodes_ = 0;
}

uint64_t ProofNumberSearch::Key(const reasoner::State& s) const {
  return (machine_->TranspositionKey(s) ^ salt_) | 1;
}

ProofNumberSearch::Numbers ProofNumberSearch::Child(size_t ply, size_t i) {
  const Ply& p = plies_[ply];
  if (p.exact[i].pn == 0 || p.exact[i].dn == 0) return p.exact[i];
  const uint64_t key = p.keys[i];
  for (size_t j = 0; j <= ply; ++j) {
    if (line_[j] == key) return {kInf, 0};  // a cycle: the attacker gains nothing by it
  }
  if (const Entry* e = table_.Find(key)) return {e->pn, e->dn};
  return {1, 1};
}

void ProofNumberSearch::Store(uint64_t key, Numbers n) {
  bool added = false;
  Entry& e = table_.Claim(key, &added);
  e.pn = n.pn;
  e.dn = n.dn;
}

bool ProofNumberSearch::TimeUp() {
  if (aborted_) return true;
  // Polled by calls, not by expansions: a call that expands nothing (a terminal state, a
  // table entry lost to another and asked again) still counts towards the clock. Every
  // fourth call, not every 16th as the other exact searches: a call may expand a
  // node, every child's successor and terminal test (a wide node on the prover: 10 ms and
  // more), and the ponder on the opponent's time must yield at once when our turn comes.
  ++calls_;
  aborted_ = (calls_ & 3) == 0 && (SteadyClock::now() >= deadline_ ||
                                   (stop_ != nullptr && stop_->load(std::memory_order_relaxed)));
  return aborted_;
}

bool ProofNumberSearch::Expand(const reasoner::State& s, size_t ply, bool* attacking) {
  Ply& p = plies_[ply];
  const int chooser = Chooser(*machine_, s, *ws_, &p.legal, &p.joint);
  if (chooser == kBroken || chooser == kSeveral) return false;
  *attacking = chooser == kNobody || chooser == attacker_;
  const size_t k = chooser < 0 ? 1 : p.legal[static_cast<size_t>(chooser)].size();
  if (p.children.size() < k) p.children.resize(k);
  p.keys.resize(k);
  p.exact.assign(k, Numbers{1, 1});
  for (size_t i = 0; i < k; ++i) {
    if (chooser >= 0)
      p.joint[static_cast<size_t>(chooser)] = p.legal[static_cast<size_t>(chooser)][i];
    machine_->NextState(s, p.joint, *ws_, &p.children[i]);
    p.keys[i] = Key(p.children[i]);
    // Terminal children are valued at once: a win one move away is seen before any other.
    if (table_.Find(p.keys[i]) == nullptr && machine_->IsTerminal(p.children[i], *ws_)) {
      const bool win = machine_->Goal(p.children[i], attacker_, *ws_) == 100;
      p.exact[i] = win ? Numbers{0, kInf} : Numbers{kInf, 0};
      Store(p.keys[i], p.exact[i]);
    }
  }
  return true;
}

ProofNumberSearch::Numbers ProofNumberSearch::Mid(const reasoner::State& s, uint64_t key,
                                                  uint32_t th_pn, uint32_t th_dn, size_t ply) {
  if (TimeUp()) return {1, 1};
  if (machine_->IsTerminal(s, *ws_)) {
    const Numbers n =
        machine_->Goal(s, attacker_, *ws_) == 100 ? Numbers{0, kInf} : Numbers{kInf, 0};
    Store(key, n);
    return n;
  }
  if (const Entry* e = table_.Find(key); e != nullptr && (e->pn >= th_pn || e->dn >= th_dn)) {
    return {e->pn, e->dn};  // known to be beyond the thresholds (a proof, a disproof)
  }
  if (ply + 1 >= plies_.size()) {
    // Too long a line: a refutation (stored, or the parent would ask again at once; the
    // state may still be won along a shorter line, which only hides a win).
    Store(key, {kInf, 0});
    return {kInf, 0};
  }
  line_[ply] = key;
  ++nodes_;
  bool attacking = true;
  if (!Expand(s, ply, &attacking)) {
    Store(key, {kInf, 0});
    return {kInf, 0};
  }
  // At an OR node the attacker's proof needs one child (pn = min, dn = sum); at an AND node
  // every child (pn = sum, dn = min). "mine" is the number minimised here, "other" summed.
  Ply& p = plies_[ply];
  const size_t k = p.keys.size();
  const uint32_t th_mine = attacking ? th_pn : th_dn;
  const uint32_t th_other = attacking ? th_dn : th_pn;
  while (true) {
    uint32_t best_mine = kInf, second = kInf, best_other = 0;
    uint64_t sum = 0;
    bool infinite = false;
    size_t best = 0;
    for (size_t i = 0; i < k; ++i) {
      const Numbers c = Child(ply, i);
      const uint32_t mine = attacking ? c.pn : c.dn;
      const uint32_t other = attacking ? c.dn : c.pn;
      infinite = infinite || other == kInf;
      sum += other;
      if (i == 0 || mine < best_mine) {
        if (i != 0) second = best_mine;
        best_mine = mine;
        best_other = other;
        best = i;
      } else if (mine < second) {
        second = mine;
      }
    }
    const uint32_t sum_other =
        infinite ? kInf : static_cast<uint32_t>(std::min<uint64_t>(sum, kBig));
    const Numbers n = attacking ? Numbers{best_mine, sum_other} : Numbers{sum_other, best_mine};
    if (n.pn >= th_pn || n.dn >= th_dn || aborted_) {
      Store(key, n);
      return n;
    }
    // The best child is searched until it stops being best by a margin (1 + 1/4), or the
    // node's other number reaches its threshold.
    const uint64_t widened = uint64_t{second} + second / 4 + 1;
    const uint32_t child_mine =
        second >= kBig ? th_mine : static_cast<uint32_t>(std::min<uint64_t>(th_mine, widened));
    const uint32_t child_other = th_other == kInf ? kInf : th_other - sum_other + best_other;
    const Numbers th =
        attacking ? Numbers{child_mine, child_other} : Numbers{child_other, child_mine};
    const Numbers got = Mid(p.children[best], p.keys[best], th.pn, th.dn, ply + 1);
    if (!aborted_ && (got.pn == 0 || got.dn == 0)) p.exact[best] = got;
  }
}

Threat ProofNumberSearch::Prove(const reasoner::State& s, int attacker, Deadline deadline,
                                const std::atomic<bool>* stop) {
  attacker_ = attacker;
  salt_ = static_cast<uint64_t>(attacker + 1) * 0xc2b2ae3d27d4eb4full;
  deadline_ = deadline;
  stop_ = stop;
  aborted_ = false;
  const Numbers n = Mid(s, Key(s), kInf, kInf, 0);
  if (n.pn == 0) return Threat::kForced;  // proofs read from exact numbers stand
  if (n.dn == 0) return Threat::kNotShown;
  return Threat::kUnknown;
}

}  // namespace ggp::agent::search
