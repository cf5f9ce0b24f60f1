// Board recognition, step 3: the update, the fluents besides the board, and the ending.

#include <algorithm>
#include <map>
#include <set>

#include "reasoner/board/recognise_internal.h"

namespace ggp::reasoner::board::internal {
namespace {


std::vector<kif::Term> OtherFluents(const SimStep& s, const GdlBinding& b) {
  std::vector<kif::Term> out;
  for (const kif::Term& f : s.fluents) {
    if (!(f.symbol == b.cell_functor && f.arity() == 3)) out.push_back(f);
  }
  return out;
}

bool HasPieceMove(const SimStep& s, int role, const BoardCodec& codec) {
  for (const kif::Term& m : s.legal[static_cast<size_t>(role)]) {
    if (codec.DecodeMove(m)) return true;
  }
  return false;
}

// Successor pairs of the binary static relations (facts only): a -> b for each (r a b).
struct Successor {
  kif::SymbolId relation;
  kif::Term from, to;
};

std::vector<Successor> Successors(const gdl::Description& rules) {
  std::set<kif::SymbolId> derived;
  for (const gdl::Rule& r : rules.rules) {
    if (!r.body.empty()) derived.insert(r.head.symbol);
  }
  std::vector<Successor> next;
  for (const gdl::Rule& r : rules.rules) {
    if (r.body.empty() && r.head.arity() == 2 && derived.count(r.head.symbol) == 0 && r.head.args[0].is_ground()) {
      next.push_back({r.head.symbol, r.head.args[0], r.head.args[1]});
    }
  }
  return next;
}

// Random play rarely reaches a game's length limit, so fluents that follow the ply (a step
// counter, whose turn it is) are known only up to the longest recorded game. Each fluent
// of the last recorded ply is carried on: unchanged if it never changed, alternating if it
// equals the fluent two plies back, or stepping one argument along the static successor
// relation that explains every recorded step. Extends while every fluent can be carried
// (at most 4096 plies); leaves the list as it was if any cannot.
void ExtendByPly(const Context& c, std::vector<std::vector<kif::Term>>* plies) {
  if (plies->size() < 3) return;
  const auto next = Successors(*c.rules);
  // Which relation moves argument j of a fluent from `a` to `b` (-1: none).
  auto step_relation = [&](const kif::Term& a, const kif::Term& b, size_t* arg) -> kif::SymbolId {
    if (a.symbol != b.symbol || a.arity() != b.arity() || a.arity() == 0) return -1;
    size_t differ = 0;
    for (size_t j = 0; j < a.arity(); ++j) {
      if (!(a.args[j] == b.args[j])) ++differ, *arg = j;
    }
    if (differ != 1) return -1;
    for (const Successor& n : next) {
      if (n.from == a.args[*arg] && n.to == b.args[*arg]) return n.relation;
    }
    return -1;
  };
  auto has = [](const std::vector<kif::Term>& v, const kif::Term& t) {
    return std::find(v.begin(), v.end(), t) != v.end();
  };
  std::vector<std::vector<kif::Term>> out = *plies;
  bool chain_ended = false;
  while (!chain_ended && out.size() < 4096) {
    const auto& last = out[out.size() - 1];
    const auto& before = out[out.size() - 2];
    const auto& third = out[out.size() - 3];
    std::vector<kif::Term> now;
    bool counts = false;
    for (const kif::Term& f : last) {
      if (has(before, f)) {  // unchanged
        now.push_back(f);
        continue;
      }
      bool carried = false;
      for (const kif::Term& g : before) {  // g was replaced by f
        if (has(last, g) || g.symbol != f.symbol) continue;
        size_t j = 0;
        if (has(third, f)) {  // alternating: g comes back
          now.push_back(g);
          carried = true;
          break;
        }
        const kif::SymbolId r = step_relation(g, f, &j);
        if (r < 0) continue;
        auto it = std::find_if(next.begin(), next.end(), [&](const Successor& n) {
          return n.relation == r && n.from == f.args[j];
        });
        if (it == next.end()) {
          chain_ended = true;  // the counter's last value: nothing after it
          break;
        }
        kif::Term t = f;
        t.args[j] = it->to;
        now.push_back(std::move(t));
        carried = counts = true;
        break;
      }
      if (chain_ended) break;
      if (!carried) return;  // a fluent that cannot be carried on: leave the list as it was
    }
    if (chain_ended) break;
    if (!counts) return;  // nothing counts plies
    out.push_back(std::move(now));
  }
  *plies = std::move(out);
}

}  // namespace

std::optional<std::string> CheckUpdate(Context& c) {
  const BoardGame& game = c.out->game;
  BoardCodec codec(game.shape, game.gdl);
  for (size_t gi = 0; gi < c.games->size(); ++gi) {
    const SimGame& g = (*c.games)[gi];
    for (size_t si = 0; si + 1 < g.steps.size(); ++si) {
      const int role = c.mover_role[gi][si];
      std::optional<BoardMove> m = codec.DecodeMove(g.steps[si].joint[static_cast<size_t>(role)]);
      if (!m) return "a played move does not decode";
      Position expected = c.boards[gi][si];
      expected.cells[static_cast<size_t>(m->to)] = expected.cells[static_cast<size_t>(m->from)];
      expected.cells[static_cast<size_t>(m->from)] = kEmptySquare;
      const Position& got = c.boards[gi][si + 1];
      for (int sq = 0; sq < game.shape.squares(); ++sq) {
        if (expected.cells[static_cast<size_t>(sq)] == got.cells[static_cast<size_t>(sq)]) continue;
        const std::string move = kif::ToString(g.steps[si].joint[static_cast<size_t>(role)], *c.symbols);
        if (sq == m->to && got.cells[static_cast<size_t>(sq)] != kEmptySquare) {
          return "the moved piece changes type on arrival after " + move + " (promotion)";
        }
        return "a move changes another square: after " + move + " square " + SquareName(game.shape, sq) +
               " changes too (castling, en passant, captures of jumped pieces or drops)";
      }
    }
  }
  return std::nullopt;
}

std::optional<std::string> FindOtherFluents(Context& c) {
  GdlBinding& b = c.out->game.gdl;
  // By the player to move?
  std::vector<std::optional<std::vector<kif::Term>>> by_mover(2);
  bool mover_ok = true;
  std::vector<std::optional<std::vector<kif::Term>>> by_ply;
  bool ply_ok = true;
  for (size_t gi = 0; gi < c.games->size(); ++gi) {
    const SimGame& g = (*c.games)[gi];
    for (size_t si = 0; si < g.steps.size(); ++si) {
      std::vector<kif::Term> other = OtherFluents(g.steps[si], b);
      auto& m = by_mover[static_cast<size_t>(c.boards[gi][si].mover)];
      if (!m) m = other;
      else if (*m != other) mover_ok = false;
      if (by_ply.size() <= si) by_ply.resize(si + 1);
      if (!by_ply[si]) by_ply[si] = other;
      else if (*by_ply[si] != other) ply_ok = false;
    }
  }
  b.other_fluents.clear();
  if (mover_ok) {
    b.other_fluents_by_mover = true;
    for (auto& m : by_mover) b.other_fluents.push_back(m ? *m : std::vector<kif::Term>{});
    return std::nullopt;
  }
  if (ply_ok) {
    b.other_fluents_by_mover = false;
    for (auto& p : by_ply) b.other_fluents.push_back(p ? *p : std::vector<kif::Term>{});
    c.recorded_plies = b.other_fluents.size();
    ExtendByPly(c, &b.other_fluents);
    return std::nullopt;
  }
  return "state besides the board that depends on more than the ply (e.g. counters, moved-piece flags)";
}

std::optional<std::string> LearnEnding(Context& c) {
  BoardGame& game = c.out->game;
  const int squares = game.shape.squares();
  const size_t kinds = game.pieces.size();
  BoardCodec codec(game.shape, game.gdl);
  game.eligible.assign(2, std::vector<bool>(kinds, false));
  game.goal_squares.assign(2, std::vector<bool>(static_cast<size_t>(squares), false));
  std::optional<int> win, loss, tie, tie_ply;
  for (size_t gi = 0; gi < c.games->size(); ++gi) {
    const SimGame& g = (*c.games)[gi];
    const SimStep& last = g.steps.back();
    if (!last.terminal) continue;
    const size_t si = g.steps.size() - 1;
    const int to_move = c.boards[gi][si].mover;
    const int to_move_role = game.gdl.role_of_player[static_cast<size_t>(to_move)];
    const int gm = last.goals[static_cast<size_t>(to_move_role)];
    const int go = last.goals[static_cast<size_t>(1 - to_move_role)];
    auto agree = [](std::optional<int>& slot, int v) {
      if (slot && *slot != v) return false;
      slot = v;
      return true;
    };
    if (gm == go) {
      if (!agree(tie, gm) || !agree(tie_ply, static_cast<int>(si))) return "ties at different values or lengths";
      continue;
    }
    const int winner = gm > go ? to_move : 1 - to_move;
    if (!agree(win, std::max(gm, go)) || !agree(loss, std::min(gm, go))) return "wins and losses of varying values";
    if (winner != to_move && !HasPieceMove(last, to_move_role, codec)) continue;  // no moves: lost
    if (winner == to_move || si == 0) return "a terminal state won by the player to move";
    // Won by the last move: its piece and destination.
    const int mover_role = c.mover_role[gi][si - 1];
    std::optional<BoardMove> m = codec.DecodeMove(g.steps[si - 1].joint[static_cast<size_t>(mover_role)]);
    const int8_t piece = c.boards[gi][si].cells[static_cast<size_t>(m->to)];
    game.eligible[static_cast<size_t>(winner)][static_cast<size_t>(piece)] = true;
    game.goal_squares[static_cast<size_t>(winner)][static_cast<size_t>(m->to)] = true;
  }
  game.win_value = win.value_or(100);
  game.loss_value = loss.value_or(0);
  game.tie_value = tie.value_or(50);
  game.max_plies = tie_ply.value_or(0);
  // No tie seen, but a ply counter whose successor chain ends: the game cannot go on past
  // its last value, so that is taken as the length limit (random play rarely gets there).
  const GdlBinding& b = game.gdl;
  if (!tie_ply && !b.other_fluents_by_mover && b.other_fluents.size() > c.recorded_plies) {
    game.max_plies = static_cast<int>(b.other_fluents.size()) - 1;
  }
  return std::nullopt;
}

}  // namespace ggp::reasoner::board::internal
