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
  if (auto why = FindFixedContents(c, pieces)) return why;
  NamePieces(c, pieces, owner);
  return DecodeBoards(c, samples);
}

}  // namespace ggp::reasoner::board::internal
