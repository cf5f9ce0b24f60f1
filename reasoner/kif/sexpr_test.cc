#include "reasoner/kif/sexpr.h"

#include <gtest/gtest.h>

namespace ggp::kif {
namespace {

std::vector<SExpr> ParseOk(std::string_view text) {
  std::vector<SExpr> out;
  std::vector<Diagnostic> errors;
  EXPECT_TRUE(ParseSExprs(text, &out, &errors)) << (errors.empty() ? "" : FormatDiagnostic(errors[0]));
  return out;
}

TEST(SExpr, TokenisesByParenthesesNotSpaces) {
  auto items = ParseOk("(role a)(role b)");
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(ToString(items[0]), "(role a)");
  EXPECT_EQ(ToString(items[1]), "(role b)");
}

TEST(SExpr, StripsLineAndBlockComments) {
  auto items = ParseOk("; header\n(a b) ; trailing\n#| block (x) \n spanning |# (c)\n");
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(ToString(items[0]), "(a b)");
  EXPECT_EQ(ToString(items[1]), "(c)");
}

TEST(SExpr, AnyWhitespaceAndExactSpelling) {
  auto items = ParseOk("(\tPLAY\r\n  Base.nim3.1  ( ( take 2 ) NOOP ) )");
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(ToString(items[0]), "(PLAY Base.nim3.1 ((take 2) NOOP))");
}

TEST(SExpr, ReportsLineAndColumnOfUnmatchedParentheses) {
  std::vector<SExpr> out;
  std::vector<Diagnostic> errors;
  EXPECT_FALSE(ParseSExprs("(a b)\n  (c (d)\n", &out, &errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].where.line, 2);
  EXPECT_EQ(errors[0].where.column, 3);
  errors.clear();
  out.clear();
  EXPECT_FALSE(ParseSExprs("(a))", &out, &errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].where.column, 4);
  EXPECT_EQ(out.size(), 1u);
}

TEST(SExpr, NestingUpToTheCapParsesAndDeeperIsRejected) {
  std::string ok_depth = std::string(kMaxNesting, '(') + "x" + std::string(kMaxNesting, ')');
  std::vector<SExpr> out;
  std::vector<Diagnostic> errors;
  EXPECT_TRUE(ParseSExprs(ok_depth, &out, &errors));
  ASSERT_EQ(out.size(), 1u);
  int depth = 0;
  for (const SExpr* e = &out[0]; e->is_list(); e = &e->items[0]) ++depth;
  EXPECT_EQ(depth, kMaxNesting);

  // A hostile message: far deeper than any rule. Rejected with a message, no crash.
  std::string deep = "(a) " + std::string(100000, '(') + std::string(100000, ')');
  out.clear();
  EXPECT_FALSE(ParseSExprs(deep, &out, &errors));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].message.find("nested deeper"), std::string::npos) << errors[0].message;
  EXPECT_EQ(out.size(), 1u);  // the complete expression before the problem is kept
}

TEST(SExpr, ParseOneRequiresExactlyOne) {
  SExpr e;
  std::vector<Diagnostic> errors;
  EXPECT_TRUE(ParseOneSExpr("  noop ; c\n", &e, &errors));
  EXPECT_EQ(e.atom, "noop");
  EXPECT_FALSE(ParseOneSExpr("a b", &e, &errors));
}

TEST(SExpr, StripCommentsKeepsLines) {
  EXPECT_EQ(StripComments("a ; x\nb #| y\nz |# c"), "a \nb \n  c");
}

}  // namespace
}  // namespace ggp::kif
