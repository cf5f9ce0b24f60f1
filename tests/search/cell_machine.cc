#include <optional>
#include <string_view>

#include "tests/search/test_games.h"

namespace ggp::search_testing {
namespace {

using reasoner::State;

class CellMachine final : public reasoner::StateMachine {
 public:
  CellMachine(std::shared_ptr<kif::SymbolTable> symbols, std::vector<kif::Term> roles,
              std::shared_ptr<const CellGame> game)
      : StateMachine(std::move(symbols), std::move(roles)), game_(std::move(game)) {}

  std::string_view backend() const override { return "cell-test"; }
  std::unique_ptr<reasoner::Workspace> NewWorkspace() const override {
    return std::make_unique<reasoner::Workspace>();
  }
  void InitialState(State* out) const override { *out = EncodeCells(*game_, game_->Initial()); }
  bool IsTerminal(const State& s, reasoner::Workspace&) const override {
    return game_->Terminal(Decode(s));
  }
  void LegalMoves(const State& s, int role, reasoner::Workspace&, std::vector<Move>* out) const override {
    out->clear();
    game_->Legal(Decode(s), role, out);
  }
  void NextState(const State& s, std::span<const Move> joint, reasoner::Workspace&, State* out) const override {
    *out = EncodeCells(*game_, game_->Next(Decode(s), joint));
  }
  int Goal(const State& s, int role, reasoner::Workspace&) const override {
    return game_->Goal(Decode(s), role);
  }
  kif::Term MoveTerm(int role, Move m) const override {
    return kif::Term::Atom(shared_symbols()->Intern(game_->MoveName(role, m)));
  }
  std::optional<Move> FindMove(int role, const kif::Term& t) const override {
    const std::string_view name = symbols().Name(t.symbol);
    for (Move m = 0; m < 2048; ++m) {
      if (game_->MoveName(role, m) == name) return m;
    }
    return std::nullopt;
  }
  std::vector<kif::Term> Fluents(const State& s) const override {
    std::vector<kif::Term> out;
    const Cells c = Decode(s);
    for (size_t i = 0; i < c.size(); ++i) {
      out.push_back(kif::Term::Atom(shared_symbols()->Intern(
          "cell" + std::to_string(i) + "_" + std::to_string(c[i]))));
    }
    return out;
  }

 private:
  Cells Decode(const State& s) const {
    Cells c(static_cast<size_t>(game_->num_cells()), 0);
    s.ForEach([&](uint32_t f) {
      c[f / static_cast<uint32_t>(game_->num_values())] = static_cast<int>(f % static_cast<uint32_t>(game_->num_values()));
    });
    return c;
  }

  std::shared_ptr<const CellGame> game_;
};

}  // namespace

reasoner::State EncodeCells(const CellGame& game, const Cells& cells) {
  State s(static_cast<size_t>(game.num_cells() * game.num_values()));
  for (size_t i = 0; i < cells.size(); ++i) {
    s.Set(static_cast<uint32_t>(static_cast<int>(i) * game.num_values() + cells[i]));
  }
  return s;
}

std::shared_ptr<const reasoner::StateMachine> MakeCellMachine(std::shared_ptr<const CellGame> game) {
  auto symbols = std::make_shared<kif::SymbolTable>();
  std::vector<kif::Term> roles;
  for (const std::string& r : game->Roles()) roles.push_back(kif::Term::Atom(symbols->Intern(r)));
  return std::make_shared<CellMachine>(std::move(symbols), std::move(roles), std::move(game));
}

}  // namespace ggp::search_testing
