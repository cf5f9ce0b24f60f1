// search_match GAME.kif POLICY_A POLICY_B [matches] [play_ms]: plays matches between two
// registered policies through the Player interface (propnet back end), swapping seats each
// match, and prints the average goal of each policy. A measurement tool, not a test.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "agent/player/registry.h"
#include "agent/search/register.h"
#include "reasoner/gdl/description.h"
#include "reasoner/propnet/propnet_machine.h"

int main(int argc, char** argv) {
  using namespace ggp;
  if (argc < 4) {
    std::fprintf(stderr, "usage: search_match GAME.kif POLICY_A POLICY_B [matches] [play_ms]\n");
    return 2;
  }
  const int matches = argc > 4 ? std::atoi(argv[4]) : 10;
  const int play_ms = argc > 5 ? std::atoi(argv[5]) : 200;
  agent::search::RegisterSearchPolicies();

  auto symbols = std::make_shared<kif::SymbolTable>();
  gdl::Description d;
  std::vector<kif::Diagnostic> errors;
  if (!gdl::LoadDescriptionFile(argv[1], symbols, &d, &errors)) return 1;
  reasoner::propnet::PropnetBuild build = reasoner::propnet::PropnetMachine::Build(d, {});
  if (!build.machine) return 1;
  std::shared_ptr<const reasoner::StateMachine> m = build.machine;
  auto ws = m->NewWorkspace();
  const int roles = m->num_roles();
  const std::string names[2] = {argv[2], argv[3]};
  double total[2] = {0, 0};
  int late[2] = {0, 0};
  double worst_late_ms[2] = {0, 0};
  for (int g = 0; g < matches; ++g) {
    std::vector<std::unique_ptr<agent::Player>> players;
    std::vector<int> policy_of;  // seat -> 0 (A) or 1 (B)
    for (int r = 0; r < roles; ++r) {
      const int which = (r + g) % 2;
      agent::PlayerOptions o;
      o.seed = static_cast<unsigned long long>(1000 * g + r + 1);
      players.push_back(agent::MakePlayer(names[which], o));
      if (!players.back()) return 2;
      policy_of.push_back(which);
    }
    reasoner::State s;
    m->InitialState(&s);
    const auto clock = std::chrono::milliseconds(play_ms);
    for (int r = 0; r < roles; ++r) players[static_cast<size_t>(r)]->Start(m, r, s, agent::SteadyClock::now() + clock);
    while (!m->IsTerminal(s, *ws)) {
      std::vector<reasoner::Move> joint;
      for (int r = 0; r < roles; ++r) {
        const agent::Deadline deadline = agent::SteadyClock::now() + clock;
        agent::MoveStats st;
        joint.push_back(players[static_cast<size_t>(r)]->SelectMove(s, deadline, &st));
        const double over = std::chrono::duration<double, std::milli>(agent::SteadyClock::now() - deadline).count();
        const int who = policy_of[static_cast<size_t>(r)];
        if (over > 0) {
          ++late[who];
          worst_late_ms[who] = std::max(worst_late_ms[who], over);
        }
      }
      reasoner::State next;
      m->NextState(s, joint, *ws, &next);
      for (auto& p : players) p->Advance(joint, next);
      s = next;
    }
    for (auto& p : players) p->Finish();
    std::printf("match %d:", g);
    for (int r = 0; r < roles; ++r) {
      const int goal = m->Goal(s, r, *ws);
      total[policy_of[static_cast<size_t>(r)]] += goal < 0 ? 0 : goal;
      std::printf(" %s=%d", names[policy_of[static_cast<size_t>(r)]].c_str(), goal);
    }
    std::printf("\n");
  }
  std::printf("%s average %.1f, %s average %.1f over %d matches (%d ms/move)\n", names[0].c_str(),
              total[0] / matches, names[1].c_str(), total[1] / matches, matches, play_ms);
  for (int i = 0; i < 2; ++i) {
    std::printf("%s: %d late replies, worst %.1f ms late\n", names[i].c_str(), late[i], worst_late_ms[i]);
  }
  return 0;
}
