#include "reasoner/board/board_movegen.h"

#include <algorithm>
#include <bit>

namespace ggp::reasoner::board {
namespace {

// One piece's walk: the board, where moves go and the scratch.
class Walker {
 public:
  Walker(const GenEdge* edges, const uint8_t* cells, GenScratch& g, uint32_t n)
      : edges_(edges),
        cells_(cells),
        g_(g),
        out_(g.moves.data()),
        n_(n),
        cap_(static_cast<uint32_t>(g.moves.size())) {}

  uint32_t size() const { return n_; }
  void SetOrigin(int32_t origin) {
    origin_ = origin;
    from_ = static_cast<uint32_t>(origin) << 16;
  }
  void NextToken() {
    if (++g_.token == 0) {
      std::fill(g_.stamp.begin(), g_.stamp.end(), 0u);
      g_.token = 1;
    }
  }

  // The start edges of `p` from the origin. With kFirst, returns true at the first move.
  template <bool kFirst, bool kDedup>
  bool Start(const PieceProgram& p) {
    if (!p.any_checked) return Walk<kFirst, kDedup, false>(p.first, p.leaf_end, p.last, origin_, 0);
    if (Leaves<kFirst, kDedup, false>(p.first, p.leaf_end, origin_, 0)) return true;
    for (int32_t i = p.leaf_end; i < p.last; ++i) {
      const GenEdge& e = edges_[i];
      const int32_t t = origin_ + e.offset;
      if ((cells_[t] & e.mask) != e.want) continue;
      if (e.accepting) {
        if constexpr (kFirst) return true;
        Emit<kDedup>(t);
      }
      bool found;
      if (e.checked) {
        g_.path[0] = origin_;
        g_.path[1] = t;
        found = Walk<kFirst, kDedup, true>(e.first, e.leaf_end, e.last, t, 1);
      } else {
        found = Walk<kFirst, kDedup, false>(e.first, e.leaf_end, e.last, t, 1);
      }
      if (kFirst && found) return true;
    }
    return false;
  }

 private:
  bool OnPath(int32_t t, int depth) const {
    for (int d = 0; d <= depth; ++d) {
      if (g_.path[static_cast<size_t>(d)] == t) return true;
    }
    return false;
  }

  void Grow(uint32_t need) {
    g_.moves.resize(std::max<size_t>(need, 2 * g_.moves.size()));
    out_ = g_.moves.data();
    cap_ = static_cast<uint32_t>(g_.moves.size());
  }

  template <bool kDedup>
  void Emit(int32_t t) {
    if constexpr (kDedup) {
      uint32_t& stamp = g_.stamp[static_cast<size_t>(t)];
      if (stamp == g_.token) return;
      stamp = g_.token;
    }
    if (n_ == cap_) Grow(n_ + 1);
    out_[n_++] = from_ | static_cast<uint32_t>(t);
  }

  // Edges into accepting states without edges: one reference each.
  template <bool kFirst, bool kDedup, bool kCheck>
  bool Leaves(int32_t first, int32_t leaf_end, int32_t at, int depth) {
    if constexpr (!kFirst && !kDedup && !kCheck) {
      if (n_ + static_cast<uint32_t>(leaf_end - first) > cap_)
        Grow(n_ + static_cast<uint32_t>(leaf_end - first));
      // Locals: stores through out_ could alias the members.
      uint32_t* out = out_;
      uint32_t n = n_;
      const uint32_t from = from_;
      const uint8_t* cells = cells_;
      for (int32_t i = first; i < leaf_end; ++i) {
        const GenEdge& e = edges_[i];
        const int32_t t = at + e.offset;
        out[n] = from | static_cast<uint32_t>(t);
        n += (cells[t] & e.mask) == e.want ? 1u : 0u;
      }
      n_ = n;
    } else {
      for (int32_t i = first; i < leaf_end; ++i) {
        const GenEdge& e = edges_[i];
        const int32_t t = at + e.offset;
        if ((cells_[t] & e.mask) != e.want) continue;
        if constexpr (kCheck) {
          if (OnPath(t, depth)) continue;
        }
        if constexpr (kFirst) return true;
        Emit<kDedup>(t);
      }
    }
    return false;
  }

  template <bool kFirst, bool kDedup, bool kCheck>
  bool Walk(int32_t first, int32_t leaf_end, int32_t last, int32_t at, int depth) {
    if (Leaves<kFirst, kDedup, kCheck>(first, leaf_end, at, depth)) return true;
    for (int32_t i = leaf_end; i < last; ++i) {
      const GenEdge& e = edges_[i];
      const int32_t t = at + e.offset;
      if ((cells_[t] & e.mask) != e.want) continue;
      if constexpr (kCheck) {
        if (OnPath(t, depth)) continue;
        g_.path[static_cast<size_t>(depth) + 1] = t;
      }
      if (e.accepting) {
        if constexpr (kFirst) return true;
        Emit<kDedup>(t);
      }
      if (Walk<kFirst, kDedup, kCheck>(e.first, e.leaf_end, e.last, t, depth + 1) && kFirst) {
        return true;
      }
    }
    return false;
  }

