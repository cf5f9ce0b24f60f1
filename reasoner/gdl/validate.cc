#include "reasoner/gdl/validate.h"

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>

#include "reasoner/gdl/validate_internal.h"

namespace ggp::gdl {
namespace internal {
namespace {

void VisitLiteral(const Literal& l, bool negative,
                  const std::function<void(const Occurrence&)>& f) {
  switch (l.kind) {
    case Literal::Kind::kSentence:
      f({&l.term, l.where, false, negative, false});
      return;
    case Literal::Kind::kDistinct:
      f({&l.term, l.where, false, negative, true});
      return;
    case Literal::Kind::kNot:
      for (const Literal& c : l.children) VisitLiteral(c, true, f);
      return;
    case Literal::Kind::kOr:
      for (const Literal& c : l.children) VisitLiteral(c, negative, f);
      return;
  }
}

}  // namespace

void ForEachOccurrence(const Rule& r, const std::function<void(const Occurrence&)>& f) {
  f({&r.head, r.where, true, false, false});
  for (const Literal& l : r.body) VisitLiteral(l, false, f);
}

std::string LineOf(kif::Position p) {
  return p.line > 0 ? "line " + std::to_string(p.line) : "an unknown line";
}

}  // namespace internal

size_t ValidationReport::ErrorCount() const {
  return static_cast<size_t>(std::count_if(findings.begin(), findings.end(), [](const Finding& f) {
    return f.severity == Severity::kError;
  }));
}

size_t ValidationReport::WarningCount() const { return findings.size() - ErrorCount(); }

bool ValidationReport::Has(Severity severity, std::string_view check, std::string_view text) const {
  return std::any_of(findings.begin(), findings.end(), [&](const Finding& f) {
    return f.severity == severity && f.check == check &&
           f.diagnostic.message.find(text) != std::string::npos;
  });
}

std::string_view SeverityName(Severity s) { return s == Severity::kError ? "error" : "warning"; }

namespace {

void SortFindings(ValidationReport* report) {
  std::stable_sort(report->findings.begin(), report->findings.end(),
                   [](const Finding& a, const Finding& b) {
                     if (a.diagnostic.where.line != b.diagnostic.where.line) {
                       return a.diagnostic.where.line < b.diagnostic.where.line;
                     }
                     return a.diagnostic.where.column < b.diagnostic.where.column;
                   });
}

void AddSyntaxErrors(const std::vector<kif::Diagnostic>& errors, ValidationReport* report) {
  for (const kif::Diagnostic& e : errors)
    report->findings.push_back({Severity::kError, "syntax", e});
}

}  // namespace

ValidationReport Validate(const Description& d) {
  internal::Reporter r(*d.symbols);
  internal::CheckArities(d, &r);
  internal::CheckKeywords(d, &r);
  internal::CheckSafety(d, &r);
  internal::CheckDependencies(d, &r);
  ValidationReport report = std::move(r.report());
  SortFindings(&report);
  return report;
}

ValidationReport ValidateText(std::string_view text) {
  Description d;
  std::vector<kif::Diagnostic> errors;
  ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors);
  ValidationReport report = Validate(d);
  AddSyntaxErrors(errors, &report);
  SortFindings(&report);
  return report;
}

ValidationReport ValidateFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    ValidationReport report;
    AddSyntaxErrors({{{}, "cannot read " + path}}, &report);
    return report;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return ValidateText(ss.str());
}

}  // namespace ggp::gdl
