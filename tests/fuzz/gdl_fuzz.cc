// Fuzz target: GDL description building, validation and normalisation (reasoner/gdl).
//
// The input is GDL text. For any input, building, validating and normalising must return
// without a sanitizer report, and:
//  - validation is a function of the rules: validating twice, or validating the text with
//    ValidateText, gives the same findings (ValidateText adds the syntax errors);
//  - the printed rules of the description parse back to the same rules and roles;
//  - normalisation is idempotent, and a description without validation errors still has
//    none once normalised (normalising describes the same game); rules whose `or`s would
//    expand too far are refused with std::length_error.

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "reasoner/gdl/description.h"
#include "reasoner/gdl/normalize.h"
#include "reasoner/gdl/validate.h"
#include "tests/fuzz/fuzz_check.h"

namespace ggp::testing {
namespace {

std::string Printed(const gdl::Description& d) {
  std::string s;
  for (const gdl::Rule& r : d.rules) s += gdl::ToString(r, *d.symbols) + "\n";
  s += "roles:";
  for (const kif::Term& role : d.roles) s += " " + kif::ToString(role, *d.symbols);
  return s;
}

std::string Findings(const gdl::ValidationReport& report) {
  std::string s;
  for (const gdl::Finding& f : report.findings) {
    s += std::string(gdl::SeverityName(f.severity)) + " [" + f.check + "] " +
         kif::FormatDiagnostic(f.diagnostic) + "\n";
  }
  return s;
}

// The findings of ValidateText that are not syntax errors.
gdl::ValidationReport WithoutSyntax(gdl::ValidationReport report) {
  std::erase_if(report.findings, [](const gdl::Finding& f) { return f.check == "syntax"; });
  return report;
}

void CheckInput(std::string_view text) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  const bool parsed =
      gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors);
  GGP_FUZZ_CHECK(parsed == errors.empty(), std::to_string(errors.size()) + " diagnostics");

  const gdl::ValidationReport report = gdl::Validate(d);
  const std::string findings = Findings(report);
  GGP_FUZZ_CHECK(Findings(gdl::Validate(d)) == findings, "validation is not repeatable");
  const gdl::ValidationReport from_text = gdl::ValidateText(text);
  GGP_FUZZ_CHECK(Findings(WithoutSyntax(from_text)) == Findings(WithoutSyntax(report)),
                 "ValidateText differs:\n" + Findings(from_text) + "---\n" + findings);
  GGP_FUZZ_CHECK(from_text.ok() == (report.ok() && parsed),
                 "ValidateText verdict differs:\n" + Findings(from_text));

  // The printed rules are a faithful text of the description.
  const std::string printed = Printed(d);
  gdl::Description reparsed;
  std::vector<kif::Diagnostic> reparse_errors;
  // The roles line is the last (a role's own name may contain "roles:").
  std::string rules_text = printed.substr(0, printed.rfind('\n') + 1);
  const bool reparse_ok = gdl::ParseDescription(rules_text, std::make_shared<kif::SymbolTable>(),
                                                &reparsed, &reparse_errors);
  GGP_FUZZ_CHECK(reparse_ok, "printed rules do not parse:\n" + printed);
  GGP_FUZZ_CHECK(Printed(reparsed) == printed,
                 "print round trip differs:\n" + printed + "\n---\n" + Printed(reparsed));

  // Normalisation (refused, by design, when `or` would expand too far: normalize.h).
  gdl::Description normal;
  try {
    normal = gdl::Normalize(d);
  } catch (const std::length_error&) {
    return;
  }
  const std::string normal_printed = Printed(normal);
  const std::string twice = Printed(gdl::Normalize(normal));
  GGP_FUZZ_CHECK(twice == normal_printed,
                 "normalising twice differs:\n" + normal_printed + "\n---\n" + twice);
  if (report.ok()) {
    const gdl::ValidationReport normal_report = gdl::Validate(normal);
    GGP_FUZZ_CHECK(normal_report.ok(), "valid rules:\n" + printed +
                                           "\nnormalise to invalid ones:\n" + normal_printed +
                                           "\n" + Findings(normal_report));
  }
}

}  // namespace
}  // namespace ggp::testing

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ggp::testing::CheckInput(ggp::testing::AsText(data, size));
  return 0;
}
