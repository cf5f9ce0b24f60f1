#pragma once
// A test helper for the propnet unit tests: builds a PropnetMachine from GDL text (failing
// the test if it does not build) and answers in readable strings.

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "reasoner/propnet/propnet_machine.h"

namespace ggp::reasoner::propnet::testutil {

// One built machine with its own workspace.
class Game {
 public:
  explicit Game(const char* text) : symbols_(std::make_shared<kif::SymbolTable>()) {
    gdl::Description d;
    std::vector<kif::Diagnostic> errors;
    EXPECT_TRUE(gdl::ParseDescription(text, symbols_, &d, &errors));
    PropnetBuild b = PropnetMachine::Build(d, {});
    EXPECT_TRUE(b.machine) << b.error;
    m_ = b.machine;
    ws_ = m_->NewWorkspace();
  }
  const PropnetMachine& m() const { return *m_; }
  Workspace& ws() { return *ws_; }

  kif::Term Parse(const std::string& text) {
    kif::Term t;
    std::vector<kif::Diagnostic> errors;
    EXPECT_TRUE(kif::ParseTerm(text, *symbols_, &t, &errors));
    return t;
  }
  Move MoveOf(int role, const std::string& text) {
    std::optional<Move> m = m_->FindMove(role, Parse(text));
    EXPECT_TRUE(m.has_value()) << text;
    return m.value_or(0);
  }
  std::set<std::string> Legal(const State& s, int role) {
    std::vector<Move> moves;
    m_->LegalMoves(s, role, *ws_, &moves);
    std::set<std::string> out;
    for (Move mv : moves) out.insert(kif::ToString(m_->MoveTerm(role, mv), *symbols_));
    return out;
  }
  std::set<std::string> Fluents(const State& s) {
    std::set<std::string> out;
    for (const kif::Term& t : m_->Fluents(s)) out.insert(kif::ToString(t, *symbols_));
    return out;
  }
  State Next(const State& s, const std::vector<std::string>& moves) {
    std::vector<Move> joint;
    for (size_t r = 0; r < moves.size(); ++r) joint.push_back(MoveOf(static_cast<int>(r), moves[r]));
    State out;
    m_->NextState(s, joint, *ws_, &out);
    return out;
  }

 private:
  std::shared_ptr<kif::SymbolTable> symbols_;
  std::shared_ptr<const PropnetMachine> m_;
  std::unique_ptr<Workspace> ws_;
};

}  // namespace ggp::reasoner::propnet::testutil
