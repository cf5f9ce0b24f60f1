// End-to-end under load: many matches searching at once while INFO keeps being asked,
// over loopback sockets. INFO latency is measured and reported, never asserted.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <iostream>
#include <thread>

#include "tests/server/match_driver.h"
#include "tests/server/player_server.h"
#include "tests/server/test_games.h"

namespace ggp::agent::server_testing {
namespace {

using Clock = std::chrono::steady_clock;

struct InfoProbe {
  std::atomic<bool> stop{false};
  std::vector<double> latencies_ms;
  int answered = 0;
  int sent = 0;
  std::vector<std::string> bad;

  // Asks INFO back to back (10 ms apart) until `stop`.
  void Run(const PlayerServer& player) {
    while (!stop.load()) {
      auto t0 = Clock::now();
      std::string reply = player.Post("(info)");
      double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
      ++sent;
      if (reply.find("(name E2EPlayer)") != std::string::npos) {
        ++answered;
        latencies_ms.push_back(ms);
      } else {
        bad.push_back(reply);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
};

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return -1;
  std::sort(v.begin(), v.end());
  size_t i = static_cast<size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

TEST(ServerLoadTest, TenConcurrentMatchesWhileInfoIsAnswered) {
  PlayerServer player([](SessionOptions* o) { o->max_matches = 10; });
  ASSERT_TRUE(player.started());
  InfoProbe probe;
  std::thread prober([&] { probe.Run(player); });
  std::vector<std::future<DriveResult>> matches;
  std::vector<DriveOptions> options;
  for (int i = 0; i < 10; ++i) {
    DriveOptions o;
    o.rules = i % 3 == 2 ? kNim3 : kTicTacToe;
    o.role = i % 3 == 2 ? (i % 2 ? "second" : "first") : (i % 2 ? "oplayer" : "xplayer");
    o.match_id = "load." + std::to_string(i);
    o.seed = static_cast<unsigned>(100 + i);
    options.push_back(o);
  }
  for (const DriveOptions& o : options) {
    matches.push_back(
        std::async(std::launch::async, [&player, o] { return DriveMatch(player, o); }));
  }
  int total_plays = 0;
  for (size_t i = 0; i < matches.size(); ++i) {
    DriveResult r = matches[i].get();
    EXPECT_TRUE(r.error.empty()) << r.error;
    EXPECT_TRUE(r.started) << options[i].match_id;
    EXPECT_TRUE(r.illegal.empty()) << options[i].match_id << " " << r.illegal.front();
    EXPECT_TRUE(r.stopped) << options[i].match_id;
    total_plays += r.plays;
  }
  probe.stop = true;
  prober.join();
  EXPECT_GT(total_plays, 10);
  EXPECT_GT(probe.sent, 0);
  EXPECT_EQ(probe.answered, probe.sent) << (probe.bad.empty() ? "" : probe.bad.front());
  std::cout << "INFO during 10 matches: " << probe.answered << " answered, p50 "
            << Percentile(probe.latencies_ms, 0.5) << " ms, p99 "
            << Percentile(probe.latencies_ms, 0.99) << " ms\n";
}

// Four matches search (2 s per move) while INFO is asked every 10 ms: reports the INFO
// latency percentiles.
TEST(ServerLoadTest, InfoLatencyWhileFourMatchesSearch) {
  PlayerServer player([](SessionOptions* o) { o->margin = std::chrono::milliseconds(1000); });
  ASSERT_TRUE(player.started());
  constexpr int kMatches = 4;
  for (int i = 0; i < kMatches; ++i) {
    EXPECT_EQ(player.Post("(start lat." + std::to_string(i) + " xplayer (" +
                          std::string(kTicTacToe) + ") 5 3)"),
              "ready");
  }
  InfoProbe probe;
  std::thread prober([&] { probe.Run(player); });
  std::vector<std::future<std::string>> plays;
  for (int i = 0; i < kMatches; ++i) {
    plays.push_back(std::async(std::launch::async, [&player, i] {
      return player.Post("(play lat." + std::to_string(i) + " nil)");
    }));
  }
  for (auto& p : plays) {
    std::string m = p.get();
    EXPECT_EQ(m.rfind("(mark ", 0), 0u) << m;
  }
  probe.stop = true;
  prober.join();
  EXPECT_GT(probe.answered, 0);
  EXPECT_EQ(probe.answered, probe.sent);
  double p50 = Percentile(probe.latencies_ms, 0.5);
  double p99 = Percentile(probe.latencies_ms, 0.99);
  std::cout << "INFO latency while " << kMatches << " matches search: n=" << probe.answered
            << " p50 " << p50 << " ms, p99 " << p99 << " ms\n";
  ::testing::Test::RecordProperty("info_p50_ms", std::to_string(p50));
  ::testing::Test::RecordProperty("info_p99_ms", std::to_string(p99));
  for (int i = 0; i < kMatches; ++i) {
    EXPECT_EQ(player.Post("(abort lat." + std::to_string(i) + ")"), "aborted");
  }
}

}  // namespace
}  // namespace ggp::agent::server_testing
