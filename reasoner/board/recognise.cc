#include "reasoner/board/recognise.h"

#include <sstream>

#include "reasoner/board/recognise_internal.h"

namespace ggp::reasoner::board {
namespace internal {
namespace {

bool HasPieceMove(const SimStep& s, int role, const BoardCodec& codec) {
  for (const kif::Term& m : s.legal[static_cast<size_t>(role)]) {
    if (codec.DecodeMove(m)) return true;
  }
  return false;
}

// True if an eligible piece of an owner stands on a non-goal square of `line` in a
// non-terminal recorded state (evidence against extending the goal squares to the line).
bool Counter(const Context& c, int player, const std::vector<int>& line) {
  const BoardGame& game = c.out->game;
  for (size_t gi = 0; gi < c.games->size(); ++gi) {
    for (size_t si = 0; si < (*c.games)[gi].steps.size(); ++si) {
      if ((*c.games)[gi].steps[si].terminal) continue;
      for (int sq : line) {
        const int8_t p = c.boards[gi][si].cells[static_cast<size_t>(sq)];
        if (p != kEmptySquare && game.pieces[static_cast<size_t>(p)].owner == player &&
            game.eligible[static_cast<size_t>(player)][static_cast<size_t>(p)]) {
          return true;
        }
      }
    }
  }
  return false;
}

// The seed's generalisation: more than two goal squares on one rank (file) make the whole
// rank (file) goal squares, unless a recorded state shows otherwise.
void GeneraliseGoals(Context& c) {
  BoardGame& game = c.out->game;
  const BoardShape& s = game.shape;
  for (int player = 0; player < 2; ++player) {
    auto& goals = game.goal_squares[static_cast<size_t>(player)];
    for (int pass = 0; pass < 2; ++pass) {
      const int lines = pass == 0 ? s.height : s.width;
      const int length = pass == 0 ? s.width : s.height;
      for (int l = 0; l < lines; ++l) {
        std::vector<int> line, missing;
        int have = 0;
        for (int i = 0; i < length; ++i) {
          const int sq = pass == 0 ? l * s.width + i : i * s.width + l;
          line.push_back(sq);
          if (goals[static_cast<size_t>(sq)]) ++have;
          else missing.push_back(sq);
        }
        if (have > 2 && !missing.empty() && !Counter(c, player, missing)) {
          for (int sq : missing) goals[static_cast<size_t>(sq)] = true;
        }
      }
    }
  }
}

// The learned ending must reproduce every recorded state's terminal flag and goals.
std::optional<std::string> CheckEnding(const Context& c) {
  const BoardGame& game = c.out->game;
  BoardCodec codec(game.shape, game.gdl);
  for (size_t gi = 0; gi < c.games->size(); ++gi) {
    const SimGame& g = (*c.games)[gi];
    for (size_t si = 0; si < g.steps.size(); ++si) {
      const SimStep& step = g.steps[si];
      const Position& pos = c.boards[gi][si];
      if (!step.terminal && step.joint.empty()) continue;  // cut by the simulation's limit
      int winner = -1;
      for (int p = 0; p < 2; ++p) {
        const int q = p == 0 ? 1 - pos.mover : pos.mover;  // who just moved wins a double
        for (int sq = 0; sq < game.shape.squares() && winner < 0; ++sq) {
          const int8_t piece = pos.cells[static_cast<size_t>(sq)];
          if (piece != kEmptySquare && game.pieces[static_cast<size_t>(piece)].owner == q &&
              game.eligible[static_cast<size_t>(q)][static_cast<size_t>(piece)] &&
              game.goal_squares[static_cast<size_t>(q)][static_cast<size_t>(sq)]) {
            winner = q;
          }
        }
      }
      const int mover_role = game.gdl.role_of_player[static_cast<size_t>(pos.mover)];
      if (winner < 0 && !HasPieceMove(step, mover_role, codec)) winner = 1 - pos.mover;
      const bool tie = winner < 0 && game.max_plies > 0 && static_cast<int>(si) >= game.max_plies;
      const bool terminal = winner >= 0 || tie;
      const std::string where = " at ply " + std::to_string(si) + " of game " + std::to_string(gi + 1);
      if (terminal != step.terminal) {
        return std::string(step.terminal ? "a terminal state the seed's endings do not explain"
                                         : "the learned ending says terminal where the game goes on") +
               where;
      }
      if (!terminal) continue;
      for (int p = 0; p < 2; ++p) {
        const int value = tie ? game.tie_value : (p == winner ? game.win_value : game.loss_value);
        if (step.goals[static_cast<size_t>(game.gdl.role_of_player[static_cast<size_t>(p)])] != value) {
          return "goals differ from the learned win/loss/tie values" + where;
        }
      }
    }
  }
  return std::nullopt;
}

}  // namespace
}  // namespace internal

std::string_view FitName(Fit fit) {
  switch (fit) {
    case Fit::kFits: return "fits";
    case Fit::kMovesOnly: return "moves-only";
    case Fit::kNo: return "no";
  }
  return "?";
}

Recognition Recognise(const gdl::Description& rules, const std::vector<SimGame>& games) {
  Recognition r;
  if (rules.roles.size() != 2) {
    r.reason = std::to_string(rules.roles.size()) + " roles (the seed's games have two)";
    return r;
  }
  if (games.empty() || games[0].steps.empty()) {
    r.reason = "no recorded play";
    return r;
  }
  internal::Context c;
  c.rules = &rules;
  c.games = &games;
  c.symbols = rules.symbols.get();
  c.out = &r;
  for (auto step : {internal::FindBoard, internal::FindTurns, internal::FindMoves}) {
    if (std::optional<std::string> why = step(c)) {
      r.reason = *why;
      if (c.moves_found) r.fit = Fit::kMovesOnly;
      return r;
    }
  }
  r.fit = Fit::kMovesOnly;
  for (auto step : {internal::CheckUpdate, internal::FindOtherFluents, internal::LearnEnding}) {
    if (std::optional<std::string> why = step(c)) {
      r.reason = *why;
      return r;
    }
  }
  const BoardGame saved = r.game;
  internal::GeneraliseGoals(c);
  if (internal::CheckEnding(c)) r.game = saved;  // the generalisation went too far
  if (std::optional<std::string> why = internal::CheckEnding(c)) {
    r.reason = *why;
    return r;
  }
  r.fit = Fit::kFits;
  r.reason = "two roles taking turns, piece moves with capture, the seed's endings";
  return r;
}

}  // namespace ggp::reasoner::board
