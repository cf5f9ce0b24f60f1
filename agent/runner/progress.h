#pragma once
// Live progress of local matches on a terminal: one line rewritten in place ("\r", erase
// to end of line). When the stream is not a terminal (a pipe, a file, a test) the line is
// disabled and nothing is written, so logs stay clean.
//
// Thread safety: not synchronised; call from the thread that runs the matches.

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "agent/runner/match_record.h"

namespace ggp::agent::runner {

class LiveLine {
 public:
  // Enabled iff `out` is a terminal.
  explicit LiveLine(std::FILE* out);
  ~LiveLine();
  LiveLine(const LiveLine&) = delete;
  LiveLine& operator=(const LiveLine&) = delete;

  bool enabled() const { return enabled_; }
  // Replaces the line with `text` (cut to 119 characters).
  void Show(std::string_view text);
  // Erases the line (before printing regular output).
  void Clear();

 private:
  std::FILE* out_;
  bool enabled_;
  bool shown_ = false;
};

// One line about `record` in `phase` (match_runner.h): "started", "move 8: waiting for
// replies", "move 7: ( mark 2 2 ) noop [TO]", "completed after 9 moves, goals 100 0",
// "aborted after 3 moves".
std::string DescribeStep(const MatchRecord& record, std::string_view phase);

}  // namespace ggp::agent::runner
