#pragma once
// KIF S-expressions: the textual layer shared by GDL rules and GGP wire messages.
//
// Lexical rules (GGP protocol §3.1): tokens are '(' , ')' and atoms, where an atom is a
// maximal run of characters that are neither whitespace nor parentheses. ';' starts a
// comment that runs to the end of the line, '#|' ... '|#' is a block comment; both may
// appear anywhere. Atoms keep their exact spelling: no case folding happens here.
//
// Thread safety: all functions are pure; SExpr values are plain data.

#include <string>
#include <string_view>
#include <vector>

namespace ggp::kif {

// Where something was found in the input, 1-based.
struct Position {
  int line = 0;
  int column = 0;
};

// A problem found in some input, with its position (line 0 when not tied to one place).
struct Diagnostic {
  Position where;
  std::string message;
};

// "line 3, column 7: message" (or just the message when no position is known).
std::string FormatDiagnostic(const Diagnostic& d);

struct SExpr {
  enum class Kind : unsigned char { kAtom, kList };
  Kind kind = Kind::kAtom;
  std::string atom;          // kAtom only: the exact spelling
  std::vector<SExpr> items;  // kList only
  Position where;

  bool is_atom() const { return kind == Kind::kAtom; }
  bool is_list() const { return kind == Kind::kList; }
};

// Deepest list nesting the parser accepts. Real GDL stays far below it; the cap keeps
// hostile input (a wire message of a million '(') from building values whose recursive
// printing, conversion or destruction would overflow the stack.
inline constexpr int kMaxNesting = 1000;

// Parses every top-level expression of `text` into `out` (appended). Returns false and
// appends to `errors` when the text is malformed (an unmatched parenthesis, or nesting
// deeper than kMaxNesting, which ends the parse); on error the expressions that were
// complete before the problem are still appended.
bool ParseSExprs(std::string_view text, std::vector<SExpr>* out, std::vector<Diagnostic>* errors);

// Parses exactly one expression (surrounding whitespace and comments allowed).
bool ParseOneSExpr(std::string_view text, SExpr* out, std::vector<Diagnostic>* errors);

// Prints canonically: atoms as spelled, lists as "(a b c)" with single spaces.
std::string ToString(const SExpr& e);

// Removes ';' line comments and '#| |#' block comments, keeping line structure.
std::string StripComments(std::string_view text);

// Whether two texts are equal up to ASCII case: symbols, GGP verbs and HTTP header names
// compare so (a Dresden-style server writes rules and moves in upper case).
bool EqualsIgnoreCase(std::string_view a, std::string_view b);

}  // namespace ggp::kif
