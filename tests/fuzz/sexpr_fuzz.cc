// Fuzz target: the KIF S-expression parser (reasoner/kif/sexpr.h).
//
// For any input the parser must return without a sanitizer report, and:
//  - it fails exactly when it reports a problem, and every position it reports lies in
//    the input;
//  - the canonical print of what it parsed parses back to the same expressions;
//  - comments are whitespace: the text with StripComments applied parses to the same
//    expressions with the same verdict;
//  - ParseOneSExpr accepts exactly the texts of one well-formed expression.

#include <algorithm>
#include <string>
#include <vector>

#include "reasoner/kif/sexpr.h"
#include "tests/fuzz/fuzz_check.h"

namespace ggp::testing {
namespace {

std::vector<std::string> Printed(const std::vector<kif::SExpr>& exprs) {
  std::vector<std::string> out;
  out.reserve(exprs.size());
  for (const kif::SExpr& e : exprs) out.push_back(kif::ToString(e));
  return out;
}

std::string Joined(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += x + "\n";
  return s;
}

// Every position of `e` and its items is 1-based and no further than the input's last line.
bool PositionsInside(const kif::SExpr& e, int lines) {
  if (e.where.line < 1 || e.where.line > lines || e.where.column < 1) return false;
  return std::all_of(e.items.begin(), e.items.end(),
                     [&](const kif::SExpr& i) { return PositionsInside(i, lines); });
}

void CheckInput(std::string_view text) {
  std::vector<kif::SExpr> exprs;
  std::vector<kif::Diagnostic> errors;
  const bool ok = kif::ParseSExprs(text, &exprs, &errors);
  GGP_FUZZ_CHECK(ok == errors.empty(), "verdict " + std::to_string(ok) + " with " +
                                           std::to_string(errors.size()) + " diagnostics");
  const int lines = 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  for (const kif::Diagnostic& d : errors) {
    GGP_FUZZ_CHECK(d.where.line <= lines && !d.message.empty(), kif::FormatDiagnostic(d));
  }
  for (const kif::SExpr& e : exprs) {
    GGP_FUZZ_CHECK(PositionsInside(e, lines), "position outside the input in " + kif::ToString(e));
  }

  // The canonical print parses back to itself.
  const std::vector<std::string> printed = Printed(exprs);
  std::vector<kif::SExpr> again;
  std::vector<kif::Diagnostic> again_errors;
  const bool again_ok = kif::ParseSExprs(Joined(printed), &again, &again_errors);
  GGP_FUZZ_CHECK(again_ok, "the canonical print does not parse:\n" + Joined(printed));
  GGP_FUZZ_CHECK(Printed(again) == printed, "print round trip differs:\n" + Joined(printed) +
                                                "---\n" + Joined(Printed(again)));

  // Comments are whitespace.
  std::vector<kif::SExpr> stripped;
  std::vector<kif::Diagnostic> stripped_errors;
  const bool stripped_ok = kif::ParseSExprs(kif::StripComments(text), &stripped, &stripped_errors);
  GGP_FUZZ_CHECK(stripped_ok == ok && Printed(stripped) == printed,
                 "comments change the parse: verdict " + std::to_string(ok) + " -> " +
                     std::to_string(stripped_ok) + "\n" + Joined(printed) + "---\n" +
                     Joined(Printed(stripped)));

  // One expression.
  kif::SExpr one;
  std::vector<kif::Diagnostic> one_errors;
  const bool one_ok = kif::ParseOneSExpr(text, &one, &one_errors);
  GGP_FUZZ_CHECK(one_ok == (ok && exprs.size() == 1),
                 "ParseOneSExpr says " + std::to_string(one_ok) + " for " +
                     std::to_string(exprs.size()) + " expressions");
  if (one_ok) GGP_FUZZ_CHECK(kif::ToString(one) == printed[0], kif::ToString(one));
}

}  // namespace
}  // namespace ggp::testing

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ggp::testing::CheckInput(ggp::testing::AsText(data, size));
  return 0;
}
