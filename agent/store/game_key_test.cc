// GameKey: the same game written differently gets the same key; any other change, or
// another role, gets another. Hash128Hex is pinned: keys are on disk.

#include "agent/store/game_key.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "reasoner/gdl/normalize.h"
#include "tests/testing/small_games.h"

namespace ggp::agent::store {
namespace {

gdl::Description Parse(const std::string& text) {
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  EXPECT_TRUE(gdl::ParseDescription(text, std::make_shared<kif::SymbolTable>(), &d, &errors))
      << text;
  return d;
}

std::string Key(const std::string& text, const std::string& role = "first") {
  return GameKey(Parse(text), role);
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string Join(const std::vector<std::string>& lines, const std::string& sep) {
  std::string out;
  for (const std::string& l : lines) out += l + sep;
  return out;
}

const std::string kNim = testing::kNim3Gdl;

TEST(GameKeyTest, IsThirtyTwoHexDigits) {
  const std::string key = Key(kNim);
  ASSERT_EQ(key.size(), 32u);
  EXPECT_TRUE(std::all_of(key.begin(), key.end(),
                          [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }));
}

TEST(GameKeyTest, SameForReorderedRules) {
  std::vector<std::string> lines = Lines(kNim);
  // Everything after the (role ...) line, in reverse; the roles keep their order.
  std::reverse(lines.begin() + 1, lines.end());
  EXPECT_EQ(Key(kNim), Key(Join(lines, "\n")));
  std::rotate(lines.begin() + 1, lines.begin() + 5, lines.end());
  EXPECT_EQ(Key(kNim), Key(Join(lines, "\n")));
}

TEST(GameKeyTest, SameForLayoutCommentsKeywordCaseAndVariableNames) {
  const std::string a =
      "(role x) (role o) (init (cell 1 b))\n"
      "(<= (legal ?p (mark ?c)) (true (cell ?c b)) (role ?p))\n"
      "(<= terminal (not (true (cell 1 b))))\n";
  const std::string b =
      "; tiny\n(ROLE x)\n\t(Role o)\n(INIT   (cell 1 b)) ; start\n"
      "(<= (LEGAL ?who (mark ?where))\n   (role ?who)\n   (TRUE (cell ?where b)))\n"
      "(<= TERMINAL\n (NOT (true (cell 1 b))))";
  EXPECT_EQ(Key(a, "x"), Key(b, "x"));
}

TEST(GameKeyTest, SameForDuplicatesAndWrittenOutOr) {
  const std::string with_or =
      "(role a) (init p) (<= terminal (or (true p) (true q))) (<= (goal a 100) (true p))";
  const std::string expanded =
      "(role a) (init p) (<= terminal (true q)) (<= terminal (true p)) (<= (goal a 100) (true p))"
      " (<= (goal a 100) (true p))";
  EXPECT_EQ(Key(with_or, "a"), Key(expanded, "a"));
  // Normalised rules (what the session holds) key like the rules as written.
  EXPECT_EQ(Key(with_or, "a"), GameKey(gdl::Normalize(Parse(with_or)), "a"));
  EXPECT_EQ(Key(kNim), GameKey(gdl::Normalize(Parse(kNim)), "first"));
}

TEST(GameKeyTest, DifferentForAChangedRule) {
  const std::string key = Key(kNim);
  auto changed = [&](const std::string& from, const std::string& to) {
    std::string text = kNim;
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return Key(text.replace(at, from.size(), to));
  };
  EXPECT_NE(key, changed("(init (pile 3))", "(init (pile 2))"));              // a constant
  EXPECT_NE(key, changed("(succ 2 3)", "(succ 3 2)"));                        // argument order
  EXPECT_NE(key, changed("(goal ?p 100)", "(goal ?p 50)"));                   // a goal value
  EXPECT_NE(key, changed("(not (true (winner ?p)))", "(true (winner ?p))"));  // negation
  EXPECT_NE(key, changed("(take 2)) (true (control ?p))", "(take 2)) (true (control second))"));
  EXPECT_NE(key, changed("(succ 0 1) ", ""));  // a rule removed
  EXPECT_NE(key, Key(kNim + "(extra fact)"));  // a rule added
  // Variables: the same names in another pattern are another rule.
  EXPECT_NE(Key("(role a) (<= (p ?x ?y) (q ?x ?y))", "a"),
            Key("(role a) (<= (p ?x ?y) (q ?y ?x))", "a"));
  // Symbols other than keywords keep their case in the reasoner, so in the key too.
  EXPECT_NE(Key("(role a) (init (cell 1 b))", "a"), Key("(role a) (init (CELL 1 b))", "a"));
}

TEST(GameKeyTest, DifferentForAnotherRoleOrRoleOrder) {
  EXPECT_NE(Key(kNim, "first"), Key(kNim, "second"));
  EXPECT_NE(GameKey(Parse(kNim), "first"), GameKey(Parse(kNim)));
  std::string swapped = kNim;
  swapped.replace(0, std::string("(role first) (role second)").size(),
                  "(role second) (role first)");
  EXPECT_NE(Key(kNim), Key(swapped));  // the joint-move order is part of the game
}

TEST(GameKeyTest, CanonicalRuleNumbersVariablesAndSortsTheBody) {
  const gdl::Description d = Parse("(<= (p ?a) (r ?b) (q ?a ?b) (not (s ?b)) (distinct ?a ?b))");
  ASSERT_EQ(d.rules.size(), 1u);
  EXPECT_EQ(CanonicalRule(d.rules[0], *d.symbols),
            "(<= (p ?0) (distinct ?0 ?1) (not (s ?1)) (q ?0 ?1) (r ?1))");
  const std::string text = CanonicalGameText(Parse("(role b) (role a) (init (f))"), "a");
  EXPECT_EQ(text, "ggp-agent game key 1\nrole a\nroles b a\n(init (f))\n(role a)\n(role b)\n");
}

TEST(GameKeyTest, Hash128IsPinnedAndSpreads) {
  // Keys are on disk: these values must never change (bump kGameKeyFormat instead).
  EXPECT_EQ(Hash128Hex(""), Hash128Hex(std::string_view()));
  EXPECT_EQ(Hash128Hex(""), "3970a076f3973417c5f7169e6fae0494");
  EXPECT_EQ(Hash128Hex("abc"), "1733fca8a2221739089cb0597f4557cb");
  EXPECT_EQ(Key("(role a)", "a"), "2a81f22f6ec6f23a36f70d40c84328ca");
  // Trailing zero bytes, one bit, the length: all change the hash.
  const std::string zero(1, '\0');
  EXPECT_NE(Hash128Hex(""), Hash128Hex(zero));
  EXPECT_NE(Hash128Hex("abcdefgh"), Hash128Hex("abcdefgh" + zero));
  EXPECT_NE(Hash128Hex("abcdefgh"), Hash128Hex("abcdefgi"));
  std::vector<std::string> seen;
  for (int i = 0; i < 2000; ++i) seen.push_back(Hash128Hex(std::to_string(i)));
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(std::unique(seen.begin(), seen.end()), seen.end());
  // Both halves differ between near inputs (no lane copies the other).
  const std::string x = Hash128Hex("x"), y = Hash128Hex("y");
  EXPECT_NE(x.substr(0, 16), y.substr(0, 16));
  EXPECT_NE(x.substr(16), y.substr(16));
  EXPECT_NE(x.substr(0, 16), x.substr(16));
}

}  // namespace
}  // namespace ggp::agent::store
