// Fuzz target: rules to state machine (reasoner/factory), the propnet against the prover.
//
// The input is GDL text. Rules that parse and have roles are built into a propnet through
// the machine factory under a small budget (half a second, 64 MB); rules over it are
// skipped, so the run stays fast and bounded in memory. Then:
//  - rules that validate without errors: the prover must build too, and the two must agree
//    on a few random playouts (VerifyAgainst: states, terminal, legal sets, goals, and the
//    propnet's own playout loop against the generic one);
//  - rules with errors (the player still builds and plays them, after logging the errors):
//    the propnet must not crash, and its own playout loop must agree with the generic one.
// A disagreement aborts with the difference and the normalised rules printed. The
// playouts have a fixed seed; only the wall-clock caps (the build budget, 3 s of
// verification) make what is covered depend on the machine.

#include <memory>
#include <string>
#include <vector>

#include "reasoner/factory/machine_factory.h"
#include "reasoner/factory/verify.h"
#include "reasoner/gdl/description.h"
#include "reasoner/gdl/normalize.h"
#include "reasoner/gdl/validate.h"
#include "reasoner/prover/prover_machine.h"
#include "tests/fuzz/fuzz_check.h"

namespace ggp::testing {
namespace {

std::string NormalisedRules(const gdl::Description& d) {
  std::string s;
  for (const gdl::Rule& r : gdl::Normalize(d).rules) s += gdl::ToString(r, *d.symbols) + "\n";
  return s;
}

void CheckInput(std::string_view text) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  if (!gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors)) return;
  if (d.roles.empty()) return;
  const bool valid = gdl::Validate(d).ok();

  reasoner::MachineOptions options;
  options.backend = "propnet";
  options.build_seconds = 0.5;
  options.build_memory_bytes = size_t{64} << 20;
  const reasoner::MachineBuild propnet = reasoner::CreateMachine(d, options);
  if (!propnet.machine) return;  // over the budget (or not buildable): nothing to compare
  GGP_FUZZ_CHECK(propnet.machine->num_roles() == static_cast<int>(d.roles.size()),
                 "the propnet has " + std::to_string(propnet.machine->num_roles()) + " roles");

  reasoner::VerifyOptions verify;
  verify.playouts = 3;
  verify.max_steps = 40;
  // A cap like the build budget's: on a slow rule set fewer steps are compared, rather than
  // the run being reported as a time-out.
  verify.seconds = 3;
  verify.seed = 20240519;
  verify.machine_playouts = 2;
  if (!valid) {
    // Against itself: every query runs, and its playout loop is checked against the generic one.
    const std::optional<std::string> difference =
        reasoner::VerifyAgainst(*propnet.machine, *propnet.machine, verify);
    GGP_FUZZ_CHECK(!difference.has_value(), "the propnet of invalid rules disagrees with itself: " +
                                                difference.value_or("") + "\nrules:\n" +
                                                NormalisedRules(d));
    return;
  }

  std::string error;
  const std::shared_ptr<const reasoner::ProverMachine> prover =
      reasoner::ProverMachine::Build(d, &error);
  GGP_FUZZ_CHECK(prover != nullptr, "the propnet builds but the prover does not: " + error +
                                        "\nrules:\n" + NormalisedRules(d));

  const std::optional<std::string> difference =
      reasoner::VerifyAgainst(*prover, *propnet.machine, verify);
  GGP_FUZZ_CHECK(!difference.has_value(),
                 "propnet and prover disagree: " + difference.value_or("") + "\nrules:\n" +
                     NormalisedRules(d));
}

}  // namespace
}  // namespace ggp::testing

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ggp::testing::CheckInput(ggp::testing::AsText(data, size));
  return 0;
}
