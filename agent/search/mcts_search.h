#pragma once
// Monte Carlo tree search over a StateMachine, for any number of roles, turn-taking or
// simultaneous, run by the process-wide SearchPool: decoupled UCT with a prior term
// (MovePrior) at every node, one node added per iteration, a playout (PlayoutPolicy,
// uniform or MAST) to a terminal state, rewards goal / 100 per role backed up along the
// path; optionally GRAVE, transpositions (a graph of (state, ply) nodes), progressive
// widening of opponents' moves, playouts cut and scored by a learned Heuristic, and the
// MCTS-Solver's proofs. docs/search.md says what each computes; SearchParams switches
// them.
//
// Threading: the control methods (SetRoot, Start, Pause, Advance, RunIterations, ...) are
// called by one controlling thread, never concurrently with each other. Decide and Info
// may be called by that thread while the workers run (they read atomics; the root only
// changes under the control thread). Methods marked "paused" require that no search
// runs (after Pause, or before Start).

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "agent/search/amaf.h"
#include "agent/search/decision.h"
#include "agent/search/heuristic.h"
#include "agent/search/mast.h"
#include "agent/search/mcts_context.h"
#include "agent/search/node.h"
#include "agent/search/node_collector.h"
#include "agent/search/policies.h"
#include "agent/search/search_params.h"
#include "agent/search/search_pool.h"
#include "agent/search/transpositions.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

class MctsSearch final : public SearchJob {
 public:
  // `pool` must outlive the search. Null prior means uniform; null playout means
  // uniform (MAST with params.mast).
  // A heuristic (heuristic.h, learned on `machine`) cuts playouts after
  // params.eval_cutoff steps and scores them by its values where it has a model, and
  // gives new nodes' moves params.eval_prior_visits virtual visits at its value.
  MctsSearch(std::shared_ptr<const reasoner::StateMachine> machine, int role, SearchParams params,
             SearchPool* pool, std::shared_ptr<const MovePrior> prior = nullptr,
             std::shared_ptr<const PlayoutPolicy> playout = nullptr,
             std::shared_ptr<const Heuristic> heuristic = nullptr);
  // Stops the search (blocks until workers leave) and hands the tree to the collector.
  ~MctsSearch() override;
  MctsSearch(const MctsSearch&) = delete;
  MctsSearch& operator=(const MctsSearch&) = delete;

  // ---- Control: one thread. ----
  // Makes `state` the root. Keeps the tree (and does not pause) if it already is the
  // root; otherwise pauses and builds a fresh tree. Returns true if the tree was kept.
  bool SetRoot(const reasoner::State& state);
  // Schedules the search on the pool (pondering) and returns. Blocks only as long as
  // Pause does (it restarts a running search). Restarts the max_iterations count.
  void Start();
  // Blocks until no worker is inside this search: at most one batch (about 2 ms) plus
  // one state machine call, since playouts poll the stop flag at every step.
  void Pause();
  // Pauses, then makes the child reached by `joint` the new root (its subtree is kept; the
  // rest goes to the background collector). Builds a fresh root from `next` if the child
  // was never expanded. Returns true if a subtree was reused. Does not restart. A kept
  // root's priors are asked again (the models learn during the match), and where an
  // opponent whose model is trusted moves with us, its statistics start over.
  bool Advance(std::span<const reasoner::Move> joint, const reasoner::State& next);
  // Records a proof found outside the tree (threat_search.h): our move `move_index` at the
  // root wins (`win`) or loses by force. Only where the values are exact: two roles whose
  // goals seen so far always sum to 100, a root where we alone choose, and the move's child
  // in the tree. The child is proven (1 / 0 for us), then the root where that decides it.
  // Control thread, also while the workers run (a proof is set once, atomically, as the
  // workers' own are). Returns true if the child holds this proof afterwards.
  bool ProveRootMove(uint32_t move_index, bool win);
  // Whether the values are exact as ProveRootMove needs them (two roles whose goals seen
  // so far always sum to 100). Any thread.
  bool ExactValues() const;
  // Runs up to `n` iterations on the calling thread (fewer if the root gets proven).
  // Paused only. Returns iterations completed.
  int64_t RunIterations(int64_t n);
  // True if `state` is the root's state (no pause needed).
  bool RootIs(const reasoner::State& state);
  // True while the search is scheduled on the pool.
  bool Running() { return pool_->Scheduled(this); }
  // How playouts move, for logs: "uniform", "mast" or "policy" (a PlayoutPolicy), with
  // "+decisive" (the search's loop) or "+decisive (machine)" (the machine's own loop).
  std::string Playouts() const;
  // Blocks until the background search has stopped by itself (max_iterations reached or
  // root proven). Needs one of them to happen.
  void WaitUntilDone();

