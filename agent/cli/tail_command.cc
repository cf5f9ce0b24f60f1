// `ggp-agent tail [--follow] [DIR|FILE]`: renders match event files (agent/events) for a
// person, one line per event, every match of a directory merged by time. With --follow it
// keeps reading new lines and new match files as they appear, until interrupted.
// Colours only when stdout is a terminal (and not --no-color).

#include <CLI/CLI.hpp>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <thread>

#include "agent/cli/commands.h"
#include "agent/events/event_follower.h"
#include "agent/events/event_format.h"

namespace ggp::agent {
namespace {

struct TailOptions {
  std::string path = "logs";
  bool follow = false;
  bool no_color = false;
  bool date = false;
  int interval_ms = 250;
};

void Print(EventFollower& follower, const EventFormatOptions& format) {
  bool any = false;
  for (const std::string& line : follower.Poll()) {
    if (auto text = FormatEventLine(line, format)) {
      std::cout << *text << '\n';
      any = true;
    }
  }
  if (any) std::cout.flush();
}

int RunTail(const TailOptions& o) {
  std::error_code ec;
  if (!o.follow && !std::filesystem::exists(o.path, ec)) {
    std::cerr << "ggp-agent tail: " << o.path << " does not exist\n";
    return 1;
  }
  EventFormatOptions format;
  format.color = !o.no_color && isatty(STDOUT_FILENO) == 1;
  format.show_date = o.date;
  EventFollower follower(o.path);
  Print(follower, format);
  while (o.follow) {
    std::this_thread::sleep_for(std::chrono::milliseconds(o.interval_ms));
    Print(follower, format);
  }
  return 0;
}

}  // namespace

void AddTailCommand(CLI::App& app, CommandRun* run) {
  auto o = std::make_shared<TailOptions>();
  auto* sub = app.add_subcommand(
      "tail", "Render match event logs for a person, one line per event (optionally following)");
  sub->add_option("path", o->path, "Event log directory (every *.jsonl) or one file")
      ->capture_default_str();
  sub->add_flag("-f,--follow", o->follow, "Keep following new events and new matches");
  sub->add_flag("--no-color", o->no_color, "Never colour the output");
  sub->add_flag("--date", o->date, "Show the date as well as the time of day");
  sub->add_option("--interval-ms", o->interval_ms, "Polling interval with --follow")
      ->check(CLI::Range(10, 60000))
      ->capture_default_str();
  sub->callback([run, o] { *run = [o] { return RunTail(*o); }; });
}

}  // namespace ggp::agent
