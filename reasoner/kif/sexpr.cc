#include "reasoner/kif/sexpr.h"

#include <cctype>

namespace ggp::kif {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// A cursor over the input that tracks line and column and skips comments.
class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  // Skips whitespace and comments. Returns false at end of input.
  bool SkipSpace() {
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (IsSpace(c)) {
        Advance();
      } else if (c == ';') {
        while (pos_ < text_.size() && text_[pos_] != '\n') Advance();
      } else if (c == '#' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '|') {
        Advance();
        Advance();
        while (pos_ < text_.size() &&
               !(text_[pos_] == '|' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '#')) {
          Advance();
        }
        if (pos_ < text_.size()) {
          Advance();
          Advance();
        }
      } else {
        return true;
      }
    }
    return false;
  }

  char Peek() const { return text_[pos_]; }
  Position Here() const { return {line_, column_}; }

  void Advance() {
    if (text_[pos_] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    ++pos_;
  }

  std::string ReadAtom() {
    size_t start = pos_;
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (IsSpace(c) || c == '(' || c == ')' || c == ';') break;
      if (c == '#' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '|') break;
      Advance();
    }
    return std::string(text_.substr(start, pos_ - start));
  }

 private:
  std::string_view text_;
  size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
};

}  // namespace

std::string FormatDiagnostic(const Diagnostic& d) {
  if (d.where.line <= 0) return d.message;
  return "line " + std::to_string(d.where.line) + ", column " + std::to_string(d.where.column) +
         ": " + d.message;
}

bool ParseSExprs(std::string_view text, std::vector<SExpr>* out, std::vector<Diagnostic>* errors) {
  Lexer lex(text);
  // Explicit stack instead of recursion: deeply nested input cannot overflow the C++ stack.
  std::vector<SExpr> stack;
  bool ok = true;
  while (lex.SkipSpace()) {
    char c = lex.Peek();
    if (c == '(') {
      if (static_cast<int>(stack.size()) >= kMaxNesting) {
        errors->push_back({lex.Here(), "lists nested deeper than " + std::to_string(kMaxNesting) +
                                           " levels"});
        return false;
      }
      SExpr list;
      list.kind = SExpr::Kind::kList;
      list.where = lex.Here();
      stack.push_back(std::move(list));
      lex.Advance();
    } else if (c == ')') {
      if (stack.empty()) {
        errors->push_back({lex.Here(), "unmatched ')'"});
        ok = false;
        lex.Advance();
        continue;
      }
      lex.Advance();
      SExpr done = std::move(stack.back());
      stack.pop_back();
      if (stack.empty()) {
        out->push_back(std::move(done));
      } else {
        stack.back().items.push_back(std::move(done));
      }
    } else {
      SExpr atom;
      atom.where = lex.Here();
      atom.atom = lex.ReadAtom();
      if (stack.empty()) {
        out->push_back(std::move(atom));
      } else {
        stack.back().items.push_back(std::move(atom));
      }
    }
  }
  if (!stack.empty()) {
    errors->push_back({stack.front().where, "unmatched '(' (input ends inside this expression)"});
    ok = false;
  }
  return ok;
}

bool ParseOneSExpr(std::string_view text, SExpr* out, std::vector<Diagnostic>* errors) {
  std::vector<SExpr> all;
  if (!ParseSExprs(text, &all, errors)) return false;
  if (all.size() != 1) {
    errors->push_back({{}, "expected exactly one expression, found " + std::to_string(all.size())});
    return false;
  }
  *out = std::move(all.front());
  return true;
}

namespace {
void Print(const SExpr& e, std::string* s) {
  if (e.is_atom()) {
    s->append(e.atom);
    return;
  }
  s->push_back('(');
  for (size_t i = 0; i < e.items.size(); ++i) {
    if (i > 0) s->push_back(' ');
    Print(e.items[i], s);
  }
  s->push_back(')');
}
}  // namespace

std::string ToString(const SExpr& e) {
  std::string s;
  Print(e, &s);
  return s;
}

std::string StripComments(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == ';') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == '#' && i + 1 < text.size() && text[i + 1] == '|') {
      i += 2;
      while (i < text.size() && !(text[i] == '|' && i + 1 < text.size() && text[i + 1] == '#')) {
        if (text[i] == '\n') out.push_back('\n');
        ++i;
      }
      i = i + 2 <= text.size() ? i + 2 : text.size();
      out.push_back(' ');
    } else {
      out.push_back(c);
      ++i;
    }
  }
  return out;
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

}  // namespace ggp::kif
