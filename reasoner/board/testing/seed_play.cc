// Random play of the seed games (seed_games.h): training data and test positions.

#include <utility>

#include "reasoner/board/testing/seed_games.h"
#include "reasoner/random.h"

namespace ggp::reasoner::board::testing {

void AppendRandomGame(const SeedRules& rules, uint64_t seed, bool all_moves, TrainingData* data) {
  Rng rng(seed);
  Position pos = rules.Initial();
  std::vector<TrainingMove> moves;
  auto record = [&](std::optional<int> outcome) -> TrainingRecord& {
    TrainingRecord& r = data->records.emplace_back();
    r.number = static_cast<int>(data->records.size());
    r.position = pos;
    r.outcome = outcome;
    r.all_moves = all_moves || outcome.has_value();
    return r;
  };
  for (int ply = 0;; ++ply) {
    if (ply == SeedRules::kMaxPlies) {
      record(0);  // a tie
      return;
    }
    rules.LegalMoves(pos, &moves);
    if (moves.empty()) {
      record(1);  // the player to move is stuck: the one who just moved wins
      return;
    }
    std::swap(moves[0], moves[rng.Below(static_cast<uint32_t>(moves.size()))]);
    if (!all_moves) moves.resize(1);
    const TrainingMove played = moves[0];
    record(std::nullopt).moves = std::move(moves);
    moves = {};
    const int piece = pos.cells[static_cast<size_t>(played.square)];
    pos = rules.Play(pos, played);
    int to = played.square;
    for (const Step& s : played.pattern) to += s.dy * rules.shape().width + s.dx;
    if (rules.Wins(piece, to)) {
      record(1);
      return;
    }
  }
}

TrainingData RandomTrainingData(const SeedRules& rules, int games, uint64_t seed, bool all_moves) {
  TrainingData data;
  data.shape = rules.shape();
  data.pieces = rules.pieces();
  Rng seeds(seed);
  for (int g = 0; g < games; ++g) AppendRandomGame(rules, seeds.Next(), all_moves, &data);
  return data;
}

std::vector<Position> RandomPositions(const SeedRules& rules, int count, uint64_t seed) {
  Rng rng(seed);
  std::vector<Position> out;
  std::vector<TrainingMove> moves;
  const int squares = rules.shape().squares();
  const int types = static_cast<int>(rules.pieces().size());
  while (static_cast<int>(out.size()) < count) {
    if (out.size() % 2 == 0) {  // from random play, stopped at a random ply
      Position pos = rules.Initial();
      const int plies = static_cast<int>(rng.Below(SeedRules::kMaxPlies));
      for (int ply = 0; ply < plies; ++ply) {
        rules.LegalMoves(pos, &moves);
        if (moves.empty()) break;
        const TrainingMove& m = moves[rng.Below(static_cast<uint32_t>(moves.size()))];
        const int piece = pos.cells[static_cast<size_t>(m.square)];
        Position next = rules.Play(pos, m);
        int to = m.square;
        for (const Step& s : m.pattern) to += s.dy * rules.shape().width + s.dx;
        if (rules.Wins(piece, to)) break;
        pos = std::move(next);
      }
      out.push_back(std::move(pos));
    } else {  // a scatter: each square empty or any piece
      Position pos;
      pos.cells.assign(static_cast<size_t>(squares), kEmptySquare);
      const uint32_t density = 2 + rng.Below(6);  // 2..7 tenths of the squares occupied
      for (int sq = 0; sq < squares; ++sq) {
        if (rng.Below(10) < density)
          pos.cells[static_cast<size_t>(sq)] =
              static_cast<int8_t>(rng.Below(static_cast<uint32_t>(types)));
      }
      pos.mover = static_cast<int>(rng.Below(2));
      out.push_back(std::move(pos));
    }
  }
  return out;
}

}  // namespace ggp::reasoner::board::testing
