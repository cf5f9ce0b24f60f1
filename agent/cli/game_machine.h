#pragma once
// The state machine of a GDL file for the offline evaluation commands (model-eval,
// strength-eval): the rules loaded and the machine the factory builds with its default
// back end, without the board learner. Blocking (a build of up to the factory's budget);
// thread safe.

#include <memory>
#include <ostream>
#include <string>

#include "reasoner/state_machine.h"

namespace ggp::agent {

// Null after writing why to `err` ("cannot load FILE", "no machine: REASON").
std::shared_ptr<const reasoner::StateMachine> LoadEvaluationMachine(const std::string& path,
                                                                    std::ostream& err);

}  // namespace ggp::agent
