#include <algorithm>
#include <unordered_map>

#include "reasoner/propnet/graph.h"

namespace ggp::reasoner::propnet {
namespace {

uint64_t HashOf(uint8_t kind, const std::vector<uint32_t>& v) {
  uint64_t h = (v.size() * 4 + kind) * 0x9E3779B97F4A7C15ull;
  for (uint32_t x : v) h = (h ^ x) * 0x100000001B3ull + (h >> 29);
  return h;
}

}  // namespace

// Simplifies the gates until nothing changes and returns each node's representative:
//  - inputs are rewritten to representatives, sorted and de-duplicated (AND and OR are
//    idempotent);
//  - a gate with a single non-inverted input is that input (a gate whose only input is
//    itself has no support: it is false);
//  - gates of the same kind over the same inputs are merged (structural hashing).
// `fwd` maps each node to the node it was merged into (itself if none); extended to
// the current node count.
std::vector<uint32_t> Simplify(Graph& g, std::vector<uint32_t>& fwd) {
  size_t n = g.kind.size();
  for (uint32_t v = static_cast<uint32_t>(fwd.size()); v < n; ++v) fwd.push_back(v);
  auto find = [&](uint32_t v) {
    while (fwd[v] != v) {
      fwd[v] = fwd[fwd[v]];
      v = fwd[v];
    }
    return v;
  };
  // Structural hashing by a hash of (kind, inputs); a collision between different gates
  // only forgoes a merge. Merges enable merges further up, so passes repeat; they are
  // capped because every intermediate result is a valid circuit.
  std::unordered_map<uint64_t, uint32_t> seen;
  seen.reserve(n);
  auto same = [&](uint32_t a, uint32_t b) { return g.kind[a] == g.kind[b] && g.inputs[a] == g.inputs[b]; };
  for (int pass = 0, changed = 1; changed && pass < 8; ++pass) {
    changed = 0;
    seen.clear();
    for (uint32_t v = 0; v < n; ++v) {
      if (g.kind[v] == Graph::kLeaf || fwd[v] != v) continue;
      auto& in = g.inputs[v];
      for (uint32_t& e : in) e = find(e & kEdgeTargetMask) | (e & kInvertedEdge);
      std::sort(in.begin(), in.end());
      in.erase(std::unique(in.begin(), in.end()), in.end());
      if (in.size() == 1 && !(in[0] & kInvertedEdge)) {
        fwd[v] = in[0] == v ? g.const_false : in[0];
        changed = 1;
        continue;
      }
      auto [it, inserted] = seen.emplace(HashOf(g.kind[v], in), v);
      if (!inserted && it->second != v && fwd[it->second] == it->second && same(it->second, v)) {
        fwd[v] = it->second;
        changed = 1;
      }
    }
  }
  std::vector<uint32_t> root(n);
  for (uint32_t v = 0; v < n; ++v) root[v] = find(v);
  return root;
}

// A disjunction over more than half of one role's move leaves is the negation of the
// disjunction over the others (exactly one of a role's leaves holds once a joint move is
// set; propnet.h). Frame rules produce such disjunctions ("some move that does not
// touch this cell"); complementing them cuts each move leaf's fan-out.
//
// Not for a role with a pass move (a leaf that almost none of the role's disjunctions
// contain, such as `noop` in a turn-taking game): the pass is in every complement, so
// each change of turn would flip every complemented gate, where the plain disjunctions
// of the mover's moves keep their values. Measured: complementing made breakthrough 5x
// slower and skirmish 2x, and made one-player games with many moves up to 1.5x faster.
void ComplementMoveDisjunctions(Graph& g, const std::vector<uint32_t>& fwd) {
  size_t n = g.kind.size();
  size_t num_roles = g.no_move.size();
  std::vector<int32_t> role_of(n, -1);
  std::vector<std::vector<uint32_t>> leaves(num_roles);
  for (size_t r = 0; r < num_roles; ++r) {
    for (int32_t leaf : g.input[r]) leaves[r].push_back(static_cast<uint32_t>(leaf));
    leaves[r].push_back(g.no_move[r]);
    for (uint32_t leaf : leaves[r]) role_of[leaf] = static_cast<int32_t>(r);
  }
  std::vector<uint32_t> candidates;
  for (uint32_t v = 0; v < n; ++v) {
    if (g.kind[v] != Graph::kOr || fwd[v] != v) continue;
    const auto& in = g.inputs[v];
    bool all_moves = !in.empty() && std::all_of(in.begin(), in.end(), [&](uint32_t e) {
      return !(e & kInvertedEdge) && role_of[e] >= 0;
    });
    if (all_moves) candidates.push_back(v);
  }
  // complemented[r]: disjunctions over most of r's leaves; contained[leaf]: how many of
  // them contain the leaf.
  std::vector<size_t> count(num_roles);
  std::vector<size_t> complemented(num_roles, 0);
  std::vector<uint32_t> contained(n, 0);
  auto count_roles = [&](uint32_t v) {
    std::fill(count.begin(), count.end(), 0);
    for (uint32_t e : g.inputs[v]) ++count[static_cast<size_t>(role_of[e])];
  };
  for (uint32_t v : candidates) {
    count_roles(v);
    for (uint32_t e : g.inputs[v]) {
      size_t r = static_cast<size_t>(role_of[e]);
      if (count[r] * 2 > leaves[r].size()) ++contained[e];
    }
    for (size_t r = 0; r < num_roles; ++r) complemented[r] += count[r] * 2 > leaves[r].size();
  }
  std::vector<uint8_t> allowed(num_roles, 1);
  for (size_t r = 0; r < num_roles; ++r) {
    for (uint32_t leaf : leaves[r]) {
      if (leaf != g.no_move[r] && complemented[r] >= 2 && contained[leaf] * 8 < complemented[r]) {
        allowed[r] = 0;  // a pass move
      }
    }
  }
  std::vector<uint32_t> mark(n, 0xFFFFFFFFu);
  for (uint32_t v : candidates) {
    count_roles(v);
    auto complement = [&](size_t r) { return allowed[r] && count[r] * 2 > leaves[r].size(); };
    std::vector<uint32_t> kept;
    std::vector<uint32_t> added;
    for (uint32_t e : g.inputs[v]) mark[e] = v;
    for (size_t r = 0; r < num_roles; ++r) {
      if (!complement(r)) continue;
      std::vector<uint32_t> negated;
      for (uint32_t leaf : leaves[r]) {
        if (mark[leaf] != v) negated.push_back(leaf | kInvertedEdge);
      }
      uint32_t gate = g.AddNode(Graph::kAnd);
      g.inputs[gate] = std::move(negated);
      added.push_back(gate);
    }
    if (added.empty()) continue;
    for (uint32_t e : g.inputs[v]) {
      if (!complement(static_cast<size_t>(role_of[e]))) kept.push_back(e);
    }
    kept.insert(kept.end(), added.begin(), added.end());
    g.inputs[v] = std::move(kept);
  }
}

// Most legal gates of a turn-taking game share one input (`true (control r)`), so every
// change of turn would touch all of them. For each role, the input literal shared by the
// most legal AND gates (at least two and half of the role's moves) becomes the role's
// guard: those moves read an AND of their other inputs, and LegalMoves checks the guard
// once. Sets g.legal to the reduced gates and fills guard/guarded.
void ExtractLegalGuards(Graph& g, std::vector<uint32_t>& root, std::vector<uint32_t>* guard,
                        std::vector<std::vector<uint8_t>>* guarded) {
  std::unordered_map<uint32_t, uint32_t> count;
  for (size_t r = 0; r < g.legal.size(); ++r) {
    auto& legal = g.legal[r];
    guard->push_back(kNoGuard);
    guarded->emplace_back(legal.size(), 0);
    count.clear();
    uint32_t best = kNoGuard, best_count = 1;
    for (uint32_t& v : legal) {
      v = root[v];
      if (g.kind[v] != Graph::kAnd || g.inputs[v].size() < 2) continue;
      for (uint32_t e : g.inputs[v]) {
        uint32_t c = ++count[e];
        if (c > best_count || (c == best_count && e < best)) {
          best = e;
          best_count = c;
        }
      }
    }
    if (best == kNoGuard || best_count * 2 < legal.size()) continue;
    (*guard)[r] = best;
    for (size_t m = 0; m < legal.size(); ++m) {
      uint32_t v = legal[m];
      if (g.kind[v] != Graph::kAnd || g.inputs[v].size() < 2) continue;
      std::vector<uint32_t> rest;
      for (uint32_t e : g.inputs[v]) {
        if (e != best) rest.push_back(e);
      }
      if (rest.size() == g.inputs[v].size()) continue;
      (*guarded)[r][m] = 1;
      if (rest.size() == 1 && !(rest[0] & kInvertedEdge)) {
        legal[m] = rest[0];
        continue;
      }
      uint32_t gate = g.AddNode(Graph::kAnd);
      g.inputs[gate] = std::move(rest);
      root.push_back(gate);
      legal[m] = gate;
    }
  }
}

}  // namespace ggp::reasoner::propnet
