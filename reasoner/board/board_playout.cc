// The board machine's own random playout: the generic loop of state_machine.cc, move for
// move and draw for draw, on one mailbox updated in place.
//
// Each step decides "terminal" exactly as IsTerminal does (goal square win, no move for
// the mover, length limit), but cheaper: after a move only the moved piece can have
// reached a goal square, and the mover's move list, needed for the no-move test, is the
// list the draw is made from. Every role draws in role order, the waiting role from its
// one-move list (rng.Below(1), as the generic loop does).

#include <limits>

#include "reasoner/board/board_machine.h"

namespace ggp::reasoner::board {

PlayoutResult BoardMachine::RandomPlayout(const State& s, int max_steps, Rng& rng,
                                          Workspace& workspace, State* end,
                                          std::vector<PlayoutMove>* moves,
                                          const std::atomic<bool>* stop) const {
  GenScratch& g = static_cast<BoardWorkspace&>(workspace).gen;
  PlayoutResult result;
  *end = s;
  uint64_t* words = end->mutable_words().data();
  const uint64_t* board = words + 1;
  uint8_t* cells = reinterpret_cast<uint8_t*>(words + 1);
  const uint32_t ply_limit = game_.max_plies > 0 ? static_cast<uint32_t>(game_.max_plies)
                                                 : std::numeric_limits<uint32_t>::max();
  const int* role_of_player = game_.gdl.role_of_player.data();
  const BitGenerator& bits = gen_.bits();
  // Players whose moves are all set-wise: drawn straight from the sets, no list.
  const bool set_wise[2] = {bits.covers_player(0), bits.covers_player(1)};
  int winner = GoalSquareWinner(cells, static_cast<int>(words[0] & 1u));
  for (;;) {
    const int mover = static_cast<int>(words[0] & 1u);
    uint32_t n = 0;
    bool terminal = winner >= 0 || static_cast<uint32_t>(words[0] >> 8) >= ply_limit;
    if (!terminal) {
      n = set_wise[mover] ? bits.Targets(cells, mover, &g.bits) : gen_.Generate(board, mover, g);
      terminal = n == 0;
    }
    if (result.EndsHere(terminal, max_steps, stop)) break;
    auto pick = [&](uint32_t i) {
      return set_wise[mover] ? BitGenerator::Select(g.bits, i) : g.moves[i];
    };
    uint32_t packed = 0;
    if (role_of_player[mover] == 0) {
      packed = pick(rng.Below(n));
      rng.Below(1);
      if (moves != nullptr) {
        moves->push_back({IdOf(packed, cells), n});
        moves->push_back({noop_, 1});
      }
    } else {
      rng.Below(1);
      packed = pick(rng.Below(n));
      if (moves != nullptr) {
        moves->push_back({noop_, 1});
        moves->push_back({IdOf(packed, cells), n});
      }
    }
    PlayoutStep(packed, words, &winner);  // only the moved piece can have reached a goal
    ++result.steps;
  }
  return result;
}

}  // namespace ggp::reasoner::board
