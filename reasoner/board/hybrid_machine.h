#pragma once
// The hybrid machine (backend "hybrid"): legal moves from learned DFAs, everything else
// from the GDL rules. It is for board games whose moves are the simplified boardgame's
// (board_game.h) but whose update or ending is not: recognise.h's kMovesOnly (promotion,
// a piece captured by being jumped over, a step counter the model cannot follow, other
// endings).
//
//   states  the states of `rules` (normally a propnet built without its legal moves,
//           PropnetOptions::legal), with its fluent indices and move ids; NextState,
//           IsTerminal and Goal are answered by `rules`. A search can therefore move
//           between the propnet and the hybrid without translating states or moves.
//   legal   the player to move is read off its turn fluent, a fluent that held exactly when
//           that player moved in recorded play. The cell fluents are read into the board
//           machine's mailbox (board_encoding.h), and the mover's pieces are walked with
//           the DFAs (board_movegen.h). Each board move becomes `rules`'s id of the same
//           GDL term, in the board machine's order (deterministic, not the propnet's). The
//           waiting player's only move is its noop.
//
// The DFAs and the turn fluent are learned, so a hybrid may only be trusted after
// VerifyAgainst with the full rules has passed (learn_game.h does this before using it).
//
// Threads: immutable after Create and shared by any number of threads. Per-thread scratch
// lives in the workspace: the rules' workspace, the decoded board and the board machine's
// scratch. Queries do not allocate once vectors have reached their working size.

#include <memory>
#include <string>
#include <vector>

#include "reasoner/board/board_game.h"
#include "reasoner/board/board_machine.h"
#include "reasoner/board/simulate.h"
#include "reasoner/state_machine.h"

namespace ggp::reasoner::board {

// The machine that answers everything but legal moves, with the GDL term of each fluent
// index and of each role's move ids (e.g. PropnetMachine::fluent_terms, move_terms).
struct HybridRules {
  std::shared_ptr<const StateMachine> machine;
  std::vector<kif::Term> fluent_terms;
  std::vector<std::vector<kif::Term>> move_terms;  // per role
};

class HybridWorkspace final : public Workspace {
 public:
  std::unique_ptr<Workspace> rules;
  std::unique_ptr<Workspace> board;
  State board_state;             // the decoded board, in the board machine's layout
  std::vector<Move> board_moves;  // board machine ids of the mover's moves
};

class HybridMachine final : public StateMachine {
 public:
  // `game`: a recognised board (shape, pieces, GDL binding) with one DFA per piece type; its
  // ending is not used. `games`: play recorded on the same rules (simulate.h), from which
  // the turn fluents are found. Returns null, with the reason in `why`, when the cells,
  // moves, noops or turn cannot be mapped onto `rules`.
  static std::shared_ptr<const HybridMachine> Create(const BoardGame& game, HybridRules rules,
                                                     const std::vector<SimGame>& games,
                                                     std::string* why);

  std::string_view backend() const override { return "hybrid"; }
  std::unique_ptr<Workspace> NewWorkspace() const override;
  void InitialState(State* out) const override { rules_.machine->InitialState(out); }
  bool IsTerminal(const State& s, Workspace& ws) const override;
  void LegalMoves(const State& s, int role, Workspace& ws, std::vector<Move>* out) const override;
  void NextState(const State& s, std::span<const Move> joint, Workspace& ws,
                 State* out) const override;
  int Goal(const State& s, int role, Workspace& ws) const override;

  kif::Term MoveTerm(int role, Move m) const override { return rules_.machine->MoveTerm(role, m); }
  std::optional<Move> FindMove(int role, const kif::Term& t) const override {
    return rules_.machine->FindMove(role, t);
  }
  std::vector<kif::Term> Fluents(const State& s) const override {
    return rules_.machine->Fluents(s);
  }

  const BoardMachine& board() const { return *board_; }
  // The player (0 or 1) to move in `s`.
  int Mover(const State& s) const;

 private:
  HybridMachine(std::shared_ptr<kif::SymbolTable> symbols, std::vector<kif::Term> roles)
      : StateMachine(std::move(symbols), std::move(roles)) {}
  // Writes the board of `s` (its pieces and mover) into ws.board_state.
  void Decode(const State& s, int mover, HybridWorkspace& ws) const;

  HybridRules rules_;
  std::shared_ptr<const BoardMachine> board_;
  int player_of_role_[2] = {0, 1};
  // The turn: player turn_player_ moves exactly when fluent turn_fluent_ holds.
  uint32_t turn_fluent_ = 0;
  int turn_player_ = 0;
  Move noop_[2] = {0, 0};                // per player: its noop, as a rules id
  std::vector<uint32_t> cell_code_;      // per fluent: mailbox cell << 8 | piece code, or 0
  std::vector<Move> rules_id_[2];        // per role, per board move id: the rules id, or -1
  State empty_board_;                    // the board machine's state of an empty board
};

}  // namespace ggp::reasoner::board
