// `ggp-agent serve`: the GGP player. An HTTP server (protocol/http_server.h) hands every
// request to a MatchManager (agent/session/match_manager.h), which runs each match on its
// own worker thread with the chosen policy. Per-match event files go to --log-dir
// (`ggp-agent tail` renders them); service logs go to stderr. SIGINT/SIGTERM stop the
// server, end the live matches (logged as aborted) and exit 0.

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "agent/cli/commands.h"
#include "agent/player/registry.h"
#include "agent/runner/player_link.h"
#include "agent/search/register.h"
#include "agent/search/search_pool.h"
#include "agent/session/match_manager.h"
#include "agent/store/store.h"
#include "models/opponent/opponent_model.h"
#include "protocol/http_server.h"
#include "reasoner/factory/machine_factory.h"

namespace ggp::agent {
namespace {

struct ServeOptions {
  std::string address = "0.0.0.0";
  int port = 9147;
  std::string name = "ggp-agent";
  std::string log_dir = "logs";
  std::string store = "";  // "" = <log dir>/experience.sqlite; "none" = no store
  std::string opponent;    // the opponents' name, when known (store: opponent-model:NAME)
  int threads = 0;  // 0: one per core
  int io_threads = 2;
  int max_connections = 128;
  int margin_ms = 1000;
  int min_margin_ms = 300;
  bool fixed_margin = false;
  bool ready_early = false;
  std::string policy = "mcts";
  int max_matches = 4;
  int memory_mb = 0;  // search tree budget per match (MiB); 0: half of what is available
  std::string model = "auto";     // opponent model of the mcts policy (MctsPlayer)
  bool pretrain = false;          // stand-in games for the models in the start clock
  bool strength = false;          // estimate opponents' strength, set the contempt (seed 002)
  bool heuristic = false;         // learned evaluation wherever it predicts (default: where strong)
  bool no_heuristic = false;      // no learned evaluation
  std::string params;             // more settings of the policy, "key=value&key=value"
  std::string machine = "auto";
  int build_mb = 4096;  // grounding + propnet build memory per match
  unsigned long long seed = 0;
  bool verbose = false;
};

// Service logs go to stderr (stdout stays free for tools); same pattern as main().
void LogToStderr() {
  auto logger = spdlog::get("serve");
  if (!logger) logger = spdlog::stderr_color_mt("serve");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("%Y-%m-%d %H:%M:%S.%e %^%l%$ %v");
}

// The policy reads its settings at startup rather than at the first START, where a setting
// it refuses (a word where a number belongs) would leave every match to the legal policy.
// "" if `base` with `extra` (--params) makes a player; else why not, naming the --params
// keys that fail on their own.
std::string RefusedSettings(const std::string& policy, const PlayerOptions& base,
                            const nlohmann::json& extra) {
  PlayerOptions all = base;
  all.params.update(extra);
  try {
    MakePlayer(policy, all);
    return "";
  } catch (const std::exception& e) {
    std::string keys;
    for (const auto& [key, value] : extra.items()) {
      PlayerOptions one = base;
      one.params[key] = value;
      try {
        MakePlayer(policy, one);
      } catch (const std::exception&) {
        keys += (keys.empty() ? "" : ", ") + key;
      }
    }
    return keys.empty() ? std::string(e.what()) : fmt::format("--params {} ({})", keys, e.what());
  }
}

int RunServe(const ServeOptions& o) {
  LogToStderr();
  if (o.verbose) spdlog::set_level(spdlog::level::debug);
  // One search pool for all matches, sized before anything can create it.
  search::SearchPool::SetGlobalThreads(o.threads);
  search::RegisterSearchPolicies();
  if (!HasPolicy(o.policy)) {
    std::string names;
    for (const std::string& n : PolicyNames()) names += " " + n;
    spdlog::error("unknown policy '{}'; known:{}", o.policy, names);
    return 2;
  }
  if (!reasoner::IsKnownBackend(o.machine)) {
    spdlog::error("unknown machine back end '{}' (auto, dfa, prover, propnet)", o.machine);
    return 2;
  }

  SessionOptions session;
  session.name = o.name;
  session.log_dir = o.log_dir;
  session.store_path = o.store;
  session.opponent_name = o.opponent;
  session.margin = std::chrono::milliseconds(o.margin_ms);
  session.min_margin = std::chrono::milliseconds(o.min_margin_ms);
  session.fixed_margin = o.fixed_margin;
  session.ready_early = o.ready_early;
  session.policy = o.policy;
  session.player.seed = o.seed;
  session.player.threads = o.threads;
  session.player.params["memory_mb"] = o.memory_mb;
  session.player.params["model"] = o.model;
  session.player.params["pretrain"] = o.pretrain;
  if (o.strength) session.player.params["strength"] = true;
  if (o.heuristic) session.player.params["heuristic"] = true;
  if (o.no_heuristic) session.player.params["heuristic"] = false;
  nlohmann::json extra = nlohmann::json::object();
  if (!o.params.empty()) {
    std::string error;
    if (!runner::ParsePolicyParams(o.params, &extra, &error)) {
      spdlog::error("--params: {}", error);
      return 2;
    }
  }
  if (const std::string refused = RefusedSettings(o.policy, session.player, extra);
      !refused.empty()) {
    spdlog::error("policy {} refuses its settings: {}", o.policy, refused);
    return 2;
  }
  session.player.params.update(extra);
  if (const std::string path = store::ResolveStorePath(o.store, o.log_dir); !path.empty()) {
    std::string why;
    session.store = store::ExperienceStore::Open(path, &why);
    if (session.store) {
      spdlog::info("experience store {}", path);
    } else {
      spdlog::warn("experience store not used: {}", why);
    }
  }
  session.max_matches = o.max_matches;
  session.machine_backend = o.machine;
  session.build_memory_bytes = static_cast<size_t>(o.build_mb) << 20;
  session.builder = [](const gdl::Description& d, const reasoner::MachineOptions& mo) {
    return reasoner::CreateMachine(d, mo);
  };
  if (o.machine == "auto" || o.machine == "dfa") session.board_builder = reasoner::BuildBoardMachine;
  // Declared before the server, which calls into it until it has stopped.
  MatchManager manager(session);

  protocol::HttpServerOptions http;
  http.address = o.address;
  http.port = static_cast<std::uint16_t>(o.port);
  http.io_threads = o.io_threads;
  http.max_connections = o.max_connections;
  http.name = o.name;
  http.handle_signals = true;
  protocol::HttpServer server(http, manager);
  std::string error;
  if (!server.Start(&error)) {
    spdlog::error("cannot serve on {}:{}: {}", o.address, o.port, error);
    return 1;
  }
  spdlog::info(
      "{} serving on {}:{} (policy {}, {} search threads, machine {}, margin {} ms{}, {}, up "
      "to {} matches, event logs in {})",
      o.name, o.address, server.port(), o.policy, search::SearchPool::Global().size(), o.machine,
      o.margin_ms,
      o.fixed_margin ? " fixed"
                     : fmt::format(" until measured, at least {} ms", o.min_margin_ms),
      o.ready_early ? "ready early" : "ready held to the start deadline", o.max_matches,
      o.log_dir.empty() ? "(none)" : o.log_dir);
  server.Wait();  // until SIGINT/SIGTERM
  spdlog::info("stopping: ending {} live matches", manager.live_matches());
  manager.Shutdown();
  spdlog::info("stopped");
  return 0;
}

}  // namespace

void AddServeCommand(CLI::App& app, CommandRun* run) {
  auto o = std::make_shared<ServeOptions>();
  auto* sub = app.add_subcommand("serve", "Serve as a GGP player over HTTP");
  sub->add_option("--address", o->address, "Interface to listen on")->capture_default_str();
  sub->add_option("--port", o->port, "TCP port (0: any free port)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  sub->add_option("--name", o->name, "Player name reported by INFO (no spaces)")
      ->capture_default_str();
  sub->add_option("--store", o->store,
                  "Experience store file, what was learned per game across matches (SQLite; "
                  "default LOG_DIR/experience.sqlite; none: no store; `ggp-agent store` shows it)");
  sub->add_option("--opponent", o->opponent,
                  "The opponents' player name, when known (e.g. a series against one agent): "
                  "their moves are kept per name in the store and read back first ("
                  "`ggp-agent store import` files match records by the names they carry)");
  sub->add_option("--log-dir", o->log_dir, "Directory of per-match event files (\"\": none)")
      ->capture_default_str();
  sub->add_option("--threads", o->threads,
                  "Search threads, one pool shared by all matches (0: one per core)")
      ->check(CLI::Range(0, 256))
      ->capture_default_str();
  sub->add_option("--io-threads", o->io_threads, "HTTP threads")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  sub->add_option("--max-connections", o->max_connections,
                  "Open connections at once; more are answered busy unread")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  sub->add_option("--margin-ms", o->margin_ms,
                  "Safety margin: replies are due at receipt + clock - margin (the margin is "
                  "at most a quarter of the clock). The margin until a match has measured its "
                  "referee: then twice the shortest gap between a reply and the next request, "
                  "plus our lateness, at least --min-margin-ms")
      ->check(CLI::Range(0, 600000))
      ->capture_default_str();
  sub->add_option("--min-margin-ms", o->min_margin_ms, "Floor of the measured margin")
      ->check(CLI::Range(0, 600000))
      ->capture_default_str();
  sub->add_flag("--fixed-margin", o->fixed_margin,
                "Keep --margin-ms for every reply instead of measuring the referee");
  sub->add_flag("--ready-early", o->ready_early,
                "Answer START as soon as the player has started (default: `ready` is held "
                "until the start deadline while the search thinks ahead)");
  sub->add_option("--policy", o->policy, "Move policy (random, legal, montecarlo, mcts, ...)")
      ->capture_default_str();
  sub->add_option("--max-matches", o->max_matches,
                  "Live matches at once: from here on INFO says busy and a START is answered "
                  "busy (a match silent longer than its clocks allow is expired to make room)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  sub->add_option("--memory-mb", o->memory_mb,
                  "Search tree budget per match (MiB); the tree stops growing there. 0: half of "
                  "the memory available when the match starts (MemAvailable, within the "
                  "container's cgroup limit), 256 MiB to 16 GiB")
      ->check(CLI::IsMember(std::vector<int>{0}) | CLI::Range(16, 1 << 20))
      ->capture_default_str();
  sub->add_option("--machine", o->machine, "Reasoner back end")
      ->check(CLI::IsMember({"auto", "dfa", "prover", "propnet", "split"}))
      ->capture_default_str();
  std::vector<std::string> model_names = models::ModelNames();
  model_names.push_back("auto");
  sub->add_option("--model", o->model,
                  "Opponent model of the mcts policy: the priors of opponents' moves (uniform, "
                  "frequency, buffer20, buffer, bayes, mixture; seed 003's alphabeta, average, "
                  "minimum, fallible, mirror, sameaction; mixture-all; auto: mixture where "
                  "roles move at the same time, else uniform)")
      ->check(CLI::IsMember(model_names))
      ->capture_default_str();
  sub->add_flag("--strength", o->strength,
               "mcts: estimate each opponent's strength from the regret of its first moves and "
               "set the contempt factor on draws from it (seed 002)");
  auto* heuristic = sub->add_flag(
      "--heuristic", o->heuristic,
      "mcts: use the state evaluation learned from random games in the start clock wherever "
      "it predicts outcomes beyond chance (new moves start with virtual visits by how much "
      "they change it; where it predicts well, playouts are cut short and scored by it). "
      "By default it is used only where it predicts well (heuristic=auto)");
  sub->add_flag("--no-heuristic", o->no_heuristic,
                "mcts: learn no state evaluation (heuristic=false)")
      ->excludes(heuristic);
  sub->add_option("--params", o->params,
                  "More settings of the policy, as in builtin:mcts?key=value&key=value "
                  "(e.g. eval_cutoff=6&exploration=0.3)");
  sub->add_flag("--pretrain", o->pretrain,
               "Train the opponent models during the start clock on games a flat Monte Carlo "
               "stand-in plays for every role (with --model other than uniform)");
  sub->add_option("--build-mb", o->build_mb,
                  "Memory budget of a propnet build (MiB; estimate and resident growth); "
                  "over it, auto plays the prover")
      ->check(CLI::Range(16, 1 << 20))
      ->capture_default_str();
  sub->add_option("--seed", o->seed, "Random seed of the policies (0: random)")
      ->capture_default_str();
  sub->add_flag("-v,--verbose", o->verbose, "Debug logging (every request and reply)");
  sub->callback([run, o] { *run = [o] { return RunServe(*o); }; });
}

}  // namespace ggp::agent
