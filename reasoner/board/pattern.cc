#include "reasoner/board/pattern.h"

#include <cctype>
#include <cstdlib>
#include <set>

namespace ggp::reasoner::board {
namespace {

char ContentLetter(Content c) {
  switch (c) {
    case Content::kEmpty: return 'e';
    case Content::kOwn: return 'w';
    case Content::kOpponent: return 'p';
  }
  return '?';
}

}  // namespace

std::string ToString(Step s) {
  return "(" + std::to_string(s.dx) + "," + std::to_string(s.dy) + "," + ContentLetter(s.on) + ")";
}

std::string ToString(const Pattern& p) {
  std::string out;
  for (const Step& s : p) out += ToString(s);
  return out;
}

std::optional<Pattern> ParsePattern(std::string_view text) {
  Pattern p;
  size_t i = 0;
  auto skip = [&] {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  };
  auto number = [&](int* out) {
    skip();
    size_t start = i;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    size_t digits = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    if (i == digits || i - digits > 3) return false;
    *out = std::atoi(std::string(text.substr(start, i - start)).c_str());
    return std::abs(*out) <= kMaxDelta;
  };
  auto expect = [&](char c) {
    skip();
    if (i >= text.size() || text[i] != c) return false;
    ++i;
    return true;
  };
  for (skip(); i < text.size(); skip()) {
    int dx = 0, dy = 0;
    if (!expect('(') || !number(&dx) || !expect(',') || !number(&dy) || !expect(',')) return std::nullopt;
    skip();
    if (i >= text.size()) return std::nullopt;
    Content on;
    switch (text[i++]) {
      case 'e': on = Content::kEmpty; break;
      case 'w': on = Content::kOwn; break;
      case 'p': on = Content::kOpponent; break;
      default: return std::nullopt;
    }
    if (!expect(')')) return std::nullopt;
    p.push_back(Step{static_cast<int8_t>(dx), static_cast<int8_t>(dy), on});
  }
  return p;
}

std::vector<Pattern> Subsequences(const Pattern& p) {
  std::vector<Pattern> out;
  for (size_t skip = 0; skip < p.size(); ++skip) {
    Pattern q;
    for (size_t i = 0; i < p.size(); ++i) {
      if (i != skip) q.push_back(p[i]);
    }
    out.push_back(std::move(q));
  }
  return out;
}

bool HasRepeatedSquare(const Pattern& p) {
  std::set<std::pair<int, int>> seen{{0, 0}};
  int x = 0, y = 0;
  for (const Step& s : p) {
    x += s.dx;
    y += s.dy;
    if (!seen.emplace(x, y).second) return true;
  }
  return false;
}

}  // namespace ggp::reasoner::board
