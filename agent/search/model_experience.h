#pragma once
// What the opponent models remember across matches: the joint moves of earlier matches of
// the same game, as move terms, which any machine of the game can replay (the propnet,
// the prover, the board machine: their move ids and state encodings differ, the terms do
// not). Replaying a match on the machine of the current match rebuilds exactly the
// decisions a model saw: the state's features, the opponent's legal moves, its choice.
//
// The experience store (agent/store) keeps one document per game, opponent role and kind
// "opponent-model"; its body is ExperienceToJson's:
//   {"version": 1,
//    "matches": [{"source": "match" | "self-play:<policy>", "plies": [["(mark 1 1)", "noop"], ...]}]}
// oldest first, each ply one move text per role in the game's role order (the store's game
// key covers the roles and their order). AppendMatches keeps the newest `max_matches`.
//
// These are boundary functions (they print and compare move terms): for the start of a
// match, its end and a change of machine, never the search's hot loop. Pure functions;
// thread safe for distinct arguments (the machine is only read).

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/opponent/opponent_model.h"
#include "reasoner/state_machine.h"

namespace ggp::agent::search {

struct MatchMoves {
  std::string source = "match";
  std::vector<std::vector<std::string>> plies;  // [ply][role] move text
};

inline constexpr size_t kMaxStoredMatches = 50;

nlohmann::json ExperienceToJson(const std::vector<MatchMoves>& matches);
// Reads a body written by ExperienceToJson; false (and `*why`) for anything else. Matches
// whose plies are not arrays of strings are dropped (counted in `*why` if all are).
bool ExperienceFromJson(const nlohmann::json& body, std::vector<MatchMoves>* out, std::string* why);
// `stored` (a body, or null) followed by `added`, keeping the newest `max_matches`.
nlohmann::json AppendMatches(const nlohmann::json& stored, const std::vector<MatchMoves>& added,
                             size_t max_matches = kMaxStoredMatches);

struct ReplayCount {
  long long decisions = 0;  // Observe calls made
  long long plies = 0;      // plies replayed
  bool complete = true;     // false: a move could not be matched (replay stopped there)
};

// Replays `match` on `machine` from its initial state; at every state where `role` has two
// or more legal moves, `model` observes the state's features, its legal moves and the move
// it played. A move text that is not legal for its role (another game version, a damaged
// document) ends the replay there; what was observed before stays observed.
ReplayCount ReplayIntoModel(const reasoner::StateMachine& machine, const MatchMoves& match,
                            int role, models::OpponentModel* model);

// The text of each role's move of `joint` on `machine` (role order), as ExperienceToJson
// writes it.
std::vector<std::string> JointMoveText(const reasoner::StateMachine& machine,
                                       std::span<const reasoner::Move> joint);

}  // namespace ggp::agent::search
