#pragma once
// The rule model of a GDL game description: sentences, literals and rules over interned
// terms, each remembering the line it came from so every later stage can report problems
// by line.
//
// A sentence is a Term: `(cell 1 1 b)` is a compound term whose symbol is the relation
// name; a 0-ary relation such as `terminal` is an atom term. Facts are rules with an empty
// body. Keywords (true, does, ...) are ordinary relation symbols with fixed ids
// (kif::Keyword).
//
// Ownership: a Description owns its rules and shares its symbol table (shared_ptr) with
// every machine built from it. Descriptions are plain values; not synchronised.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "reasoner/kif/sexpr.h"
#include "reasoner/kif/symbol_table.h"
#include "reasoner/kif/term.h"

namespace ggp::gdl {

struct Literal {
  enum class Kind : unsigned char {
    kSentence,  // term is the sentence
    kNot,       // children[0] is the negated literal
    kDistinct,  // term is (distinct a b): args[0] and args[1]
    kOr,        // children are the alternatives
  };
  Kind kind = Kind::kSentence;
  kif::Term term;
  std::vector<Literal> children;
  kif::Position where;
};

struct Rule {
  kif::Term head;
  std::vector<Literal> body;  // empty for facts
  kif::Position where;
};

struct Description {
  std::shared_ptr<kif::SymbolTable> symbols;
  std::vector<Rule> rules;
  // Roles in the order of the top-level (role r) facts: this order is the joint-move order.
  std::vector<kif::Term> roles;
};

// Builds the rule model from parsed top-level items. Every malformed item is reported (not
// only the first) and skipped; returns false if any was. `symbols` may be shared with
// other descriptions (e.g. a match's messages).
bool BuildDescription(const std::vector<kif::SExpr>& items, std::shared_ptr<kif::SymbolTable> symbols,
                      Description* out, std::vector<kif::Diagnostic>* errors);

// Parses GDL text (comments allowed) into a description.
bool ParseDescription(std::string_view text, std::shared_ptr<kif::SymbolTable> symbols,
                      Description* out, std::vector<kif::Diagnostic>* errors);

// Reads and parses a .kif file. A file that cannot be read is reported as a diagnostic.
bool LoadDescriptionFile(const std::string& path, std::shared_ptr<kif::SymbolTable> symbols,
                         Description* out, std::vector<kif::Diagnostic>* errors);

// The relation name of a sentence (its symbol) and its arity.
inline kif::SymbolId RelationOf(const kif::Term& sentence) { return sentence.symbol; }

// Prints a literal or rule in canonical KIF, e.g. "(<= (p ?x) (q ?x) (not (r ?x)))".
std::string ToString(const Literal& l, const kif::SymbolTable& symbols);
std::string ToString(const Rule& r, const kif::SymbolTable& symbols);

}  // namespace ggp::gdl
