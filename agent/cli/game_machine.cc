#include "agent/cli/game_machine.h"

#include <vector>

#include "reasoner/factory/machine_factory.h"
#include "reasoner/gdl/description.h"

namespace ggp::agent {

std::shared_ptr<const reasoner::StateMachine> LoadEvaluationMachine(const std::string& path,
                                                                    std::ostream& err) {
  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description rules;
  std::vector<kif::Diagnostic> errors;
  if (!gdl::LoadDescriptionFile(path, symbols, &rules, &errors)) {
    err << "cannot load " << path << "\n";
    return nullptr;
  }
  reasoner::MachineOptions mo;
  mo.board_seconds = 0;
  reasoner::MachineBuild build = reasoner::CreateMachine(rules, mo);
  if (!build.machine) err << "no machine: " << build.reason << "\n";
  return build.machine;
}

}  // namespace ggp::agent
