#pragma once
// A DFA as JSON (the learner's output and the experience store's content) and as a
// Graphviz digraph for people: edges labelled in the seed's notation, parallel edges
// between two states merged into one with a label line each, accepting states doubled.
//
// Pure functions; thread safe.

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "reasoner/board/dfa.h"

namespace ggp::reasoner::board {

// {"states": N, "accepting": [..], "edges": [[from, "(dx,dy,on)", to], ...]}
nlohmann::json DfaToJson(const Dfa& dfa);
// nullopt with `why` on anything malformed (never throws).
std::optional<Dfa> DfaFromJson(const nlohmann::json& j, std::string* why);

std::string DfaToDot(const Dfa& dfa, const std::string& name);

}  // namespace ggp::reasoner::board
