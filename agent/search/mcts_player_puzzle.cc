// MctsPlayer in single-role games (mcts_player.h): beside the MCTS, the depth-first
// solver (puzzle_solver.h) and nested rollout policy adaptation (nrpa.h) each search on a
// thread of their own; every line any of them finds is a guarantee of its goal (the rules
// are deterministic), and the move played follows the best one.

#include <algorithm>

#include "agent/search/mcts_player.h"

namespace ggp::agent::search {

void MctsPlayer::StartPuzzle(const reasoner::State& root) {
  nrpa_.reset();  // first: it may be asking the solver
  puzzle_.reset();
  if (machine_->num_roles() != 1) return;
  if (use_puzzle_) {
    PuzzleSolver::Options o;
    o.memory_mb = puzzle_mb_;
    o.best_first = puzzle_best_first_;
    o.exclusions = puzzle_exclusions_;
    o.depth_first_slice = puzzle_slice_;
    puzzle_ = std::make_unique<PuzzleSolver>(machine_, o);
    puzzle_->Start(root);
  }
  if (use_nrpa_) {
    NrpaSearch::Options o;
    o.level = nrpa_level_;
    o.near_misses = nrpa_near_misses_;
    o.seed = params_.seed;
    // Constraint puzzles are the solver's: NRPA waits while it reads the game and, if it
    // reads a constraint puzzle, leaves it the CPU (hidato37: a third thread slowed the
    // solver enough that the search's line ran into a dead end first).
    if (const PuzzleSolver* solver = puzzle_.get()) {
      o.hold = [solver] { return solver->ConstraintPuzzle() != 0; };
    }
    nrpa_ = std::make_unique<NrpaSearch>(machine_, o);
    nrpa_->Start(root);
  }
}

bool MctsPlayer::PuzzleSettled() const {
  return (puzzle_ != nullptr && puzzle_->Proven()) || (nrpa_ != nullptr && nrpa_->BestValue() >= 100);
}

void MctsPlayer::AdvancePuzzle(reasoner::Move m, const reasoner::State& next) {
  if (puzzle_) puzzle_->Advance(m, next);
  if (nrpa_) nrpa_->Advance(m, next);
  if (nrpa_ && PuzzleSettled()) nrpa_->Stop();  // nothing left to find
}

bool MctsPlayer::PlayLine(const reasoner::State& state, std::span<const reasoner::Move> line,
                          int value, bool proven, Decision* d) {
  if (line.empty() || value < 0) return false;
  std::vector<reasoner::Move> legal;
  machine_->LegalMoves(state, role_, *workspace_, &legal);
  if (std::find(legal.begin(), legal.end(), line.front()) == legal.end()) return false;
  d->move = line.front();
  d->value = value / 100.0;
  d->proven = proven || value >= 100;
  d->certain = d->proven;
  d->visit_share = -1;
  return true;
}

void MctsPlayer::UsePuzzleLine(const reasoner::State& state, Decision* d, MoveStats* stats) {
  if (puzzle_) {
    const PuzzleResult r = puzzle_->Best();
    if (stats != nullptr) {
      stats->extra["puzzle"] = {
          {"value", r.value},          {"proven", r.proven},
          {"line", r.line.size()},     {"states", r.states},
          {"stored", r.stored},        {"table_full", r.table_full},
          {"pruning", r.pruning},      {"bound_cuts", r.bounds ? r.bound_cuts : -1},
          {"best_first", r.best_first}, {"groups", r.groups},
          {"exclusive", r.exclusive}};
    }
    // Only a proven line, or one that reaches 100, is played. An unfinished depth-first
    // line is a guarantee too, but committing to it early gives up what the search would
    // find later (max_knights: a line of 55 from the first corner, where the search
    // reaches 100), and the search keeps its own best line anyway.
    if ((r.proven || r.value >= 100) && PlayLine(state, r.line, r.value, r.proven, d)) {
      if (stats != nullptr) stats->extra["puzzle"]["played"] = true;
      return;
    }
  }
  if (!nrpa_) return;
  const NrpaResult r = nrpa_->Best();
  if (stats != nullptr) {
    stats->extra["nrpa"] = {{"value", r.value},
                            {"line", r.line.size()},
                            {"playouts", r.playouts},
                            {"runs", r.runs},
                            {"near_misses", r.near_misses}};
  }
  // The search plays its own best line (MctsSearch::DecideFor); NRPA's replaces it where
  // it is worth more, or as much where NRPA ranks near misses (its line is then the one
  // that kept the best goal in reach longest; the search's, one of many worth the same).
  const double search_line = search_ != nullptr ? search_->BestLineValue() : -1.0;
  const double nrpa_line = r.value / 100.0;
  const bool better = nrpa_line > search_line || (r.near_misses && nrpa_line >= search_line);
  if (better && PlayLine(state, r.line, r.value, false, d) && stats != nullptr) {
    stats->extra["nrpa"]["played"] = true;
  }
}

reasoner::Move MctsPlayer::FallbackAfter(std::span<const reasoner::Move> joint) const {
  if (!search_ || joint.empty()) return -1;
  // Single role: the best complete line known, if the move played is its first. A line
  // worth nothing is no better than the tree (a helper thread's first random line).
  int best_value = 0;
  reasoner::Move best = -1;
  auto consider = [&](std::span<const reasoner::Move> line, int value) {
    if (line.size() >= 2 && line[0] == joint[0] && value > best_value) {
      best_value = value;
      best = line[1];
    }
  };
  if (puzzle_) {
    const PuzzleResult r = puzzle_->Best();
    consider(r.line, r.value);
  }
  if (nrpa_) {
    const NrpaResult r = nrpa_->Best();
    consider(r.line, r.value);
  }
  if (best >= 0) return best;
  // The tree: our most visited move where the joint move leads (read while workers run:
  // the counts are atomics, a published child and its moves never change).
  const Node* root = search_->root();
  const int64_t j = root != nullptr ? root->JointIndexOf(joint) : -1;
  const Node* child = j >= 0 ? root->child(static_cast<uint32_t>(j)) : nullptr;
  if (child == nullptr || child->terminal()) return -1;
  // Where the child is proven in a single-role game, the move whose successor carries the
  // proof (the most visited one need not: a proof can come before the visits follow it).
  if (machine_->num_roles() == 1 && child->proven()) {
    for (uint32_t k = 0; k < child->num_children(); ++k) {
      const Node* next = child->child(k);
      if (next != nullptr && next->proven() && next->value(role_) >= child->value(role_)) {
        return child->moves(role_)[child->MoveIndexOf(k, role_)];
      }
    }
  }
  uint32_t most = 0;
  for (uint32_t i = 0; i < child->num_moves(role_); ++i) {
    const uint32_t n = child->stat(role_, i).visits.load(std::memory_order_relaxed);
    if (n > most) {
      most = n;
      best = child->moves(role_)[i];
    }
  }
  return best;
}

}  // namespace ggp::agent::search
