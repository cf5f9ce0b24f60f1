#include "reasoner/board/dfa_io.h"

#include <map>
#include <sstream>

namespace ggp::reasoner::board {

nlohmann::json DfaToJson(const Dfa& dfa) {
  nlohmann::json accepting = nlohmann::json::array(), edges = nlohmann::json::array();
  for (int s = 0; s < dfa.num_states(); ++s) {
    if (dfa.accepting(s)) accepting.push_back(s);
    for (const Dfa::Edge& e : dfa.edges(s)) edges.push_back({s, ToString(Decode(e.label)), e.target});
  }
  return {{"states", dfa.num_states()}, {"accepting", accepting}, {"edges", edges}};
}

std::optional<Dfa> DfaFromJson(const nlohmann::json& j, std::string* why) {
  try {
    const int n = j.at("states").get<int>();
    if (n < 1 || n > 100000) throw std::runtime_error("bad state count");
    Dfa d;
    for (int s = 1; s < n; ++s) d.AddState(false);
    for (const auto& a : j.at("accepting")) {
      const int s = a.get<int>();
      if (s < 0 || s >= n) throw std::runtime_error("bad accepting state");
      d.SetAccepting(s, true);
    }
    for (const auto& e : j.at("edges")) {
      const int from = e.at(0).get<int>(), to = e.at(2).get<int>();
      std::optional<Pattern> p = ParsePattern(e.at(1).get<std::string>());
      if (from < 0 || from >= n || to < 0 || to >= n || !p || p->size() != 1) throw std::runtime_error("bad edge");
      d.SetEdge(from, Encode((*p)[0]), to);
    }
    return d;
  } catch (const std::exception& e) {
    *why = std::string("malformed DFA: ") + e.what();
    return std::nullopt;
  }
}

std::string DfaToDot(const Dfa& dfa, const std::string& name) {
  std::ostringstream o;
  o << "digraph \"" << name << "\" {\n  rankdir=LR;\n  label=\"" << name << "\";\n"
    << "  start [shape=point];\n  start -> q0;\n";
  for (int s = 0; s < dfa.num_states(); ++s) {
    o << "  q" << s << " [shape=" << (dfa.accepting(s) ? "doublecircle" : "circle") << "];\n";
  }
  for (int s = 0; s < dfa.num_states(); ++s) {
    std::map<int, std::string> labels;
    for (const Dfa::Edge& e : dfa.edges(s)) {
      std::string& l = labels[e.target];
      l += (l.empty() ? "" : "\\n") + ToString(Decode(e.label));
    }
    for (const auto& [t, l] : labels) o << "  q" << s << " -> q" << t << " [label=\"" << l << "\"];\n";
  }
  o << "}\n";
  return o.str();
}

}  // namespace ggp::reasoner::board
