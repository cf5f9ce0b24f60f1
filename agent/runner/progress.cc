#include "agent/runner/progress.h"

#include <unistd.h>

namespace ggp::agent::runner {

LiveLine::LiveLine(std::FILE* out) : out_(out), enabled_(out != nullptr && isatty(fileno(out))) {}

LiveLine::~LiveLine() { Clear(); }

void LiveLine::Show(std::string_view text) {
  if (!enabled_) return;
  std::string line(text.substr(0, 119));
  std::fprintf(out_, "\r\033[K%s", line.c_str());
  std::fflush(out_);
  shown_ = true;
}

void LiveLine::Clear() {
  if (!enabled_ || !shown_) return;
  std::fprintf(out_, "\r\033[K");
  std::fflush(out_);
  shown_ = false;
}

std::string DescribeStep(const MatchRecord& record, std::string_view phase) {
  if (phase == "start") {
    std::string s = "started";
    if (!record.errors.empty()) {
      for (const std::string& e : record.errors[0]) {
        if (!e.empty()) s += " [" + e + "]";
      }
    }
    return s;
  }
  if (phase == "end") {
    if (record.is_aborted) return "aborted after " + std::to_string(record.moves.size()) + " moves";
    std::string s = "completed after " + std::to_string(record.moves.size()) + " moves, goals";
    for (int g : record.goal_values) s += " " + std::to_string(g);
    return s;
  }
  if (phase == "play") {
    return "move " + std::to_string(record.moves.size() + 1) + ": waiting for replies (" +
           std::to_string(record.play_clock) + " s clock)";
  }
  std::string s = "move " + std::to_string(record.moves.size()) + ":";
  if (!record.moves.empty()) {
    for (const std::string& m : record.moves.back()) s += " " + m;
  }
  if (!record.errors.empty()) {
    for (const std::string& e : record.errors.back()) {
      if (!e.empty()) s += " [" + e + "]";
    }
  }
  return s;
}

}  // namespace ggp::agent::runner
