#pragma once
// Deep forced wins by depth-first proof-number search (df-pn: Nagai, 2002; with the 1+ε
// threshold of Pawlewicz & Lew, 2007), for the traps the depth-limited ThreatSearch
// (threat_search.h) cannot reach in its time (issue 24: breakthroughSmall's and
// connectFourLarger's lost matches were decided 11 to 15 plies before the loss showed).
//
// It answers the question ThreatSearch answers, without a depth: can `attacker` force a
// terminal state where its goal is 100 from a state, whatever every other role does? The
// search is best-first over an AND/OR graph (OR where the attacker chooses or nobody does,
// AND where another role chooses), led by proof and disproof numbers: the fewest leaves
// still to prove, or to disprove, the node. Narrow forcing lines are followed deep at the
// cost of their width, not of b^depth.
//
// Soundness: a kForced answer is always a proof. Everything the search cannot read counts
// as a refutation of the attack: a state where two or more roles choose at once, a state
// met again on the current line (a cycle wins nothing), and a line longer than
// options.max_plies. Such refutations may be wrong (a win missed), never a proof made up:
// proofs come only from terminal states with the attacker's 100 and the AND/OR rules.
// kNotShown means disproved under those rules.
//
// A transposition table keeps proof and disproof numbers per state and attacker, through
// the calls of a match (a proof stays a proof). Thread safety: one thread at a time; the
// machine is shared and only read. Memory: the table is allocated at construction
// (options.table_bytes, 16 bytes an entry); per-ply scratch grows to the widest node met.

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "agent/player/player.h"
#include "agent/search/exact_search.h"
#include "agent/search/threat_search.h"  // Threat
#include "reasoner/state.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

struct ProofNumberOptions {
  int64_t table_bytes = int64_t{16} << 20;
  int max_plies = 120;  // longer lines are refutations
};

class ProofNumberSearch {
 public:
  ProofNumberSearch(std::shared_ptr<const reasoner::StateMachine> machine,
                    const ProofNumberOptions& options);

  // Whether `attacker` can force its 100 from `s`: kForced (a proof), kNotShown (disproved,
  // see above), kUnknown (the deadline or `stop`, may be null, came first). Blocks until
  // then, plus at most four node expansions (each a successor and a terminal test per
  // child), since the clock and `stop` are read every fourth call.
  Threat Prove(const reasoner::State& s, int attacker, Deadline deadline,
               const std::atomic<bool>* stop);

  // States expanded since construction (or Clear).
  int64_t nodes() const { return nodes_; }
  // Forgets the table (another game, or another machine's states).
  void Clear();

 private:
  struct Entry {
    uint64_t key = 0;  // state hash mixed with the attacker, | 1; 0: empty
    uint32_t pn = 1;
    uint32_t dn = 1;
  };
  static_assert(sizeof(Entry) == 16);
  struct Numbers {
    uint32_t pn;
    uint32_t dn;
  };
  struct Ply {
    std::vector<std::vector<reasoner::Move>> legal;  // per role
    std::vector<reasoner::Move> joint;
    std::vector<reasoner::State> children;
    std::vector<uint64_t> keys;
    // Children known exactly (proved or refuted, as seen from this line), kept here while
    // the node is searched: the table may lose them to other states meanwhile.
    std::vector<Numbers> exact;
  };

  uint64_t Key(const reasoner::State& s) const;
  // The numbers of child `i` of the node at `ply`: exact ones it keeps, else the table's, or
  // 1/1 where it knows none; a state on the current line (up to `ply`) is refuted.
  Numbers Child(size_t ply, size_t i);
  void Store(uint64_t key, Numbers n);
  // Expands `s` at `ply`: fills the ply's children and keys, and stores terminal children's
  // values. False where nothing can be read (roles move together, broken rules).
  bool Expand(const reasoner::State& s, size_t ply, bool* attacking);
  // The multiple-iterative-deepening step: searches `s` until its numbers reach a threshold.
  Numbers Mid(const reasoner::State& s, uint64_t key, uint32_t th_pn, uint32_t th_dn, size_t ply);
  bool TimeUp();

  std::shared_ptr<const reasoner::StateMachine> machine_;
  const ProofNumberOptions options_;
  std::unique_ptr<reasoner::Workspace> ws_;
  KeyedTable<Entry> table_;
  std::vector<Ply> plies_;
  std::vector<uint64_t> line_;  // the keys of the current line, by ply
  int attacker_ = 0;
  uint64_t salt_ = 0;
  Deadline deadline_{};
  const std::atomic<bool>* stop_ = nullptr;
  int64_t nodes_ = 0;
  int64_t calls_ = 0;  // Mid calls: the clock is polled by them
  bool aborted_ = false;
};

}  // namespace ggp::agent::search
