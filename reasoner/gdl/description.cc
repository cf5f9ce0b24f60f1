#include "reasoner/gdl/description.h"

#include <fstream>
#include <sstream>

namespace ggp::gdl {
namespace {

using kif::Diagnostic;
using kif::SExpr;

class Builder {
 public:
  Builder(kif::SymbolTable& symbols, std::vector<Diagnostic>* errors)
      : symbols_(symbols), errors_(errors) {}

  bool Sentence(const SExpr& e, kif::Term* out) {
    if (e.is_atom() && !e.atom.empty() && e.atom[0] == '?') {
      Error(e.where, "a variable (" + e.atom + ") cannot stand where a sentence is expected");
      return false;
    }
    return kif::TermFromSExpr(e, symbols_, out, errors_);
  }

  bool LiteralOf(const SExpr& e, Literal* out) {
    out->where = e.where;
    if (e.is_list() && !e.items.empty() && e.items[0].is_atom()) {
      auto id = symbols_.Find(e.items[0].atom);
      if (id && *id == kif::kNot) {
        if (e.items.size() != 2) {
          Error(e.where, "'not' takes exactly one literal: " + kif::ToString(e));
          return false;
        }
        out->kind = Literal::Kind::kNot;
        out->children.resize(1);
        return LiteralOf(e.items[1], &out->children[0]);
      }
      if (id && *id == kif::kOr) {
        out->kind = Literal::Kind::kOr;
        out->children.resize(e.items.size() - 1);
        bool ok = true;
        for (size_t i = 1; i < e.items.size(); ++i) ok &= LiteralOf(e.items[i], &out->children[i - 1]);
        return ok;
      }
      if (id && *id == kif::kDistinct) {
        if (e.items.size() != 3) {
          Error(e.where, "'distinct' takes exactly two terms: " + kif::ToString(e));
          return false;
        }
        out->kind = Literal::Kind::kDistinct;
        return kif::TermFromSExpr(e, symbols_, &out->term, errors_);
      }
    }
    out->kind = Literal::Kind::kSentence;
    return Sentence(e, &out->term);
  }

  bool Item(const SExpr& e, Rule* out) {
    out->where = e.where;
    if (e.is_list() && !e.items.empty() && e.items[0].is_atom() &&
        symbols_.Find(e.items[0].atom) == kif::kImplies) {
      if (e.items.size() < 2) {
        Error(e.where, "rule '(<= ...)' has no head");
        return false;
      }
      bool ok = Sentence(e.items[1], &out->head);
      for (size_t i = 2; i < e.items.size(); ++i) {
        Literal l;
        if (LiteralOf(e.items[i], &l)) {
          out->body.push_back(std::move(l));
        } else {
          ok = false;
        }
      }
      return ok;
    }
    return Sentence(e, &out->head);
  }

 private:
  void Error(kif::Position where, std::string message) {
    errors_->push_back({where, std::move(message)});
  }

  kif::SymbolTable& symbols_;
  std::vector<Diagnostic>* errors_;
};

}  // namespace

bool BuildDescription(const std::vector<SExpr>& items, std::shared_ptr<kif::SymbolTable> symbols,
                      Description* out, std::vector<Diagnostic>* errors) {
  out->symbols = symbols;
  out->rules.clear();
  out->roles.clear();
  Builder b(*symbols, errors);
  bool ok = true;
  for (const SExpr& e : items) {
    Rule r;
    if (!b.Item(e, &r)) {
      ok = false;
      continue;
    }
    // Roles come only from top-level (role r) facts (ggp-base ignores rule-defined roles).
    if (r.body.empty() && r.head.symbol == kif::kRole && r.head.is_compound && r.head.args.size() == 1) {
      out->roles.push_back(r.head.args[0]);
    }
    out->rules.push_back(std::move(r));
  }
  return ok;
}

bool ParseDescription(std::string_view text, std::shared_ptr<kif::SymbolTable> symbols,
                      Description* out, std::vector<Diagnostic>* errors) {
  std::vector<SExpr> items;
  bool ok = kif::ParseSExprs(text, &items, errors);
  ok &= BuildDescription(items, std::move(symbols), out, errors);
  return ok;
}

bool LoadDescriptionFile(const std::string& path, std::shared_ptr<kif::SymbolTable> symbols,
                         Description* out, std::vector<Diagnostic>* errors) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    errors->push_back({{}, "cannot read " + path});
    return false;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return ParseDescription(ss.str(), std::move(symbols), out, errors);
}

std::string ToString(const Literal& l, const kif::SymbolTable& symbols) {
  switch (l.kind) {
    case Literal::Kind::kSentence:
    case Literal::Kind::kDistinct:
      return kif::ToString(l.term, symbols);
    case Literal::Kind::kNot:
      return "(not " + ToString(l.children[0], symbols) + ")";
    case Literal::Kind::kOr: {
      std::string s = "(or";
      for (const Literal& c : l.children) s += " " + ToString(c, symbols);
      return s + ")";
    }
  }
  return "";
}

std::string ToString(const Rule& r, const kif::SymbolTable& symbols) {
  // A fact whose sentence is itself named `<=` keeps its wrapper: printed bare, it would
  // read back as a rule with a body.
  if (r.body.empty() && !(r.head.is_compound && r.head.symbol == kif::kImplies)) {
    return kif::ToString(r.head, symbols);
  }
  std::string s = "(<= " + kif::ToString(r.head, symbols);
  for (const Literal& l : r.body) s += " " + ToString(l, symbols);
  return s + ")";
}

}  // namespace ggp::gdl
