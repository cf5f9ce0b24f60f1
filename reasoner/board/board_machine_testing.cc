#include "reasoner/board/board_machine_testing.h"

#include <algorithm>

namespace ggp::reasoner::board {

namespace testing {
namespace {

std::string Numbers(const char* relation, int n) {
  std::string s;
  for (int i = 1; i <= n; ++i) s += "(" + std::string(relation) + " " + std::to_string(i) + ") ";
  return s + "\n";
}

std::string Chain(const char* relation, int n) {
  std::string s;
  for (int i = 1; i < n; ++i) {
    s += "(" + std::string(relation) + " " + std::to_string(i) + " " + std::to_string(i + 1) + ") ";
  }
  return s + "\n";
}

}  // namespace

Dfa MakeDfa(int states, const std::vector<int>& accepting, const std::vector<EdgeSpec>& edges) {
  Dfa dfa;
  for (int s = 1; s < states; ++s) dfa.AddState(false);
  for (int s : accepting) dfa.SetAccepting(s, true);
  for (const EdgeSpec& e : edges) {
    dfa.SetEdge(e.from, Encode(Step{static_cast<int8_t>(e.dx), static_cast<int8_t>(e.dy), e.on}),
                e.to);
  }
  return dfa;
}

std::string BreakthroughGdl(int width, int height, int rows, const Variant& v) {
  // The move term from (x1, y1) to (x2, y2) for role ?p.
  auto move = [&](const char* x1, const char* y1, const char* x2, const char* y2) {
    return std::string("(move ") + (v.piece_in_move ? "?p " : "") + x1 + " " + y1 + " " + x2 + " " +
           y2 + ")";
  };
  std::string g = "(role white) (role black)\n";
  g += Numbers("file", width) + Numbers("rank", height);
  g += Chain("nextfile", width) + Chain("nextrank", height);
  g += "(<= (beside ?a ?b) (nextfile ?a ?b)) (<= (beside ?a ?b) (nextfile ?b ?a))\n";
  for (int y = 1; y <= height; ++y) {
    const char* side = y <= rows           ? "white"
                       : y > height - rows ? "black"
                       : v.blank           ? "blank"
                                           : nullptr;
    if (side == nullptr) continue;
    for (int x = 1; x <= width; ++x) {
      g += "(init (cellHolds " + std::to_string(x) + " " + std::to_string(y) + " " + side + ")) ";
    }
    g += "\n";
  }
  g += "(init (control white))\n";
  g += v.blank ? "(<= (vacant ?x ?y) (true (cellHolds ?x ?y blank)))\n"
               : "(<= (vacant ?x ?y) (file ?x) (rank ?y)\n"
                 "    (not (true (cellHolds ?x ?y white))) (not (true (cellHolds ?x ?y black))))\n";
  g += "(<= (forward white ?a ?b) (nextrank ?a ?b))\n(<= (forward black ?a ?b) (nextrank ?b ?a))\n";
  g += "(<= (legal ?p " + move("?x", "?y1", "?x", "?y2") +
       ") (true (control ?p)) (true (cellHolds ?x ?y1 ?p)) (forward ?p ?y1 ?y2) (vacant ?x ?y2))\n";
  g += "(<= (legal ?p " + move("?x1", "?y1", "?x2", "?y2") +
       ") (true (control ?p)) (true (cellHolds ?x1 ?y1 ?p)) (forward ?p ?y1 ?y2)\n"
       "    (beside ?x1 ?x2) (not (true (cellHolds ?x2 ?y2 ?p))))\n";
  g += "(<= (legal white noop) (true (control black)))\n(<= (legal black noop) (true (control "
       "white)))\n";
  const std::string does = "(does ?p " + move("?x1", "?y1", "?x2", "?y2") + ")";
  g += "(<= (next (cellHolds ?x2 ?y2 ?p)) " + does + ")\n";
  if (v.blank) g += "(<= (next (cellHolds ?x1 ?y1 blank)) " + does + ")\n";
  g += "(<= (next (cellHolds ?x ?y ?c)) (true (cellHolds ?x ?y ?c)) " + does +
       "\n    (elsewhere ?x ?y ?x1 ?y1) (elsewhere ?x ?y ?x2 ?y2))\n";
  g += R"((<= (elsewhere ?x ?y ?a ?b) (file ?x) (rank ?y) (file ?a) (rank ?b) (distinct ?x ?a))
(<= (elsewhere ?x ?y ?a ?b) (file ?x) (rank ?y) (file ?a) (rank ?b) (distinct ?y ?b))
(<= (next (control white)) (true (control black)))
(<= (next (control black)) (true (control white)))
(<= whitealive (true (cellHolds ?x ?y white)))
(<= blackalive (true (cellHolds ?x ?y black)))
(<= blackwins (true (cellHolds ?x 1 black)))
(<= blackwins (not whitealive))
(<= whitewins (not blackalive))
(<= terminal whitewins) (<= terminal blackwins)
(<= (goal white 100) whitewins) (<= (goal black 100) blackwins)
)";
  g += "(<= whitewins (true (cellHolds ?x " + std::to_string(height) + " white)))\n";
  if (v.max_plies > 0) {
    const std::string last = std::to_string(v.max_plies);
    g += "(init (step 0))\n";
    for (int i = 0; i < v.max_plies; ++i)
      g += "(count " + std::to_string(i) + " " + std::to_string(i + 1) + ") ";
    g += "\n(<= (next (step ?b)) (true (step ?a)) (count ?a ?b))\n";
    g += "(<= terminal (true (step " + last + ")))\n";
    g += "(<= draw (true (step " + last + ")) (not whitewins) (not blackwins))\n";
    g += R"((<= (goal white 50) draw) (<= (goal black 50) draw)
(<= (goal white 0) (not whitewins) (not draw)) (<= (goal black 0) (not blackwins) (not draw))
)";
  } else {
    g += "(<= (goal white 0) (not whitewins)) (<= (goal black 0) (not blackwins))\n";
  }
  return g;
}

