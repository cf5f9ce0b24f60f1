// The board machine's construction and its queries (states, legal moves, next, ending).
#include "reasoner/board/board_machine.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ggp::reasoner::board {
namespace {

void Require(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument("board machine: " + what);
}

}  // namespace

BoardMachine::BoardMachine(const BoardGame& game, std::shared_ptr<kif::SymbolTable> symbols,
                           std::vector<kif::Term> roles)
    : StateMachine(std::move(symbols), std::move(roles)), game_(game) {
  Validate();
  const GdlBinding& b = game_.gdl;
  for (int p = 0; p < 2; ++p) player_of_role_[b.role_of_player[static_cast<size_t>(p)]] = p;
  squares_ = game_.shape.squares();
  piece_in_id_ =
      std::find(b.move_args.begin(), b.move_args.end(), MoveArg::kPieceAtFrom) != b.move_args.end();
  const int64_t ids =
      int64_t{piece_in_id_ ? static_cast<int>(game_.pieces.size()) : 1} * squares_ * squares_;
  Require(ids < (int64_t{1} << 30), "too many move ids");
  noop_ = static_cast<Move>(ids);

  std::vector<DfaFacts> facts;
  int pad = 1;
  for (const Dfa& dfa : game_.dfa) {
    facts.push_back(AnalyseDfa(dfa));
    pad = std::max(pad, facts.back().max_delta);
  }
  layout_ = BoardLayout(game_.shape, pad);
  Require(layout_.cells < 0xFFFF, "board too large for 16-bit cells");
  gen_ = MoveGenerator(facts, game_.pieces, layout_);

  const size_t cells = static_cast<size_t>(layout_.cells);
  from_id_.assign(cells, 0);
  to_id_.assign(cells, 0);
  for (size_t c = 0; c < cells; ++c) {
    const int sq = layout_.square_of[c];
    if (sq < 0) continue;
    from_id_[c] = sq * squares_;
    to_id_[c] = sq;
  }
  goal_mask_.assign(cells, 0);
  for (int p = 0; p < 2; ++p) {
    const size_t pp = static_cast<size_t>(p);
    if (pp < game_.goal_squares.size() && !game_.goal_squares[pp].empty()) {
      for (int sq = 0; sq < squares_; ++sq) {
        if (!game_.goal_squares[pp][static_cast<size_t>(sq)]) continue;
        const int32_t cell = layout_.cell_of[static_cast<size_t>(sq)];
        goal_cells_[p].push_back(cell);
        goal_mask_[static_cast<size_t>(cell)] |= static_cast<uint8_t>(1u << p);
        if (cell < kMaxBitCells) goal_bits_[p] |= Bits128{1} << cell;
      }
    }
    if (pp < game_.eligible.size()) {
      for (size_t k = 0; k < game_.eligible[pp].size(); ++k) {
        if (game_.eligible[pp][k]) eligible_bits_[p] |= 1u << (k + 1);
      }
    }
  }
  ply_cap_ = static_cast<uint32_t>(std::max(game_.max_plies, 0));
  if (!b.other_fluents_by_mover && !b.other_fluents.empty()) {
    ply_cap_ = std::max(ply_cap_, static_cast<uint32_t>(b.other_fluents.size() - 1));
  }
  initial_ = Encode(game_.initial);
  BuildSymbols();
}

