#include "protocol/replies.h"

#include <gtest/gtest.h>

namespace ggp::protocol {
namespace {

TEST(RepliesTest, RenderInfoReply) {
  EXPECT_EQ(RenderInfoReply("MyPlayer", true), "((name MyPlayer) (status available))");
  EXPECT_EQ(RenderInfoReply("MyPlayer", false), "((name MyPlayer) (status busy))");
  EXPECT_EQ(RenderInfoReply("P", true, "mcts"), "((name P) (status available) (species mcts))");
}

TEST(RepliesTest, ParsesGgpBaseSpacedReply) {
  InfoReply r;
  std::string error;
  ASSERT_TRUE(ParseInfoReply("( ( name MyPlayer ) ( status available ) )", &r, &error)) << error;
  EXPECT_EQ(r.name, "MyPlayer");
  EXPECT_EQ(r.status, "available");
  EXPECT_TRUE(r.available());
}

TEST(RepliesTest, KeysInAnyCaseAndOrderUnknownPairsIgnored) {
  InfoReply r;
  std::string error;
  ASSERT_TRUE(ParseInfoReply("((STATUS BUSY) (colour red) (Species alpha-beta) (NAME X))", &r,
                             &error));
  EXPECT_EQ(r.name, "X");
  EXPECT_EQ(r.status, "BUSY");
  EXPECT_EQ(r.species, "alpha-beta");
  EXPECT_FALSE(r.available());
}

TEST(RepliesTest, BareAtomIsTheStatus) {
  InfoReply r;
  std::string error;
  ASSERT_TRUE(ParseInfoReply("  AVAILABLE\n", &r, &error));
  EXPECT_EQ(r.status, "AVAILABLE");
  EXPECT_TRUE(r.available());
  EXPECT_TRUE(r.name.empty());
}

TEST(RepliesTest, RoundTrip) {
  InfoReply r;
  std::string error;
  ASSERT_TRUE(ParseInfoReply(RenderInfoReply("Me", false, "random"), &r, &error));
  EXPECT_EQ(r.name, "Me");
  EXPECT_EQ(r.status, "busy");
  EXPECT_EQ(r.species, "random");
}

TEST(RepliesTest, MalformedReplies) {
  InfoReply r;
  std::string error;
  EXPECT_FALSE(ParseInfoReply("((name x)", &r, &error));
  EXPECT_NE(error.find("malformed"), std::string::npos);
  EXPECT_FALSE(ParseInfoReply("()", &r, &error));
  EXPECT_NE(error.find("no (key value) pair"), std::string::npos);
  EXPECT_FALSE(ParseInfoReply("", &r, &error));
}

}  // namespace
}  // namespace ggp::protocol
