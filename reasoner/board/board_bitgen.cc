#include "reasoner/board/board_bitgen.h"

#include <algorithm>
#include <bit>

#include "reasoner/board/board_movegen.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ggp::reasoner::board {
namespace {

// Index of the i-th set bit of w (i < popcount(w)).
int SelectBit(uint64_t w, int i) {
  for (; i > 0; --i) w &= w - 1;
  return std::countr_zero(w);
}

Bits128 Shift(Bits128 x, int32_t offset) { return offset >= 0 ? x << offset : x >> -offset; }

// The cells of `cells` (kLoads * 16 bytes) that are 0 (`empty`, border and beyond not yet
// masked off), that carry `player`'s owner bit (`own`) and that hold each of `codes`.
template <int kLoads>
void Scan(const uint8_t* cells, int player, const uint8_t* codes, size_t types, Bits128* empty,
          Bits128* own, Bits128* occupied) {
  uint64_t e[2] = {0, 0}, o[2] = {0, 0};
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  const __m128i own_bit = _mm_set1_epi8(static_cast<char>(kOwnerBit << player));
  for (int i = 0; i < kLoads; ++i) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cells + 16 * i));
    const int word = i / 4, at = 16 * (i % 4);
    auto mask = [](__m128i m) {
      return static_cast<uint64_t>(static_cast<uint16_t>(_mm_movemask_epi8(m)));
    };
    e[word] |= mask(_mm_cmpeq_epi8(v, zero)) << at;
    o[word] |= mask(_mm_cmpeq_epi8(_mm_and_si128(v, own_bit), own_bit)) << at;
    for (size_t t = 0; t < types; ++t) {
      occupied[t] |= Bits128{mask(_mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(codes[t]))))}
                     << (16 * i);
    }
  }
#else
  for (int c = 0; c < 16 * kLoads; ++c) {
    const uint8_t v = cells[c];
    if (v == 0) e[c / 64] |= uint64_t{1} << (c % 64);
    if (v & (kOwnerBit << player)) o[c / 64] |= uint64_t{1} << (c % 64);
    for (size_t t = 0; t < types; ++t) {
      if (v == codes[t]) occupied[t] |= Bits128{1} << c;
    }
  }
#endif
  *empty = (Bits128{e[1]} << 64) | e[0];
  *own = (Bits128{o[1]} << 64) | o[0];
}

}  // namespace

BitGenerator::BitGenerator(const std::vector<DfaFacts>& facts, const std::vector<PieceType>& pieces,
                           const BoardLayout& layout)
    : covered_(facts.size(), false) {
  if (layout.cells > kMaxBitCells) return;
  loads_ = (layout.cells + 15) / 16;
  for (int32_t cell : layout.cell_of) {
    if (layout.square_of[static_cast<size_t>(cell)] >= 0) board_ |= Bits128{1} << cell;  // not a hole
  }
  int types_of[2] = {0, 0};
  for (const PieceType& p : pieces) ++types_of[p.owner];
  for (size_t k = 0; k < facts.size(); ++k) {
    const DfaFacts& f = facts[k];
    const bool single_step = std::all_of(
        f.steps[0].begin(), f.steps[0].end(),
        [&](const DfaStep& e) { return f.steps[static_cast<size_t>(e.target)].empty(); });
    if (!single_step) continue;
    covered_[k] = true;
    const int owner = pieces[k].owner;
    TypePlan t;
    t.code = PieceCode(static_cast<int>(k), owner);
    t.first = static_cast<int32_t>(edges_.size());
    for (const DfaStep& e : f.steps[0]) edges_.push_back({layout.Offset(e.dx, e.dy), e.on});
    t.last = static_cast<int32_t>(edges_.size());
    plans_[owner].types.push_back(t);
  }
  for (int p = 0; p < 2; ++p) {
    PlayerPlan& plan = plans_[p];
    plan.all = !plan.types.empty() && static_cast<int>(plan.types.size()) == types_of[p];
    plan.single = types_of[p] == 1;
    size_t sets = 0;
    for (const TypePlan& t : plan.types) sets += static_cast<size_t>(t.last - t.first);
    max_sets_ = std::max(max_sets_, sets);
  }
}

uint32_t BitGenerator::Targets(const uint8_t* cells, int player, BitSets* out) const {
  const PlayerPlan& plan = plans_[static_cast<size_t>(player)];
  const size_t types = plan.types.size();
  Bits128 empty = 0, own = 0, occupied[kMaxPieceTypes];
  uint8_t codes[kMaxPieceTypes];
  for (size_t t = 0; t < types; ++t) {
    occupied[t] = 0;
    codes[t] = plan.types[t].code;
  }
  const size_t scanned = plan.single ? 0 : types;  // one type: its squares are `own`
  switch (loads_) {
    case 1:
      Scan<1>(cells, player, codes, scanned, &empty, &own, occupied);
      break;
    case 2:
      Scan<2>(cells, player, codes, scanned, &empty, &own, occupied);
      break;
    case 3:
      Scan<3>(cells, player, codes, scanned, &empty, &own, occupied);
      break;
    case 4:
      Scan<4>(cells, player, codes, scanned, &empty, &own, occupied);
      break;
    case 5:
      Scan<5>(cells, player, codes, scanned, &empty, &own, occupied);
      break;
    case 6:
      Scan<6>(cells, player, codes, scanned, &empty, &own, occupied);
      break;
    case 7:
      Scan<7>(cells, player, codes, scanned, &empty, &own, occupied);
      break;
    default:
      Scan<8>(cells, player, codes, scanned, &empty, &own, occupied);
      break;
  }
  empty &= board_;
  const Bits128 opp = board_ & ~empty & ~own;  // every piece has one owner
  if (plan.single && types == 1) occupied[0] = own;
  uint32_t count = 0, used = 0;
  BitSet* sets = out->sets.data();
  for (size_t t = 0; t < types; ++t) {
    const Bits128 from = occupied[t];
    for (int32_t i = plan.types[t].first; i < plan.types[t].last; ++i) {
      const Edge& e = edges_[static_cast<size_t>(i)];
      const Bits128 content = e.on == Content::kEmpty ? empty : e.on == Content::kOwn ? own : opp;
      const Bits128 to = Shift(from, e.offset) & content;
      const auto lo = static_cast<uint32_t>(std::popcount(static_cast<uint64_t>(to)));
      const auto all = lo + static_cast<uint32_t>(std::popcount(static_cast<uint64_t>(to >> 64)));
      sets[used] = BitSet{to, e.offset, lo, all};
      used += all != 0 ? 1u : 0u;
      count += all;
    }
  }
  out->used = used;
  return count;
}

uint32_t BitGenerator::Select(const BitSets& sets, uint32_t i) {
  const BitSet* set = sets.sets.data();
  while (i >= set->count) i -= (set++)->count;
  const int to = i < set->lo_count
                     ? SelectBit(static_cast<uint64_t>(set->bits), static_cast<int>(i))
                     : 64 + SelectBit(static_cast<uint64_t>(set->bits >> 64),
                                      static_cast<int>(i - set->lo_count));
  return PackMove(to - set->offset, to);
}

uint32_t BitGenerator::Materialize(const BitSets& sets, uint32_t* out) {
  uint32_t n = 0;
  ForEach(sets, [&](int32_t from, int32_t to) { out[n++] = PackMove(from, to); });
  return n;
}

}  // namespace ggp::reasoner::board
