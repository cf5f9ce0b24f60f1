#include <algorithm>
#include <charconv>
#include <iterator>
#include <unordered_map>

#include "reasoner/propnet/graph.h"

namespace ggp::reasoner::propnet {
namespace {

using ground::TermId;

enum : uint8_t { kUnknown = 0, kIsTrue = 1, kIsFalse = 2 };

// Constant folding over the ground rules: which sentences are true or false in every
// reachable state. Fluents and move inputs are never constant.
struct Folding {
  std::vector<uint8_t> value;  // per atom
  std::vector<uint8_t> dead;   // per rule
};

Folding Fold(const ground::GroundProgram& p, const std::vector<int32_t>& rule_head,
             const std::unordered_map<TermId, uint32_t>& atom_of, const std::vector<bool>& is_leaf) {
  size_t n = is_leaf.size();
  Folding f;
  f.value.assign(n, kUnknown);
  f.dead.assign(p.rules.size(), 0);
  std::vector<uint32_t> remaining(p.rules.size(), 0), alive(n, 0);
  std::vector<std::vector<uint32_t>> occurrences(n);  // rule << 1 | negated
  for (size_t r = 0; r < p.rules.size(); ++r) {
    const ground::GroundRule& g = p.rules[r];
    for (TermId s : p.Positive(g)) {
      auto it = atom_of.find(s);
      if (it == atom_of.end()) {
        f.dead[r] = 1;
      } else {
        occurrences[it->second].push_back(static_cast<uint32_t>(r << 1));
        ++remaining[r];
      }
    }
    for (TermId s : p.Negative(g)) {
      auto it = atom_of.find(s);
      if (it == atom_of.end()) continue;  // never true: the literal always holds
      occurrences[it->second].push_back(static_cast<uint32_t>(r << 1 | 1));
      ++remaining[r];
    }
    if (!f.dead[r]) ++alive[static_cast<size_t>(rule_head[r])];
  }
  std::vector<uint32_t> queue;
  auto set = [&](uint32_t a, uint8_t v) {
    if (f.value[a] != kUnknown || is_leaf[a]) return;
    f.value[a] = v;
    queue.push_back(a);
  };
  for (uint32_t a = 0; a < n; ++a) {
    if (!is_leaf[a] && alive[a] == 0) set(a, kIsFalse);
  }
  for (size_t r = 0; r < p.rules.size(); ++r) {
    if (!f.dead[r] && remaining[r] == 0) set(static_cast<uint32_t>(rule_head[r]), kIsTrue);
  }
  while (!queue.empty()) {
    uint32_t a = queue.back();
    queue.pop_back();
    for (uint32_t occ : occurrences[a]) {
      size_t r = occ >> 1;
      if (f.dead[r]) continue;
      bool satisfied = (f.value[a] == kIsTrue) != ((occ & 1) != 0);
      uint32_t head = static_cast<uint32_t>(rule_head[r]);
      if (satisfied) {
        if (--remaining[r] == 0) set(head, kIsTrue);
      } else {
        f.dead[r] = 1;
        if (--alive[head] == 0) set(head, kIsFalse);
      }
    }
  }
  return f;
}

std::optional<int> GoalValue(const kif::SymbolTable& symbols, const ground::TermStore& terms, TermId t) {
  if (terms.is_compound(t)) return std::nullopt;
  std::string_view name = symbols.Name(terms.functor(t));
  int v = 0;
  auto [ptr, ec] = std::from_chars(name.data(), name.data() + name.size(), v);
  if (ec != std::errc() || ptr != name.data() + name.size()) return std::nullopt;
  return v;
}

// A node for the disjunction of the conjunctions `bodies` (sorted literal lists), with
// shared literals factored out greedily:
//   (l and R1) or (l and R2) or S  =  (l and (R1 or R2)) or S.
// This keeps frame rules (a `true` cell with each of many `does`) from multiplying the
// fan-out of the cell. Among literals shared by equally many bodies, a move input
// (is_move[l]; not a negated one) is taken first: moves change at every step, and a move
// factored out feeds one small gate per head, while the disjunction left under it (of
// state literals, which change less often) is shared between heads by structural
// hashing. The other way round, a disjunction of moves shared by many heads would pass
// every change of a move to all their gates. Recursion depth is bounded by the body
// length.
uint32_t AddDisjunction(std::vector<std::vector<uint32_t>> bodies, const std::vector<uint8_t>& is_move,
                        Graph* g, int depth) {
  for (const auto& b : bodies) {
    if (b.empty()) return g->const_true;
  }
  if (bodies.size() == 1) {
    uint32_t gate = g->AddNode(Graph::kAnd);
    g->inputs[gate] = std::move(bodies[0]);
    return gate;
  }
  uint32_t result = g->AddNode(Graph::kOr);
  std::unordered_map<uint32_t, uint32_t> count;
  for (int round = 0; depth < 32 && round < 64 && bodies.size() > 1; ++round) {
    count.clear();
    uint32_t best = 0, best_count = 1;
    bool best_move = false;
    for (const auto& b : bodies) {
      for (uint32_t l : b) {
        uint32_t c = ++count[l];
        bool move = l < is_move.size() && is_move[l];
        if (c > best_count ||
            (c == best_count && c > 1 && (move > best_move || (move == best_move && l < best)))) {
          best = l;
          best_count = c;
          best_move = move;
        }
      }
    }
    if (best_count < 2) break;
    std::vector<std::vector<uint32_t>> group, rest;
    for (auto& b : bodies) {
      auto it = std::lower_bound(b.begin(), b.end(), best);
      if (it != b.end() && *it == best) {
        b.erase(it);
        group.push_back(std::move(b));
      } else {
        rest.push_back(std::move(b));
      }
    }
    uint32_t sub = AddDisjunction(std::move(group), is_move, g, depth + 1);
    uint32_t gate = g->AddNode(Graph::kAnd);
    g->inputs[gate] = {best, sub};
    g->inputs[result].push_back(gate);
    bodies = std::move(rest);
  }
  for (auto& b : bodies) {
    uint32_t gate = g->AddNode(Graph::kAnd);
    g->inputs[gate] = std::move(b);
    g->inputs[result].push_back(gate);
  }
  return result;
}

}  // namespace

bool BuildGraph(const ground::GroundProgram& p, ground::Budget& budget, Graph* g,
                std::string* error) {
  const ground::TermStore& terms = p.terms;
  size_t num_roles = p.role_terms.size();
  std::unordered_map<TermId, uint32_t> atom_of;
  std::unordered_map<TermId, int> role_of;
  for (size_t r = 0; r < num_roles; ++r) role_of.emplace(p.role_terms[r], static_cast<int>(r));
  std::vector<bool> is_leaf(p.facts.size(), false);
  for (uint32_t a = 0; a < p.facts.size(); ++a) {
    atom_of.emplace(p.facts[a], a);
    kif::SymbolId rel = terms.functor(p.facts[a]);
    is_leaf[a] = terms.is_compound(p.facts[a]) &&
                 ((rel == kif::kTrue && terms.args(p.facts[a]).size() == 1) ||
                  (rel == kif::kDoes && terms.args(p.facts[a]).size() == 2));
  }
  std::vector<int32_t> rule_head(p.rules.size());
  for (size_t r = 0; r < p.rules.size(); ++r) {
    auto it = atom_of.find(p.rules[r].head);
    if (it == atom_of.end()) {
      *error = "internal: rule head is not a fact of the relaxed model";
      return false;
    }
    rule_head[r] = static_cast<int32_t>(it->second);
  }
  Folding fold = Fold(p, rule_head, atom_of, is_leaf);

  // Nodes: constants, then one per atom that is a leaf or a non-constant view.
  g->const_false = g->AddNode(Graph::kLeaf);
  g->const_true = g->AddNode(Graph::kLeaf);
  std::vector<uint32_t> node_of(p.facts.size());
  std::vector<uint8_t> is_move;  // per node: a move input
  for (uint32_t a = 0; a < p.facts.size(); ++a) {
    if (is_leaf[a]) {
      node_of[a] = g->AddNode(Graph::kLeaf);
      if (terms.functor(p.facts[a]) == kif::kDoes) {
        is_move.resize(node_of[a] + 1, 0);
        is_move[node_of[a]] = 1;
      }
    } else if (fold.value[a] == kIsTrue) {
      node_of[a] = g->const_true;
    } else if (fold.value[a] == kIsFalse) {
      node_of[a] = g->const_false;
    } else {
      node_of[a] = g->AddNode(Graph::kOr);
    }
  }
  // Gates. Each rule's literals become the inputs of an AND; a view is the OR of its
  // rules. Literals common to every rule of a view are factored out:
  //   (L and R1) or (L and R2) ... = L and (R1 or R2 ...),
  // which keeps frame rules (`true` cell and some `does`) from multiplying fan-out.
  std::vector<std::vector<uint32_t>> rules_of(p.facts.size());
  for (size_t r = 0; r < p.rules.size(); ++r) {
    uint32_t head = static_cast<uint32_t>(rule_head[r]);
    if (!fold.dead[r] && fold.value[head] == kUnknown) rules_of[head].push_back(static_cast<uint32_t>(r));
  }
  auto literals = [&](size_t r, std::vector<uint32_t>* in) {
    in->clear();
    for (TermId s : p.Positive(p.rules[r])) {
      uint32_t a = atom_of.at(s);
      if (is_leaf[a] || fold.value[a] == kUnknown) in->push_back(node_of[a]);
    }
    for (TermId s : p.Negative(p.rules[r])) {
      auto it = atom_of.find(s);
      if (it == atom_of.end()) continue;
      uint32_t a = it->second;
      if (is_leaf[a] || fold.value[a] == kUnknown) in->push_back(node_of[a] | kInvertedEdge);
    }
    std::sort(in->begin(), in->end());
    in->erase(std::unique(in->begin(), in->end()), in->end());
  };
  size_t work = 0;
  std::vector<std::vector<uint32_t>> bodies;
  for (uint32_t a = 0; a < p.facts.size(); ++a) {
    if (rules_of[a].empty()) continue;
    bodies.resize(rules_of[a].size());
    for (size_t i = 0; i < rules_of[a].size(); ++i) literals(rules_of[a][i], &bodies[i]);
    uint32_t node = node_of[a];
    g->kind[node] = Graph::kOr;
    g->inputs[node] = {AddDisjunction(std::move(bodies), is_move, g, 0)};
    bodies.clear();
    work += rules_of[a].size();
    if (work > 16384) {
      work = 0;
      if (!budget.Charge(size_t{16384} * 64) || budget.TimeUp()) {
        *error = "propnet build " + budget.ExceededReason();
        return false;
      }
    }
  }

  // Interface: fluents, moves, goals, terminal, initial state.
  std::unordered_map<TermId, uint32_t> fluent_of;
  std::vector<std::unordered_map<TermId, int32_t>> move_of(num_roles);
  g->legal.resize(num_roles);
  g->input.resize(num_roles);
  g->goals.resize(num_roles);
  g->move_terms.resize(num_roles);
  g->terminal = g->const_false;
  for (uint32_t a = 0; a < p.facts.size(); ++a) {
    TermId s = p.facts[a];
    kif::SymbolId rel = terms.functor(s);
    std::span<const TermId> args = terms.is_compound(s) ? terms.args(s) : std::span<const TermId>{};
    if (rel == kif::kTrue && is_leaf[a]) {
      fluent_of.emplace(args[0], static_cast<uint32_t>(g->fluent_base.size()));
      g->fluent_base.push_back(static_cast<int32_t>(node_of[a]));
      g->fluent_terms.push_back(terms.ToKif(args[0]));
    } else if (rel == kif::kLegal && args.size() == 2 && role_of.count(args[0])) {
      size_t role = static_cast<size_t>(role_of.at(args[0]));
      move_of[role].emplace(args[1], static_cast<int32_t>(g->legal[role].size()));
      g->legal[role].push_back(node_of[a]);
      g->input[role].push_back(-1);
      g->move_terms[role].push_back(terms.ToKif(args[1]));
    } else if (rel == kif::kTerminal && args.empty()) {
      g->terminal = node_of[a];
    }
  }
  g->fluent_next.assign(g->fluent_base.size(), g->const_false);
  for (uint32_t a = 0; a < p.facts.size(); ++a) {
    TermId s = p.facts[a];
    kif::SymbolId rel = terms.functor(s);
    std::span<const TermId> args = terms.is_compound(s) ? terms.args(s) : std::span<const TermId>{};
    if (rel == kif::kNext && args.size() == 1) {
      auto it = fluent_of.find(args[0]);
      if (it != fluent_of.end()) g->fluent_next[it->second] = node_of[a];
    } else if (rel == kif::kDoes && is_leaf[a] && role_of.count(args[0])) {
      size_t role = static_cast<size_t>(role_of.at(args[0]));
      auto it = move_of[role].find(args[1]);
      if (it != move_of[role].end()) g->input[role][static_cast<size_t>(it->second)] = static_cast<int32_t>(node_of[a]);
    } else if (rel == kif::kGoal && args.size() == 2 && role_of.count(args[0])) {
      std::optional<int> v = GoalValue(*p.symbols, terms, args[1]);
      if (v) g->goals[static_cast<size_t>(role_of.at(args[0]))].emplace_back(*v, node_of[a]);
    }
  }
  for (size_t r = 0; r < num_roles; ++r) {
    for (int32_t& leaf : g->input[r]) {
      if (leaf < 0) leaf = static_cast<int32_t>(g->AddNode(Graph::kLeaf));
    }
    g->no_move.push_back(g->AddNode(Graph::kLeaf));
  }
  g->initial = State(g->fluent_base.size());
  for (TermId x : p.init) {
    auto it = fluent_of.find(x);
    if (it != fluent_of.end()) g->initial.Set(it->second);
  }
  return true;
}

}  // namespace ggp::reasoner::propnet
