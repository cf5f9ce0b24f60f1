// Board recognition, step 2: whose turn it is, the move terms, the pieces and their owners.

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "reasoner/board/recognise_internal.h"

namespace ggp::reasoner::board::internal {
namespace {

using TermMap = std::unordered_map<kif::Term, int, kif::TermHash>;

std::string Name(const kif::Term& t, const Context& c) { return kif::ToString(t, *c.symbols); }

// The content term on (x, y) in a step's fluents, or null.
class CellIndex {
 public:
  CellIndex(const SimStep& s, const GdlBinding& b) {
    for (const kif::Term& f : s.fluents) {
      if (f.symbol != b.cell_functor || f.arity() != 3) continue;
      cells_.emplace(Key(f.args[static_cast<size_t>(b.x_arg)], f.args[static_cast<size_t>(b.y_arg)]),
                     &f.args[static_cast<size_t>(b.content_arg)]);
    }
  }
  const kif::Term* At(const kif::Term& x, const kif::Term& y) const {
    auto it = cells_.find(Key(x, y));
    return it == cells_.end() ? nullptr : it->second;
  }

 private:
  static uint64_t Key(const kif::Term& x, const kif::Term& y) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(x.symbol)) << 32) |
           static_cast<uint32_t>(y.symbol);
  }
  std::unordered_map<uint64_t, const kif::Term*> cells_;
};

struct MoveSample {
  const kif::Term* move;
  size_t game, step;
  int player;
};

}  // namespace

std::optional<std::string> FindTurns(Context& c) {
  const auto& games = *c.games;
  // The noop of a role: its most frequent single legal move while the other role has several.
  std::vector<kif::Term> noop(2);
  for (int r = 0; r < 2; ++r) {
    std::unordered_map<kif::Term, int, kif::TermHash> count;
    for (const SimGame& g : games) {
      for (const SimStep& s : g.steps) {
        if (s.joint.empty()) continue;
        if (s.legal[static_cast<size_t>(r)].size() == 1 && s.legal[static_cast<size_t>(1 - r)].size() > 1) {
          ++count[s.legal[static_cast<size_t>(r)][0]];
        }
      }
    }
    int best = 0;
    for (const auto& [t, n] : count) {
      if (n > best) best = n, noop[static_cast<size_t>(r)] = t;
    }
    if (best == 0) return "role " + Name(c.rules->roles[static_cast<size_t>(r)], c) + " never waits with a single move: not turn-taking";
  }
  c.mover_role.assign(games.size(), {});
  int first = -1;
  for (size_t gi = 0; gi < games.size(); ++gi) {
    const SimGame& g = games[gi];
    int prev = -1;
    for (size_t si = 0; si < g.steps.size(); ++si) {
      const SimStep& s = g.steps[si];
      if (s.joint.empty()) {  // the final state: the other role is to move
        c.mover_role[gi].push_back(prev < 0 ? 0 : 1 - prev);
        continue;
      }
      int mover = -1;
      for (int r = 0; r < 2; ++r) {
        const auto& legal = s.legal[static_cast<size_t>(r)];
        const bool waits = legal.size() == 1 && legal[0] == noop[static_cast<size_t>(r)];
        if (!waits) {
          if (mover >= 0) return "both roles move at ply " + std::to_string(si) + ": simultaneous moves";
          mover = r;
        }
      }
      if (mover < 0) return "neither role moves at ply " + std::to_string(si);
      if (mover == prev) return "the same role moves twice in a row at ply " + std::to_string(si);
      if (si == 0) {
        if (first >= 0 && first != mover) return "the first mover differs between games";
        first = mover;
      }
      c.mover_role[gi].push_back(mover);
      prev = mover;
    }
  }
  if (first < 0) return "no moves recorded";
  GdlBinding& b = c.out->game.gdl;
  b.role_of_player = {first, 1 - first};
  b.roles_of_players = {c.rules->roles[static_cast<size_t>(first)], c.rules->roles[static_cast<size_t>(1 - first)]};
  b.noop_of_player = {noop[static_cast<size_t>(first)], noop[static_cast<size_t>(1 - first)]};
  return std::nullopt;
}