  // The machine swap (mcts_translate.cc). Rebuilds the tree of `from` (the same game and
  // role over another machine, e.g. the propnet before a verified board machine replaced
  // it) in this search: `root_state` is from's root state in this search's machine. Moves
  // are matched through their GDL terms (MoveTerm, FindMove) and child states recomputed
  // with this machine; visits, rewards and proofs are copied, AMAF tables, MAST statistics
  // and the single-role line are not (they fill again). Nodes beyond the node or memory
  // budget are left out (re-expanded when visited). Pauses both searches; the control
  // thread of both. Returns false and keeps no tree if the machines disagree on a node
  // (terminal flag, legal moves): the caller then starts a fresh tree (SetRoot).
  struct TranslateInfo {
    int64_t nodes = 0;     // nodes rebuilt
    int64_t left_out = 0;  // children not rebuilt (budget)
    double ms = 0;
    std::string problem;   // why it failed
  };
  bool AdoptTree(MctsSearch& from, const reasoner::State& root_state, TranslateInfo* info);

  // ---- Control thread, also while the workers run. ----
  Decision Decide() const { return DecideFor(role_); }
  Decision DecideFor(int role) const;
  // `d` (a DecideFor(role_) of this root) made mixed (SearchParams::simultaneous_mix).
  // At a root where the other role of a two-role constant-sum game chooses with us, unless
  // d is proven or a trusted model gives the answer: a move drawn with probability
  // proportional to its visits among our open moves (not every outcome proven) with at
  // least simultaneous_mix of the most visited one's visits and a mean at most
  // simultaneous_mix_gap below d's; `u` in [0, 1) draws it.
  // Elsewhere (turns, other games, mix off) d unchanged. Control thread, any time.
  Decision MixFor(const Decision& d, double u) const;
  SearchInfo Info() const;
  int role() const { return role_; }
  // The playout policy (UniformPlayout when none was given).
  const PlayoutPolicy* playout() const { return playout_.get(); }

  // The root (control thread; its statistics change while workers run).
  const Node* root() const { return root_.get(); }
  // Single-role games: the best line found from the root (moves of role 0) and its value
  // (-1 if none yet). Any time.
  std::vector<reasoner::Move> BestLine() const;
  double BestLineValue() const { return line_value_.load(std::memory_order_acquire); }

  // SearchJob.
  bool RunBatch(int worker) override;

 private:
  using PathStep = MctsPathStep;
  using WorkerContext = MctsWorkerContext;

  // mcts_iteration.cc
  bool RunIteration(WorkerContext& c);
  // SearchParams::decisive_playouts: tries each of `chooser`'s legal moves (c.legal) with
  // the others' moves of c.joint; on one that ends the game with goal 100 for the chooser,
  // leaves it in c.joint, its successor in `out`, and returns true. Else c.joint is as
  // it was (and `out` is scratch).
  bool DecisiveMove(const reasoner::State& s, int chooser, reasoner::State* out, WorkerContext& c);
  uint32_t SelectJoint(Node& node, WorkerContext& c);
  bool Playout(WorkerContext& c);
  bool MachinePlayout(WorkerContext& c);
  void ScorePlayout(const reasoner::State& s, bool terminal, WorkerContext& c);
  void Backup(WorkerContext& c);
  void RevertVirtualLoss(WorkerContext& c);
  // `draw`: rewards[role_] may carry the contempt shift; the sum then uses the other's.
  void NoteTerminal(std::span<const double> rewards, bool draw);
  void RecordLine(const WorkerContext& c);

