#pragma once
// A learned BoardGame as JSON: what the experience store keeps so a later match of the
// same game starts from it (after re-verification). Terms are written in KIF and parsed
// back into the given symbol table. The format carries a version; readers refuse others.
//
// Pure functions; thread safe (SymbolTable interning is).

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "reasoner/board/board_game.h"
#include "reasoner/kif/symbol_table.h"

namespace ggp::reasoner::board {

inline constexpr int kBoardGameFormat = 1;

nlohmann::json BoardGameToJson(const BoardGame& game, const kif::SymbolTable& symbols);

// nullopt with `why` set on anything malformed (never throws).
std::optional<BoardGame> BoardGameFromJson(const nlohmann::json& j, kif::SymbolTable& symbols,
                                           std::string* why);

}  // namespace ggp::reasoner::board
