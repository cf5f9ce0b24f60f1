#include "agent/player/registry.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <utility>

#include "agent/player/montecarlo_player.h"
#include "agent/player/simple_players.h"

namespace ggp::agent {
namespace {

struct Entry {
  PolicyFactory factory;
  std::string description;
};

struct Registry {
  std::mutex mu;
  std::map<std::string, Entry, std::less<>> entries;
};

// The registry, with the built-in policies in it from first use on.
Registry& GetRegistry() {
  static Registry* registry = [] {
    auto* r = new Registry;
    r->entries["random"] = {[](const PlayerOptions& o) { return MakeRandomPlayer(o); },
                            "a uniformly random legal move"};
    r->entries["legal"] = {[](const PlayerOptions& o) { return MakeLegalPlayer(o); },
                           "the first legal move"};
    r->entries["montecarlo"] = {
        [](const PlayerOptions& o) { return std::make_unique<MonteCarloPlayer>(o); },
        "flat Monte Carlo: random playouts per legal move until the deadline"};
    return r;
  }();
  return *registry;
}

}  // namespace

bool RegisterPolicy(std::string name, PolicyFactory factory, std::string description) {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  auto [it, inserted] = r.entries.insert_or_assign(
      std::move(name), Entry{std::move(factory), std::move(description)});
  (void)it;
  return inserted;
}

std::unique_ptr<Player> MakePlayer(std::string_view policy, const PlayerOptions& options) {
  PolicyFactory factory;
  {
    Registry& r = GetRegistry();
    std::lock_guard<std::mutex> lock(r.mu);
    auto it = r.entries.find(policy);
    if (it == r.entries.end()) return nullptr;
    factory = it->second.factory;
  }
  return factory ? factory(options) : nullptr;
}

bool HasPolicy(std::string_view policy) {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  return r.entries.find(policy) != r.entries.end();
}

std::vector<std::string> PolicyNames() {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  std::vector<std::string> names;
  names.reserve(r.entries.size());
  for (const auto& [name, entry] : r.entries) names.push_back(name);
  return names;  // std::map keeps them sorted
}

std::string PolicyDescription(std::string_view policy) {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.entries.find(policy);
  return it == r.entries.end() ? std::string() : it->second.description;
}

}  // namespace ggp::agent