void BoardMachine::Validate() const {
  const BoardGame& g = game_;
  const GdlBinding& b = g.gdl;
  const size_t squares = static_cast<size_t>(std::max(g.shape.squares(), 0));
  const size_t kinds = g.pieces.size();
  Require(num_roles() == 2, "needs two roles");
  Require(
      g.shape.width >= 1 && g.shape.height >= 1 && g.shape.width <= 256 && g.shape.height <= 256,
      "board shape out of range");
  Require(kinds >= 1 && kinds <= static_cast<size_t>(kMaxPieceTypes), "1 to 31 piece types");
  Require(g.dfa.size() == kinds, "one DFA per piece type");
  for (const PieceType& p : g.pieces) Require(p.owner == 0 || p.owner == 1, "owner not 0 or 1");
  Require(g.initial.cells.size() == squares, "initial position size");
  for (int8_t c : g.initial.cells) {
    Require(c == kEmptySquare || (c >= 0 && static_cast<size_t>(c) < kinds), "initial piece");
  }
  Require(g.shape.holes.empty() || g.shape.holes.size() == squares, "holes size");
  for (size_t sq = 0; sq < squares; ++sq) {
    Require(!g.shape.IsHole(static_cast<int>(sq)) || g.initial.cells[sq] == kEmptySquare,
            "a piece on a hole");
  }
  Require(b.wall_squares.empty() || b.wall_term.has_value(), "wall squares without a wall term");
  for (int sq : b.wall_squares) Require(sq >= 0 && g.shape.IsHole(sq), "a wall off the holes");
  Require(g.initial.mover == 0 || g.initial.mover == 1, "initial mover");
  Require(g.eligible.size() <= 2 && g.goal_squares.size() <= 2, "terminal rules for two players");
  for (const auto& e : g.eligible) Require(e.empty() || e.size() == kinds, "eligible size");
  for (const auto& s : g.goal_squares)
    Require(s.empty() || s.size() == squares, "goal squares size");
  Require(b.role_of_player.size() == 2 && ((b.role_of_player[0] == 0 && b.role_of_player[1] == 1) ||
                                           (b.role_of_player[0] == 1 && b.role_of_player[1] == 0)),
          "role_of_player is not a permutation of the two roles");
  Require(b.cell_arity == 3 && b.x_arg + b.y_arg + b.content_arg == 3 && b.x_arg != b.y_arg &&
              b.x_arg != b.content_arg && b.y_arg != b.content_arg &&
              std::min({b.x_arg, b.y_arg, b.content_arg}) == 0,
          "cell fluents must be (cell x y content) in some argument order");
  Require(b.files.size() == static_cast<size_t>(g.shape.width) &&
              b.ranks.size() == static_cast<size_t>(g.shape.height),
          "coordinate terms");
  Require(b.piece_terms.size() == kinds, "piece terms");
  Require(b.noop_of_player.size() == 2, "noop terms");
  for (MoveArg a : {MoveArg::kFromX, MoveArg::kFromY, MoveArg::kToX, MoveArg::kToY}) {
    Require(std::find(b.move_args.begin(), b.move_args.end(), a) != b.move_args.end(),
            "move terms must name both squares");
  }
  for (size_t i = 0; i < b.move_args.size(); ++i) {
    Require(b.move_args[i] != MoveArg::kConstant || i < b.move_constants.size(), "move constant");
  }
}

std::unique_ptr<Workspace> BoardMachine::NewWorkspace() const {
  return std::make_unique<BoardWorkspace>(layout_.cells, gen_.bits().max_sets());
}

State BoardMachine::Encode(const Position& pos, uint32_t ply) const {
  State s = layout_.Encode(pos, game_.pieces);
  s.mutable_words()[0] = MetaWord(pos.mover, std::min(ply, ply_cap_));
  return s;
}

Position BoardMachine::Decode(const State& s) const {
  Position pos;
  pos.mover = MoverOf(s);
  pos.cells.assign(static_cast<size_t>(squares_), kEmptySquare);
  const uint8_t* cells = CellsOf(s);
  for (int sq = 0; sq < squares_; ++sq) {
    const uint8_t c = cells[layout_.cell_of[static_cast<size_t>(sq)]];
    if (c != 0 && c != kOffBoard) pos.cells[static_cast<size_t>(sq)] = static_cast<int8_t>(PieceTypeOf(c));
  }
  return pos;
}

Move BoardMachine::PieceMove(int from, int to, int type) const {
  return (piece_in_id_ ? type * squares_ * squares_ : 0) + from * squares_ + to;
}

std::optional<BoardMachine::Squares> BoardMachine::MoveSquares(Move m) const {
  if (m < 0 || m >= noop_) return std::nullopt;
  const int board_ids = squares_ * squares_;
  Squares sq;
  sq.type = piece_in_id_ ? m / board_ids : -1;
  sq.from = (m % board_ids) / squares_;
  sq.to = m % squares_;
  return sq;
}

