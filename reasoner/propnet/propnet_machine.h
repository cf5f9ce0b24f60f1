#pragma once
// The propositional-network back end of the state machine seam (state_machine.h).
//
// PropnetMachine::Build grounds the rules (reasoner/ground), builds the AND/OR circuit,
// folds constants, drops what legal/goal/terminal/next do not need, and orders it; the
// result is immutable and shared by threads. Each thread's Workspace holds an Evaluator
// (evaluator.h) that caches the last state, so IsTerminal/LegalMoves/Goal/NextState on
// one state share one propagation.
//
// Moves: for each role, the moves are the `legal` sentences of the relaxed model, numbered
// densely in a deterministic order; a move whose `does` feeds nothing still has an id.
// Fluents are the `true` sentences the relaxed model can produce.
//
// Blocking: Build runs on the calling thread, bounded by the budget. Query methods do
// not allocate once outputs have reached their capacity.

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "reasoner/gdl/description.h"
#include "reasoner/ground/budget.h"
#include "reasoner/ground/ground_program.h"
#include "reasoner/ground/grounder.h"
#include "reasoner/propnet/evaluator.h"
#include "reasoner/propnet/fuzzy_goal.h"
#include "reasoner/propnet/latches.h"
#include "reasoner/propnet/propnet.h"
#include "reasoner/state_machine.h"

namespace ggp::reasoner::propnet {

struct PropnetOptions {
  ground::BudgetOptions budget;  // shared by grounding and the circuit build
  ground::GroundOptions ground;  // when local variables are projected (grounder.h)
  // False: a net without legal moves (LegalMoves reports none; same fluents and move ids
  // as the full net), for machines that generate the moves themselves (the hybrid of
  // reasoner/board/hybrid_machine.h).
  bool legal = true;
  // With legal = false: a machine of the same game with the same fluent and move ids
  // (the full propnet) whose legal moves drive the random play that profiles this net's
  // fan-outs (ChooseBranchFreeFanouts); not owned, used during Build only. Null: no profile.
  const StateMachine* profile_moves = nullptr;
};

struct PropnetStats {
  ground::GroundStats ground;
  uint32_t components = 0;
  size_t edges = 0;
  uint32_t fluents = 0;
  size_t moves = 0;            // summed over roles
  size_t cyclic_sccs = 0;      // positive recursion in the ground rules
  size_t selector_groups = 0;  // fluents of which at most one holds (demux.cc)
  size_t demuxed_gates = 0;    // gates reached through a selector group's demux
  double ground_seconds = 0;
  double build_seconds = 0;        // grounding + circuit
  size_t branch_free_fanouts = 0;  // components whose flips are pushed without a branch
};

class PropnetMachine;

// A thread's scratch: the evaluator and the joint move of a playout step.
class PropnetWorkspace final : public Workspace {
 public:
  explicit PropnetWorkspace(const Propnet& net) : eval(net), joint(net.legal.size(), 0) {}
  Evaluator eval;
  std::vector<Move> joint;
  std::unique_ptr<ThreeValued> bounds;  // GoalUpperBound's, made on first use
  std::vector<std::unique_ptr<FuzzyGoal>> fuzzy;  // GoalLogDegree's, per role, made on first use
};

struct PropnetBuild {
  std::shared_ptr<const PropnetMachine> machine;  // null on failure
  std::string error;                              // why it failed
  PropnetStats stats;
};

class PropnetMachine final : public StateMachine {
 public:
  // `description` as parsed (normalisation happens inside). Never throws for bad rules.
  static PropnetBuild Build(const gdl::Description& description, const PropnetOptions& options);

