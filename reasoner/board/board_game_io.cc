#include "reasoner/board/board_game_io.h"

#include "reasoner/board/dfa_io.h"

namespace ggp::reasoner::board {
namespace {

using nlohmann::json;

std::string Kif(const kif::Term& t, const kif::SymbolTable& s) { return kif::ToString(t, s); }

json Terms(const std::vector<kif::Term>& ts, const kif::SymbolTable& s) {
  json a = json::array();
  for (const kif::Term& t : ts) a.push_back(Kif(t, s));
  return a;
}

kif::Term ParseOrThrow(const json& j, kif::SymbolTable& symbols) {
  kif::Term t;
  std::vector<kif::Diagnostic> errors;
  if (!kif::ParseTerm(j.get<std::string>(), symbols, &t, &errors)) {
    throw std::runtime_error("bad term " + j.dump());
  }
  return t;
}

std::vector<kif::Term> ParseTerms(const json& j, kif::SymbolTable& symbols) {
  std::vector<kif::Term> out;
  for (const json& t : j) out.push_back(ParseOrThrow(t, symbols));
  return out;
}

json Bits(const std::vector<std::vector<bool>>& rows) {
  json a = json::array();
  for (const auto& row : rows) {
    std::string s;
    for (bool b : row) s += b ? '1' : '0';
    a.push_back(s);
  }
  return a;
}

std::vector<std::vector<bool>> ParseBits(const json& j) {
  std::vector<std::vector<bool>> rows;
  for (const json& r : j) {
    std::vector<bool> row;
    for (char ch : r.get<std::string>()) row.push_back(ch == '1');
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace

json BoardGameToJson(const BoardGame& g, const kif::SymbolTable& s) {
  const GdlBinding& b = g.gdl;
  json pieces = json::array();
  for (size_t i = 0; i < g.pieces.size(); ++i) {
    pieces.push_back({{"name", g.pieces[i].name},
                      {"letter", std::string(1, g.pieces[i].letter)},
                      {"owner", g.pieces[i].owner},
                      {"dfa", i < g.dfa.size() ? DfaToJson(g.dfa[i]) : json()}});
  }
  json cells = json::array();
  for (int8_t c : g.initial.cells) cells.push_back(c);
  json args = json::array();
  for (size_t i = 0; i < b.move_args.size(); ++i) {
    args.push_back({{"kind", static_cast<int>(b.move_args[i])},
                    {"constant", b.move_args[i] == MoveArg::kConstant ? Kif(b.move_constants[i], s) : ""}});
  }
  json other = json::array();
  for (const auto& f : b.other_fluents) other.push_back(Terms(f, s));
  json holes = json::array();
  for (int sq = 0; sq < g.shape.squares(); ++sq) {
    if (g.shape.IsHole(sq)) holes.push_back(sq);
  }
  return {{"format", kBoardGameFormat},
          {"width", g.shape.width},
          {"height", g.shape.height},
          {"holes", holes},
          {"pieces", pieces},
          {"initial", {{"cells", cells}, {"mover", g.initial.mover}}},
          {"eligible", Bits(g.eligible)},
          {"goal_squares", Bits(g.goal_squares)},
          {"max_plies", g.max_plies},
          {"moves_only", g.moves_only},
          {"values", {g.win_value, g.loss_value, g.tie_value}},
          {"gdl",
           {{"roles", Terms(b.roles_of_players, s)},
            {"role_of_player", b.role_of_player},
            {"cell", s.Name(b.cell_functor)},
            {"cell_args", {b.x_arg, b.y_arg, b.content_arg}},
            {"files", Terms(b.files, s)},
            {"ranks", Terms(b.ranks, s)},
            {"pieces", Terms(b.piece_terms, s)},
            {"empty", b.empty_term ? Kif(*b.empty_term, s) : ""},
            {"wall", b.wall_term ? Kif(*b.wall_term, s) : ""},
            {"wall_squares", b.wall_squares},
            {"move", s.Name(b.move_functor)},
            {"move_args", args},
            {"noops", Terms(b.noop_of_player, s)},
            {"other_fluents", other},
            {"other_by_mover", b.other_fluents_by_mover}}}};
}

std::optional<BoardGame> BoardGameFromJson(const json& j, kif::SymbolTable& symbols, std::string* why) {
  try {
    if (j.at("format").get<int>() != kBoardGameFormat) {
      *why = "board model format " + j.at("format").dump() + " (this build reads " +
             std::to_string(kBoardGameFormat) + ")";
      return std::nullopt;
    }
    BoardGame g;
    g.shape = BoardShape{j.at("width").get<int>(), j.at("height").get<int>()};
    if (g.shape.width <= 0 || g.shape.height <= 0 || g.shape.squares() > 32 * 32) throw std::runtime_error("bad board size");
    if (auto h = j.find("holes"); h != j.end() && !h->empty()) {
      g.shape.holes.assign(static_cast<size_t>(g.shape.squares()), 0);
      for (const json& sq : *h) {
        const int at = sq.get<int>();
        if (at < 0 || at >= g.shape.squares()) throw std::runtime_error("bad hole square");
        g.shape.holes[static_cast<size_t>(at)] = 1;
      }
    }
    for (const json& p : j.at("pieces")) {
      PieceType t{p.at("name").get<std::string>(), p.at("letter").get<std::string>().at(0), p.at("owner").get<int>()};
      if (t.owner != 0 && t.owner != 1) throw std::runtime_error("bad owner");
      g.pieces.push_back(t);
      std::string dfa_why;
      std::optional<Dfa> dfa = DfaFromJson(p.at("dfa"), &dfa_why);
      if (!dfa) throw std::runtime_error("bad dfa: " + dfa_why);
      g.dfa.push_back(std::move(*dfa));
    }
    for (const json& c : j.at("initial").at("cells")) {
      const int v = c.get<int>();
      if (v < kEmptySquare || v >= static_cast<int>(g.pieces.size())) throw std::runtime_error("bad cell");
      g.initial.cells.push_back(static_cast<int8_t>(v));
    }
    if (static_cast<int>(g.initial.cells.size()) != g.shape.squares()) throw std::runtime_error("bad initial");
    g.initial.mover = j.at("initial").at("mover").get<int>();
    g.eligible = ParseBits(j.at("eligible"));
    g.goal_squares = ParseBits(j.at("goal_squares"));
    if (g.eligible.size() != 2 || g.goal_squares.size() != 2) throw std::runtime_error("bad ending");
    for (int p = 0; p < 2; ++p) {
      if (g.eligible[static_cast<size_t>(p)].size() != g.pieces.size() ||
          static_cast<int>(g.goal_squares[static_cast<size_t>(p)].size()) != g.shape.squares()) {
        throw std::runtime_error("bad ending sizes");
      }
    }
    g.max_plies = j.at("max_plies").get<int>();
    g.moves_only = j.value("moves_only", false);
    const json& v = j.at("values");
    g.win_value = v.at(0).get<int>();
    g.loss_value = v.at(1).get<int>();
    g.tie_value = v.at(2).get<int>();
    const json& d = j.at("gdl");
    GdlBinding& b = g.gdl;
    b.roles_of_players = ParseTerms(d.at("roles"), symbols);
    b.role_of_player = d.at("role_of_player").get<std::vector<int>>();
    b.cell_functor = symbols.Intern(d.at("cell").get<std::string>());
    b.x_arg = d.at("cell_args").at(0).get<int>();
    b.y_arg = d.at("cell_args").at(1).get<int>();
    b.content_arg = d.at("cell_args").at(2).get<int>();
    b.files = ParseTerms(d.at("files"), symbols);
    b.ranks = ParseTerms(d.at("ranks"), symbols);
    b.piece_terms = ParseTerms(d.at("pieces"), symbols);
    if (const std::string e = d.at("empty").get<std::string>(); !e.empty()) b.empty_term = ParseOrThrow(e, symbols);
    if (auto w = d.find("wall"); w != d.end() && !w->get<std::string>().empty()) {
      b.wall_term = ParseOrThrow(w->get<std::string>(), symbols);
      b.wall_squares = d.at("wall_squares").get<std::vector<int>>();
    }
    b.move_functor = symbols.Intern(d.at("move").get<std::string>());
    for (const json& a : d.at("move_args")) {
      const int kind = a.at("kind").get<int>();
      if (kind < 0 || kind > static_cast<int>(MoveArg::kConstant)) throw std::runtime_error("bad move arg");
      b.move_args.push_back(static_cast<MoveArg>(kind));
      const std::string c = a.at("constant").get<std::string>();
      b.move_constants.push_back(c.empty() ? kif::Term() : ParseOrThrow(c, symbols));
    }
    b.noop_of_player = ParseTerms(d.at("noops"), symbols);
    for (const json& f : d.at("other_fluents")) b.other_fluents.push_back(ParseTerms(f, symbols));
    b.other_fluents_by_mover = d.at("other_by_mover").get<bool>();
    if (static_cast<int>(b.files.size()) != g.shape.width || static_cast<int>(b.ranks.size()) != g.shape.height ||
        b.piece_terms.size() != g.pieces.size() || b.roles_of_players.size() != 2 || b.role_of_player.size() != 2 ||
        b.noop_of_player.size() != 2) {
      throw std::runtime_error("binding sizes do not match the board");
    }
    return g;
  } catch (const std::exception& e) {
    *why = std::string("malformed board model: ") + e.what();
    return std::nullopt;
  }
}

}  // namespace ggp::reasoner::board
