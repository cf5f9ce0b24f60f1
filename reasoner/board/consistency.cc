#include "reasoner/board/consistency.h"

#include <algorithm>

namespace ggp::reasoner::board {
namespace {

// The cell value of a hole in the walked boards: no edge content (e, w, p) matches it.
constexpr uint8_t kHoleCell = 0xFF;

// U's prefix tree.
Dfa UniverseTree(const TrainingData& data, int piece_type, UniverseScope scope) {
  Dfa tree;
  for (const TrainingRecord& r : data.records) {
    for (const TrainingMove& m : r.moves) {
      const bool mine = m.square >= 0 && static_cast<size_t>(m.square) < r.position.cells.size() &&
                        r.position.cells[static_cast<size_t>(m.square)] == piece_type;
      if (scope == UniverseScope::kAllPieces || mine) PatternTrie::AddWord(m.pattern, &tree);
    }
  }
  return tree;
}

uint64_t Mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ull; }

// Open addressing over 64-bit hashes: FindOrAdd returns the id of an equal entry already
// added, or adds `next_id`.
class HashIndex {
 public:
  template <typename Equal>
  int32_t FindOrAdd(uint64_t h, int32_t next_id, Equal equal) {
    if (2 * (hashes_.size() + 1) > slots_.size()) Grow();
    const size_t mask = slots_.size() - 1;
    size_t k = h & mask;
    for (; slots_[k] >= 0; k = (k + 1) & mask) {
      const int32_t id = slots_[k];
      if (hashes_[static_cast<size_t>(id)] == h && equal(id)) return id;
    }
    slots_[k] = next_id;
    hashes_.push_back(h);
    return next_id;
  }

 private:
  void Grow() {
    slots_.assign(std::max<size_t>(64, 2 * slots_.size()), -1);
    const size_t mask = slots_.size() - 1;
    for (size_t i = 0; i < hashes_.size(); ++i) {
      size_t k = hashes_[i] & mask;
      while (slots_[k] >= 0) k = (k + 1) & mask;
      slots_[k] = static_cast<int32_t>(i);
    }
  }
  std::vector<uint64_t> hashes_;  // per id (ids are dense, in order of adding)
  std::vector<int32_t> slots_;
};

}  // namespace

