#pragma once
// Static validation of a GDL game description (GGP protocol §3.2-3.4): every problem is
// reported, not only the first, each with the line it comes from and a message naming the
// problem and the offending symbol or rule.
//
// Errors make a description invalid: a relation or function symbol used with two arities,
// a keyword used with the wrong arity or in the wrong place (true/does as a head, init/next
// in a body, not/or/distinct/<= as a relation, a rule defining role), no role, a role
// declared twice or with a variable, a ground goal value that is not an integer in 0..100,
// a cycle through negation between rules, init/legal/goal/terminal depending on does, init
// depending on true/legal/goal/terminal, base/input depending on true/does, and every syntax
// problem (when validating text), which includes `not` without exactly one literal and `distinct`
// without exactly two terms.
// Warnings flag what real, playable games do and reasoners must tolerate: unsafe rules,
// violations of the recursion restriction, old-style `base` with arity other than 1, a
// 0-ary relation or function written both as `f` and `(f)`, a relation-level cycle
// through negation that no cycle of rule instances follows (stratified by arguments, as in
// (<= (goal r 100) (not (goal r 0)))), legal/goal/input for a ground role that is not
// declared. A name used as a constant and as a function, or as a relation and as a
// function with different arities (§3.6 pitfall 13), is not reported.
//
// Each finding carries a short check id ("arity", "keyword", "role", "goal", "safety",
// "stratification", "recursion", "dependency", "syntax", "style") so tools and tests can
// select findings without parsing messages.
//
// Thread safety: pure functions of their input; a Description is only read.

#include <string>
#include <string_view>
#include <vector>

#include "reasoner/gdl/description.h"
#include "reasoner/kif/sexpr.h"

namespace ggp::gdl {

enum class Severity : unsigned char { kError, kWarning };

struct Finding {
  Severity severity = Severity::kError;
  std::string check;           // short id of the check that failed, e.g. "arity"
  kif::Diagnostic diagnostic;  // position (line 0 when not tied to one place) and message
};

struct ValidationReport {
  // Sorted by line, then column; errors and warnings interleaved.
  std::vector<Finding> findings;

  bool ok() const { return ErrorCount() == 0; }  // true when there is no error
  size_t ErrorCount() const;
  size_t WarningCount() const;
  // True if some finding of check `check` (and, if given, whose message contains `text`)
  // has the given severity.
  bool Has(Severity severity, std::string_view check, std::string_view text = {}) const;
};

// Validates a parsed description (as built by BuildDescription, before Normalize: `or`
// is handled directly so findings keep the original lines).
ValidationReport Validate(const Description& d);

// Parses and validates GDL text; parse problems become "syntax" errors and the items that
// did parse are still validated.
ValidationReport ValidateText(std::string_view text);

// Reads, parses and validates a .kif file; an unreadable file is one "syntax" error.
ValidationReport ValidateFile(const std::string& path);

// "error" or "warning".
std::string_view SeverityName(Severity s);

}  // namespace ggp::gdl
