// Heuristic::Rebind: a learned evaluation carried to another machine of the same game by
// the terms of its fluents (heuristic.h).

#include <string>
#include <unordered_map>
#include <utility>

#include "agent/search/fluent_types.h"
#include "agent/search/heuristic.h"
#include "reasoner/random.h"

namespace ggp::agent::search {

using reasoner::Move;
using reasoner::State;

std::shared_ptr<const Heuristic> Heuristic::Rebind(const reasoner::StateMachine& machine,
                                                   const State& from, int games,
                                                   uint64_t seed) const {
  if (machine.num_roles() != num_roles_) return nullptr;
  if (!machine.FluentIndexedStates()) {  // the machine sums the weights on its own states
    auto h = std::shared_ptr<Heuristic>(new Heuristic(*this));
    h->machine_ = &machine;
    h->fluent_weight_.assign(static_cast<size_t>(num_roles_), {});
    h->compiled_.assign(static_cast<size_t>(num_roles_), nullptr);
    std::unordered_map<std::string, int> ids;
    for (size_t i = 0; i < type_names_.size(); ++i) ids.emplace(type_names_[i], static_cast<int>(i));
    for (int r = 0; r < num_roles_; ++r) {
      const size_t ri = static_cast<size_t>(r);
      if (!usable_[ri]) continue;
      std::shared_ptr<const reasoner::FluentWeights> compiled =
          machine.CompileFluentWeights([&](const kif::Term& t) {
            auto it = ids.find(FluentTypeOf(t, machine.symbols()));
            return it == ids.end() ? 0.0 : type_weight_[ri][static_cast<size_t>(it->second)];
          });
      if (compiled == nullptr) return nullptr;
      h->compiled_[ri] = std::move(compiled);
    }
    return h;
  }
  FluentTyper typer;
  typer.names = type_names_;
  for (size_t i = 0; i < type_names_.size(); ++i) typer.ids.emplace(type_names_[i], static_cast<int>(i));
  typer.fixed = true;
  auto ws = machine.NewWorkspace();
  reasoner::Rng rng(seed);
  std::vector<Move> legal, joint(static_cast<size_t>(num_roles_));
  std::vector<uint32_t> fluents;
  State s, next;
  auto type = [&](const State& state) {
    fluents.clear();
    state.ForEach([&](uint32_t f) { fluents.push_back(f); });
    return typer.Type(machine, state, fluents);
  };
  if (!type(from)) return nullptr;
  for (int g = 0; g < games; ++g) {
    s = from;
    for (int step = 0; step < 500 && !machine.IsTerminal(s, *ws); ++step) {
      bool ok = true;
      for (int r = 0; ok && r < num_roles_; ++r) {
        machine.LegalMoves(s, r, *ws, &legal);
        if (legal.empty()) ok = false;
        else joint[static_cast<size_t>(r)] = legal[rng.Below(static_cast<uint32_t>(legal.size()))];
      }
      if (!ok) break;
      machine.NextState(s, joint, *ws, &next);
      std::swap(s, next);
      if (!type(s)) return nullptr;
    }
  }
  auto h = std::shared_ptr<Heuristic>(new Heuristic(*this));
  h->machine_ = &machine;
  h->compiled_.assign(static_cast<size_t>(num_roles_), nullptr);
  for (int r = 0; r < num_roles_; ++r) {
    const size_t ri = static_cast<size_t>(r);
    h->fluent_weight_[ri].assign(typer.type_of.size(), 0.0f);
    if (!usable_[ri]) continue;
    for (size_t f = 0; f < typer.type_of.size(); ++f) {
      const int32_t t = typer.type_of[f];
      if (t >= 0) h->fluent_weight_[ri][f] = static_cast<float>(type_weight_[ri][static_cast<size_t>(t)]);
    }
  }
  return h;
}

}  // namespace ggp::agent::search