BoardGame BreakthroughGame(kif::SymbolTable& symbols, int width, int height, int rows, bool wrong,
                           const Variant& variant) {
  auto atom = [&](const std::string& s) { return kif::Term::Atom(symbols.Intern(s)); };
  BoardGame g;
  g.shape = BoardShape{width, height};
  g.pieces = {PieceType{"white", 'W', 0}, PieceType{"black", 'B', 1}};
  for (int dir : {1, -1}) {
    std::vector<EdgeSpec> edges;
    for (int dx : {-1, 0, 1}) {
      edges.push_back({0, dx, dir, Content::kEmpty, 1});
      if (dx != 0 || (wrong && dir == 1)) edges.push_back({0, dx, dir, Content::kOpponent, 1});
    }
    g.dfa.push_back(MakeDfa(2, {1}, edges));
  }
  g.initial.cells.assign(static_cast<size_t>(width * height), kEmptySquare);
  g.goal_squares.assign(2, std::vector<bool>(static_cast<size_t>(width * height), false));
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const size_t sq = static_cast<size_t>(y * width + x);
      if (y < rows) g.initial.cells[sq] = 0;
      if (y >= height - rows) g.initial.cells[sq] = 1;
      g.goal_squares[0][sq] = y == height - 1;
      g.goal_squares[1][sq] = y == 0;
    }
  }
  g.initial.mover = 0;
  g.eligible = {{true, false}, {false, true}};

  GdlBinding& b = g.gdl;
  const kif::Term white = atom("white"), black = atom("black");
  b.roles_of_players = {white, black};
  b.role_of_player = {0, 1};
  b.cell_functor = symbols.Intern("cellHolds");
  for (int x = 1; x <= width; ++x) b.files.push_back(atom(std::to_string(x)));
  for (int y = 1; y <= height; ++y) b.ranks.push_back(atom(std::to_string(y)));
  b.piece_terms = {white, black};
  b.move_functor = symbols.Intern("move");
  b.move_args = {MoveArg::kFromX, MoveArg::kFromY, MoveArg::kToX, MoveArg::kToY};
  if (variant.piece_in_move) b.move_args.insert(b.move_args.begin(), MoveArg::kPieceAtFrom);
  b.noop_of_player = {atom("noop"), atom("noop")};
  if (variant.blank) b.empty_term = atom("blank");
  const kif::SymbolId control = symbols.Intern("control");
  const kif::Term controls[2] = {kif::Term::Compound(control, {white}),
                                 kif::Term::Compound(control, {black})};
  if (variant.max_plies > 0) {
    g.max_plies = variant.max_plies;
    const kif::SymbolId step = symbols.Intern("step");
    for (int ply = 0; ply <= variant.max_plies; ++ply) {
      b.other_fluents.push_back(
          {controls[ply % 2], kif::Term::Compound(step, {atom(std::to_string(ply))})});
    }
    b.other_fluents_by_mover = false;
  } else {
    b.other_fluents = {{controls[0]}, {controls[1]}};
    b.other_fluents_by_mover = true;
  }
  return g;
}

}  // namespace testing
}  // namespace ggp::reasoner::board