  const GenEdge* edges_;
  const uint8_t* cells_;
  GenScratch& g_;
  uint32_t* out_;
  uint32_t n_, cap_;
  int32_t origin_ = 0;
  uint32_t from_ = 0;
};

}  // namespace

MoveGenerator::MoveGenerator(const std::vector<DfaFacts>& facts,
                             const std::vector<PieceType>& pieces, const BoardLayout& layout)
    : bit_(facts, pieces, layout), board_words_((layout.cells + 7) / 8) {
  for (size_t k = 0; k < facts.size(); ++k) {
    const DfaFacts& f = facts[k];
    const int owner = pieces[k].owner;
    const size_t n = f.steps.size();
    auto leaf = [&](const DfaStep& e) {
      return f.steps[static_cast<size_t>(e.target)].empty();  // useful: then it accepts
    };
    // Ranges: each useful state's edges, leaves first.
    std::vector<int32_t> begin(n, 0), leaf_end(n, 0), end(n, 0);
    int32_t next = static_cast<int32_t>(edges_.size());
    for (size_t s = 0; s < n; ++s) {
      begin[s] = next;
      leaf_end[s] =
          next + static_cast<int32_t>(std::count_if(f.steps[s].begin(), f.steps[s].end(), leaf));
      next += static_cast<int32_t>(f.steps[s].size());
      end[s] = next;
    }
    edges_.resize(static_cast<size_t>(next));
    for (size_t s = 0; s < n; ++s) {
      int32_t at_leaf = begin[s], at_rest = leaf_end[s];
      for (size_t i = 0; i < f.steps[s].size(); ++i) {
        const DfaStep& st = f.steps[s][i];
        const size_t t = static_cast<size_t>(st.target);
        GenEdge e;
        e.offset = layout.Offset(st.dx, st.dy);
        if (st.on == Content::kEmpty) {
          e.mask = 0xFF;
          e.want = 0;
        } else {
          e.mask = e.want =
              static_cast<uint8_t>(kOwnerBit << (st.on == Content::kOwn ? owner : 1 - owner));
        }
        e.accepting = f.accepting[t] ? 1 : 0;
        e.checked = s == 0 && f.checked[i] ? 1 : 0;
        e.first = begin[t];
        e.leaf_end = leaf_end[t];
        e.last = end[t];
        edges_[static_cast<size_t>(leaf(st) ? at_leaf++ : at_rest++)] = e;
      }
    }
    PieceProgram p;
    p.first = begin[0];
    p.leaf_end = leaf_end[0];
    p.last = end[0];
    p.dedup = f.dedup;
    p.acyclic = f.acyclic;
    p.any_checked = std::any_of(f.checked.begin(), f.checked.end(), [](bool b) { return b; });
    p.bit = bit_.covers(static_cast<int>(k));
    programs_.push_back(p);
  }
}

template <bool kFirst>
uint32_t MoveGenerator::Run(const uint64_t* board, int player, GenScratch& scratch) const {
  const uint8_t* cells = reinterpret_cast<const uint8_t*>(board);
  uint32_t n = 0;
  const bool set_wise = bit_.covers_any(player);
  if (set_wise) {
    n = bit_.Targets(cells, player, &scratch.bits);
    if (kFirst && n != 0) return n;
    if (!kFirst) {
      if (n > scratch.moves.size())
        scratch.moves.resize(std::max<size_t>(n, 2 * scratch.moves.size()));
      BitGenerator::Materialize(scratch.bits, scratch.moves.data());
    }
    if (bit_.covers_player(player)) return n;
  }
  Walker w(edges_.data(), cells, scratch, n);
  const uint64_t mask = kOwnerBytes << player;
  for (int i = 0; i < board_words_; ++i) {
    uint64_t bits = board[i] & mask;
    while (bits != 0) {
      const int32_t cell = i * 8 + (std::countr_zero(bits) >> 3);
      bits &= bits - 1;
      const PieceProgram& p = programs_[static_cast<size_t>(PieceTypeOf(cells[cell]))];
      if (set_wise && p.bit) continue;
      w.SetOrigin(cell);
      if constexpr (kFirst) {
        if (w.Start<true, false>(p)) return 1;
      } else if (p.dedup) {
        w.NextToken();
        w.Start<false, true>(p);
      } else {
        w.Start<false, false>(p);
      }
    }
  }
  return w.size();
}

uint32_t MoveGenerator::Generate(const uint64_t* board, int player, GenScratch& scratch) const {
  return Run<false>(board, player, scratch);
}

bool MoveGenerator::HasMove(const uint64_t* board, int player, GenScratch& scratch) const {
  return Run<true>(board, player, scratch) != 0;
}

}  // namespace ggp::reasoner::board
