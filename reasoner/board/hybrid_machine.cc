#include "reasoner/board/hybrid_machine.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <unordered_map>

#include "reasoner/board/board_encoding.h"

namespace ggp::reasoner::board {
namespace {

int IndexOf(const std::vector<kif::Term>& terms, const kif::Term& t) {
  auto it = std::find(terms.begin(), terms.end(), t);
  return it == terms.end() ? -1 : static_cast<int>(it - terms.begin());
}

// The player whose move it is in a recorded step: the one whose legal moves are not just
// its noop; -1 if that is not exactly one player.
int MoverOf(const SimStep& step, const GdlBinding& b) {
  int mover = -1;
  for (int p = 0; p < 2; ++p) {
    const auto& legal = step.legal[static_cast<size_t>(b.role_of_player[static_cast<size_t>(p)])];
    const bool waits = legal.size() == 1 && legal[0] == b.noop_of_player[static_cast<size_t>(p)];
    if (waits) continue;
    if (mover >= 0) return -1;
    mover = p;
  }
  return mover;
}

}  // namespace

std::shared_ptr<const HybridMachine> HybridMachine::Create(const BoardGame& game, HybridRules rules,
                                                           const std::vector<SimGame>& games,
                                                           std::string* why) {
  auto fail = [&](const std::string& reason) {
    *why = reason;
    return nullptr;
  };
  const StateMachine& m = *rules.machine;
  if (m.num_roles() != 2 || rules.move_terms.size() != 2) return fail("needs two roles");
  std::shared_ptr<BoardMachine> board;
  try {
    board = std::make_shared<BoardMachine>(game, m.shared_symbols(), m.roles());
  } catch (const std::invalid_argument& e) {
    return fail(e.what());
  }
  std::shared_ptr<HybridMachine> h(new HybridMachine(m.shared_symbols(), m.roles()));
  const GdlBinding& b = game.gdl;
  for (int p = 0; p < 2; ++p) h->player_of_role_[b.role_of_player[static_cast<size_t>(p)]] = p;

  // Cell fluents: where each puts which piece.
  const BoardLayout& layout = board->layout();
  h->cell_code_.assign(rules.fluent_terms.size(), 0);
  for (size_t f = 0; f < rules.fluent_terms.size(); ++f) {
    const kif::Term& t = rules.fluent_terms[f];
    if (!t.is_compound || t.symbol != b.cell_functor || t.args.size() != 3) continue;
    const int x = IndexOf(b.files, t.args[static_cast<size_t>(b.x_arg)]);
    const int y = IndexOf(b.ranks, t.args[static_cast<size_t>(b.y_arg)]);
    const kif::Term& content = t.args[static_cast<size_t>(b.content_arg)];
    if (b.empty_term && content == *b.empty_term) continue;
    if (b.wall_term && content == *b.wall_term) continue;
    const int type = IndexOf(b.piece_terms, content);
    if (x < 0 || y < 0 || type < 0 || !game.shape.OnBoard(x, y)) {
      return fail("cell fluent " + kif::ToString(t, m.symbols()) + " is not on the learned board");
    }
    const int32_t cell = layout.cell_of[static_cast<size_t>(y * game.shape.width + x)];
    h->cell_code_[f] = static_cast<uint32_t>(cell) << 8 |
                       PieceCode(type, game.pieces[static_cast<size_t>(type)].owner);
  }

  // Moves: each rules move term that the board machine can name.
  for (int r = 0; r < 2; ++r) {
    std::vector<Move>& ids = h->rules_id_[r];
    ids.assign(static_cast<size_t>(board->noop_move()) + 1, -1);
    const auto& terms = rules.move_terms[static_cast<size_t>(r)];
    for (size_t id = 0; id < terms.size(); ++id) {
      std::optional<Move> bm = board->FindMove(r, terms[id]);
      if (!bm || *bm == board->noop_move()) continue;
      ids[static_cast<size_t>(*bm)] = static_cast<Move>(id);
    }
  }
  for (int p = 0; p < 2; ++p) {
    const int r = b.role_of_player[static_cast<size_t>(p)];
    const int id = IndexOf(rules.move_terms[static_cast<size_t>(r)], b.noop_of_player[static_cast<size_t>(p)]);
    if (id < 0) return fail("the rules have no noop move for player " + std::to_string(p));
    h->noop_[p] = id;
  }

  // The turn: a fluent that holds exactly in the states where one player moved.
  std::unordered_map<kif::Term, uint32_t, kif::TermHash> index_of;
  for (size_t f = 0; f < rules.fluent_terms.size(); ++f) {
    index_of.emplace(rules.fluent_terms[f], static_cast<uint32_t>(f));
  }
  std::vector<uint8_t> candidate(rules.fluent_terms.size(), 1);  // bit p: may be p's turn fluent
  for (auto& c : candidate) c = 3;
  int steps = 0;
  std::vector<uint8_t> held(rules.fluent_terms.size(), 0);
  for (const SimGame& g : games) {
    for (const SimStep& step : g.steps) {
      if (step.joint.empty() || step.terminal) continue;
      const int mover = MoverOf(step, b);
      if (mover < 0) return fail("a recorded state where the turn is not one player's");
      ++steps;
      std::fill(held.begin(), held.end(), 0);
      for (const kif::Term& t : step.fluents) {
        auto it = index_of.find(t);
        if (it != index_of.end()) held[it->second] = 1;
      }
      // Fluent f is p's turn fluent only if it holds when p moves and not otherwise.
      for (size_t f = 0; f < held.size(); ++f) {
        const uint8_t keep = held[f] ? static_cast<uint8_t>(1u << mover)
                                     : static_cast<uint8_t>(1u << (1 - mover));
        candidate[f] &= keep;
      }
    }
  }
  if (steps == 0) return fail("no recorded play to find the turn");
  bool found = false;
  for (size_t f = 0; f < candidate.size() && !found; ++f) {
    if (candidate[f] == 0 || h->cell_code_[f] != 0) continue;
    h->turn_fluent_ = static_cast<uint32_t>(f);
    h->turn_player_ = (candidate[f] & 1u) ? 0 : 1;
    found = true;
  }
  if (!found) return fail("no fluent tells whose turn it is");

  h->empty_board_ = board->Encode(Position{std::vector<int8_t>(static_cast<size_t>(game.shape.squares()), kEmptySquare), 0});
  h->board_ = std::move(board);
  h->rules_ = std::move(rules);
  return h;
}

std::unique_ptr<Workspace> HybridMachine::NewWorkspace() const {
  auto ws = std::make_unique<HybridWorkspace>();
  ws->rules = rules_.machine->NewWorkspace();
  ws->board = board_->NewWorkspace();
  ws->board_state = empty_board_;
  return ws;
}

int HybridMachine::Mover(const State& s) const {
  return s.Test(turn_fluent_) ? turn_player_ : 1 - turn_player_;
}

bool HybridMachine::IsTerminal(const State& s, Workspace& ws) const {
  return rules_.machine->IsTerminal(s, *static_cast<HybridWorkspace&>(ws).rules);
}

int HybridMachine::Goal(const State& s, int role, Workspace& ws) const {
  return rules_.machine->Goal(s, role, *static_cast<HybridWorkspace&>(ws).rules);
}

void HybridMachine::NextState(const State& s, std::span<const Move> joint, Workspace& ws,
                              State* out) const {
  rules_.machine->NextState(s, joint, *static_cast<HybridWorkspace&>(ws).rules, out);
}

void HybridMachine::Decode(const State& s, int mover, HybridWorkspace& ws) const {
  std::span<uint64_t> dst = ws.board_state.mutable_words();
  std::span<const uint64_t> empty = empty_board_.words();
  std::copy(empty.begin(), empty.end(), dst.begin());
  dst[0] = MetaWord(mover, 0);
  uint8_t* cells = MutableCellsOf(&ws.board_state);
  const std::span<const uint64_t> words = s.words();
  const size_t limit = std::min(words.size(), (cell_code_.size() + 63) / 64);
  for (size_t w = 0; w < limit; ++w) {
    uint64_t bits = words[w];
    while (bits != 0) {
      const size_t f = w * 64 + static_cast<size_t>(std::countr_zero(bits));
      bits &= bits - 1;
      if (f >= cell_code_.size()) break;
      const uint32_t code = cell_code_[f];
      if (code != 0) cells[code >> 8] = static_cast<uint8_t>(code);
    }
  }
}

void HybridMachine::LegalMoves(const State& s, int role, Workspace& ws, std::vector<Move>* out) const {
  out->clear();
  if (role < 0 || role > 1) return;
  auto& hw = static_cast<HybridWorkspace&>(ws);
  const int player = player_of_role_[role];
  const int mover = Mover(s);
  if (player != mover) {
    out->push_back(noop_[player]);
    return;
  }
  Decode(s, mover, hw);
  board_->LegalMoves(hw.board_state, role, *hw.board, &hw.board_moves);
  out->resize(hw.board_moves.size());
  Move* dst = out->data();
  const Move* ids = rules_id_[role].data();
  for (Move bm : hw.board_moves) {
    const Move id = ids[bm];
    *dst = id;
    dst += id >= 0 ? 1 : 0;  // a move the rules cannot name is never legal there
  }
  out->resize(static_cast<size_t>(dst - out->data()));
}

}  // namespace ggp::reasoner::board
