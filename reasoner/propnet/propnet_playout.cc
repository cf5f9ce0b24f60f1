// PropnetMachine::RandomPlayout: the playout loop run inside the machine, reading the
// legal bitset and the successor straight from the evaluator (no move lists, no state
// copies or comparisons per step). It draws exactly the moves the generic loop of
// StateMachine::RandomPlayout draws from the same Rng.
#include <algorithm>
#include <bit>
#include <chrono>
#include <memory>
#include <utility>
#include <vector>

#include "reasoner/propnet/evaluator.h"
#include "reasoner/propnet/propnet_machine.h"

namespace ggp::reasoner::propnet {
namespace {

// The position of the k-th (from 0) set bit of `bits`; k < popcount(bits).
inline uint32_t NthSetBit(uint64_t bits, uint32_t k) {
  const auto count = static_cast<uint32_t>(std::popcount(bits));
  if (k * 2 < count) {
    for (; k > 0; --k) bits &= bits - 1;
    return static_cast<uint32_t>(std::countr_zero(bits));
  }
  // Nearer the top: clear the highest bits instead.
  for (uint32_t drop = count - 1 - k; drop > 0; --drop) {
    bits &= ~(uint64_t{1} << (63 - std::countl_zero(bits)));
  }
  return static_cast<uint32_t>(63 - std::countl_zero(bits));
}

}  // namespace

// Draws role r's move: the k-th of its legal moves in id order, k = rng.Below(count).
// Returns false if the role has none.
[[gnu::always_inline]] inline bool PropnetMachine::DrawMove(const Evaluator& e, size_t r, Rng& rng,
                                                            Move* move, uint32_t* choices) const {
  if (net_.legal[r].size() <= 64) {  // the common case: one word, read once
    const uint64_t bits = LegalWord(e, r, 0);
    if (bits == 0) return false;
    *choices = static_cast<uint32_t>(std::popcount(bits));
    *move = static_cast<Move>(NthSetBit(bits, rng.Below(*choices)));
    return true;
  }
  const auto n_words = static_cast<uint32_t>((net_.legal[r].size() + 63) / 64);
  uint32_t count = 0;
  for (uint32_t w = 0; w < n_words; ++w)
    count += static_cast<uint32_t>(std::popcount(LegalWord(e, r, w)));
  if (count == 0) return false;
  uint32_t k = rng.Below(count);
  *choices = count;
  for (uint32_t w = 0;; ++w) {
    const uint64_t bits = LegalWord(e, r, w);
    const auto c = static_cast<uint32_t>(std::popcount(bits));
    if (k < c) {
      *move = static_cast<Move>(w * 64 + NthSetBit(bits, k));
      return true;
    }
    k -= c;
  }
}

PlayoutResult PropnetMachine::RandomPlayout(const State& s, int max_steps, Rng& rng, Workspace& ws,
                                            State* end, std::vector<PlayoutMove>* moves,
                                            const std::atomic<bool>* stop) const {
  PropnetWorkspace& pw = static_cast<PropnetWorkspace&>(ws);
  Evaluator& e = pw.eval;
  std::vector<Move>& joint = pw.joint;
  const size_t n = joint.size();
  PlayoutResult result;
  e.LoadState(s);
  if (e.CheckpointPays() && !e.AtCheckpoint()) e.SaveCheckpoint();
  while (!result.EndsHere(e.Value(net_.terminal), max_steps, stop)) {
    const size_t mark = moves != nullptr ? moves->size() : 0;
    for (size_t r = 0; r < n; ++r) {
      uint32_t choices = 0;
      if (!DrawMove(e, r, rng, &joint[r], &choices)) {
        result.stuck = true;
        break;
      }
      if (moves != nullptr) moves->push_back({joint[r], choices});
    }
    if (result.stuck) {
      if (moves != nullptr) moves->resize(mark);
      break;
    }
    e.SetJoint(joint);
    e.Advance();
    ++result.steps;
  }
  e.ReadLoaded(end);
  return result;
}

// A branch on each flip is cheap where the predictor gets it right and costs a pipeline
// flush where it does not; branch-free pushing costs every event of the component a wait
// for its counters instead. A component whose n outputs flip at rate r would miss some
// n * min(r, 1 - r) times per change if flips were random; they are not (connectFour's
// cells miss fewer than their rate says), so only components estimated to miss at least
// twice push branch-free (pentago 1.3x, chineseCheckers6 1.17x, connectFour 0.94x
// against a threshold of five). The profile plays random playouts from the initial state, in chunks of
// a few steps, up to a number of steps or a time cap, whichever comes first. A net without
// legal moves (PropnetOptions::legal) plays the moves `movers` gives.
void PropnetMachine::ChooseBranchFreeFanouts(const StateMachine* movers) {
  using Clock = std::chrono::steady_clock;
  constexpr uint64_t kProfileSteps = 4000;
  constexpr double kProfileSeconds = 0.05;
  constexpr int kChunkSteps = 16;       // the time cap is checked between chunks
  constexpr uint64_t kMinSamples = 64;  // output visits before a rate means anything
  constexpr double kMinMisses = 2.0;    // estimated misses per change
  Evaluator::FlipProfile profile;
  profile.edges.assign(net_.num_components(), 0);
  profile.flips.assign(net_.num_components(), 0);
  PropnetWorkspace ws(net_);
  ws.eval.set_flip_profile(&profile);
  Rng rng(0x5eed);
  State s = net_.initial, end, next;
  std::unique_ptr<Workspace> mover_ws = movers != nullptr ? movers->NewWorkspace() : nullptr;
  std::vector<Move> legal, joint(net_.legal.size(), 0);
  // One chunk of play on this net with `movers`' legal moves.
  auto play_with_movers = [&](const State& from, State* to) {
    PlayoutResult r;
    *to = from;
    while (!r.EndsHere(IsTerminal(*to, ws), kChunkSteps, nullptr)) {
      for (size_t role = 0; role < joint.size() && !r.stuck; ++role) {
        movers->LegalMoves(*to, static_cast<int>(role), *mover_ws, &legal);
        r.stuck = legal.empty();
        if (!r.stuck) joint[role] = legal[rng.Below(static_cast<uint32_t>(legal.size()))];
      }
      if (r.stuck) break;
      NextState(*to, joint, ws, &next);
      std::swap(*to, next);
      ++r.steps;
    }
    return r;
  };
  const Clock::time_point start = Clock::now();
  uint64_t steps = 0;
  while (steps < kProfileSteps &&
         std::chrono::duration<double>(Clock::now() - start).count() < kProfileSeconds) {
    const PlayoutResult r = movers != nullptr ? play_with_movers(s, &end)
                                              : RandomPlayout(s, kChunkSteps, rng, ws, &end, nullptr, nullptr);
    if (r.steps == 0 && s == net_.initial) break;  // the game ends where it starts
    steps += static_cast<uint64_t>(r.steps);
    if (r.terminal || r.stuck || r.steps == 0) {
      s = net_.initial;
    } else {
      std::swap(s, end);
    }
  }
  stats_.branch_free_fanouts = 0;
  for (uint32_t c = 0; c < net_.num_components(); ++c) {
    Propnet::Fanout& f = net_.fanout[c];
    f.branch_free = 0;
    if (profile.edges[c] < kMinSamples) continue;
    const double rate =
        static_cast<double>(profile.flips[c]) / static_cast<double>(profile.edges[c]);
    if (static_cast<double>(f.special - f.begin) * std::min(rate, 1 - rate) >= kMinMisses) {
      f.branch_free = 1;
      ++stats_.branch_free_fanouts;
    }
  }
}

}  // namespace ggp::reasoner::propnet
