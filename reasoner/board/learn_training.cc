// TrainingFromGames (learn_game.h): recorded play as the learner's training records.

#include <algorithm>
#include <cstdlib>

#include "reasoner/board/board_codec.h"
#include "reasoner/board/learn_game.h"
#include "reasoner/board/move_patterns.h"

namespace ggp::reasoner::board {

TrainingData TrainingFromGames(const Recognition& recognition, const std::vector<SimGame>& games,
                               PathHypothesis h) {
  const BoardGame& game = recognition.game;
  const GdlBinding& b = game.gdl;
  BoardCodec codec(game.shape, b);
  TrainingData data;
  data.shape = game.shape;
  data.pieces = game.pieces;
  // kLegs: each piece type's legs, the slide readings of its moves of at most two squares.
  std::vector<std::vector<Pattern>> legs(game.pieces.size());
  if (h == PathHypothesis::kLegs) {
    for (const SimGame& g : games) {
      int mover = game.initial.mover;
      for (size_t si = 0; si < g.steps.size(); ++si, mover = 1 - mover) {
        std::optional<Position> pos = codec.DecodeBoard(g.steps[si].fluents, mover);
        if (!pos) break;
        for (const kif::Term& m : g.steps[si].legal[static_cast<size_t>(b.role_of_player[static_cast<size_t>(mover)])]) {
          std::optional<BoardMove> bm = codec.DecodeMove(m);
          if (!bm) continue;
          const int dx = bm->to % game.shape.width - bm->from % game.shape.width;
          const int dy = bm->to / game.shape.width - bm->from / game.shape.width;
          if (std::max(std::abs(dx), std::abs(dy)) > 2) continue;  // legs are short moves
          std::optional<Pattern> p = PatternOf(game.shape, game.pieces, *pos, *bm, PathHypothesis::kSlide);
          if (!p) continue;
          auto& l = legs[static_cast<size_t>(pos->cells[static_cast<size_t>(bm->from)])];
          if (std::find(l.begin(), l.end(), *p) == l.end()) l.push_back(*p);
        }
      }
    }
    for (auto& l : legs) std::sort(l.begin(), l.end());
  }
  int number = 0;
  for (const SimGame& g : games) {
    int mover = game.initial.mover;
    for (size_t si = 0; si < g.steps.size(); ++si, mover = 1 - mover) {
      const SimStep& s = g.steps[si];
      std::optional<Position> pos = codec.DecodeBoard(s.fluents, mover);
      if (!pos) break;
      TrainingRecord rec;
      rec.number = ++number;
      rec.position = *pos;
      rec.all_moves = true;
      if (s.terminal && s.goals.size() == 2) {
        // The outcome for the player who just moved: won, tied or lost.
        const int just_moved = b.role_of_player[static_cast<size_t>(1 - mover)];
        const int mine = s.goals[static_cast<size_t>(just_moved)];
        const int theirs = s.goals[static_cast<size_t>(1 - just_moved)];
        rec.outcome = mine > theirs ? 1 : mine == theirs ? 0 : -1;
      }
      const int role = b.role_of_player[static_cast<size_t>(mover)];
      const kif::Term* played = s.joint.empty() ? nullptr : &s.joint[static_cast<size_t>(role)];
      for (const kif::Term& m : s.legal[static_cast<size_t>(role)]) {
        std::optional<BoardMove> bm = codec.DecodeMove(m);
        if (!bm) continue;
        std::vector<Pattern> readings;
        if (h == PathHypothesis::kLegs) {
          readings = ChainsOf(game.shape, game.pieces, *pos, *bm,
                              legs[static_cast<size_t>(pos->cells[static_cast<size_t>(bm->from)])]);
        }
        if (readings.empty()) {
          std::optional<Pattern> p = PatternOf(game.shape, game.pieces, *pos, *bm, h);
          if (!p) continue;
          readings.push_back(std::move(*p));
        }
        const bool first = played != nullptr && m == *played;
        for (size_t i = 0; i < readings.size(); ++i) {
          TrainingMove tm{bm->from, std::move(readings[i])};
          if (first) {
            rec.moves.insert(rec.moves.begin() + static_cast<std::ptrdiff_t>(i), std::move(tm));
          } else {
            rec.moves.push_back(std::move(tm));
          }
        }
      }
      data.records.push_back(std::move(rec));
    }
  }
  return data;
}

}  // namespace ggp::reasoner::board
