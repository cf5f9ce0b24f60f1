#pragma once
// The parts of the machine build that machine_factory.cc, split_build.cc and board_build.cc
// share. Internal to reasoner/factory: callers outside use machine_factory.h.
//
// Each function blocks for its build (within the budgets of MachineOptions) and returns a
// MachineBuild whose `reason` says what was built or why not; none throws (the builders'
// exceptions become reasons). Thread safety: as CreateMachine (any thread; options.cancel
// may be set from another).

#include <memory>
#include <string>

#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"
#include "reasoner/kif/symbol_table.h"

namespace ggp::reasoner::factory_internal {

// The reference prover: builds for every description that has roles; `reason` becomes the
// build's reason.
MachineBuild BuildProver(const gdl::Description& description, std::string reason);

// The split machine (split_machine.h) within `seconds`: a propnet of the rules that
// legal, next and terminal need, goals by the prover; failing that, a propnet of what legal
// and next need, terminal too by the prover. `prover` (may be null: built here) is the
// whole game's prover. Fails when the goals and terminal need no rule of their own. A try
// is skipped when it keeps `busiest` (the relation whose rules exceeded the whole game's
// budget; -1: unknown): it would exceed it again (chess: legal needs its threats).
MachineBuild BuildSplit(const gdl::Description& description, const MachineOptions& options,
                        double seconds, std::shared_ptr<const StateMachine> prover,
                        kif::SymbolId busiest);

// The board learner on top of a verified machine (base.machine, the reference), within
// `budget` seconds: replaces it when the learned board machine verifies; otherwise keeps
// it, with the reason (or fails when `required`: "dfa", BuildBoardMachine).
MachineBuild AddBoardMachine(const gdl::Description& description, const MachineOptions& options,
                             MachineBuild base, bool required, double budget);

}  // namespace ggp::reasoner::factory_internal
