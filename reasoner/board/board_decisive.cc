// The board machine's decisive playout (board_machine.h, StateMachine::DecisivePlayout):
// RandomPlayout's loop with two looks one ply ahead, both on the move lists the loop
// generates anyway plus one list of the waiting player's per step.
//
//   decisive       a move of the mover onto one of its goal squares with an eligible
//                  piece ends the game in its favour: taken when there is one.
//   anti-decisive  otherwise, when the waiting player has such a move on the board as it
//                  stands (a threat), the mover's moves that land on a threat's origin
//                  (a capture) or on its target (standing in the way) are tried, from a
//                  random one on, by playing each on the mailbox and asking again; the
//                  first that leaves no threat is taken, else the random draw stands.
//
// The one-ply look misses wins by leaving the opponent without moves and parries that
// block a sliding piece's path; both end the game in the plies after, as in RandomPlayout.

#include <limits>

#include "reasoner/board/board_machine.h"

namespace ggp::reasoner::board {
namespace {

constexpr int kMaxThreatCells = 16;

}  // namespace

uint32_t BoardMachine::Generate(const uint8_t* cells, int player, bool set_wise,
                                GenScratch& g) const {
  if (set_wise) return gen_.bits().Targets(cells, player, &g.bits);
  return gen_.Generate(reinterpret_cast<const uint64_t*>(cells), player, g);
}

bool BoardMachine::FindWin(const uint8_t* cells, int player, uint32_t n, bool set_wise,
                           const GenScratch& g, uint32_t* packed) const {
  const uint32_t eligible = eligible_bits_[player];
  if (eligible == 0 || goal_cells_[player].empty()) return false;
  if (set_wise) {
    const Bits128 goals = goal_bits_[player];
    for (uint32_t s = 0; s < g.bits.used; ++s) {
      const BitSet& set = g.bits.sets[s];
      for (Bits128 hit = set.bits & goals; hit != 0; hit &= hit - 1) {
        const uint64_t lo = static_cast<uint64_t>(hit);
        const int32_t to = lo != 0 ? std::countr_zero(lo)
                                   : 64 + std::countr_zero(static_cast<uint64_t>(hit >> 64));
        const int32_t from = to - set.offset;
        if ((eligible >> (cells[from] & kTypeMask)) & 1u) {
          *packed = PackMove(from, to);
          return true;
        }
      }
    }
    return false;
  }
  const uint8_t bit = static_cast<uint8_t>(1u << player);
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t m = g.moves[i];
    if ((goal_mask_[static_cast<size_t>(ToCell(m))] & bit) != 0 &&
        ((eligible >> (cells[FromCell(m)] & kTypeMask)) & 1u)) {
      *packed = m;
      return true;
    }
  }
  return false;
}

bool BoardMachine::Parry(uint8_t* cells, int mover, uint32_t n, uint32_t replies,
                         const bool* set_wise, BoardWorkspace& ws, Rng& rng,
                         uint32_t* packed) const {
  const int other = 1 - mover;
  // The squares the threats stand on and go to (the reply list is overwritten below).
  int32_t threat[kMaxThreatCells];
  int threats = 0;
  auto note = [&](int32_t from, int32_t to) {
    if ((goal_mask_[static_cast<size_t>(to)] >> other & 1u) == 0 ||
        ((eligible_bits_[other] >> (cells[from] & kTypeMask)) & 1u) == 0) {
      return;
    }
    for (int32_t cell : {from, to}) {
      if (threats < kMaxThreatCells) threat[threats++] = cell;
    }
  };
  if (set_wise[other]) {
    BitGenerator::ForEach(ws.reply.bits, note);
  } else {
    for (uint32_t i = 0; i < replies; ++i) note(FromCell(ws.reply.moves[i]), ToCell(ws.reply.moves[i]));
  }
  const uint32_t start = rng.Below(n);
  for (uint32_t k = 0; k < n; ++k) {
    const uint32_t i = start + k < n ? start + k : start + k - n;
    const uint32_t m = set_wise[mover] ? BitGenerator::Select(ws.gen.bits, i) : ws.gen.moves[i];
    const int32_t from = FromCell(m), to = ToCell(m);
    bool touches = false;
    for (int t = 0; t < threats && !touches; ++t) touches = threat[t] == to;
    if (!touches) continue;
    const uint8_t moved = cells[from], taken = cells[to];
    cells[from] = 0;
    cells[to] = moved;
    uint32_t unused = 0;
    const uint32_t after = Generate(cells, other, set_wise[other], ws.reply);
    const bool parried = !FindWin(cells, other, after, set_wise[other], ws.reply, &unused);
    cells[to] = taken;
    cells[from] = moved;
    if (parried) {
      *packed = m;
      return true;
    }
  }
  return false;
}

PlayoutResult BoardMachine::DecisivePlayout(const State& s, int max_steps, Rng& rng,
                                            Workspace& workspace, State* end,
                                            std::vector<PlayoutMove>* moves,
                                            const std::atomic<bool>* stop) const {
  BoardWorkspace& ws = static_cast<BoardWorkspace&>(workspace);
  PlayoutResult result;
  *end = s;
  uint64_t* words = end->mutable_words().data();
  uint8_t* cells = reinterpret_cast<uint8_t*>(words + 1);
  const uint32_t ply_limit = game_.max_plies > 0 ? static_cast<uint32_t>(game_.max_plies)
                                                 : std::numeric_limits<uint32_t>::max();
  const BitGenerator& bits = gen_.bits();
  const bool set_wise[2] = {bits.covers_player(0), bits.covers_player(1)};
  const bool can_win[2] = {eligible_bits_[0] != 0 && !goal_cells_[0].empty(),
                           eligible_bits_[1] != 0 && !goal_cells_[1].empty()};
  int winner = GoalSquareWinner(cells, static_cast<int>(words[0] & 1u));
  for (;;) {
    const int mover = static_cast<int>(words[0] & 1u), other = 1 - mover;
    uint32_t n = 0;
    bool terminal = winner >= 0 || static_cast<uint32_t>(words[0] >> 8) >= ply_limit;
    if (!terminal) {
      n = Generate(cells, mover, set_wise[mover], ws.gen);
      terminal = n == 0;
    }
    if (result.EndsHere(terminal, max_steps, stop)) break;
    uint32_t packed = 0;
    if (!can_win[mover] || !FindWin(cells, mover, n, set_wise[mover], ws.gen, &packed)) {
      uint32_t threat = 0;
      const uint32_t replies =
          can_win[other] ? Generate(cells, other, set_wise[other], ws.reply) : 0;
      if (replies == 0 || !FindWin(cells, other, replies, set_wise[other], ws.reply, &threat) ||
          !Parry(cells, mover, n, replies, set_wise, ws, rng, &packed)) {
        const uint32_t i = rng.Below(n);
        packed = set_wise[mover] ? BitGenerator::Select(ws.gen.bits, i) : ws.gen.moves[i];
      }
    }
    if (moves != nullptr) {
      const PlayoutMove own{IdOf(packed, cells), n}, wait{noop_, 1};
      moves->push_back(game_.gdl.role_of_player[static_cast<size_t>(mover)] == 0 ? own : wait);
      moves->push_back(game_.gdl.role_of_player[static_cast<size_t>(mover)] == 0 ? wait : own);
    }
    PlayoutStep(packed, words, &winner);
    ++result.steps;
  }
  return result;
}

}  // namespace ggp::reasoner::board
