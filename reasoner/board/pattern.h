#pragma once
// Piece-movement patterns (seed 001, section 2): a pattern is a sequence of relative square
// contents (dx, dy, on), read from the square a piece stands on. `on` is what the
// referenced square holds from the mover's point of view: e (empty), w (an own piece),
// p (an opponent's piece). The move the pattern describes goes from the piece's square to
// the square its last step references.
//
// Coordinates: x is the file (column), y the rank (row); squares are numbered
// sq = y * width + x with a1 = 0 (x and y from 0). dx, dy are at most kMaxDelta in size.
//
// Plain values, no state; thread safe.

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ggp::reasoner::board {

enum class Content : uint8_t { kEmpty = 0, kOwn = 1, kOpponent = 2 };  // e, w, p

inline constexpr int kMaxDelta = 31;

struct Step {
  int8_t dx = 0;
  int8_t dy = 0;
  Content on = Content::kEmpty;
  friend auto operator<=>(const Step&, const Step&) = default;
};

using Pattern = std::vector<Step>;

// Dense code of a Step, the alphabet of the automata: labels order like Steps.
using Label = uint16_t;
inline constexpr int kDeltaSpan = 2 * kMaxDelta + 1;
inline constexpr int kNumLabels = kDeltaSpan * kDeltaSpan * 3;
inline Label Encode(Step s) {
  return static_cast<Label>(((s.dx + kMaxDelta) * kDeltaSpan + (s.dy + kMaxDelta)) * 3 +
                            static_cast<int>(s.on));
}
inline Step Decode(Label l) {
  const int on = l % 3;
  const int rest = l / 3;
  return Step{static_cast<int8_t>(rest / kDeltaSpan - kMaxDelta),
              static_cast<int8_t>(rest % kDeltaSpan - kMaxDelta), static_cast<Content>(on)};
}

// "(0,1,e)(1,1,p)": the seed's notation without spaces (the empty pattern is "").
std::string ToString(Step s);
std::string ToString(const Pattern& p);
// Parses ToString's output; spaces are allowed between tokens. nullopt on anything else.
std::optional<Pattern> ParsePattern(std::string_view text);

// z(pmp): the subsequences of `p` of length n - 1 (one per left-out step, n in all;
// duplicates kept). Empty for the empty pattern.
std::vector<Pattern> Subsequences(const Pattern& p);

// True if the pattern references a square twice, the origin included (forbidden by the
// seed's semantic constraint).
bool HasRepeatedSquare(const Pattern& p);

}  // namespace ggp::reasoner::board
