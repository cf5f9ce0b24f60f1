// Keyword relations (protocol §3.3): fixed arities, where each may appear, roles and goal
// values.

#include <algorithm>
#include <cctype>
#include <optional>

#include "reasoner/gdl/validate_internal.h"

namespace ggp::gdl::internal {
namespace {

// The arity a keyword relation must have, if it is a relation keyword.
std::optional<size_t> KeywordArity(kif::SymbolId s) {
  switch (s) {
    case kif::kRole:
    case kif::kInit:
    case kif::kTrue:
    case kif::kNext:
    case kif::kBase:
      return 1;
    case kif::kLegal:
    case kif::kDoes:
    case kif::kGoal:
    case kif::kInput:
    case kif::kSees:
      return 2;
    case kif::kTerminal:
      return 0;
    default:
      return std::nullopt;
  }
}

bool IsConnective(kif::SymbolId s) {
  return s == kif::kNot || s == kif::kOr || s == kif::kDistinct || s == kif::kImplies;
}

// The integer an atom spells, if it is a plain decimal number.
std::optional<long> IntegerOf(std::string_view s) {
  if (s.empty() || s.size() > 9) return std::nullopt;
  size_t start = (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (start == s.size()) return std::nullopt;
  long v = 0;
  for (size_t i = start; i < s.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return std::nullopt;
    v = v * 10 + (s[i] - '0');
  }
  return s[0] == '-' ? -v : v;
}

class KeywordChecker {
 public:
  KeywordChecker(const Description& d, Reporter* r) : d_(d), r_(r) {}

  void Run() {
    for (const Rule& rule : d_.rules) {
      ForEachOccurrence(rule, [&](const Occurrence& o) {
        if (!o.distinct) Sentence(rule, o);
      });
      Head(rule);
    }
    if (roles_.empty()) {
      r_->Error("role", {}, "no role: a game needs at least one top-level (role r) fact");
    }
  }

 private:
  void Sentence(const Rule& rule, const Occurrence& o) {
    const kif::Term& t = *o.term;
    if (IsConnective(t.symbol)) {
      r_->Error("keyword", o.where,
                r_->Quote(t.symbol) + " cannot be used as a relation: " + r_->Show(t));
      return;
    }
    if (auto arity = KeywordArity(t.symbol); arity && t.arity() != *arity) {
      if (t.symbol == kif::kBase) {
        if (!old_style_base_reported_) {
          r_->Warning("keyword", o.where,
                      "old-style 'base' with arity " + std::to_string(t.arity()) +
                          " (the catalogue form takes 1 argument): 'base' will be ignored");
        }
        old_style_base_reported_ = true;
      } else {
        r_->Error("arity", o.where,
                  "keyword " + r_->Quote(t.symbol) + " takes " + std::to_string(*arity) +
                      (*arity == 1 ? " argument" : " arguments") + " but is used with " +
                      std::to_string(t.arity()) + " here: " + r_->Show(t));
      }
    } else if (t.symbol == kif::kTerminal && t.is_compound) {
      r_->Warning("style", o.where, "'terminal' written as '(terminal)'; it is a 0-ary relation");
    }
    if (!o.head && (t.symbol == kif::kInit || t.symbol == kif::kNext)) {
      r_->Error("keyword", o.where,
                r_->Quote(t.symbol) + " may appear only in rule heads, not in a body (rule at " +
                    LineOf(rule.where) + ")");
    }
  }

  void Head(const Rule& rule) {
    const kif::Term& h = rule.head;
    if (h.symbol == kif::kTrue || h.symbol == kif::kDoes) {
      r_->Error("keyword", rule.where,
                r_->Quote(h.symbol) +
                    " cannot be defined (it may appear only in rule bodies): " + r_->Show(h));
    }
    if (h.symbol == kif::kRole) Role(rule);
    if (h.symbol == kif::kGoal && h.arity() == 2) GoalValue(rule);
    if ((h.symbol == kif::kLegal || h.symbol == kif::kGoal || h.symbol == kif::kInput) &&
        h.arity() == 2 && h.args[0].is_ground() && !d_.roles.empty() &&
        std::find(d_.roles.begin(), d_.roles.end(), h.args[0]) == d_.roles.end()) {
      r_->Warning("role", rule.where,
                  r_->Quote(h.symbol) + " for " + r_->Show(h.args[0]) +
                      ", which is not a role: " + r_->Show(h));
    }
  }

  void Role(const Rule& rule) {
    const kif::Term& h = rule.head;
    if (!rule.body.empty()) {
      r_->Error("role", rule.where,
                "'role' defined by a rule: roles must be top-level facts (role r) (rule ignored)");
      return;
    }
    if (h.arity() != 1) return;  // reported as an arity error
    if (!h.args[0].is_ground()) {
      r_->Error("role", rule.where, "role fact with a variable: " + r_->Show(h));
      return;
    }
    for (const auto& [term, where] : roles_) {
      if (term == h.args[0]) {
        r_->Error("role", rule.where,
                  "role " + r_->Show(term) + " declared again (first at " + LineOf(where) + ")");
        return;
      }
    }
    roles_.emplace_back(h.args[0], rule.where);
  }

  void GoalValue(const Rule& rule) {
    const kif::Term& v = rule.head.args[1];
    if (!v.is_ground()) return;
    std::optional<long> value;
    if (!v.is_compound) value = IntegerOf(r_->symbols().Name(v.symbol));
    if (!value || *value < 0 || *value > 100) {
      r_->Error("goal", rule.where,
                "goal value " + r_->Show(v) +
                    " is not an integer between 0 and 100: " + r_->Show(rule.head));
    }
  }

  const Description& d_;
  Reporter* r_;
  std::vector<std::pair<kif::Term, kif::Position>> roles_;
  bool old_style_base_reported_ = false;
};

}  // namespace

void CheckKeywords(const Description& d, Reporter* r) { KeywordChecker(d, r).Run(); }

}  // namespace ggp::gdl::internal
