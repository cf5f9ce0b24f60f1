// Board recognition, step 1: the cell relation and its ordered coordinates.

#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "reasoner/board/recognise_internal.h"

namespace ggp::reasoner::board::internal {
namespace {

using TermSet = std::unordered_set<kif::Term, kif::TermHash>;

std::optional<long> AsInteger(const kif::Term& t, const kif::SymbolTable& symbols) {
  if (t.is_compound || t.is_variable) return std::nullopt;
  const std::string_view s = symbols.Name(t.symbol);
  long v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// Numbers: from the least to the greatest, filling gaps (at most 64 values).
std::optional<std::vector<kif::Term>> OrderNumbers(const TermSet& values, Context& c) {
  long lo = 0, hi = 0;
  bool first = true;
  for (const kif::Term& t : values) {
    std::optional<long> v = AsInteger(t, *c.symbols);
    if (!v) return std::nullopt;
    lo = first ? *v : std::min(lo, *v);
    hi = first ? *v : std::max(hi, *v);
    first = false;
  }
  if (first || hi - lo >= 64) return std::nullopt;
  std::vector<kif::Term> order;
  for (long v = lo; v <= hi; ++v) {
    order.push_back(kif::Term::Atom(c.symbols->Intern(std::to_string(v))));
  }
  // A value spelled differently from its number (e.g. "01") would not be found: refuse.
  for (const kif::Term& t : values) {
    if (std::find(order.begin(), order.end(), t) == order.end()) return std::nullopt;
  }
  return order;
}

// A chain of a binary static relation (facts only, atoms) through every value: the
// shortest walk along it that visits them all.
std::optional<std::vector<kif::Term>> OrderByChain(const TermSet& values, Context& c) {
  std::set<kif::SymbolId> derived;
  for (const gdl::Rule& r : c.rules->rules) {
    if (!r.body.empty()) derived.insert(r.head.symbol);
  }
  std::map<kif::SymbolId, std::vector<std::pair<kif::Term, kif::Term>>> facts;
  for (const gdl::Rule& r : c.rules->rules) {
    if (!r.body.empty() || r.head.arity() != 2 || derived.count(r.head.symbol) != 0) continue;
    const kif::Term& a = r.head.args[0];
    const kif::Term& b = r.head.args[1];
    if (a.is_compound || b.is_compound || a.is_variable || b.is_variable) continue;
    facts[r.head.symbol].emplace_back(a, b);
  }
  std::optional<std::vector<kif::Term>> best;
  for (const auto& [relation, pairs] : facts) {
    std::unordered_map<kif::Term, kif::Term, kif::TermHash> next;
    std::unordered_set<kif::Term, kif::TermHash> has_pred;
    bool chain = true;
    for (const auto& [a, b] : pairs) {
      if (a == b || !next.emplace(a, b).second || !has_pred.insert(b).second) chain = false;
    }
    if (!chain) continue;
    for (const kif::Term& start : values) {
      std::vector<kif::Term> walk{start};
      size_t seen = 1;
      while (seen < values.size() && walk.size() <= pairs.size()) {
        auto it = next.find(walk.back());
        if (it == next.end()) break;
        walk.push_back(it->second);
        if (values.count(it->second) != 0) ++seen;
      }
      if (seen == values.size() && (!best || walk.size() < best->size())) best = walk;
    }
  }
  return best;
}

std::optional<std::vector<kif::Term>> OrderValues(const TermSet& values, Context& c) {
  for (const kif::Term& t : values) {
    if (t.is_compound || t.is_variable) return std::nullopt;
  }
  if (auto numbers = OrderNumbers(values, c)) return numbers;
  return OrderByChain(values, c);
}

struct Candidate {
  kif::SymbolId functor = -1;
  int x = 0, y = 1, content = 2;
  size_t fluents = 0;
  std::vector<kif::Term> files, ranks;
};

// Checks one (relation, argument roles) choice over every recorded state.
std::optional<Candidate> TryCandidate(kif::SymbolId functor, int x, int y, int content, Context& c) {
  Candidate cand{functor, x, y, content, 0, {}, {}};
  TermSet xs, ys;
  for (const SimGame& g : *c.games) {
    for (const SimStep& s : g.steps) {
      std::set<std::pair<kif::SymbolId, kif::SymbolId>> cells;
      for (const kif::Term& f : s.fluents) {
        if (f.symbol != functor || f.arity() != 3) continue;
        const kif::Term& fx = f.args[static_cast<size_t>(x)];
        const kif::Term& fy = f.args[static_cast<size_t>(y)];
        if (fx.is_compound || fy.is_compound) return std::nullopt;
        if (!cells.emplace(fx.symbol, fy.symbol).second) {
          return std::nullopt;  // two contents on one cell
        }
        xs.insert(fx);
        ys.insert(fy);
        ++cand.fluents;
      }
    }
  }
  if (xs.size() < 2 || ys.size() < 2) return std::nullopt;
  auto files = OrderValues(xs, c);
  auto ranks = OrderValues(ys, c);
  if (!files || !ranks) return std::nullopt;
  cand.files = std::move(*files);
  cand.ranks = std::move(*ranks);
  return cand;
}

}  // namespace

std::string SquareName(const BoardShape& shape, int sq) {
  const int x = sq % shape.width;
  const int y = sq / shape.width;
  std::string name;
  name += x < 26 ? static_cast<char>('a' + x) : '?';
  name += std::to_string(y + 1);
  return name;
}

std::optional<std::string> FindBoard(Context& c) {
  std::set<kif::SymbolId> functors;
  for (const SimGame& g : *c.games) {
    for (const SimStep& s : g.steps) {
      for (const kif::Term& f : s.fluents) {
        if (f.is_compound && f.arity() == 3) functors.insert(f.symbol);
      }
    }
  }
  std::optional<Candidate> best;
  static constexpr int kRoles[3][3] = {{0, 1, 2}, {1, 2, 0}, {0, 2, 1}};  // x, y, content
  for (kif::SymbolId functor : functors) {
    for (const auto& r : kRoles) {
      std::optional<Candidate> cand = TryCandidate(functor, r[0], r[1], r[2], c);
      if (cand && (!best || cand->fluents > best->fluents)) best = std::move(cand);
      if (cand) break;  // the first working assignment of a relation is its reading
    }
  }
  if (!best) {
    return "no board: no state relation (cell x y content) with ordered coordinates and one "
           "content per cell";
  }
  const int width = static_cast<int>(best->files.size());
  const int height = static_cast<int>(best->ranks.size());
  if (width * height > 32 * 32) return "board too large (" + std::to_string(width * height) + " squares)";
  BoardGame& game = c.out->game;
  game.shape = BoardShape{width, height};
  GdlBinding& b = game.gdl;
  b.cell_functor = best->functor;
  b.cell_arity = 3;
  b.x_arg = best->x;
  b.y_arg = best->y;
  b.content_arg = best->content;
  b.files = std::move(best->files);
  b.ranks = std::move(best->ranks);
  return std::nullopt;
}

}  // namespace ggp::reasoner::board::internal