ConsistencyCheck::ConsistencyCheck(const TrainingData& data, int piece_type, UniverseScope scope)
    : shape_(data.shape), universe_(UniverseTree(data, piece_type, scope)) {
  if (piece_type < 0 || static_cast<size_t>(piece_type) >= data.pieces.size()) return;
  const int owner = data.pieces[static_cast<size_t>(piece_type)].owner;
  const size_t squares = static_cast<size_t>(shape_.squares());
  // What each cell value (piece index + 1; 0 empty) is for the owner.
  std::vector<uint8_t> content(data.pieces.size() + 1, static_cast<uint8_t>(Content::kEmpty));
  for (size_t k = 0; k < data.pieces.size(); ++k) {
    content[k + 1] =
        static_cast<uint8_t>(data.pieces[k].owner == owner ? Content::kOwn : Content::kOpponent);
  }
  auto usable = [&](const TrainingRecord& r) {
    return !r.outcome && r.position.mover == owner && r.position.cells.size() == squares &&
           std::find(r.position.cells.begin(), r.position.cells.end(), piece_type) !=
               r.position.cells.end();
  };
  size_t records = 0;
  for (const TrainingRecord& r : data.records) records += usable(r) ? 1 : 0;
  boards_.reserve(records * squares);
  std::vector<uint8_t> pattern_seen(static_cast<size_t>(universe_.nodes()), 0);
  std::vector<int> first(squares), next;  // the moves of each square, as linked lists
  std::vector<uint8_t> rel(squares);      // the board as the owner sees it
  std::vector<int32_t> listed;
  // Identical samples are kept once: a sample can only repeat one on the same board, so
  // boards are interned and each keeps a list of its samples.
  HashIndex board_index;
  std::vector<int32_t> board_first_sample, sample_next;
  for (const TrainingRecord& r : data.records) {
    if (!usable(r)) continue;
    uint64_t board_hash = 0xcbf29ce484222325ull;
    for (size_t c = 0; c < squares; ++c) {
      const int8_t cell = r.position.cells[c];
      rel[c] = shape_.IsHole(static_cast<int>(c))                       ? kHoleCell
               : cell < 0 || static_cast<size_t>(cell) >= data.pieces.size() ? 0
                                                                         : content[static_cast<size_t>(cell) + 1];
      board_hash = Mix(board_hash, rel[c]);
    }
    const int32_t boards = static_cast<int32_t>(board_first_sample.size());
    const int32_t board = board_index.FindOrAdd(board_hash, boards, [&](int32_t id) {
      return std::equal(rel.begin(), rel.end(),
                        boards_.begin() + static_cast<long>(static_cast<size_t>(id) * squares));
    });
    if (board == boards) {
      boards_.insert(boards_.end(), rel.begin(), rel.end());
      board_first_sample.push_back(-1);
    }
    std::fill(first.begin(), first.end(), -1);
    next.assign(r.moves.size(), -1);
    for (size_t j = r.moves.size(); j-- > 0;) {
      const int sq = r.moves[j].square;
      if (sq < 0 || static_cast<size_t>(sq) >= squares) continue;
      next[j] = first[static_cast<size_t>(sq)];
      first[static_cast<size_t>(sq)] = static_cast<int>(j);
    }
    for (int sq = 0; sq < static_cast<int>(squares); ++sq) {
      if (r.position.cells[static_cast<size_t>(sq)] != piece_type) continue;
      ++raw_samples_;
      listed.clear();
      for (int j = first[static_cast<size_t>(sq)]; j >= 0; j = next[static_cast<size_t>(j)]) {
        const int32_t node = universe_.Find(r.moves[static_cast<size_t>(j)].pattern);
        listed.push_back(node);
        if (pattern_seen[static_cast<size_t>(node)] == 0) {
          pattern_seen[static_cast<size_t>(node)] = 1;
          patterns_.push_back(r.moves[static_cast<size_t>(j)].pattern);
        }
      }
      std::sort(listed.begin(), listed.end());
      listed.erase(std::unique(listed.begin(), listed.end()), listed.end());
      // A 'some' record without moves for this square still bounds what may be generated
      // there (the z(pmp) rule), so it stays.
      bool repeated = false;
      for (int32_t o = board_first_sample[static_cast<size_t>(board)]; o >= 0 && !repeated;
           o = sample_next[static_cast<size_t>(o)]) {
        const Sample& other = samples_[static_cast<size_t>(o)];
        repeated = other.square == sq && other.all == r.all_moves &&
                   std::equal(listed.begin(), listed.end(), listed_.begin() + other.listed_begin,
                              listed_.begin() + other.listed_end);
      }
      if (repeated) continue;
      sample_next.push_back(board_first_sample[static_cast<size_t>(board)]);
      board_first_sample[static_cast<size_t>(board)] = static_cast<int32_t>(samples_.size());
      samples_.push_back(Sample{board, sq, r.all_moves, static_cast<uint32_t>(listed_.size()),
                                static_cast<uint32_t>(listed_.size() + listed.size())});
      listed_.insert(listed_.end(), listed.begin(), listed.end());
    }
  }
}

// The depth-first walk of one sample: GenerateMoves's walk, judging each generated pattern
// at once.
struct ConsistencyCheck::Walk {
  const ConsistencyCheck& c;
  Scratch& s;
  const uint8_t* cells;
  const int32_t* listed_begin;
  const int32_t* listed_end;
  bool all;
  size_t listed_seen = 0;

  // Judges the pattern s.path[0, depth) (generated; new in a generalisation check).
  bool Accept(int depth) {
    const int32_t node = s.trie[static_cast<size_t>(depth)];
    for (const int32_t* l = listed_begin; l != listed_end; ++l) {
      if (*l == node) {
        ++listed_seen;
        return true;
      }
    }
    if (all) return false;
    const PatternTrie& u = c.universe_;
    if (u.Terminal(node)) return true;
    // z(pmp) must lie in U: leaving out step `skip`, the prefix before it is known.
    for (int skip = 0; skip < depth; ++skip) {
      int32_t v = s.trie[static_cast<size_t>(skip)];
      for (int i = skip + 1; i < depth; ++i) v = u.Next(v, s.path[static_cast<size_t>(i)]);
      if (!u.Terminal(v)) return false;
    }
    return true;
  }

  bool From(int32_t state, int x, int y, int depth) {
    if (depth > 0 && s.judge[static_cast<size_t>(state)] != 0 && !Accept(depth)) return false;
    const Scratch::Edge* e = s.edges.data() + s.state_begin[static_cast<size_t>(state)];
    const Scratch::Edge* end = s.edges.data() + s.state_begin[static_cast<size_t>(state) + 1];
    const int width = c.shape_.width, height = c.shape_.height;
    const int32_t node = s.trie[static_cast<size_t>(depth)];
    for (; e != end; ++e) {
      const int nx = x + e->dx, ny = y + e->dy;
      if (static_cast<unsigned>(nx) >= static_cast<unsigned>(width) ||
          static_cast<unsigned>(ny) >= static_cast<unsigned>(height)) {
        continue;
      }
      const size_t sq = static_cast<size_t>(ny * width + nx);
      if (cells[sq] != e->on || s.used[sq] != 0) continue;
      s.used[sq] = 1;
      s.path[static_cast<size_t>(depth)] = e->symbol;
      s.trie[static_cast<size_t>(depth) + 1] = c.universe_.Next(node, e->symbol);
      const bool ok = From(e->target, nx, ny, depth + 1);
      s.used[sq] = 0;
      if (!ok) return false;
    }
    return true;
  }
};

