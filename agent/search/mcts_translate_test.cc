// MctsSearch::AdoptTree: a tree carried over to another machine of the same game whose
// move ids, legal-move order and state encoding all differ keeps every node and statistic;
// a machine that disagrees on the rules is refused.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "agent/search/mcts_search.h"
#include "tests/search/test_games.h"

namespace ggp::agent::search {
namespace {

using namespace ggp::search_testing;

// Tic-tac-toe with its cells stored in reverse order and its moves renumbered (cell c is
// move 20 - c, noop 40), so that ids, legal order and states all differ from TicTacToe().
// `drop_centre`: the centre is never legal (another game with the same move names).
class RenumberedTicTacToe final : public CellGame {
 public:
  explicit RenumberedTicTacToe(bool drop_centre) : inner_(TicTacToe()), drop_centre_(drop_centre) {}
  std::vector<std::string> Roles() const override { return inner_->Roles(); }
  int num_cells() const override { return inner_->num_cells(); }
  int num_values() const override { return inner_->num_values(); }
  Cells Initial() const override { return Flip(inner_->Initial()); }
  bool Terminal(const Cells& c) const override { return inner_->Terminal(Flip(c)); }
  void Legal(const Cells& c, int role, std::vector<Move>* out) const override {
    std::vector<Move> inner;
    inner_->Legal(Flip(c), role, &inner);
    out->clear();
    for (Move m : inner) {
      if (!(drop_centre_ && m == 4)) out->push_back(Out(m));
    }
  }
  Cells Next(const Cells& c, std::span<const Move> joint) const override {
    std::vector<Move> inner;
    for (Move m : joint) inner.push_back(In(m));
    return Flip(inner_->Next(Flip(c), inner));
  }
  int Goal(const Cells& c, int role) const override { return inner_->Goal(Flip(c), role); }
  std::string MoveName(int role, Move m) const override {
    return (m >= 12 && m <= 20) || m == 40 ? inner_->MoveName(role, In(m)) : "none";
  }

 private:
  static Cells Flip(Cells c) {
    std::reverse(c.begin(), c.end());
    return c;
  }
  static Move Out(Move m) { return m == 9 ? 40 : 20 - m; }
  static Move In(Move m) { return m == 40 ? 9 : 20 - m; }
  std::shared_ptr<const CellGame> inner_;
  bool drop_centre_;
};

// Visits per move name at `node` for `role`.
std::map<std::string, uint32_t> VisitsByName(const reasoner::StateMachine& m, const Node& node,
                                             int role) {
  std::map<std::string, uint32_t> out;
  for (uint32_t i = 0; i < node.num_moves(role); ++i) {
    out[kif::ToString(m.MoveTerm(role, node.moves(role)[i]), m.symbols())] =
        node.stat(role, i).visits.load();
  }
  return out;
}

TEST(MctsTranslateTest, CarriesTheWholeTreeToARenumberedMachine) {
  auto from_machine = MakeCellMachine(TicTacToe());
  auto to_machine = MakeCellMachine(std::make_shared<RenumberedTicTacToe>(false));
  SearchPool pool(1);
  SearchParams p;
  p.seed = 5;
  MctsSearch from(from_machine, 0, p, &pool);
  reasoner::State s, t;
  from_machine->InitialState(&s);
  from.SetRoot(s);
  ASSERT_EQ(from.RunIterations(3000), 3000);
  to_machine->InitialState(&t);

  MctsSearch to(to_machine, 0, p, &pool);
  MctsSearch::TranslateInfo info;
  ASSERT_TRUE(to.AdoptTree(from, t, &info)) << info.problem;
  ASSERT_NE(to.root(), nullptr);
  EXPECT_EQ(info.nodes, CountNodes(from.root()));
  EXPECT_EQ(CountNodes(to.root()), CountNodes(from.root()));
  EXPECT_EQ(info.left_out, 0);
  EXPECT_EQ(to.root()->visits().load(), from.root()->visits().load());
  EXPECT_EQ(VisitsByName(*to_machine, *to.root(), 0), VisitsByName(*from_machine, *from.root(), 0));
  // One level down, below the most visited opening.
  const Decision d_from = from.Decide();
  const Decision d_to = to.Decide();
  EXPECT_EQ(kif::ToString(to_machine->MoveTerm(0, d_to.move), to_machine->symbols()),
            kif::ToString(from_machine->MoveTerm(0, d_from.move), from_machine->symbols()));
  EXPECT_EQ(d_to.visits, d_from.visits);
  const Node* child_from = from.root()->child(d_from.move_index);
  const Node* child_to = to.root()->child(d_to.move_index);
  ASSERT_NE(child_from, nullptr);
  ASSERT_NE(child_to, nullptr);
  EXPECT_EQ(VisitsByName(*to_machine, *child_to, 1), VisitsByName(*from_machine, *child_from, 1));
  // The carried tree goes on growing on the new machine.
  EXPECT_EQ(to.RunIterations(500), 500);
  EXPECT_EQ(to.root()->visits().load(), from.root()->visits().load() + 500);
}

TEST(MctsTranslateTest, RefusesAMachineThatDisagreesOnLegalMoves) {
  auto from_machine = MakeCellMachine(TicTacToe());
  auto to_machine = MakeCellMachine(std::make_shared<RenumberedTicTacToe>(true));
  SearchPool pool(1);
  MctsSearch from(from_machine, 0, SearchParams{}, &pool);
  reasoner::State s, t;
  from_machine->InitialState(&s);
  from.SetRoot(s);
  ASSERT_EQ(from.RunIterations(200), 200);
  to_machine->InitialState(&t);
  MctsSearch to(to_machine, 0, SearchParams{}, &pool);
  MctsSearch::TranslateInfo info;
  EXPECT_FALSE(to.AdoptTree(from, t, &info));
  EXPECT_EQ(to.root(), nullptr);
  EXPECT_NE(info.problem.find("legal"), std::string::npos) << info.problem;
  // The caller's way out: a fresh tree.
  to.SetRoot(t);
  EXPECT_EQ(to.RunIterations(100), 100);
}

}  // namespace
}  // namespace ggp::agent::search
