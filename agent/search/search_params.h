#pragma once
// Settings of one MCTS search. Plain values with defaults; the search copies them at
// construction and never changes them ("hot" parameters are const during a search).

#include <cstddef>
#include <cstdint>

namespace ggp::agent::search {

struct SearchParams {
  // UCT exploration constant C on rewards scaled to 0..1 (see mcts_search.h).
  double exploration = 0.4;
  // Weight W of the prior bonus W * (P(a) - 1/k) * sqrt(N) / (1 + n(a)). With the uniform
  // prior the bonus is zero, whatever W.
  double prior_weight = 1.0;
  // Progressive widening by prior rank at opponent nodes; off while widening <= 0 (the
  // search is then exactly plain PUCT). Where a role other than ours chooses and its prior
  // there is not uniform, only its k(n) = max(1, ceil(widening_c * n^widening)) moves of
  // highest prior (ties: lower move index first) can be selected, expanded or drawn by
  // simultaneous_epsilon, n the node's visits; each role of a simultaneous node is widened
  // on its own. Moves the model calls negligible then wait until n is large.
  double widening = 0.0;
  double widening_c = 1.0;
  // Following the opponent's model: where a role other than ours chooses, its move is
  // drawn from its prior with probability model_follow * sharpness, sharpness = (max P -
  // 1/k) / (1 - 1/k) at that node (0 for a uniform prior, 1 for a certain one), and
  // chosen by UCT otherwise. The node's value then leans from the reply that is best for
  // the opponent towards what the model expects this opponent to play: a predictable
  // opponent's lines are searched as it plays them, a weak one's blunders count. 0: off
  // (plain PUCT; so is the uniform prior at any setting).
  double model_follow = 0.0;
  // Where an opponent moves at the same time as others, decoupled UCT lets its choice
  // answer the other roles' choices in the tree, which the real opponent cannot see (in a
  // game of coordination the tree's opponent obliges us). There its move is drawn from its
  // prior with probability simultaneous_follow * MovePrior::Trust(role) (how much better
  // than uniform its model has predicted it; 0 without a model), else by UCT as above.
  // This replaces model_follow at such nodes. 0: off.
  double simultaneous_follow = 1.0;
  // At a node where several roles move at once, each role plays a uniformly random move
  // with this probability instead of its UCT choice. Deterministic decoupled UCT can lock
  // two symmetric roles into correlated choices and never see the off-diagonal outcomes.
  double simultaneous_epsilon = 0.1;
  // In a two-role constant-sum game, where the other role moves at the same time as us
  // and neither a proof nor a trusted model decides (MctsSearch::MixFor), our move is
  // drawn from the visit counts of our open moves at the root that have at least this
  // share of the most visited one's, in proportion to visits: a pure choice there is what an
  // opponent that reads us exploits, and decoupled UCT's visit frequencies approximate a mixed
  // strategy. 0 or less (the default): the most visited move (pure). 0.25 is the setting
  // measured; against Sancho 1.61c it lost chickentictactoe more often than pure play.
  double simultaneous_mix = 0.0;
  // ... and whose mean reward at the root is at most this much below the pure choice's
  // (rewards 0..1).
  double simultaneous_mix_gap = 0.02;
  // The tree stops growing when its nodes use about this many bytes (playouts go on from
  // the leaves). Per search (one per match).
  size_t memory_limit_bytes = size_t{1} << 30;
  // Hard cap on the number of nodes (0: only the memory limit applies). For tests.
  int64_t max_nodes = 0;
  // The background search stops by itself after this many iterations (0: no limit).
  // Counted from the last Start() call. For tests and benchmarks.
  int64_t max_iterations = 0;
  // A playout longer than this many steps is cut and scored with the goals of the state
  // where it stopped (kNoGoal -> 0).
  int max_playout_steps = 5000;
  // With a learned heuristic (heuristic.h, MctsSearch's constructor), playouts are cut
  // after this many steps and scored by its predicted goals (roles it has no model for
  // keep the goals of the state). 0: no cut.
  int eval_cutoff = 0;
  // With a learned heuristic: a node added below a move of a turn (one role chooses)
  // gives that move this many virtual visits at the heuristic's value of the node's
  // state for the mover (progressive bias, fading as real visits come). Two-role games
  // only (rewards there are the goals themselves). 0: none.
  int eval_prior_visits = 0;
  // How those virtual visits are valued. 0: at the heuristic's value of the new node's
  // state. Above 0: relative to the parent, 0.5 + eval_prior_step * (value(child) -
  // value(parent)) / step_scale (Heuristic::step_scale), clamped to 0..1, so a move that
  // changes the evaluation as much as a typical step of a random game does (a capture, in
  // board games) starts eval_prior_step above or below even, however little the
  // regression's absolute values spread.
  double eval_prior_step = 0.0;
  // With eval_prior_step above 0: measure the change from the search root's state
  // instead of the parent's (as Sancho's piece heuristic does), through a logistic
  // 1 / (1 + exp(-4 * eval_prior_step * (value(child) - value(root)) / step_scale)) that
  // matches the linear form near even and saturates smoothly. Once the root has 50
  // visits, that value is displaced towards the root's mean reward for the role:
  // h > 0.5 moves it from the mean towards 1 in proportion, h < 0.5 towards 0, so new
  // moves start near what the search already expects and a material change only tilts
  // them. Siblings keep the same order as with the parent form (they share a parent);
  // what changes is the level their virtual visits sit at.
  bool eval_prior_root = false;
  // A node whose number of joint moves exceeds this keeps no children (it stays a leaf
  // and its statistics still learn). Bounds the per-node child array.
  uint32_t max_children = 4096;
  // Playouts by MAST, epsilon-greedy on each move's average reward (mast.h), unless a
  // PlayoutPolicy is given; epsilon is the share of uniformly random playout moves. Off
  // by default: against flat Monte Carlo on the nine games it scored lower than
  // uniform playouts (71.9% vs 78.1% on the 2-player games, 2/6 vs 3/6 in 3pttc).
  bool mast = false;
  // Decisive moves in playouts (Teytaud and Teytaud, "On the huge benefit of decisive
  // moves in Monte-Carlo tree search", 2010): where one role chooses, a move that ends the
  // game with goal 100 for it is played instead of the drawn move.
  //   kAlways   on every machine: the machine's own loop where it has one
  //             (StateMachine::HasDecisivePlayout: the board machine, which also parries
  //             the opponent's one-move wins), else the search's loop, which tries each
  //             legal move's successor at every step and gives up the machine's
  //             RandomPlayout (a third of the iterations on the propnet).
  //   kOwnLoop  only on machines with their own loop (default): self-play on the four
  //             breakthrough games of the corpus, 10/2 s, 12 of 16 matches against
  //             uniform playouts at a fifth to a third fewer iterations.
  //   kOff      uniform playouts.
  enum class Decisive : uint8_t { kOff, kOwnLoop, kAlways };
  Decisive decisive_playouts = Decisive::kOwnLoop;
  double mast_epsilon = 0.4;
  // GRAVE (amaf.h, mcts_search.h): selection blends each move's mean with its
  // all-moves-as-first mean taken at the closest node on the path (the node itself or an
  // ancestor) whose AMAF table has at least grave_ref samples:
  //   beta = c / (c + n + grave_bias * c * n),   c = AMAF count, n = the move's visits.
  // A node gets its table once it has grave_table_visits visits. On by default: against
  // flat Monte Carlo it won pentago in both seats (uniform UCT lost it as second player)
  // and 5 of 6 3pttc matches (uniform UCT: 3 of 6, same seed).
  bool grave = true;
  uint32_t grave_ref = 50;
  double grave_bias = 1e-4;
  uint32_t grave_table_visits = 16;
  // With three or more roles, each role's reward is its goal relative to the others'
  // (RelativeRewards in node.h) instead of its goal alone, in the tree, the playouts and
  // the proofs. Values reported for moves are then on that scale. Off by default: against
  // two flat Monte Carlo players in 3pttc (clocks 5/1 s, 12 matches each, same seed) it won
  // 5 matches where goals alone won 12.
  bool relative_rewards = false;
  // With three or more roles, how much each opponent is taken to play against us: its
  // statistics learn (1 - paranoia) * its own reward + paranoia * (1 - our reward), in the
  // tree, the AMAF tables and the proofs (0: max^n, every role for itself; 1: paranoid,
  // every opponent against us). Our own statistics keep our reward. Pure max^n trusts
  // one opponent to stop another's win when it can; an opponent that does not (a
  // paranoid minimax player, a weak one) then wins through the gap. Off by default: in
  // 3pttc against two minimax players (clocks 10/2 s) 0 and 0.5 both won 2 of 6 matches
  // with each of four seeds (always as blue), and 1 won none.
  double paranoia = 0.0;
  // The same mixing with two roles: the opponent's statistics learn (1 - rivalry) * its
  // own reward + rivalry * (1 - our reward). Where the goals are constant-sum this is its
  // own reward plus a constant, which changes none of its choices (summing to 100: its own
  // reward exactly); elsewhere an opponent indifferent between two
  // outcomes for itself is taken to choose the one worse for us. Against Sancho in
  // qyshinsu (a loss for both at step 50) our search, trusting the opponent to be
  // indifferent between losing and holding on to the step limit, read 98 for 20 moves
  // and ended 0-0. 0: every role for itself. A role named `random` (chance, which servers
  // play at random) is nobody's rival, with two roles or more.
  double rivalry = 0.25;
  // Contempt factor (seed 002), -1..1 on the seed's scale (loss -1, draw 0, win +1): our
  // value of a drawn terminal outcome (IsDraw in node.h: every role's goal the same,
  // strictly between 0 and 100) becomes its value + contempt / 2, so a 50-50 draw is worth
  // 0.5 + 0.5 * contempt to us, in the tree, the playouts and the proofs (ApplyContempt).
  // Negative: avoid draws (against weaker opponents, -0.6); positive: take them (against
  // stronger ones, 0.2). 0: the search is exactly the one without contempt. Fixed for a
  // search's lifetime (MctsPlayer starts a new tree when it changes).
  double contempt = 0.0;
  // Solver: propagate proven values (MCTS-Solver).
  bool solver = true;
  // Transpositions: a state reached again at the same ply by another move order is linked to
  // the node already made for it (the tree becomes a graph; transpositions.h). Off: every
  // path has its own nodes.
  bool transpositions = true;
  // With transpositions: states are compared on the machine's live fluents only
  // (StateMachine::LiveFluentMask), so states that differ in dead fluents alone share a
  // node. Off: on every fluent.
  bool live_keys = true;
  // Nodes come from the search's NodePool (node_pool.h). Off: from operator new (the C
  // library's allocator; for measuring the pool).
  bool node_pool = true;
  // The decision is taken this long before the deadline.
  int decision_margin_ms = 20;
  // Seed of the per-thread generators (thread i uses seed + i).
  uint64_t seed = 12345;
};

}  // namespace ggp::agent::search
