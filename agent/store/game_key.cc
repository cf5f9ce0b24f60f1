#include "agent/store/game_key.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <stdexcept>
#include <utility>
#include <vector>

#include "reasoner/gdl/normalize.h"
#include "reasoner/hash.h"

namespace ggp::agent::store {
namespace {

// Prints terms and literals canonically. With `mask` every variable prints as "?";
// otherwise variables are numbered by first occurrence across everything printed.
class CanonicalPrinter {
 public:
  CanonicalPrinter(const kif::SymbolTable& symbols, bool mask) : symbols_(symbols), mask_(mask) {}

  void Term(const kif::Term& t, std::string* out) {
    if (t.is_variable) {
      out->push_back('?');
      if (!mask_) *out += std::to_string(VariableNumber(t.symbol));
      return;
    }
    if (!t.is_compound) {
      *out += symbols_.Name(t.symbol);
      return;
    }
    out->push_back('(');
    *out += symbols_.Name(t.symbol);
    for (const kif::Term& a : t.args) {
      out->push_back(' ');
      Term(a, out);
    }
    out->push_back(')');
  }

  void Literal(const gdl::Literal& l, std::string* out) {
    switch (l.kind) {
      case gdl::Literal::Kind::kSentence:
      case gdl::Literal::Kind::kDistinct:
        Term(l.term, out);
        return;
      case gdl::Literal::Kind::kNot:
        *out += "(not";
        for (const gdl::Literal& c : l.children) {
          out->push_back(' ');
          Literal(c, out);
        }
        out->push_back(')');
        return;
      case gdl::Literal::Kind::kOr:  // only when normalisation refused the rules
        *out += "(or";
        for (const gdl::Literal& c : l.children) {
          out->push_back(' ');
          Literal(c, out);
        }
        out->push_back(')');
        return;
    }
  }

 private:
  size_t VariableNumber(kif::SymbolId v) {
    for (size_t i = 0; i < variables_.size(); ++i) {
      if (variables_[i] == v) return i;
    }
    variables_.push_back(v);
    return variables_.size() - 1;
  }

  const kif::SymbolTable& symbols_;
  bool mask_;
  std::vector<kif::SymbolId> variables_;  // index = number; rules have few variables
};

using reasoner::Mix64;

uint64_t Rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

}  // namespace

std::string CanonicalRule(const gdl::Rule& rule, const kif::SymbolTable& symbols) {
  std::string out;
  if (rule.body.empty()) {
    CanonicalPrinter(symbols, /*mask=*/false).Term(rule.head, &out);
    return out;
  }
  // Body order by the literals' shapes, so that the numbering below does not depend on
  // the order the author wrote them in.
  std::vector<std::string> shapes(rule.body.size());
  for (size_t i = 0; i < rule.body.size(); ++i) {
    CanonicalPrinter(symbols, /*mask=*/true).Literal(rule.body[i], &shapes[i]);
  }
  std::vector<size_t> order(rule.body.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return shapes[a] < shapes[b]; });
  CanonicalPrinter printer(symbols, /*mask=*/false);
  out = "(<= ";
  printer.Term(rule.head, &out);
  for (size_t i : order) {
    out.push_back(' ');
    printer.Literal(rule.body[i], &out);
  }
  out.push_back(')');
  return out;
}

std::string CanonicalGameText(const gdl::Description& rules, std::string_view role) {
  std::string text = "ggp-agent game key " + std::to_string(kGameKeyFormat) + "\nrole ";
  text += role;
  text += "\nroles";
  if (rules.symbols == nullptr) return text + "\n";  // no symbols, so no rules either

  gdl::Description normalised;
  const gdl::Description* use = &rules;
  try {
    normalised = gdl::Normalize(rules);
    use = &normalised;
  } catch (const std::length_error&) {
    // A hostile `or` expansion: key the rules as written (still order-independent).
  }
  for (const kif::Term& r : use->roles) {
    text.push_back(' ');
    CanonicalPrinter(*rules.symbols, /*mask=*/false).Term(r, &text);
  }
  text.push_back('\n');

  std::vector<std::string> lines;
  lines.reserve(use->rules.size());
  for (const gdl::Rule& r : use->rules) lines.push_back(CanonicalRule(r, *rules.symbols));
  std::sort(lines.begin(), lines.end());
  lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
  for (const std::string& line : lines) {
    text += line;
    text.push_back('\n');
  }
  return text;
}

std::string Hash128Hex(std::string_view bytes) {
  uint64_t a = 0x6a09e667f3bcc908ULL;  // fractional parts of sqrt(2) and sqrt(3)
  uint64_t b = 0xbb67ae8584caa73bULL;
  auto absorb = [&a, &b](uint64_t w) {
    a = Rotl(a ^ Mix64(w + 0x9e3779b97f4a7c15ULL), 27) * 5 + 0x52dce729ULL;
    b = Rotl(b ^ Mix64(w ^ 0xc2b2ae3d27d4eb4fULL), 31) * 5 + 0x38495ab5ULL;
    a += b;
    b += a;
  };
  const size_t n = bytes.size();
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w = 0;  // little-endian on every host
    for (size_t j = 0; j < 8; ++j)
      w |= uint64_t{static_cast<unsigned char>(bytes[i + j])} << (8 * j);
    absorb(w);
  }
  uint64_t tail = 0;
  for (size_t j = 0; i + j < n; ++j)
    tail |= uint64_t{static_cast<unsigned char>(bytes[i + j])} << (8 * j);
  absorb(tail);
  absorb(static_cast<uint64_t>(n));
  const uint64_t h1 = Mix64(a ^ Rotl(b, 17));
  const uint64_t h2 = Mix64(b + h1);
  char out[33];
  std::snprintf(out, sizeof out, "%016llx%016llx", static_cast<unsigned long long>(h1),
                static_cast<unsigned long long>(h2));
  return std::string(out, 32);
}

std::string GameKey(const gdl::Description& normalised_rules, std::string_view role) {
  return Hash128Hex(CanonicalGameText(normalised_rules, role));
}

std::string GameKey(const gdl::Description& rules) { return GameKey(rules, ""); }

}  // namespace ggp::agent::store
