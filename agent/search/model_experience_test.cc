// The opponent models' memory across matches: the stored documents round-trip, keep the
// newest matches, replay into a model exactly the decisions a match had (stopping at a
// move the game does not know), and the mcts player rebuilds its models from them.

#include "agent/search/model_experience.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>
#include <vector>

#include "agent/search/mcts_player.h"
#include "agent/search/model_pretrain.h"
#include "models/opponent/features.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;

// A tic-tac-toe match where X takes the centre, then the corners in order, O the edges.
MatchMoves CentreFirstMatch(const reasoner::StateMachine& m) {
  auto ws = m.NewWorkspace();
  reasoner::State s, next;
  m.InitialState(&s);
  MatchMoves match;
  std::vector<reasoner::Move> x, o;
  for (int ply = 0; ply < 4 && !m.IsTerminal(s, *ws); ++ply) {
    m.LegalMoves(s, 0, *ws, &x);
    m.LegalMoves(s, 1, *ws, &o);
    const std::vector<reasoner::Move> joint = {x.size() > 1 ? x[x.size() / 2] : x[0], o[0]};
    match.plies.push_back(JointMoveText(m, joint));
    m.NextState(s, joint, *ws, &next);
    std::swap(s, next);
  }
  return match;
}

TEST(ModelExperienceTest, DocumentsRoundTripAndKeepTheNewestMatches) {
  std::vector<MatchMoves> matches(3);
  for (size_t i = 0; i < matches.size(); ++i) {
    matches[i].source = "match";
    matches[i].plies = {{"(mark " + std::to_string(i) + " 1)", "noop"}};
  }
  const nlohmann::json body = ExperienceToJson(matches);
  std::vector<MatchMoves> back;
  std::string why;
  ASSERT_TRUE(ExperienceFromJson(body, &back, &why)) << why;
  ASSERT_EQ(back.size(), 3u);
  EXPECT_EQ(back[2].plies, matches[2].plies);

  const nlohmann::json appended = AppendMatches(body, {matches[0]}, /*max_matches=*/2);
  ASSERT_TRUE(ExperienceFromJson(appended, &back, &why)) << why;
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].plies, matches[2].plies);  // the oldest two were dropped
  EXPECT_EQ(back[1].plies, matches[0].plies);

  EXPECT_FALSE(ExperienceFromJson(nlohmann::json{{"version", 2}, {"matches", nlohmann::json::array()}},
                                  &back, &why));
  EXPECT_FALSE(ExperienceFromJson(nlohmann::json{{"version", 1}, {"matches", {{{"plies", 3}}}}}, &back, &why));
  // A version of the wrong type (a damaged store) is refused, not thrown on.
  EXPECT_FALSE(ExperienceFromJson(
      nlohmann::json{{"version", "1"}, {"matches", nlohmann::json::array()}}, &back, &why));
  // An unreadable stored body is replaced, not kept.
  ASSERT_TRUE(ExperienceFromJson(AppendMatches(nlohmann::json("junk"), {matches[1]}), &back, &why));
  EXPECT_EQ(back.size(), 1u);
}

TEST(ModelExperienceTest, ReplayObservesEveryDecisionOfTheRole) {
  auto machine = MakeCellMachine(TicTacToe());
  const MatchMoves match = CentreFirstMatch(*machine);
  ASSERT_EQ(match.plies.size(), 4u);
  auto model = models::MakeModel("buffer");
  const ReplayCount c = ReplayIntoModel(*machine, match, /*role=*/0, model.get());
  EXPECT_TRUE(c.complete);
  EXPECT_EQ(c.plies, 4);
  EXPECT_EQ(c.decisions, 2);  // X moves on plies 0 and 2; O's turns give X only noop
  EXPECT_EQ(model->observations(), 2);
  // The first decision was the centre: the model now gives it more than uniform's share.
  auto ws = machine->NewWorkspace();
  reasoner::State s;
  machine->InitialState(&s);
  std::vector<reasoner::Move> legal;
  machine->LegalMoves(s, 0, *ws, &legal);
  std::vector<uint32_t> f;
  models::FeaturesOf(s, &f);
  std::vector<float> p(legal.size());
  model->Predict(f, legal, p);
  EXPECT_GT(p[legal.size() / 2], 1.0f / static_cast<float>(legal.size()));
}

TEST(ModelExperienceTest, ReplayStopsAtAMoveTheGameDoesNotKnow) {
  auto machine = MakeCellMachine(TicTacToe());
  MatchMoves match = CentreFirstMatch(*machine);
  match.plies[2][0] = "(mark 9 9)";
  auto model = models::MakeModel("buffer");
  const ReplayCount c = ReplayIntoModel(*machine, match, 0, model.get());
  EXPECT_FALSE(c.complete);
  EXPECT_EQ(c.plies, 2);
  EXPECT_EQ(c.decisions, 1);
}