bool ConsistencyCheck::CheckSample(uint32_t i, Scratch* s) const {
  const Sample& sample = samples_[i];
  const size_t squares = static_cast<size_t>(shape_.squares());
  Walk walk{*this,
            *s,
            boards_.data() + static_cast<size_t>(sample.board) * squares,
            listed_.data() + sample.listed_begin,
            listed_.data() + sample.listed_end,
            sample.all};
  s->trie[0] = PatternTrie::kRoot;
  s->used[static_cast<size_t>(sample.square)] = 1;
  const bool ok = walk.From(0, sample.square % shape_.width, sample.square / shape_.width, 0);
  s->used[static_cast<size_t>(sample.square)] = 0;
  return ok && (!s->count_listed || walk.listed_seen == sample.listed_end - sample.listed_begin);
}

bool ConsistencyCheck::Check(const Dfa& dfa) const {
  Scratch scratch;
  return Check(dfa, &scratch);
}

bool ConsistencyCheck::Check(const Dfa& dfa, Scratch* scratch) const {
  Compile(dfa, scratch);
  return RunSamples(scratch);
}

bool ConsistencyCheck::CheckGeneralisation(const Dfa& candidate, const Dfa& parent,
                                           Scratch* scratch) const {
  if (!CompileNew(candidate, parent, scratch)) return true;  // nothing new is accepted
  return RunSamples(scratch);
}

void ConsistencyCheck::BuildFirstSteps() const {
  const size_t words = (samples_.size() + 63) / 64;
  const size_t symbols = static_cast<size_t>(universe_.symbols()) - 1;
  const size_t squares = static_cast<size_t>(shape_.squares());
  first_steps_.assign(symbols * words, 0);
  for (size_t a = 0; a < symbols; ++a) {
    const Step st = Decode(universe_.LabelOf(static_cast<uint16_t>(a)));
    for (size_t i = 0; i < samples_.size(); ++i) {
      const Sample& sample = samples_[i];
      const int x = sample.square % shape_.width + st.dx, y = sample.square / shape_.width + st.dy;
      if (!shape_.OnBoard(x, y)) continue;
      const uint8_t c = boards_[static_cast<size_t>(sample.board) * squares +
                                static_cast<size_t>(y * shape_.width + x)];
      if (c == static_cast<uint8_t>(st.on))
        first_steps_[a * words + i / 64] |= uint64_t{1} << (i % 64);
    }
  }
}

bool ConsistencyCheck::RunSamples(Scratch* scratch) const {
  constexpr size_t kRecent = 8;
  auto failed = [&](uint32_t i) {
    auto& r = scratch->recent;
    auto it = std::find(r.begin(), r.end(), i);
    if (it == r.end()) {
      if (r.size() < kRecent) r.push_back(i);
      it = r.end() - 1;
      *it = i;
    }
    std::rotate(r.begin(), it, it + 1);
    return false;
  };
  for (uint32_t i : scratch->recent) {
    if (i < samples_.size() && !CheckSample(i, scratch)) return failed(i);
  }
  // A generalisation check judges only new patterns: a sample where none of the start's
  // steps can be taken has nothing to judge.
  bool filter = !scratch->count_listed;
  const size_t none = static_cast<size_t>(universe_.symbols()) - 1;
  for (uint32_t k = scratch->state_begin[0]; filter && k < scratch->state_begin[1]; ++k) {
    filter = scratch->edges[k].symbol != none;
  }
  if (!filter) {
    for (uint32_t i = 0; i < samples_.size(); ++i) {
      if (!CheckSample(i, scratch)) return failed(i);
    }
    return true;
  }
  std::call_once(first_steps_once_, [this] { BuildFirstSteps(); });
  const size_t words = (samples_.size() + 63) / 64;
  scratch->walked.assign(words, 0);
  for (uint32_t k = scratch->state_begin[0]; k < scratch->state_begin[1]; ++k) {
    const uint64_t* bits = first_steps_.data() + scratch->edges[k].symbol * words;
    for (size_t w = 0; w < words; ++w) scratch->walked[w] |= bits[w];
  }
  for (size_t w = 0; w < words; ++w) {
    for (uint64_t bits = scratch->walked[w]; bits != 0; bits &= bits - 1) {
      const uint32_t i = static_cast<uint32_t>(w * 64 + static_cast<size_t>(__builtin_ctzll(bits)));
      if (!CheckSample(i, scratch)) return failed(i);
    }
  }
  return true;
}

}  // namespace ggp::reasoner::board
