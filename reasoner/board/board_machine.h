#pragma once
// The board machine: a StateMachine (state_machine.h, backend "board") for a simplified
// boardgame learned from a GDL game (board_game.h defines the rules it implements), built
// to generate moves an order of magnitude faster than a GDL engine.
//
//   states   a padded mailbox of bytes plus a meta word (board_encoding.h); copying one is
//            a memcpy of a few words. A player's pieces are found eight cells at a time.
//   moves    per role: piece moves (type * S + from) * S + to over the S squares, the type
//            only when the binding spells the moved piece (MoveArg::kPieceAtFrom), else
//            from * S + to; then one id for the role's noop (noop_move()). The mover's
//            legal moves are its pieces' DFA walks (board_movegen.h) in square order,
//            without duplicate destinations; the waiting player's only move is its noop.
//   next     the mover's piece move is applied whatever it is (the piece at `from`, or the
//            type the move names, lands on `to`, capturing what stands there; `from`
//            empties); the waiting player's move is ignored; the mover flips; the ply counts.
//   ending   board_game.h, in this order: a goal square win, a loss for a mover without
//            moves, the length limit's tie. Goal() in non-terminal states: loss_value for
//            both players (nobody has won yet).
//   symbols  MoveTerm, FindMove and Fluents spell the game's GDL per its GdlBinding.
//
// Ownership and threads: the machine copies the BoardGame, is immutable after
// construction and may be shared by any number of threads; per-thread scratch (move
// buffers, dedup stamps, walk path) lives in a BoardWorkspace. No query allocates once
// the workspace and the output vectors have reached their working size.

#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "reasoner/board/board_encoding.h"
#include "reasoner/board/board_game.h"
#include "reasoner/board/board_movegen.h"
#include "reasoner/state_machine.h"

namespace ggp::reasoner::board {

class BoardWorkspace final : public Workspace {
 public:
  BoardWorkspace(int cells, size_t bit_sets) : gen(cells, bit_sets), reply(cells, bit_sets) {}
  GenScratch gen;
  GenScratch reply;  // the waiting player's moves (DecisivePlayout)
};

class BoardMachine final : public StateMachine {
 public:
  // `roles`: the game's roles in order (two; game.gdl.role_of_player maps players to
  // them). Throws std::invalid_argument naming the problem when `game` is malformed:
  // sizes that do not match the board, more than 31 piece types, a board too large for
  // 16-bit cells, or a binding that cannot spell cells, moves or noops.
  BoardMachine(const BoardGame& game, std::shared_ptr<kif::SymbolTable> symbols,
               std::vector<kif::Term> roles);

  std::string_view backend() const override { return "board"; }
  std::unique_ptr<Workspace> NewWorkspace() const override;
  void InitialState(State* out) const override { *out = initial_; }
  bool IsTerminal(const State& s, Workspace& ws) const override;
  void LegalMoves(const State& s, int role, Workspace& ws, std::vector<Move>* out) const override;
  void NextState(const State& s, std::span<const Move> joint, Workspace& ws,
                 State* out) const override;
  int Goal(const State& s, int role, Workspace& ws) const override;
  PlayoutResult RandomPlayout(const State& s, int max_steps, Rng& rng, Workspace& ws, State* end,
                              std::vector<PlayoutMove>* moves,
                              const std::atomic<bool>* stop) const override;
  // Decisive: a mover with a move onto its goal square (an eligible piece) takes it.
  // Anti-decisive: else, if the waiting player has such a move, the mover tries the moves
  // that land on a square of one of those threats (capturing the piece, or standing on
  // its target) in a random order and takes the first after which the waiting player has
  // none (board_decisive.cc). Blocking a sliding piece's path is not tried.
  bool HasDecisivePlayout() const override { return true; }
  PlayoutResult DecisivePlayout(const State& s, int max_steps, Rng& rng, Workspace& ws, State* end,
                                std::vector<PlayoutMove>* moves,
                                const std::atomic<bool>* stop) const override;

  kif::Term MoveTerm(int role, Move m) const override;
  std::optional<Move> FindMove(int role, const kif::Term& t) const override;
  std::vector<kif::Term> Fluents(const State& s) const override;
  bool FluentIndexedStates() const override { return false; }  // packed boards
  // A table per square and content (empty or a piece type), the walls' constant and the
  // other fluents per mover or ply, as Fluents() spells them (board_weights.cc).
  std::unique_ptr<const FluentWeights> CompileFluentWeights(
      const std::function<double(const kif::Term&)>& weight) const override;

