#include "reasoner/board/simulate.h"

#include <algorithm>
#include <chrono>

#include "reasoner/random.h"

namespace ggp::reasoner::board {

std::vector<SimGame> Simulate(const StateMachine& machine, const SimulateOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(options.seconds));
  const auto out_of_time = [&] {
    return Clock::now() > deadline ||
           (options.cancel != nullptr && options.cancel->load(std::memory_order_relaxed));
  };
  const int roles = machine.num_roles();
  Rng rng(options.seed);
  std::unique_ptr<Workspace> ws = machine.NewWorkspace();
  std::vector<SimGame> games;
  State state, next;
  std::vector<Move> legal, joint(static_cast<size_t>(roles));
  while (static_cast<int>(games.size()) < options.games && !out_of_time()) {
    SimGame game;
    machine.InitialState(&state);
    bool finished = true;
    for (int ply = 0;; ++ply) {
      if (out_of_time()) {
        finished = false;
        break;
      }
      SimStep step;
      step.fluents = machine.Fluents(state);
      step.terminal = machine.IsTerminal(state, *ws);
      step.legal.resize(static_cast<size_t>(roles));
      bool stuck = false;
      for (int r = 0; r < roles; ++r) {
        machine.LegalMoves(state, r, *ws, &legal);
        for (Move m : legal) step.legal[static_cast<size_t>(r)].push_back(machine.MoveTerm(r, m));
        if (legal.empty()) {
          stuck = true;
        } else {
          joint[static_cast<size_t>(r)] = legal[rng.Below(static_cast<uint32_t>(legal.size()))];
        }
      }
      if (step.terminal) {
        for (int r = 0; r < roles; ++r) step.goals.push_back(machine.Goal(state, r, *ws));
      }
      const bool last = step.terminal || stuck || ply >= options.max_plies;
      if (!last) {
        for (int r = 0; r < roles; ++r) {
          step.joint.push_back(machine.MoveTerm(r, joint[static_cast<size_t>(r)]));
        }
      }
      game.stuck = stuck && !step.terminal;
      game.steps.push_back(std::move(step));
      if (last) break;
      machine.NextState(state, joint, *ws, &next);
      std::swap(state, next);
    }
    if (finished) games.push_back(std::move(game));
  }
  return games;
}

std::optional<SimGame> Replay(const StateMachine& machine,
                              const std::vector<std::vector<kif::Term>>& joint_moves,
                              std::string* why) {
  const int roles = machine.num_roles();
  std::unique_ptr<Workspace> ws = machine.NewWorkspace();
  State state, next;
  machine.InitialState(&state);
  std::vector<Move> legal, joint(static_cast<size_t>(roles));
  SimGame game;
  for (size_t turn = 0;; ++turn) {
    SimStep step;
    step.fluents = machine.Fluents(state);
    step.terminal = machine.IsTerminal(state, *ws);
    step.legal.resize(static_cast<size_t>(roles));
    for (int r = 0; r < roles; ++r) {
      machine.LegalMoves(state, r, *ws, &legal);
      for (Move m : legal) step.legal[static_cast<size_t>(r)].push_back(machine.MoveTerm(r, m));
    }
    if (step.terminal) {
      for (int r = 0; r < roles; ++r) step.goals.push_back(machine.Goal(state, r, *ws));
    }
    if (turn == joint_moves.size() || step.terminal) {
      game.steps.push_back(std::move(step));
      return game;
    }
    const auto& moves = joint_moves[turn];
    if (static_cast<int>(moves.size()) != roles) {
      *why = "turn " + std::to_string(turn + 1) + " has " + std::to_string(moves.size()) + " moves";
      return std::nullopt;
    }
    for (int r = 0; r < roles; ++r) {
      std::optional<Move> m = machine.FindMove(r, moves[static_cast<size_t>(r)]);
      machine.LegalMoves(state, r, *ws, &legal);
      if (!m || std::find(legal.begin(), legal.end(), *m) == legal.end()) {
        *why = "turn " + std::to_string(turn + 1) + ": " + kif::ToString(moves[static_cast<size_t>(r)], machine.symbols()) +
               " is not legal";
        return std::nullopt;
      }
      joint[static_cast<size_t>(r)] = *m;
      step.joint.push_back(moves[static_cast<size_t>(r)]);
    }
    game.steps.push_back(std::move(step));
    machine.NextState(state, joint, *ws, &next);
    std::swap(state, next);
  }
}

}  // namespace ggp::reasoner::board
