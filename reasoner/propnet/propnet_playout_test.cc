// PropnetMachine::RandomPlayout against the generic loop of StateMachine::RandomPlayout over
// the same machine's queries: same moves, same ending, same final state, for many seeds.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <vector>

#include "reasoner/propnet/evaluator.h"
#include "reasoner/propnet/propnet_machine.h"
#include "reasoner/propnet/test_game.h"
#include "reasoner/propnet/test_games.h"

namespace ggp::reasoner::propnet {
namespace {

using testutil::Game;

// 130 lamps and a move per lamp plus a pair move per lit lamp: legal sets span three words.
// q has no legal move once lamp 1 and every other lamp are off: playouts can get stuck.
std::string ManyLamps() {
  std::string rules = "(role p) (role q) (init (on 1)) (init (on 70)) (init (on 129))\n";
  for (int i = 1; i <= 130; ++i) {
    rules += "(lamp " + std::to_string(i) + ")";
    if (i < 130) rules += "(nextto " + std::to_string(i) + " " + std::to_string(i + 1) + ")";
  }
  rules += R"(
    (<= (legal p (flip ?x)) (lamp ?x) (not (true (on ?x))))
    (<= (legal p (pair ?x)) (true (on ?x)) (nextto ?x ?y))
    (<= (legal q wait) (true (on 1)))
    (<= (legal q (poke ?x)) (true (on ?x)) (lamp ?x))
    (<= (touched ?x) (does p (flip ?x)))
    (<= (touched ?x) (does p (pair ?x)))
    (<= (touched ?y) (does p (pair ?x)) (nextto ?x ?y))
    (<= (touched ?x) (does q (poke ?x)))
    (<= (next (on ?x)) (touched ?x) (not (true (on ?x))))
    (<= (next (on ?x)) (true (on ?x)) (not (touched ?x)))
    (<= terminal (true (on 50)) (true (on 51)))
    (<= (goal p 100) (true (on 2)))
    (<= (goal p 0) (not (true (on 2))))
    (<= (goal q 100) (not (true (on 2))))
    (<= (goal q 0) (true (on 2))))";
  return rules;
}

void ExpectSamePlayouts(const Game& g, int seeds, int max_steps) {
  const PropnetMachine& m = g.m();
  auto ws = m.NewWorkspace();
  auto generic_ws = m.NewWorkspace();
  State start, fast_end, generic_end;
  m.InitialState(&start);
  int terminal = 0;
  for (int seed = 1; seed <= seeds; ++seed) {
    Rng fast_rng(static_cast<uint64_t>(seed)), generic_rng(static_cast<uint64_t>(seed));
    std::vector<PlayoutMove> fast_moves, generic_moves;
    PlayoutResult fast =
        m.RandomPlayout(start, max_steps, fast_rng, *ws, &fast_end, &fast_moves, nullptr);
    PlayoutResult generic = m.StateMachine::RandomPlayout(
        start, max_steps, generic_rng, *generic_ws, &generic_end, &generic_moves, nullptr);
    ASSERT_EQ(fast.steps, generic.steps) << "seed " << seed;
    EXPECT_EQ(fast.terminal, generic.terminal) << "seed " << seed;
    EXPECT_EQ(fast.stuck, generic.stuck) << "seed " << seed;
    EXPECT_FALSE(fast.stopped);
    ASSERT_EQ(fast_moves.size(), generic_moves.size()) << "seed " << seed;
    for (size_t i = 0; i < fast_moves.size(); ++i) {
      ASSERT_EQ(fast_moves[i].move, generic_moves[i].move) << "seed " << seed << " entry " << i;
      ASSERT_EQ(fast_moves[i].choices, generic_moves[i].choices) << "seed " << seed;
    }
    EXPECT_EQ(fast_moves.size(), static_cast<size_t>(fast.steps * m.num_roles()));
    EXPECT_EQ(fast_end, generic_end) << "seed " << seed;
    EXPECT_EQ(fast_rng.Next(), generic_rng.Next()) << "seed " << seed << ": draws differ";
    // Goals of the final state come from the workspace that played the playout.
    for (int r = 0; r < m.num_roles(); ++r) {
      EXPECT_EQ(m.Goal(fast_end, r, *ws), m.Goal(generic_end, r, *m.NewWorkspace()));
    }
    terminal += fast.terminal ? 1 : 0;
  }
  EXPECT_GT(terminal, 0) << "no playout reached a terminal state";
}

TEST(PropnetPlayoutTest, TakeAwayDrawsWhatTheGenericLoopDraws) {
  Game g(testgames::kTakeAway);
  ExpectSamePlayouts(g, 200, 100);
}

TEST(PropnetPlayoutTest, GuardedLegalMovesDrawWhatTheGenericLoopDraws) {
  Game g(testgames::kGuardedTurns);
  ExpectSamePlayouts(g, 200, 100);
}

TEST(PropnetPlayoutTest, LegalSetsOverSeveralWordsDrawWhatTheGenericLoopDraws) {
  Game g(ManyLamps().c_str());
  ASSERT_GT(g.m().num_moves(0), 128);
  ExpectSamePlayouts(g, 300, 400);
}

// A playout saves a checkpoint at its start state and later loads restore it when that is
// nearer (evaluator.h). Playouts start from states along earlier playouts, and the same
// workspace answers queries about other states in between: every answer must be the one a
// fresh workspace gives.
TEST(PropnetPlayoutTest, CheckpointsLeaveEveryAnswerExact) {
  Game g(ManyLamps().c_str());
  const PropnetMachine& m = g.m();
  auto ws = m.NewWorkspace();
  std::vector<State> starts(1);
  m.InitialState(&starts[0]);
  Rng rng(11), pick(3);
  for (int i = 0; i < 300; ++i) {
    const State start = starts[pick.Below(static_cast<uint32_t>(starts.size()))];
    State end, fresh_end;
    std::vector<PlayoutMove> moves;
    Rng replay = rng;
    PlayoutResult r = m.RandomPlayout(start, 40, rng, *ws, &end, &moves, nullptr);
    PlayoutResult fresh = m.StateMachine::RandomPlayout(start, 40, replay, *m.NewWorkspace(),
                                                        &fresh_end, nullptr, nullptr);
    ASSERT_EQ(r.steps, fresh.steps) << "playout " << i;
    ASSERT_EQ(end, fresh_end) << "playout " << i;
    // Replay a prefix: its states become later starts and are queried on `ws` now.
    State s = start, next;
    std::vector<Move> joint(static_cast<size_t>(m.num_roles()));
    const int prefix =
        r.steps == 0 ? 0 : static_cast<int>(pick.Below(static_cast<uint32_t>(r.steps)));
    for (int step = 0; step < prefix; ++step) {
      for (size_t k = 0; k < joint.size(); ++k) {
        joint[k] = moves[static_cast<size_t>(step) * joint.size() + k].move;
      }
      m.NextState(s, joint, *ws, &next);
      std::swap(s, next);
    }
    auto fresh_ws = m.NewWorkspace();
    ASSERT_EQ(m.IsTerminal(s, *ws), m.IsTerminal(s, *fresh_ws)) << "playout " << i;
    for (int role = 0; role < m.num_roles(); ++role) {
      std::vector<Move> legal, fresh_legal;
      m.LegalMoves(s, role, *ws, &legal);
      m.LegalMoves(s, role, *fresh_ws, &fresh_legal);
      ASSERT_EQ(legal, fresh_legal) << "playout " << i;
      ASSERT_EQ(m.Goal(s, role, *ws), m.Goal(s, role, *fresh_ws)) << "playout " << i;
    }
    if (starts.size() < 8) {
      starts.push_back(s);
    } else {
      starts[pick.Below(8)] = s;
    }
  }
}

// Propagation pushes flips behind a branch or branch-free per component
// (Fanout::branch_free, chosen from a profile when the machine is built). An evaluator on a
// copy of the network with every component branch-free must answer exactly as one on the
// network as built, state after state.
TEST(PropnetPlayoutTest, BranchFreePushesGiveTheSameAnswers) {
  const std::string lamps = ManyLamps();
  for (const char* rules :
       {testgames::kTakeAway, testgames::kReach, testgames::kGuardedTurns, lamps.c_str()}) {
    Game g(rules);
    const PropnetMachine& m = g.m();
    const Propnet& net = m.net();
    Propnet all_branch_free = net;
    for (Propnet::Fanout& f : all_branch_free.fanout) f.branch_free = 1;
    Evaluator built(net), branch_free(all_branch_free);
    State start, s, next_a, next_b;
    m.InitialState(&start);
    s = start;
    Rng rng(7);
    std::vector<Move> joint(static_cast<size_t>(m.num_roles()));
    std::vector<Move> legal;
    for (int step = 0; step < 400; ++step) {
      built.LoadState(s);
      branch_free.LoadState(s);
      ASSERT_EQ(built.Value(net.terminal), branch_free.Value(net.terminal)) << rules;
      ASSERT_TRUE(std::equal(built.legal_words().begin(), built.legal_words().end(),
                             branch_free.legal_words().begin()))
          << rules << " step " << step;
      built.SyncGoals();
      branch_free.SyncGoals();
      for (const auto& role_goals : net.goals) {
        for (const auto& [value, component] : role_goals) {
          ASSERT_EQ(built.Value(component), branch_free.Value(component)) << rules;
        }
      }
      bool stuck = built.Value(net.terminal);
      for (int role = 0; role < m.num_roles() && !stuck; ++role) {
        m.LegalMoves(s, role, g.ws(), &legal);
        stuck = legal.empty();
        if (!stuck)
          joint[static_cast<size_t>(role)] = legal[rng.Below(static_cast<uint32_t>(legal.size()))];
      }
      if (stuck) {
        s = start;
        continue;
      }
      built.SetJoint(joint);
      branch_free.SetJoint(joint);
      built.ReadNext(&next_a);
      branch_free.ReadNext(&next_b);
      ASSERT_EQ(next_a, next_b) << rules << " step " << step;
      s = next_a;
    }
  }
}

TEST(PropnetPlayoutTest, StepCapAndStopFlagEndAPlayout) {
  Game g(ManyLamps().c_str());
  const PropnetMachine& m = g.m();
  State start, end;
  m.InitialState(&start);
  Rng rng(5);
  PlayoutResult capped = m.RandomPlayout(start, 3, rng, g.ws(), &end, nullptr, nullptr);
  EXPECT_LE(capped.steps, 3);
  if (!capped.terminal && !capped.stuck) {
    EXPECT_EQ(capped.steps, 3);
  }
  std::atomic<bool> stop{true};
  std::vector<PlayoutMove> moves;
  PlayoutResult stopped = m.RandomPlayout(start, 100, rng, g.ws(), &end, &moves, &stop);
  EXPECT_TRUE(stopped.stopped);
  EXPECT_EQ(stopped.steps, 0);
  EXPECT_TRUE(moves.empty());
  EXPECT_EQ(end, start);
}

}  // namespace
}  // namespace ggp::reasoner::propnet
