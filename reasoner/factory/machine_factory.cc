// The back end choice. Each back end has its own Build* function returning a
// MachineBuild; CreateMachine picks one by name and times the whole build. "auto" tries
// the propnet first, verifies it against the prover with VerifyAgainst (verify.h) and
// falls back to the prover, with the reason, when the build fails or they disagree.

#include "reasoner/factory/machine_factory.h"

#include <algorithm>
#include <chrono>
#include <exception>

#include "reasoner/board/board_game_io.h"
#include "reasoner/board/learn_game.h"
#include "reasoner/factory/machine_race.h"
#include "reasoner/factory/split_machine.h"
#include "reasoner/factory/verify.h"
#include "reasoner/gdl/relevance.h"
#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/prover/prover_machine.h"

namespace ggp::reasoner {
namespace {

using Clock = std::chrono::steady_clock;

// The reference prover: builds for every description that has roles.
MachineBuild BuildProver(const gdl::Description& description, std::string reason) {
  MachineBuild build;
  std::string error;
  try {
    build.machine = ProverMachine::Build(description, &error);
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (!build.machine) {
    build.reason =
        "prover cannot be built: " + (error.empty() ? std::string("unknown error") : error);
    return build;
  }
  build.backend = "prover";
  build.reason = std::move(reason);
  return build;
}

// The roots of the split machine's propnet without terminal (BuildSplit).
constexpr kif::SymbolId kMoveRoots[] = {kif::kRole, kif::kInit, kif::kLegal,
                                        kif::kNext, kif::kBase, kif::kInput};

// The propnet, within the build budget (grounding + circuit). `busiest` (may be null):
// on failure, GroundStats::busiest_relation. With `defer`, a static table that legal and
// next do not need stops the grounding once it passes options.defer_fact_cap facts (the
// split machine will leave it to the prover).
MachineBuild BuildPropnet(const gdl::Description& description, const MachineOptions& options,
                          kif::SymbolId* busiest = nullptr, bool defer = false) {
  MachineBuild build;
  propnet::PropnetOptions popts;
  if (defer) {
    popts.ground.deferrable = gdl::KeepRelevant(description, kMoveRoots).dropped;
    popts.ground.deferrable_fact_cap = options.defer_fact_cap;
  }
  popts.budget.max_seconds = options.build_seconds;
  popts.budget.max_bytes = options.build_memory_bytes;
  popts.budget.cancel = options.cancel;
  propnet::PropnetBuild pn;
  try {
    pn = propnet::PropnetMachine::Build(description, popts);
  } catch (const std::exception& e) {
    pn.error = e.what();
  }
  if (!pn.machine) {
    build.reason = "propnet build failed: " + pn.error;
    if (busiest != nullptr) *busiest = pn.stats.ground.busiest_relation;
    return build;
  }
  build.machine = pn.machine;
  build.backend = "propnet";
  build.reason = "propnet of " + std::to_string(pn.stats.components) + " components and " +
                 std::to_string(pn.stats.edges) + " edges built in " +
                 std::to_string(static_cast<int>(pn.stats.build_seconds * 1000)) + " ms from " +
                 std::to_string(pn.stats.ground.rules) + " ground rules";
  if (pn.stats.ground.projected) {
    const ground::GroundStats& g = pn.stats.ground;
    build.reason += " (local variables projected, " + std::to_string(g.decomposed_rules) +
                    " rule bodies decomposed: the plain grounding stopped at " +
                    std::to_string(g.plain_rules) + " rules and " + std::to_string(g.plain_body) +
                    " body literals after trying " + std::to_string(g.plain_work) +
                    " candidate facts)";
  } else if (pn.stats.ground.rewrite_lost) {
    build.reason += " (a rewrite with local variables projected and bodies decomposed was "
                    "tried and needed more)";
  }
  if (pn.stats.ground.demand_restricted > 0) {
    build.reason += ", " + std::to_string(pn.stats.ground.demand_restricted) +
                    " relations grounded only where read";
  }
  if (pn.stats.ground.constant_fluents > 0) {
    build.reason += ", " + std::to_string(pn.stats.ground.constant_fluents) +
                    " constant fluents read from init";
  }
  if (pn.stats.demuxed_gates > 0) {
    build.reason += ", " + std::to_string(pn.stats.demuxed_gates) + " gates behind " +
                    std::to_string(pn.stats.selector_groups) + " selector groups";
  }
  if (pn.stats.branch_free_fanouts > 0) {
    build.reason += ", " + std::to_string(pn.stats.branch_free_fanouts) +
                    " components with hard-to-predict flips";
  }
  return build;
}

// The split machine (split_machine.h) within `seconds`: a propnet of the rules that
// legal, next and terminal need, goals by the prover; failing that, a propnet of what legal
// and next need, terminal too by the prover. `prover` (may be null: built here) is the
// whole game's prover. Fails when the goals and terminal need no rule of their own. A try
// is skipped when it keeps `busiest` (the relation whose rules exceeded the whole game's
// budget; -1: unknown): it would exceed it again (chess: legal needs its threats).
MachineBuild BuildSplit(const gdl::Description& description, const MachineOptions& options,
                        double seconds, std::shared_ptr<const StateMachine> prover,
                        kif::SymbolId busiest) {
  const Clock::time_point start = Clock::now();
  MachineBuild build;
  if (!prover) prover = BuildProver(description, "").machine;
  auto whole = std::dynamic_pointer_cast<const ProverMachine>(prover);
  if (!whole) {
    build.reason = "split machine: no prover of the whole game";
    return build;
  }
  std::vector<kif::SymbolId> roots = {kif::kRole, kif::kInit,  kif::kLegal,   kif::kNext,
                                      kif::kBase, kif::kInput, kif::kTerminal};
  const gdl::RelevantPart with_terminal = gdl::KeepRelevant(description, roots);
  roots.pop_back();
  const gdl::RelevantPart without_terminal = gdl::KeepRelevant(description, roots);
  // A relation of the grounder's own rewrites tells nothing about the game's rules.
  if (std::none_of(description.rules.begin(), description.rules.end(),
                   [busiest](const gdl::Rule& r) { return r.head.symbol == busiest; })) {
    busiest = -1;
  }
  std::string tried;
  for (int attempt = 0; attempt < 2; ++attempt) {
    const gdl::RelevantPart& part = attempt == 0 ? with_terminal : without_terminal;
    if (part.dropped_rules == 0) continue;
    if (attempt == 1 && part.dropped_rules == with_terminal.dropped_rules) continue;
    const char* what = attempt == 0 ? "goals" : "goals and terminal";
    if (busiest >= 0 && !std::binary_search(part.dropped.begin(), part.dropped.end(), busiest)) {
      tried += std::string(tried.empty() ? "" : "; ") + "without " + what + ", " +
               std::string(description.symbols->Name(busiest)) +
               " (whose rules exceeded the budget) is still needed";
      continue;
    }
    const double spent = std::chrono::duration<double>(Clock::now() - start).count();
    // The first try gets half the time when a second one could follow.
    const double left = seconds - spent;
    const bool second =
        attempt == 0 && without_terminal.dropped_rules > with_terminal.dropped_rules &&
        (busiest < 0 || std::binary_search(without_terminal.dropped.begin(),
                                           without_terminal.dropped.end(), busiest));
    propnet::PropnetOptions popts;
    popts.budget.max_seconds = second ? left / 2 : left;
    popts.budget.max_bytes = options.build_memory_bytes;
    popts.budget.cancel = options.cancel;
    if (popts.budget.max_seconds <= 0.01) break;
    propnet::PropnetBuild pn;
    try {
      pn = propnet::PropnetMachine::Build(part.description, popts);
    } catch (const std::exception& e) {
      pn.error = e.what();
    }
    if (!pn.machine) {
      tried += std::string(tried.empty() ? "" : "; ") + "without " + what + ": " + pn.error;
      continue;
    }
    std::string why;
    build.machine = SplitMachine::Create(pn.machine, whole, attempt == 0, &why);
    if (!build.machine) {
      tried += std::string(tried.empty() ? "" : "; ") + why;
      continue;
    }
    build.backend = "split";
    std::string left_out;
    for (size_t i = 0; i < part.dropped.size() && i < 6; ++i) {
      left_out +=
          std::string(i > 0 ? ", " : "") + std::string(description.symbols->Name(part.dropped[i]));
    }
    if (part.dropped.size() > 6) left_out += ", ... (" + std::to_string(part.dropped.size()) + ")";
    build.reason = "split machine: propnet of " + std::to_string(pn.stats.components) +
                   " components built in " +
                   std::to_string(static_cast<int>(pn.stats.build_seconds * 1000)) + " ms from " +
                   std::to_string(pn.stats.ground.rules) + " ground rules without " + what + ", " +
                   what + " by the prover (" + std::to_string(part.dropped_rules) +
                   " rules left out: " + left_out + ")";
    return build;
  }
  build.reason = tried.empty() ? "split machine: goals and terminal have no rules of their own"
                               : "split machine failed: " + tried;
  return build;
}

// `candidate` verified against `prover` (the whole game's): the candidate, with the
// verification in its reason, or the prover with the first difference.
MachineBuild VerifiedOrProver(const MachineOptions& options, MachineBuild candidate,
                              MachineBuild prover, const std::string& before) {
  if (options.cancel != nullptr && options.cancel->load()) {
    prover.reason = before + "build cancelled before verification; using prover";
    return prover;
  }
  VerifyOptions vopts;
  vopts.cancel = options.cancel;
  vopts.playouts = options.verify_playouts;
  vopts.seconds = options.verify_seconds;
  vopts.seed = options.seed;
  VerifyStats stats;
  std::optional<std::string> difference;
  try {
    difference = VerifyAgainst(*prover.machine, *candidate.machine, vopts, &stats);
  } catch (const std::exception& e) {
    difference = std::string("verification failed: ") + e.what();
  }
  if (difference) {
    prover.reason = before + candidate.backend + " disagrees with the prover at " + *difference +
                    "; using prover";
    return prover;
  }
  candidate.reason = before + candidate.reason + ", verified against the prover on " +
                     std::to_string(stats.playouts) + " playouts (" + std::to_string(stats.steps) +
                     " states" + (stats.timed_out ? ", verification time cap reached)" : ")");
  return candidate;
}

// The verified `candidate`, or `prover` where the prover plays random games at least
// options.race_margin times as fast (RaceMachines), with the race in the reason.
MachineBuild FasterOf(const MachineOptions& options, MachineBuild candidate, MachineBuild prover) {
  if (!candidate.machine || !prover.machine || candidate.backend == "prover" ||
      options.race_seconds <= 0) {
    return candidate;
  }
  RaceOptions ro;
  ro.seconds = options.race_seconds;
  ro.margin = options.race_margin;
  ro.seed = options.seed;
  ro.cancel = options.cancel;
  RaceResult race;
  try {
    race = RaceMachines(*candidate.machine, *prover.machine, ro);
  } catch (const std::exception& e) {
    candidate.reason += "; race with the prover failed (" + std::string(e.what()) + ")";
    return candidate;
  }
  if (race.steps == 0) return candidate;  // cancelled, or a game without a move
  const auto rate = [](double r) { return std::to_string(static_cast<long>(r + 0.5)); };
  const std::string rates = candidate.backend + " " + rate(race.CandidateRate()) + ", prover " +
                            rate(race.ReferenceRate()) + " random moves/s";
  if (race.reference_faster) {
    prover.reason = "faster than the " + candidate.backend + " (" + rates + "; the " +
                    candidate.backend + ": " + candidate.reason + ")";
    return prover;
  }
  candidate.reason += "; " + rates;
  return candidate;
}

MachineBuild BuildAuto(const gdl::Description& description, const MachineOptions& options) {
  kif::SymbolId busiest = -1;
  MachineBuild propnet = BuildPropnet(description, options, &busiest, options.split_seconds > 0);
  const bool cancelled = options.cancel != nullptr && options.cancel->load();
  if (!propnet.machine) {
    // Out of budget: the moves and updates may still ground without the goals.
    if (cancelled || options.split_seconds <= 0 ||
        propnet.reason.find("exceeded") == std::string::npos) {  // "stopped ... exceeded" too
      return BuildProver(description, propnet.reason + "; using prover");
    }
    MachineBuild prover = BuildProver(description, "");
    if (!prover.machine) return prover;
    MachineBuild split =
        BuildSplit(description, options, options.split_seconds, prover.machine, busiest);
    if (!split.machine) {
      prover.reason = propnet.reason + "; " + split.reason + "; using prover";
      return prover;
    }
    MachineBuild reference = prover;
    return FasterOf(
        options,
        VerifiedOrProver(options, std::move(split), std::move(prover), propnet.reason + "; "),
        std::move(reference));
  }
  MachineBuild prover = BuildProver(description, "");
  if (!prover.machine) {
    propnet.reason += " (not verified: " + prover.reason + ")";
    return propnet;
  }
  MachineBuild reference = prover;
  return FasterOf(options, VerifiedOrProver(options, std::move(propnet), std::move(prover), ""),
                  std::move(reference));
}

// The rules of a hybrid machine (reasoner/board/hybrid_machine.h) for the game of `net`:
// the propnet built again without its legal moves, within `seconds`; nullopt if that
// fails or numbers fluents or moves differently from `net`.
std::optional<board::HybridRules> LegalFreeRules(const gdl::Description& description,
                                                 const MachineOptions& options,
                                                 const propnet::PropnetMachine& net, double seconds) {
  propnet::PropnetOptions popts;
  popts.budget.max_seconds = seconds;
  popts.budget.max_bytes = options.build_memory_bytes;
  popts.budget.cancel = options.cancel;
  popts.legal = false;
  popts.profile_moves = &net;
  propnet::PropnetBuild built = propnet::PropnetMachine::Build(description, popts);
  if (!built.machine || built.machine->fluent_terms() != net.fluent_terms()) return std::nullopt;
  board::HybridRules rules;
  for (int r = 0; r < net.num_roles(); ++r) {
    if (built.machine->move_terms(r) != net.move_terms(r)) return std::nullopt;
    rules.move_terms.push_back(net.move_terms(r));
  }
  rules.fluent_terms = net.fluent_terms();
  rules.machine = std::move(built.machine);
  return rules;
}

// The board learner on top of a verified machine (base.machine, the reference), within
// `budget` seconds: replaces it when the learned board machine verifies; otherwise keeps
// it, with the reason (or fails when `required`: "dfa", BuildBoardMachine).
MachineBuild AddBoardMachine(const gdl::Description& description, const MachineOptions& options,
                             MachineBuild base, bool required, double budget) {
  const Clock::time_point start = Clock::now();
  const bool cancelled = options.cancel != nullptr && options.cancel->load();
  if (!base.machine || cancelled || description.roles.size() != 2 || budget <= 0.05) {
    if (required) {
      base.reason += "; no board machine (" +
                     std::string(!base.machine ? "no reference machine"
                                 : cancelled   ? "cancelled"
                                 : description.roles.size() != 2 ? "not two roles"
                                                                 : "no time") + ")";
      base.machine = nullptr;
    }
    return base;
  }
  board::BoardLearnOptions bo;
  bo.seconds = budget;
  bo.seed = options.seed;
  bo.cancel = options.cancel;
  // Moves-only games: a hybrid over the same propnet without its legal moves.
  if (auto net = std::dynamic_pointer_cast<const propnet::PropnetMachine>(base.machine)) {
    bo.hybrid_rules = [&description, &options, net](double seconds) {
      return LegalFreeRules(description, options, *net, seconds);
    };
  }
  std::optional<board::BoardGame> known;
  if (!options.board_model.empty()) {
    std::string why;
    nlohmann::json j = nlohmann::json::parse(options.board_model, nullptr, false);
    if (!j.is_discarded()) known = board::BoardGameFromJson(j, *description.symbols, &why);
    if (known) bo.known = &*known;
  }
  board::BoardLearnResult learned;
  try {
    learned = board::LearnBoardMachine(description, base.machine, bo);
    if (bo.known != nullptr && !learned.machine) {  // the stored model no longer holds
      std::string stale = learned.reason;
      bo.known = nullptr;
      bo.seconds = std::max(0.0, budget - std::chrono::duration<double>(Clock::now() - start).count());
      learned = board::LearnBoardMachine(description, base.machine, bo);
      learned.reason = "stored model refused (" + stale + "); " + learned.reason;
    }
  } catch (const std::exception& e) {
    learned.reason = std::string("board learning failed: ") + e.what();
  }
  base.board_report = learned.reason;
  if (learned.game) base.board_model = board::BoardGameToJson(*learned.game, *description.symbols).dump();
  base.board_verified = learned.machine != nullptr;
  if (learned.machine) {
    const std::string kind(learned.machine->backend());  // "board" or "hybrid"
    base.reason = kind + " machine (" + learned.reason + ") over " + base.backend + ": " + base.reason;
    base.machine = learned.machine;
    base.backend = kind;
  } else if (required) {
    base.reason = "no board machine: " + learned.reason;
    base.machine = nullptr;
  } else {
    base.reason += "; board: " + learned.reason;
  }
  return base;
}

}  // namespace

MachineBuild BuildBoardMachine(const gdl::Description& description,
                               std::shared_ptr<const StateMachine> reference,
                               const MachineOptions& options) {
  const Clock::time_point start = Clock::now();
  MachineBuild base;
  base.machine = std::move(reference);
  base.backend = base.machine ? std::string(base.machine->backend()) : std::string();
  MachineBuild build = AddBoardMachine(description, options, std::move(base), true, options.board_seconds);
  build.build_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return build;
}

bool IsKnownBackend(const std::string& name) {
  return name == "auto" || name == "prover" || name == "propnet" || name == "split" ||
         name == "dfa";
}

MachineBuild CreateMachine(const gdl::Description& description, const MachineOptions& options) {
  Clock::time_point start = Clock::now();
  MachineBuild build;
  if (options.backend == "prover") {
    build = BuildProver(description, "requested");
  } else if (options.backend == "propnet") {
    build = BuildPropnet(description, options);
  } else if (options.backend == "split") {
    build = BuildSplit(description, options, options.build_seconds, nullptr, -1);
  } else if (options.backend == "auto" || options.backend == "dfa") {
    MachineBuild base = BuildAuto(description, options);
    const double spent = std::chrono::duration<double>(Clock::now() - start).count();
    build = AddBoardMachine(
        description, options, std::move(base), options.backend == "dfa",
        std::min(options.board_seconds, options.build_seconds + options.verify_seconds - spent));
  } else {
    build.reason = "unknown back end '" + options.backend + "' (auto, dfa, prover, propnet, split)";
  }
  build.build_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return build;
}

}  // namespace ggp::reasoner
