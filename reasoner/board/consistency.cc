#include "reasoner/board/consistency.h"

#include <algorithm>

namespace ggp::reasoner::board {

ConsistencyCheck::Word ConsistencyCheck::WordOf(const Pattern& p) {
  Word w;
  for (const Step& s : p) w.push_back(static_cast<char16_t>(Encode(s)));
  return w;
}

ConsistencyCheck::ConsistencyCheck(const TrainingData& data, int piece_type) : data_(&data) {
  std::unordered_set<Word> seen;
  const int owner = data.pieces[static_cast<size_t>(piece_type)].owner;
  for (size_t i = 0; i < data.records.size(); ++i) {
    const TrainingRecord& r = data.records[i];
    for (const TrainingMove& m : r.moves) universe_.insert(WordOf(m.pattern));
    if (r.position.mover != owner) continue;
    for (int sq = 0; sq < data.shape.squares(); ++sq) {
      if (r.position.cells[static_cast<size_t>(sq)] != piece_type) continue;
      Sample s{i, sq, r.all_moves, {}};
      for (const TrainingMove& m : r.moves) {
        if (m.square != sq) continue;
        Word w = WordOf(m.pattern);
        s.listed.push_back(w);
        if (seen.insert(w).second) patterns_.push_back(m.pattern);
      }
      std::sort(s.listed.begin(), s.listed.end());
      s.listed.erase(std::unique(s.listed.begin(), s.listed.end()), s.listed.end());
      // A 'some' record without moves for this square still bounds what may be generated
      // there (the z(pmp) rule), so it stays.
      samples_.push_back(std::move(s));
    }
  }
}

namespace {

// One sample's walk: depth-first over the DFA from the piece's square, every accepted path
// judged at once against the sample (no lists built), stopping at the first failure.
struct SampleWalk {
  const Dfa& dfa;
  const BoardShape& shape;
  const Position& pos;
  const std::vector<PieceType>& pieces;
  const std::vector<std::u16string>& listed;
  const std::unordered_set<std::u16string>& universe;
  bool all;
  int owner;
  std::vector<uint8_t>& used;
  std::u16string& path;
  size_t listed_seen = 0;

  bool Accept() {
    if (std::binary_search(listed.begin(), listed.end(), path)) {
      ++listed_seen;
      return true;
    }
    if (all) return false;
    if (universe.count(path) != 0) return true;
    for (size_t skip = 0; skip < path.size(); ++skip) {  // z(pmp) must lie in U
      std::u16string sub = path.substr(0, skip) + path.substr(skip + 1);
      if (universe.count(sub) == 0) return false;
    }
    return true;
  }

  bool From(int state, int x, int y) {
    if (dfa.accepting(state) && !path.empty() && !Accept()) return false;
    for (const Dfa::Edge& e : dfa.edges(state)) {
      const Step s = Decode(e.label);
      const int nx = x + s.dx, ny = y + s.dy;
      if (!shape.OnBoard(nx, ny)) continue;
      const int sq = ny * shape.width + nx;
      if (used[static_cast<size_t>(sq)] != 0 || ContentFor(pos, pieces, sq, owner) != s.on) continue;
      used[static_cast<size_t>(sq)] = 1;
      path.push_back(static_cast<char16_t>(e.label));
      const bool ok = From(e.target, nx, ny);
      path.pop_back();
      used[static_cast<size_t>(sq)] = 0;
      if (!ok) return false;
    }
    return true;
  }
};

}  // namespace

bool ConsistencyCheck::Check(const Dfa& dfa) const {
  std::vector<uint8_t> used(static_cast<size_t>(data_->shape.squares()), 0);
  std::u16string path;
  for (const Sample& s : samples_) {
    const Position& pos = data_->records[s.record].position;
    const int owner = data_->pieces[static_cast<size_t>(pos.cells[static_cast<size_t>(s.square)])].owner;
    SampleWalk walk{dfa, data_->shape, pos, data_->pieces, s.listed, universe_, s.all, owner, used, path};
    used[static_cast<size_t>(s.square)] = 1;
    const bool ok = walk.From(0, s.square % data_->shape.width, s.square / data_->shape.width);
    used[static_cast<size_t>(s.square)] = 0;
    if (!ok || walk.listed_seen != s.listed.size()) return false;
  }
  return true;
}

}  // namespace ggp::reasoner::board