  // mcts_select.cc
  // Picks among role's moves at `node`: all of them when `eligible` is null, else the
  // `count` move indices in eligible[0..count).
  uint32_t SelectMove(const Node& node, int role, uint32_t n_total, WorkerContext& c,
                      const uint32_t* eligible = nullptr, uint32_t count = 0) const;
  // SearchParams::model_follow: with probability model_follow times the sharpness of
  // `role`'s prior at `node` (0 uniform .. 1 certain), a move drawn from the prior; else
  // num_moves(role) (select as usual). Where `simultaneous`, the probability is
  // simultaneous_follow times the prior's Trust(role) instead.
  uint32_t FollowModel(const Node& node, int role, bool simultaneous, WorkerContext& c) const;
  // True if some opponent with a choice at `node` has a model the prior trusts.
  bool TrustsAMover(const Node& node) const;
  // mcts_priors.cc (paused): asks the prior again for the kept root (reached by
  // `last_joint`) and, where a trusted opponent moves with us there, for the nodes nearest
  // it (breadth first, at most 20,000 nodes and 20 ms), and forgets the root's statistics.
  void RefreshKeptRoot(std::span<const reasoner::Move> last_joint);
  // mcts_priors.cc: at a simultaneous root of a two-role game where the opponent's model is
  // trusted, our move (index) with the most value over the children, each weighed by the
  // chance of the opponent's move in it (the model's prior by the trust, the tree's visit
  // share for the rest), among the moves i with guarantees[i] >= floor where `guarantees`
  // is given; -1 where it does not apply or too little is known.
  int AnswerTheModel(const Node& root, std::span<const double> guarantees, double floor) const;
  // Progressive widening (SearchParams::widening): how many of `role`'s moves at `node`
  // (with n visits) are eligible; if fewer than all, c.ranked[0..result) holds them.
  uint32_t Widen(const Node& node, int role, uint32_t n, WorkerContext& c) const;

  // What `role` is taken to maximise, given the values `v` (0..1 per role): v[role] for
  // us, mixed with 1 - v[role_] by paranoia_ for an opponent (SearchParams::paranoia,
  // SearchParams::rivalry), except a chance role.
  template <typename T>
  double Utility(const T* v, int role) const {
    if (role == role_ || paranoia_ == 0 || chance_[static_cast<size_t>(role)]) return v[role];
    return (1 - paranoia_) * v[role] + paranoia_ * (1 - v[role_]);
  }
  // Whether role r's move statistics at `node` (at `depth` on the path, 0: the root) are
  // kept. A forced move's (one legal move) are kept only at the root, where the decision
  // reports its value: elsewhere nothing reads them, and skipping them spares every
  // iteration atomic writes to lines that other threads write too.
  static bool Tracked(const Node& node, int r, size_t depth) {
    const uint32_t k = node.num_moves(r);
    return k > 1 || (k == 1 && depth == 0);
  }
  // Where new nodes' memory comes from (SearchParams::node_pool).
  NodePool* pool() const { return params_.node_pool ? &account_->pool : nullptr; }
  bool ReserveNode();
  void ReleaseNode(int64_t bytes);
  // mcts_transpose.cc
  // Transpositions: enters `node` (reached from the root) in the table for this epoch.
  void EnterNode(Node& node);
  // If c.next (the successor by `joint`) has a node one ply below `node`, links the empty
  // slot `joint` to it and returns the node now in the slot; else null. Sets *key to
  // c.next's key either way (for Insert).
  Node* LinkTransposition(Node& node, uint32_t joint, WorkerContext& c, uint64_t* key);
  // Empties the table and starts a new epoch (paused; before any node may be freed).
  void ClearTable();
  // The value of the virtual visits a new node (state c.next, its parent's c.cur) gives
  // role r's move (SearchParams::eval_prior_visits, eval_prior_step, eval_prior_root).
  // False where the heuristic gives nothing to go on (no step scale).
  bool PriorValue(int r, WorkerContext& c, double* value) const;
  // Role r's mean reward at the root, virtual visits included (-1 before the root has
  // min_visits real ones).
  double RootMean(int r, uint32_t min_visits) const;
  // Fills root_eval_ from root_ (control thread, paused).
  void NoteRoot();

