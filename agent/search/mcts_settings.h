#pragma once
// The settings of the "mcts" policy (MctsPlayer, mcts_player.h): what PlayerOptions::params
// may hold, and the functions that read them. Every setting is optional and keys they do
// not know are ignored; a value of the wrong type (a word where a number belongs) throws
// from the player's constructor, which `serve` checks at startup.
//
// Settings (PlayerOptions::params, all optional): "exploration" (C), "prior_weight",
// "widening", "widening_c" (progressive widening of opponents' moves by prior rank, off
// unless widening > 0; SearchParams), "model_playouts" (bool, default false: with a
// model, opponents' playout moves are sampled from it, model_playout.h) and
// "model_playout_epsilon" (their share of uniform moves, default 0.2),
// "memory_mb" (tree memory limit), "max_nodes", "max_iterations" (per Start/Advance; for
// tests), "solver" (bool), "transpositions" (bool), "live_keys" (bool, default true:
// transposed states compared on the machine's live fluents only, SearchParams), "mast" (bool: MAST
// playouts, else uniform; default false), "mast_epsilon", "decisive_playouts" (true: always, false:
// never, "auto": the default, on machines with a decisive loop of their own), "decision_margin_ms",
// "max_playout_steps", "model" (an opponent model
// of models/opponent: "auto" (default: "mixture" where roles move at the same time,
// MovesTogether, else "uniform"), "uniform" (plain UCT), "frequency", "buffer20", "buffer",
// "bayes", "mixture", seed 003's "alphabeta", "average", "minimum", "fallible" (a playout
// per legal move at each node where the opponent chooses), "mirror", "sameaction", and
// "mixture-all"; models are bound to the machine and see the state and the last joint
// move; unknown names mean uniform; where an opponent moves with us its move is drawn from
// its model with probability "simultaneous_follow" (default 1) times the trust in the model,
// TrustIn), "simultaneous_mix" (default 0: off; 0.25 on) and "simultaneous_mix_gap" (0.02): there,
// in constant-sum games where no proof or trusted model decides, our move is drawn from
// the root's visits (SearchParams), "contempt" (-1..1,
// SearchParams), "paranoia" (three
// or more roles, default 0) and "rivalry" (two roles, default 0.25): how much opponents
// are taken to play against us (SearchParams),
// "strength" (bool, default false: estimate each opponent's strength from the regret of
// its first moves and our value's drop over them (strength.h) and, once known, set the
// contempt to the seed's -0.6 weaker / 0 equal / +0.2 stronger, starting a fresh tree
// then), "strength_decisions", "strength_min_visits", "strength_weaker_above" (threshold
// on the mean regret), "strength_stronger_drop" (on the value drop). The estimate and factor go to
// the play stats as extra["strength"]. "valve" (bool, default true: a single model is mixed with
// uniform by recent likelihood, MakeGuardedModel), "pretrain" (bool, default false: stand-in games
// in the start clock, model_pretrain.h), "puzzle" (bool, default true: in single-role games a
// PuzzleSolver (puzzle_solver.h) runs beside the search on a thread of its own; its line is played
// once it is proven or reaches 100, else the search decides), "puzzle_mb" (its
// table, default 256), "nrpa" (bool, default true: in single-role games nested rollout
// policy adaptation (nrpa.h) also runs on a thread of its own, except while the solver
// reads the game as a constraint puzzle; its best line is played where it is worth more
// than the search's), "nrpa_level" (default 3), "heuristic" ("auto", the default, true or
// false: in games of two or more roles a state evaluation is learned from random games in
// the start clock (heuristic.h, at most "heuristic_seconds", default 2, and a quarter of
// the time to the start deadline; states sampled from "heuristic_from" of each game on,
// default 0.5, HeuristicOptions::sample_from). It is strong where its held-out R^2 on
// states from anywhere in the games (Heuristic::r2_whole) is at least "cutoff_r2"
// (default 0.2) for every role it models, or, where "greedy_lift" is at most 100 (default
// 101: off), a weak one that, played as a one-step greedy policy against random opponents
// (heuristic_check.h), scores at least that many points above random play in every seat
// it models. With "auto" only a strong (or so checked) one is used; with
// true, any that predicts held-out outcomes beyond chance. Used, new nodes give their
// move "eval_prior_visits" (default 10) virtual visits in two-role games, valued relative
// to the search root ("eval_prior_root", default true; SearchParams::eval_prior_root;
// false: relative to the parent) with "eval_prior_step" (default 0.4), and where it is
// strong playouts are cut after "eval_cutoff" steps (default 10) and scored by it.
// Against the same player without it, at 10/2 s, a weak one (breakthrough, othello,
// knightfight, cephalopodMicro) won 3 of 10 matches.
// extra["heuristic"] reports it; a machine swap carries it over, Heuristic::Rebind).
// "endgame" (bool, default true: in games of two or more roles, when each of 8 random
// games from the root ends within "endgame_plies" joint moves (default 24), the search
// pauses for "endgame_share" (default 0.5; halved after each try in a row that finished
// none of the root's moves, down to an eighth) of the move's time while an EndgameSolver
// (endgame_solver.h, table "endgame_mb", default 64, kept through the match) searches the
// ending to its end; its move is played when it proves a win, or any outcome better than a
// loss where that is the game's value; short of a win, where we alone choose, with
// "endgame_keep" (default true) it settles each of our moves instead, proves those worth
// less lost in the tree, and the search picks among the rest (extra["endgame"]["kept"]:
// how many); while the opponents choose in an ending, the solver
// runs in the search's place until our next call; extra["endgame"] reports each try).
// "threats" (bool, default true: in two-role games where we alone choose and the goals
// sum to 100, the search pauses for up to "threat_share" (default 0.2) of the move's time
// while a ThreatSearch (threat_search.h), deepening by two plies up to "threat_depth"
// (default 15), looks for a win we can force and, among our most visited moves until
// "threat_moves" (default 3) survive each depth, for moves after which the opponent can
// force its win; then, for "threat_pn" (default 0: off) of that time, a ProofNumberSearch
// (proof_number.h) looks without a depth limit for the opponent's forced win after the
// move the search would play (and the next, while each is proven lost); wins and
// losses it proves become proofs in the tree, so the decision takes the win and avoids
// the traps; extra["threats"] reports each try). "threat_ponder" (default 0: off): while
// the opponent chooses, that share of its time goes, in slices, to a ProofNumberSearch
// on the states after its "threat_moves" likeliest replies and our "threat_moves"
// likeliest answers to each (by the tree's visits); an answer found to lose by force is proven lost
// at the root of our next move (extra["threats"]["pondered"]). The models replay the stored matches
// of LoadExperience at Start and after SwitchMachine (model_experience.h). The seed comes from
// PlayerOptions::seed. Threads: the pool is process-wide (SearchPool::SetGlobalThreads);
// PlayerOptions::threads is not used.
//
// Thread safety: the functions below are pure (MovesTogether reads the machine with a
// workspace of its own), callable from any thread.

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "agent/search/search_params.h"
#include "models/opponent/opponent_model.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

// Reads the settings above from `params` over `base`.
SearchParams SearchParamsFromJson(const nlohmann::json& params, SearchParams base = {});

// How the learned evaluation is used (params "heuristic", above).
enum class HeuristicUse : uint8_t {
  kOff,     // false: not learned
  kStrong,  // "auto": used where strong
  kAlways,  // true: used wherever it predicts beyond chance
};
// `params`' "heuristic" (true, false or "auto"); `fallback` if absent or anything else.
HeuristicUse ParseHeuristicUse(const nlohmann::json& params, HeuristicUse fallback);

// Model `name` (MakeModel) for the search: with `valve`, a single model (not uniform, not a
// mixture) comes as a mixture of it and uniform weighted by their likelihood over the last
// 20 real moves, so it falls back toward uniform where it predicts this opponent worse.
std::unique_ptr<models::OpponentModel> MakeGuardedModel(const std::string& name, bool valve);
// True if roles choose at the same time in this game: in one random game from `state` (at
// most 200 joint moves, stopped after 50 ms), a fifth or more of the states give two or
// more roles a choice.
bool MovesTogether(const reasoner::StateMachine& machine, const reasoner::State& state,
                   uint64_t seed);

}  // namespace ggp::agent::search