int BoardMachine::GoalSquareWinner(const uint8_t* cells, int mover) const {
  bool won[2] = {false, false};
  for (int p = 0; p < 2; ++p) {
    for (int32_t cell : goal_cells_[p]) {
      if ((eligible_bits_[p] >> (cells[cell] & kTypeMask)) & 1u) {
        won[p] = true;
        break;
      }
    }
  }
  if (won[0] && won[1]) return 1 - mover;
  return won[0] ? 0 : won[1] ? 1 : -1;
}

BoardMachine::Ending BoardMachine::Evaluate(const State& s, BoardWorkspace& ws) const {
  const int mover = MoverOf(s);
  const int winner = GoalSquareWinner(CellsOf(s), mover);
  if (winner >= 0) return winner == 0 ? Ending::kWin0 : Ending::kWin1;
  if (!gen_.HasMove(s.words().data() + 1, mover, ws.gen)) {
    return mover == 0 ? Ending::kWin1 : Ending::kWin0;
  }
  if (game_.max_plies > 0 && PlyOf(s) >= static_cast<uint32_t>(game_.max_plies))
    return Ending::kTie;
  return Ending::kNone;
}

bool BoardMachine::IsTerminal(const State& s, Workspace& ws) const {
  return Evaluate(s, static_cast<BoardWorkspace&>(ws)) != Ending::kNone;
}

int BoardMachine::Goal(const State& s, int role, Workspace& ws) const {
  if (role < 0 || role > 1) return kNoGoal;
  const int player = player_of_role_[role];
  switch (Evaluate(s, static_cast<BoardWorkspace&>(ws))) {
    case Ending::kWin0:
      return player == 0 ? game_.win_value : game_.loss_value;
    case Ending::kWin1:
      return player == 1 ? game_.win_value : game_.loss_value;
    case Ending::kTie:
      return game_.tie_value;
    case Ending::kNone:
      break;
  }
  return game_.loss_value;
}

void BoardMachine::LegalMoves(const State& s, int role, Workspace& ws,
                              std::vector<Move>* out) const {
  out->clear();
  if (role < 0 || role > 1) return;
  const int player = player_of_role_[role];
  if (player != MoverOf(s)) {
    out->push_back(noop_);
    return;
  }
  GenScratch& g = static_cast<BoardWorkspace&>(ws).gen;
  const uint8_t* cells = CellsOf(s);
  if (gen_.bits().covers_player(player)) {  // straight from the sets
    out->resize(gen_.bits().Targets(cells, player, &g.bits));
    Move* dst = out->data();
    BitGenerator::ForEach(
        g.bits, [&](int32_t from, int32_t to) { *dst++ = IdOf(PackMove(from, to), cells); });
    return;
  }
  const uint32_t n = gen_.Generate(s.words().data() + 1, player, g);
  out->resize(n);
  Move* dst = out->data();
  for (uint32_t i = 0; i < n; ++i) dst[i] = IdOf(g.moves[i], cells);
}

void BoardMachine::NextState(const State& s, std::span<const Move> joint, Workspace& /*ws*/,
                             State* out) const {
  *out = s;
  uint64_t& meta = out->mutable_words()[0];
  const int mover = static_cast<int>(meta & 1u);
  const size_t role = static_cast<size_t>(game_.gdl.role_of_player[static_cast<size_t>(mover)]);
  if (role < joint.size()) {
    if (std::optional<Squares> sq = MoveSquares(joint[role])) {
      uint8_t* cells = MutableCellsOf(out);
      const int32_t from = layout_.cell_of[static_cast<size_t>(sq->from)];
      const int32_t to = layout_.cell_of[static_cast<size_t>(sq->to)];
      const uint8_t code =
          sq->type >= 0 ? PieceCode(sq->type, game_.pieces[static_cast<size_t>(sq->type)].owner)
                        : cells[from];
      cells[from] = 0;
      cells[to] = code;
    }
  }
  meta = NextMeta(meta, ply_cap_);
}

}  // namespace ggp::reasoner::board