  // mcts_grave.cc
  // Gives `node` an AMAF table if it has none and the memory budget allows.
  void AddAmafTable(Node& node, WorkerContext& c);
  // Updates c.ref at `node` (the deepest table on the path with enough samples).
  void UpdateReference(const Node& node, WorkerContext& c) const;
  // Credits the iteration's moves to the AMAF tables along the path, bottom-up.
  void CreditAmaf(WorkerContext& c);

  // mcts_solver.cc
  bool TryProve(Node& node) const;
  bool ConstantSum() const;

  // A thread's scratch, reserved up front (`index`: its position in contexts_).
  std::unique_ptr<WorkerContext> NewContext(size_t index) const;
  // `last_joint`: the joint move that led to `state`, for the prior (empty: unknown).
  std::unique_ptr<Node> BuildNode(const reasoner::State& state, WorkerContext& c,
                                  std::span<const reasoner::Move> last_joint = {});
  void DiscardTree();

  const std::shared_ptr<const reasoner::StateMachine> machine_;
  const int role_;
  const int num_roles_;
  const SearchParams params_;
  SearchPool* const pool_;
  const std::shared_ptr<const MovePrior> prior_;
  const bool mast_;  // playouts by MAST (no PlayoutPolicy given and params_.mast)
  const bool grave_;  // params_.grave
  const bool widen_;  // params_.widening > 0
  const bool follow_;  // params_.model_follow > 0
  const bool trust_follow_;  // params_.simultaneous_follow > 0
  const bool relative_;  // params_.relative_rewards and three or more roles
  const double paranoia_;        // params_.paranoia with three or more roles, rivalry with two
  std::vector<uint8_t> chance_;  // per role: named `random` (not ours); set by the constructor
  const std::shared_ptr<const PlayoutPolicy> playout_;
  const bool decisive_;  // params_.decisive_playouts, resolved for machine_
  // Uniform playouts without MAST: StateMachine::RandomPlayout (DecisivePlayout with
  // decisive_ where the machine has its own).
  const bool machine_playout_;
  // Null unless given, bound to machine_ and params_.eval_cutoff > 0.
  const std::shared_ptr<const Heuristic> heuristic_;
  const int playout_steps_;  // params_.max_playout_steps, or the cutoff with a heuristic
  const uint32_t prior_visits_;  // params_.eval_prior_visits where they apply, else 0
  const std::shared_ptr<TreeAccount> account_;
  // The bits states are compared on (machine_->LiveFluentMask() with params_.live_keys,
  // else empty: all bits).
  const std::span<const uint64_t> live_mask_;
  // Null without SearchParams::transpositions. Replaced (the old one goes to the
  // collector) only while paused.
  std::shared_ptr<TranspositionTable> table_;
  uint32_t epoch_ = 1;  // the table's epoch; changed only while paused

  // Changed only while paused (by the control thread).
  std::unique_ptr<Node> root_;
  // The heuristic's value of the root's state per role (SearchParams::eval_prior_root).
  std::vector<double> root_eval_;
  // Pool size + 1 (control thread, last). Slot i belongs to worker i, which builds it on
  // first use; the vector itself never changes size.
  std::vector<std::unique_ptr<WorkerContext>> contexts_;

  // Mutated during search. stop_ is read at every playout step and written only by the
  // control thread; the counters below it are written by the workers, so they live on
  // another cache line.
  alignas(64) std::atomic<bool> stop_{false};
  alignas(64) std::atomic<int64_t> iterations_{0};  // added once per batch
  std::atomic<int64_t> started_{0};  // iterations started since Start (for max_iterations)
  std::atomic<int> max_depth_{0};
  std::atomic<int64_t> links_{0};
  std::atomic<int> goal_sum_{-1};    // 2-role games: goal sum of the first terminal seen
  std::atomic<bool> sum_varies_{false};
  std::atomic<reasoner::Move> max_move_{0};  // GRAVE: largest move id seen (table sizes)

  // Single-role best line, relative to the root.
  mutable std::mutex line_mu_;
  std::vector<reasoner::Move> line_;  // guarded by line_mu_; line_[line_pos_..] from the root
  size_t line_pos_ = 0;               // guarded by line_mu_
  std::atomic<double> line_value_{-1.0};
};

}  // namespace ggp::agent::search
