#include "agent/player/nim_test_machine.h"

#include <string_view>

namespace ggp::agent::testing {
namespace {

using reasoner::Move;
using reasoner::State;

class NimMachine final : public reasoner::StateMachine {
 public:
  NimMachine(std::shared_ptr<kif::SymbolTable> symbols, std::vector<kif::Term> roles, int pile,
             const NimSpelling& spelling)
      : StateMachine(symbols, std::move(roles)), pile_(pile) {
    kif::SymbolId take = symbols->Intern(spelling.take);
    moves_.push_back(kif::Term::Compound(take, {kif::Term::Atom(symbols->Intern("1"))}));
    moves_.push_back(kif::Term::Compound(take, {kif::Term::Atom(symbols->Intern("2"))}));
    moves_.push_back(kif::Term::Atom(symbols->Intern(spelling.noop)));
  }

  std::string_view backend() const override { return "nim-test"; }
  std::unique_ptr<reasoner::Workspace> NewWorkspace() const override {
    return std::make_unique<reasoner::Workspace>();
  }

  void InitialState(State* out) const override {
    out->Clear(NumFluents());
    out->Set(PileFluent(pile_));
    out->Set(ControlFluent(0));
  }
  bool IsTerminal(const State& s, reasoner::Workspace& /*ws*/) const override {
    return Pile(s) <= 0;
  }
  void LegalMoves(const State& s, int role, reasoner::Workspace& /*ws*/,
                  std::vector<Move>* out) const override {
    out->clear();
    if (!s.Test(ControlFluent(role))) {
      out->push_back(2);
      return;
    }
    int p = Pile(s);
    if (p >= 1) out->push_back(0);
    if (p >= 2) out->push_back(1);
  }
  void NextState(const State& s, std::span<const Move> joint, reasoner::Workspace& /*ws*/,
                 State* out) const override {
    out->Clear(NumFluents());
    int p = Pile(s);
    for (int r = 0; r < 2 && r < static_cast<int>(joint.size()); ++r) {
      Move m = joint[static_cast<size_t>(r)];
      if (m != 0 && m != 1) continue;
      int take = m + 1;
      if (take == p) out->Set(WinnerFluent(r));
      if (p - take >= 0) out->Set(PileFluent(p - take));
    }
    for (int r = 0; r < 2; ++r) {
      if (s.Test(ControlFluent(r))) out->Set(ControlFluent(1 - r));
    }
  }
  int Goal(const State& s, int role, reasoner::Workspace& /*ws*/) const override {
    return s.Test(WinnerFluent(role)) ? 100 : 0;
  }
  kif::Term MoveTerm(int /*role*/, Move m) const override {
    return moves_[static_cast<size_t>(m)];
  }
  std::optional<Move> FindMove(int /*role*/, const kif::Term& t) const override {
    for (size_t i = 0; i < moves_.size(); ++i) {
      if (moves_[i] == t) return static_cast<Move>(i);
    }
    return std::nullopt;
  }
  std::vector<kif::Term> Fluents(const State& s) const override {
    std::vector<kif::Term> out;
    s.ForEach([&](uint32_t f) {
      std::string name = "f" + std::to_string(f);
      out.push_back(kif::Term::Atom(shared_symbols()->Intern(name)));
    });
    return out;
  }

 private:
  size_t NumFluents() const { return static_cast<size_t>(pile_) + 5; }
  uint32_t PileFluent(int k) const { return static_cast<uint32_t>(k); }
  uint32_t ControlFluent(int r) const { return static_cast<uint32_t>(pile_ + 1 + r); }
  uint32_t WinnerFluent(int r) const { return static_cast<uint32_t>(pile_ + 3 + r); }
  int Pile(const State& s) const {
    for (int k = 0; k <= pile_; ++k) {
      if (s.Test(PileFluent(k))) return k;
    }
    return 0;
  }

  int pile_;
  std::vector<kif::Term> moves_;
};

}  // namespace

std::shared_ptr<const reasoner::StateMachine> MakeNimMachine(
    std::shared_ptr<kif::SymbolTable> symbols, std::vector<kif::Term> roles, int pile,
    const NimSpelling& spelling) {
  return std::make_shared<NimMachine>(std::move(symbols), std::move(roles), pile, spelling);
}

}  // namespace ggp::agent::testing