TEST(ModelExperienceTest, PlayerRebuildsItsModelsFromStoredMatchesAndSavesItsOwn) {
  auto machine = MakeCellMachine(TicTacToe());
  const MatchMoves earlier = CentreFirstMatch(*machine);
  const std::string x = kif::ToString(machine->roles()[0], machine->symbols());
  SearchPool pool(1);
  PlayerOptions o;
  o.seed = 5;
  o.params = {{"model", "frequency"}, {"max_iterations", 200}};
  MctsPlayer player(o, &pool);
  player.LoadExperience({{x, ExperienceToJson({earlier, earlier})}});
  reasoner::State s, next;
  machine->InitialState(&s);
  player.Start(machine, 1, s, SteadyClock::now());
  auto ws = machine->NewWorkspace();
  std::vector<reasoner::Move> xl, ol;
  machine->LegalMoves(s, 0, *ws, &xl);
  machine->LegalMoves(s, 1, *ws, &ol);
  const std::vector<reasoner::Move> joint = {xl[0], ol[0]};
  machine->NextState(s, joint, *ws, &next);
  player.Advance(joint, next);
  player.search()->WaitUntilDone();
  MoveStats stats;
  player.SelectMove(next, SteadyClock::now() + std::chrono::seconds(2), &stats);
  ASSERT_TRUE(stats.extra.contains("model")) << stats.extra.dump();
  EXPECT_EQ(stats.extra["model"]["observed"], 5);  // 2 x 2 replayed + 1 of this match
  EXPECT_EQ(stats.extra["model"]["stored"]["matches"], 2);
  EXPECT_EQ(stats.extra["model"]["stored"]["decisions"], 4);

  // Saving appends this match (one ply so far) to what is stored now.
  const nlohmann::json saved = player.SaveExperience({{x, ExperienceToJson({earlier})}});
  ASSERT_TRUE(saved.contains(x)) << saved.dump();
  std::vector<MatchMoves> back;
  std::string why;
  ASSERT_TRUE(ExperienceFromJson(saved[x], &back, &why)) << why;
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].plies, earlier.plies);
  ASSERT_EQ(back[1].plies.size(), 1u);
  EXPECT_EQ(back[1].plies[0], JointMoveText(*machine, joint));
  player.Finish();
}

TEST(ModelPretrainTest, StandInGamesAreWholeGamesTheModelsCanReplay) {
  auto machine = MakeCellMachine(TicTacToe());
  PretrainOptions po;
  po.max_games = 3;
  po.playouts = 2;
  PretrainRunner runner(machine, SteadyClock::now() + std::chrono::seconds(20), po);
  for (int i = 0; i < 2000 && runner.games() < 3; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  runner.Stop();
  const std::vector<MatchMoves> games = runner.Take();
  ASSERT_EQ(games.size(), 3u);
  for (const MatchMoves& g : games) {
    EXPECT_EQ(g.source, "self-play:montecarlo");
    auto model = models::MakeModel("frequency");
    const ReplayCount c = ReplayIntoModel(*machine, g, 0, model.get());
    EXPECT_TRUE(c.complete);
    EXPECT_EQ(c.plies, static_cast<long long>(g.plies.size()));
    EXPECT_GE(c.decisions, 3);  // X moves at least three times in any tic-tac-toe game
  }
  EXPECT_TRUE(runner.Take().empty());  // taken once
}

TEST(ModelPretrainTest, PlayerFeedsStandInGamesToItsModels) {
  auto machine = MakeCellMachine(TicTacToe());
  SearchPool pool(1);
  PlayerOptions o;
  o.seed = 2;
  o.params = {{"model", "frequency"}, {"max_iterations", 100}, {"pretrain", true}};
  MctsPlayer player(o, &pool);
  reasoner::State s;
  machine->InitialState(&s);
  player.Start(machine, 1, s, SteadyClock::now() + std::chrono::milliseconds(400));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // the start clock passes
  player.search()->WaitUntilDone();
  // X to move: we (O) only have noop, but the report still names the model.
  MoveStats stats;
  player.SelectMove(s, SteadyClock::now() + std::chrono::seconds(2), &stats);
  ASSERT_TRUE(stats.extra.contains("model")) << stats.extra.dump();
  ASSERT_TRUE(stats.extra["model"].contains("self_play_games")) << stats.extra.dump();
  const int games = stats.extra["model"]["self_play_games"].get<int>();
  EXPECT_GE(games, 1);
  EXPECT_GE(stats.extra["model"]["observed"].get<int>(), 3 * games);
  player.Finish();
}

}  // namespace
}  // namespace ggp::agent::search
