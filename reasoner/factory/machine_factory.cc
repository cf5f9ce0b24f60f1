// The back end choice. Each back end has its own Build* function returning a
// MachineBuild; CreateMachine picks one by name and times the whole build. "auto" tries
// the propnet first, verifies it against the prover with VerifyAgainst (verify.h) and
// falls back to the prover, with the reason, when the build fails or they disagree. The
// split machine's build is in split_build.cc, the board learner's in board_build.cc.

#include "reasoner/factory/machine_factory.h"

#include <algorithm>
#include <chrono>
#include <exception>

#include "reasoner/factory/factory_internal.h"
#include "reasoner/factory/machine_race.h"
#include "reasoner/factory/verify.h"
#include "reasoner/gdl/relevance.h"
#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/prover/prover_machine.h"

namespace ggp::reasoner {
namespace factory_internal {

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

}  // namespace factory_internal

namespace {

using Clock = std::chrono::steady_clock;
using factory_internal::AddBoardMachine;
using factory_internal::BuildProver;
using factory_internal::BuildSplit;

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
  if (const size_t dead = pn.machine->num_dead_fluents(); dead > 0) {
    build.reason += ", " + std::to_string(dead) + " of " +
                    std::to_string(pn.machine->net().num_fluents) +
                    " fluents dead (out of the exact searches' keys)";
  }
  if (pn.stats.branch_free_fanouts > 0) {
    build.reason += ", " + std::to_string(pn.stats.branch_free_fanouts) +
                    " components with hard-to-predict flips";
  }
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

}  // namespace

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