std::optional<std::string> FindMoves(Context& c) {
  const auto& games = *c.games;
  BoardGame& game = c.out->game;
  GdlBinding& b = game.gdl;
  // Every legal move of every mover (sampled), with the player who may make it.
  std::vector<MoveSample> samples;
  for (size_t gi = 0; gi < games.size(); ++gi) {
    for (size_t si = 0; si < games[gi].steps.size(); ++si) {
      const SimStep& s = games[gi].steps[si];
      if (s.joint.empty()) continue;
      const int role = c.mover_role[gi][si];
      const int player = role == b.role_of_player[0] ? 0 : 1;
      for (const kif::Term& m : s.legal[static_cast<size_t>(role)]) samples.push_back({&m, gi, si, player});
    }
  }
  if (samples.empty()) return "no moves recorded";
  const kif::Term& proto = *samples[0].move;
  const size_t arity = proto.arity();
  for (const MoveSample& m : samples) {
    if (!m.move->is_compound || m.move->arity() < 4) {
      return "moves that do not name a from and a to cell (" + Name(*m.move, c) + ")";
    }
    if (m.move->symbol != proto.symbol || m.move->arity() != arity) {
      return "moves of several forms (" + Name(proto, c) + ", " + Name(*m.move, c) + ")";
    }
  }
  TermMap files, ranks;
  for (size_t i = 0; i < b.files.size(); ++i) files.emplace(b.files[i], static_cast<int>(i));
  for (size_t i = 0; i < b.ranks.size(); ++i) ranks.emplace(b.ranks[i], static_cast<int>(i));
  // Cell indexes of the sampled steps (built lazily, kept per step).
  std::map<std::pair<size_t, size_t>, CellIndex> index;
  auto cells = [&](const MoveSample& m) -> const CellIndex& {
    auto key = std::make_pair(m.game, m.step);
    auto it = index.find(key);
    if (it == index.end()) it = index.emplace(key, CellIndex(games[m.game].steps[m.step], b)).first;
    return it->second;
  };
  const size_t check = std::min<size_t>(samples.size(), 4000);
  std::optional<std::array<size_t, 4>> found;
  for (size_t fx = 0; fx < arity && !found; ++fx) {
    for (size_t fy = 0; fy < arity && !found; ++fy) {
      for (size_t tx = 0; tx < arity && !found; ++tx) {
        for (size_t ty = 0; ty < arity && !found; ++ty) {
          if (fx == fy || fx == tx || fx == ty || fy == tx || fy == ty || tx == ty) continue;
          bool ok = true;
          for (size_t i = 0; i < check && ok; ++i) {
            const kif::Term& m = *samples[i].move;
            ok = files.count(m.args[fx]) && ranks.count(m.args[fy]) && files.count(m.args[tx]) &&
                 ranks.count(m.args[ty]) && !(m.args[fx] == m.args[tx] && m.args[fy] == m.args[ty]) &&
                 cells(samples[i]).At(m.args[fx], m.args[fy]) != nullptr;
          }
          if (ok) found = std::array<size_t, 4>{fx, fy, tx, ty};
        }
      }
    }
  }
  if (!found) return "moves do not name a from and a to cell holding the moved piece (" + Name(proto, c) + ")";
  b.move_functor = proto.symbol;
  b.move_args.assign(arity, MoveArg::kConstant);
  b.move_constants.assign(arity, kif::Term());
  b.move_args[(*found)[0]] = MoveArg::kFromX;
  b.move_args[(*found)[1]] = MoveArg::kFromY;
  b.move_args[(*found)[2]] = MoveArg::kToX;
  b.move_args[(*found)[3]] = MoveArg::kToY;
  // Pieces: what stands on the from cells; owners: who moves them.
  std::vector<kif::Term> pieces;
  std::vector<int> owner;
  for (const MoveSample& s : samples) {
    const kif::Term& m = *s.move;
    const kif::Term* piece = cells(s).At(m.args[(*found)[0]], m.args[(*found)[1]]);
    if (piece == nullptr) return "a move from an empty cell (" + Name(m, c) + ")";
    auto it = std::find(pieces.begin(), pieces.end(), *piece);
    if (it == pieces.end()) {
      pieces.push_back(*piece);
      owner.push_back(s.player);
    } else if (owner[static_cast<size_t>(it - pieces.begin())] != s.player) {
      return "both players move " + Name(*piece, c);
    }
  }
  for (size_t i = 0; i < arity; ++i) {
    if (b.move_args[i] != MoveArg::kConstant) continue;
    bool constant = true, piece_at_from = true;
    for (const MoveSample& s : samples) {
      const kif::Term& m = *s.move;
      constant = constant && m.args[i] == proto.args[i];
      const kif::Term* piece = cells(s).At(m.args[(*found)[0]], m.args[(*found)[1]]);
      piece_at_from = piece_at_from && piece != nullptr && *piece == m.args[i];
    }
    if (piece_at_from && !constant) {
      b.move_args[i] = MoveArg::kPieceAtFrom;
    } else if (constant) {
      b.move_constants[i] = proto.args[i];
    } else {
      return "argument " + std::to_string(i + 1) + " of the moves is neither a coordinate, the moved piece nor a constant";
    }
  }
  c.moves_found = true;
  // Contents that never move: at most two, the empty square's marker, which a move leaves
  // behind on its from cell, and walls, which stand on the same squares in every state
  // (they become holes of the board below).
  std::unordered_set<kif::Term, kif::TermHash> others;
  for (const SimGame& g : games) {
    for (const SimStep& s : g.steps) {
      for (const kif::Term& f : s.fluents) {
        if (f.symbol != b.cell_functor || f.arity() != 3) continue;
        const kif::Term& content = f.args[static_cast<size_t>(b.content_arg)];
        if (std::find(pieces.begin(), pieces.end(), content) == pieces.end()) others.insert(content);
      }
    }
  }
  std::unordered_set<kif::Term, kif::TermHash> vacated;
  for (size_t gi = 0; gi < games.size() && others.size() <= 2; ++gi) {
    const auto& steps = games[gi].steps;
    for (size_t si = 0; si + 1 < steps.size(); ++si) {
      const kif::Term& m = steps[si].joint[static_cast<size_t>(c.mover_role[gi][si])];
      if (m.arity() != arity) continue;
      CellIndex after(steps[si + 1], b);
      if (const kif::Term* left = after.At(m.args[(*found)[0]], m.args[(*found)[1]])) vacated.insert(*left);
    }
  }
  // A wall: a content on the same squares in every recorded state.
  const BoardCodec squares_of(game.shape, b);
  auto static_squares = [&](const kif::Term& t, std::vector<int>* out) {
    std::vector<int> first;
    bool is_first = true;
    for (const SimGame& g : games) {
      for (const SimStep& s : g.steps) {
        std::vector<int> here;
        for (const kif::Term& f : s.fluents) {
          if (f.symbol != b.cell_functor || f.arity() != 3 || !(f.args[static_cast<size_t>(b.content_arg)] == t)) continue;
          here.push_back(squares_of.Square(f.args[static_cast<size_t>(b.x_arg)], f.args[static_cast<size_t>(b.y_arg)]));
        }
        std::sort(here.begin(), here.end());
        if (is_first) first = std::move(here);
        else if (here != first) return false;
        is_first = false;
      }
    }
    *out = std::move(first);
    return !out->empty() && out->front() >= 0;
  };
  b.wall_term.reset();
  b.wall_squares.clear();
  for (const kif::Term& t : others) {
    if (vacated.count(t) == 0 && static_squares(t, &b.wall_squares)) {
      b.wall_term = t;
      break;
    }
  }
  if (b.wall_term) others.erase(*b.wall_term);
  else b.wall_squares.clear();
  for (const kif::Term& t : others) {
    if (others.size() > 1 || vacated.count(t) == 0) {
      return "cells hold " + Name(t, c) +
             ", which never moves and does not mark empty squares (promotion, walls or pieces that cannot move)";
    }
  }
  if (others.size() == 1) b.empty_term = *others.begin();
  b.piece_terms = pieces;
  std::string used;
  for (size_t i = 0; i < pieces.size(); ++i) {
    PieceType p;
    p.name = Name(pieces[i], c);
    p.owner = owner[i];
    char letter = '?';
    for (char ch : p.name) {
      if (!std::isalpha(static_cast<unsigned char>(ch))) continue;
      ch = static_cast<char>(p.owner == 0 ? std::toupper(ch) : std::tolower(ch));
      if (used.find(ch) == std::string::npos) {
        letter = ch;
        break;
      }
    }
    if (letter == '?') letter = static_cast<char>((p.owner == 0 ? 'A' : 'a') + i % 26);
    used += letter;
    p.letter = letter;
    game.pieces.push_back(p);
  }
  // Decode every state.
  BoardCodec codec(game.shape, b);
  c.boards.assign(games.size(), {});
  for (size_t gi = 0; gi < games.size(); ++gi) {
    for (size_t si = 0; si < games[gi].steps.size(); ++si) {
      const int role = c.mover_role[gi][si];
      std::optional<Position> pos = codec.DecodeBoard(games[gi].steps[si].fluents, role == b.role_of_player[0] ? 0 : 1);
      if (!pos) return "a state's cells do not decode at ply " + std::to_string(si);
      c.boards[gi].push_back(std::move(*pos));
    }
  }
  game.initial = c.boards[0][0];
  // Squares in use: ever holding a piece, or the start or end of a legal move.
  std::vector<uint8_t> in_use(static_cast<size_t>(game.shape.squares()), 0);
  for (const auto& boards : c.boards) {
    for (const Position& pos : boards) {
      for (size_t sq = 0; sq < in_use.size(); ++sq) in_use[sq] |= pos.cells[sq] != kEmptySquare ? 1 : 0;
    }
  }
  for (const MoveSample& s : samples) {
    std::optional<BoardMove> m = codec.DecodeMove(*s.move);
    const Position& pos = c.boards[s.game][s.step];
    if (!m) return "a move does not decode: " + Name(*s.move, c);
    const int8_t piece = pos.cells[static_cast<size_t>(m->from)];
    if (piece == kEmptySquare || game.pieces[static_cast<size_t>(piece)].owner != s.player) {
      return "a move that does not start on an own piece: " + Name(*s.move, c);
    }
    in_use[static_cast<size_t>(m->from)] = in_use[static_cast<size_t>(m->to)] = 1;
  }
  // The others are holes (breakthroughHoles): off the board for the DFAs, like the edge.
  // Few holes on a well-played board are a fact of the rules; if most squares were never
  // used the play says too little, and none are marked (learning or verification then
  // decides).
  const size_t holes = static_cast<size_t>(std::count(in_use.begin(), in_use.end(), uint8_t{0}));
  if (holes > 0 && 4 * holes <= in_use.size()) {
    game.shape.holes.assign(in_use.size(), 0);
    for (size_t sq = 0; sq < in_use.size(); ++sq) game.shape.holes[sq] = in_use[sq] == 0 ? 1 : 0;
  }
  for (int sq : b.wall_squares) {
    if (!game.shape.IsHole(sq)) return "walls of " + Name(*b.wall_term, c) + " on squares that pieces use";
  }
  return std::nullopt;
}

}  // namespace ggp::reasoner::board::internal