  std::string_view backend() const override { return "propnet"; }
  std::unique_ptr<Workspace> NewWorkspace() const override;
  void InitialState(State* out) const override { *out = net_.initial; }
  bool IsTerminal(const State& s, Workspace& ws) const override;
  void LegalMoves(const State& s, int role, Workspace& ws, std::vector<Move>* out) const override;
  void NextState(const State& s, std::span<const Move> joint, Workspace& ws,
                 State* out) const override;
  int Goal(const State& s, int role, Workspace& ws) const override;
  int GoalUpperBound(const State& s, int role, Workspace& ws) const override;
  bool ProvesGoalBounds() const override;
  std::optional<double> GoalLogDegree(const State& s, int role, Workspace& ws) const override;
  // The latches of the net (latches.h), analysed on the first call of this, of
  // GoalUpperBound or of ProvesGoalBounds (thread-safe; within kLatchWork evaluations).
  const LatchAnalysis& latches() const;
  static constexpr int64_t kLatchWork = 30'000'000;
  PlayoutResult RandomPlayout(const State& s, int max_steps, Rng& rng, Workspace& ws, State* end,
                              std::vector<PlayoutMove>* moves,
                              const std::atomic<bool>* stop) const override;

  std::span<const uint64_t> LiveFluentMask() const override {
    return num_dead_ > 0 ? std::span<const uint64_t>(live_words_) : std::span<const uint64_t>();
  }
  // How many fluents are dead (dead_fluents.h), and the live ones' bits.
  size_t num_dead_fluents() const { return num_dead_; }
  const std::vector<uint64_t>& live_fluent_words() const { return live_words_; }

  kif::Term MoveTerm(int role, Move m) const override;
  std::optional<Move> FindMove(int role, const kif::Term& t) const override;
  std::vector<kif::Term> Fluents(const State& s) const override;

  const Propnet& net() const { return net_; }
  // The term of each fluent index, and of each move id of a role (symbol boundary).
  const std::vector<kif::Term>& fluent_terms() const { return fluent_terms_; }
  const std::vector<kif::Term>& move_terms(int role) const {
    return move_terms_[static_cast<size_t>(role)];
  }
  const PropnetStats& stats() const { return stats_; }
  int num_moves(int role) const {
    return static_cast<int>(net_.legal[static_cast<size_t>(role)].size());
  }

  PropnetMachine(std::shared_ptr<kif::SymbolTable> symbols, std::vector<kif::Term> roles,
                 Propnet net, std::vector<kif::Term> fluent_terms,
                 std::vector<std::vector<kif::Term>> move_terms, PropnetStats stats);

 private:
  // Word w of role r's legal moves in the loaded state: the legal bitset, with the moves
  // behind the role's guard cleared when the guard does not hold.
  uint64_t LegalWord(const Evaluator& e, size_t r, uint32_t w) const {
    const uint32_t guard = net_.legal_guard[r];
    const size_t word = (net_.legal_bit[r] >> 6) + w;
    uint64_t bits = e.legal_words()[word];
    if (guard != kNoGuard && e.Value(guard & kEdgeTargetMask) == ((guard & kInvertedEdge) != 0)) {
      bits &= ~net_.legal_guarded_words[word];
    }
    return bits;
  }
  bool DrawMove(const Evaluator& e, size_t r, Rng& rng, Move* move, uint32_t* choices) const;
  // Sets Fanout::branch_free from the flip rates of profiled playouts (up to some 50 ms),
  // with moves drawn from `movers`' legal moves when given, else from this net's. Only
  // before the machine is shared.
  void ChooseBranchFreeFanouts(const StateMachine* movers);

  Propnet net_;
  std::vector<kif::Term> fluent_terms_;
  std::vector<std::vector<kif::Term>> move_terms_;
  std::vector<std::unordered_map<kif::Term, Move, kif::TermHash>> move_ids_;
  PropnetStats stats_;
  mutable std::once_flag latches_once_;
  mutable std::unique_ptr<LatchAnalysis> latches_;
  mutable bool bounds_goals_ = false;  // some goal can be ruled out by latches
  std::vector<uint64_t> live_words_;   // LiveFluentWords(net_); empty: none dead
  size_t num_dead_ = 0;
};

}  // namespace ggp::reasoner::propnet
