#include "agent/search/fluent_types.h"

namespace ggp::agent::search {

std::string FluentTypeOf(const kif::Term& t, const kif::SymbolTable& symbols) {
  if (!t.is_compound || t.args.empty()) return kif::ToString(t, symbols);
  return kif::ToString(kif::Term::Atom(t.symbol), symbols) + "/" +
         kif::ToString(t.args.back(), symbols);
}

bool FluentTyper::Type(const reasoner::StateMachine& machine, const reasoner::State& s,
                       const std::vector<uint32_t>& fluents) {
  bool untyped = false;
  for (uint32_t f : fluents) untyped = untyped || f >= type_of.size() || type_of[f] == kUnseen;
  if (!untyped) return true;
  const std::vector<kif::Term> terms = machine.Fluents(s);
  if (terms.size() != fluents.size()) return false;
  for (size_t i = 0; i < terms.size(); ++i) {
    const uint32_t f = fluents[i];
    if (f >= type_of.size()) type_of.resize(f + 1, kUnseen);
    if (type_of[f] != kUnseen) continue;
    const std::string name = FluentTypeOf(terms[i], machine.symbols());
    auto it = ids.find(name);
    if (it == ids.end() && fixed) {
      type_of[f] = kUnknownType;
      continue;
    }
    if (it == ids.end()) {
      it = ids.emplace(name, static_cast<int>(names.size())).first;
      names.push_back(name);
    }
    type_of[f] = it->second;
  }
  return true;
}

}  // namespace ggp::agent::search