  // ---- Board-level access (tests, tools) ----
  const BoardGame& game() const { return game_; }
  const BoardLayout& layout() const { return layout_; }
  const MoveGenerator& generator() const { return gen_; }
  Move noop_move() const { return noop_; }
  // The id of moving a piece (of `type`, used only when ids carry the type) between squares.
  Move PieceMove(int from, int to, int type = 0) const;
  // The squares of a piece move id; nullopt for the noop or an unknown id.
  struct Squares {
    int type = -1;  // -1 when ids do not carry the type
    int from = 0, to = 0;
  };
  std::optional<Squares> MoveSquares(Move m) const;
  // States and positions (the ply stored saturates like NextState's).
  State Encode(const Position& pos, uint32_t ply = 0) const;
  Position Decode(const State& s) const;
  uint32_t Ply(const State& s) const { return PlyOf(s); }

 private:
  enum class Ending : uint8_t { kNone, kWin0, kWin1, kTie };

  void Validate() const;  // throws std::invalid_argument
  void BuildSymbols();
  // The player with an eligible piece on its goal square (the one who just moved if
  // both), or -1.
  int GoalSquareWinner(const uint8_t* cells, int mover) const;
  Ending Evaluate(const State& s, BoardWorkspace& ws) const;
  // Plays the mover's `packed` move on a playout's mailbox (`words`, the meta word first,
  // then the cells) and sets *winner if the moved piece reached a goal square (the
  // mover's first, should the square count for both players).
  void PlayoutStep(uint32_t packed, uint64_t* words, int* winner) const {
    uint8_t* cells = reinterpret_cast<uint8_t*>(words + 1);
    const int mover = static_cast<int>(words[0] & 1u);
    const int32_t from = FromCell(packed), to = ToCell(packed);
    const uint8_t code = cells[from];
    cells[from] = 0;
    cells[to] = code;
    words[0] = NextMeta(words[0], ply_cap_);
    if (const uint8_t goal = goal_mask_[static_cast<size_t>(to)]; goal != 0) {
      const uint32_t type_bit = code & kTypeMask;
      if (((goal >> mover) & 1u) && ((eligible_bits_[mover] >> type_bit) & 1u)) {
        *winner = mover;
      } else if (((goal >> (1 - mover)) & 1u) && ((eligible_bits_[1 - mover] >> type_bit) & 1u)) {
        *winner = 1 - mover;
      }
    }
  }
  // `player`'s moves on `cells` into `g`: the count (set-wise when `set_wise`).
  uint32_t Generate(const uint8_t* cells, int player, bool set_wise, GenScratch& g) const;
  // Whether one of the `n` moves in `g` (of `player`, on `cells`) puts an eligible piece
  // on a goal square of `player`; the first such move in *packed.
  bool FindWin(const uint8_t* cells, int player, uint32_t n, bool set_wise, const GenScratch& g,
               uint32_t* packed) const;
  // DecisivePlayout's anti-decisive choice (see there); false if no tried move parries.
  // `ws.gen` holds the mover's n moves, `ws.reply` the waiting player's `replies`; `cells` is
  // changed during the call and restored.
  bool Parry(uint8_t* cells, int mover, uint32_t n, uint32_t replies, const bool* set_wise,
             BoardWorkspace& ws, Rng& rng, uint32_t* packed) const;
  // The piece move id of a packed move (reads the moved piece for typed ids).
  Move IdOf(uint32_t packed, const uint8_t* cells) const {
    const int32_t from = FromCell(packed);
    Move id = from_id_[static_cast<size_t>(from)] + to_id_[static_cast<size_t>(ToCell(packed))];
    if (piece_in_id_) id += PieceTypeOf(cells[from]) * squares_ * squares_;
    return id;
  }
  kif::Term CellTerm(int square, const kif::Term& content) const;

  BoardGame game_;
  BoardLayout layout_;
  MoveGenerator gen_;
  State initial_;
  int player_of_role_[2] = {0, 1};
  uint32_t ply_cap_ = 0;
  int squares_ = 0;
  bool piece_in_id_ = false;
  Move noop_ = 0;
  std::vector<Move> from_id_, to_id_;   // per cell: from * S, to (0 on the border)
  std::vector<int32_t> goal_cells_[2];  // per player: its goal squares' cells
  std::vector<uint8_t> goal_mask_;      // per cell: bit p if a goal square of player p
  uint32_t eligible_bits_[2] = {0, 0};  // per player: bit (type + 1) if eligible
  Bits128 goal_bits_[2] = {0, 0};       // per player: its goal squares' cells (<= 128 cells)
  std::unordered_map<kif::Term, int, kif::TermHash> file_of_, rank_of_, piece_of_;
};

}  // namespace ggp::reasoner::board
