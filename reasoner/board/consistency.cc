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

bool ConsistencyCheck::Check(const Dfa& dfa) const {
  std::vector<Pattern> generated;
  std::vector<Word> words;
  for (const Sample& s : samples_) {
    generated.clear();
    GenerateMoves(dfa, data_->shape, data_->records[s.record].position, data_->pieces, s.square, &generated);
    words.clear();
    for (const Pattern& p : generated) words.push_back(WordOf(p));
    std::sort(words.begin(), words.end());
    words.erase(std::unique(words.begin(), words.end()), words.end());
    if (!std::includes(words.begin(), words.end(), s.listed.begin(), s.listed.end())) return false;
    if (s.all) {
      if (words.size() != s.listed.size()) return false;
      continue;
    }
    for (size_t i = 0; i < words.size(); ++i) {
      if (universe_.count(words[i]) != 0) continue;
      // z(pmp): every subsequence of length n - 1 must be in U.
      const Word& w = words[i];
      for (size_t skip = 0; skip < w.size(); ++skip) {
        Word sub = w.substr(0, skip) + w.substr(skip + 1);
        if (universe_.count(sub) == 0) return false;
      }
    }
  }
  return true;
}

}  // namespace ggp::reasoner::board
