#include "protocol/messages.h"

#include <gtest/gtest.h>

namespace ggp::protocol {
namespace {

template <typename T>
T ParseAs(std::string_view body) {
  Request r;
  std::string error;
  EXPECT_TRUE(ParseRequest(body, &r, &error)) << body << ": " << error;
  EXPECT_TRUE(std::holds_alternative<T>(r)) << body << " parsed as " << VerbOf(r);
  if (!std::holds_alternative<T>(r)) return T{};
  return std::get<T>(r);
}

std::string ParseError(std::string_view body) {
  Request r;
  std::string error;
  EXPECT_FALSE(ParseRequest(body, &r, &error)) << body;
  EXPECT_FALSE(error.empty());
  return error;
}

std::vector<std::string> Printed(const std::vector<kif::SExpr>& items) {
  std::vector<std::string> out;
  for (const auto& e : items) out.push_back(kif::ToString(e));
  return out;
}

TEST(MessagesTest, InfoAndPingInAnyCaseAndSpacing) {
  ParseAs<InfoRequest>("(info)");
  ParseAs<InfoRequest>("( INFO )");
  ParseAs<InfoRequest>("\r\n\t(Info)\n");
  ParseAs<PingRequest>("(ping)");
  ParseAs<PingRequest>("( PING )");
}

TEST(MessagesTest, GgpBaseFirstPlayWithNil) {
  PlayRequest p = ParseAs<PlayRequest>("( PLAY Base.nim3.1700000000000 NIL )");
  EXPECT_EQ(p.match_id, "Base.nim3.1700000000000");
  EXPECT_TRUE(p.no_moves);
  EXPECT_TRUE(p.moves.empty());
  EXPECT_FALSE(p.turn.has_value());
}

TEST(MessagesTest, NoMovesSpellings) {
  EXPECT_TRUE(ParseAs<PlayRequest>("(play m nil)").no_moves);
  EXPECT_TRUE(ParseAs<PlayRequest>("(play m NIL)").no_moves);
  EXPECT_TRUE(ParseAs<PlayRequest>("(play m ())").no_moves);
  EXPECT_TRUE(ParseAs<PlayRequest>("(play m ( ))").no_moves);
}

TEST(MessagesTest, GgpBaseSpacedJointMove) {
  PlayRequest p = ParseAs<PlayRequest>("( PLAY Base.nim3.1700000000000 (( take 2 ) noop ) )");
  EXPECT_FALSE(p.no_moves);
  EXPECT_EQ(Printed(p.moves), (std::vector<std::string>{"(take 2)", "noop"}));
}

TEST(MessagesTest, DresdenPackedUpperCaseJointMove) {
  PlayRequest p = ParseAs<PlayRequest>("(PLAY nim3.1700000000000 ((TAKE 2) NOOP))");
  EXPECT_EQ(p.match_id, "nim3.1700000000000");
  EXPECT_EQ(Printed(p.moves), (std::vector<std::string>{"(TAKE 2)", "NOOP"}));
}

TEST(MessagesTest, GgpBaseStart) {
  StartRequest s = ParseAs<StartRequest>(
      "( START Base.nim3.1700000000000 second (( role first ) ( role second ) "
      "( init ( pile 3 ) ) ) 10 5)");
  EXPECT_EQ(s.match_id, "Base.nim3.1700000000000");
  EXPECT_EQ(kif::ToString(s.role), "second");
  EXPECT_EQ(Printed(s.rules),
            (std::vector<std::string>{"(role first)", "(role second)", "(init (pile 3))"}));
  EXPECT_EQ(s.start_clock, 10);
  EXPECT_EQ(s.play_clock, 5);
}

TEST(MessagesTest, DresdenPackedUpperCaseStartWithAppendedSeesRule) {
  StartRequest s = ParseAs<StartRequest>(
      "(START nim3.1700000000000 SECOND ((ROLE FIRST) (ROLE SECOND) "
      "(<= (LEGAL ?P (TAKE 1)) (TRUE (CONTROL ?P)) (TRUE (PILE ?N)) (SUCC ?M ?N)) "
      "(<= (SEES ?P (DID ?P2 ?M)) (ROLE ?P) (DOES ?P2 ?M) )\n) 60 15)");
  EXPECT_EQ(kif::ToString(s.role), "SECOND");
  ASSERT_EQ(s.rules.size(), 4u);
  EXPECT_EQ(kif::ToString(s.rules[3]), "(<= (SEES ?P (DID ?P2 ?M)) (ROLE ?P) (DOES ?P2 ?M))");
  EXPECT_EQ(s.start_clock, 60);
  EXPECT_EQ(s.play_clock, 15);
}

TEST(MessagesTest, StartToleratesExtraFieldsWhitespaceAndComments) {
  StartRequest s = ParseAs<StartRequest>(
      "(start\tm1\r\n  robot ; the role\n ((role robot)\n#| block |# (init on)) 30 7 extra (x))");
  EXPECT_EQ(s.match_id, "m1");
  EXPECT_EQ(Printed(s.rules), (std::vector<std::string>{"(role robot)", "(init on)"}));
  EXPECT_EQ(s.start_clock, 30);
  EXPECT_EQ(s.play_clock, 7);
}

TEST(MessagesTest, StartWithEmptyRules) {
  EXPECT_TRUE(ParseAs<StartRequest>("(start m r () 1 1)").rules.empty());
  EXPECT_TRUE(ParseAs<StartRequest>("(start m r nil 1 1)").rules.empty());
}

TEST(MessagesTest, StopForms) {
  StopRequest first = ParseAs<StopRequest>("( STOP Base.nim3.1700000000000 NIL )");
  EXPECT_TRUE(first.no_moves);
  StopRequest last = ParseAs<StopRequest>("( STOP Base.nim3.1700000000000 (noop ( take 1 ) ) )");
  EXPECT_EQ(Printed(last.moves), (std::vector<std::string>{"noop", "(take 1)"}));
}

TEST(MessagesTest, GdlTwoFirstPlay) {
  PlayRequest p = ParseAs<PlayRequest>("(PLAY nim3.1700000000000 0 NIL NIL)");
  ASSERT_TRUE(p.turn.has_value());
  EXPECT_EQ(*p.turn, 0);
  EXPECT_FALSE(p.last_move.has_value());
  EXPECT_TRUE(p.percepts.empty());
  EXPECT_TRUE(p.moves.empty());
}

TEST(MessagesTest, GdlTwoLaterPlayAndStop) {
  PlayRequest p = ParseAs<PlayRequest>(
      "(PLAY nim3.1700000000000 1 NOOP ((DID FIRST (TAKE 2)) (DID SECOND NOOP) ))");
  EXPECT_EQ(*p.turn, 1);
  ASSERT_TRUE(p.last_move.has_value());
  EXPECT_EQ(kif::ToString(*p.last_move), "NOOP");
  EXPECT_EQ(Printed(p.percepts),
            (std::vector<std::string>{"(DID FIRST (TAKE 2))", "(DID SECOND NOOP)"}));

  StopRequest s = ParseAs<StopRequest>("(stop m 2 (TAKE 1) ())");
  EXPECT_EQ(*s.turn, 2);
  EXPECT_EQ(kif::ToString(*s.last_move), "(TAKE 1)");
  EXPECT_TRUE(s.percepts.empty());
}

TEST(MessagesTest, AbortAndPreview) {
  EXPECT_EQ(ParseAs<AbortRequest>("( ABORT Base.x.1 )").match_id, "Base.x.1");
  PreviewRequest p = ParseAs<PreviewRequest>("(preview ((role a) (role b)) 30)");
  EXPECT_EQ(p.rules.size(), 2u);
  EXPECT_EQ(p.preview_clock, 30);
}

TEST(MessagesTest, MatchIdKeepsExactSpelling) {
  EXPECT_EQ(ParseAs<PlayRequest>("(play MiXeD.Id-1 nil)").match_id, "MiXeD.Id-1");
}

TEST(MessagesTest, MalformedBodiesNameTheProblem) {
  EXPECT_NE(ParseError("(start m1 r ((role r)) 10)").find("got 5 fields"), std::string::npos);
  EXPECT_NE(ParseError("(start m1 r ((role r)) ten 5)").find("start clock is not"),
            std::string::npos);
  EXPECT_NE(ParseError("(start m1 r ((role r)) 10 -5)").find("play clock is not"),
            std::string::npos);
  EXPECT_NE(ParseError("(start m1 r rules 10 5)").find("rules must be a list"), std::string::npos);
  EXPECT_NE(ParseError("(play)").find("missing match id"), std::string::npos);
  EXPECT_NE(ParseError("(ABORT)").find("missing match id"), std::string::npos);
  EXPECT_NE(ParseError("(play (x) nil)").find("match id must be an atom"), std::string::npos);
  EXPECT_NE(ParseError("(play m)").find("got 2"), std::string::npos);
  EXPECT_NE(ParseError("(play m 1 a)").find("got 4"), std::string::npos);
  EXPECT_NE(ParseError("(play m x noop nil)").find("turn is not"), std::string::npos);
  EXPECT_NE(ParseError("(fly m)").find("unknown verb"), std::string::npos);
  EXPECT_NE(ParseError("(play m nil").find("malformed"), std::string::npos);
  EXPECT_NE(ParseError("(play m nil))").find("malformed"), std::string::npos);
  EXPECT_NE(ParseError("").find("malformed"), std::string::npos);
  EXPECT_NE(ParseError("(info) (info)").find("exactly one"), std::string::npos);
  EXPECT_NE(ParseError("play").find("not a list"), std::string::npos);
  EXPECT_NE(ParseError("()").find("empty"), std::string::npos);
  EXPECT_NE(ParseError("((info))").find("verb is not an atom"), std::string::npos);
  EXPECT_NE(ParseError("(preview ((role a)))").find("preview expects"), std::string::npos);
  EXPECT_NE(ParseError("(start m r () 99999999999999999999 1)").find("start clock"),
            std::string::npos);
}

TEST(MessagesTest, RenderExactForms) {
  EXPECT_EQ(RenderRequest(InfoRequest{}), "(info)");
  EXPECT_EQ(RenderRequest(PingRequest{}), "(ping)");
  EXPECT_EQ(RenderRequest(AbortRequest{"m"}), "(abort m)");

  Request play;
  ASSERT_TRUE(ParseRequest("( PLAY m1 (( mark 1 1 ) noop ) )", &play, nullptr));
  EXPECT_EQ(RenderRequest(play), "(play m1 ((mark 1 1) noop))");

  PlayRequest first;
  first.match_id = "m";
  first.no_moves = true;
  EXPECT_EQ(RenderRequest(first), "(play m nil)");

  StopRequest stop;
  stop.match_id = "m";
  stop.turn = 3;
  kif::SExpr move;
  std::vector<kif::Diagnostic> diagnostics;
  ASSERT_TRUE(kif::ParseOneSExpr("(take 1)", &move, &diagnostics));
  stop.last_move = move;
  EXPECT_EQ(RenderRequest(stop), "(stop m 3 (take 1) ())");

  PlayRequest gdl2_first;
  gdl2_first.match_id = "m";
  gdl2_first.turn = 0;
  EXPECT_EQ(RenderRequest(gdl2_first), "(play m 0 nil nil)");
}

TEST(MessagesTest, RenderedRequestsParseBack) {
  const char* bodies[] = {
      "(info)",
      "(ping)",
      "(preview ((role a)) 30)",
      "(start m1 white ((role white) (<= (legal white noop) (true on))) 10 5)",
      "(play m1 nil)",
      "(play m1 ((mark 1 1) noop))",
      "(play m1 2 (mark 1 1) ((cell 1 1 x)))",
      "(stop m1 (noop (mark 3 3)))",
      "(stop m1 0 nil nil)",
      "(abort m1)",
  };
  for (const char* body : bodies) {
    Request r;
    std::string error;
    ASSERT_TRUE(ParseRequest(body, &r, &error)) << body << ": " << error;
    EXPECT_EQ(RenderRequest(r), body);
    Request again;
    ASSERT_TRUE(ParseRequest(RenderRequest(r), &again, &error)) << error;
    EXPECT_EQ(again.index(), r.index());
  }
}

TEST(MessagesTest, VerbOfEveryKind) {
  EXPECT_EQ(VerbOf(InfoRequest{}), "info");
  EXPECT_EQ(VerbOf(PingRequest{}), "ping");
  EXPECT_EQ(VerbOf(PreviewRequest{}), "preview");
  EXPECT_EQ(VerbOf(StartRequest{}), "start");
  EXPECT_EQ(VerbOf(PlayRequest{}), "play");
  EXPECT_EQ(VerbOf(StopRequest{}), "stop");
  EXPECT_EQ(VerbOf(AbortRequest{}), "abort");
}

}  // namespace
}  // namespace ggp::protocol
